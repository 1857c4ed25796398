//! The automatic refund (spec section 9): an application the merchant has not answered within
//! 7 days (applied, or its goods shipped back and not received) is refunded by the platform.
//! The deadline is in the database and read on the shared clock; each application is claimed by
//! a conditional update in its refund's transaction, so with several servers it is refunded
//! once.

use crate::db::Db;
use crate::refunds::repo;
use std::time::Duration;

/// How often the job runs.
pub const INTERVAL: Duration = Duration::from_secs(60);
/// Applications looked at per round trip.
const BATCH: i64 = 100;

/// Refunds every application overdue at `now`; returns how many this call refunded.
pub async fn run_once(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let mut refunded = 0;
    loop {
        let n = repo::refund_overdue(db, now, BATCH).await?;
        refunded += n;
        if n < BATCH as u64 {
            break;
        }
    }
    Ok(refunded)
}

/// Runs the job for the life of the process, on the shared clock.
pub fn spawn(db: Db) {
    tokio::spawn(async move {
        loop {
            match run_once(&db, db.now()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(refunds = n, "refunded applications the merchant did not answer in time"),
                Err(e) => tracing::warn!(error = %e, "automatic refunds"),
            }
            tokio::time::sleep(INTERVAL).await;
        }
    });
}
