//! The favourites' sqlx reads and writes. Product cards come from the catalogue's own card
//! query (`crate::search::repo::product_cards`), so a favourite shows the name, picture and
//! price exactly as lists do.

use crate::cart::repo::lock_buyer;
use crate::db::paging::owned_page;
use crate::db::{Db, DbResult, KeptByBuyer};
use api::favourites::{CollectionProduct, CollectionShop};
use i18n::Lang;
use std::collections::HashMap;

/// What a toggle came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Toggle {
    /// The product is now a favourite (`true`) or no longer one (`false`).
    Done(bool),
    UnknownProduct,
    /// An off-shelf product (or one of an offline shop) cannot be collected; uncollecting it
    /// still works.
    OffShelf,
}

/// Whether a product is on sale: on shelf (`status` 1) in an online shop (`shop_status` 1).
pub fn on_sale(status: i64, shop_status: i64) -> bool {
    status == 1 && shop_status == 1
}

/// The page query of a buyer's list of products `list` (`x`: the favourites' `user_collection`,
/// the footprints' `user_footprint`), newest by its column `time` first: the list's `columns`,
/// then the product's status and its shop's (0 without one) for [`on_sale`]. `$1` is the
/// buyer, `$2` and `$3` the page's size and offset, as [`owned_page`] binds them.
pub fn listed_products_sql(list: &str, columns: &str, time: &str) -> String {
    format!(
        "SELECT {columns}, p.status, COALESCE(s.shop_status, 0)
         FROM {list} x JOIN product p ON p.prod_id = x.prod_id LEFT JOIN shop s ON s.shop_id = p.shop_id
         WHERE x.user_id = $1 ORDER BY x.{time} DESC, x.id DESC LIMIT $2 OFFSET $3"
    )
}

/// Whether the product is on shelf in an online shop; `None` for an unknown product.
async fn product_on_sale<'e, E>(executor: E, prod_id: i64) -> DbResult<Option<bool>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT p.status, COALESCE(s.shop_status, 0) FROM product p LEFT JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.prod_id = $1",
    )
    .bind(prod_id)
    .fetch_optional(executor)
    .await?;
    Ok(row.map(|(status, shop_status)| on_sale(status, shop_status)))
}

/// The buyer's favourite products.
const FAVOURITES: KeptByBuyer = KeptByBuyer { table: "user_collection", key: "prod_id" };

/// Collects the product, or uncollects it when collected, in one transaction holding the
/// buyer's row: parallel toggles are served one after the other, each flipping it once.
pub async fn toggle(db: &Db, user_id: i64, prod_id: i64) -> DbResult<Toggle> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let Some(on_sale) = product_on_sale(&mut *tx, prod_id).await? else {
        return Ok(Toggle::UnknownProduct);
    };
    let removed = FAVOURITES.remove(&mut tx, user_id, prod_id).await?;
    if !removed {
        if !on_sale {
            return Ok(Toggle::OffShelf);
        }
        FAVOURITES.add(&mut tx, user_id, prod_id, db.now()).await?;
    }
    tx.commit().await?;
    Ok(Toggle::Done(!removed))
}

/// Whether the product is a favourite of the buyer; `None` for an unknown product.
pub async fn is_collected(db: &Db, user_id: i64, prod_id: i64) -> DbResult<Option<bool>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM user_collection WHERE user_id = $1 AND prod_id = $2)
         FROM product WHERE prod_id = $3",
    )
    .bind(user_id)
    .bind(prod_id)
    .bind(prod_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(n,)| n > 0))
}

/// Counts the favourite products of the buyer `$1`.
const COUNT_SQL: &str = "SELECT COUNT(*) FROM user_collection WHERE user_id = $1";

/// The number of the buyer's favourite products.
pub async fn count(db: &Db, user_id: i64) -> DbResult<i64> {
    let (n,): (i64,) = sqlx::query_as(COUNT_SQL).bind(user_id).fetch_one(&db.pool).await?;
    Ok(n)
}

/// Removes the product from the buyer's favourites (if it is one).
pub async fn cancel(db: &Db, user_id: i64, prod_id: i64) -> DbResult<()> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    FAVOURITES.remove(&mut tx, user_id, prod_id).await?;
    tx.commit().await
}

/// A favourite as stored: id, product, time, the product's status and its shop's.
type FavouriteRow = (i64, i64, i64, i64, i64);

/// A page of the buyer's favourite products, newest first, and their total.
pub async fn products(
    db: &Db,
    user_id: i64,
    lang: Lang,
    current: i64,
    size: i64,
) -> DbResult<(Vec<CollectionProduct>, i64)> {
    let sql = listed_products_sql("user_collection", "x.id, x.prod_id, x.created_at", "created_at");
    let (rows, total): (Vec<FavouriteRow>, i64) = owned_page(db, COUNT_SQL, &sql, user_id, current, size).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.1).collect();
    let mut cards = crate::search::repo::cards_by_id(db, &ids, lang).await?;
    let records = rows
        .into_iter()
        .filter_map(|(id, prod_id, create_time, status, shop_status)| {
            Some(CollectionProduct {
                id,
                create_time,
                on_sale: on_sale(status, shop_status),
                card: cards.remove(&prod_id)?,
            })
        })
        .collect();
    Ok((records, total))
}

/// A page of the shops the buyer follows, newest first, and their total.
pub async fn shops(db: &Db, user_id: i64, current: i64, size: i64) -> DbResult<(Vec<CollectionShop>, i64)> {
    let (rows, total): (Vec<(i64, i64)>, i64) = owned_page(
        db,
        "SELECT COUNT(*) FROM shop_collection WHERE user_id = $1",
        "SELECT shop_id, created_at FROM shop_collection WHERE user_id = $1
         ORDER BY created_at DESC, shop_id DESC LIMIT $2 OFFSET $3",
        user_id,
        current,
        size,
    )
    .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    let mut cards: HashMap<i64, _> =
        crate::shops::repo::shop_cards(&db.pool, &ids).await?.into_iter().map(|card| (card.shop_id, card)).collect();
    let records = rows
        .into_iter()
        .filter_map(|(shop_id, create_time)| Some(CollectionShop { create_time, shop: cards.remove(&shop_id)? }))
        .collect();
    Ok((records, total))
}

/// Unfollows the shop (if followed), keeping its follower count in step, in one transaction.
pub async fn cancel_shop(db: &Db, user_id: i64, shop_id: i64) -> DbResult<()> {
    let mut tx = db.pool.begin().await?;
    crate::shops::repo::unfollow_in(&mut tx, user_id, shop_id).await?;
    tx.commit().await
}
