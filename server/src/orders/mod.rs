//! Orders. Pages of spec section 2: `/submit-order` (`orderEntry=1` is buy now),
//! `/submit-integral-order`, `/order-detail`, `/invoice-detail`, `/write-comments` and the user
//! centre's `uc-order`. Calls: `GET /p/myOrder/orderDetail` (named by spec section 7) and
//! mall4j's `POST /p/order/confirm`, `POST /p/order/submit` (one order per shop),
//! `GET /p/myOrder/myOrder`, `GET /p/myOrder/orderCount`, `PUT /p/myOrder/cancel/{orderNumber}`,
//! `PUT /p/myOrder/receipt/{orderNumber}`. Stock is taken inside the order's transaction and
//! can never go below zero.
//!
//! - `handlers.rs`: the calls and their input checks;
//! - `forms.rs`: submission, cancelling and receipt as plain forms (`api::forms`);
//! - `service.rs`: a confirmation and the submission transaction, step by step;
//! - `repo.rs`: the SQL: prices, coupons and points as stored, the confirmation, the steps of a
//!   submission, the buyer's orders, cancelling;
//! - `pricing.rs`: a purchase's amounts and its confirmation, pure;
//! - `rules.rs`: the amount rules (coupons, freight, points, sharing), pure;
//! - `error.rs`: the orders' refusals, answered by `handlers`;
//! - `flash_sale.rs`: a node under a flash sale's burst: admission and the sold-out answer;
//! - `group_buy.rs`: group-buy groups: opening, joining, filling on payment, failing at their
//!   deadline (`GET /groupTeam/joinList` lists the open ones);
//! - `expiry.rs`: the job cancelling unpaid orders past their payment time and failing
//!   group-buy groups past theirs.

pub mod error;
pub mod expiry;
pub mod flash_sale;
mod forms;
pub mod group_buy;
pub mod handlers;
pub mod pricing;
pub mod repo;
pub mod rules;
pub mod service;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post, put};
use axum::Router;

/// The orders' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::ORDER_CONFIRM, post(handlers::confirm))
        .route(paths::ORDER_SUBMIT, post(handlers::submit))
        .route(paths::MY_ORDER_DETAIL, get(handlers::detail))
        .route(paths::MY_ORDER_LIST, get(handlers::my_orders))
        .route(paths::MY_ORDER_COUNT, get(handlers::order_count))
        .route(paths::MY_ORDER_CANCEL, put(handlers::cancel))
        .route(paths::MY_ORDER_RECEIPT, put(handlers::receipt))
        .route(paths::GROUP_TEAM_JOIN_LIST, get(handlers::group_teams))
}

/// The orders' plain forms (`api::forms`).
pub fn form_router() -> Router<AppState> {
    Router::new()
        .route(api::forms::ORDER_SUBMIT, post(forms::submit))
        .route(api::forms::ORDER_CANCEL, post(forms::cancel))
        .route(api::forms::ORDER_RECEIPT, post(forms::receipt))
}
