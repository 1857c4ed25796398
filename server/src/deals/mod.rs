//! Deals: discounts and coupons, claiming a coupon and the buyer's coupons (spec section 7,
//! `/marking/discount/getDiscountList`, `/marking/discount/info`, `/coupon/getCouponPage`,
//! `/coupon/info`, `/p/myCoupon/receive`, `/p/myCoupon/page`).
//!
//! - `handlers.rs`: the calls;
//! - `repo.rs`: the sqlx reads, and claiming inside one transaction (one claim per buyer,
//!   stock taken exactly once).

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use axum::routing::{get, post};
use axum::Router;

/// The deals' endpoints: lists, single discounts and coupons, claiming, the buyer's coupons.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/marking/discount/getDiscountList", get(handlers::discount_list))
        .route("/marking/discount/info", get(handlers::discount_info))
        .route("/coupon/getCouponPage", get(handlers::coupon_page))
        .route("/coupon/info", get(handlers::coupon_info))
        .route("/p/myCoupon/receive", post(handlers::receive))
        .route("/p/myCoupon/page", get(handlers::my_coupons))
}
