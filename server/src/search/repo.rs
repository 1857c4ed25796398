//! The search domain's sqlx reads: hot search words, the rows the index is built from (products,
//! shops, categories, activities), the `search_change` feed, and product cards of hits.

use crate::db::{lang_column, Db, DbResult};
use api::browse::HotSearch;
use i18n::Lang;

/// Most hot search words returned (clients show the first four).
pub const HOT_SEARCH_LIMIT: i64 = 10;

/// The hot search words of `kind` (1 product, 2 shop) in `lang`, by `seq`: shop `shop_id`'s
/// own, or the platform's (`shop_id` 0).
pub async fn hot_search(db: &Db, shop_id: i64, kind: i64, lang: Lang) -> DbResult<Vec<HotSearch>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT title_{col}, content_{col} FROM hot_search
         WHERE shop_id = $1 AND type = $2 AND status = 1
         ORDER BY seq, hot_search_id LIMIT $3"
    );
    let rows: Vec<(String, String)> =
        sqlx::query_as(&sql).bind(shop_id).bind(kind).bind(HOT_SEARCH_LIMIT).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(|(title, content)| HotSearch { title, content }).collect())
}

// ---------------------------------------------------------------------------------------------
// The search index's view of the catalog, and the cards search answers are made of.

use api::catalog::{GroupActivitySearchVo, ProductCard};
use api::money::Price;
use sqlx::any::AnyRow;
use sqlx::Row;
use std::collections::HashMap;

/// What the search index holds of a product (names and briefs as (en, zh, km)).
#[derive(Debug, Clone, Default)]
pub struct ProductDoc {
    pub prod_id: i64,
    pub shop_id: i64,
    pub category_id: i64,
    pub name: [String; 3],
    pub brief: [String; 3],
    pub pic: String,
    pub price: i64,
    pub status: i64,
    pub prod_type: i64,
    pub sold_num: i64,
    pub created_at: i64,
    /// The shop's rating in tenths of a star.
    pub shop_rating: i64,
    pub shop_status: i64,
}

crate::db::named_row! {
/// What the search index holds of a shop, read by its columns' names.
#[derive(Debug, Clone, Default)]
pub struct ShopDoc {
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    pub kind: i64,
    pub shop_status: i64,
    pub rating: i64,
    pub fans_count: i64,
    pub sold_num: i64,
}
}

/// A flash sale (kind 1) or group buy (kind 2) of a product.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ActivityRow {
    pub kind: i64,
    pub activity_id: i64,
    pub prod_id: i64,
    pub price: i64,
    pub group_number: i64,
    pub start_time: i64,
    pub end_time: i64,
}

impl ActivityRow {
    /// Whether the activity runs at `now`.
    pub fn running(&self, now: i64) -> bool {
        self.start_time <= now && now < self.end_time
    }
}

/// The activity a product of `prod_type` shows at `now`: a running one, else the next upcoming,
/// else the one that ended last. Only flash sales count for type 1, group buys for type 2.
pub fn choose_activity<'a>(
    rows: impl Iterator<Item = &'a ActivityRow>,
    prod_type: i64,
    now: i64,
) -> Option<ActivityRow> {
    let rank = |a: &ActivityRow| -> (u8, i64) {
        if a.running(now) {
            (2, -a.end_time)
        } else if a.start_time > now {
            (1, -a.start_time)
        } else {
            (0, a.end_time)
        }
    };
    rows.filter(|a| a.kind == prod_type).max_by_key(|a| rank(a)).copied()
}

fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

fn text(row: &AnyRow, index: usize) -> Result<String, sqlx::Error> {
    Ok(row.try_get::<Option<String>, _>(index)?.unwrap_or_default())
}

const PRODUCT_DOC_COLUMNS: &str = "p.prod_id, p.shop_id, p.category_id, p.prod_name_en, p.prod_name_zh, p.prod_name_km,
    p.brief_en, p.brief_zh, p.brief_km, p.pic, p.price, p.status, p.prod_type, p.sold_num, p.created_at,
    s.rating, s.shop_status";

fn product_doc(row: &AnyRow) -> Result<ProductDoc, sqlx::Error> {
    Ok(ProductDoc {
        prod_id: row.try_get(0)?,
        shop_id: row.try_get(1)?,
        category_id: row.try_get(2)?,
        name: [text(row, 3)?, text(row, 4)?, text(row, 5)?],
        brief: [text(row, 6)?, text(row, 7)?, text(row, 8)?],
        pic: text(row, 9)?,
        price: row.try_get(10)?,
        status: row.try_get(11)?,
        prod_type: row.try_get(12)?,
        sold_num: row.try_get(13)?,
        created_at: row.try_get(14)?,
        shop_rating: row.try_get(15)?,
        shop_status: row.try_get(16)?,
    })
}

/// Up to `limit` products with ids above `after`, by id (the full index build pages with it).
pub async fn product_docs_after(db: &Db, after: i64, limit: i64) -> DbResult<Vec<ProductDoc>> {
    let sql = format!(
        "SELECT {PRODUCT_DOC_COLUMNS} FROM product p JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.prod_id > $1 ORDER BY p.prod_id LIMIT $2"
    );
    let rows = sqlx::query(&sql).bind(after).bind(limit).fetch_all(&db.pool).await?;
    rows.iter().map(product_doc).collect()
}

/// The products `ids` (those that exist).
pub async fn product_docs(db: &Db, ids: &[i64]) -> DbResult<Vec<ProductDoc>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {PRODUCT_DOC_COLUMNS} FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.prod_id IN ({})",
        id_list(ids)
    );
    let rows = sqlx::query(&sql).fetch_all(&db.pool).await?;
    rows.iter().map(product_doc).collect()
}

/// The ids of a shop's products.
pub async fn product_ids_of_shop(db: &Db, shop_id: i64) -> DbResult<Vec<i64>> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT prod_id FROM product WHERE shop_id = $1").bind(shop_id).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Shops for the index: all of them, or those of `ids`.
pub async fn shop_docs(db: &Db, ids: Option<&[i64]>) -> DbResult<Vec<ShopDoc>> {
    let filter = match ids {
        Some([]) => return Ok(Vec::new()),
        Some(ids) => format!("WHERE shop_id IN ({})", id_list(ids)),
        None => String::new(),
    };
    let sql = format!(
        "SELECT shop_id, shop_name, COALESCE(shop_logo, '') AS shop_logo, type AS kind, shop_status, rating, fans_count,
                sold_num
         FROM shop {filter} ORDER BY shop_id"
    );
    sqlx::query_as(&sql).fetch_all(&db.pool).await
}

/// Every category's parent id.
pub async fn category_parents(db: &Db) -> DbResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT category_id, parent_id FROM category").fetch_all(&db.pool).await?;
    Ok(rows.into_iter().collect())
}

/// The enabled flash sales and group buys of `ids` (all products when `None`), by product.
pub async fn activities(db: &Db, ids: Option<&[i64]>) -> DbResult<HashMap<i64, Vec<ActivityRow>>> {
    let filter = match ids {
        Some([]) => return Ok(HashMap::new()),
        Some(ids) => format!("AND prod_id IN ({})", id_list(ids)),
        None => String::new(),
    };
    let sql = format!(
        "SELECT 1, seckill_id, prod_id, seckill_price, 0, start_time, end_time FROM seckill WHERE status = 1 {filter}
         UNION ALL
         SELECT 2, group_activity_id, prod_id, group_price, group_number, start_time, end_time
         FROM group_activity WHERE status = 1 {filter}"
    );
    let rows: Vec<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as(&sql).fetch_all(&db.pool).await?;
    let mut out: HashMap<i64, Vec<ActivityRow>> = HashMap::new();
    for (kind, activity_id, prod_id, price, group_number, start_time, end_time) in rows {
        out.entry(prod_id).or_default().push(ActivityRow {
            kind,
            activity_id,
            prod_id,
            price,
            group_number,
            start_time,
            end_time,
        });
    }
    Ok(out)
}

/// [`product_cards`] by product id, deleted products too: the cards of a buyer's own lists
/// (favourites, footprints), which keep what is gone and show it as such.
pub async fn cards_by_id(db: &Db, ids: &[i64], lang: Lang) -> DbResult<HashMap<i64, ProductCard>> {
    let cards = product_cards(db, ids, lang, db.now(), true).await?;
    Ok(cards.into_iter().map(|card| (card.prod_id, card)).collect())
}

/// Product cards of `ids` in the request language, in the order of `ids` (missing ids are
/// skipped). `with_deleted` keeps off-shelf products; otherwise only products on shelf.
pub async fn product_cards(
    db: &Db,
    ids: &[i64],
    lang: Lang,
    now: i64,
    with_deleted: bool,
) -> DbResult<Vec<ProductCard>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let col = lang_column(lang);
    let status = if with_deleted { "" } else { "AND p.status = 1" };
    let sql = format!(
        "SELECT p.prod_id, p.prod_name_{col}, p.brief_{col}, p.price, p.ori_price, p.pic, p.imgs, p.status,
                p.prod_type, p.sold_num, p.total_stocks, p.shop_id, s.shop_name
         FROM product p JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.prod_id IN ({}) {status}",
        id_list(ids)
    );
    let rows = sqlx::query(&sql).fetch_all(&db.pool).await?;
    let activities = activities(db, Some(ids)).await?;
    let mut cards: HashMap<i64, ProductCard> = HashMap::with_capacity(rows.len());
    for row in &rows {
        let prod_id: i64 = row.try_get(0)?;
        let prod_type: i64 = row.try_get(8)?;
        let mut card = ProductCard {
            prod_id,
            prod_name: text(row, 1)?,
            brief: text(row, 2)?,
            price: Price(row.try_get(3)?),
            ori_price: Price(row.try_get(4)?),
            pic: text(row, 5)?,
            imgs: text(row, 6)?,
            status: row.try_get::<i64, _>(7)? as i32,
            prod_type: prod_type as i32,
            sold_num: row.try_get(9)?,
            total_stocks: row.try_get(10)?,
            shop_id: row.try_get(11)?,
            shop_name: text(row, 12)?,
            ..Default::default()
        };
        let chosen = activities.get(&prod_id).and_then(|rows| choose_activity(rows.iter(), prod_type, now));
        if let Some(activity) = chosen {
            let running = activity.running(now);
            card.activity_in_progress = running;
            card.activity_status = i32::from(running);
            card.activity_price = running.then_some(Price(activity.price));
            match activity.kind {
                1 => card.seckill_id = Some(activity.activity_id),
                _ => {
                    card.group_activity_search_vo = Some(GroupActivitySearchVo {
                        group_activity_id: activity.activity_id,
                        group_number: activity.group_number,
                        group_price: Price(activity.price),
                    })
                }
            }
        }
        cards.insert(prod_id, card);
    }
    Ok(ids.iter().filter_map(|id| cards.remove(id)).collect())
}

/// The shop a coupon belongs to (0 = platform-wide), or `None` for an unknown coupon.
pub async fn coupon_shop(db: &Db, coupon_id: i64) -> DbResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT shop_id FROM coupon WHERE coupon_id = $1")
        .bind(coupon_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(id,)| id))
}

/// Kinds of rows in `search_change`.
pub mod change_kind {
    pub const PRODUCT: i64 = 1;
    pub const SHOP: i64 = 2;
}

/// The newest change id (0 when there is none).
pub async fn last_change_id(db: &Db) -> DbResult<i64> {
    let (id,): (Option<i64>,) = sqlx::query_as("SELECT MAX(change_id) FROM search_change").fetch_one(&db.pool).await?;
    Ok(id.unwrap_or(0))
}

/// Up to `limit` changes after `after`: (change id, kind, entity id).
pub async fn changes_after(db: &Db, after: i64, limit: i64) -> DbResult<Vec<(i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT change_id, kind, entity_id FROM search_change WHERE change_id > $1 ORDER BY change_id LIMIT $2",
    )
    .bind(after)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// Forgets changes noted before `before` (Unix milliseconds).
pub async fn prune_changes(db: &Db, before: i64) -> DbResult<u64> {
    Ok(sqlx::query("DELETE FROM search_change WHERE changed_at < $1")
        .bind(before)
        .execute(&db.pool)
        .await?
        .rows_affected())
}
