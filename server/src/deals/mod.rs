//! Deals: discounts and coupons, claiming a coupon and the buyer's coupons (spec section 7,
//! `/marking/discount/getDiscountList`, `/marking/discount/info`, `/coupon/getCouponPage`,
//! `/coupon/info`, `/p/myCoupon/receive`, `/p/myCoupon/page`).
//!
//! - `handlers.rs`: the calls;
//! - `forms.rs`: claiming a coupon as a plain form (HTML first);
//! - `repo.rs`: the sqlx reads, and claiming inside one transaction (one claim per buyer,
//!   stock taken exactly once).

pub mod forms;
pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;

/// The deals' endpoints: lists, single discounts and coupons, claiming, the buyer's coupons.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::DISCOUNT_LIST, get(handlers::discount_list))
        .route(paths::DISCOUNT_INFO, get(handlers::discount_info))
        .route(paths::COUPON_PAGE, get(handlers::coupon_page))
        .route(paths::COUPON_INFO, get(handlers::coupon_info))
        .route(paths::MY_COUPON_RECEIVE, post(handlers::receive))
        .route(paths::MY_COUPON_PAGE, get(handlers::my_coupons))
}

/// The deals' HTML-first actions, mounted beside the pages.
pub fn form_router() -> Router<AppState> {
    Router::new().route(api::forms::CLAIM_COUPON, post(forms::receive))
}
