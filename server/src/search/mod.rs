//! Search: hot search words, suggestions, the product and shop search page and the products of
//! decorated blocks (spec section 7, `/search/*`), over an embedded full-text index kept
//! current from the database's change log.

pub mod handlers;
pub mod index;
pub mod repo;
pub mod tokenize;

pub use index::*;

use crate::state::AppState;
use axum::routing::get;
use axum::Router;

/// The search endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/search/hotSearch", get(handlers::hot_search))
        .route("/search/suggestions", get(handlers::suggestions))
        .route("/search/page", get(handlers::search_page))
        .route("/search/renovationPage", get(handlers::renovation_page))
}
