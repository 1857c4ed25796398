//! Search support data: hot search words.

use super::{lang_column, Db, DbResult};
use api::browse::HotSearch;
use app::i18n::Lang;

/// Most hot search words returned (clients show the first four).
pub const HOT_SEARCH_LIMIT: i64 = 10;

/// The platform's hot search words of `kind` (1 product, 2 shop) in `lang`, by `seq`.
pub async fn hot_search(db: &Db, kind: i64, lang: Lang) -> DbResult<Vec<HotSearch>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT title_{col}, content_{col} FROM hot_search
         WHERE shop_id = 0 AND type = $1 AND status = 1
         ORDER BY seq, hot_search_id LIMIT $2"
    );
    let rows: Vec<(String, String)> =
        sqlx::query_as(&sql).bind(kind).bind(HOT_SEARCH_LIMIT).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(|(title, content)| HotSearch { title, content }).collect())
}
