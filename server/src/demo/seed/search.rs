//! Search: the hot search words under the search box. The full-text index needs no seeding:
//! the server builds it from the seeded rows at start and follows the `search_change` feed
//! that the database's triggers fill as the seed writes products and shops.

use super::data::{shop_by_id, Tr, TOPS};
use super::renovation::DECORATED_SHOPS;
use super::sql::{row, Table};
use crate::db::DbResult;
use sqlx::AnyConnection;

const HOT_SEARCH: Table = Table {
    name: "hot_search",
    columns: "hot_search_id, shop_id, type, title_en, title_zh, title_km, content_en, content_zh, content_km, seq, \
              status",
};

/// Writes the hot search words: products (type 1) and shops (type 2).
pub async fn seed_hot_words(conn: &mut AnyConnection) -> DbResult<usize> {
    let products: [Tr; 10] = [
        ("Wireless Earbuds", "无线耳机", "កាសឥតខ្សែ"),
        ("Smartphone", "智能手机", "ស្មាតហ្វូន"),
        ("Dress", "连衣裙", "រ៉ូប"),
        ("Sneakers", "运动鞋", "ស្បែកជើងប៉ាតា"),
        ("Rice Cooker", "电饭煲", "ឆ្នាំងដាំបាយ"),
        ("Kampot Pepper", "贡布胡椒", "ម្រេចកំពត"),
        ("Sunscreen", "防晒霜", "ឡេការពារកម្ដៅថ្ងៃ"),
        ("Yoga Mat", "瑜伽垫", "កម្រាលយូហ្គា"),
        ("Building Blocks", "积木", "ប្លុកតម្រៀប"),
        ("Notebook", "笔记本", "សៀវភៅកត់ត្រា"),
    ];
    // Shop words: translated titles; the searched keyword is part of the (English) shop names.
    let shops: [(Tr, &str); 9] = [
        (("Digital", "数码", "ឌីជីថល"), "Digital"),
        (("Fashion", "时装", "ម៉ូដ"), "Fashion"),
        (("Beauty", "美妆", "សម្រស់"), "Beauty"),
        (("Home", "家居", "ផ្ទះ"), "Home"),
        (("Foods", "美食", "អាហារ"), "Foods"),
        (("Sports", "运动", "កីឡា"), "Sports"),
        (("Toys", "玩具", "ប្រដាប់ក្មេងលេង"), "Toys"),
        (("Books", "图书", "សៀវភៅ"), "Books"),
        (("Tea", "茶饮", "តែ"), "Tea"),
    ];
    let mut rows = Vec::new();
    for (i, t) in products.iter().enumerate() {
        rows.push(row![i as i64 + 1, 0, 1, t.0, t.1, t.2, t.0, t.1, t.2, i as i64 + 1, 1]);
    }
    for (i, (t, keyword)) in shops.iter().enumerate() {
        rows.push(row![100 + i as i64, 0, 2, t.0, t.1, t.2, *keyword, *keyword, *keyword, i as i64 + 1, 1]);
    }
    // The decorated shops' own words, shown under their header's search: what they sell.
    for shop_id in DECORATED_SHOPS {
        for (i, word) in shop_words(shop_id).iter().enumerate() {
            let id = 1_000 + shop_id * 10 + i as i64;
            rows.push(row![id, shop_id, 1, word.0, word.1, word.2, word.0, word.1, word.2, i as i64 + 1, 1]);
        }
    }
    HOT_SEARCH.insert(conn, rows).await
}

/// A shop's own hot words: the first product noun of each trade of its speciality (none for a
/// general store, whose header then shows none).
pub fn shop_words(shop_id: i64) -> Vec<Tr> {
    let Some(top) = shop_by_id(shop_id).specialty else { return Vec::new() };
    TOPS[top].children.iter().filter_map(|child| child.leaves.first().copied()).take(4).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shops_words_are_its_own_trade() {
        // Angkor Digital sells electronics: no dresses in its header.
        let words: Vec<&str> = shop_words(2).iter().map(|w| w.0).collect();
        assert_eq!(words.len(), 4);
        let electronics: Vec<&str> = TOPS[0].children.iter().flat_map(|c| c.leaves.iter().map(|l| l.0)).collect();
        assert!(words.iter().all(|w| electronics.contains(w)), "{words:?}");
        assert!(!words.contains(&"Dress"));
        for shop_id in DECORATED_SHOPS {
            assert!(!shop_words(shop_id).is_empty(), "shop {shop_id} shows words");
        }
    }
}
