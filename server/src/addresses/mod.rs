//! The buyer's delivery addresses (spec section 3 "address (recipient, phone, postal code,
//! detailed address)", section 5 "Address detail 5-50"; paths after mall4j's `/p/address`):
//! list, add, change, delete, choose the default, read one.
//!
//! - `handlers.rs`: the calls;
//! - `rules.rs`: the field rules, without I/O;
//! - `repo.rs`: the sqlx reads and writes; each write that checks the count or moves the
//!   default runs in one transaction holding the buyer's row.

pub mod handlers;
pub mod repo;
pub mod rules;

use crate::state::AppState;
use api::paths;
use axum::routing::{delete, get, post, put};
use axum::Router;

/// The address book's endpoints, all signed in only (`/p/`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::ADDRESS_LIST, get(handlers::list))
        .route(paths::ADDRESS_ADD, post(handlers::add))
        .route(paths::ADDRESS_UPDATE, put(handlers::update))
        .route(paths::ADDRESS_DELETE, delete(handlers::delete))
        .route(paths::ADDRESS_DEFAULT, put(handlers::set_default))
        .route(paths::ADDRESS_INFO, get(handlers::info))
}
