//! The wallet's sqlx side: pages of the ledgers, the daily sign-in, points earned by orders
//! and reviews, and the points expiry pass. Points change only through
//! [`ledger::move_points`](super::ledger::move_points), in the transaction of their cause.

use super::ledger;
use crate::db::paging::owned_page;
use crate::db::{changed_a_row, Db, DbResult};
use api::money::Price;
use api::wallet::{
    day_of, points_of, points_reason, sign_in_reward, BalanceRecord, ScoreRecord, POINTS_VALID_DAYS, REVIEW_POINTS,
};
use sqlx::AnyConnection;

/// A points record as stored: id, delta, reason, order number, time.
type ScoreRow = (i64, i64, i64, Option<String>, i64);

/// A balance record as stored: id, delta, reason, order number, pay number, time.
type BalanceRow = (i64, i64, i64, Option<String>, Option<String>, i64);

/// The statements of a page of a ledger (`balance_record`, `points_record`) for [`owned_page`]:
/// the buyer's rows, newest first, with `columns`.
fn ledger_sql(table: &str, columns: &str) -> (String, String) {
    let count = format!("SELECT COUNT(*) FROM {table} WHERE user_id = $1");
    let page = format!(
        "SELECT {columns} FROM {table}
         WHERE user_id = $1 ORDER BY created_at DESC, record_id DESC LIMIT $2 OFFSET $3"
    );
    (count, page)
}

/// A page of the buyer's balance records, newest first, and how many there are.
pub async fn balance_records(db: &Db, user_id: i64, current: i64, size: i64) -> DbResult<(Vec<BalanceRecord>, i64)> {
    let (count, page) = ledger_sql("balance_record", "record_id, delta, reason, order_number, pay_no, created_at");
    let (rows, total): (Vec<BalanceRow>, i64) = owned_page(db, &count, &page, user_id, current, size).await?;
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

/// A page of the buyer's points records, newest first, and how many there are.
pub async fn score_records(db: &Db, user_id: i64, current: i64, size: i64) -> DbResult<(Vec<ScoreRecord>, i64)> {
    let (count, page) = ledger_sql("points_record", "record_id, delta, reason, order_number, created_at");
    let (rows, total): (Vec<ScoreRow>, i64) = owned_page(db, &count, &page, user_id, current, size).await?;
    let records = rows
        .into_iter()
        .map(|(record_id, change, reason, order_number, create_time)| ScoreRecord {
            record_id,
            change,
            reason: reason as i32,
            order_number,
            create_time,
        })
        .collect();
    Ok((records, total))
}

/// The buyer's sign-in state on `day`: (streak up to and including `day` when signed that
/// day, whether signed that day). Without a sign-in on `day`, the streak up to the day before
/// (0 when that day was missed).
pub async fn sign_in_state(db: &Db, user_id: i64, day: i64) -> DbResult<(i64, bool)> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT day, streak FROM sign_in WHERE user_id = $1 AND day IN ($2, $3) ORDER BY day DESC")
            .bind(user_id)
            .bind(day)
            .bind(day - 1)
            .fetch_all(&db.pool)
            .await?;
    Ok(match rows.first() {
        Some((d, streak)) if *d == day => (*streak, true),
        Some((_, streak)) => (*streak, false),
        None => (0, false),
    })
}

/// Today's sign-in: claims the buyer's row of `day` (the primary key lets one of any number of
/// concurrent sign-ins through), then credits its points with their ledger row in the same
/// transaction. `None` when the day was signed already; else (points, streak).
pub async fn sign_in(db: &Db, user_id: i64, day: i64, now: i64) -> DbResult<Option<(i64, i64)>> {
    let mut tx = db.pool.begin().await?;
    // The write comes first, so SQLite takes its write lock before anything is read.
    let claim = sqlx::query(
        "INSERT INTO sign_in (user_id, day, streak, points, created_at)
         SELECT $1, $2, COALESCE((SELECT s.streak FROM sign_in s WHERE s.user_id = $3 AND s.day = $4), 0) + 1, 0, $5
         ON CONFLICT (user_id, day) DO NOTHING",
    );
    if !changed_a_row(&mut tx, claim.bind(user_id).bind(day).bind(user_id).bind(day - 1).bind(now)).await? {
        tx.rollback().await?;
        return Ok(None);
    }
    let (streak,): (i64,) = sqlx::query_as("SELECT streak FROM sign_in WHERE user_id = $1 AND day = $2")
        .bind(user_id)
        .bind(day)
        .fetch_one(&mut *tx)
        .await?;
    let points = sign_in_reward(streak);
    sqlx::query("UPDATE sign_in SET points = $1 WHERE user_id = $2 AND day = $3")
        .bind(points)
        .bind(user_id)
        .bind(day)
        .execute(&mut *tx)
        .await?;
    ledger::move_points(&mut tx, user_id, points, points_reason::SIGN_IN as i64, None, now).await?;
    tx.commit().await?;
    Ok(Some((points, streak)))
}

/// The points an order's receipt earns its buyer (one per whole dollar paid), inside the
/// caller's transaction (the one that moved the order to received, once).
pub async fn earn_order_points(
    conn: &mut AnyConnection,
    user_id: i64,
    order_number: &str,
    actual_total: i64,
    now: i64,
) -> DbResult<i64> {
    let earned = points_of(Price(actual_total));
    if earned > 0 {
        ledger::move_points(conn, user_id, earned, points_reason::ORDER_EARNED as i64, Some(order_number), now).await?;
    }
    Ok(earned)
}

/// The points a review earns its writer, inside the review's transaction (an item is
/// reviewed once, so they are earned once).
pub async fn earn_review_points(conn: &mut AnyConnection, user_id: i64, now: i64) -> DbResult<()> {
    ledger::move_points(conn, user_id, REVIEW_POINTS, points_reason::REVIEW as i64, None, now).await?;
    Ok(())
}

/// Buyers with points to expire: holding points, and more earned on or before the cut-off
/// than taken since; at most `limit`.
async fn expiry_candidates(db: &Db, cutoff: i64, limit: i64) -> DbResult<Vec<i64>> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT u.user_id FROM users u WHERE u.points > 0
           AND (SELECT COALESCE(SUM(CASE WHEN p.delta > 0 AND p.created_at <= $1 THEN p.delta
                                         WHEN p.delta < 0 THEN p.delta ELSE 0 END), 0)
                FROM points_record p WHERE p.user_id = u.user_id) > 0
         ORDER BY u.user_id LIMIT $2",
    )
    .bind(cutoff)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// The points of a buyer that ran out by `cutoff`, first in first out: what was earned on or
/// before the cut-off less everything taken since (spent, paid, expired), at most what is held.
fn expired_points(earned_before: i64, taken: i64, held: i64) -> i64 {
    (earned_before - taken).clamp(0, held.max(0))
}

/// The expiry pass at `now`: every buyer's points earned more than [`POINTS_VALID_DAYS`] ago
/// and not used expire, each as an "expired" ledger row. Once per buyer and day: the pass
/// claims the buyer's `points_expiry` row of the day first, so two passes at once expire once.
/// Answers the number of buyers whose points expired.
pub async fn expire_points(db: &Db, now: i64, limit: i64) -> DbResult<u64> {
    let cutoff = now - POINTS_VALID_DAYS * 86_400_000;
    let day = day_of(now);
    let mut expired = 0;
    for user_id in expiry_candidates(db, cutoff, limit).await? {
        let mut tx = db.pool.begin().await?;
        let claim = sqlx::query(
            "INSERT INTO points_expiry (user_id, day, points, created_at) VALUES ($1, $2, 0, $3)
             ON CONFLICT (user_id, day) DO NOTHING",
        );
        if !changed_a_row(&mut tx, claim.bind(user_id).bind(day).bind(now)).await? {
            tx.rollback().await?;
            continue;
        }
        let (earned_before, taken, held): (i64, i64, i64) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(CASE WHEN p.delta > 0 AND p.created_at <= $1 THEN p.delta ELSE 0 END), 0) AS BIGINT),
                    CAST(COALESCE(SUM(CASE WHEN p.delta < 0 THEN -p.delta ELSE 0 END), 0) AS BIGINT),
                    (SELECT u.points FROM users u WHERE u.user_id = $2)
             FROM points_record p WHERE p.user_id = $3",
        )
        .bind(cutoff)
        .bind(user_id)
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
        let points = expired_points(earned_before, taken, held);
        if points == 0
            || !ledger::move_points(&mut tx, user_id, -points, points_reason::EXPIRED as i64, None, now).await?
        {
            // Nothing ran out (or the points moved meanwhile): no claim, a later pass looks again.
            tx.rollback().await?;
            continue;
        }
        sqlx::query("UPDATE points_expiry SET points = $1 WHERE user_id = $2 AND day = $3")
            .bind(points)
            .bind(user_id)
            .bind(day)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        expired += 1;
    }
    Ok(expired)
}

#[cfg(test)]
mod tests {
    use super::expired_points;

    #[test]
    fn old_points_expire_first_in_first_out() {
        assert_eq!(expired_points(100, 30, 70), 70);
        assert_eq!(expired_points(100, 30, 500), 70, "newer points stay");
        assert_eq!(expired_points(100, 150, 20), 0, "the old points were used");
        assert_eq!(expired_points(100, 0, 40), 40, "never more than held");
    }
}
