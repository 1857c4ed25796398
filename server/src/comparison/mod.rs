//! Price comparison across shops (spec sections 2 "Price comparison sidebar" and
//! `/product-comparison`, 4 "Comparison sidebar", 7 "Comparison"): the same product's offers
//! by other shops (`/comparison/matchProducts`), similar products
//! (`/comparison/similarProducts`, `/product/compare/similar`) and a product's price history
//! (`/product/price/history`). All public and read-only.
//!
//! - `handlers.rs`: the calls and their parameter rules;
//! - `matching.rs`: which listings are one product (shared identity, or titles that agree on
//!   brand, model and specification in any of the three languages), without I/O;
//! - `rules.rs`: sorting, similarity and the price history's step line, without I/O;
//! - `repo.rs`: the sqlx reads. Similar products come from the search index
//!   ([`crate::search::SearchIndex`]): the same category, on shelf, then scored here.
//!
//! Prices change outside the storefront (the sellers' centre); a database trigger
//! (migration `0014_price_history`) records every change of `product.price`.

pub mod handlers;
pub mod matching;
pub mod repo;
pub mod rules;

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// The comparison's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::COMPARISON_MATCH_PRODUCTS, get(handlers::match_products))
        .route(paths::COMPARISON_SIMILAR_PRODUCTS, get(handlers::similar_products))
        .route(paths::PRODUCT_COMPARE_SIMILAR, get(handlers::compare_similar))
        .route(paths::PRODUCT_PRICE_HISTORY, get(handlers::price_history))
}
