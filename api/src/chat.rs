//! Chat between a buyer and a shop's or the platform's customer service (spec sections 1
//! "Chat with a shop or the platform", 3 "Share card", 4 "Chat message: read, unread", 8 the
//! chat refusals; issue 20). Paths under `/p/chat/` (signed in).
//!
//! A conversation joins one buyer and one counterpart: a shop (`shopId > 0`) or the
//! platform's customer service (`shopId = 0`), one per (buyer, shopId). The counterpart's
//! side is written by its agents (seeded service accounts, signed in through the normal
//! login); every agent of a shop sees every conversation of that shop. Someone who is neither
//! the buyer nor an agent of the counterpart is answered as if the conversation did not exist.
//!
//! Messages carry a per-conversation sequence number (`seq`, 1, 2, 3, ... with no gaps),
//! assigned by the server in the transaction that stores the message. Times are RFC 3339 in
//! UTC with milliseconds (`2026-11-24T12:00:00.000Z`).
//!
//! # The socket: `GET /p/chat/ws`
//!
//! The session cookie signs it in; a browser's `Origin` must be this site. JSON text frames,
//! each at most [`CHAT_MAX_FRAME_BYTES`]: the client sends [`ChatClientFrame`]s, the server
//! answers [`ChatServerFrame`]s (both tagged by `type`).
//!
//! - On every (re)connect the client sends `hello` with its cursors (per conversation, the
//!   highest `seq` it holds); the server replays every message after each cursor, in order,
//!   as `message` frames, then sends `ready`. After that, messages arrive live, each once and
//!   in `seq` order per conversation (the server fills a gap from the database first).
//! - `send` stores a message (a repeated `clientMsgId` of the same sender in the same
//!   conversation answers the message stored the first time, stored once), answers `ack` to
//!   the sending socket and `message` to every other socket of both sides.
//! - `read` moves the sender's side's read mark; both sides get `read`.
//! - `typing` is relayed to the other side as `typing` (not stored, at most one a second).
//! - A refused frame answers `error` (`code` `A00001`, `msg` translated, `clientMsgId` when
//!   the frame had one); the socket stays open.
//! - A new conversation opened by a buyer reaches its agents as `conversation`.
//! - The server pings every [`CHAT_PING_SECONDS`]; a socket that falls behind is closed and
//!   the client reconnects (with backoff) and sends `hello` again.

use crate::envelope::Code;
use crate::money::Price;
use api_macros::wire;

crate::constants! {
    /// The chat's limits (issue 20), enforced by the server and shown by the chat widget.
    pub mod chat_limits: i64 {
        /// Most characters of a text message (after control characters are removed).
        CHAT_MAX_TEXT_CHARS = 500;
        /// Largest frame the socket accepts, in bytes; a larger one is refused.
        CHAT_MAX_FRAME_BYTES = 16384;
        /// Most messages one user may send in [`CHAT_RATE_WINDOW_MS`] (every attempt counts).
        CHAT_RATE_MESSAGES = 10;
        /// The window of [`CHAT_RATE_MESSAGES`], in milliseconds.
        CHAT_RATE_WINDOW_MS = 10000;
        /// Messages of a page of `GET /p/chat/messages` when `size` is not given.
        CHAT_PAGE_SIZE = 20;
        /// Most messages of a page of `GET /p/chat/messages`.
        CHAT_PAGE_SIZE_MAX = 50;
        /// The server pings the socket this often, in seconds.
        CHAT_PING_SECONDS = 20;
        /// Longest client message id, in characters (a UUID is 36).
        CHAT_MAX_CLIENT_MSG_ID_CHARS = 64;
    }
}

pub use chat_limits::*;

/// `GET /p/chat/profile`: who the caller is in the chat.
#[wire]
pub struct ChatProfile {
    /// Whether the caller answers for a shop or the platform (false for buyers).
    pub agent: bool,
    /// For an agent, the shop it answers for (0 = the platform); absent for buyers.
    pub shop_id: Option<i64>,
    /// The caller's display name.
    pub name: String,
}

/// `POST /p/chat/conversation`: opens (or returns) the buyer's conversation with a shop
/// (`shopId > 0`) or the platform's customer service (`shopId = 0`).
#[wire]
pub struct OpenConversation {
    pub shop_id: i64,
}

/// A conversation, from the caller's point of view (the peer is the other side).
#[wire]
pub struct ChatConversation {
    pub conversation_id: i64,
    /// The counterpart: a shop, or 0 for the platform.
    pub shop_id: i64,
    /// For a buyer, the shop's name (or the platform's customer service); for an agent, the
    /// buyer's nickname.
    pub peer_name: String,
    /// The peer's picture (the shop's logo, the buyer's avatar), if any.
    pub peer_avatar: Option<String>,
    /// The newest message, if any.
    pub last_message: Option<ChatMessage>,
    /// Messages from the peer the caller's side has not read.
    pub unread: i64,
    /// How far the peer's side has read (a `seq`; 0 = nothing), for read receipts.
    pub peer_read_seq: i64,
    /// The time of the newest activity (RFC 3339, UTC).
    pub update_time: String,
}

/// What a message carries.
#[wire]
#[derive(Copy, Eq, Default)]
pub enum ChatKind {
    /// Plain text in `content` (never HTML).
    #[default]
    Text,
    /// A picture: its URL (from the media upload) in `content`.
    Image,
    /// A product's share card in `card`; `content` is its title.
    Card,
}

/// The share card of a product sent in chat (spec section 3 "Share card"); prices are in US
/// cents on the server, dollar numbers on the wire.
#[wire]
pub struct ShareCard {
    /// Always true in chat: the card is a message.
    pub is_msg_card: bool,
    pub title: String,
    pub desc: String,
    /// The product's picture URL.
    pub cover: String,
    /// The product's page on this site (a path, `/detail?prodId=...`).
    pub link_url: String,
    pub price: Price,
    pub line_price: Option<Price>,
}

/// A stored chat message.
#[wire]
pub struct ChatMessage {
    pub id: i64,
    pub conversation_id: i64,
    /// The per-conversation sequence number, 1, 2, 3, ... with no gaps.
    pub seq: i64,
    /// Whether the counterpart's side (an agent) wrote it; false for the buyer.
    pub from_agent: bool,
    pub kind: ChatKind,
    /// The text, the picture URL, or the card's title.
    pub content: String,
    pub card: Option<ShareCard>,
    /// The sender's id of the message (a UUID), unique per sender and conversation.
    pub client_msg_id: String,
    /// When it was stored (RFC 3339, UTC).
    pub create_time: String,
}

/// `GET /p/chat/messages`: the `size` messages just before `beforeSeq` (the newest when
/// absent), ascending.
#[wire(query)]
#[derive(Default)]
pub struct ChatMessagesQuery {
    pub conversation_id: i64,
    pub before_seq: Option<i64>,
    /// 1 to [`CHAT_PAGE_SIZE_MAX`]; [`CHAT_PAGE_SIZE`] when absent.
    pub size: Option<i64>,
}

/// A page of `GET /p/chat/messages`, ascending by `seq`.
#[wire]
pub struct ChatMessagePage {
    pub records: Vec<ChatMessage>,
    /// Whether older messages remain (ask again with `beforeSeq` = the first record's seq).
    pub has_more: bool,
}

/// `GET /p/chat/unread`: the caller's unread messages over all their conversations.
#[wire]
pub struct ChatUnread {
    pub total: i64,
}

/// `POST /p/chat/read`: the caller's side has read the conversation up to `seq`.
#[wire]
pub struct ReadUpTo {
    pub conversation_id: i64,
    pub seq: i64,
}

/// A cursor of `hello`: the highest `seq` the client holds of a conversation (0 = none).
#[wire]
pub struct ChatCursor {
    pub conversation_id: i64,
    pub seq: i64,
}

/// A frame the client sends on the socket (tagged by `type`).
#[wire]
#[serde(tag = "type", rename_all_fields = "camelCase")]
pub enum ChatClientFrame {
    /// First on every (re)connect: replay what follows each cursor, then `ready`.
    Hello {
        #[serde(default)]
        cursors: Vec<ChatCursor>,
    },
    /// A new message. `kind` `text`: `content` the text; `image`: `content` the picture's URL;
    /// `card`: `card` the share card.
    Send {
        client_msg_id: String,
        conversation_id: i64,
        kind: ChatKind,
        #[serde(default)]
        content: String,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        card: Option<ShareCard>,
    },
    /// The sender's side has read up to `seq`.
    Read { conversation_id: i64, seq: i64 },
    /// The sender is typing (relayed, not stored).
    Typing { conversation_id: i64 },
}

/// A frame the server sends on the socket (tagged by `type`).
#[wire]
#[serde(tag = "type", rename_all_fields = "camelCase")]
pub enum ChatServerFrame {
    /// The replay of `hello` is complete.
    Ready,
    /// The client's `send` is stored (or was already): the stored message.
    Ack { client_msg_id: String, message: ChatMessage },
    /// A message of one of the caller's conversations (replayed or new).
    Message { message: ChatMessage },
    /// One side has read up to `seq` (`fromAgent` tells which side).
    Read { conversation_id: i64, from_agent: bool, seq: i64 },
    /// The other side is typing.
    Typing { conversation_id: i64, from_agent: bool },
    /// A buyer opened a new conversation with the agent's shop.
    Conversation { conversation: ChatConversation },
    /// A refused frame (`A00001`, `msg` translated); the socket stays open.
    Error { client_msg_id: Option<String>, code: Code, msg: String },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_tagged_by_type_in_camel_case() {
        let hello: ChatClientFrame =
            serde_json::from_str(r#"{"type":"hello","cursors":[{"conversationId":1,"seq":42}]}"#).unwrap();
        assert_eq!(hello, ChatClientFrame::Hello { cursors: vec![ChatCursor { conversation_id: 1, seq: 42 }] });
        let send: ChatClientFrame = serde_json::from_str(
            r#"{"type":"send","clientMsgId":"u1","conversationId":1,"kind":"text","content":"hi"}"#,
        )
        .unwrap();
        assert!(matches!(send, ChatClientFrame::Send { kind: ChatKind::Text, card: None, .. }));
        let read = ChatServerFrame::Read { conversation_id: 1, from_agent: false, seq: 42 };
        assert_eq!(
            serde_json::to_string(&read).unwrap(),
            r#"{"type":"read","conversationId":1,"fromAgent":false,"seq":42}"#
        );
        assert_eq!(serde_json::to_string(&ChatServerFrame::Ready).unwrap(), r#"{"type":"ready"}"#);
        let error = ChatServerFrame::Error { client_msg_id: None, code: Code::BadRequest, msg: "x".into() };
        assert_eq!(
            serde_json::to_string(&error).unwrap(),
            r#"{"type":"error","clientMsgId":null,"code":"A00001","msg":"x"}"#
        );
    }
}
