//! Footprints, the buyer's browsing history (spec sections 1 "browsing history (footprints)",
//! 2 `uc-footprint`, 7 `/p/user/recentBrowse`, form-encoded): the detail page records a view,
//! the user centre lists them by day and deletes one, a day or all.
//!
//! - `handlers.rs`: the calls and their parameter rules;
//! - `repo.rs`: the sqlx reads and writes: one row per buyer, product and day (Cambodia's
//!   time), at most [`MAX_FOOTPRINTS`](api::favourites::MAX_FOOTPRINTS) per buyer, kept by
//!   the insert itself in one transaction holding the buyer's row.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::{delete, get, post};
use axum::Router;

/// The footprints' endpoints, all signed in only (`/p/`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::RECENT_BROWSE, post(handlers::record))
        .route(paths::RECENT_BROWSE_PAGE, get(handlers::page))
        .route(paths::RECENT_BROWSE_DELETE, delete(handlers::delete_one))
        .route(paths::RECENT_BROWSE_DELETE_DAY, delete(handlers::delete_day))
        .route(paths::RECENT_BROWSE_CLEAR, delete(handlers::clear))
}
