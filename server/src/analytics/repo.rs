//! Page-visit records of the flow analysis log.

use crate::db::{Db, DbResult};
use api::analytics::FlowLog;

/// Stores one (already validated) page visit; `user_id` is `None` for guests.
pub async fn insert_flow_log(db: &Db, log: &FlowLog, user_id: Option<i64>, now: i64) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO flow_analysis_log
           (page_id, biz_data, biz_type, step, system_type, uuid, uuid_session, visit_type,
            prev_page_id, nums, user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(i64::from(log.page_id))
    .bind(log.biz_data.clone())
    .bind(i64::from(log.biz_type))
    .bind(i64::from(log.step))
    .bind(log.system_type.map(i64::from))
    .bind(log.uuid.clone())
    .bind(log.uuid_session.clone())
    .bind(i64::from(log.visit_type))
    .bind(log.prev_page_id.map(i64::from))
    .bind(log.nums.map(i64::from))
    .bind(user_id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// How many page visits are stored (used by tests and the admin overview).
pub async fn count_flow_logs(db: &Db) -> DbResult<i64> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM flow_analysis_log").fetch_one(&db.pool).await?;
    Ok(n)
}

/// Deletes page visits older than `before`, then the oldest beyond `max_rows`; returns how
/// many were deleted.
pub async fn prune_flow_logs(db: &Db, before: i64, max_rows: i64) -> DbResult<u64> {
    let old = sqlx::query("DELETE FROM flow_analysis_log WHERE created_at < $1").bind(before).execute(&db.pool).await?;
    let over = sqlx::query(
        "DELETE FROM flow_analysis_log WHERE log_id <= (
           SELECT log_id FROM flow_analysis_log ORDER BY log_id DESC LIMIT 1 OFFSET $1)",
    )
    .bind(max_rows)
    .execute(&db.pool)
    .await?;
    Ok(old.rows_affected() + over.rows_affected())
}
