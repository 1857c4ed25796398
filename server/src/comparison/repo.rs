//! The comparison's sqlx reads: the compared product, the listings it may be matched with,
//! offers as the sidebar shows them (with SKUs and shops), category ancestors and the price
//! changes of a product.

use super::matching::{Listing, Signature};
use crate::db::{lang_column, Db, DbResult};
use api::comparison::{ComparisonProduct, ComparisonShop, ComparisonSku, COMPARE_DELIVERY_DAYS};
use api::money::Price;
use i18n::Lang;
use std::collections::HashMap;

/// What the matcher needs of the compared product.
#[derive(Debug, Clone)]
pub struct Target {
    pub prod_id: i64,
    pub category_id: i64,
    pub group: Option<i64>,
    pub price: i64,
    pub names: [String; 3],
}

impl Target {
    pub fn signature(&self) -> Signature {
        Signature::of([&self.names[0], &self.names[1], &self.names[2]])
    }
}

/// A product row: id, category, comparison group, price and its names in three languages.
type TargetRow = (i64, i64, Option<i64>, i64, String, String, String);

/// The product `prod_id` (on shelf or not), `None` when unknown.
pub async fn target(db: &Db, prod_id: i64) -> DbResult<Option<Target>> {
    let row: Option<TargetRow> = sqlx::query_as(
        "SELECT prod_id, category_id, comparison_group, price, prod_name_en, prod_name_zh, prod_name_km
         FROM product WHERE prod_id = $1",
    )
    .bind(prod_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(prod_id, category_id, group, price, en, zh, km)| Target {
        prod_id,
        category_id,
        group,
        price,
        names: [en, zh, km],
    }))
}

/// The listings the target may be the same product as: on shelf in online shops, of its
/// category or carrying its identity; the target itself is always among them.
pub async fn listings(db: &Db, target: &Target) -> DbResult<Vec<Listing>> {
    let rows: Vec<(i64, Option<i64>, String, String, String)> = sqlx::query_as(
        "SELECT p.prod_id, p.comparison_group, p.prod_name_en, p.prod_name_zh, p.prod_name_km
         FROM product p JOIN shop s ON s.shop_id = p.shop_id
         WHERE ((p.category_id = $1 OR p.comparison_group = $2) AND p.status = 1 AND s.shop_status = 1)
            OR p.prod_id = $3",
    )
    .bind(target.category_id)
    .bind(target.group)
    .bind(target.prod_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(prod_id, group, en, zh, km)| Listing { prod_id, group, signature: Signature::of([&en, &zh, &km]) })
        .collect())
}

/// The parent of a category (0 for a top-level one), `None` when unknown.
pub async fn parent_category(db: &Db, category_id: i64) -> DbResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT parent_id FROM category WHERE category_id = $1")
        .bind(category_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(p,)| p))
}

/// The products `ids` as the comparison shows them, in `lang`, in the order of `ids` (unknown
/// ids are left out): the cheapest SKU's price, the SKUs cheapest first, the shop.
pub async fn products(db: &Db, ids: &[i64], lang: Lang) -> DbResult<Vec<ComparisonProduct>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids are integers, so listing them inline is safe.
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let col = lang_column(lang);
    let sql = format!(
        "SELECT prod_id, prod_name_{col}, brief_{col}, price, pic, sold_num, total_stocks, shop_id, category_id
         FROM product WHERE prod_id IN ({list})"
    );
    type Row = (i64, String, String, i64, Option<String>, i64, i64, i64, i64);
    let rows: Vec<Row> = sqlx::query_as(&sql).fetch_all(&db.pool).await?;
    let sql = format!(
        "SELECT sku_id, prod_id, properties_{col}, price, stocks FROM sku
         WHERE prod_id IN ({list}) AND status = 1 ORDER BY price, sku_id"
    );
    let sku_rows: Vec<(i64, i64, String, i64, i64)> = sqlx::query_as(&sql).fetch_all(&db.pool).await?;
    let mut skus: HashMap<i64, Vec<ComparisonSku>> = HashMap::new();
    for (sku_id, prod_id, properties, price, stocks) in sku_rows {
        skus.entry(prod_id).or_default().push(ComparisonSku { sku_id, properties, price: Price(price), stocks });
    }
    let mut shop_ids: Vec<i64> = rows.iter().map(|r| r.7).collect();
    shop_ids.sort_unstable();
    shop_ids.dedup();
    let shops: HashMap<i64, ComparisonShop> = crate::shops::repo::shop_cards(&db.pool, &shop_ids)
        .await?
        .into_iter()
        .map(|s| {
            let shop = ComparisonShop {
                id: s.shop_id,
                name: s.shop_name,
                logo_url: s.shop_logo,
                rating: s.rating,
                follower_count: s.fans_count,
            };
            (shop.id, shop)
        })
        .collect();
    let mut by_id: HashMap<i64, ComparisonProduct> = HashMap::with_capacity(rows.len());
    for (prod_id, name, brief, price, pic, sold, stocks, shop_id, category_id) in rows {
        let shop = shops.get(&shop_id).cloned().unwrap_or_default();
        let pic = pic.unwrap_or_default();
        let description = if brief.trim().is_empty() { name.clone() } else { brief };
        by_id.insert(
            prod_id,
            ComparisonProduct {
                id: prod_id,
                prod_id,
                name,
                description,
                price: Price(price),
                image_url: pic.clone(),
                image: pic,
                stock_qty: stocks,
                sold_qty: sold,
                qty: 1,
                delivery_estimate_days: COMPARE_DELIVERY_DAYS,
                sku_list: skus.remove(&prod_id).unwrap_or_default(),
                shop_id,
                shop_name: shop.name.clone(),
                shop_logo: shop.logo_url.clone(),
                followers: shop.follower_count,
                shop,
                is_user_added: false,
                is_removed: false,
                can_remove: true,
                category_id,
            },
        );
    }
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// The price changes of a product that tell its price over `[from, to]`: the last one at or
/// before `from` and every one after it up to `to`, as (time, old price, new price), oldest
/// first.
pub async fn price_changes(db: &Db, prod_id: i64, from: i64, to: i64) -> DbResult<Vec<(i64, i64, i64)>> {
    let before: Option<(i64, i64, i64)> = sqlx::query_as(
        "SELECT changed_at, old_price, price FROM price_history
         WHERE prod_id = $1 AND changed_at <= $2 ORDER BY changed_at DESC, id DESC LIMIT 1",
    )
    .bind(prod_id)
    .bind(from)
    .fetch_optional(&db.pool)
    .await?;
    let inside: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT changed_at, old_price, price FROM price_history
         WHERE prod_id = $1 AND changed_at > $2 AND changed_at <= $3 ORDER BY changed_at, id",
    )
    .bind(prod_id)
    .bind(from)
    .bind(to)
    .fetch_all(&db.pool)
    .await?;
    Ok(before.into_iter().chain(inside).collect())
}
