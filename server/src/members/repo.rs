//! The members' sqlx side: the ladder of levels, a buyer's growth and holdings, and growth
//! earned by an order, written with its ledger row inside the caller's transaction.

use crate::db::{lang_column, Db, DbResult};
use api::members::{equity_of, growth_of, membership_end, paid_active, Equity, LevelEquity, MemberLevel, MemberPlan};
use api::money::Price;
use i18n::Lang;
use sqlx::AnyConnection;

pub use crate::wallet::ledger::holdings;

/// `growth_record.reason`: growth earned by an order whose receipt was confirmed.
pub const GROWTH_ORDER_RECEIVED: i64 = 1;
/// `growth_record.reason`: growth granted (the demo buyers).
pub const GROWTH_GRANTED: i64 = 2;
/// `balance_record.reason`: a paid membership bought with the balance.
pub const BALANCE_MEMBER_BOUGHT: i64 = api::wallet::balance_reason::MEMBER_BOUGHT as i64;

/// Every level, lowest first, named in `lang`.
pub async fn levels(db: &Db, lang: Lang) -> DbResult<Vec<MemberLevel>> {
    let sql = format!(
        "SELECT level, level_name_{}, need_growth FROM member_level ORDER BY need_growth, level",
        lang_column(lang)
    );
    let rows: Vec<(i64, String, i64)> = sqlx::query_as(&sql).fetch_all(&db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|(level, level_name, need_growth)| MemberLevel { level: level as i32, level_name, need_growth })
        .collect())
}

/// The buyer's growth (0 for an unknown buyer).
pub async fn growth(db: &Db, user_id: i64) -> DbResult<i64> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT growth FROM users WHERE user_id = $1").bind(user_id).fetch_optional(&db.pool).await?;
    Ok(row.map_or(0, |r| r.0))
}

/// Changes the buyer's growth by `delta` with its ledger row, inside the caller's transaction.
pub async fn move_growth(
    conn: &mut AnyConnection,
    user_id: i64,
    delta: i64,
    reason: i64,
    order_number: Option<&str>,
    now: i64,
) -> DbResult<()> {
    sqlx::query("UPDATE users SET growth = growth + $1 WHERE user_id = $2")
        .bind(delta)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO growth_record (user_id, delta, reason, order_number, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(user_id)
    .bind(delta)
    .bind(reason)
    .bind(order_number)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The growth an order's receipt earns its buyer (one per whole dollar of what was paid),
/// written inside the caller's transaction: the one that moved the order to received with a
/// conditional update, so it runs once per order however many receipts race (and the unique
/// index on an order's growth row holds even if a caller forgot). Answers the growth earned.
pub async fn earn_order_growth(conn: &mut AnyConnection, order_number: &str, now: i64) -> DbResult<i64> {
    let (user_id, actual_total, refunded): (i64, i64, i64) = sqlx::query_as(
        "SELECT o.user_id, o.actual_total,
                CAST(COALESCE((SELECT SUM(r.refund_amount) FROM order_refund r
                               WHERE r.order_id = o.order_id AND r.status = $1), 0) AS BIGINT)
         FROM orders o WHERE o.order_number = $2",
    )
    .bind(api::refunds::refund_sts::SUCCESS as i64)
    .bind(order_number)
    .fetch_one(&mut *conn)
    .await?;
    let earned = growth_of(Price(actual_total));
    if earned > 0 {
        move_growth(conn, user_id, earned, GROWTH_ORDER_RECEIVED, Some(order_number), now).await?;
    }
    // wallet: the order's points, earned with its growth, on what is left paid after refunds
    // (a refund after the receipt takes its share back: `refunds::repo`).
    crate::wallet::repo::earn_order_points(conn, user_id, order_number, actual_total - refunded, now).await?;
    Ok(earned)
}

// ---------------------------------------------------------------- member centre

/// Every level with its benefits, lowest first, named in `lang`.
pub async fn level_equities(db: &Db, lang: Lang) -> DbResult<Vec<LevelEquity>> {
    let sql = format!(
        "SELECT level, level_name_{}, need_growth, discount_percent, free_shipping FROM member_level
         ORDER BY need_growth, level",
        lang_column(lang)
    );
    let rows: Vec<(i64, String, i64, i64, i64)> = sqlx::query_as(&sql).fetch_all(&db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|(level, level_name, need_growth, discount_percent, free_shipping)| LevelEquity {
            level: level as i32,
            level_name,
            need_growth,
            discount_percent,
            free_shipping: free_shipping != 0,
        })
        .collect())
}

/// When the buyer's paid membership ends (`None` when never bought, or an unknown buyer).
pub async fn member_end(conn: &mut AnyConnection, user_id: i64) -> DbResult<Option<i64>> {
    let row: Option<(Option<i64>,)> = sqlx::query_as("SELECT member_end_time FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.and_then(|r| r.0))
}

/// What applies to the buyer's order at `now`: the benefits of the level their growth reached
/// and of their paid membership if active ([`equity_of`]). Read on the caller's connection, so
/// an order's submission reads it inside its transaction.
pub async fn equity(conn: &mut AnyConnection, user_id: i64, now: i64) -> DbResult<Equity> {
    let row: Option<(i64, Option<i64>)> =
        sqlx::query_as("SELECT growth, member_end_time FROM users WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
    let (growth, end) = row.unwrap_or((0, None));
    // The level reached: the highest whose growth is met (the lowest when none is).
    let level: Option<(i64, i64)> = sqlx::query_as(
        "SELECT discount_percent, free_shipping FROM member_level
         WHERE need_growth <= $1 OR need_growth = (SELECT MIN(need_growth) FROM member_level)
         ORDER BY need_growth DESC, level DESC LIMIT 1",
    )
    .bind(growth)
    .fetch_optional(&mut *conn)
    .await?;
    let (discount_percent, free_shipping) = level.unwrap_or_default();
    Ok(equity_of(Equity { discount_percent, free_shipping: free_shipping != 0 }, paid_active(end, now)))
}

/// A purchase to store with its pay attempt.
pub struct NewPurchase<'a> {
    pub pay_no: &'a str,
    pub user_id: i64,
    pub plan: &'a MemberPlan,
    pub now: i64,
}

/// Stores a purchase waiting for its payment, inside the caller's transaction (the one that
/// stores its attempt).
pub async fn insert_purchase(conn: &mut AnyConnection, p: &NewPurchase<'_>) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO member_purchase (pay_no, user_id, plan_id, days, amount, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 0, $6)",
    )
    .bind(p.pay_no)
    .bind(p.user_id)
    .bind(p.plan.plan_id as i64)
    .bind(p.plan.days)
    .bind(p.plan.price.0)
    .bind(p.now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Settles the purchase of attempt `pay_no` inside the caller's transaction (the one that moved
/// the attempt to paid, once): the purchase moves to paid once (a conditional update) and the
/// buyer's membership runs on by its days from the later of now and its current end. Answers
/// the new end, or `None` when there was nothing to settle (no such purchase, or paid before).
pub async fn settle_purchase(conn: &mut AnyConnection, pay_no: &str, now: i64) -> DbResult<Option<i64>> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT user_id, days FROM member_purchase WHERE pay_no = $1 AND status = 0")
            .bind(pay_no)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((user_id, days)) = row else { return Ok(None) };
    // The buyer's row first: a write, so two settlements of one buyer's purchases wait for
    // each other and each extends the end the other left.
    sqlx::query("UPDATE users SET member_end_time = member_end_time WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    let current = member_end(conn, user_id).await?;
    let start = current.unwrap_or(now).max(now);
    let end = membership_end(now, current, days);
    let moved = sqlx::query(
        "UPDATE member_purchase SET status = 1, start_time = $1, end_time = $2, paid_at = $3
         WHERE pay_no = $4 AND status = 0",
    )
    .bind(start)
    .bind(end)
    .bind(now)
    .bind(pay_no)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if moved == 0 {
        return Ok(None);
    }
    sqlx::query("UPDATE users SET member_end_time = $1 WHERE user_id = $2")
        .bind(end)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(Some(end))
}
