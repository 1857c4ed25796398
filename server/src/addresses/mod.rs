//! The buyer's delivery addresses (spec section 3 "address (recipient, phone, postal code,
//! detailed address)", section 5 "Address detail 5-50"; paths after mall4j's `/p/address`):
//! list, add, change, delete, choose the default, read one.
//!
//! - `handlers.rs`: the calls; `forms.rs`: the address book's plain forms (record 0189);
//! - `rules.rs`: the field rules, without I/O;
//! - `repo.rs`: the sqlx reads and writes; each write that checks the count or moves the
//!   default runs in one transaction holding the buyer's row.

mod forms;
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

/// The address book's plain forms (`api::forms::ADDRESS_SAVE`, `ADDRESS_DELETE`,
/// `ADDRESS_DEFAULT`; record 0189).
pub fn form_router() -> Router<AppState> {
    Router::new()
        .route(api::forms::ADDRESS_SAVE, post(forms::save))
        .route(api::forms::ADDRESS_DELETE, post(forms::delete))
        .route(api::forms::ADDRESS_DEFAULT, post(forms::set_default))
}
