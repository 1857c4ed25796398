//! The home of orders: confirming and submitting an order split per shop (`/submit-order`, mall4j's `/p/order/confirm` and `/p/order/submit`), the buyer's orders and their detail (`/p/myOrder/*`).
//!
//! Its router is merged into the API already, so its endpoints land here, next to their
//! repository and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
}
