//! An order's steps after its submission: cancelling it (by the buyer, or the expiry job with
//! the refund of what was paid), confirming receipt, shipping, and the expiry job's sweeps.

use super::*;

/// An order as a cancel reads it: id, buyer, type, flash sale, points, shop and platform
/// coupons, group.
type CancelRow = (i64, i64, i64, Option<i64>, i64, Option<i64>, Option<i64>, Option<i64>);

/// Gives a paid order's money back the way it was paid, inside its cancel's transaction (the
/// payments' `refunds::refund_cancelled`): handed down by whoever cancels paid orders, as the
/// payments sit above the orders.
pub type RefundPaid = for<'c> fn(&'c mut AnyConnection, i64, &'c str, i64) -> RefundFuture<'c>;

/// What a [`RefundPaid`] answers: the refund written, or the database's refusal.
pub type RefundFuture<'c> = std::pin::Pin<Box<dyn std::future::Future<Output = DbResult<()>> + Send + 'c>>;

/// Cancels an unpaid order (of `user_id` when given) at `now`, in its own transaction; see
/// [`cancel_in`]. False when the order was not unpaid (paid, or cancelled by someone else
/// first) or not the buyer's.
pub async fn cancel(db: &Db, user_id: Option<i64>, order_number: &str, now: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    let done = cancel_in(&mut tx, user_id, order_number, order_status::UNPAID, now, None).await?;
    if done {
        tx.commit().await?;
    }
    Ok(done)
}

/// Cancels an order in status `from` (of `user_id` when given) at `now`, inside the caller's
/// transaction: its status first, conditionally, then stock, coupons (when still valid, and a
/// platform coupon only once no other order of its submission still holds it) and points go
/// back, and an opener's waiting group closes; a paid order's money goes back through `refund`,
/// which only unpaid orders may go without. False, with nothing changed, when the order was
/// not in `from` or not the buyer's.
pub async fn cancel_in(
    tx: &mut AnyConnection,
    user_id: Option<i64>,
    order_number: &str,
    from: i32,
    now: i64,
    refund: Option<RefundPaid>,
) -> DbResult<bool> {
    let done = sqlx::query(
        "UPDATE orders SET status = $1, cancel_time = $2
         WHERE order_number = $3 AND status = $4 AND ($5 = 0 OR user_id = $6)",
    )
    .bind(order_status::CANCELED as i64)
    .bind(now)
    .bind(order_number)
    .bind(from as i64)
    .bind(user_id.unwrap_or(0))
    .bind(user_id.unwrap_or(0))
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    let (order_id, owner, order_kind, seckill_id, use_points, shop_coupon, platform_coupon, group_team_id): CancelRow =
        sqlx::query_as(
        "SELECT order_id, user_id, order_type, seckill_id, use_points, shop_user_coupon_id, platform_user_coupon_id,
                group_team_id
         FROM orders WHERE order_number = $1",
    )
    .bind(order_number)
    .fetch_one(&mut *tx)
    .await?;
    if from == order_status::UNPAID {
        group_buy::order_cancelled(tx, group_team_id, owner).await?;
    } else {
        // A paid order's money goes back the way it came.
        let refund = refund
            .ok_or_else(|| sqlx::Error::Protocol(format!("paid order {order_number} cancelled without a refund")))?;
        refund(tx, order_id, order_number, now).await?;
    }
    sqlx::query("UPDATE users SET points = points + $1 WHERE user_id = $2")
        .bind(use_points)
        .bind(owner)
        .execute(&mut *tx)
        .await?;
    if use_points > 0 {
        sqlx::query(
            "INSERT INTO points_record (user_id, delta, reason, order_number, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(owner)
        .bind(use_points)
        .bind(POINTS_RETURNED)
        .bind(order_number)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    let lines: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT sku_id, prod_id, CAST(SUM(prod_count) AS BIGINT) FROM order_item WHERE order_id = $1
         GROUP BY sku_id, prod_id ORDER BY sku_id",
    )
    .bind(order_id)
    .fetch_all(&mut *tx)
    .await?;
    if order_kind == order_type::FLASH_SALE as i64 {
        let count: i64 = lines.iter().map(|l| l.2).sum();
        sqlx::query("UPDATE seckill SET seckill_stocks = seckill_stocks + $1 WHERE seckill_id = $2")
            .bind(count)
            .bind(seckill_id.unwrap_or_default())
            .execute(&mut *tx)
            .await?;
        flash_sale::stock_returned(seckill_id.unwrap_or_default());
    } else {
        for (sku_id, _, count) in &lines {
            sqlx::query("UPDATE sku SET stocks = stocks + $1 WHERE sku_id = $2")
                .bind(count)
                .bind(sku_id)
                .execute(&mut *tx)
                .await?;
        }
        let mut per_product: BTreeMap<i64, i64> = BTreeMap::new();
        for (_, prod_id, count) in &lines {
            *per_product.entry(*prod_id).or_default() += count;
        }
        for (prod_id, count) in per_product {
            move_product_stock(tx, prod_id, count).await?;
        }
    }
    for coupon in [shop_coupon, platform_coupon].into_iter().flatten() {
        sqlx::query(
            "UPDATE user_coupon SET status = 0, order_number = NULL
             WHERE user_coupon_id = $1 AND status = 1 AND valid_until > $2
               AND NOT EXISTS (SELECT 1 FROM orders o
                               WHERE (o.shop_user_coupon_id = $3 OR o.platform_user_coupon_id = $4) AND o.status <> $5)",
        )
        .bind(coupon)
        .bind(now)
        .bind(coupon)
        .bind(coupon)
        .bind(order_status::CANCELED as i64)
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

/// Marks a shipped order of the buyer received, and gives the buyer the order's growth in the
/// same transaction (`members::repo::earn_order_growth`); false, with nothing changed, when it
/// was not shipped. The conditional update lets exactly one of several concurrent receipts
/// through, so the growth is earned once.
pub async fn receipt(db: &Db, user_id: i64, order_number: &str, now: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    let done = sqlx::query(
        "UPDATE orders SET status = $1, finally_time = $2 WHERE order_number = $3 AND user_id = $4 AND status = $5",
    )
    .bind(order_status::RECEIVED as i64)
    .bind(now)
    .bind(order_number)
    .bind(user_id)
    .bind(order_status::SHIPPED as i64)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    crate::members::repo::earn_order_growth(&mut tx, order_number, now).await?;
    tx.commit().await?;
    Ok(true)
}

/// Marks a paid order shipped (what the sellers' centre does; here for the development command
/// `server order-ship`); false when it was not paid and waiting for delivery.
pub async fn ship(db: &Db, order_number: &str, now: i64) -> DbResult<bool> {
    let done = sqlx::query("UPDATE orders SET status = $1, dvy_time = $2 WHERE order_number = $3 AND status = $4")
        .bind(order_status::SHIPPED as i64)
        .bind(now)
        .bind(order_number)
        .bind(order_status::PAID as i64)
        .execute(&db.pool)
        .await?
        .rows_affected();
    Ok(done > 0)
}

/// Unpaid orders whose payment time ran out by `now`, at most `limit` of them, oldest first.
pub async fn expired_unpaid(db: &Db, now: i64, limit: i64) -> DbResult<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT order_number FROM orders WHERE status = $1 AND expire_time <= $2 ORDER BY expire_time LIMIT $3",
    )
    .bind(order_status::UNPAID as i64)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// Forgets confirmations that expired before `before`.
pub async fn sweep_confirmations(db: &Db, before: i64) -> DbResult<u64> {
    Ok(sqlx::query("DELETE FROM order_confirmation WHERE expires_at <= $1")
        .bind(before)
        .execute(&db.pool)
        .await?
        .rows_affected())
}
