//! Orders, still to come. Pages of spec section 2: `/submit-order` (`orderEntry=1` is buy
//! now), `/submit-integral-order`, `/order-detail`, `/invoice-detail`, `/write-comments` and
//! the user centre's `uc-order`. Calls: `GET /p/myOrder/orderDetail` (named by spec section 7)
//! and mall4j's `POST /p/order/confirm`, `POST /p/order/submit` (one order per shop),
//! `GET /p/myOrder/myOrder`, `GET /p/myOrder/orderCount`, `PUT /p/myOrder/cancel/{orderNumber}`,
//! `PUT /p/myOrder/receipt/{orderNumber}`, `DELETE /p/myOrder/{orderNumber}`. Stock is taken
//! inside the order's transaction and can never go below zero.
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
