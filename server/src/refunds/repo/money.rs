//! What an accepted refund moves, in the application's transaction: goods back into stock,
//! the money back (balance or gateway) once, points taken back, and the 7-day automatic refund.

use super::*;

/// Goods back into stock: the item's units, or every unit of the order for the whole order
/// (its units at most).
pub(super) async fn restock(conn: &mut AnyConnection, a: &Application) -> DbResult<()> {
    let lines: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT sku_id, prod_id, prod_count FROM order_item WHERE order_id = $1 AND ($2 = 0 OR order_item_id = $3)
         ORDER BY order_item_id",
    )
    .bind(a.order_id)
    .bind(a.order_item_id)
    .bind(a.order_item_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut left = a.goods_num;
    for (sku_id, prod_id, count) in lines {
        let units = count.min(left);
        if units <= 0 {
            break;
        }
        left -= units;
        sqlx::query("UPDATE sku SET stocks = stocks + $1 WHERE sku_id = $2")
            .bind(units)
            .bind(sku_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("UPDATE product SET total_stocks = total_stocks + $1 WHERE prod_id = $2")
            .bind(units)
            .bind(prod_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Refunds an application in `from`, inside the caller's transaction: its status first,
/// conditionally (so it happens once), then the money back the way it was paid, the goods of
/// an order that never shipped back into stock, and an order refunded in full ends canceled
/// with the points it used given back.
pub(super) async fn refund(
    conn: &mut AnyConnection,
    a: &Application,
    from: i32,
    now: i64,
    auto: bool,
) -> DbResult<Moved> {
    let done = sqlx::query(
        "UPDATE order_refund SET status = $1, reply_deadline = NULL, refund_time = $2, auto_refunded = $3
         WHERE refund_id = $4 AND status = $5",
    )
    .bind(refund_sts::SUCCESS as i64)
    .bind(now)
    .bind(i64::from(auto))
    .bind(a.refund_id)
    .bind(from as i64)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(Moved::WrongState(a.status));
    }
    step(conn, a.refund_id, refund_step::REFUND_SUCCESS, now, "").await?;
    money_back(conn, a, now).await?;
    if !a.shipped {
        restock(conn, a).await?;
    }
    let (refunded, actual_total, use_points, user_id): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE((SELECT SUM(r.refund_amount) FROM order_refund r
                                WHERE r.order_id = o.order_id AND r.status = $1), 0) AS BIGINT),
                o.actual_total, o.use_points, o.user_id
         FROM orders o WHERE o.order_id = $2",
    )
    .bind(refund_sts::SUCCESS as i64)
    .bind(a.order_id)
    .fetch_one(&mut *conn)
    .await?;
    take_back_points(conn, user_id, &a.order_number, actual_total, refunded, now).await?;
    if refunded >= actual_total {
        let ended = sqlx::query(
            "UPDATE orders SET status = $1, cancel_time = $2 WHERE order_id = $3 AND status BETWEEN $4 AND $5",
        )
        .bind(order_status::CANCELED as i64)
        .bind(now)
        .bind(a.order_id)
        .bind(order_status::PAID as i64)
        .bind(order_status::COMPLETED as i64)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if ended > 0 && use_points > 0 {
            crate::payments::repo::move_points(conn, user_id, use_points, POINTS_RETURNED, Some(&a.order_number), now)
                .await?;
        }
    }
    Ok(Moved::Done)
}

/// The points the order's receipt earned on what is now refunded, taken back with their ledger
/// row in the refund's transaction (as many as the buyer still holds; a later refund of the
/// order takes the rest). An order not received yet earned none: its receipt earns on what is
/// left paid (`members::repo::earn_order_growth`).
async fn take_back_points(
    conn: &mut AnyConnection,
    user_id: i64,
    order_number: &str,
    actual_total: i64,
    refunded: i64,
    now: i64,
) -> DbResult<()> {
    let (earned, held): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE((SELECT SUM(p.delta) FROM points_record p
                                WHERE p.user_id = u.user_id AND p.order_number = $1 AND p.reason IN ($2, $3)), 0)
                     AS BIGINT),
                u.points
         FROM users u WHERE u.user_id = $4",
    )
    .bind(order_number)
    .bind(points_reason::ORDER_EARNED as i64)
    .bind(points_reason::REFUND_TAKEN as i64)
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let take = points_taken_back(earned, Price(actual_total), Price(refunded)).min(held.max(0));
    if take > 0 {
        crate::payments::repo::move_points(
            conn,
            user_id,
            -take,
            points_reason::REFUND_TAKEN as i64,
            Some(order_number),
            now,
        )
        .await?;
    }
    Ok(())
}

/// The application's amount back the way the order was paid: to the balance (a ledger row in
/// this transaction), or queued for the gateway that took it. An order without a recorded
/// payment (the demo's) has nothing to give back.
async fn money_back(conn: &mut AnyConnection, a: &Application, now: i64) -> DbResult<()> {
    use crate::payments::{refunds, repo};
    let Some((attempt, _share)) = repo::paying_attempt(conn, a.order_id).await? else { return Ok(()) };
    match attempt.pay_type {
        pay_type::BALANCEPAY => {
            repo::move_balance(
                conn,
                a.user_id,
                a.amount,
                repo::BALANCE_REFUNDED,
                Some(&attempt.pay_no),
                Some(&a.order_number),
                now,
            )
            .await?;
        }
        // Points-mall orders are not refunded after sale (see `amounts::refundable`).
        pay_type::SCOREPAY => {}
        _ => refunds::queue_after_sale(conn, &attempt, a.order_id, &a.refund_sn, a.amount, now).await?,
    }
    Ok(())
}

/// Refunds every application the merchant left unanswered past its deadline (applied, or
/// shipped back and not received), at most `limit`; returns how many this call refunded.
/// Safe on several servers: each is claimed by its conditional status update.
pub async fn refund_overdue(db: &Db, now: i64, limit: i64) -> DbResult<u64> {
    let due: Vec<String> = crate::db::due_keys(
        db,
        "SELECT refund_sn FROM order_refund WHERE status IN ($1, $2) AND reply_deadline <= $3
         ORDER BY reply_deadline LIMIT $4",
        [refund_sts::APPLIED, refund_sts::SHIPPED],
        now,
        limit,
    )
    .await?;
    let mut refunded = 0;
    for refund_sn in due {
        let mut tx = db.pool.begin().await?;
        // Claimed first (a write, so SQLite's lock is taken before any read): only one server
        // moves its deadline away.
        let claimed = sqlx::query(
            "UPDATE order_refund SET reply_deadline = NULL
             WHERE refund_sn = $1 AND status IN ($2, $3) AND reply_deadline <= $4",
        )
        .bind(&refund_sn)
        .bind(refund_sts::APPLIED as i64)
        .bind(refund_sts::SHIPPED as i64)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let application = if claimed == 0 { None } else { application(&mut tx, &refund_sn, None).await? };
        let Some(a) = application else {
            tx.rollback().await?;
            continue;
        };
        if refund(&mut tx, &a, a.status, now, true).await? != Moved::Done {
            tx.rollback().await?;
            continue;
        }
        tx.commit().await?;
        refunded += 1;
    }
    Ok(refunded)
}
