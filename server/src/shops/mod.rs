//! Shops: hot shops, the shop header and its categories, shop cards for decorated blocks,
//! following a shop, decorated pages and banners (spec section 7, `/shop/hotShops`,
//! `/shop/headInfo`, `/shop/listRenovationShop`, `/shop/shopCategory`,
//! `/p/shop/collection/addOrCancel`, `/shopRenovation/homepage`, `/indexImgs/{shopId}`).
//!
//! - `handlers.rs`: the calls and their parameter rules;
//! - `repo.rs`: the sqlx reads and the follow toggle.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use axum::routing::{get, post};
use axum::Router;

/// The shops' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/indexImgs/{shop_id}", get(handlers::index_imgs))
        .route("/shop/hotShops", get(handlers::hot_shops))
        .route("/shop/headInfo", get(handlers::shop_head_info))
        .route("/shop/listRenovationShop", get(handlers::list_renovation_shop))
        .route("/shop/shopCategory", get(handlers::shop_category))
        .route("/p/shop/collection/addOrCancel", post(handlers::collection_add_or_cancel))
        .route("/shopRenovation/homepage", get(handlers::renovation_homepage))
}
