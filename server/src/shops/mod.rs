//! Shops: hot shops, the shop header and its categories, shop cards for decorated blocks,
//! following a shop, decorated pages and banners (spec section 7, `/shop/hotShops`,
//! `/shop/headInfo`, `/shop/listRenovationShop`, `/shop/shopCategory`,
//! `/p/shop/collection/addOrCancel`, `/shopRenovation/homepage`, `/indexImgs/{shopId}`).
//!
//! - `handlers.rs`: the calls and their parameter rules;
//! - `forms.rs`: the shop page's Follow button as a plain form (HTML first);
//! - `repo.rs`: the sqlx reads and the follow toggle;
//! - `application.rs` and `application_repo.rs`: opening a shop from the buyer centre
//!   (`/p/shop/apply/...`), its review and the store account.

pub mod application;
pub mod application_repo;
pub mod forms;
pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;

/// The shops' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::INDEX_IMGS, get(handlers::index_imgs))
        .route(paths::HOT_SHOPS, get(handlers::hot_shops))
        .route(paths::SHOP_HEAD_INFO, get(handlers::shop_head_info))
        .route(paths::LIST_RENOVATION_SHOP, get(handlers::list_renovation_shop))
        .route(paths::SHOP_COLLECTION_ADD_OR_CANCEL, post(handlers::collection_add_or_cancel))
        .route(paths::SHOP_RENOVATION_HOMEPAGE, get(handlers::renovation_homepage))
        .route(paths::SHOP_APPLY_INFO, get(application::info))
        .route(paths::USER_CENTER_INFO, get(application::center_info))
        .route(paths::SHOP_APPLY, post(application::apply))
        .route(paths::SHOP_APPLY_STORE_ACCOUNT, post(application::store_account))
}

/// The shops' HTML-first actions, mounted beside the pages.
pub fn form_router() -> Router<AppState> {
    Router::new().route(api::forms::COLLECT_SHOP, post(forms::follow))
}
