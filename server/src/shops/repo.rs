//! The shops' reads and writes: shop cards, hot shops, the shop header, following a shop,
//! decorated pages and banners.

use crate::db::{Db, DbResult, KeptByBuyer};
use api::catalog::{Banner, RenovationPage, ShopCard, ShopHeadInfo};
use i18n::Lang;
use std::collections::HashMap;

/// Most shops `GET /shop/hotShops` returns.
pub const HOT_SHOP_LIMIT: i64 = 10;

/// Columns of a [`ShopCard`], in the order [`shop_card`] reads them.
const SHOP_COLUMNS: &str = "shop_id, shop_name, shop_logo, shop_status, type, fans_count, sold_num, rating, intro";

type ShopRow = (i64, String, Option<String>, i64, i64, i64, i64, i64, String);

fn shop_card(row: ShopRow) -> ShopCard {
    let (shop_id, shop_name, shop_logo, shop_status, kind, fans, sold_num, rating, intro) = row;
    ShopCard {
        shop_id,
        shop_name,
        shop_logo: shop_logo.unwrap_or_default(),
        shop_status: shop_status as i32,
        kind: kind as i32,
        shop_focus_number: fans,
        fans_count: fans,
        sold_num,
        // Stored in tenths of a star.
        rating: rating as f64 / 10.0,
        intro,
    }
}

/// Shown banners of a shop (0 = platform) and picture type, in `seq` order, titled in
/// `lang` (English when the banner has no title in it).
pub async fn banners(db: &Db, shop_id: i64, img_type: i64, lang: Lang) -> DbResult<Vec<Banner>> {
    let title = match lang {
        Lang::En => "title",
        Lang::ZhCn => "COALESCE(title_zh, title)",
        Lang::Km => "COALESCE(title_km, title)",
    };
    let rows: Vec<(i64, String, String, i64, Option<String>)> = sqlx::query_as(&format!(
        "SELECT id, img_url, {title}, type, relation FROM index_img
         WHERE shop_id = $1 AND img_type = $2 AND status = 1 ORDER BY seq, id"
    ))
    .bind(shop_id)
    .bind(img_type)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, img_url, title, kind, relation)| Banner { id, img_url, title, kind: kind as i32, relation })
        .collect())
}

/// Shop cards of `ids` in the order of `ids`; unknown ids are skipped. Read with the pool
/// (`&db.pool`) or on a connection a caller already holds for its other reads.
pub async fn shop_cards<'e, E>(executor: E, ids: &[i64]) -> DbResult<Vec<ShopCard>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids are integers parsed by the caller, so listing them inline is safe.
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let sql = format!("SELECT {SHOP_COLUMNS} FROM shop WHERE shop_id IN ({list})");
    let rows: Vec<ShopRow> = sqlx::query_as(&sql).fetch_all(executor).await?;
    let mut by_id: HashMap<i64, ShopCard> = rows.into_iter().map(|r| (r.0, shop_card(r))).collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// The best-selling online shops (ties: more followers first).
pub async fn hot_shops(db: &Db) -> DbResult<Vec<ShopCard>> {
    let sql = format!(
        "SELECT {SHOP_COLUMNS} FROM shop WHERE shop_status = 1
         ORDER BY sold_num DESC, fans_count DESC, shop_id LIMIT $1"
    );
    let rows: Vec<ShopRow> = sqlx::query_as(&sql).bind(HOT_SHOP_LIMIT).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(shop_card).collect())
}

/// [`SHOP_COLUMNS`] with the introduction in `lang` (the stored `intro` when it has none).
fn shop_columns_in(lang: Lang) -> String {
    let intro = match lang {
        Lang::En => "intro".to_string(),
        other => {
            let col = crate::db::lang_column(other);
            format!("CASE WHEN intro_{col} <> '' THEN intro_{col} ELSE intro END")
        }
    };
    let base = SHOP_COLUMNS.strip_suffix("intro").expect("SHOP_COLUMNS ends with intro");
    format!("{base}{intro}")
}

/// The shop header, its introduction in `lang`; `collected` tells whether `user_id` follows
/// the shop.
pub async fn shop_head(db: &Db, shop_id: i64, user_id: Option<i64>, lang: Lang) -> DbResult<Option<ShopHeadInfo>> {
    let sql = format!("SELECT {}, contact, mos_chat_support_url FROM shop WHERE shop_id = $1", shop_columns_in(lang));
    let row = sqlx::query(&sql).bind(shop_id).fetch_optional(&db.pool).await?;
    let Some(row) = row else { return Ok(None) };
    let (base, contact, chat): (ShopRow, Option<String>, Option<String>) = {
        use sqlx::Row;
        (
            (
                row.try_get(0)?,
                row.try_get(1)?,
                row.try_get(2)?,
                row.try_get(3)?,
                row.try_get(4)?,
                row.try_get(5)?,
                row.try_get(6)?,
                row.try_get(7)?,
                row.try_get(8)?,
            ),
            row.try_get(9)?,
            row.try_get(10)?,
        )
    };
    let collected = match user_id {
        Some(user_id) => is_collected(db, user_id, shop_id).await?,
        None => false,
    };
    Ok(Some(ShopHeadInfo {
        shop: shop_card(base),
        mos_chat_support_url: chat.filter(|u| !u.trim().is_empty()),
        contact: contact.filter(|c| !c.trim().is_empty()),
        collected,
    }))
}

async fn is_collected(db: &Db, user_id: i64, shop_id: i64) -> DbResult<bool> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT 1 FROM shop_collection WHERE user_id = $1 AND shop_id = $2")
        .bind(user_id)
        .bind(shop_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.is_some())
}

/// What following a shop came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collect {
    /// The buyer now follows the shop (`true`) or no longer does (`false`).
    Done(bool),
    UnknownShop,
    /// Offline shops cannot be followed (unfollowing them still works).
    OfflineShop,
}

/// The shops buyers follow.
const FOLLOWS: KeptByBuyer = KeptByBuyer { table: "shop_collection", key: "shop_id" };

/// Follows the shop, or unfollows it when already followed, keeping the shop's follower
/// count in step, all in one transaction. Its first statement writes, so on SQLite the
/// transaction takes the write lock before it reads anything: a read first would leave it
/// holding a snapshot that a parallel follower's commit makes stale, and its write would then
/// fail instead of waiting its turn.
pub async fn toggle_collection(db: &Db, user_id: i64, shop_id: i64) -> DbResult<Collect> {
    let mut tx = db.pool.begin().await?;
    if unfollow_in(&mut tx, user_id, shop_id).await? {
        tx.commit().await?;
        return Ok(Collect::Done(false));
    }
    let status: Option<(i64,)> = sqlx::query_as("SELECT shop_status FROM shop WHERE shop_id = $1")
        .bind(shop_id)
        .fetch_optional(&mut *tx)
        .await?;
    match status {
        None => return Ok(Collect::UnknownShop),
        Some((status,)) if status != 1 => return Ok(Collect::OfflineShop),
        Some(_) => {}
    }
    // A concurrent request may have inserted the row already: then it is followed, once.
    if FOLLOWS.add(&mut tx, user_id, shop_id, db.now()).await? {
        move_followers(&mut tx, shop_id, 1).await?;
    }
    tx.commit().await?;
    Ok(Collect::Done(true))
}

/// Removes the buyer's follow of the shop, if any, and the shop's follower with it, inside the
/// caller's transaction. `true` when the buyer was following it.
pub async fn unfollow_in(conn: &mut sqlx::AnyConnection, user_id: i64, shop_id: i64) -> DbResult<bool> {
    let removed = FOLLOWS.remove(conn, user_id, shop_id).await?;
    if removed {
        move_followers(conn, shop_id, -1).await?;
    }
    Ok(removed)
}

/// Moves the shop's follower count by `delta`, never below zero.
async fn move_followers(conn: &mut sqlx::AnyConnection, shop_id: i64, delta: i64) -> DbResult<()> {
    sqlx::query("UPDATE shop SET fans_count = fans_count + $2 WHERE shop_id = $1 AND fans_count + $2 >= 0")
        .bind(shop_id)
        .bind(delta)
        .execute(conn)
        .await?;
    Ok(())
}

type RenovationRow = (i64, i64, String, String);

fn renovation_page((renovation_id, shop_id, name, content): RenovationRow) -> RenovationPage {
    RenovationPage { renovation_id, shop_id, name, content }
}

/// A decorated page's name in `lang` (the stored `name` when it has none).
fn renovation_name_in(lang: Lang) -> String {
    match lang {
        Lang::En => "name".to_string(),
        other => {
            let col = crate::db::lang_column(other);
            format!("CASE WHEN name_{col} <> '' THEN name_{col} ELSE name END")
        }
    }
}

/// The active decorated home page of a shop (0 = platform), if any, named in `lang`.
pub async fn home_renovation(
    db: &Db,
    shop_id: i64,
    renovation_type: i64,
    lang: Lang,
) -> DbResult<Option<RenovationPage>> {
    let sql = format!(
        "SELECT renovation_id, shop_id, {}, content FROM renovation
         WHERE shop_id = $1 AND renovation_type = $2 AND is_home = 1
         ORDER BY updated_at DESC, renovation_id DESC LIMIT 1",
        renovation_name_in(lang)
    );
    let row: Option<RenovationRow> =
        sqlx::query_as(&sql).bind(shop_id).bind(renovation_type).fetch_optional(&db.pool).await?;
    Ok(row.map(renovation_page))
}

/// One decorated page; `shop_id`, when given, must be the page's shop.
pub async fn renovation(
    db: &Db,
    renovation_id: i64,
    renovation_type: i64,
    shop_id: Option<i64>,
    lang: Lang,
) -> DbResult<Option<RenovationPage>> {
    let sql = format!(
        "SELECT renovation_id, shop_id, {}, content FROM renovation
         WHERE renovation_id = $1 AND renovation_type = $2",
        renovation_name_in(lang)
    );
    let row: Option<RenovationRow> =
        sqlx::query_as(&sql).bind(renovation_id).bind(renovation_type).fetch_optional(&db.pool).await?;
    Ok(row.map(renovation_page).filter(|page| shop_id.is_none_or(|id| id == page.shop_id)))
}
