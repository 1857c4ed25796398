//! The payments' reads and writes: the orders a buyer pays, pay attempts and their orders, the
//! gateways' facts acted on (by idempotency key), and the reasons of their balance and points
//! ledger rows. The ledgers themselves are the wallet's (`wallet::ledger`, re-exported here).

use crate::db::{Db, DbResult};
use api::config::pay_type;
use api::orders::order_status;
use api::payments::pay_status;
use sqlx::{AnyConnection, Row as _};

pub use crate::wallet::ledger::{move_balance, move_points};

/// `balance_record.reason`: orders paid with the balance.
pub const BALANCE_PAID: i64 = 1;
/// `balance_record.reason`: money given back to the balance.
pub const BALANCE_REFUNDED: i64 = 2;
/// `balance_record.reason`: a top-up through a gateway.
pub const BALANCE_RECHARGED: i64 = 3;
/// `balance_record.reason`: granted by the mall (the demo buyers' starting balance).
pub const BALANCE_GRANTED: i64 = 4;
/// `points_record.reason`: a points-mall order paid with points (1 to 3 are the orders').
pub const POINTS_PAID_ORDER: i64 = 4;
/// `points_record.reason`: the points of a cancelled points-mall order given back.
pub const POINTS_REFUNDED_ORDER: i64 = 5;

/// An order as the checkout counter and the pay call see it.
#[derive(Debug, Clone)]
pub struct PayableOrder {
    pub order_id: i64,
    pub order_number: String,
    pub status: i32,
    pub order_type: i32,
    pub actual_total: i64,
    pub score: i64,
    pub expire_time: Option<i64>,
    pub shop_name: String,
    pub prod_name: String,
    pub total_count: i64,
}

impl PayableOrder {
    /// Whether it may still be paid at `now`: unpaid and within its payment time.
    pub fn payable(&self, now: i64) -> bool {
        self.status == order_status::UNPAID && self.expire_time.is_none_or(|t| t > now)
    }
}

/// `$first, $first+1, ...` for `count` bound values.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// The buyer's orders of `numbers`, in the order named; another buyer's are left out exactly
/// like unknown ones.
pub async fn orders_of(conn: &mut AnyConnection, user_id: i64, numbers: &[String]) -> DbResult<Vec<PayableOrder>> {
    let sql = format!(
        "SELECT o.order_id, o.order_number, o.status, o.order_type, o.actual_total, o.order_score, o.expire_time,
                s.shop_name, o.total_count,
                (SELECT i.prod_name FROM order_item i WHERE i.order_id = o.order_id ORDER BY i.order_item_id LIMIT 1)
         FROM orders o LEFT JOIN shop s ON s.shop_id = o.shop_id
         WHERE o.user_id = $1 AND o.order_number IN ({})",
        placeholders(2, numbers.len())
    );
    let mut query = sqlx::query(&sql).bind(user_id);
    for number in numbers {
        query = query.bind(number);
    }
    let rows = query.fetch_all(&mut *conn).await?;
    let mut orders = Vec::with_capacity(rows.len());
    for row in rows {
        orders.push(PayableOrder {
            order_id: row.try_get(0)?,
            order_number: row.try_get(1)?,
            status: row.try_get::<i64, _>(2)? as i32,
            order_type: row.try_get::<i64, _>(3)? as i32,
            actual_total: row.try_get(4)?,
            score: row.try_get(5)?,
            expire_time: row.try_get(6)?,
            shop_name: row.try_get::<Option<String>, _>(7)?.unwrap_or_default(),
            total_count: row.try_get(8)?,
            prod_name: row.try_get::<Option<String>, _>(9)?.unwrap_or_default(),
        });
    }
    orders.sort_by_key(|o| numbers.iter().position(|n| *n == o.order_number));
    Ok(orders)
}

/// What a buyer holds: balance (cents), points, and the payment password's hash.
pub async fn means(conn: &mut AnyConnection, user_id: i64) -> DbResult<(i64, i64, Option<String>)> {
    sqlx::query_as("SELECT balance, points, pay_password_hash FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await
}

/// The buyer's sign-in password hash, if the account has one.
pub async fn password_hash(db: &Db, user_id: i64) -> DbResult<Option<String>> {
    let row: Option<(Option<String>,)> = sqlx::query_as("SELECT password_hash FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.and_then(|r| r.0))
}

/// Stores a new payment password hash.
pub async fn set_pay_password(db: &Db, user_id: i64, hash: &str) -> DbResult<()> {
    sqlx::query("UPDATE users SET pay_password_hash = $1 WHERE user_id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A pay attempt as stored.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub pay_no: String,
    pub user_id: i64,
    pub pay_type: i32,
    pub pay_kind: i32,
    pub amount: i64,
    pub score: i64,
    pub charge_currency: String,
    pub charge_minor: i64,
    pub status: i32,
    pub gateway_ref: Option<String>,
    pub transaction_id: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub checked_at: Option<i64>,
}

const ATTEMPT_COLUMNS: &str = "pay_no, user_id, pay_type, pay_kind, amount, score, charge_currency, charge_minor, \
                               status, gateway_ref, transaction_id, created_at, expires_at, checked_at";

fn attempt_of(row: &sqlx::any::AnyRow) -> DbResult<Attempt> {
    Ok(Attempt {
        pay_no: row.try_get(0)?,
        user_id: row.try_get(1)?,
        pay_type: row.try_get::<i64, _>(2)? as i32,
        pay_kind: row.try_get::<i64, _>(3)? as i32,
        amount: row.try_get(4)?,
        score: row.try_get(5)?,
        charge_currency: row.try_get(6)?,
        charge_minor: row.try_get(7)?,
        status: row.try_get::<i64, _>(8)? as i32,
        gateway_ref: row.try_get(9)?,
        transaction_id: row.try_get(10)?,
        created_at: row.try_get(11)?,
        expires_at: row.try_get(12)?,
        checked_at: row.try_get(13)?,
    })
}

/// The attempt `pay_no`.
pub async fn attempt(conn: &mut AnyConnection, pay_no: &str) -> DbResult<Option<Attempt>> {
    let row = sqlx::query(&format!("SELECT {ATTEMPT_COLUMNS} FROM pay_attempt WHERE pay_no = $1"))
        .bind(pay_no)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(attempt_of).transpose()
}

/// A new attempt to store.
pub struct NewAttempt<'a> {
    pub pay_no: &'a str,
    pub user_id: i64,
    pub pay_type: i32,
    pub pay_kind: i32,
    pub amount: i64,
    pub score: i64,
    pub charge_currency: &'a str,
    pub charge_minor: i64,
    pub status: i32,
    pub now: i64,
    pub expires_at: i64,
}

impl<'a> NewAttempt<'a> {
    /// A payment from the buyer's balance: USD, no points, paid the moment it is stored (the
    /// balance moves in the same transaction). Orders and memberships bought from the
    /// balance store the same attempt.
    pub fn paid_from_balance(pay_no: &'a str, user_id: i64, pay_kind: i32, amount: i64, now: i64) -> Self {
        NewAttempt {
            pay_no,
            user_id,
            pay_type: pay_type::BALANCEPAY,
            pay_kind,
            amount,
            score: 0,
            charge_currency: "USD",
            charge_minor: amount,
            status: pay_status::PAID,
            now,
            expires_at: now,
        }
    }
}

/// Stores an attempt and the orders it pays (with each one's share).
pub async fn insert_attempt(conn: &mut AnyConnection, a: &NewAttempt<'_>, orders: &[(i64, i64)]) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO pay_attempt (pay_no, user_id, pay_type, pay_kind, amount, score, charge_currency, charge_minor,
                                  status, created_at, expires_at, paid_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(a.pay_no)
    .bind(a.user_id)
    .bind(a.pay_type as i64)
    .bind(a.pay_kind as i64)
    .bind(a.amount)
    .bind(a.score)
    .bind(a.charge_currency)
    .bind(a.charge_minor)
    .bind(a.status as i64)
    .bind(a.now)
    .bind(a.expires_at)
    .bind((a.status == pay_status::PAID).then_some(a.now))
    .execute(&mut *conn)
    .await?;
    for (order_id, amount) in orders {
        sqlx::query("INSERT INTO pay_attempt_order (pay_no, order_id, amount) VALUES ($1, $2, $3)")
            .bind(a.pay_no)
            .bind(order_id)
            .bind(amount)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Takes the buyer's row for the rest of the transaction (PostgreSQL's row lock, SQLite's
/// write lock), so that concurrent starts of one buyer's payments count the open ones one
/// after another.
pub async fn lock_buyer(conn: &mut AnyConnection, user_id: i64) -> DbResult<()> {
    sqlx::query("UPDATE users SET user_id = user_id WHERE user_id = $1").bind(user_id).execute(&mut *conn).await?;
    Ok(())
}

/// A buyer's open gateway attempts at `now` (pending, not expired), with the browser action
/// each was started with (none while it is being started), oldest first.
pub async fn open_attempts(
    conn: &mut AnyConnection,
    user_id: i64,
    now: i64,
) -> DbResult<Vec<(Attempt, Option<String>)>> {
    let rows = sqlx::query(&format!(
        "SELECT {ATTEMPT_COLUMNS}, action FROM pay_attempt
         WHERE user_id = $1 AND status = $2 AND expires_at > $3 ORDER BY created_at, pay_no"
    ))
    .bind(user_id)
    .bind(pay_status::PENDING as i64)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(|row| Ok((attempt_of(row)?, row.try_get::<Option<String>, _>(14)?))).collect()
}

/// What the browser does to pay a started attempt (JSON), if it was kept.
pub async fn action(conn: &mut AnyConnection, pay_no: &str) -> DbResult<Option<String>> {
    let row: Option<(Option<String>,)> = sqlx::query_as("SELECT action FROM pay_attempt WHERE pay_no = $1")
        .bind(pay_no)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.and_then(|r| r.0))
}

/// Keeps what the browser does to pay a started attempt (JSON).
pub async fn set_action(db: &Db, pay_no: &str, action: &str) -> DbResult<()> {
    sqlx::query("UPDATE pay_attempt SET action = $1 WHERE pay_no = $2")
        .bind(action)
        .bind(pay_no)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The orders of an attempt: id, number, share of the amount, order type.
pub async fn attempt_orders(conn: &mut AnyConnection, pay_no: &str) -> DbResult<Vec<(i64, String, i64, i32)>> {
    let rows: Vec<(i64, String, i64, i64)> = sqlx::query_as(
        "SELECT o.order_id, o.order_number, a.amount, o.order_type
         FROM pay_attempt_order a JOIN orders o ON o.order_id = a.order_id
         WHERE a.pay_no = $1 ORDER BY o.order_id",
    )
    .bind(pay_no)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(id, number, amount, kind)| (id, number, amount, kind as i32)).collect())
}

/// Records the gateway's id of a started payment.
pub async fn set_gateway_ref(db: &Db, pay_no: &str, gateway_ref: Option<&str>) -> DbResult<()> {
    sqlx::query("UPDATE pay_attempt SET gateway_ref = $1 WHERE pay_no = $2")
        .bind(gateway_ref)
        .bind(pay_no)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Moves an attempt from one of `from` to `to`; false when it was in none of them (someone
/// else moved it first).
pub async fn move_attempt(conn: &mut AnyConnection, pay_no: &str, from: &[i32], to: i32, now: i64) -> DbResult<bool> {
    let sql = format!(
        "UPDATE pay_attempt SET status = $1, paid_at = CASE WHEN $2 = 1 THEN $3 ELSE paid_at END
         WHERE pay_no = $4 AND status IN ({})",
        placeholders(5, from.len())
    );
    let mut query = sqlx::query(&sql).bind(to as i64).bind(i64::from(to == pay_status::PAID)).bind(now).bind(pay_no);
    for status in from {
        query = query.bind(*status as i64);
    }
    Ok(query.execute(&mut *conn).await?.rows_affected() > 0)
}

/// Keeps the gateway's id of the money movement (for refunds).
pub async fn set_transaction_id(conn: &mut AnyConnection, pay_no: &str, transaction_id: &str) -> DbResult<()> {
    sqlx::query("UPDATE pay_attempt SET transaction_id = $1 WHERE pay_no = $2")
        .bind(transaction_id)
        .bind(pay_no)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Notes when the gateway was last asked about an attempt; false when another caller asked
/// since `seen` (so only one of several concurrent pollers asks).
pub async fn claim_check(db: &Db, pay_no: &str, seen: Option<i64>, now: i64) -> DbResult<bool> {
    let done = sqlx::query("UPDATE pay_attempt SET checked_at = $1 WHERE pay_no = $2 AND COALESCE(checked_at, 0) = $3")
        .bind(now)
        .bind(pay_no)
        .bind(seen.unwrap_or(0))
        .execute(&db.pool)
        .await?
        .rows_affected();
    Ok(done > 0)
}

/// Takes the idempotency key of a gateway fact; false when it was taken already (a replayed
/// or concurrent delivery of the same fact).
pub async fn take_event(
    conn: &mut AnyConnection,
    key: &str,
    pay_no: &str,
    pay_type: i32,
    outcome: &str,
    now: i64,
) -> DbResult<bool> {
    let done = sqlx::query(
        "INSERT INTO pay_event (event_key, pay_no, pay_type, outcome, received_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (event_key) DO NOTHING",
    )
    .bind(key)
    .bind(pay_no)
    .bind(pay_type as i64)
    .bind(outcome)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(done > 0)
}

/// Marks an unpaid order paid by an attempt; false when it was no longer unpaid. A group-buy
/// order's status is moved by [`crate::orders::group_buy::order_paid`] before this.
pub async fn mark_order_paid(
    conn: &mut AnyConnection,
    order_id: i64,
    pay_no: &str,
    pay_type: i32,
    now: i64,
) -> DbResult<bool> {
    let done = sqlx::query(
        "UPDATE orders SET status = $1, pay_time = $2, pay_no = $3, pay_type = $4 WHERE order_id = $5 AND status = $6",
    )
    .bind(order_status::PAID as i64)
    .bind(now)
    .bind(pay_no)
    .bind(pay_type as i64)
    .bind(order_id)
    .bind(order_status::UNPAID as i64)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(done > 0)
}

/// Notes how a group-buy order (whose status its group moved) was paid.
pub async fn note_order_payment(
    conn: &mut AnyConnection,
    order_id: i64,
    pay_no: &str,
    pay_type: i32,
    now: i64,
) -> DbResult<()> {
    sqlx::query("UPDATE orders SET pay_time = $1, pay_no = $2, pay_type = $3 WHERE order_id = $4")
        .bind(now)
        .bind(pay_no)
        .bind(pay_type as i64)
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The attempt that paid an order (the latest paid one), if any.
pub async fn paying_attempt(conn: &mut AnyConnection, order_id: i64) -> DbResult<Option<(Attempt, i64)>> {
    let row = sqlx::query(&format!(
        "SELECT {}, a.amount FROM pay_attempt p JOIN pay_attempt_order a ON a.pay_no = p.pay_no
         WHERE a.order_id = $1 AND p.status = $2 ORDER BY p.paid_at DESC LIMIT 1",
        ATTEMPT_COLUMNS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", ")
    ))
    .bind(order_id)
    .bind(pay_status::PAID as i64)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(row) => Ok(Some((attempt_of(&row)?, row.try_get(14)?))),
        None => Ok(None),
    }
}

/// Pending attempts whose link ran out by `now`, at most `limit`.
pub async fn overdue_attempts(db: &Db, now: i64, limit: i64) -> DbResult<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT pay_no FROM pay_attempt WHERE status = $1 AND expires_at <= $2 ORDER BY expires_at LIMIT $3",
    )
    .bind(pay_status::PENDING as i64)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}
