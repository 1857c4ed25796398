//! The wallet's sqlx side: pages of the ledgers.

use crate::db::{Db, DbResult};
use crate::http::paging::offset;
use api::money::Price;
use api::wallet::BalanceRecord;

/// A page of the buyer's balance records, newest first, and how many there are.
pub async fn balance_records(db: &Db, user_id: i64, current: i64, size: i64) -> DbResult<(Vec<BalanceRecord>, i64)> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM balance_record WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    let rows: Vec<(i64, i64, i64, Option<String>, Option<String>, i64)> = sqlx::query_as(
        "SELECT record_id, delta, reason, order_number, pay_no, created_at FROM balance_record
         WHERE user_id = $1 ORDER BY created_at DESC, record_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user_id)
    .bind(size)
    .bind(offset(current, size))
    .fetch_all(&db.pool)
    .await?;
    let records = rows
        .into_iter()
        .map(|(record_id, delta, reason, order_number, pay_no, create_time)| BalanceRecord {
            record_id,
            change: Price(delta),
            reason: reason as i32,
            order_number,
            pay_no,
            create_time,
        })
        .collect();
    Ok((records, total))
}
