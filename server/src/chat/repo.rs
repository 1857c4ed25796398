//! The chat's reads and writes (migration `0023_chat`). A message takes its `seq` from the
//! conversation's `last_seq` by a conditional update in the transaction that stores it: the
//! update holds the conversation's row (PostgreSQL) or the database's write lock (SQLite), so
//! two senders in one conversation wait for each other and seqs stay gap-free and ordered.
//! With PostgreSQL the same transaction sends `NOTIFY chat, '<message id>'`, delivered to
//! every node's listener when (and only if) it commits.

use super::rules::Outgoing;
use crate::db::{Backend, Db, DbResult};
use api::chat::{ChatConversation, ChatKind, ChatMessage, ShareCard};
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};
use std::collections::HashMap;

/// The notification channel of stored messages and other chat events (PostgreSQL).
pub const CHANNEL: &str = "chat";

/// Most conversations a list answers (the newest activity first).
pub const LIST_MAX: i64 = 200;

/// Which side of a conversation a user is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Buyer,
    Agent,
}

impl Side {
    pub fn from_agent(self) -> bool {
        self == Side::Agent
    }
}

crate::db::named_row! {
/// A conversation's row, read by the names of [`CONVERSATION_COLUMNS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    pub conversation_id: i64,
    pub buyer_id: i64,
    pub shop_id: i64,
    pub buyer_read_seq: i64,
    pub agent_read_seq: i64,
    pub last_seq: i64,
    pub updated_at: i64,
}
}

impl Conversation {
    /// The side `user_id` is on (an agent of `agent_shop`), or `None` when they are not part
    /// of it.
    pub fn side(&self, user_id: i64, agent_shop: Option<i64>) -> Option<Side> {
        if agent_shop == Some(self.shop_id) {
            Some(Side::Agent)
        } else if self.buyer_id == user_id {
            Some(Side::Buyer)
        } else {
            None
        }
    }

    /// How far `side` has read.
    pub fn read_seq(&self, side: Side) -> i64 {
        match side {
            Side::Buyer => self.buyer_read_seq,
            Side::Agent => self.agent_read_seq,
        }
    }
}

const CONVERSATION_COLUMNS: &str =
    "conversation_id, buyer_id, shop_id, buyer_read_seq, agent_read_seq, last_seq, updated_at";

const MESSAGE_COLUMNS: &str =
    "message_id, conversation_id, seq, from_agent, kind, content, card, client_msg_id, created_at";

/// A message row from `offset` on, in the order of [`MESSAGE_COLUMNS`].
fn message_at(row: &AnyRow, offset: usize) -> DbResult<ChatMessage> {
    let kind: String = row.try_get(offset + 4)?;
    let card: Option<String> = row.try_get(offset + 6)?;
    let created_at: i64 = row.try_get(offset + 8)?;
    Ok(ChatMessage {
        id: row.try_get(offset)?,
        conversation_id: row.try_get(offset + 1)?,
        seq: row.try_get(offset + 2)?,
        from_agent: row.try_get::<i64, _>(offset + 3)? != 0,
        kind: kind_from(&kind),
        content: row.try_get(offset + 5)?,
        card: card.and_then(|c| serde_json::from_str::<ShareCard>(&c).ok()),
        client_msg_id: row.try_get(offset + 7)?,
        create_time: time_text(created_at),
    })
}

fn kind_from(kind: &str) -> ChatKind {
    match kind {
        "image" => ChatKind::Image,
        "card" => ChatKind::Card,
        _ => ChatKind::Text,
    }
}

fn kind_text(kind: ChatKind) -> &'static str {
    match kind {
        ChatKind::Text => "text",
        ChatKind::Image => "image",
        ChatKind::Card => "card",
    }
}

/// A Unix time in milliseconds as RFC 3339 in UTC with milliseconds.
pub fn time_text(ms: i64) -> String {
    let seconds = crate::payments::gateways::rfc3339_utc(ms);
    format!("{}.{:03}Z", seconds.trim_end_matches('Z'), ms.rem_euclid(1000))
}

// ---------------------------------------------------------------- agents and counterparts

/// The shop `user_id` answers for (0 = the platform), if they are an agent.
pub async fn agent_shop(db: &Db, user_id: i64) -> DbResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT shop_id FROM chat_agent WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(shop,)| shop))
}

/// Makes `user_id` an agent of `shop_id` (the seed and the tests).
pub async fn set_agent(db: &Db, user_id: i64, shop_id: i64) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO chat_agent (user_id, shop_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET shop_id = excluded.shop_id",
    )
    .bind(user_id)
    .bind(shop_id)
    .bind(db.now())
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Whether a counterpart can be chatted with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Counterpart {
    /// No such shop, or it is not open ('There No Shop Chat Support').
    Unknown,
    /// An open shop without an agent ('No Chat Support available from this shop').
    NoSupport,
    Supported,
}

/// Whether `shop_id` (0 = the platform) has chat support: an open shop (or the platform) with
/// at least one agent.
pub async fn counterpart(db: &Db, shop_id: i64) -> DbResult<Counterpart> {
    if shop_id < 0 {
        return Ok(Counterpart::Unknown);
    }
    if shop_id > 0 {
        let open: Option<(i64,)> = sqlx::query_as("SELECT shop_id FROM shop WHERE shop_id = $1 AND shop_status = 1")
            .bind(shop_id)
            .fetch_optional(&db.pool)
            .await?;
        if open.is_none() {
            return Ok(Counterpart::Unknown);
        }
    }
    let agent: Option<(i64,)> = sqlx::query_as("SELECT user_id FROM chat_agent WHERE shop_id = $1 LIMIT 1")
        .bind(shop_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(if agent.is_some() { Counterpart::Supported } else { Counterpart::NoSupport })
}

/// The caller's display name: their nickname.
pub async fn nick_name(db: &Db, user_id: i64) -> DbResult<String> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT nick_name FROM users WHERE user_id = $1").bind(user_id).fetch_optional(&db.pool).await?;
    Ok(row.map(|(n,)| n).unwrap_or_default())
}

// ---------------------------------------------------------------- conversations

/// Opens the buyer's conversation with `shop_id`, or finds it; `true` when it is new.
pub async fn open(db: &Db, buyer_id: i64, shop_id: i64) -> DbResult<(Conversation, bool)> {
    let now = db.now();
    let inserted = sqlx::query_as(&format!(
        "INSERT INTO chat_conversation (buyer_id, shop_id, created_at, updated_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (buyer_id, shop_id) DO NOTHING RETURNING {CONVERSATION_COLUMNS}"
    ))
    .bind(buyer_id)
    .bind(shop_id)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    if let Some(conversation) = inserted {
        return Ok((conversation, true));
    }
    let conversation = sqlx::query_as(&format!(
        "SELECT {CONVERSATION_COLUMNS} FROM chat_conversation WHERE buyer_id = $1 AND shop_id = $2"
    ))
    .bind(buyer_id)
    .bind(shop_id)
    .fetch_one(&db.pool)
    .await?;
    Ok((conversation, false))
}

pub async fn conversation(db: &Db, conversation_id: i64) -> DbResult<Option<Conversation>> {
    sqlx::query_as(&format!("SELECT {CONVERSATION_COLUMNS} FROM chat_conversation WHERE conversation_id = $1"))
        .bind(conversation_id)
        .fetch_optional(&db.pool)
        .await
}

/// Whose conversations a list shows.
#[derive(Debug, Clone, Copy)]
pub enum Owner {
    Buyer(i64),
    Shop(i64),
}

/// Conversations with everything their view needs: the row, the buyer's nickname and
/// picture, the shop's name and logo, the unread count of `side`, the newest message.
pub struct ConversationView {
    pub conversation: Conversation,
    pub buyer_name: String,
    pub buyer_pic: Option<String>,
    pub shop_name: Option<String>,
    pub shop_logo: Option<String>,
    pub unread: i64,
    pub last_message: Option<ChatMessage>,
}

impl ConversationView {
    /// The wire view from `side`; `platform_name` names the platform's customer service.
    pub fn wire(self, side: Side, platform_name: &str) -> ChatConversation {
        let c = self.conversation;
        let (peer_name, peer_avatar, peer_read_seq) = match side {
            Side::Buyer => (
                self.shop_name.unwrap_or_else(|| platform_name.to_string()),
                self.shop_logo.filter(|l| !l.is_empty()),
                c.agent_read_seq,
            ),
            Side::Agent => (self.buyer_name, self.buyer_pic.filter(|p| !p.is_empty()), c.buyer_read_seq),
        };
        ChatConversation {
            conversation_id: c.conversation_id,
            shop_id: c.shop_id,
            peer_name,
            peer_avatar,
            last_message: self.last_message,
            unread: self.unread,
            peer_read_seq,
            update_time: time_text(c.updated_at),
        }
    }
}

/// The conversations of a buyer or a shop (newest activity first, at most [`LIST_MAX`]), or
/// the one `only` of them.
pub async fn views(db: &Db, owner: Owner, only: Option<i64>) -> DbResult<Vec<ConversationView>> {
    // The unread messages are the peer's: for a buyer the agents' (from_agent 1) after the
    // buyer's mark, for a shop the buyer's after the agents' mark.
    let (filter, id, peer, mark) = match owner {
        Owner::Buyer(user) => ("c.buyer_id = $1", user, 1, "c.buyer_read_seq"),
        Owner::Shop(shop) => ("c.shop_id = $1", shop, 0, "c.agent_read_seq"),
    };
    let only_filter = if only.is_some() { "AND c.conversation_id = $3" } else { "" };
    // The message's columns under their own names: `m.conversation_id` is not the conversation's.
    let message_columns: String =
        MESSAGE_COLUMNS.split(", ").map(|c| format!("m.{c} AS m_{c}")).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT c.conversation_id, c.buyer_id, c.shop_id, c.buyer_read_seq, c.agent_read_seq, c.last_seq, c.updated_at,
                u.nick_name, u.pic, s.shop_name, s.shop_logo,
                (SELECT COUNT(*) FROM chat_message x
                  WHERE x.conversation_id = c.conversation_id AND x.from_agent = $2 AND x.seq > {mark}) AS unread,
                {message_columns}
         FROM chat_conversation c
         JOIN users u ON u.user_id = c.buyer_id
         LEFT JOIN shop s ON s.shop_id = c.shop_id
         LEFT JOIN chat_message m ON m.conversation_id = c.conversation_id AND m.seq = c.last_seq
         WHERE {filter} {only_filter}
         ORDER BY c.updated_at DESC, c.conversation_id DESC
         LIMIT {LIST_MAX}"
    );
    let mut query = sqlx::query(&sql).bind(id).bind(peer);
    if let Some(only) = only {
        query = query.bind(only);
    }
    let rows = query.fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| {
            let has_message: Option<i64> = row.try_get(12)?;
            Ok(ConversationView {
                conversation: Conversation::from_row(row)?,
                buyer_name: row.try_get(7)?,
                buyer_pic: row.try_get(8)?,
                shop_name: row.try_get(9)?,
                shop_logo: row.try_get(10)?,
                unread: row.try_get(11)?,
                last_message: has_message.map(|_| message_at(row, 12)).transpose()?,
            })
        })
        .collect()
}

/// The unread messages of `user_id`: as their shop's agent, what buyers sent the shop that
/// no agent has read; otherwise what shops sent them that they have not read. One query, as
/// every signed-in page's header asks it.
pub async fn unread_total(db: &Db, user_id: i64) -> DbResult<i64> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT CASE WHEN EXISTS (SELECT 1 FROM chat_agent WHERE user_id = $1)
             THEN (SELECT COUNT(*) FROM chat_message m JOIN chat_conversation c ON c.conversation_id = m.conversation_id
                   WHERE c.shop_id = (SELECT shop_id FROM chat_agent WHERE user_id = $1)
                     AND m.from_agent = 0 AND m.seq > c.agent_read_seq)
             ELSE (SELECT COUNT(*) FROM chat_message m JOIN chat_conversation c ON c.conversation_id = m.conversation_id
                   WHERE c.buyer_id = $1 AND m.from_agent = 1 AND m.seq > c.buyer_read_seq)
         END",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(n)
}

/// The newest seq of every conversation of a user: their own as a buyer and, for an agent,
/// their shop's.
pub async fn last_seqs(db: &Db, user_id: i64, agent_shop: Option<i64>) -> DbResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT conversation_id, last_seq FROM chat_conversation WHERE buyer_id = $1 OR shop_id = $2")
            .bind(user_id)
            .bind(agent_shop.unwrap_or(-1))
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().collect())
}

/// Moves `side`'s read mark of a conversation forward to `seq` (never back, never past the
/// newest message); the mark after the call, or `None` when it did not move.
pub async fn mark_read(db: &Db, conversation: &Conversation, side: Side, seq: i64) -> DbResult<Option<i64>> {
    let seq = seq.min(conversation.last_seq);
    let column = match side {
        Side::Buyer => "buyer_read_seq",
        Side::Agent => "agent_read_seq",
    };
    let done = sqlx::query(&format!(
        "UPDATE chat_conversation SET {column} = $1 WHERE conversation_id = $2 AND {column} < $1"
    ))
    .bind(seq)
    .bind(conversation.conversation_id)
    .execute(&db.pool)
    .await?;
    Ok((done.rows_affected() == 1).then_some(seq))
}

// ---------------------------------------------------------------- messages

/// The `size` messages just before `before_seq` (or the newest), ascending, and whether older
/// ones remain.
pub async fn page(
    db: &Db,
    conversation_id: i64,
    before_seq: Option<i64>,
    size: i64,
) -> DbResult<(Vec<ChatMessage>, bool)> {
    let before = before_seq.unwrap_or(i64::MAX);
    let rows = sqlx::query(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE conversation_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3"
    ))
    .bind(conversation_id)
    .bind(before)
    .bind(size + 1)
    .fetch_all(&db.pool)
    .await?;
    let has_more = rows.len() as i64 > size;
    let mut records = rows.iter().take(size as usize).map(|r| message_at(r, 0)).collect::<DbResult<Vec<_>>>()?;
    records.reverse();
    Ok((records, has_more))
}

/// At most `limit` messages after `after_seq` up to `until_seq`, ascending (a replay).
pub async fn after(
    db: &Db,
    conversation_id: i64,
    after_seq: i64,
    until_seq: i64,
    limit: i64,
) -> DbResult<Vec<ChatMessage>> {
    let rows = sqlx::query(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE conversation_id = $1 AND seq > $2 AND seq <= $3
         ORDER BY seq LIMIT $4"
    ))
    .bind(conversation_id)
    .bind(after_seq)
    .bind(until_seq)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(|r| message_at(r, 0)).collect()
}

/// Messages by their ids (in one query), each with its conversation's buyer and shop (to
/// route it), by id.
pub async fn messages(db: &Db, message_ids: &[i64]) -> DbResult<HashMap<i64, (ChatMessage, i64, i64)>> {
    if message_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let columns: String = MESSAGE_COLUMNS.split(", ").map(|c| format!("m.{c}")).collect::<Vec<_>>().join(", ");
    let placeholders: Vec<String> = (1..=message_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT c.buyer_id, c.shop_id, {columns} FROM chat_message m
         JOIN chat_conversation c ON c.conversation_id = m.conversation_id WHERE m.message_id IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for id in message_ids {
        query = query.bind(*id);
    }
    let rows = query.fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| {
            let message = message_at(row, 2)?;
            Ok((message.id, (message, row.try_get(0)?, row.try_get(1)?)))
        })
        .collect()
}

/// The message a sender already stored under `client_msg_id`, if any.
pub async fn by_client_id(
    db: &Db,
    conversation_id: i64,
    sender_id: i64,
    client_msg_id: &str,
) -> DbResult<Option<ChatMessage>> {
    let row = sqlx::query(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE conversation_id = $1 AND sender_id = $2 AND client_msg_id = $3"
    ))
    .bind(conversation_id)
    .bind(sender_id)
    .bind(client_msg_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(|r| message_at(r, 0)).transpose()
}

/// A sender's rate: a bucket of the accounts' `rate_limits` with `limit` hits per fixed window
/// of `window_ms`.
pub struct Rate<'a> {
    pub bucket: &'a str,
    pub window_ms: i64,
    pub limit: i64,
}

/// What [`store`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Stored {
    /// Stored now.
    New(ChatMessage),
    /// The sender had stored it before under the same `client_msg_id` (nothing counted).
    Existing(ChatMessage),
    /// The sender's rate is used up (nothing changed).
    TooFast,
}

/// Stores a message, counting it against the sender's rate in the same transaction (one write
/// transaction a message: the same one-statement take as `accounts::repo::take`). With
/// PostgreSQL the commit notifies [`CHANNEL`] with `m:<message id>:<buyer>:<shop>` (see `hub`).
pub async fn store(
    db: &Db,
    conversation_id: i64,
    sender_id: i64,
    side: Side,
    message: &Outgoing,
    client_msg_id: &str,
    rate: &Rate<'_>,
) -> DbResult<Stored> {
    let now = db.now();
    let card = message.card.as_ref().map(|c| serde_json::to_string(c).unwrap_or_default());
    let mut tx = db.pool.begin().await?;
    // The write comes first: it takes the conversation's row (or SQLite's write lock) before
    // anything is read, so a concurrent send of the same message waits and then finds it.
    let (seq, buyer_id, shop_id): (i64, i64, i64) = sqlx::query_as(
        "UPDATE chat_conversation SET last_seq = last_seq + 1, updated_at = $1 WHERE conversation_id = $2
         RETURNING last_seq, buyer_id, shop_id",
    )
    .bind(now)
    .bind(conversation_id)
    .fetch_one(&mut *tx)
    .await?;
    let existing = sqlx::query(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE conversation_id = $1 AND sender_id = $2 AND client_msg_id = $3"
    ))
    .bind(conversation_id)
    .bind(sender_id)
    .bind(client_msg_id)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(row) = existing {
        tx.rollback().await?;
        return Ok(Stored::Existing(message_at(&row, 0)?));
    }
    let hits = crate::accounts::repo::take_at(&mut *tx, rate.bucket, now, rate.window_ms, rate.limit).await?;
    if hits.is_none() {
        tx.rollback().await?;
        return Ok(Stored::TooFast);
    }
    let row = sqlx::query(&format!(
        "INSERT INTO chat_message (conversation_id, seq, from_agent, sender_id, kind, content, card, client_msg_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING {MESSAGE_COLUMNS}"
    ))
    .bind(conversation_id)
    .bind(seq)
    .bind(i64::from(side.from_agent()))
    .bind(sender_id)
    .bind(kind_text(message.kind))
    .bind(&message.content)
    .bind(card)
    .bind(client_msg_id)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let stored = message_at(&row, 0)?;
    if db.backend == Backend::Postgres {
        notify(&mut tx, &format!("m:{}:{buyer_id}:{shop_id}", stored.id)).await?;
    }
    tx.commit().await?;
    Ok(Stored::New(stored))
}

/// `NOTIFY chat, '<payload>'` (PostgreSQL), sent when the transaction commits.
async fn notify(conn: &mut sqlx::AnyConnection, payload: &str) -> DbResult<()> {
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(conn).await?;
    Ok(())
}

/// `NOTIFY chat, '<payload>'` outside a transaction (the events that are not stored messages).
pub async fn notify_now(db: &Db, payload: &str) -> DbResult<()> {
    let mut conn = db.pool.acquire().await?;
    notify(&mut conn, payload).await
}
