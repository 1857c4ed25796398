//! Notices (announcements) of the platform (shop 0) and of shops.

use crate::db::paging::{offset, page_of};
use crate::db::{lang_column, Db, DbResult};
use api::browse::{Notice, NoticeDetail};
use api::catalog::Page;
use i18n::Lang;

/// Most notices a top list returns.
pub const TOP_NOTICE_LIMIT: i64 = 10;

/// Published notices of a shop in `lang`: pinned first, then newest first.
pub async fn top_notices(db: &Db, shop_id: i64, lang: Lang) -> DbResult<Vec<Notice>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT id, title_{col} FROM notice
         WHERE shop_id = $1 AND status = 1 AND publish_time <= $2
         ORDER BY is_top DESC, publish_time DESC, id DESC LIMIT $3"
    );
    let rows: Vec<(i64, String)> =
        sqlx::query_as(&sql).bind(shop_id).bind(db.now()).bind(TOP_NOTICE_LIMIT).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(|(id, title)| Notice { id, title }).collect())
}

/// One published notice in `lang`.
pub async fn notice(db: &Db, id: i64, lang: Lang) -> DbResult<Option<NoticeDetail>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT id, title_{col}, content_{col}, publish_time, shop_id FROM notice
         WHERE id = $1 AND status = 1 AND publish_time <= $2"
    );
    let row: Option<(i64, String, String, i64, i64)> =
        sqlx::query_as(&sql).bind(id).bind(db.now()).fetch_optional(&db.pool).await?;
    Ok(row.map(|(id, title, content, publish_time, shop_id)| NoticeDetail {
        id,
        title,
        content,
        publish_time,
        shop_id,
    }))
}

/// A page of the published notices of a shop (0 = platform) in `lang`: pinned first, then
/// newest first.
pub async fn notices(db: &Db, shop_id: i64, lang: Lang, current: i64, size: i64) -> DbResult<Page<Notice>> {
    let now = db.now();
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM notice WHERE shop_id = $1 AND status = 1 AND publish_time <= $2")
            .bind(shop_id)
            .bind(now)
            .fetch_one(&db.pool)
            .await?;
    let col = lang_column(lang);
    let sql = format!(
        "SELECT id, title_{col} FROM notice
         WHERE shop_id = $1 AND status = 1 AND publish_time <= $2
         ORDER BY is_top DESC, publish_time DESC, id DESC LIMIT $3 OFFSET $4"
    );
    let rows: Vec<(i64, String)> =
        sqlx::query_as(&sql).bind(shop_id).bind(now).bind(size).bind(offset(current, size)).fetch_all(&db.pool).await?;
    let records = rows.into_iter().map(|(id, title)| Notice { id, title }).collect();
    Ok(page_of(records, total, current, size))
}
