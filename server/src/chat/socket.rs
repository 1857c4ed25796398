//! `GET /p/chat/ws`: the chat socket of one signed-in user (the protocol is described in
//! [`api::chat`]).
//!
//! One task a socket reads the client's frames, the hub's events and the ping timer. Each
//! socket keeps, per conversation, the highest `seq` it has delivered: a live message at or
//! below it is a duplicate and skipped, one beyond the next is preceded by the missing ones
//! read from the database, so a client sees every message once and in order, whichever node
//! stored it and however notifications interleave. The hub's events are read only after the
//! client's `hello` has been answered (its replay decides where each conversation stands).

use super::handlers::{member, NOT_FOUND};
use super::hub::Event;
use super::repo::{self, Side};
use super::rules;
use crate::http::auth::{request_token, AuthUser};
use crate::http::error::ApiError;
use crate::state::AppState;
use api::chat::{
    ChatClientFrame, ChatCursor, ChatMessage, ChatServerFrame, CHAT_MAX_FRAME_BYTES, CHAT_PING_SECONDS,
    CHAT_RATE_MESSAGES, CHAT_RATE_WINDOW_MS,
};
use api::Code;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use i18n::Lang;
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;

/// Largest frame the connection reads at all; larger ones close it. Frames between
/// [`CHAT_MAX_FRAME_BYTES`] and this are refused with an `error` frame and the socket stays.
const HARD_FRAME_BYTES: usize = 64 * 1024;
/// A frame that cannot be written in this time closes the socket (the client is gone or stuck).
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// A client silent (not even a pong) this long is gone.
const IDLE_TIMEOUT: Duration = Duration::from_secs(3 * CHAT_PING_SECONDS as u64);
/// Most cursors one `hello` may name, and messages read per replay query.
const MAX_CURSORS: usize = 1000;
const REPLAY_BATCH: i64 = 500;
/// At most one `typing` a conversation a second is relayed.
const TYPING_EVERY_MS: i64 = 1000;

/// The upgrade: signed in (`A00004` otherwise), from a page of this site when the client names
/// an origin (browsers always do), and really a WebSocket request.
pub(super) async fn upgrade(
    user: AuthUser,
    headers: HeaderMap,
    State(state): State<AppState>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    // The CSRF guard's origin rule, applied to the upgrade (a GET it would let through).
    if !crate::http::csrf::same_origin(&Method::POST, None, &headers) {
        tracing::warn!("cross-origin chat socket refused");
        return ApiError::bad("error-cross-origin").into_response();
    }
    let Ok(ws) = ws else { return ApiError::bad("error-chat-not-websocket").into_response() };
    let agent_shop = match repo::agent_shop(&state.db, user.user_id).await {
        Ok(shop) => shop,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let lang = crate::http::extract::request_lang(&headers);
    let token = request_token(&headers).unwrap_or_default();
    ws.max_message_size(HARD_FRAME_BYTES).max_frame_size(HARD_FRAME_BYTES).on_upgrade(move |socket| async move {
        let registered = state.chat.register(user.user_id, agent_shop).await;
        let (id, events, mut recheck) = match registered {
            Ok(registered) => registered,
            Err(e) => {
                tracing::warn!(error = %e, "chat socket could not register");
                return;
            }
        };
        let mut connection = Connection {
            state: state.clone(),
            user_id: user.user_id,
            agent_shop,
            lang,
            token,
            socket,
            delivered: HashMap::new(),
            sides: HashMap::new(),
            typing: HashMap::new(),
            ready: false,
        };
        connection.run(events, &mut recheck).await;
        state.chat.unregister(id);
    })
}

/// Why a socket's task ends.
struct Closed;

struct Connection {
    state: AppState,
    user_id: i64,
    agent_shop: Option<i64>,
    lang: Lang,
    token: String,
    socket: WebSocket,
    /// Per conversation, the highest seq this socket has delivered (after `hello`).
    delivered: HashMap<i64, i64>,
    /// Per conversation, the caller's side and the conversation's buyer and shop.
    sides: HashMap<i64, (Side, i64, i64)>,
    /// Per conversation, when this socket last relayed `typing`.
    typing: HashMap<i64, i64>,
    /// Whether the client's `hello` has been answered (events flow from then on).
    ready: bool,
}

impl Connection {
    async fn run(&mut self, mut events: mpsc::Receiver<Event>, recheck: &mut tokio::sync::watch::Receiver<u64>) {
        let mut ping = tokio::time::interval(Duration::from_secs(CHAT_PING_SECONDS as u64));
        ping.tick().await;
        let mut heard = tokio::time::Instant::now();
        loop {
            let step = tokio::select! {
                incoming = self.socket.recv() => {
                    heard = tokio::time::Instant::now();
                    match incoming {
                        // A frame that raced the end of the session is not acted on.
                        Some(Ok(Message::Text(text))) => match self.recheck_if_rung(recheck).await {
                            Ok(()) => self.on_text(text.as_str()).await,
                            Err(Closed) => Err(Closed),
                        },
                        Some(Ok(Message::Binary(_))) => self.error(None, "error-chat-bad-frame", vec![]).await,
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Ok(()),
                        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => Err(Closed),
                    }
                }
                event = events.recv(), if self.ready => match event {
                    Some(event) => self.on_event(event).await,
                    // The hub dropped this socket: it fell behind. The client resumes.
                    None => Err(Closed),
                },
                _ = ping.tick() => self.on_ping(heard).await,
                // A session of the user ended somewhere: this socket's may be the one.
                // (`changed` marks the ring seen.)
                Ok(()) = recheck.changed() => self.check_session().await,
            };
            if step.is_err() {
                break;
            }
        }
        let _ = tokio::time::timeout(Duration::from_secs(1), self.socket.send(Message::Close(None))).await;
    }

    async fn send(&mut self, frame: &ChatServerFrame) -> Result<(), Closed> {
        let text = serde_json::to_string(frame).map_err(|_| Closed)?;
        match tokio::time::timeout(SEND_TIMEOUT, self.socket.send(Message::Text(text.into()))).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(Closed),
        }
    }

    async fn error(
        &mut self,
        client_msg_id: Option<String>,
        key: &'static str,
        args: Vec<(&'static str, String)>,
    ) -> Result<(), Closed> {
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let msg = i18n::t_args(self.lang, key, &args);
        self.send(&ChatServerFrame::Error { client_msg_id, code: Code::BadRequest, msg }).await
    }

    /// An [`ApiError`] as an `error` frame (an internal one is logged and shown as a hiccup).
    async fn refuse(&mut self, client_msg_id: Option<String>, error: ApiError) -> Result<(), Closed> {
        match error {
            ApiError::BadRequest { key, args } => self.error(client_msg_id, key, args).await,
            ApiError::Unauthorized => Err(Closed),
            ApiError::NotFound => self.error(client_msg_id, NOT_FOUND, vec![]).await,
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "chat socket");
                self.error(client_msg_id, "error-server-hiccup", vec![]).await
            }
        }
    }

    async fn on_ping(&mut self, heard: tokio::time::Instant) -> Result<(), Closed> {
        if heard.elapsed() > IDLE_TIMEOUT {
            return Err(Closed);
        }
        // The session must still be alive; this also keeps it alive while the chat is open.
        self.check_session().await?;
        match tokio::time::timeout(SEND_TIMEOUT, self.socket.send(Message::Ping(Vec::new().into()))).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(Closed),
        }
    }

    /// Closes the socket when its session has ended (signed out, or idle too long): at every
    /// ping, and at once when the hub says a session of the user ended.
    async fn check_session(&mut self) -> Result<(), Closed> {
        match crate::accounts::sessions::touch_session(&self.state.db, &self.token).await {
            Ok(Some(user)) if user == self.user_id => Ok(()),
            Ok(_) => Err(Closed),
            Err(e) => {
                tracing::warn!(error = %e, "chat socket: session check failed");
                Ok(())
            }
        }
    }

    /// Checks the session when the hub rang since the last check.
    async fn recheck_if_rung(&mut self, recheck: &mut tokio::sync::watch::Receiver<u64>) -> Result<(), Closed> {
        if !recheck.has_changed().unwrap_or(false) {
            return Ok(());
        }
        recheck.borrow_and_update();
        self.check_session().await
    }

    /// The caller's side of a conversation (cached), or "not found".
    async fn side(&mut self, conversation_id: i64) -> Result<(Side, i64, i64), ApiError> {
        if let Some(side) = self.sides.get(&conversation_id) {
            return Ok(*side);
        }
        let (conversation, side) = member(&self.state.db, self.user_id, self.agent_shop, conversation_id).await?;
        let entry = (side, conversation.buyer_id, conversation.shop_id);
        if self.sides.len() > 10_000 {
            self.sides.clear();
        }
        self.sides.insert(conversation_id, entry);
        Ok(entry)
    }

    async fn on_text(&mut self, text: &str) -> Result<(), Closed> {
        if text.len() > CHAT_MAX_FRAME_BYTES as usize {
            let args = vec![("max", CHAT_MAX_FRAME_BYTES.to_string())];
            return self.error(client_msg_id_of(text), "error-chat-frame-too-large", args).await;
        }
        let frame = match serde_json::from_str::<ChatClientFrame>(text) {
            Ok(frame) => frame,
            Err(_) => return self.error(client_msg_id_of(text), "error-chat-bad-frame", vec![]).await,
        };
        match frame {
            ChatClientFrame::Hello { cursors } => {
                self.hello(cursors).await?;
                self.ready = true;
                self.send(&ChatServerFrame::Ready).await
            }
            ChatClientFrame::Send { client_msg_id, conversation_id, kind, content, card } => {
                match self.store(&client_msg_id, conversation_id, kind, &content, card.as_ref()).await {
                    Ok((message, buyer, shop)) => self.acknowledge(client_msg_id, message, buyer, shop).await,
                    Err(error) => self.refuse(Some(client_msg_id), error).await,
                }
            }
            ChatClientFrame::Read { conversation_id, seq } => match self.read(conversation_id, seq).await {
                Ok(()) => Ok(()),
                Err(error) => self.refuse(None, error).await,
            },
            ChatClientFrame::Typing { conversation_id } => match self.side(conversation_id).await {
                Ok((side, buyer, shop)) => {
                    let now = self.state.db.now();
                    let last = self.typing.get(&conversation_id).copied().unwrap_or(i64::MIN);
                    if now.saturating_sub(last) >= TYPING_EVERY_MS {
                        self.typing.insert(conversation_id, now);
                        self.state.chat.typing(buyer, shop, conversation_id, side).await;
                    }
                    Ok(())
                }
                Err(error) => self.refuse(None, error).await,
            },
        }
    }

    /// Replays, per cursor, every message after it, in order.
    async fn hello(&mut self, cursors: Vec<ChatCursor>) -> Result<(), Closed> {
        // Every conversation of the caller stands where it is now, unless the client names a
        // cursor; one that starts later is delivered from its first message.
        let mut listed = std::collections::HashSet::new();
        self.delivered = match repo::last_seqs(&self.state.db, self.user_id, self.agent_shop).await {
            Ok(now) => now,
            Err(e) => return self.refuse(None, e.into()).await,
        };
        let mut seen = std::collections::HashSet::new();
        for cursor in cursors.into_iter().take(MAX_CURSORS) {
            if !seen.insert(cursor.conversation_id) {
                continue;
            }
            if let Err(error) = self.side(cursor.conversation_id).await {
                self.refuse(None, error).await?;
                continue;
            }
            let mut at = cursor.seq.max(0);
            listed.insert(cursor.conversation_id);
            // Up to the newest message now; what is stored later arrives as events.
            let last = match repo::conversation(&self.state.db, cursor.conversation_id).await {
                Ok(Some(c)) => c.last_seq,
                Ok(None) => continue,
                Err(e) => return self.refuse(None, e.into()).await,
            };
            at = at.min(last);
            while at < last {
                let batch = match repo::after(&self.state.db, cursor.conversation_id, at, last, REPLAY_BATCH).await {
                    Ok(batch) => batch,
                    Err(e) => return self.refuse(None, e.into()).await,
                };
                let Some(newest) = batch.last().map(|m| m.seq) else { break };
                for message in batch {
                    self.send(&ChatServerFrame::Message { message }).await?;
                }
                at = newest;
            }
            self.delivered.insert(cursor.conversation_id, at);
        }
        Ok(())
    }

    /// Stores a `send`: membership, the rate (every attempt counts, except the repeat of a
    /// message already stored), the content rules, a picture's uploader.
    async fn store(
        &mut self,
        client_msg_id: &str,
        conversation_id: i64,
        kind: api::chat::ChatKind,
        content: &str,
        card: Option<&api::chat::ShareCard>,
    ) -> Result<(ChatMessage, i64, i64), ApiError> {
        let refused = |r: rules::Refusal| {
            let (key, args) = r.key();
            ApiError::bad_with(key, args)
        };
        rules::check_client_msg_id(client_msg_id).map_err(refused)?;
        let (side, buyer, shop) = self.side(conversation_id).await?;
        let db = &self.state.db;
        if let Some(stored) = repo::by_client_id(db, conversation_id, self.user_id, client_msg_id).await? {
            return Ok((stored, buyer, shop));
        }
        let bucket = format!("chat:{}", self.user_id);
        let too_fast = || ApiError::bad_with("error-chat-too-fast", vec![("max", CHAT_RATE_MESSAGES.to_string())]);
        // A refused message counts too: its attempt is taken from the rate before the refusal.
        // A card is built from the catalogue: only the product it names is read from it.
        let mut product = None;
        if let (api::chat::ChatKind::Card, Ok(prod_id)) = (kind, rules::card_product(card)) {
            if crate::catalog::repo::product_open(db, prod_id).await? {
                product = crate::catalog::repo::product_detail(db, prod_id, self.lang).await?;
            }
        }
        let checked = match rules::outgoing(kind, content, product.as_ref()) {
            Ok(outgoing) => match (kind == api::chat::ChatKind::Image).then(|| rules::media_name(&outgoing.content)) {
                Some(Some(name)) => {
                    let upload = api::users::upload_kind::IMAGE;
                    if crate::media::repo::uploaded_by(db, name, self.user_id, upload).await? {
                        Ok(outgoing)
                    } else {
                        Err(rules::Refusal::Picture)
                    }
                }
                _ => Ok(outgoing),
            },
            Err(refusal) => Err(refusal),
        };
        let outgoing = match checked {
            Ok(outgoing) => outgoing,
            Err(refusal) => {
                let taken = crate::accounts::repo::take(db, &bucket, CHAT_RATE_WINDOW_MS, CHAT_RATE_MESSAGES).await?;
                return Err(if taken.is_none() { too_fast() } else { refused(refusal) });
            }
        };
        let rate = repo::Rate { bucket: &bucket, window_ms: CHAT_RATE_WINDOW_MS, limit: CHAT_RATE_MESSAGES };
        match repo::store(db, conversation_id, self.user_id, side, &outgoing, client_msg_id, &rate).await? {
            repo::Stored::New(message) => {
                self.state.chat.stored(message.clone(), buyer, shop);
                Ok((message, buyer, shop))
            }
            repo::Stored::Existing(message) => Ok((message, buyer, shop)),
            repo::Stored::TooFast => Err(too_fast()),
        }
    }

    /// Answers a stored `send`, after any message of the conversation this socket has not
    /// delivered yet that comes before it.
    async fn acknowledge(
        &mut self,
        client_msg_id: String,
        message: ChatMessage,
        _buyer: i64,
        _shop: i64,
    ) -> Result<(), Closed> {
        self.fill_gap(message.conversation_id, message.seq).await?;
        let conversation_id = message.conversation_id;
        let seq = message.seq;
        self.send(&ChatServerFrame::Ack { client_msg_id, message }).await?;
        if self.ready {
            let delivered = self.delivered.entry(conversation_id).or_insert(0);
            *delivered = (*delivered).max(seq);
        }
        Ok(())
    }

    /// Delivers the messages between what this socket delivered of a conversation and `seq`
    /// (exclusive), once the client's `hello` is answered (a conversation it does not track
    /// yet is new since then: from its first message).
    async fn fill_gap(&mut self, conversation_id: i64, seq: i64) -> Result<(), Closed> {
        if !self.ready {
            return Ok(());
        }
        let delivered = *self.delivered.entry(conversation_id).or_insert(0);
        if seq <= delivered + 1 {
            return Ok(());
        }
        let mut at = delivered;
        while at < seq - 1 {
            let batch = match repo::after(&self.state.db, conversation_id, at, seq - 1, REPLAY_BATCH).await {
                Ok(batch) => batch,
                Err(e) => {
                    tracing::warn!(error = %e, "chat socket: filling a gap failed");
                    return Err(Closed);
                }
            };
            let Some(newest) = batch.last().map(|m| m.seq) else { break };
            for message in batch {
                self.send(&ChatServerFrame::Message { message }).await?;
            }
            at = newest;
            self.delivered.insert(conversation_id, at);
        }
        Ok(())
    }

    async fn read(&mut self, conversation_id: i64, seq: i64) -> Result<(), ApiError> {
        if seq < 0 {
            return Err(crate::http::params::invalid("seq"));
        }
        let (conversation, side) = member(&self.state.db, self.user_id, self.agent_shop, conversation_id).await?;
        if let Some(seq) = repo::mark_read(&self.state.db, &conversation, side, seq).await? {
            self.state.chat.read(conversation.buyer_id, conversation.shop_id, conversation_id, side, seq).await;
        }
        Ok(())
    }

    async fn on_event(&mut self, event: Event) -> Result<(), Closed> {
        match event {
            Event::Message(message) => {
                let conversation_id = message.conversation_id;
                let seq = message.seq;
                // At or below what this socket delivered: a duplicate, or the sender's own
                // message (its `ack` counted as delivered).
                if self.delivered.get(&conversation_id).is_some_and(|&d| seq <= d) {
                    return Ok(());
                }
                self.fill_gap(conversation_id, seq).await?;
                if self.delivered.get(&conversation_id).is_some_and(|&d| seq <= d) {
                    return Ok(());
                }
                self.send(&ChatServerFrame::Message { message: (*message).clone() }).await?;
                self.delivered.insert(conversation_id, seq);
                Ok(())
            }
            Event::Read { conversation_id, from_agent, seq } => {
                self.send(&ChatServerFrame::Read { conversation_id, from_agent, seq }).await
            }
            Event::Typing { conversation_id, from_agent } => {
                self.send(&ChatServerFrame::Typing { conversation_id, from_agent }).await
            }
            Event::Conversation(conversation) => {
                self.send(&ChatServerFrame::Conversation { conversation: (*conversation).clone() }).await
            }
        }
    }
}

/// The `clientMsgId` of a frame that could not be read as a whole, when it has one.
fn client_msg_id_of(text: &str) -> Option<String> {
    if text.len() > HARD_FRAME_BYTES {
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.get("clientMsgId")?.as_str().map(|s| s.chars().take(64).collect())
}
