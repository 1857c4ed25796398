//! Refunds and returns after a purchase. Pages of spec section 2: `/return-detail`,
//! `/return-detail/components/refund-progress` and the user centre's `uc-return`,
//! `apply-return`, `return-proof`; calls in mall4j's style under `/p/orderRefund/*`: apply,
//! list, info, refundable, submitExpress (the return shipment), cancel (withdraw),
//! applyIntervention.
//!
//! - `handlers.rs`: the calls and their input checks;
//! - `rules.rs`: the field rules of spec section 5, without I/O;
//! - `amounts.rs`: what of an order may still be refunded and why an application is refused,
//!   without I/O;
//! - `service.rs`: an application, read, decided and held in its transaction;
//! - `repo.rs`: applications, their steps, what they hold of their orders, and every move
//!   (the merchant's too, for the development commands), money back through the payments;
//! - `jobs.rs`: the automatic refund of applications the merchant left unanswered for 7 days.

pub mod amounts;
pub mod handlers;
pub mod jobs;
pub mod repo;
pub mod rules;
pub mod service;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post, put};
use axum::Router;

/// The refunds' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::ORDER_REFUND_APPLY, post(handlers::apply))
        .route(paths::ORDER_REFUND_LIST, get(handlers::list))
        .route(paths::ORDER_REFUND_INFO, get(handlers::info))
        .route(paths::ORDER_REFUND_REFUNDABLE, get(handlers::refundable))
        .route(paths::ORDER_REFUND_SUBMIT_EXPRESS, post(handlers::submit_express))
        .route(paths::ORDER_REFUND_CANCEL, put(handlers::cancel))
        .route(paths::ORDER_REFUND_APPLY_INTERVENTION, post(handlers::apply_intervention))
}
