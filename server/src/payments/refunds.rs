//! Money going back. A paid order cancelled (a group-buy group that failed) gives its share
//! back the way it came: to the balance or the points at once, in the cancel's transaction; to
//! a gateway through a queued refund, which the payments job sends with the gateway adapter
//! (retrying with backoff; the refund's number is the gateway's idempotency key, so a retry
//! never refunds twice). A payment that arrived too late is queued the same way.

use crate::db::DbResult;
use crate::payments::gateways::{Currency, Money, RefundRequest, RefundStatus};
use crate::payments::repo::{self, Attempt};
use crate::payments::transport;
use crate::state::AppState;
use api::config::pay_type;
use sqlx::AnyConnection;

/// `pay_refund.reason`: paid after its orders were cancelled or expired, or paid twice.
pub const REASON_LATE: i64 = 1;
/// `pay_refund.reason`: a paid order was cancelled (its group-buy group failed).
pub const REASON_ORDER_CANCELLED: i64 = 2;

/// `pay_refund.reason`: an after-sale refund application was refunded (`refund_sn` names it).
pub const REASON_AFTER_SALE: i64 = 3;

/// `pay_refund.status`: waiting to be sent.
pub const TO_SEND: i64 = 0;
/// `pay_refund.status`: the gateway refunded.
pub const REFUNDED: i64 = 1;
/// `pay_refund.status`: the gateway accepted it and completes it on its own.
pub const ACCEPTED: i64 = 2;
/// `pay_refund.status`: given up after [`MAX_TRIES`] (logged as an error for a person to act).
pub const GIVEN_UP: i64 = 3;

/// Tries before a refund is given up.
pub const MAX_TRIES: i64 = 8;

/// Queues a refund of `amount` cents (`charge_minor` in the attempt's currency) of an attempt,
/// for one of its orders or (`None`) the whole of it; once per attempt and order.
pub async fn queue(
    conn: &mut AnyConnection,
    attempt: &Attempt,
    order_id: Option<i64>,
    amount: i64,
    charge_minor: i64,
    reason: i64,
    now: i64,
) -> DbResult<()> {
    let refund_no = format!("R{}", &attempt.pay_no[1..]);
    let refund_no = match order_id {
        Some(id) => format!("{refund_no}-{id}"),
        None => refund_no,
    };
    sqlx::query(
        "INSERT INTO pay_refund (refund_no, pay_no, order_id, amount, charge_minor, reason, status, next_try_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
    )
    .bind(refund_no)
    .bind(&attempt.pay_no)
    .bind(order_id)
    .bind(amount)
    .bind(charge_minor)
    .bind(reason)
    .bind(TO_SEND)
    .bind(now)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Queues the gateway refund of an after-sale application (`crate::refunds`) of `amount`
/// cents of an order paid by `attempt`, inside the transaction that marks it refunded; once per
/// application. The payments job sends it like every other refund.
pub async fn queue_after_sale(
    conn: &mut AnyConnection,
    attempt: &Attempt,
    order_id: i64,
    refund_sn: &str,
    amount: i64,
    now: i64,
) -> DbResult<()> {
    let charge = super::rules::charge_share(attempt.charge_minor, attempt.amount, amount);
    sqlx::query(
        "INSERT INTO pay_refund (refund_no, pay_no, order_id, amount, charge_minor, reason, status, next_try_at,
                                 created_at, refund_sn)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
    )
    .bind(format!("R{}-{refund_sn}", &attempt.pay_no[1..]))
    .bind(&attempt.pay_no)
    .bind(order_id)
    .bind(amount)
    .bind(charge)
    .bind(REASON_AFTER_SALE)
    .bind(TO_SEND)
    .bind(now)
    .bind(now)
    .bind(refund_sn)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Inside a cancel's transaction, once a paid order is cancelled: its share goes back the way
/// it was paid. Orders without a recorded payment (the demo's) have nothing to give back.
pub async fn order_cancelled(conn: &mut AnyConnection, order_id: i64, order_number: &str, now: i64) -> DbResult<()> {
    let Some((attempt, share)) = repo::paying_attempt(conn, order_id).await? else { return Ok(()) };
    match attempt.pay_type {
        pay_type::BALANCEPAY => {
            repo::move_balance(
                conn,
                attempt.user_id,
                share,
                repo::BALANCE_REFUNDED,
                Some(&attempt.pay_no),
                Some(order_number),
                now,
            )
            .await?;
        }
        pay_type::SCOREPAY => {
            repo::move_points(conn, attempt.user_id, share, repo::POINTS_REFUNDED_ORDER, Some(order_number), now)
                .await?;
        }
        _ => {
            let charge = super::rules::charge_share(attempt.charge_minor, attempt.amount, share);
            queue(conn, &attempt, Some(order_id), share, charge, REASON_ORDER_CANCELLED, now).await?;
        }
    }
    Ok(())
}

/// [`order_cancelled`] as the orders take it ([`crate::orders::repo::RefundPaid`]).
pub fn refund_cancelled<'c>(
    conn: &'c mut AnyConnection,
    order_id: i64,
    order_number: &'c str,
    now: i64,
) -> crate::orders::repo::RefundFuture<'c> {
    Box::pin(order_cancelled(conn, order_id, order_number, now))
}

/// A refund due to be sent.
struct Due {
    refund_no: String,
    pay_no: String,
    charge_minor: i64,
    attempts: i64,
}

/// Sends the refunds that are due, at most `limit`; returns how many the gateways accepted.
pub async fn send_due(state: &AppState, limit: i64) -> DbResult<u64> {
    let now = state.db.now();
    let rows: Vec<(String, String, i64, i64)> = sqlx::query_as(
        "SELECT refund_no, pay_no, charge_minor, attempts FROM pay_refund
         WHERE status = $1 AND next_try_at <= $2 ORDER BY next_try_at LIMIT $3",
    )
    .bind(TO_SEND)
    .bind(now)
    .bind(limit)
    .fetch_all(&state.db.pool)
    .await?;
    let mut accepted = 0;
    for (refund_no, pay_no, charge_minor, attempts) in rows {
        // Claimed by moving its next try (exponential backoff); another node skips it.
        let backoff = 30_000i64.saturating_mul(1 << attempts.clamp(0, 12));
        let claimed = sqlx::query(
            "UPDATE pay_refund SET attempts = attempts + 1, next_try_at = $1
             WHERE refund_no = $2 AND status = $3 AND attempts = $4",
        )
        .bind(now + backoff)
        .bind(&refund_no)
        .bind(TO_SEND)
        .bind(attempts)
        .execute(&state.db.pool)
        .await?
        .rows_affected();
        if claimed == 0 {
            continue;
        }
        let due = Due { refund_no, pay_no, charge_minor, attempts: attempts + 1 };
        if send(state, &due).await? {
            accepted += 1;
        }
    }
    Ok(accepted)
}

/// Sends one refund; true when the gateway took it.
async fn send(state: &AppState, due: &Due) -> DbResult<bool> {
    let mut conn = state.db.pool.acquire().await?;
    let Some(attempt) = repo::attempt(&mut conn, &due.pay_no).await? else { return Ok(false) };
    drop(conn);
    let Some(currency) = Currency::from_code(&attempt.charge_currency) else { return Ok(false) };
    let request = RefundRequest {
        reference: attempt.pay_no.clone(),
        transaction_id: attempt.transaction_id.clone(),
        amount: Money { currency, minor: due.charge_minor },
        refund_reference: super::rules::gateway_refund_reference(&due.refund_no),
    };
    let outcome = transport::refund(state, attempt.pay_type, &request).await.map_err(|e| e.to_string());
    let now = state.db.now();
    let (status, refund_id) = match outcome {
        Ok(o) if o.status == RefundStatus::Succeeded => (REFUNDED, o.refund_id),
        Ok(o) if o.status == RefundStatus::Pending => (ACCEPTED, o.refund_id),
        Ok(_) | Err(_) if due.attempts >= MAX_TRIES => {
            tracing::error!(refund_no = %due.refund_no, pay_no = %due.pay_no, "refund given up after {MAX_TRIES} tries");
            (GIVEN_UP, None)
        }
        Ok(_) => {
            tracing::warn!(refund_no = %due.refund_no, "refund declined by the gateway; will retry");
            return Ok(false);
        }
        Err(e) => {
            tracing::warn!(refund_no = %due.refund_no, error = %e, "refund not sent; will retry");
            return Ok(false);
        }
    };
    sqlx::query("UPDATE pay_refund SET status = $1, gateway_refund_id = $2, done_at = $3 WHERE refund_no = $4")
        .bind(status)
        .bind(refund_id)
        .bind(now)
        .bind(&due.refund_no)
        .execute(&state.db.pool)
        .await?;
    if status != GIVEN_UP {
        tracing::info!(refund_no = %due.refund_no, pay_no = %due.pay_no, "refund sent");
    }
    Ok(status != GIVEN_UP)
}
