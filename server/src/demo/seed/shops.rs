//! Shops ([`SHOPS`]) with their ratings, fans and contacts, their units sold (the sum over
//! their products), and the platform's home banners, each linking the best seller of the
//! category it advertises.

use super::catalog;
use super::data::{BANNERS, BANNER_ART, DAY, SHOPS, TOPS};
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
            // No demo shop has an external chat service: "Contact service" opens the
            // storefront's own chat with the shop (`/chat?shopId=`).
            let chat: Option<String> = None;
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

/// Writes the platform's five home banners (`/media/banner/{n}.svg`), each linking the product
/// [`banner_product`] picks.
pub async fn seed_banners(conn: &mut AnyConnection, picks: &Picks) -> DbResult<usize> {
    let rows = (1..=5i64)
        .map(|n| {
            let (title, _) = BANNERS[(n - 1) as usize];
            let relation = banner_product(picks, n);
            row![n, 0, format!("/media/banner/{n}.svg"), title.0, title.1, title.2, 1, relation.to_string(), n, 1, 1]
        })
        .collect();
    INDEX_IMG.insert(conn, rows).await
}

/// The product banner `n` (from 1) links: the best seller of the category the banner
/// advertises ([`BANNER_ART`], the category its picture shows), else of its top category,
/// else the mall's best seller.
pub fn banner_product(picks: &Picks, n: i64) -> i64 {
    let (top, child) = BANNER_ART[((n - 1).rem_euclid(BANNER_ART.len() as i64)) as usize];
    let specs: Vec<_> = picks.normal.iter().map(|id| catalog::product(*id)).collect();
    specs
        .iter()
        .find(|p| p.top == top && p.child == child)
        .or_else(|| specs.iter().find(|p| p.top == top))
        .map(|p| p.prod_id)
        .or_else(|| picks.normal.first().copied())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::super::renovation;
    use super::*;

    #[test]
    fn each_banner_links_a_product_of_what_it_advertises() {
        let picks = renovation::picks(super::super::DEFAULT_PRODUCTS);
        // Banner n: (headline, the category of the product it must link).
        let expected = [
            (2, "New Season Fashion", "Fashion"),
            (3, "Smart Gadgets", "Electronics"),
            (4, "Taste of Cambodia", "Food & Drinks"),
            (5, "Back to School", "Books & Stationery"),
        ];
        for (n, headline, top_name) in expected {
            assert_eq!(BANNERS[n - 1].0 .0, headline);
            let product = catalog::product(banner_product(&picks, n as i64));
            let (top, child) = BANNER_ART[n - 1];
            assert_eq!(TOPS[product.top].name.0, top_name, "{headline} links {:?}", product.name[0]);
            assert_eq!((product.top, product.child), (top, child), "{headline} links {:?}", product.name[0]);
            assert_eq!(product.status, 1, "{headline}: on sale");
        }
        // Before: "Smart Gadgets" linked shorts, "Taste of Cambodia" paint brushes.
        let gadgets = catalog::product(banner_product(&picks, 3));
        assert_eq!(TOPS[gadgets.top].children[gadgets.child].name.0, "Smart Devices");
    }
}
