//! The balance wallet and points (spec sections 1, 2, 5 and 9): the balance with its records
//! (`/p/userBalance/...`; a top-up is the payments domain's `POST /p/balance/recharge`, paid
//! through a gateway at the checkout counter). Both holdings are ledgers written only by
//! `payments::repo::move_balance` / `move_points` inside the transaction of their cause, so a
//! buyer's records always add up to what they hold.
//!
//! - `handlers.rs`: the calls (the signed-in buyer's own data only);
//! - `repo.rs`: the reads of the ledgers.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::USER_BALANCE_INFO, get(handlers::balance_info))
        .route(paths::USER_BALANCE_PAGE, get(handlers::balance_page))
}
