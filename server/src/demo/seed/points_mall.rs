//! The points mall's items: SKUs of ordinary products on sale, offered for points. Two small
//! rewards a new buyer can reach with a week of daily sign-ins, the rest priced at the
//! product's value (one point a cent, rounded up to a multiple of 10), one of them sold out.
//! Their names and pictures are the products' own, in every language.

use crate::db::DbResult;
use sqlx::AnyConnection;

/// How many items the points mall offers.
const ITEMS: i64 = 12;
/// The points of the first items (what a few daily sign-ins earn); the rest follow the price.
const SMALL_REWARDS: [i64; 2] = [10, 50];
/// The item shown sold out (by its place in the grid).
const SOLD_OUT_AT: usize = 5;

/// A price in points for a shop price in cents: one point a cent, a multiple of 10, at least 10.
fn points_for(cents: i64) -> i64 {
    ((cents.max(1) + 9) / 10) * 10
}

/// Replaces the points mall's items; answers how many it offers.
pub async fn seed(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    sqlx::query("DELETE FROM score_prod").execute(&mut *conn).await?;
    // One SKU (the first) of ordinary products on sale, spread over the catalogue.
    let picks: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT p.prod_id, k.sku_id, k.price FROM product p
         JOIN sku k ON k.sku_id = (SELECT MIN(k2.sku_id) FROM sku k2 WHERE k2.prod_id = p.prod_id AND k2.status = 1)
         JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.status = 1 AND p.prod_type = 0 AND s.shop_status = 1 AND p.prod_id % 7 = 3
         ORDER BY p.prod_id LIMIT $1",
    )
    .bind(ITEMS)
    .fetch_all(&mut *conn)
    .await?;
    // The small rewards go to the cheapest of them, first in the grid.
    let mut cheapest: Vec<usize> = (0..picks.len()).collect();
    cheapest.sort_by_key(|&i| (picks[i].2, i));
    let first: Vec<usize> = cheapest.into_iter().take(SMALL_REWARDS.len()).collect();
    let order: Vec<usize> = first.iter().copied().chain((0..picks.len()).filter(|i| !first.contains(i))).collect();
    for (i, &at) in order.iter().enumerate() {
        let (prod_id, sku_id, price) = picks[at];
        let points = SMALL_REWARDS.get(i).copied().unwrap_or_else(|| points_for(price));
        let stocks = if i == SOLD_OUT_AT { 0 } else { 20 + (i as i64 * 37) % 180 };
        sqlx::query(
            "INSERT INTO score_prod (prod_id, sku_id, score_price, stocks, sold_num, seq, status, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, 1, $7)",
        )
        .bind(prod_id)
        .bind(sku_id)
        .bind(points)
        .bind(stocks)
        .bind((i as i64 * 13) % 40)
        .bind(i as i64)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(picks.len())
}

#[cfg(test)]
mod tests {
    use super::points_for;

    #[test]
    fn prices_are_points_in_tens() {
        assert_eq!(points_for(1299), 1300);
        assert_eq!(points_for(1300), 1300);
        assert_eq!(points_for(0), 10);
        assert!([1, 9, 10, 11, 12_345].iter().all(|c| points_for(*c) % 10 == 0));
    }
}
