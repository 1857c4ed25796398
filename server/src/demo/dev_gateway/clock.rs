//! `POST /dev/clock` ([`paths::DEV_CLOCK`], development only): moves this server's clock
//! ([`crate::db::Clock`]) forward by `advanceMs` (more than 0, at most 7 days), then runs the
//! periodic passes once at the new time, in the order a late payment needs them: the
//! payments job (refunds due, pay attempts and QR codes whose time ran out, asked at their
//! gateway once more), the unpaid-order expiry, the automatic refund of applications the
//! merchant left unanswered (and the payments job again, to send their gateway refunds), the
//! housekeeping. Answers the new time, how
//! many orders were cancelled and how many rows the housekeeping removed. End-to-end tests use it to let orders, pay attempts, sessions
//! and the development gateway's own payments expire without waiting.
//!
//! The offset is also added to the one shared in the database (`dev_clock`), which every node
//! started with `MALL_DEV=1` follows ([`spawn_sync`], once a [`SYNC_INTERVAL`]): with several
//! nodes, the answering one moves at once and the others within a second, and their jobs then
//! see the same time.

use super::off;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiJson;
use crate::state::AppState;
use api::paths;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use serde::{Deserialize, Serialize};

/// The longest step: 7 days.
pub const MAX_ADVANCE_MS: i64 = 7 * 24 * 3_600_000;

pub(super) fn router() -> Router<AppState> {
    Router::new().route(paths::DEV_CLOCK, post(advance))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockParam {
    pub advance_ms: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockAnswer {
    /// The new time, Unix milliseconds.
    pub now: i64,
    /// Unpaid orders the expiry pass cancelled.
    pub cancelled_orders: u64,
    /// Rows the housekeeping removed (stale limits, codes, sign-in requests, old page visits).
    pub housekeeping_rows: u64,
}

async fn advance(State(state): State<AppState>, body: Result<ApiJson<ClockParam>, ApiError>) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    match body {
        Ok(ApiJson(param)) => run(&state, param.advance_ms).await.into_response(),
        Err(refused) => refused.into_response(),
    }
}

async fn run(state: &AppState, advance_ms: i64) -> ApiResult<ClockAnswer> {
    if !(1..=MAX_ADVANCE_MS).contains(&advance_ms) {
        return Err(crate::http::params::out_of_range("advanceMs", 1, MAX_ADVANCE_MS));
    }
    let shared: Option<i64> =
        sqlx::query_scalar("UPDATE dev_clock SET offset_ms = offset_ms + $1 WHERE id = 1 RETURNING offset_ms")
            .bind(advance_ms)
            .fetch_optional(&state.db.pool)
            .await?;
    state.db.clock.advance(advance_ms);
    // In step with the other nodes, had this one not yet read their last move.
    if let Some(shared) = shared {
        state.db.clock.catch_up(shared);
    }
    let now = state.db.now();
    tracing::info!(advance_ms, now, "development clock moved forward");
    crate::payments::jobs::run_once(state).await?;
    let cancelled_orders =
        crate::orders::expiry::cancel_expired(&state.db, now, crate::payments::refunds::refund_cancelled).await?;
    crate::refunds::jobs::run_once(&state.db, now).await?;
    // The refunds just made through a gateway are sent in this pass too.
    crate::payments::jobs::run_once(state).await?;
    let housekeeping_rows = crate::housekeeping::run_once(&state.db, now).await?;
    crate::wallet::run_once(&state.db).await?;
    ok(ClockAnswer { now, cancelled_orders, housekeeping_rows })
}

/// How often a development node reads the shared clock offset.
pub const SYNC_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// Moves `db`'s clock forward to the offset shared in the database, if it is behind it.
pub async fn sync_once(db: &crate::db::Db) -> crate::db::DbResult<()> {
    let offset: Option<i64> =
        sqlx::query_scalar("SELECT offset_ms FROM dev_clock WHERE id = 1").fetch_optional(&db.pool).await?;
    if let Some(offset) = offset {
        db.clock.catch_up(offset);
    }
    Ok(())
}

/// Follows the shared development clock for as long as the process runs (`MALL_DEV=1` only:
/// the caller checks). The first read happens before the node serves its first request.
pub async fn spawn_sync(db: crate::db::Db) {
    if let Err(error) = sync_once(&db).await {
        tracing::warn!("development clock: {error}");
    }
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(SYNC_INTERVAL).await;
            if let Err(error) = sync_once(&db).await {
                tracing::warn!("development clock: {error}");
            }
        }
    });
}
