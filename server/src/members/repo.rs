//! The members' sqlx side: the ladder of levels, a buyer's growth and holdings, and growth
//! earned by an order, written with its ledger row inside the caller's transaction.

use crate::db::{lang_column, Db, DbResult};
use api::members::{growth_of, MemberLevel};
use api::money::Price;
use i18n::Lang;
use sqlx::AnyConnection;

/// `growth_record.reason`: growth earned by an order whose receipt was confirmed.
pub const GROWTH_ORDER_RECEIVED: i64 = 1;
/// `growth_record.reason`: growth granted (the demo buyers).
pub const GROWTH_GRANTED: i64 = 2;

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

/// The buyer's balance (cents) and points.
pub async fn holdings(db: &Db, user_id: i64) -> DbResult<(i64, i64)> {
    let row: Option<(i64, i64)> = sqlx::query_as("SELECT balance, points FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.unwrap_or_default())
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
    let (user_id, actual_total): (i64, i64) =
        sqlx::query_as("SELECT user_id, actual_total FROM orders WHERE order_number = $1")
            .bind(order_number)
            .fetch_one(&mut *conn)
            .await?;
    let earned = growth_of(Price(actual_total));
    if earned > 0 {
        move_growth(conn, user_id, earned, GROWTH_ORDER_RECEIVED, Some(order_number), now).await?;
    }
    // wallet: the order's points, earned with its growth.
    crate::wallet::repo::earn_order_points(conn, user_id, order_number, actual_total, now).await?;
    Ok(earned)
}
