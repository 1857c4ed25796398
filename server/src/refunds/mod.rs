//! After-sales (refunds and returns), still to come. Pages of spec section 2: `/return-detail`,
//! `/return-detail/components/refund-progress` and the user centre's `uc-return`,
//! `apply-return`, `return-proof`; calls in mall4j's style under `/p/orderRefund/*` (apply,
//! list, detail, return shipment, cancel).
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
