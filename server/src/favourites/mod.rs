//! The buyer's favourites (spec sections 1 "favorites of products and shops", 2
//! `uc-collection`): favourite products after mall4j's `UserCollectionController`
//! (`/p/user/collection/page`, `isCollection`, `addOrCancel`, `count`, `cancel/{prodId}`) and
//! the shops the buyer follows (`/p/shop/collection/page`, `cancel/{shopId}`; following itself
//! is the shops' `/p/shop/collection/addOrCancel`).
//!
//! - `handlers.rs`: the calls and their parameter rules;
//! - `forms.rs`: the detail page's Collect button as a plain form (HTML first);
//! - `repo.rs`: the sqlx reads and writes; every write first holds the buyer's row, so a burst
//!   of toggles of one product is served one after the other and each flips it once.

pub mod forms;
pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::{delete, get, post};
use axum::Router;

/// The favourites' endpoints, all signed in only (`/p/`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::USER_COLLECTION_PAGE, get(handlers::product_page))
        .route(paths::USER_COLLECTION_IS_COLLECTION, get(handlers::is_collection))
        .route(paths::USER_COLLECTION_ADD_OR_CANCEL, post(handlers::add_or_cancel))
        .route(paths::USER_COLLECTION_COUNT, get(handlers::count))
        .route(paths::USER_COLLECTION_CANCEL, delete(handlers::cancel))
        .route(paths::SHOP_COLLECTION_PAGE, get(handlers::shop_page))
        .route(paths::SHOP_COLLECTION_CANCEL, delete(handlers::cancel_shop))
}

/// The favourites' HTML-first actions, mounted beside the pages.
pub fn form_router() -> Router<AppState> {
    Router::new().route(api::forms::COLLECT_PRODUCT, post(forms::product))
}
