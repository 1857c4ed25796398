//! The hub: which sockets of this node belong to whom, and how an event reaches them.
//!
//! Every socket registers under its user and, for an agent, under its shop, with a bounded
//! channel of [`SOCKET_QUEUE`] events. Delivery never waits: an event that does not fit in a
//! socket's queue drops the socket (its task closes it; the client reconnects and resumes
//! with `hello`), so a slow client never holds up the others.
//!
//! Events come from the store, not from the sender's node: with SQLite (one node) a stored
//! message is handed to [`Hub::dispatch`] in-process; with PostgreSQL the storing transaction
//! sends `NOTIFY chat, 'm:<message id>:<buyer>:<shop>'` and every node (this one too)
//! LISTENs and, when one of its sockets takes part, reads the message by its id and delivers
//! it to its own sockets. Reads (`r:`), typing (`t:`) and new conversations (`c:`) travel the
//! same way, with what routing needs in the payload. A user's ended sessions (`e:<user>`, sent
//! by [`Hub::sessions_ended`] when a sign-out, a new sign-in, or a password change or reset ends
//! sessions) make every socket of that user on every node check its own session at once and
//! close when it has ended. When the listener's connection drops,
//! notifications may have been missed: the node closes its sockets, whose clients resume from
//! their cursors.

use super::repo::{self, Owner, Side};
use crate::db::{Backend, Db};
use api::chat::{ChatConversation, ChatMessage};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::mpsc;

/// Most notifications handled together (their messages read in one query).
const NOTIFY_BATCH: usize = 256;

/// Events a socket may have waiting before it counts as lagging and is dropped.
pub const SOCKET_QUEUE: usize = 1024;

/// What the hub delivers to a socket.
#[derive(Debug, Clone)]
pub enum Event {
    /// A stored message (its sender's socket had an `ack` and skips it).
    Message(Arc<ChatMessage>),
    /// `from_agent`'s side of a conversation has read up to `seq`.
    Read { conversation_id: i64, from_agent: bool, seq: i64 },
    /// `from_agent`'s side is typing.
    Typing { conversation_id: i64, from_agent: bool },
    /// A conversation new to the agents of its shop, from their side.
    Conversation(Arc<ChatConversation>),
}

/// Who an event goes to: the buyer's sockets, the shop's agents' sockets, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    Both,
    Buyer,
    Agents,
}

#[derive(Clone)]
struct Entry {
    id: u64,
    tx: mpsc::Sender<Event>,
    /// Rung when a session of the socket's user ended: the socket checks its own session.
    /// (Apart from the events, which wait for the client's `hello`.)
    recheck: Arc<tokio::sync::watch::Sender<u64>>,
}

#[derive(Default)]
struct Sockets {
    by_user: HashMap<i64, Vec<Entry>>,
    by_shop: HashMap<i64, Vec<Entry>>,
    /// Each socket's (user, agent shop), to unregister it.
    owners: HashMap<u64, (i64, Option<i64>)>,
}

struct Inner {
    db: Db,
    database_url: String,
    sockets: Mutex<Sockets>,
    /// PostgreSQL: set once this node LISTENs.
    listening: tokio::sync::OnceCell<()>,
    node: u64,
    next_socket: AtomicU64,
}

/// This node's chat hub; cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

impl Hub {
    /// The hub of a node on `db` (`database_url` is where a PostgreSQL listener connects).
    /// Nothing starts until the first socket registers.
    pub fn new(db: Db, database_url: &str) -> Self {
        Hub {
            inner: Arc::new(Inner {
                db,
                database_url: database_url.to_string(),
                sockets: Mutex::new(Sockets::default()),
                listening: tokio::sync::OnceCell::new(),
                // Socket ids are unique across nodes: a random node part and a counter.
                node: u64::from(rand::random::<u32>() >> 1),
                next_socket: AtomicU64::new(1),
            }),
        }
    }

    fn sockets(&self) -> std::sync::MutexGuard<'_, Sockets> {
        self.inner.sockets.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers a socket of `user_id` (an agent of `agent_shop`); its id, its queue and the
    /// signal that one of the user's sessions ended. With PostgreSQL this node is listening
    /// before it returns, so no later message is missed.
    pub async fn register(
        &self,
        user_id: i64,
        agent_shop: Option<i64>,
    ) -> Result<(u64, mpsc::Receiver<Event>, tokio::sync::watch::Receiver<u64>), sqlx::Error> {
        if self.inner.db.backend == Backend::Postgres {
            self.inner.listening.get_or_try_init(|| listen(Arc::downgrade(&self.inner))).await?;
        }
        let id = (self.inner.node << 32) | self.inner.next_socket.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(SOCKET_QUEUE);
        let (recheck_tx, recheck) = tokio::sync::watch::channel(0u64);
        let entry = Entry { id, tx, recheck: Arc::new(recheck_tx) };
        let mut sockets = self.sockets();
        sockets.by_user.entry(user_id).or_default().push(entry.clone());
        if let Some(shop) = agent_shop {
            sockets.by_shop.entry(shop).or_default().push(entry);
        }
        sockets.owners.insert(id, (user_id, agent_shop));
        Ok((id, rx, recheck))
    }

    /// Forgets a socket (closed, or dropped for lagging).
    pub fn unregister(&self, socket: u64) {
        let mut sockets = self.sockets();
        remove(&mut sockets, socket);
    }

    /// Whether this node has a socket of a conversation's buyer or of its shop's agents.
    fn has_sockets(&self, buyer_id: i64, shop_id: i64) -> bool {
        let sockets = self.sockets();
        sockets.by_user.contains_key(&buyer_id) || sockets.by_shop.contains_key(&shop_id)
    }

    /// Sockets registered on this node.
    pub fn socket_count(&self) -> usize {
        self.sockets().owners.len()
    }

    /// Delivers an event to this node's sockets of a conversation's buyer and/or shop agents.
    /// Never waits: a socket whose queue is full (or closed) is dropped.
    pub fn dispatch(&self, buyer_id: i64, shop_id: i64, to: To, event: Event) {
        let mut sockets = self.sockets();
        let mut targets: Vec<Entry> = Vec::new();
        if matches!(to, To::Both | To::Buyer) {
            targets.extend(sockets.by_user.get(&buyer_id).into_iter().flatten().cloned());
        }
        if matches!(to, To::Both | To::Agents) {
            for entry in sockets.by_shop.get(&shop_id).into_iter().flatten() {
                if !targets.iter().any(|t| t.id == entry.id) {
                    targets.push(entry.clone());
                }
            }
        }
        for entry in targets {
            if entry.tx.try_send(event.clone()).is_err() {
                tracing::debug!(socket = entry.id, "chat socket lagging or gone; dropped");
                remove(&mut sockets, entry.id);
            }
        }
    }

    /// One or more sessions of `user_id` ended (signed out, replaced by a new sign-in, ended by
    /// a password change or reset): every socket of the user, on this node at once and through
    /// the `chat` channel on the others, checks its own session and closes if it has ended.
    pub async fn sessions_ended(&self, user_id: i64) {
        self.recheck(user_id);
        if self.inner.db.backend == Backend::Postgres {
            self.notify(&format!("e:{user_id}")).await;
        }
    }

    /// Rings the session check of this node's sockets of `user_id`.
    fn recheck(&self, user_id: i64) {
        let sockets = self.sockets();
        for entry in sockets.by_user.get(&user_id).into_iter().flatten() {
            entry.recheck.send_modify(|rung| *rung += 1);
        }
    }

    /// A message was stored: with SQLite it is delivered now; with PostgreSQL its commit has
    /// notified every node already.
    pub fn stored(&self, message: ChatMessage, buyer_id: i64, shop_id: i64) {
        if self.inner.db.backend == Backend::Sqlite {
            self.dispatch(buyer_id, shop_id, To::Both, Event::Message(Arc::new(message)));
        }
    }

    /// A side of a conversation has read up to `seq`: both sides hear it.
    pub async fn read(&self, buyer_id: i64, shop_id: i64, conversation_id: i64, side: Side, seq: i64) {
        let from_agent = side.from_agent();
        match self.inner.db.backend {
            Backend::Sqlite => {
                self.dispatch(buyer_id, shop_id, To::Both, Event::Read { conversation_id, from_agent, seq })
            }
            Backend::Postgres => {
                let payload = format!("r:{conversation_id}:{buyer_id}:{shop_id}:{}:{seq}", u8::from(from_agent));
                self.notify(&payload).await;
            }
        }
    }

    /// A side is typing: the other side hears it.
    pub async fn typing(&self, buyer_id: i64, shop_id: i64, conversation_id: i64, side: Side) {
        let from_agent = side.from_agent();
        match self.inner.db.backend {
            Backend::Sqlite => {
                let to = if from_agent { To::Buyer } else { To::Agents };
                self.dispatch(buyer_id, shop_id, to, Event::Typing { conversation_id, from_agent })
            }
            Backend::Postgres => {
                let payload = format!("t:{conversation_id}:{buyer_id}:{shop_id}:{}", u8::from(from_agent));
                self.notify(&payload).await;
            }
        }
    }

    /// A buyer opened a new conversation: its shop's agents hear it.
    pub async fn opened(&self, conversation_id: i64, shop_id: i64) {
        match self.inner.db.backend {
            Backend::Sqlite => deliver_opened(self, conversation_id, shop_id).await,
            Backend::Postgres => self.notify(&format!("c:{conversation_id}:{shop_id}")).await,
        }
    }

    async fn notify(&self, payload: &str) {
        if let Err(e) = repo::notify_now(&self.inner.db, payload).await {
            tracing::warn!(error = %e, "chat notify failed");
        }
    }

    /// Drops every socket of this node (their clients resume with `hello`).
    fn drop_all(&self) {
        let mut sockets = self.sockets();
        *sockets = Sockets::default();
    }
}

fn remove(sockets: &mut Sockets, socket: u64) {
    let Some((user, shop)) = sockets.owners.remove(&socket) else { return };
    if let Some(list) = sockets.by_user.get_mut(&user) {
        list.retain(|e| e.id != socket);
        if list.is_empty() {
            sockets.by_user.remove(&user);
        }
    }
    if let Some(shop) = shop {
        if let Some(list) = sockets.by_shop.get_mut(&shop) {
            list.retain(|e| e.id != socket);
            if list.is_empty() {
                sockets.by_shop.remove(&shop);
            }
        }
    }
}

async fn deliver_opened(hub: &Hub, conversation_id: i64, shop_id: i64) {
    match repo::views(&hub.inner.db, Owner::Shop(shop_id), Some(conversation_id)).await {
        Ok(views) => {
            for view in views {
                let buyer = view.conversation.buyer_id;
                let conversation = Arc::new(view.wire(Side::Agent, ""));
                hub.dispatch(buyer, shop_id, To::Agents, Event::Conversation(conversation));
            }
        }
        Err(e) => tracing::warn!(error = %e, "chat: reading a new conversation failed"),
    }
}

/// PostgreSQL: connects a listener to the `chat` channel and spawns the task that delivers
/// what it hears to this node's sockets, for as long as the hub lives.
async fn listen(inner: Weak<Inner>) -> Result<(), sqlx::Error> {
    let url = match inner.upgrade() {
        Some(inner) => inner.database_url.clone(),
        None => return Ok(()),
    };
    let mut listener = sqlx::postgres::PgListener::connect(&url).await?;
    listener.listen(repo::CHANNEL).await?;
    tokio::spawn(async move {
        loop {
            let received = listener.try_recv().await;
            let Some(inner) = inner.upgrade() else { break };
            if inner.db.pool.is_closed() {
                break;
            }
            let hub = Hub { inner };
            match received {
                Ok(Some(notification)) => {
                    // What has arrived meanwhile goes with it: its messages are read at once.
                    let mut payloads = vec![notification.payload().to_string()];
                    while payloads.len() < NOTIFY_BATCH {
                        match listener.next_buffered() {
                            Some(next) => payloads.push(next.payload().to_string()),
                            None => break,
                        }
                    }
                    on_notifications(&hub, &payloads).await
                }
                Ok(None) => {
                    // The connection dropped and is being re-established: what was notified
                    // meanwhile is lost, so the sockets resume from their cursors instead.
                    tracing::warn!("chat listener reconnecting; closing this node's chat sockets");
                    hub.drop_all();
                }
                Err(e) => {
                    tracing::warn!(error = %e, "chat listener");
                    hub.drop_all();
                    drop(hub);
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}

/// Notifications of the `chat` channel, in order; the messages among them that a socket of
/// this node takes part in are read in one query.
async fn on_notifications(hub: &Hub, payloads: &[String]) {
    let parse = |payload: &str| -> (String, Vec<i64>) {
        let mut parts = payload.split(':');
        let kind = parts.next().unwrap_or_default().to_string();
        (kind, parts.filter_map(|p| p.parse().ok()).collect())
    };
    let parsed: Vec<(String, Vec<i64>)> = payloads.iter().map(|p| parse(p)).collect();
    let wanted: Vec<i64> = parsed
        .iter()
        .filter_map(|(kind, parts)| match (kind.as_str(), parts.as_slice()) {
            ("m", [id, buyer, shop]) if hub.has_sockets(*buyer, *shop) => Some(*id),
            _ => None,
        })
        .collect();
    let mut messages = match repo::messages(&hub.inner.db, &wanted).await {
        Ok(messages) => messages,
        Err(e) => {
            tracing::warn!(error = %e, "chat: reading notified messages failed");
            hub.drop_all();
            return;
        }
    };
    for ((kind, parts), payload) in parsed.iter().zip(payloads) {
        on_notification(hub, kind, parts, payload, &mut messages).await;
    }
}

/// One notification of the `chat` channel (its message read already, when wanted).
async fn on_notification(
    hub: &Hub,
    kind: &str,
    parts: &[i64],
    payload: &str,
    messages: &mut HashMap<i64, (ChatMessage, i64, i64)>,
) {
    match (kind, parts) {
        ("m", [id, ..]) => {
            if let Some((message, buyer, shop)) = messages.remove(id) {
                hub.dispatch(buyer, shop, To::Both, Event::Message(Arc::new(message)));
            }
        }
        ("r", [conversation_id, buyer, shop, from_agent, seq]) => hub.dispatch(
            *buyer,
            *shop,
            To::Both,
            Event::Read { conversation_id: *conversation_id, from_agent: *from_agent != 0, seq: *seq },
        ),
        ("t", [conversation_id, buyer, shop, from_agent]) => {
            let to = if *from_agent != 0 { To::Buyer } else { To::Agents };
            hub.dispatch(
                *buyer,
                *shop,
                to,
                Event::Typing { conversation_id: *conversation_id, from_agent: *from_agent != 0 },
            )
        }
        ("c", [conversation_id, shop]) => deliver_opened(hub, *conversation_id, *shop).await,
        ("e", [user]) => hub.recheck(*user),
        _ => tracing::warn!(payload, "chat: unknown notification"),
    }
}
