//! The payments job, on the shared clock: sends the refunds that are due, and settles the
//! pending attempts whose time ran out, asking their gateway once more (a payment whose
//! notification was lost is found paid; one never paid expires). Safe on several nodes: each
//! refund and each attempt is claimed by a conditional update.

use crate::payments::{online, refunds, repo};
use crate::state::AppState;
use api::payments::pay_status;
use std::time::Duration;

/// How often the job runs.
pub const INTERVAL: Duration = Duration::from_secs(30);
/// Refunds and attempts looked at per run.
const BATCH: i64 = 100;

/// One run: refunds due, then overdue attempts. Returns (refunds sent, attempts expired).
pub async fn run_once(state: &AppState) -> Result<(u64, u64), crate::refusal::DomainError> {
    let sent = refunds::send_due(state, BATCH).await?;
    let mut expired = 0;
    for pay_no in repo::overdue_attempts(&state.db, state.db.now(), BATCH).await? {
        let mut conn = state.db.pool.acquire().await?;
        let Some(attempt) = repo::attempt(&mut conn, &pay_no).await? else { continue };
        drop(conn);
        online::check(state, &attempt, true).await?;
        let mut conn = state.db.pool.acquire().await?;
        let now = state.db.now();
        if repo::move_attempt(&mut conn, &pay_no, &[pay_status::PENDING], pay_status::EXPIRED, now).await? {
            expired += 1;
        }
    }
    Ok((sent, expired))
}

/// Runs the job for the life of the process.
pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            match run_once(&state).await {
                Ok((0, 0)) => {}
                Ok((sent, expired)) => tracing::info!(refunds = sent, attempts_expired = expired, "payments job"),
                Err(e) => tracing::warn!(error = %e, "payments job"),
            }
            tokio::time::sleep(INTERVAL).await;
        }
    });
}
