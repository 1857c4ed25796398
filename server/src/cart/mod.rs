//! The cart: the buyer's lines, one per SKU, grouped by shop. Calls of spec section 7 and
//! mall4j's cart calls after them: `POST /p/shopCart/changeItem` (basketId, count, prodId,
//! shopId, shopName, skuId), `GET /p/shopCart/prodCount` (a number), `GET /p/shopCart/info`
//! and `DELETE /p/shopCart/deleteItem` (a JSON array of basketIds).
//!
//! - `handlers.rs`: the calls and their input checks;
//! - `forms.rs`: Add to Cart, a line's quantity and its removal as plain forms (HTML first,
//!   `api::forms`);
//! - `rules.rs`: what a change does to a line (limits, availability), without I/O;
//! - `repo.rs`: the sqlx reads and writes; a change runs in one transaction that holds the
//!   buyer's row, so parallel changes of one buyer never exceed a limit.

pub mod forms;
pub mod handlers;
pub mod repo;
pub mod rules;

use crate::state::AppState;
use api::paths;
use axum::routing::{delete, get, post};
use axum::Router;

/// The cart's endpoints, all signed in only (`/p/`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::SHOP_CART_INFO, get(handlers::info))
        .route(paths::SHOP_CART_CHANGE_ITEM, post(handlers::change_item))
        .route(paths::SHOP_CART_DELETE_ITEM, delete(handlers::delete_item))
        .route(paths::SHOP_CART_PROD_COUNT, get(handlers::prod_count))
}

/// The cart's HTML-first actions, mounted beside the pages.
pub fn form_router() -> Router<AppState> {
    Router::new()
        .route(api::forms::CART_ADD, post(forms::add))
        .route(api::forms::CART_SET, post(forms::set))
        .route(api::forms::CART_REMOVE, post(forms::remove))
}
