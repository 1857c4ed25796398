//! The footprints' sqlx reads and writes. Product cards come from the catalogue's own card
//! query (`crate::search::repo::product_cards`), so a footprint shows the name, picture and
//! price exactly as lists do.

use crate::cart::repo::lock_buyer;
use crate::db::paging::owned_page;
use crate::db::{Db, DbResult};
use crate::favourites::repo::{listed_products_sql, on_sale};
use api::favourites::{day_number, day_text, Footprint, MAX_FOOTPRINTS};
use i18n::Lang;

/// Records that the buyer viewed the product now: one row per product and day (a second view
/// the same day moves it to now), then drops the oldest beyond [`MAX_FOOTPRINTS`], all in one
/// transaction holding the buyer's row. `false` for an unknown product (nothing recorded).
pub async fn record(db: &Db, user_id: i64, prod_id: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let known: Option<(i64,)> =
        sqlx::query_as("SELECT 1 FROM product WHERE prod_id = $1").bind(prod_id).fetch_optional(&mut *tx).await?;
    if known.is_none() {
        return Ok(false);
    }
    let now = db.now();
    sqlx::query(
        "INSERT INTO user_footprint (user_id, prod_id, day, browse_time) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, prod_id, day) DO UPDATE SET browse_time = excluded.browse_time",
    )
    .bind(user_id)
    .bind(prod_id)
    .bind(day_number(now))
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM user_footprint WHERE user_id = $1 AND id NOT IN (
             SELECT id FROM user_footprint WHERE user_id = $2 ORDER BY browse_time DESC, id DESC LIMIT $3)",
    )
    .bind(user_id)
    .bind(user_id)
    .bind(MAX_FOOTPRINTS)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// A footprint as stored: id, product, day, time, the product's status and its shop's.
type FootprintRow = (i64, i64, i64, i64, i64, i64);

/// A page of the buyer's footprints, newest first, and their total.
pub async fn page(db: &Db, user_id: i64, lang: Lang, current: i64, size: i64) -> DbResult<(Vec<Footprint>, i64)> {
    let count = "SELECT COUNT(*) FROM user_footprint WHERE user_id = $1";
    let sql = listed_products_sql("user_footprint", "x.id, x.prod_id, x.day, x.browse_time", "browse_time");
    let (rows, total): (Vec<FootprintRow>, i64) = owned_page(db, count, &sql, user_id, current, size).await?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.1).collect();
    ids.sort_unstable();
    ids.dedup();
    let cards = crate::search::repo::cards_by_id(db, &ids, lang).await?;
    let records = rows
        .into_iter()
        .filter_map(|(id, prod_id, day, browse_time, status, shop_status)| {
            Some(Footprint {
                id,
                day: day_text(day),
                browse_time,
                on_sale: on_sale(status, shop_status),
                card: cards.get(&prod_id)?.clone(),
            })
        })
        .collect();
    Ok((records, total))
}

/// Removes the buyer's footprint `id`; the number removed (0 when it is not the buyer's).
pub async fn delete_one(db: &Db, user_id: i64, id: i64) -> DbResult<i64> {
    let done = sqlx::query("DELETE FROM user_footprint WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() as i64)
}

/// Removes the buyer's footprints of `day` (a day number); the number removed.
pub async fn delete_day(db: &Db, user_id: i64, day: i64) -> DbResult<i64> {
    let done = sqlx::query("DELETE FROM user_footprint WHERE user_id = $1 AND day = $2")
        .bind(user_id)
        .bind(day)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() as i64)
}

/// Removes all the buyer's footprints; the number removed.
pub async fn clear(db: &Db, user_id: i64) -> DbResult<i64> {
    let done = sqlx::query("DELETE FROM user_footprint WHERE user_id = $1").bind(user_id).execute(&db.pool).await?;
    Ok(done.rows_affected() as i64)
}
