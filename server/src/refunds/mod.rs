//! The home of after-sales: refunds and returns with their progress (`/return-detail`, mall4j's `/p/orderRefund/*`).
//!
//! Its router is merged into the API already, so its endpoints land here, next to their
//! repository and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
}
