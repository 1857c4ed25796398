//! The catalog: the category tree and products (spec section 7, `/category/categoryInfo`,
//! `/prod/prodInfo`, `/prod/isStatus`), and the rule that stored rich text is sanitized before
//! any page shows it.
//!
//! - `handlers.rs`: the calls, and the category tree cached for a few seconds ([`category_tree`]);
//! - `repo.rs`: the sqlx reads (tree, product detail with SKUs and running activity);
//! - `rich_text.rs`: the sanitizer of product descriptions.

pub mod handlers;
pub mod repo;
pub mod rich_text;

pub use handlers::{category_tree, CATEGORY_TTL};

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// The catalog's endpoints: category tree, product detail, whether a product can be opened.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::CATEGORY_INFO, get(handlers::category_info))
        .route(paths::PROD_INFO, get(handlers::prod_info))
        .route(paths::PROD_IS_STATUS, get(handlers::prod_is_status))
        .route(paths::SHOP_CATEGORY, get(handlers::shop_category))
}
