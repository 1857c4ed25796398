//! The generated catalog: category ids, and every product as a pure function of its id (so the
//! seed needs no global state, any product count yields the same first products, and the
//! media pictures can draw a product from its id alone); and its writing, the category tree
//! and the products with their SKUs.

use super::data::{
    merchants_of, shop_by_id, texts, SizeKind, Tr, BRANDS, BRIEFS, CATALOG_SHOPS, CLOTHES_SIZES, COLOURS, DAY,
    EDITIONS, PROP_COLOUR, PROP_EDITION, PROP_SIZE, SHOE_SIZES, SHOPS, TOPS,
};
use super::rng::Rng;
use super::sql::{row, Row, Table};
use crate::db::{Db, DbResult};
use sqlx::AnyConnection;

/// Salt of the product generator; changing it changes the whole demo catalog.
const PRODUCT_SALT: u64 = 0x6d61_6c6c_2d63_6174;

/// Sizes of the comparison groups: products 1..=47 form 12 groups of 2-6 offers of the same
/// article by different shops.
pub const GROUP_SIZES: [i64; 12] = [2, 5, 3, 6, 4, 2, 5, 3, 6, 4, 2, 5];

/// Id of a top-level category (index in [`TOPS`]).
pub fn top_id(top: usize) -> i64 {
    top as i64 + 1
}

/// Id of a second-level category.
pub fn child_id(top: usize, child: usize) -> i64 {
    (top as i64 + 1) * 100 + child as i64 + 1
}

/// Id of a third-level category.
pub fn leaf_id(top: usize, child: usize, leaf: usize) -> i64 {
    (top as i64 + 1) * 1000 + (child as i64 + 1) * 10 + leaf as i64 + 1
}

/// The (top, child, leaf) indexes of a category id; child and leaf are `None` above their grade.
pub fn category_path(id: i64) -> Option<(usize, Option<usize>, Option<usize>)> {
    let (top, child, leaf) = match id {
        1..=99 => (id - 1, None, None),
        100..=999 => (id / 100 - 1, Some(id % 100 - 1), None),
        1000..=9999 => (id / 1000 - 1, Some(id % 1000 / 10 - 1), Some(id % 10 - 1)),
        _ => return None,
    };
    let top_def = TOPS.get(usize::try_from(top).ok()?)?;
    let child = match child {
        Some(c) => Some(usize::try_from(c).ok().filter(|c| *c < top_def.children.len())?),
        None => None,
    };
    let leaf = match (child, leaf) {
        (Some(c), Some(l)) => Some(usize::try_from(l).ok().filter(|l| *l < top_def.children[c].leaves.len())?),
        _ => None,
    };
    Some((top as usize, child, leaf))
}

/// One SKU of a generated product.
#[derive(Debug, Clone, PartialEq)]
pub struct SkuSpec {
    pub sku_id: i64,
    pub properties: [String; 3],
    pub price: i64,
    pub ori_price: i64,
    pub stocks: i64,
}

/// A generated product.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductSpec {
    pub prod_id: i64,
    pub shop_id: i64,
    pub top: usize,
    pub child: usize,
    pub leaf: usize,
    pub category_id: i64,
    pub name: [String; 3],
    pub brief: [String; 3],
    pub content: [String; 3],
    pub price: i64,
    pub ori_price: i64,
    pub status: i64,
    pub prod_type: i64,
    pub sold_num: i64,
    pub total_stocks: i64,
    /// How long before the seed time the product was listed, in milliseconds.
    pub age_millis: i64,
    pub comparison_group: Option<i64>,
    pub skus: Vec<SkuSpec>,
}

/// The comparison group of a product: (group number from 1, position in the group, first id).
pub fn comparison_slot(prod_id: i64) -> Option<(i64, i64, i64)> {
    let mut first = 1;
    for (g, size) in GROUP_SIZES.iter().enumerate() {
        if prod_id >= first && prod_id < first + size {
            return Some((g as i64 + 1, prod_id - first, first));
        }
        first += size;
    }
    None
}

fn rng_for(prod_id: i64) -> Rng {
    Rng::new(PRODUCT_SALT ^ (prod_id as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Rounds cents to a shop-like price ending (.99, .50, .90 or .00), at least 0.99.
fn shop_price(cents: i64, rng: &mut Rng) -> i64 {
    let endings = [99, 50, 90, 0, 99, 99];
    let price = (cents / 100) * 100 + endings[rng.below(endings.len() as u64) as usize];
    price.max(99)
}

/// A product's name in each language; the adjective is left out where the noun already says
/// it ("Smart Watch", not "Smart Smart Watch").
fn name_of(brand: &str, adj: Tr, noun: Tr) -> [String; 3] {
    let adj_en =
        if noun.0.to_lowercase().contains(&adj.0.to_lowercase()) { String::new() } else { format!("{} ", adj.0) };
    let adj_zh = if noun.1.contains(adj.1) { "" } else { adj.1 };
    let adj_km = if noun.2.contains(adj.2) { "" } else { adj.2 };
    [
        format!("{brand} {adj_en}{}", noun.0),
        format!("{brand} {adj_zh}{}", noun.1),
        format!("{}{adj_km} {brand}", noun.2),
    ]
}

fn content_of(name: &[String; 3], shop: &str) -> [String; 3] {
    [
        format!(
            "<p>{} from {shop}, carefully selected for everyday use.</p><p>Ships within 48 hours across Cambodia. Every order is quality checked and can be returned within 7 days.</p>",
            name[0]
        ),
        format!(
            "<p>{}，由{shop}精心挑选，适合日常使用。</p><p>48小时内发货，覆盖柬埔寨全境。每笔订单均经过质检，支持七天无理由退货。</p>",
            name[1]
        ),
        format!(
            "<p>{} ពី {shop} ត្រូវបានជ្រើសរើសយ៉ាងយកចិត្តទុកដាក់សម្រាប់ការប្រើប្រាស់ប្រចាំថ្ងៃ។</p><p>ដឹកជញ្ជូនក្នុងរយៈពេល ៤៨ ម៉ោង ទូទាំងប្រទេសកម្ពុជា។ ការបញ្ជាទិញនីមួយៗត្រូវបានត្រួតពិនិត្យគុណភាព ហើយអាចប្ដូរវិញបានក្នុងរយៈពេល ៧ ថ្ងៃ។</p>",
            name[2]
        ),
    ]
}

fn skus_of(prod_id: i64, size: SizeKind, price: i64, ori_price: i64, rng: &mut Rng) -> Vec<SkuSpec> {
    let count = 1 + rng.below(4) as usize;
    let first_colour = rng.below(COLOURS.len() as u64) as usize;
    let (second_name, seconds): (Tr, Vec<Tr>) = match size {
        SizeKind::Clothes => (PROP_SIZE, CLOTHES_SIZES.iter().map(|s| (*s, *s, *s)).collect()),
        SizeKind::Shoes => (PROP_SIZE, SHOE_SIZES.iter().map(|s| (*s, *s, *s)).collect()),
        SizeKind::Edition => (PROP_EDITION, EDITIONS.to_vec()),
    };
    let first_second = rng.below(seconds.len() as u64) as usize;
    (0..count)
        .map(|k| {
            // Alternate colours and the second property so that every SKU is distinct.
            let colour = COLOURS[(first_colour + k / 2 + k % 2 * 3) % COLOURS.len()];
            let second_index = (first_second + k) % seconds.len();
            let second = seconds[second_index];
            let step = match size {
                SizeKind::Edition => second_index as i64 * 20,
                _ => 0,
            };
            let sku_price = shop_price(price + price * step / 100, rng).max(price);
            let sku_ori = (ori_price + ori_price * step / 100).max(sku_price);
            let stocks = if rng.chance(4) { 0 } else { 5 + rng.below(400) as i64 };
            let props = |i: usize| {
                let pick = |t: Tr| match i {
                    0 => t.0,
                    1 => t.1,
                    _ => t.2,
                };
                format!("{}:{};{}:{}", pick(PROP_COLOUR), pick(colour), pick(second_name), pick(second))
            };
            SkuSpec {
                sku_id: prod_id * 10 + k as i64 + 1,
                properties: [props(0), props(1), props(2)],
                price: if k == 0 { price } else { sku_price },
                ori_price: if k == 0 { ori_price } else { sku_ori },
                stocks,
            }
        })
        .collect()
}

/// Generates product `prod_id` (ids from 1).
pub fn product(prod_id: i64) -> ProductSpec {
    let mut rng = rng_for(prod_id);
    let group = comparison_slot(prod_id);
    // The article (category, brand, adjective) comes from the group's first product, so all
    // offers of a comparison group are the same article.
    let mut article = match group {
        Some((_, _, first)) => rng_for(first),
        None => rng.clone(),
    };
    let (shop_id, top) = match group {
        // Distinct shops of the article's trade within a group.
        Some((g, k, _)) => {
            let top = article.below(TOPS.len() as u64) as usize;
            let trade: Vec<i64> = merchants_of(top).collect();
            (trade[(g * 5 + k) as usize % trade.len()], top)
        }
        None => {
            let shop_id = if rng.chance(12) { 1 } else { 2 + rng.below(CATALOG_SHOPS as u64 - 1) as i64 };
            let top = match shop_by_id(shop_id).specialty {
                // A specialist sells its trade only. (The draw that once let a quarter of its
                // products stray stays, so that the catalog's other products stay as they were.)
                Some(t) => {
                    let _ = article.chance(75);
                    t
                }
                None => article.below(TOPS.len() as u64) as usize,
            };
            (shop_id, top)
        }
    };
    let shop = shop_by_id(shop_id);
    let top_def = &TOPS[top];
    let child = article.below(top_def.children.len() as u64) as usize;
    let child_def = &top_def.children[child];
    let leaf = article.below(child_def.leaves.len() as u64) as usize;
    let brand = BRANDS[article.below(BRANDS.len() as u64) as usize];
    let adj = top_def.adjectives[article.below(top_def.adjectives.len() as u64) as usize];
    let u = article.unit();
    let base = top_def.price.0 + ((top_def.price.1 - top_def.price.0) as f64 * u * u) as i64;
    let base = if group.is_some() { base * (85 + rng.below(36) as i64) / 100 } else { base };
    let price = shop_price(base, &mut rng);
    let ori_price = ((price * (110 + rng.below(51) as i64) / 100) / 100) * 100 + 99;
    let name = name_of(brand, adj, child_def.leaves[leaf]);
    let brief_def = BRIEFS[rng.below(BRIEFS.len() as u64) as usize];
    let brief = texts(brief_def);
    let content = content_of(&name, shop.name);
    let status = if group.is_none() && rng.chance(3) { 0 } else { 1 };
    let roll = rng.below(100);
    let prod_type = match (group, roll) {
        (Some(_), _) => 0,
        (None, 0..=7) => 1,
        (None, 8..=15) => 2,
        _ => 0,
    };
    let s = rng.unit();
    let sold_num = (s * s * s * s * 30_000.0) as i64;
    let age_millis = rng.below((180 * DAY) as u64) as i64;
    let skus = skus_of(prod_id, child_def.size, price, ori_price, &mut rng);
    let total_stocks = skus.iter().map(|s| s.stocks).sum();
    ProductSpec {
        prod_id,
        shop_id,
        top,
        child,
        leaf,
        category_id: leaf_id(top, child, leaf),
        name,
        brief,
        content,
        price,
        ori_price,
        status,
        prod_type,
        sold_num,
        total_stocks,
        age_millis,
        comparison_group: group.map(|(g, _, _)| g),
        skus,
    }
}

const CATEGORY: Table = Table {
    name: "category",
    columns: "category_id, parent_id, grade, category_name_en, category_name_zh, category_name_km, icon, pic, seq, \
              status",
};
pub(super) const PRODUCT: Table = Table {
    name: "product",
    columns: "prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, brief_en, brief_zh, brief_km, \
              content_en, content_zh, content_km, price, ori_price, pic, imgs, status, prod_type, sold_num, \
              total_stocks, created_at, comparison_group",
};
pub(super) const SKU: Table = Table {
    name: "sku",
    columns: "sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks, pic",
};

/// Products committed per transaction.
const PRODUCTS_PER_TX: usize = 5_000;

/// Writes the category tree of [`TOPS`]: tops, children and leaves, each with its picture.
pub(super) async fn seed_categories(conn: &mut AnyConnection) -> DbResult<usize> {
    let mut rows = Vec::new();
    let mut push = |id: i64, parent: i64, grade: i64, name: Tr, seq: usize| {
        let [en, zh, km] = texts(name);
        let pic = format!("/media/cat/{id}.svg");
        rows.push(row![id, parent, grade, en, zh, km, pic.clone(), pic, seq as i64 + 1, 1]);
    };
    for (t, top) in TOPS.iter().enumerate() {
        push(top_id(t), 0, 1, top.name, t);
        for (c, child) in top.children.iter().enumerate() {
            push(child_id(t, c), top_id(t), 2, child.name, c);
            for (l, leaf) in child.leaves.iter().enumerate() {
                push(leaf_id(t, c, l), child_id(t, c), 3, *leaf, l);
            }
        }
    }
    CATEGORY.insert(conn, rows).await
}

/// Writes products 1..=count and their SKUs, [`PRODUCTS_PER_TX`] products a transaction; `now`
/// dates their listing. Returns (products, SKUs, units sold per shop).
pub(super) async fn seed_products(db: &Db, count: usize, now: i64) -> DbResult<(usize, usize, Vec<i64>)> {
    let mut sold = vec![0i64; SHOPS.len()];
    let mut skus_written = 0;
    let mut first = 1usize;
    while first <= count {
        let last = (first + PRODUCTS_PER_TX - 1).min(count);
        let mut product_rows = Vec::with_capacity(last + 1 - first);
        let mut sku_rows = Vec::with_capacity((last + 1 - first) * 3);
        for id in first..=last {
            let p = product(id as i64);
            sold[(p.shop_id - 1) as usize] += p.sold_num;
            let pic = format!("/media/prod/{}.svg", p.prod_id);
            let (product_row, skus) = rows_of(p, pic, now);
            product_rows.push(product_row);
            sku_rows.extend(skus);
        }
        let mut tx = db.pool.begin().await?;
        PRODUCT.insert(&mut tx, product_rows).await?;
        skus_written += SKU.insert(&mut tx, sku_rows).await?;
        tx.commit().await?;
        first = last + 1;
    }
    Ok((count, skus_written, sold))
}

/// The `product` row and the `sku` rows of a generated product with its picture `pic` (its
/// gallery: the three views of that picture).
pub(super) fn rows_of(p: ProductSpec, pic: String, now: i64) -> (Row, Vec<Row>) {
    let id = p.prod_id;
    let imgs = format!("{pic},{pic}?view=2,{pic}?view=3");
    let skus = p
        .skus
        .into_iter()
        .map(|sku| {
            let [en, zh, km] = sku.properties;
            row![sku.sku_id, id, en, zh, km, sku.price, sku.ori_price, sku.stocks, pic.clone()]
        })
        .collect();
    let [name_en, name_zh, name_km] = p.name;
    let [brief_en, brief_zh, brief_km] = p.brief;
    let [content_en, content_zh, content_km] = p.content;
    let product = row![
        id,
        p.shop_id,
        p.category_id,
        name_en,
        name_zh,
        name_km,
        brief_en,
        brief_zh,
        brief_km,
        content_en,
        content_zh,
        content_km,
        p.price,
        p.ori_price,
        pic,
        imgs,
        p.status,
        p.prod_type,
        p.sold_num,
        p.total_stocks,
        now - p.age_millis,
        p.comparison_group,
    ];
    (product, skus)
}

#[cfg(test)]
mod name_tests {
    use super::name_of;

    #[test]
    fn no_word_is_said_twice() {
        let smart = ("Smart", "智能", "ឆ្លាតវៃ");
        assert_eq!(
            name_of("Aurora", smart, ("Smart Watch", "智能手表", "នាឡិកាឆ្លាតវៃ")),
            ["Aurora Smart Watch".to_string(), "Aurora 智能手表".into(), "នាឡិកាឆ្លាតវៃ Aurora".into()]
        );
        assert_eq!(
            name_of("Aurora", smart, ("Speaker", "音箱", "ឧបករណ៍បំពងសំឡេង")),
            ["Aurora Smart Speaker".to_string(), "Aurora 智能音箱".into(), "ឧបករណ៍បំពងសំឡេងឆ្លាតវៃ Aurora".into()]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::OFFLINE_SHOP;
    use super::*;

    #[test]
    fn category_ids_round_trip() {
        for (t, top) in TOPS.iter().enumerate() {
            assert_eq!(category_path(top_id(t)), Some((t, None, None)));
            for (c, child) in top.children.iter().enumerate() {
                assert_eq!(category_path(child_id(t, c)), Some((t, Some(c), None)));
                for l in 0..child.leaves.len() {
                    assert_eq!(category_path(leaf_id(t, c, l)), Some((t, Some(c), Some(l))));
                }
            }
        }
        assert_eq!(category_path(0), None);
        assert_eq!(category_path(9), None);
        assert_eq!(category_path(1099), None);
        assert_eq!(category_path(10_000), None);
    }

    #[test]
    fn products_are_pure_and_consistent() {
        for id in 1..=500 {
            let p = product(id);
            assert_eq!(p, product(id));
            assert!(!p.skus.is_empty() && p.skus.len() <= 4);
            assert_eq!(p.price, p.skus[0].price);
            assert!(p.ori_price >= p.price);
            assert!(p.skus.iter().all(|s| s.price >= p.price && s.stocks >= 0));
            let props: std::collections::HashSet<_> = p.skus.iter().map(|s| &s.properties[0]).collect();
            assert_eq!(props.len(), p.skus.len(), "distinct SKUs of {id}");
            assert!(p.shop_id >= 1 && p.shop_id <= SHOPS.len() as i64);
        }
    }

    #[test]
    fn comparison_groups_share_the_article_across_distinct_shops() {
        let total: i64 = GROUP_SIZES.iter().sum();
        let mut by_group: std::collections::BTreeMap<i64, Vec<ProductSpec>> = Default::default();
        for id in 1..=total {
            let p = product(id);
            by_group.entry(p.comparison_group.unwrap()).or_default().push(p);
        }
        assert_eq!(by_group.len(), GROUP_SIZES.len());
        for offers in by_group.values() {
            let shops: std::collections::HashSet<_> = offers.iter().map(|p| p.shop_id).collect();
            assert_eq!(shops.len(), offers.len());
            assert!(offers.iter().all(|p| p.name == offers[0].name && p.category_id == offers[0].category_id));
            assert!(offers.iter().all(|p| p.shop_id != OFFLINE_SHOP), "no offer from the offline shop");
        }
        assert_eq!(product(total + 1).comparison_group, None);
    }

    #[test]
    fn shops_sell_what_their_names_say() {
        for id in 1..=2_000 {
            let p = product(id);
            let (top, _, _) = category_path(p.category_id).unwrap();
            let shop = shop_by_id(p.shop_id);
            assert!(shop.specialty.is_none_or(|t| t == top), "product {id} ({}) in {}", p.name[0], shop.name);
        }
    }
}
