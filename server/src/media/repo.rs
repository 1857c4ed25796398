//! The media records (migration `0012_media_profile`): each stored picture once, and who
//! uploaded it as what kind.

use crate::db::{Db, DbResult};

/// A checked picture to record.
#[derive(Debug, Clone)]
pub struct NewFile<'a> {
    pub name: &'a str,
    pub content_type: &'a str,
    pub width: i64,
    pub height: i64,
    pub byte_size: i64,
}

/// Records a stored picture (once: the same content has the same name) and that `user_id`
/// uploaded it as `kind`.
pub async fn record_upload(db: &Db, file: &NewFile<'_>, user_id: i64, kind: &str) -> DbResult<()> {
    let now = db.now();
    let mut tx = db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO media_file (name, content_type, width, height, byte_size, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) DO NOTHING",
    )
    .bind(file.name)
    .bind(file.content_type)
    .bind(file.width)
    .bind(file.height)
    .bind(file.byte_size)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO media_upload (name, user_id, kind, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name, user_id, kind) DO NOTHING",
    )
    .bind(file.name)
    .bind(user_id)
    .bind(kind)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Whether `user_id` uploaded the picture `name` as `kind`.
pub async fn uploaded_by(db: &Db, name: &str, user_id: i64, kind: &str) -> DbResult<bool> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT user_id FROM media_upload WHERE name = $1 AND user_id = $2 AND kind = $3")
            .bind(name)
            .bind(user_id)
            .bind(kind)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.is_some())
}
