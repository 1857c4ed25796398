//! The balance wallet and points (spec sections 1, 2, 5 and 9): the balance with its records
//! (`/p/userBalance/...`; a top-up is the payments domain's `POST /p/balance/recharge`, paid
//! through a gateway at the checkout counter); the points with their records, the daily
//! sign-in over a 7-day cycle (`/p/score/...`), points earned by orders' receipts and by
//! reviews, and the expiry job ([`spawn`]) on the server's one clock. Both holdings are ledgers written only by
//! `ledger::move_balance` / `move_points` inside the transaction of their cause, so a
//! buyer's records always add up to what they hold.
//!
//! - `handlers.rs`: the calls (the signed-in buyer's own data only);
//! - `forms.rs`: the daily sign-in as a plain form (`api::forms::SCORE_SIGN_IN`);
//! - `ledger.rs`: what a buyer holds and the only writes of its ledgers;
//! - `repo.rs`: the reads of the ledgers.

mod forms;
pub mod handlers;
pub mod ledger;
pub mod repo;

use crate::db::Db;
use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;
use std::time::Duration;

/// How often the points expiry pass runs.
pub const EXPIRY_INTERVAL: Duration = Duration::from_secs(10 * 60);
/// Buyers looked at per pass.
pub const EXPIRY_BATCH: i64 = 500;

/// My Points' plain form (`api::forms::SCORE_SIGN_IN`).
pub fn form_router() -> Router<AppState> {
    Router::new().route(api::forms::SCORE_SIGN_IN, post(forms::sign_in))
}

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::USER_BALANCE_INFO, get(handlers::balance_info))
        .route(paths::USER_BALANCE_PAGE, get(handlers::balance_page))
        .route(paths::SCORE_INFO, get(handlers::score_info))
        .route(paths::SCORE_SIGN_IN, post(handlers::sign_in))
        .route(paths::SCORE_PAGE, get(handlers::score_page))
}

/// One points expiry pass at the clock's time (also run by `POST /dev/clock`).
pub async fn run_once(db: &Db) -> Result<u64, sqlx::Error> {
    repo::expire_points(db, db.now(), EXPIRY_BATCH).await
}

/// Runs the points expiry pass for the life of the process (safe on several nodes at once).
pub fn spawn(db: Db) {
    tokio::spawn(async move {
        loop {
            match run_once(&db).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(buyers = n, "points expired"),
                Err(e) => tracing::warn!(error = %e, "points expiry"),
            }
            tokio::time::sleep(EXPIRY_INTERVAL).await;
        }
    });
}
