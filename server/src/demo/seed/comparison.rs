//! The price comparison's part of the demo mall: articles offered by 2 to 12 shops, and a
//! believable price history of every product.
//!
//! **Articles.** A catalog of `n` products gets `n / 10` articles (200 in the default mall),
//! each a branded product with a model code and a specification (`Aurora Smartphone AX-310
//! 128GB`), listed by 2 to 12 distinct online shops at prices around one base. The listings
//! take the ids after the generated catalog (`n + 1` on), so the catalog's products stay as
//! [`catalog::product`] makes them. Some listings carry the article's identity
//! (`comparison_group`), some only their title, and they are not all titled alike: words
//! reordered, upper case, `AX310` for `AX-310`, `128 GB`, promotional noise (`[Official]`,
//! `【正品】`), full-width letters in Chinese, Khmer digits in Khmer, units in Chinese or
//! Khmer (`500克`, `២ កញ្ចប់`). Every fifth article is a sibling of the one before: the same
//! brand, model and picture with another specification (a different product to match apart).
//! Everything is a pure function of the catalog size ([`offers`]), so the tests know which
//! listings are one article without asking the matcher.
//!
//! **Price history.** Every product gets 0 to 8 price changes over the past year, ending at its
//! price today: small moves, and now and then a promotion that ends.

use super::catalog::{self, GROUP_SIZES, PRODUCT, SKU};
use super::data::{merchants_of, texts, Tr, BRANDS, BRIEFS, COLOURS, DAY, PROP_COLOUR, TOPS};
use super::rng::Rng;
use super::sql::{row, Row, Table};
use crate::db::{Db, DbResult};

/// Salt of the article generator.
const ARTICLE_SALT: u64 = 0x636f_6d70_6172_6531;
/// Salt of the price histories.
const HISTORY_SALT: u64 = 0x7072_6963_6568_6973;

/// The comparison group of the first article (the catalog's own groups come first).
pub const FIRST_ARTICLE_GROUP: i64 = GROUP_SIZES.len() as i64 + 1;

/// The fewest and most shops offering an article.
pub const MIN_OFFERS: usize = 2;
pub const MAX_OFFERS: usize = 12;

/// How far back the seeded price histories reach, in days.
pub const HISTORY_DAYS: i64 = 365;

/// The number of articles of a catalog of `products` products.
pub fn article_count(products: usize) -> usize {
    products / 10
}

/// What distinguishes the products of one top-level category: a capacity, a volume, a weight
/// or a pack size. (en, zh-CN, km) texts of one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spec {
    Gigabytes(i64),
    Millilitres(i64),
    Grams(i64),
    Pack(i64),
}

impl Spec {
    /// The values of top-level category `top`, smallest first.
    fn values(top: usize) -> [Spec; 3] {
        match top {
            0 => [Spec::Gigabytes(64), Spec::Gigabytes(128), Spec::Gigabytes(256)],
            2 => [Spec::Millilitres(30), Spec::Millilitres(50), Spec::Millilitres(100)],
            4 => [Spec::Grams(250), Spec::Grams(500), Spec::Grams(1000)],
            _ => [Spec::Pack(2), Spec::Pack(3), Spec::Pack(5)],
        }
    }

    /// The English text, compact (`128GB`) or spaced (`128 GB`).
    fn en(self, spaced: bool) -> String {
        let gap = if spaced { " " } else { "" };
        match self {
            Spec::Gigabytes(n) => format!("{n}{gap}GB"),
            Spec::Millilitres(n) => format!("{n}{gap}ml"),
            Spec::Grams(n) if n >= 1000 => format!("{}{gap}kg", n / 1000),
            Spec::Grams(n) => format!("{n}{gap}g"),
            Spec::Pack(n) if spaced => format!("{n} Pack"),
            Spec::Pack(n) => format!("{n}-Pack"),
        }
    }

    /// The Chinese text, in Chinese units where Chinese sellers write them.
    fn zh(self, native: bool) -> String {
        match (self, native) {
            (Spec::Gigabytes(n), _) => format!("{n}GB"),
            (Spec::Millilitres(n), true) => format!("{n}毫升"),
            (Spec::Grams(n), true) if n >= 1000 => format!("{}千克", n / 1000),
            (Spec::Grams(n), true) => format!("{n}克"),
            (Spec::Pack(n), _) => format!("{n}件装"),
            (spec, false) => spec.en(false),
        }
    }

    /// The Khmer text, with Khmer digits and units when `native`.
    fn km(self, native: bool) -> String {
        if !native {
            return match self {
                Spec::Pack(n) => format!("{n} កញ្ចប់"),
                spec => spec.en(false),
            };
        }
        let digits = |n: i64| khmer_digits(&n.to_string());
        match self {
            Spec::Gigabytes(n) => format!("{}GB", digits(n)),
            Spec::Millilitres(n) => format!("{} មីលីលីត្រ", digits(n)),
            Spec::Grams(n) if n >= 1000 => format!("{} គីឡូក្រាម", digits(n / 1000)),
            Spec::Grams(n) => format!("{} ក្រាម", digits(n)),
            Spec::Pack(n) => format!("{} កញ្ចប់", digits(n)),
        }
    }
}

/// ASCII digits as Khmer digits (០-៩).
fn khmer_digits(text: &str) -> String {
    text.chars().map(|c| c.to_digit(10).map_or(c, |d| char::from_u32(0x17E0 + d).unwrap_or(c))).collect()
}

/// ASCII letters and digits as their full-width forms (Ａ, ３), as some Chinese titles write them.
fn full_width(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { char::from_u32(c as u32 + 0xFEE0).unwrap_or(c) } else { c })
        .collect()
}

/// One article: a branded product with a model and a specification, offered by several shops.
#[derive(Debug, Clone, PartialEq)]
pub struct Article {
    /// From 0.
    pub index: usize,
    /// Its identity: the `comparison_group` of the listings that carry one.
    pub group: i64,
    /// The catalog product whose category and picture it takes.
    pub source: i64,
    pub top: usize,
    pub child: usize,
    pub leaf: usize,
    pub brand: &'static str,
    pub adjective: Tr,
    /// `AX-310`.
    pub model: String,
    pub spec: Spec,
    /// Cents, before each shop's own price.
    pub base_price: i64,
    /// The shops offering it, distinct and online.
    pub shops: Vec<i64>,
}

/// One listing of an article by one shop.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub prod_id: i64,
    pub article: usize,
    pub shop_id: i64,
    /// Whether the listing carries the article's identity (`comparison_group`).
    pub identity: bool,
    /// How the listing is titled (0: the article's own title, 1-3: other titles).
    pub variant: usize,
    pub spec: catalog::ProductSpec,
    /// The picture (the article's source product's).
    pub pic: String,
}

fn rng_for(salt: u64, n: i64) -> Rng {
    Rng::new(salt ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Rounds cents to a shop-like price ending, at least 0.99.
fn shop_price(cents: i64, rng: &mut Rng) -> i64 {
    let endings = [99, 50, 90, 0, 99, 99];
    ((cents / 100) * 100 + endings[rng.below(endings.len() as u64) as usize]).max(99)
}

/// The articles of a catalog of `products` products.
pub fn articles(products: usize) -> Vec<Article> {
    let count = article_count(products);
    let mut out: Vec<Article> = Vec::with_capacity(count);
    // (brand, adjective, category) of every catalog product.
    let catalog_names: std::collections::HashSet<(&str, &str, usize, usize, usize)> = (1..=products as i64)
        .map(catalog::product)
        .map(|p| {
            let brand = BRANDS.iter().find(|b| p.name[0].starts_with(**b)).copied().unwrap_or_default();
            let adjective =
                TOPS[p.top].adjectives.iter().find(|a| p.name[0].contains(a.0)).map(|a| a.0).unwrap_or_default();
            (brand, adjective, p.top, p.child, p.leaf)
        })
        .collect();
    for index in 0..count {
        let mut rng = rng_for(ARTICLE_SALT, index as i64);
        let group = FIRST_ARTICLE_GROUP + index as i64;
        // Every fifth article is its predecessor's sibling: another specification of it.
        let sibling_of = (index % 5 == 4).then(|| out[index - 1].clone());
        let (source, top, child, leaf, brand, adjective, model, spec, base_price) = match sibling_of {
            Some(a) => {
                let values = Spec::values(a.top);
                let at = values.iter().position(|v| *v == a.spec).unwrap_or(0);
                let spec = values[(at + 1) % values.len()];
                (a.source, a.top, a.child, a.leaf, a.brand, a.adjective, a.model, spec, a.base_price * 5 / 4)
            }
            None => {
                let first = 1 + catalog::GROUP_SIZES.iter().sum::<i64>();
                let span = (products as i64 - first + 1).max(1);
                let source = if products as i64 >= first {
                    first + (index as i64 * 37) % span
                } else {
                    1 + index as i64 % products.max(1) as i64
                };
                let p = catalog::product(source);
                let top_def = &TOPS[p.top];
                // A brand and adjective no catalog product of this kind already has, so an
                // article never shares its name with an unrelated product.
                let pick = |rng: &mut Rng| {
                    let brand = BRANDS[rng.below(BRANDS.len() as u64) as usize];
                    let adjective = top_def.adjectives[rng.below(top_def.adjectives.len() as u64) as usize];
                    (brand, adjective)
                };
                let mut choice = pick(&mut rng);
                for _ in 0..32 {
                    if !catalog_names.contains(&(choice.0, choice.1 .0, p.top, p.child, p.leaf)) {
                        break;
                    }
                    choice = pick(&mut rng);
                }
                let (brand, adjective) = choice;
                // Unique per article: two letters and three digits.
                let letters = [b'A' + (index % 26) as u8, b'A' + ((index / 26 + 7) % 26) as u8];
                let model = format!("{}{}-{}", letters[0] as char, letters[1] as char, 100 + (index * 7 + 3) % 900);
                let spec = Spec::values(p.top)[rng.below(3) as usize];
                let u = rng.unit();
                let base = top_def.price.0 + ((top_def.price.1 - top_def.price.0) as f64 * u * u) as i64;
                (source, p.top, p.child, p.leaf, brand, adjective, model, spec, base.max(300))
            }
        };
        let offers = if index % 20 == 19 {
            MAX_OFFERS
        } else {
            let u = rng.unit();
            MIN_OFFERS + (u * u * (MAX_OFFERS - MIN_OFFERS + 1) as f64) as usize
        }
        .min(MAX_OFFERS);
        // Distinct online shops that sell this kind of goods (the self-operated shop and the
        // general stores sell everything; every trade has at least twelve): a partial shuffle.
        let mut pool: Vec<i64> = std::iter::once(1).chain(merchants_of(top)).collect();
        for k in 0..offers.min(pool.len()) {
            let j = k + rng.below((pool.len() - k) as u64) as usize;
            pool.swap(k, j);
        }
        pool.truncate(offers);
        out.push(Article {
            index,
            group,
            source,
            top,
            child,
            leaf,
            brand,
            adjective,
            model,
            spec,
            base_price,
            shops: pool,
        });
    }
    out
}

/// The three titles of a listing of `article` in title `variant`.
fn titles(article: &Article, variant: usize) -> [String; 3] {
    let noun = TOPS[article.top].children[article.child].leaves[article.leaf];
    let (adj, brand, model, spec) = (article.adjective, article.brand, &article.model, article.spec);
    let plain_model = model.replace('-', "");
    match variant {
        1 => [
            format!("{} {brand} {model} {} - {}", noun.0, spec.en(false), adj.0),
            format!("【正品】{brand} {} {model} {} {}", noun.1, spec.zh(true), adj.1),
            format!("{brand} {} {model} {}", noun.2, spec.km(true)),
        ],
        2 => [
            format!(
                "[Official] {} {} {} {plain_model} ({}) Genuine",
                brand.to_uppercase(),
                adj.0,
                noun.0,
                spec.en(true)
            ),
            format!("{brand}{}{} {} {}", adj.1, noun.1, full_width(&plain_model), spec.zh(true)),
            format!("{} {brand} {model} {} ថ្មី", noun.2, spec.km(false)),
        ],
        3 => [
            format!("{brand} {model} {}, {}", noun.0, spec.en(false)),
            format!("{brand} {model} {}（{}）", noun.1, spec.zh(false)),
            format!("{}{} {brand} {plain_model} {}", noun.2, adj.2, spec.km(true)),
        ],
        _ => [
            format!("{brand} {} {} {model} {}", adj.0, noun.0, spec.en(false)),
            format!("{brand} {}{} {model} {}", adj.1, noun.1, spec.zh(false)),
            format!("{}{} {brand} {model} {}", noun.2, adj.2, spec.km(false)),
        ],
    }
}

fn contents(name: &[String; 3], shop: &str) -> [String; 3] {
    [
        format!("<p>{} sold by {shop}. Genuine goods with the maker's warranty; compare this offer with other shops before you buy.</p>", name[0]),
        format!("<p>{}，由{shop}销售。正品行货，享受厂家保修；购买前可与其他店铺的报价比较。</p>", name[1]),
        format!("<p>{} លក់ដោយ {shop}។ ទំនិញពិតប្រាកដ មានការធានាពីក្រុមហ៊ុនផលិត សូមប្រៀបធៀបតម្លៃជាមួយហាងផ្សេងទៀតមុនពេលទិញ។</p>", name[2]),
    ]
}

/// Every listing of the articles of a catalog of `products` products, by id from
/// `products + 1` on.
pub fn offers(products: usize) -> Vec<Offer> {
    let mut next_id = products as i64 + 1;
    let mut out = Vec::new();
    for article in articles(products) {
        // Every sixth article has no identity at all: only its titles tell.
        let anonymous = article.index % 6 == 5;
        let mut prices_taken = Vec::with_capacity(article.shops.len());
        for (k, shop_id) in article.shops.iter().copied().enumerate() {
            let prod_id = next_id;
            next_id += 1;
            let mut rng = rng_for(ARTICLE_SALT.rotate_left(17), prod_id);
            let identity = !anonymous && (k == 0 || rng.chance(60));
            let variant = if k == 0 { 0 } else { rng.below(4) as usize };
            let name = titles(&article, variant);
            let shop = super::data::shop_name(shop_id);
            // Every shop asks its own price.
            let mut price = shop_price(article.base_price * (88 + rng.below(31) as i64) / 100, &mut rng);
            while prices_taken.contains(&price) {
                price += 100;
            }
            prices_taken.push(price);
            let ori_price = ((price * (110 + rng.below(41) as i64) / 100) / 100) * 100 + 99;
            let sku_count = 1 + rng.below(3) as usize;
            let first_colour = rng.below(COLOURS.len() as u64) as usize;
            let skus: Vec<catalog::SkuSpec> = (0..sku_count)
                .map(|i| {
                    let colour = COLOURS[(first_colour + i) % COLOURS.len()];
                    let prop = |l: usize| {
                        let pick = |t: Tr| [t.0, t.1, t.2][l];
                        format!("{}:{}", pick(PROP_COLOUR), pick(colour))
                    };
                    let sku_price = if i == 0 { price } else { price + 100 * rng.below(3) as i64 };
                    catalog::SkuSpec {
                        sku_id: prod_id * 10 + i as i64 + 1,
                        properties: [prop(0), prop(1), prop(2)],
                        price: sku_price,
                        ori_price: ori_price.max(sku_price),
                        stocks: if rng.chance(8) { 0 } else { 3 + rng.below(300) as i64 },
                    }
                })
                .collect();
            let s = rng.unit();
            let spec = catalog::ProductSpec {
                prod_id,
                shop_id,
                top: article.top,
                child: article.child,
                leaf: article.leaf,
                category_id: catalog::leaf_id(article.top, article.child, article.leaf),
                content: contents(&name, &shop),
                name,
                brief: texts(BRIEFS[rng.below(BRIEFS.len() as u64) as usize]),
                price,
                ori_price,
                status: 1,
                prod_type: 0,
                // Newer listings than the catalog's best sellers: fewer units sold.
                sold_num: (s * s * s * 400.0) as i64,
                total_stocks: skus.iter().map(|s| s.stocks).sum(),
                age_millis: rng.below((120 * DAY) as u64) as i64,
                comparison_group: identity.then_some(article.group),
                skus,
            };
            out.push(Offer {
                prod_id,
                article: article.index,
                shop_id,
                identity,
                variant,
                spec,
                pic: format!("/media/prod/{}.svg", article.source),
            });
        }
    }
    out
}

const PRICE_HISTORY: Table = Table { name: "price_history", columns: "prod_id, old_price, price, changed_at" };

/// What [`seed`] wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seeded {
    pub articles: usize,
    pub offers: usize,
    pub skus: usize,
    pub price_changes: usize,
}

/// Writes the articles' listings after a catalog of `products` products (adding their units
/// sold to `sold_by_shop`, indexed by shop id − 1) and the price history of every product.
pub(super) async fn seed(db: &Db, products: usize, now: i64, sold_by_shop: &mut [i64]) -> DbResult<Seeded> {
    let started = std::time::Instant::now();
    let offers = offers(products);
    let mut product_rows = Vec::with_capacity(offers.len());
    let mut sku_rows = Vec::with_capacity(offers.len() * 2);
    let mut prices: Vec<(i64, i64)> =
        (1..=products as i64).map(catalog::product).map(|p| (p.prod_id, p.price)).collect();
    for offer in &offers {
        let p = &offer.spec;
        if let Some(sold) = sold_by_shop.get_mut((p.shop_id - 1) as usize) {
            *sold += p.sold_num;
        }
        prices.push((p.prod_id, p.price));
        let (product_row, skus) = catalog::rows_of(p.clone(), offer.pic.clone(), now);
        product_rows.push(product_row);
        sku_rows.extend(skus);
    }
    let history: Vec<Row> = prices
        .iter()
        .flat_map(|(id, price)| history_of(*id, *price, now))
        .map(|(id, old, new, at)| row![id, old, new, at])
        .collect();
    let mut tx = db.pool.begin().await?;
    // Listings deleted by the reseed took their history with them (ON DELETE CASCADE).
    sqlx::query("DELETE FROM price_history").execute(&mut *tx).await?;
    let offers_written = PRODUCT.insert(&mut tx, product_rows).await?;
    let skus = SKU.insert(&mut tx, sku_rows).await?;
    let price_changes = PRICE_HISTORY.insert(&mut tx, history).await?;
    tx.commit().await?;
    let seeded = Seeded { articles: article_count(products), offers: offers_written, skus, price_changes };
    tracing::info!(
        ?seeded,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "comparison articles and price history seeded"
    );
    Ok(seeded)
}

/// The price changes of product `prod_id` over the past [`HISTORY_DAYS`], ending at `price`
/// today: (prod_id, old price, new price, time), oldest first.
pub fn history_of(prod_id: i64, price: i64, now: i64) -> Vec<(i64, i64, i64, i64)> {
    let mut rng = rng_for(HISTORY_SALT, prod_id);
    let changes = rng.below(9) as usize;
    let mut times: Vec<i64> = (0..changes).map(|_| now - 1 - rng.below((HISTORY_DAYS * DAY) as u64) as i64).collect();
    times.sort_unstable();
    times.dedup();
    // Walk back from today's price: each earlier price a few percent away, and now and then a
    // promotion (a lower price that the next change ends).
    let mut out = Vec::with_capacity(times.len());
    let mut after = price;
    for (k, at) in times.iter().enumerate().rev() {
        let promotion = k + 1 < times.len() && rng.chance(20);
        let factor = if promotion { 115 + rng.below(15) as i64 } else { 90 + rng.below(21) as i64 };
        let mut before = shop_price(after * factor / 100, &mut rng);
        if before == after {
            before = (after + 100).max(99);
        }
        out.push((prod_id, before, after, *at));
        after = before;
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::super::data::SHOPS;
    use super::*;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn articles_are_offered_by_two_to_twelve_distinct_online_shops() {
        let all = articles(2_000);
        assert_eq!(all.len(), 200);
        for a in &all {
            assert!((MIN_OFFERS..=MAX_OFFERS).contains(&a.shops.len()), "{a:?}");
            let distinct: HashSet<_> = a.shops.iter().collect();
            assert_eq!(distinct.len(), a.shops.len());
            assert!(a.shops.iter().all(|s| SHOPS[(*s - 1) as usize].status == 1));
        }
        assert!(all.iter().any(|a| a.shops.len() == MAX_OFFERS));
        assert!(all.iter().any(|a| a.shops.len() == MIN_OFFERS));
        // Shops sell what their names say.
        for a in &all {
            assert!(a.shops.iter().all(|s| SHOPS[(*s - 1) as usize].specialty.is_none_or(|t| t == a.top)), "{a:?}");
        }
        for top in 0..TOPS.len() {
            assert!(1 + merchants_of(top).count() >= MAX_OFFERS, "enough shops of trade {top}");
        }
    }

    #[test]
    fn listings_follow_the_catalog_and_are_titled_in_several_ways() {
        let offers = offers(2_000);
        assert_eq!(offers.first().map(|o| o.prod_id), Some(2_001));
        assert!(offers.windows(2).all(|w| w[1].prod_id == w[0].prod_id + 1));
        let mut titles: HashMap<usize, HashSet<String>> = HashMap::new();
        for o in &offers {
            titles.entry(o.article).or_default().insert(o.spec.name[0].clone());
            assert_eq!(o.spec.price, o.spec.skus.iter().map(|s| s.price).min().unwrap());
        }
        assert!(titles.values().filter(|t| t.len() > 1).count() > 100, "many articles under several titles");
        assert!(offers.iter().any(|o| !o.identity) && offers.iter().any(|o| o.identity));
        // Khmer digits, full-width letters and Chinese units appear.
        assert!(offers.iter().any(|o| o.spec.name[2].contains('១') || o.spec.name[2].contains('២')));
        assert!(offers.iter().any(|o| o.spec.name[1].chars().any(|c| ('Ａ'..='Ｚ').contains(&c))));
        assert_eq!(offers, super::offers(2_000), "pure");
    }

    #[test]
    fn siblings_share_the_model_but_not_the_specification() {
        let all = articles(2_000);
        let sibling = &all[4];
        assert_eq!((sibling.model.as_str(), sibling.brand), (all[3].model.as_str(), all[3].brand));
        assert_ne!(sibling.spec, all[3].spec);
    }

    #[test]
    fn histories_end_at_todays_price() {
        let now = 1_800_000_000_000;
        let mut with_changes = 0;
        for id in 1..300 {
            let h = history_of(id, 1_999, now);
            if let Some(last) = h.last() {
                with_changes += 1;
                assert_eq!(last.2, 1_999);
                assert!(h.windows(2).all(|w| w[0].2 == w[1].1 && w[0].3 <= w[1].3));
                assert!(h.iter().all(|c| c.1 != c.2 && c.3 < now && c.3 >= now - HISTORY_DAYS * DAY));
            }
        }
        assert!(with_changes > 200);
    }
}
