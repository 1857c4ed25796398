//! The home of payments: the checkout counter (`/payment`), one adapter per gateway (balance, points, PayPal, Stripe, ABA, UPay) with signed webhooks.
//!
//! Its router is merged into the API already, so its endpoints land here, next to their
//! repository and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
}
