//! Payments, still to come. The checkout counter `/payment` (spec section 2) and mall4j's
//! `POST /p/order/pay`, with one adapter per gateway (balance, points, PayPal, Stripe, ABA,
//! UPay), each with its signed webhook and a local development provider (in `crate::demo`).
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

pub mod gateways;

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
