//! Group buy: a buyer opens a group at the group price or joins an open one; the group fills
//! when as many buyers as it has places have paid, and fails when its time runs out first.
//!
//! A group's life (`group_team.status`, [`group_team_status`]): opened by a submission and
//! WAITING for its opener's payment (not listed), OPEN once the opener paid (listed on the
//! detail page for others to join), FILLED when its last place is paid (every order of it
//! goes on to delivery), FAILED when its time ran out or the opener's order was cancelled
//! unpaid (its orders are cancelled and their stock returned).
//!
//! Places are counted by orders: every order of the group that is not cancelled holds one,
//! paid or not, so a group never takes more buyers than it has places and a payment never
//! finds its place gone. Every step is a conditional update on the group's row, which also
//! serialises concurrent joins of one group on PostgreSQL.

use crate::db::{due_keys, Db, DbResult};
use crate::orders::error::{OrderError, OrderResult};
use crate::orders::pricing::Purchase;
use crate::orders::repo;
use api::orders::{group_team_status, order_status, order_type, GroupTeam, GROUP_TEAM_TTL_MS};
use sqlx::AnyConnection;

/// A nickname as other buyers see it: its first character and three stars.
pub fn masked_nick_name(nick_name: &str) -> String {
    match nick_name.chars().next() {
        Some(first) => format!("{first}***"),
        None => "***".to_string(),
    }
}

/// Checks that the buyer may join the group `purchase` names, at `now`: it belongs to the
/// purchase's group buy, is open, has a free place, and the buyer holds no place in it yet.
/// Nothing to check when the purchase opens a new group.
pub async fn check_join(conn: &mut AnyConnection, purchase: &Purchase, user_id: i64, now: i64) -> OrderResult<()> {
    let Some(team_id) = purchase.group_team_id else { return Ok(()) };
    let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT group_activity_id, status, group_number, end_time FROM group_team WHERE group_team_id = $1",
    )
    .bind(team_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((activity_id, status, group_number, end_time)) = row else {
        return Err(OrderError::GroupTeamClosed);
    };
    if Some(activity_id) != purchase.group_activity_id || status != group_team_status::OPEN as i64 || end_time <= now {
        return Err(OrderError::GroupTeamClosed);
    }
    let (places, mine) = places_taken(conn, team_id, user_id).await?;
    if mine > 0 {
        return Err(OrderError::GroupTeamJoined);
    }
    if places >= group_number {
        return Err(OrderError::GroupTeamFull);
    }
    Ok(())
}

/// The places of a group taken by orders that are not cancelled, and how many are the buyer's.
async fn places_taken(conn: &mut AnyConnection, team_id: i64, user_id: i64) -> DbResult<(i64, i64)> {
    let (places, mine): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COALESCE(CAST(SUM(CASE WHEN user_id = $1 THEN 1 ELSE 0 END) AS BIGINT), 0)
         FROM orders WHERE group_team_id = $2 AND status <> $3",
    )
    .bind(user_id)
    .bind(team_id)
    .bind(order_status::CANCELED as i64)
    .fetch_one(&mut *conn)
    .await?;
    Ok((places, mine))
}

/// Inside a submission's transaction: the group a group-buy order goes into. Joining takes a
/// place of the named group (checked again under the group row's lock); otherwise a new group
/// is opened with the buyer as its opener, waiting for their payment. `None` for other orders.
pub async fn group_of_new_order(
    conn: &mut AnyConnection,
    purchase: &Purchase,
    user_id: i64,
    now: i64,
) -> OrderResult<Option<i64>> {
    if purchase.order_type != order_type::GROUP_BUY {
        return Ok(None);
    }
    let activity_id = purchase.group_activity_id.unwrap_or_default();
    if let Some(team_id) = purchase.group_team_id {
        // A write first: concurrent joins of this group take their turns from here.
        let locked = sqlx::query(
            "UPDATE group_team SET paid_count = paid_count
             WHERE group_team_id = $1 AND group_activity_id = $2 AND status = $3 AND end_time > $4",
        )
        .bind(team_id)
        .bind(activity_id)
        .bind(group_team_status::OPEN as i64)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if locked == 0 {
            return Err(OrderError::GroupTeamClosed);
        }
        check_join(conn, purchase, user_id, now).await?;
        return Ok(Some(team_id));
    }
    let opened = open_group(conn, activity_id, user_id, Opening::Unpaid, now, GROUP_TEAM_TTL_MS).await?;
    let team_id = opened.ok_or(OrderError::GroupBuyEnded)?;
    Ok(Some(team_id))
}

/// How a group starts: with its opener's order unpaid (waiting), or already paid (the demo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    Unpaid,
    Paid,
}

/// Opens a group of the group buy `activity_id` led by `user_id` at `now`, open for `open_for`
/// milliseconds (cut short by the end of its group buy); its id, `None` for an unknown group buy.
pub async fn open_group(
    conn: &mut AnyConnection,
    activity_id: i64,
    user_id: i64,
    opening: Opening,
    now: i64,
    open_for: i64,
) -> DbResult<Option<i64>> {
    let activity: Option<(i64, i64)> =
        sqlx::query_as("SELECT group_number, end_time FROM group_activity WHERE group_activity_id = $1")
            .bind(activity_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((group_number, activity_end)) = activity else { return Ok(None) };
    let (paid, status) = match opening {
        Opening::Unpaid => (0, group_team_status::WAITING),
        Opening::Paid => (1, group_team_status::OPEN),
    };
    let (team_id,): (i64,) = sqlx::query_as(
        "INSERT INTO group_team (group_activity_id, leader_user_id, group_number, paid_count, status, created_at, end_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING group_team_id",
    )
    .bind(activity_id)
    .bind(user_id)
    .bind(group_number.max(2))
    .bind(paid)
    .bind(status as i64)
    .bind(now)
    .bind((now + open_for).min(activity_end))
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some(team_id))
}

/// Inside a payment's transaction, once a group-buy order is paid: its place counts as paid
/// and the order is GROUPING; the opener's payment opens the group; the last place fills it and every order of it moves on to
/// pending delivery. Refused (and nothing changed) when the group closed meanwhile, which the
/// payment must answer before taking any money.
pub async fn order_paid(conn: &mut AnyConnection, order_id: i64, now: i64) -> OrderResult<()> {
    let row: Option<(Option<i64>, i64)> =
        sqlx::query_as("SELECT group_team_id, user_id FROM orders WHERE order_id = $1 AND status = $2")
            .bind(order_id)
            .bind(order_status::UNPAID as i64)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((Some(team_id), user_id)) = row else { return Err(OrderError::StatusChanged) };
    let opened = sqlx::query(
        "UPDATE group_team SET status = $1, paid_count = 1
         WHERE group_team_id = $2 AND leader_user_id = $3 AND status = $4 AND end_time > $5",
    )
    .bind(group_team_status::OPEN as i64)
    .bind(team_id)
    .bind(user_id)
    .bind(group_team_status::WAITING as i64)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if opened == 0 {
        let joined = sqlx::query(
            "UPDATE group_team SET paid_count = paid_count + 1
             WHERE group_team_id = $1 AND status = $2 AND paid_count < group_number AND end_time > $3",
        )
        .bind(team_id)
        .bind(group_team_status::OPEN as i64)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if joined == 0 {
            return Err(OrderError::GroupTeamClosed);
        }
    }
    sqlx::query("UPDATE orders SET status = $1 WHERE order_id = $2 AND status = $3")
        .bind(order_status::GROUPING as i64)
        .bind(order_id)
        .bind(order_status::UNPAID as i64)
        .execute(&mut *conn)
        .await?;
    let filled = sqlx::query(
        "UPDATE group_team SET status = $1 WHERE group_team_id = $2 AND status = $3 AND paid_count >= group_number",
    )
    .bind(group_team_status::FILLED as i64)
    .bind(team_id)
    .bind(group_team_status::OPEN as i64)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if filled > 0 {
        sqlx::query("UPDATE orders SET status = $1 WHERE group_team_id = $2 AND status = $3")
            .bind(order_status::PAID as i64)
            .bind(team_id)
            .bind(order_status::GROUPING as i64)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Inside a cancel's transaction: an opener's order cancelled before it was paid takes its
/// waiting group with it.
pub async fn order_cancelled(conn: &mut AnyConnection, team_id: Option<i64>, user_id: i64) -> DbResult<()> {
    let Some(team_id) = team_id else { return Ok(()) };
    sqlx::query("UPDATE group_team SET status = $1 WHERE group_team_id = $2 AND leader_user_id = $3 AND status = $4")
        .bind(group_team_status::FAILED as i64)
        .bind(team_id)
        .bind(user_id)
        .bind(group_team_status::WAITING as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The groups of a group buy others can join at `now` (open, with a place not held by an
/// order), closing soonest first.
pub async fn open_teams(db: &Db, group_activity_id: i64, size: i64, now: i64) -> DbResult<Vec<GroupTeam>> {
    let rows: Vec<(i64, i64, String, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT t.group_team_id, t.group_activity_id, u.nick_name, t.group_number, t.paid_count, t.status, t.end_time
         FROM group_team t JOIN users u ON u.user_id = t.leader_user_id
         WHERE t.group_activity_id = $1 AND t.status = $2 AND t.end_time > $3
           AND (SELECT COUNT(*) FROM orders o WHERE o.group_team_id = t.group_team_id AND o.status <> $4) < t.group_number
         ORDER BY t.end_time, t.group_team_id LIMIT $5",
    )
    .bind(group_activity_id)
    .bind(group_team_status::OPEN as i64)
    .bind(now)
    .bind(order_status::CANCELED as i64)
    .bind(size)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(team).collect())
}

fn team(r: (i64, i64, String, i64, i64, i64, i64)) -> GroupTeam {
    GroupTeam {
        group_team_id: r.0,
        group_activity_id: r.1,
        leader_nick_name: masked_nick_name(&r.2),
        group_number: r.3,
        joined_count: r.4,
        status: r.5 as i32,
        end_time: r.6,
    }
}

/// The group an order belongs to, as its detail shows it.
pub async fn team_of(conn: &mut AnyConnection, team_id: Option<i64>) -> DbResult<Option<GroupTeam>> {
    let Some(team_id) = team_id else { return Ok(None) };
    let row: Option<(i64, i64, String, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT t.group_team_id, t.group_activity_id, u.nick_name, t.group_number, t.paid_count, t.status, t.end_time
         FROM group_team t JOIN users u ON u.user_id = t.leader_user_id WHERE t.group_team_id = $1",
    )
    .bind(team_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(team))
}

/// Groups whose time ran out by `now` without filling, at most `limit`.
async fn overdue(db: &Db, now: i64, limit: i64) -> DbResult<Vec<i64>> {
    let sql =
        "SELECT group_team_id FROM group_team WHERE status IN ($1, $2) AND end_time <= $3 ORDER BY end_time LIMIT $4";
    due_keys(db, sql, [group_team_status::WAITING, group_team_status::OPEN], now, limit).await
}

/// Fails every group whose time ran out by `now`: the group is marked failed (once, also with
/// several nodes at it) and each of its orders not cancelled yet is cancelled, returning its
/// stock, coupons and points, and what was paid through `refund`. Returns how many groups this
/// call failed.
pub async fn fail_overdue(db: &Db, now: i64, refund: repo::RefundPaid) -> DbResult<u64> {
    const BATCH: i64 = 200;
    let mut failed = 0;
    loop {
        let teams = overdue(db, now, BATCH).await?;
        let full = teams.len() as i64 == BATCH;
        for team_id in teams {
            let mut tx = db.pool.begin().await?;
            let won = sqlx::query("UPDATE group_team SET status = $1 WHERE group_team_id = $2 AND status IN ($3, $4)")
                .bind(group_team_status::FAILED as i64)
                .bind(team_id)
                .bind(group_team_status::WAITING as i64)
                .bind(group_team_status::OPEN as i64)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if won == 0 {
                continue;
            }
            let orders: Vec<(String, i64)> = sqlx::query_as(
                "SELECT order_number, status FROM orders WHERE group_team_id = $1 AND status IN ($2, $3)
                 ORDER BY order_id",
            )
            .bind(team_id)
            .bind(order_status::UNPAID as i64)
            .bind(order_status::GROUPING as i64)
            .fetch_all(&mut *tx)
            .await?;
            for (number, status) in orders {
                repo::cancel_in(&mut tx, None, &number, status as i32, now, Some(refund)).await?;
            }
            tx.commit().await?;
            failed += 1;
        }
        if !full {
            break;
        }
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::masked_nick_name;

    #[test]
    fn nicknames_are_masked_after_their_first_character() {
        assert_eq!(masked_nick_name("Li Wei"), "L***");
        assert_eq!(masked_nick_name("ដារ៉ា"), "ដ***");
        assert_eq!(masked_nick_name(""), "***");
    }
}
