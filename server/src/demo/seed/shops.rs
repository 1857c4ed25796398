//! Shops ([`SHOPS`]) with their ratings, fans and contacts, their units sold (the sum over
//! their products), and the platform's home banners, which link to best-selling products.

use super::data::{BANNERS, DAY, SHOPS, TOPS};
use super::renovation::Picks;
use super::rng::Rng;
use super::sql::{row, Table};
use crate::db::DbResult;
use sqlx::AnyConnection;

const SHOP: Table = Table {
    name: "shop",
    columns: "shop_id, shop_name, shop_logo, intro, intro_zh, intro_km, type, shop_status, rating, fans_count, sold_num, contact, \
              mos_chat_support_url, created_at",
};
const INDEX_IMG: Table = Table {
    name: "index_img",
    columns: "id, shop_id, img_url, title, title_zh, title_km, type, relation, seq, img_type, status",
};

/// Writes the shops (units sold 0 until [`record_sales`]); `now` dates their opening.
pub async fn seed(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    let mut rng = Rng::new(0x5407);
    let rows = SHOPS
        .iter()
        .enumerate()
        .map(|(i, shop)| {
            let id = i as i64 + 1;
            let rating = if shop.shop_type == 1 { rng.range(46, 50) } else { rng.range(38, 49) };
            let fans = if id == 1 { 128_000 } else { rng.range(120, 60_000) };
            // The introduction in English, Simplified Chinese and Khmer.
            let (intro, intro_zh, intro_km) = match shop.specialty {
                None if id > 1 => (
                    "A general store for everyday needs: a little of every category at neighbourhood prices."
                        .to_string(),
                    "综合百货店：各品类日常所需，价格实惠。".to_string(),
                    "ហាងទំនិញចម្រុះសម្រាប់តម្រូវការប្រចាំថ្ងៃ៖ ទំនិញគ្រប់ប្រភេទ ក្នុងតម្លៃសមរម្យ។".to_string(),
                ),
                None => (
                    "The mall's own store: genuine goods from every category, shipped by the mall.".to_string(),
                    "商城自营店：各品类正品，由商城直接发货。".to_string(),
                    "ហាងផ្ទាល់របស់ផ្សារ៖ ទំនិញពិតគ្រប់ប្រភេទ ដឹកជញ្ជូនដោយផ្សារផ្ទាល់។".to_string(),
                ),
                Some(t) => {
                    let (en, zh, km) = TOPS[t].name;
                    let year = 2012 + id % 12;
                    (
                        format!("{en} specialists serving buyers across Cambodia since {year}."),
                        format!("{zh}专营店，自{year}年起服务柬埔寨各地的买家。"),
                        format!("អ្នកឯកទេសផ្នែក{km} បម្រើអ្នកទិញទូទាំងកម្ពុជាតាំងពីឆ្នាំ {year}។"),
                    )
                }
            };
            let chat = (id % 3 != 0).then(|| format!("https://chat.mekongmall.example/shop/{id}"));
            row![
                id,
                shop.name,
                format!("/media/shop/{id}.svg"),
                intro,
                intro_zh,
                intro_km,
                shop.shop_type,
                shop.status,
                rating,
                fans,
                0,
                format!("+855 23 {:03} {:03}", 100 + id * 7, 200 + id * 13),
                chat,
                now - (400 - id) * DAY,
            ]
        })
        .collect();
    SHOP.insert(conn, rows).await
}

/// Sets each shop's units sold; `sold_by_shop[i]` is shop `i + 1`'s.
pub async fn record_sales(conn: &mut AnyConnection, sold_by_shop: &[i64]) -> DbResult<()> {
    for (index, sold) in sold_by_shop.iter().enumerate() {
        sqlx::query("UPDATE shop SET sold_num = $1 WHERE shop_id = $2")
            .bind(*sold)
            .bind(index as i64 + 1)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Writes the platform's five home banners (`/media/banner/{n}.svg`), each linking a product.
pub async fn seed_banners(conn: &mut AnyConnection, picks: &Picks) -> DbResult<usize> {
    let rows = (1..=5i64)
        .map(|n| {
            let (title, _) = BANNERS[(n - 1) as usize];
            let relation = picks.normal.get((n * 3) as usize).copied().unwrap_or(1);
            row![n, 0, format!("/media/banner/{n}.svg"), title.0, title.1, title.2, 1, relation.to_string(), n, 1, 1]
        })
        .collect();
    INDEX_IMG.insert(conn, rows).await
}
