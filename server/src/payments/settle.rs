//! Settling payments, exactly once. Whatever reports a payment (the balance or points at once,
//! a gateway's notification, a status query when the notification is late), the orders move in
//! one transaction guarded by conditional updates: an attempt leaves "pending" once, an order
//! leaves "unpaid" once, and a gateway fact is acted on once under its idempotency key. A
//! payment whose orders can no longer be paid (cancelled, expired, paid meanwhile by another
//! attempt, their group closed) is refunded through its gateway, never lost.

use crate::db::Db;
use crate::orders::error::{OrderError, OrderResult};
use crate::orders::group_buy;
use crate::payments::gateways::{Currency, Money, PaymentEvent, PaymentStatus};
use crate::payments::{refunds, repo};
use crate::refusal::DomainError;
use api::orders::order_type;
use api::payments::{pay_kind, pay_status};
use sqlx::AnyConnection;

/// What acting on a gateway fact did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// The attempt is now paid and its orders (or top-up) settled.
    Paid,
    /// Paid, but its orders could no longer be paid: the money goes back.
    Refunding,
    /// The gateway declined or the buyer gave up: the attempt failed, the orders wait.
    Failed,
    /// Nothing decided yet.
    Pending,
    /// The fact was acted on before (a replay, a concurrent delivery, or the attempt had
    /// already left the state the fact could move it from).
    AlreadySettled,
    /// The gateway reports another amount or currency than was charged: nothing changed.
    AmountMismatch,
    /// It names no attempt of this gateway: nothing changed.
    Unknown,
    /// Authentic but without an amount (ABA's pushback): a status query must settle it.
    NeedsQuery,
}

/// Pays `orders` (id, number, share, type) of attempt `pay_no` inside the caller's
/// transaction: each unpaid order moves on once, a group-buy order through its group. Refused
/// when one can no longer be paid; the caller then rolls back.
pub async fn pay_orders_in(
    conn: &mut AnyConnection,
    pay_no: &str,
    pay_type: i32,
    orders: &[(i64, String, i64, i32)],
    now: i64,
) -> OrderResult<()> {
    for (order_id, _, _, kind) in orders {
        if *kind == order_type::GROUP_BUY {
            group_buy::order_paid(conn, *order_id, now).await?;
            repo::note_order_payment(conn, *order_id, pay_no, pay_type, now).await?;
        } else if !repo::mark_order_paid(conn, *order_id, pay_no, pay_type, now).await? {
            return Err(OrderError::StatusChanged);
        }
    }
    Ok(())
}

/// The outcome recorded with a fact's idempotency key.
fn outcome(status: PaymentStatus) -> &'static str {
    match status {
        PaymentStatus::Paid => "paid",
        PaymentStatus::Pending => "pending",
        PaymentStatus::Failed => "failed",
        PaymentStatus::Refunded => "refunded",
    }
}

/// Acts on a verified gateway fact whose idempotency key is `key`.
pub async fn apply(db: &Db, event: &PaymentEvent, key: &str) -> Result<Settled, DomainError> {
    let now = db.now();
    if event.status == PaymentStatus::Paid && event.amount.is_none() {
        return Ok(Settled::NeedsQuery);
    }
    let mut tx = db.pool.begin().await?;
    // The key first: a transaction that starts by writing waits for SQLite's one writer
    // instead of failing to upgrade a read, and a duplicate stops here.
    if !repo::take_event(&mut tx, key, &event.reference, event.pay_type, outcome(event.status), now).await? {
        return Ok(Settled::AlreadySettled);
    }
    let Some(attempt) = repo::attempt(&mut tx, &event.reference).await? else {
        tracing::warn!(reference = %event.reference, pay_type = event.pay_type, "payment fact names no attempt");
        return Ok(Settled::Unknown);
    };
    if attempt.pay_type != event.pay_type {
        tracing::warn!(pay_no = %attempt.pay_no, reported = event.pay_type, "payment fact from another gateway");
        return Ok(Settled::Unknown);
    }
    let settled = match event.status {
        PaymentStatus::Paid => {
            let Some(currency) = Currency::from_code(&attempt.charge_currency) else {
                return Err(DomainError::Internal(format!(
                    "attempt {} in {}",
                    attempt.pay_no, attempt.charge_currency
                )));
            };
            let expected = Money { currency, minor: attempt.charge_minor };
            if !event.settles(expected) {
                tracing::error!(pay_no = %attempt.pay_no, ?expected, reported = ?event.amount,
                    "gateway reports another amount than was charged; nothing changed");
                sqlx::query("UPDATE pay_event SET outcome = 'amount-mismatch' WHERE event_key = $1")
                    .bind(key)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                return Ok(Settled::AmountMismatch);
            }
            let from = [pay_status::PENDING, pay_status::FAILED, pay_status::EXPIRED];
            if !repo::move_attempt(&mut tx, &attempt.pay_no, &from, pay_status::PAID, now).await? {
                tx.commit().await?;
                return Ok(Settled::AlreadySettled);
            }
            if let Some(id) = &event.transaction_id {
                repo::set_transaction_id(&mut tx, &attempt.pay_no, id).await?;
            }
            if attempt.pay_kind == pay_kind::RECHARGE {
                repo::move_balance(
                    &mut tx,
                    attempt.user_id,
                    attempt.amount,
                    repo::BALANCE_RECHARGED,
                    Some(&attempt.pay_no),
                    None,
                    now,
                )
                .await?;
                Settled::Paid
            } else if attempt.pay_kind == pay_kind::MEMBER {
                // members: the paid membership runs on, once (its purchase moves once).
                crate::members::repo::settle_purchase(&mut tx, &attempt.pay_no, now).await?;
                Settled::Paid
            } else {
                let orders = repo::attempt_orders(&mut tx, &attempt.pay_no).await?;
                match pay_orders_in(&mut tx, &attempt.pay_no, attempt.pay_type, &orders, now).await {
                    Ok(()) => Settled::Paid,
                    Err(refusal) => {
                        drop(tx);
                        tracing::warn!(pay_no = %attempt.pay_no, %refusal, "paid after its orders could no longer be paid; refunding");
                        return late_payment(db, event, key, now).await;
                    }
                }
            }
        }
        PaymentStatus::Failed => {
            repo::move_attempt(&mut tx, &attempt.pay_no, &[pay_status::PENDING], pay_status::FAILED, now).await?;
            Settled::Failed
        }
        PaymentStatus::Pending => Settled::Pending,
        // A refund the mall asked for, confirmed: the refund job keeps its own record.
        PaymentStatus::Refunded => Settled::AlreadySettled,
    };
    tx.commit().await?;
    Ok(settled)
}

/// A payment whose orders could no longer be paid: the attempt is marked refunded and the
/// whole charge queued to go back through its gateway, in one transaction under the fact's key.
async fn late_payment(db: &Db, event: &PaymentEvent, key: &str, now: i64) -> Result<Settled, DomainError> {
    let mut tx = db.pool.begin().await?;
    if !repo::take_event(&mut tx, key, &event.reference, event.pay_type, "refunding", now).await? {
        return Ok(Settled::AlreadySettled);
    }
    let Some(attempt) = repo::attempt(&mut tx, &event.reference).await? else { return Ok(Settled::Unknown) };
    let from = [pay_status::PENDING, pay_status::FAILED, pay_status::EXPIRED];
    if !repo::move_attempt(&mut tx, &attempt.pay_no, &from, pay_status::REFUNDED, now).await? {
        tx.commit().await?;
        return Ok(Settled::AlreadySettled);
    }
    if let Some(id) = &event.transaction_id {
        repo::set_transaction_id(&mut tx, &attempt.pay_no, id).await?;
    }
    refunds::queue(&mut tx, &attempt, None, attempt.amount, attempt.charge_minor, refunds::REASON_LATE, now).await?;
    tx.commit().await?;
    Ok(Settled::Refunding)
}
