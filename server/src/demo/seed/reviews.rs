//! The demo mall's product reviews: a believable, deterministic set written by the demo buyers
//! on some of the first products (several buyers per product, scores mostly good, some
//! anonymous, a few with the product's own pictures). Seeded reviews name no order item. Seeding
//! again replaces the demo buyers' reviews (their orders are written again too); other buyers'
//! reviews are kept.

use crate::db::{Db, DbResult};

use super::buyers::DEMO_BUYERS;

/// The products reviewed (those that exist in the seeded range).
const REVIEWED: [i64; 10] = [1, 2, 3, 4, 5, 6, 8, 11, 13, 21];

/// (score, text, anonymous) of the reviews, taken in turn.
const REVIEWS: [(i64, &str, bool); 12] = [
    (5, "Exactly as pictured. Well packed and it arrived two days early.", false),
    (4, "Good quality for the price. The colour is a little darker than in the photos.", false),
    (5, "质量很好，做工精细，物流也很快，会回购。", false),
    (3, "It does the job, but the instructions were only in English.", true),
    (5, "ទំនិញល្អណាស់ ដឹកជញ្ជូនរហ័ស។ នឹងទិញម្ដងទៀត។", false),
    (4, "Second time buying from this shop. Consistent quality.", true),
    (2, "The box was dented and one part was scratched. The shop offered a partial refund.", false),
    (5, "包装很用心，和描述一致，推荐购买。", true),
    (4, "Nice and sturdy. Delivery to Siem Reap took four days.", false),
    (5, "គុណភាពល្អស្របនឹងតម្លៃ។", true),
    (1, "Stopped working after a week. Still waiting for the seller to reply.", false),
    (4, "", false),
];

/// Replaces the seeded reviews; returns how many were written (none without demo buyers).
pub async fn seed(db: &Db, products: usize, now: i64) -> DbResult<usize> {
    let mut buyers = Vec::new();
    for (mail, ..) in DEMO_BUYERS {
        let row: Option<(i64,)> = sqlx::query_as("SELECT user_id FROM users WHERE user_mail = $1")
            .bind(mail)
            .fetch_optional(&db.pool)
            .await?;
        buyers.extend(row.map(|(id,)| id));
    }
    let mut tx = db.pool.begin().await?;
    // The demo buyers' orders were just written again, so their reviews go with the old ones.
    sqlx::query("DELETE FROM prod_comm WHERE order_item_id IS NULL").execute(&mut *tx).await?;
    for user_id in &buyers {
        sqlx::query("DELETE FROM prod_comm WHERE user_id = $1").bind(*user_id).execute(&mut *tx).await?;
    }
    let mut written = 0;
    let mut turn = 0;
    for (p, prod_id) in REVIEWED.into_iter().filter(|id| *id as usize <= products).enumerate() {
        let shop: Option<(i64,)> = sqlx::query_as("SELECT shop_id FROM product WHERE prod_id = $1")
            .bind(prod_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some((shop_id,)) = shop else { continue };
        // One to three of the buyers review each product.
        let reviewers = 1 + (p % buyers.len().max(1));
        for (b, user_id) in buyers.iter().take(reviewers).enumerate() {
            let (score, text, anonymous) = REVIEWS[turn % REVIEWS.len()];
            turn += 1;
            let pics = if (p + b) % 3 == 0 { format!("/media/prod/{prod_id}.svg") } else { String::new() };
            let at = now - ((p * 3 + b) as i64 + 1) * 86_400_000 / 2;
            sqlx::query(
                "INSERT INTO prod_comm (order_item_id, user_id, prod_id, shop_id, score, content, pics, is_anonymous,
                                        status, created_at)
                 VALUES (NULL, $1, $2, $3, $4, $5, $6, $7, 1, $8)",
            )
            .bind(*user_id)
            .bind(prod_id)
            .bind(shop_id)
            .bind(score)
            .bind(text)
            .bind(pics)
            .bind(i64::from(anonymous))
            .bind(at)
            .execute(&mut *tx)
            .await?;
            written += 1;
        }
    }
    tx.commit().await?;
    Ok(written)
}
