//! Deals: discounts and coupons, claiming a coupon and the buyer's coupons (spec section 7,
//! `/marking/discount/*`, `/coupon/*`, `/p/myCoupon/*`).

pub mod api;
pub mod repo;

pub use api::router;
