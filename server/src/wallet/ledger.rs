//! What a buyer holds, balance and points, and its ledgers: every change of either is a ledger
//! row written in the transaction of its cause, so a buyer's records always add up to what they
//! hold. Below the payments, orders and members, which all move money and points through it.

use crate::db::{Db, DbResult};
use sqlx::AnyConnection;

/// The buyer's balance (cents) and points.
pub async fn holdings(db: &Db, user_id: i64) -> DbResult<(i64, i64)> {
    let row: Option<(i64, i64)> = sqlx::query_as("SELECT balance, points FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.unwrap_or_default())
}

/// Changes a buyer's balance by `delta` with its ledger row; false (nothing changed) when a
/// debit is more than the balance.
pub async fn move_balance(
    conn: &mut AnyConnection,
    user_id: i64,
    delta: i64,
    reason: i64,
    pay_no: Option<&str>,
    order_number: Option<&str>,
    now: i64,
) -> DbResult<bool> {
    let change = Change { user_id, delta, reason, pay_no, order_number, now };
    move_holding(
        conn,
        "UPDATE users SET balance = balance + $1 WHERE user_id = $2 AND balance + $3 >= 0",
        "balance_record",
        change,
    )
    .await
}

/// Changes a buyer's points by `delta` with its ledger row; false (nothing changed) when a
/// debit is more than the points held.
pub async fn move_points(
    conn: &mut AnyConnection,
    user_id: i64,
    delta: i64,
    reason: i64,
    order_number: Option<&str>,
    now: i64,
) -> DbResult<bool> {
    let change = Change { user_id, delta, reason, pay_no: None, order_number, now };
    move_holding(
        conn,
        "UPDATE users SET points = points + $1 WHERE user_id = $2 AND points + $3 >= 0",
        "points_record",
        change,
    )
    .await
}

/// One change of what a buyer holds, for its ledger.
struct Change<'a> {
    user_id: i64,
    delta: i64,
    reason: i64,
    pay_no: Option<&'a str>,
    order_number: Option<&'a str>,
    now: i64,
}

/// Applies `update` (conditional on not going below zero) and writes the ledger row.
async fn move_holding(conn: &mut AnyConnection, update: &str, ledger: &str, c: Change<'_>) -> DbResult<bool> {
    let done =
        sqlx::query(update).bind(c.delta).bind(c.user_id).bind(c.delta).execute(&mut *conn).await?.rows_affected();
    if done == 0 {
        return Ok(false);
    }
    let (columns, values) = if ledger == "balance_record" {
        ("user_id, delta, reason, order_number, created_at, pay_no", "$1, $2, $3, $4, $5, $6")
    } else {
        ("user_id, delta, reason, order_number, created_at", "$1, $2, $3, $4, $5")
    };
    let sql = format!("INSERT INTO {ledger} ({columns}) VALUES ({values})");
    let mut insert = sqlx::query(&sql).bind(c.user_id).bind(c.delta).bind(c.reason).bind(c.order_number).bind(c.now);
    if ledger == "balance_record" {
        insert = insert.bind(c.pay_no);
    }
    insert.execute(&mut *conn).await?;
    Ok(true)
}
