//! Cart lines in the `basket` table (one per buyer and SKU).
//!
//! A change reads and writes inside one transaction that first takes the buyer's own `users`
//! row ([`lock_buyer`]): PostgreSQL then serializes one buyer's changes on that row lock and
//! SQLite on its single writer, so a burst of parallel adds can neither pass a limit nor lose
//! a count. Other buyers are not held up.

use crate::cart::rules::{self, Action, Change, Refusal, SkuFacts};
use crate::db::{lang_column, Db, DbResult};
use api::cart::{ShopCart, ShopCartItem};
use api::money::Price;
use i18n::Lang;
use sqlx::Row as _;

/// A transaction of the pool.
pub type Tx<'c> = sqlx::Transaction<'c, sqlx::Any>;

/// Takes the write lock on the buyer's `users` row for the rest of `tx` (a no-op update): the
/// first statement of every transaction that checks a per-buyer limit before writing. Starting
/// with a write also makes SQLite take its write lock up front, so a read-then-write
/// transaction never fails on a stale snapshot.
pub async fn lock_buyer(tx: &mut Tx<'_>, user_id: i64) -> DbResult<()> {
    sqlx::query("UPDATE users SET created_at = created_at WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// The facts of a SKU that decide a change; `None` for an unknown SKU.
async fn sku_facts(tx: &mut Tx<'_>, sku_id: i64) -> DbResult<Option<SkuFacts>> {
    let row: Option<(i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT s.prod_id, p.shop_id, p.status, s.status, COALESCE(sh.shop_status, 0), s.stocks
         FROM sku s JOIN product p ON p.prod_id = s.prod_id LEFT JOIN shop sh ON sh.shop_id = p.shop_id
         WHERE s.sku_id = $1",
    )
    .bind(sku_id)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|(prod_id, shop_id, prod_status, sku_status, shop_status, stocks)| SkuFacts {
        prod_id,
        shop_id,
        on_shelf: prod_status == 1 && sku_status == 1,
        shop_online: shop_status == 1,
        stocks,
    }))
}

/// Changes the buyer's line of `sku_id` by `change.count` units: the line `basket_id` when
/// non-zero (it must be the buyer's and of this SKU), else the buyer's line of the SKU, opened
/// when missing. Nothing is written when refused.
pub async fn change_item(
    db: &Db,
    user_id: i64,
    basket_id: i64,
    sku_id: i64,
    change: Change,
) -> DbResult<Result<(), Refusal>> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let decided = decide_in(&mut tx, user_id, basket_id, sku_id, change).await?;
    let (line, action) = match decided {
        Ok(found) => found,
        Err(refusal) => {
            tx.rollback().await?;
            return Ok(Err(refusal));
        }
    };
    match (action, line) {
        (Action::Insert(count), _) => {
            sqlx::query(
                "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(user_id)
            .bind(change.shop_id)
            .bind(change.prod_id)
            .bind(sku_id)
            .bind(count)
            .bind(db.now())
            .execute(&mut *tx)
            .await?;
        }
        (Action::Update(count), Some(line)) => {
            sqlx::query("UPDATE basket SET prod_count = $1 WHERE basket_id = $2 AND user_id = $3")
                .bind(count)
                .bind(line)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        (Action::Delete, Some(line)) => {
            sqlx::query("DELETE FROM basket WHERE basket_id = $1 AND user_id = $2")
                .bind(line)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        // `decide` changes only a line it was given.
        (Action::Update(_) | Action::Delete, None) => {
            tx.rollback().await?;
            return Ok(Err(Refusal::LineNotFound));
        }
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Reads what decides a change (under the buyer's lock) and decides it: the line changed
/// (`None` when one is to be opened) and what to write.
async fn decide_in(
    tx: &mut Tx<'_>,
    user_id: i64,
    basket_id: i64,
    sku_id: i64,
    change: Change,
) -> DbResult<Result<(Option<i64>, Action), Refusal>> {
    let Some(sku) = sku_facts(tx, sku_id).await? else { return Ok(Err(Refusal::UnknownSku)) };
    let line: Option<(i64, i64, i64)> = if basket_id != 0 {
        sqlx::query_as("SELECT basket_id, sku_id, prod_count FROM basket WHERE basket_id = $1 AND user_id = $2")
            .bind(basket_id)
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?
    } else {
        sqlx::query_as("SELECT basket_id, sku_id, prod_count FROM basket WHERE user_id = $1 AND sku_id = $2")
            .bind(user_id)
            .bind(sku_id)
            .fetch_optional(&mut **tx)
            .await?
    };
    if basket_id != 0 && line.is_none_or(|(_, line_sku, _)| line_sku != sku_id) {
        return Ok(Err(Refusal::LineNotFound));
    }
    let (lines,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM basket WHERE user_id = $1").bind(user_id).fetch_one(&mut **tx).await?;
    let current = line.map(|(_, _, count)| count);
    Ok(rules::decide(change, &sku, current, lines).map(|action| (line.map(|(id, _, _)| id), action)))
}

/// The buyer's lines grouped by shop: shops by their newest line, lines newest first, each
/// with today's price and stock and its name in `lang`.
pub async fn info(db: &Db, user_id: i64, lang: Lang) -> DbResult<Vec<ShopCart>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT b.basket_id, b.prod_id, b.sku_id, p.shop_id, p.prod_name_{col}, s.properties_{col},
                COALESCE(NULLIF(s.pic, ''), p.pic, ''), s.price, s.ori_price, b.prod_count, s.stocks,
                p.status, s.status, COALESCE(sh.shop_status, 0), COALESCE(sh.shop_name, ''),
                COALESCE(sh.shop_logo, ''), b.created_at
         FROM basket b JOIN sku s ON s.sku_id = b.sku_id JOIN product p ON p.prod_id = b.prod_id
              LEFT JOIN shop sh ON sh.shop_id = p.shop_id
         WHERE b.user_id = $1
         ORDER BY b.created_at DESC, b.basket_id DESC"
    );
    let rows = sqlx::query(&sql).bind(user_id).fetch_all(&db.pool).await?;
    let mut shops: Vec<ShopCart> = Vec::new();
    for row in rows {
        let shop_id: i64 = row.try_get(3)?;
        let stocks: i64 = row.try_get(10)?;
        let on_shelf = row.try_get::<i64, _>(11)? == 1 && row.try_get::<i64, _>(12)? == 1;
        let shop_online = row.try_get::<i64, _>(13)? == 1;
        let item = ShopCartItem {
            basket_id: row.try_get(0)?,
            prod_id: row.try_get(1)?,
            sku_id: row.try_get(2)?,
            shop_id,
            prod_name: row.try_get(4)?,
            sku_name: rules::sku_name(&row.try_get::<String, _>(5)?),
            pic: row.try_get(6)?,
            price: Price(row.try_get(7)?),
            ori_price: Price(row.try_get(8)?),
            prod_count: row.try_get(9)?,
            stocks,
            availability: rules::availability_of(on_shelf, shop_online, stocks),
            basket_date: row.try_get(16)?,
        };
        match shops.iter_mut().find(|s| s.shop_id == shop_id) {
            Some(shop) => shop.shop_cart_items.push(item),
            None => shops.push(ShopCart {
                shop_id,
                shop_name: row.try_get(14)?,
                shop_logo: row.try_get(15)?,
                shop_cart_items: vec![item],
            }),
        }
    }
    Ok(shops)
}

/// Removes the buyer's lines among `basket_ids`; ids of other buyers' lines are ignored.
/// Returns how many lines went.
pub async fn delete_items(db: &Db, user_id: i64, basket_ids: &[i64]) -> DbResult<u64> {
    if basket_ids.is_empty() {
        return Ok(0);
    }
    let placeholders: Vec<String> = (0..basket_ids.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!("DELETE FROM basket WHERE user_id = $1 AND basket_id IN ({})", placeholders.join(", "));
    let mut query = sqlx::query(&sql).bind(user_id);
    for id in basket_ids {
        query = query.bind(*id);
    }
    Ok(query.execute(&db.pool).await?.rows_affected())
}

/// One of the buyer's lines, as a change names it: (prodId, shopId, skuId, units), or `None`
/// when the buyer has no such line.
pub async fn line_of(db: &Db, user_id: i64, basket_id: i64) -> DbResult<Option<(i64, i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT prod_id, shop_id, sku_id, CAST(prod_count AS BIGINT) FROM basket WHERE user_id = $1 AND basket_id = $2",
    )
    .bind(user_id)
    .bind(basket_id)
    .fetch_optional(&db.pool)
    .await
}

/// The units in the buyer's cart (the header's badge).
pub async fn prod_count(db: &Db, user_id: i64) -> DbResult<i64> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT CAST(COALESCE(SUM(prod_count), 0) AS BIGINT) FROM basket WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(&db.pool)
            .await?;
    Ok(count)
}
