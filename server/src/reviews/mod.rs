//! Product reviews by buyers (spec section 2 `/write-comments` and `/user-center/uc-comments`,
//! section 5 "review text ≤ 150 characters, ≤ 9 images"; paths after mall4j's
//! `ProdCommController`): a buyer reviews each item of a received order once (score 1 to 5,
//! plain text, pictures they uploaded, optionally anonymous); a product's reviews and their
//! average are public; the buyer lists their own.
//!
//! - `handlers.rs`: the calls and their input checks;
//! - `rules.rs`: the field rules, without I/O;
//! - `repo.rs`: the sqlx reads and writes; a review is one conditional insert guarded by the
//!   unique order item.

pub mod handlers;
pub mod repo;
pub mod rules;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;

/// The reviews' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::PROD_COMM_DATA, get(handlers::data))
        .route(paths::PROD_COMM_PAGE_BY_PROD, get(handlers::by_prod))
        .route(paths::PROD_COMM_ADD, post(handlers::add))
        .route(paths::PROD_COMM_PAGE_BY_USER, get(handlers::by_user))
        .route(paths::PROD_COMM_ORDER_ITEMS, get(handlers::order_items))
}
