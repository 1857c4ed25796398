//! The points mall (spec sections 1, 2, 5 and 9): SKUs of the catalogue offered for points
//! (`score_prod`, migration 0022), listed publicly (`GET /score/prodList`, `/score/prodInfo`)
//! and redeemed by a signed-in buyer (`POST /p/scoreOrder/submit`). A redemption is one
//! transaction: the item's units are taken with a conditional update (never below zero), an
//! order of type "points mall" is placed and paid with points (SCOREPAY, a paid pay attempt),
//! and the points leave through `payments::repo::move_points` with their ledger row, so the
//! buyer's records always add up to what they hold. Refused redemptions change nothing.
//!
//! - `handlers.rs`: the calls and their input rules;
//! - `repo.rs`: the reads and the redemption's transaction.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::SCORE_PROD_LIST, get(handlers::prod_list))
        .route(paths::SCORE_PROD_INFO, get(handlers::prod_info))
        .route(paths::SCORE_ORDER_SUBMIT, post(handlers::submit))
}
