//! Chat with a shop or the platform's customer service (spec sections 1, 3 "Share card", 4
//! "Chat message: read, unread", 8; issue 20): the page `/chat?shopId` and the quick menu's
//! chat talk to these endpoints and to the socket `GET /p/chat/ws` (the protocol is described
//! in [`api::chat`]).
//!
//! - `handlers.rs`: the HTTP calls (profile, opening a conversation, the lists, a page of
//!   messages, unread counts, read marks);
//! - `socket.rs`: the socket of one signed-in user (hello and replay, send and ack, read,
//!   typing, pings);
//! - `hub.rs`: this node's sockets and how events reach them (in-process with SQLite;
//!   PostgreSQL LISTEN/NOTIFY between nodes);
//! - `rules.rs`: what a message may carry, without I/O;
//! - `repo.rs`: the sqlx reads and writes; a message takes its gap-free `seq` in the
//!   transaction that stores it.

pub mod handlers;
pub mod hub;
pub mod repo;
pub mod rules;
pub mod socket;

pub use hub::Hub;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;

/// The chat's endpoints, all signed in only (`/p/`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::CHAT_PROFILE, get(handlers::profile))
        .route(paths::CHAT_CONVERSATION, post(handlers::open))
        .route(paths::CHAT_CONVERSATIONS, get(handlers::conversations))
        .route(paths::CHAT_MESSAGES, get(handlers::messages))
        .route(paths::CHAT_UNREAD, get(handlers::unread))
        .route(paths::CHAT_READ, post(handlers::read))
        .route(paths::CHAT_WS, get(socket::upgrade))
}
