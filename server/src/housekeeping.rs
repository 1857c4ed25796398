//! Periodic clean-up that keeps every table anonymous visitors can write to bounded: rate-limit
//! counters whose window has passed, expired one-time codes, abandoned sign-in requests, and the
//! page-visit log (a retention period and a row cap).

use crate::accounts::repo as accounts;
use crate::analytics::repo as analytics;
use crate::db::Db;
use std::time::Duration;

/// How often the clean-up runs.
pub const INTERVAL: Duration = Duration::from_secs(10 * 60);
/// Page visits are kept this long (Unix milliseconds): 90 days.
pub const FLOW_LOG_RETENTION_MILLIS: i64 = 90 * 24 * 3_600_000;
/// At most this many page visits are kept; the oldest go first.
pub const FLOW_LOG_MAX_ROWS: i64 = 2_000_000;
/// Codes and sign-in requests are forgotten a day after their expiry.
const GRACE_MILLIS: i64 = 24 * 3_600_000;

/// One round of clean-up at `now` (Unix milliseconds); returns how many rows went. A
/// rate-limit counter goes once its window is over (no window is longer than
/// [`accounts::RATE_WINDOW_MAX_MILLIS`]): together with the per-address budgets being taken
/// first, a flood from one address keeps at most its budgets' worth of counters.
pub async fn run_once(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let mut removed = accounts::sweep_rate_limits(db, now - accounts::RATE_WINDOW_MAX_MILLIS).await?;
    removed += accounts::sweep_codes(db, now - GRACE_MILLIS).await?;
    removed += accounts::sweep_sign_in_requests(db, now - GRACE_MILLIS).await?;
    removed += analytics::prune_flow_logs(db, now - FLOW_LOG_RETENTION_MILLIS, FLOW_LOG_MAX_ROWS).await?;
    Ok(removed)
}

/// Runs the clean-up for the life of the process (safe on several nodes at once).
pub fn spawn(db: Db) {
    tokio::spawn(async move {
        loop {
            match run_once(&db, db.now()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(rows = n, "housekeeping"),
                Err(e) => tracing::warn!(error = %e, "housekeeping"),
            }
            tokio::time::sleep(INTERVAL).await;
        }
    });
}
