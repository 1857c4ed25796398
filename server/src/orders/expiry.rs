//! The unpaid-order expiry job: an order not paid within 30 minutes is cancelled exactly as
//! its buyer would cancel it (stock, coupons and points go back), a group-buy group whose time
//! ran out before it filled fails with its orders, and confirmations expired for a day are
//! forgotten. Safe on several nodes at once: each cancel is conditional on the
//! order still being unpaid, so one node's work is never done twice.

use crate::db::Db;
use crate::orders::repo::RefundPaid;
use crate::orders::{group_buy, repo};
use std::time::Duration;

/// How often the job runs.
pub const INTERVAL: Duration = Duration::from_secs(30);
/// Orders looked at per round trip.
const BATCH: i64 = 200;

/// Cancels every unpaid order whose payment time ran out by `now`, fails the overdue groups
/// (their paid orders refunded through `refund`, the payments' `refunds::refund_cancelled`)
/// and forgets confirmations expired a day before `now`; returns how many orders this call
/// cancelled.
pub async fn cancel_expired(db: &Db, now: i64, refund: RefundPaid) -> Result<u64, sqlx::Error> {
    let mut cancelled = 0;
    loop {
        let numbers = repo::expired_unpaid(db, now, BATCH).await?;
        let full = numbers.len() as i64 == BATCH;
        for number in numbers {
            // False when another node or the buyer got there first: it is no longer unpaid.
            if repo::cancel(db, None, &number, now).await? {
                cancelled += 1;
            }
        }
        if !full {
            break;
        }
    }
    group_buy::fail_overdue(db, now, refund).await?;
    repo::sweep_confirmations(db, now - repo::CONFIRMATION_GRACE_MS).await?;
    Ok(cancelled)
}

/// Runs the job for the life of the process, on the shared clock.
pub fn spawn(db: Db, refund: RefundPaid) {
    tokio::spawn(async move {
        loop {
            match cancel_expired(&db, db.now(), refund).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(orders = n, "cancelled unpaid orders past their payment time"),
                Err(e) => tracing::warn!(error = %e, "order expiry"),
            }
            tokio::time::sleep(INTERVAL).await;
        }
    });
}
