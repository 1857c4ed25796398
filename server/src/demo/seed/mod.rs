//! The demo mall: a deterministic, locally generated catalog in three languages, with shops,
//! categories, products and SKUs, banners, notices, hot words, activities (flash sales, group
//! buys, discounts, coupons), decorated pages and the configuration rows.
//!
//! Everything comes from fixed word lists ([`data`]) and a fixed pseudo-random generator
//! ([`rng`]); each product is a pure function of its id ([`catalog::product`]). Only the
//! activity times depend on the seed time, so that activities are running, upcoming or ended
//! around "now". Rows are written with multi-row `INSERT`s inside transactions.

pub mod catalog;
pub mod data;
pub mod renovation;
pub mod rng;

use crate::db::{Backend, Db, DbResult};
use data::{Tr, BANNERS, SHOPS, TOPS};
use rng::Rng;
use sqlx::AnyConnection;
use std::fmt::Write;

/// Products seeded by default.
pub const DEFAULT_PRODUCTS: usize = 2_000;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// What to seed.
#[derive(Debug, Clone, Copy)]
pub struct SeedOptions {
    /// Number of products (ids 1..=products).
    pub products: usize,
}

impl Default for SeedOptions {
    fn default() -> Self {
        Self { products: DEFAULT_PRODUCTS }
    }
}

/// Row counts written by a seed run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub shops: usize,
    pub categories: usize,
    pub products: usize,
    pub skus: usize,
    pub banners: usize,
    pub notices: usize,
    pub hot_searches: usize,
    pub seckills: usize,
    pub group_activities: usize,
    pub discounts: usize,
    pub coupons: usize,
    pub renovations: usize,
}

/// Seeds the default demo mall when the database has no shops yet. Returns whether it seeded.
pub async fn seed_if_empty(db: &Db) -> Result<bool, sqlx::Error> {
    let (shops,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM shop").fetch_one(&db.pool).await?;
    if shops > 0 {
        return Ok(false);
    }
    seed(db, SeedOptions::default()).await?;
    Ok(true)
}

/// Replaces the demo data (catalog, activities, configuration) with a fresh seed. Users,
/// sessions and logs are kept.
pub async fn seed(db: &Db, opts: SeedOptions) -> Result<SeedReport, sqlx::Error> {
    seed_at(db, opts, db.now()).await
}

/// [`seed`] with an explicit seed time (Unix milliseconds), for reproducible runs.
pub async fn seed_at(db: &Db, opts: SeedOptions, now: i64) -> Result<SeedReport, sqlx::Error> {
    let started = std::time::Instant::now();
    let mut report = SeedReport::default();
    clear(db).await?;

    let mut tx = db.pool.begin().await?;
    seed_config(&mut tx).await?;
    report.shops = seed_shops(&mut tx, now).await?;
    report.categories = seed_categories(&mut tx).await?;
    tx.commit().await?;

    let (products, skus, sold_by_shop) = seed_products(db, opts.products, now).await?;
    report.products = products;
    report.skus = skus;

    let mut tx = db.pool.begin().await?;
    for (index, sold) in sold_by_shop.iter().enumerate() {
        sqlx::query("UPDATE shop SET sold_num = $1 WHERE shop_id = $2")
            .bind(*sold)
            .bind(index as i64 + 1)
            .execute(&mut *tx)
            .await?;
    }
    let picks = picks(opts.products);
    report.banners = seed_banners(&mut tx, &picks).await?;
    report.notices = seed_notices(&mut tx, now).await?;
    report.hot_searches = seed_hot_search(&mut tx).await?;
    let (seckills, groups) = seed_product_activities(&mut tx, opts.products, now).await?;
    report.seckills = seckills;
    report.group_activities = groups;
    report.discounts = seed_discounts(&mut tx, now).await?;
    report.coupons = seed_coupons(&mut tx, now).await?;
    report.renovations = seed_renovations(&mut tx, &picks, opts.products, now).await?;
    tx.commit().await?;

    if db.backend == Backend::Postgres {
        reset_sequences(db).await?;
    }
    tracing::info!(?report, elapsed_ms = started.elapsed().as_millis() as u64, "demo mall seeded");
    Ok(report)
}

/// Tables the seed owns, children first (buyers' claims of demo coupons go with the coupons).
const SEEDED_TABLES: [&str; 18] = [
    "shop_collection",
    "renovation",
    "user_coupon",
    "coupon",
    "discount",
    "group_activity",
    "seckill",
    "sku",
    "product",
    "category",
    "shop",
    "index_img",
    "notice",
    "hot_search",
    "pay_switch",
    "language",
    "web_config",
    "currency",
];

async fn clear(db: &Db) -> DbResult<()> {
    let mut tx = db.pool.begin().await?;
    for table in SEEDED_TABLES {
        sqlx::query(&format!("DELETE FROM {table}")).execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// Moves PostgreSQL's id sequences past the explicit ids the seed inserted.
async fn reset_sequences(db: &Db) -> DbResult<()> {
    const SERIALS: [(&str, &str); 14] = [
        ("currency", "currency_id"),
        ("shop", "shop_id"),
        ("category", "category_id"),
        ("product", "prod_id"),
        ("sku", "sku_id"),
        ("index_img", "id"),
        ("notice", "id"),
        ("hot_search", "hot_search_id"),
        ("seckill", "seckill_id"),
        ("group_activity", "group_activity_id"),
        ("discount", "discount_id"),
        ("coupon", "coupon_id"),
        ("renovation", "renovation_id"),
        ("users", "user_id"),
    ];
    for (table, column) in SERIALS {
        let sql = format!(
            "SELECT setval(pg_get_serial_sequence('{table}', '{column}'), \
             (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)"
        );
        sqlx::query(&sql).execute(&db.pool).await?;
    }
    Ok(())
}

/// One value of a seeded row.
#[derive(Debug, Clone)]
enum V {
    I(i64),
    T(String),
    NullI,
    NullT,
}

impl From<i64> for V {
    fn from(v: i64) -> Self {
        V::I(v)
    }
}
impl From<&str> for V {
    fn from(v: &str) -> Self {
        V::T(v.to_string())
    }
}
impl From<String> for V {
    fn from(v: String) -> Self {
        V::T(v)
    }
}
impl From<Option<i64>> for V {
    fn from(v: Option<i64>) -> Self {
        v.map_or(V::NullI, V::I)
    }
}
impl From<Option<String>> for V {
    fn from(v: Option<String>) -> Self {
        v.map_or(V::NullT, V::T)
    }
}

macro_rules! row {
    ($($v:expr),* $(,)?) => { vec![$(V::from($v)),*] };
}

/// Most bind parameters in one statement (well under both backends' limits).
const MAX_PARAMS: usize = 8_000;

/// Inserts `rows` into `table` with multi-row `INSERT` statements.
async fn insert(conn: &mut AnyConnection, table: &str, columns: &[&str], rows: Vec<Vec<V>>) -> DbResult<usize> {
    let total = rows.len();
    let per_statement = (MAX_PARAMS / columns.len()).clamp(1, 500);
    // SQLite looks numbered parameters up by name, linearly, which makes statements with
    // thousands of `$N` slow to prepare; plain `?` is positional there. PostgreSQL needs `$N`.
    let positional = conn.backend_name().eq_ignore_ascii_case("sqlite");
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<Vec<V>> = rows.by_ref().take(per_statement).collect();
        let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
        let mut n = 0;
        for (i, row) in chunk.iter().enumerate() {
            debug_assert_eq!(row.len(), columns.len(), "row width of {table}");
            sql.push_str(if i == 0 { "(" } else { ", (" });
            for j in 0..row.len() {
                n += 1;
                let separator = if j == 0 { "" } else { ", " };
                if positional {
                    let _ = write!(sql, "{separator}?");
                } else {
                    let _ = write!(sql, "{separator}${n}");
                }
            }
            sql.push(')');
        }
        let mut query = sqlx::query(&sql);
        for value in chunk.into_iter().flatten() {
            query = match value {
                V::I(v) => query.bind(v),
                V::T(v) => query.bind(v),
                V::NullI => query.bind(None::<i64>),
                V::NullT => query.bind(None::<String>),
            };
        }
        query.execute(&mut *conn).await?;
    }
    Ok(total)
}

fn tr3(t: Tr) -> [String; 3] {
    [t.0.to_string(), t.1.to_string(), t.2.to_string()]
}

async fn seed_config(conn: &mut AnyConnection) -> DbResult<()> {
    insert(
        conn,
        "currency",
        &[
            "currency_id",
            "currency_code",
            "currency_name",
            "symbol",
            "exchange_rate",
            "status",
            "default_currency",
            "seq",
        ],
        vec![row![1, "USD", "US Dollar", "$", "1", 1, 1, 1], row![2, "KHR", "Cambodian Riel", "៛", "4100", 1, 0, 2]],
    )
    .await?;
    let config = [
        ("pcLogoImg", "/static/logo.svg"),
        ("pcTitleImg", "/static/favicon.svg"),
        ("pcLoginBgImg", "/media/banner/1.svg"),
        ("pcLogoImgText", "Mekong Mall"),
        ("pcTitleContent", "Mekong Mall: shop hundreds of stores in one place"),
        ("pcWelcome", "Welcome to Mekong Mall"),
        ("pcCompanyName", "Mekong Mall Co., Ltd."),
        ("pcCompanyInfo", "No. 88 Preah Norodom Blvd, Phnom Penh, Cambodia · support@mekongmall.example"),
        ("pcCopyright", "© 2026 Mekong Mall Co., Ltd. All rights reserved."),
        // Texts per language: `key.lang` overrides `key` for that interface language.
        ("pcLogoImgText.zh_CN", "湄公商城"),
        ("pcLogoImgText.km", "ផ្សារ\u{200b}មេគង្គ"),
        ("pcTitleContent.zh_CN", "湄公商城：数百家店铺，一站购齐"),
        (
            "pcTitleContent.km",
            "ផ្សារ\u{200b}មេគង្គ៖ ទិញ\u{200b}ពី\u{200b}ហាង\u{200b}រាប់រយ\u{200b}នៅ\u{200b}កន្លែង\u{200b}តែ\u{200b}មួយ",
        ),
        ("pcWelcome.zh_CN", "欢迎来到湄公商城"),
        ("pcWelcome.km", "សូម\u{200b}ស្វាគមន៍\u{200b}មក\u{200b}កាន់\u{200b}ផ្សារ\u{200b}មេគង្គ"),
        ("pcCompanyName.zh_CN", "湄公商城有限公司"),
        ("pcCompanyName.km", "ក្រុមហ៊ុន ផ្សារ\u{200b}មេគង្គ ឯ.ក"),
        ("pcCompanyInfo.zh_CN", "柬埔寨金边诺罗敦大道 88 号 · support@mekongmall.example"),
        ("pcCompanyInfo.km", "ផ្ទះលេខ ៨៨ មហាវិថី\u{200b}ព្រះ\u{200b}នរោត្តម ភ្នំពេញ កម្ពុជា · support@mekongmall.example"),
        ("pcCopyright.zh_CN", "© 2026 湄公商城有限公司 版权所有"),
        ("pcCopyright.km", "© ២០២៦ ក្រុមហ៊ុន ផ្សារ\u{200b}មេគង្គ ឯ.ក។ រក្សា\u{200b}សិទ្ធិ\u{200b}គ្រប់\u{200b}យ៉ាង។"),
        ("countryLang", "en"),
    ];
    insert(conn, "web_config", &["config_key", "config_value"], config.iter().map(|(k, v)| row![*k, *v]).collect())
        .await?;
    insert(
        conn,
        "language",
        &["language", "name", "lang", "hide", "is_default", "seq"],
        vec![
            row!["en", "English", "en", 0, 1, 1],
            row!["zh_CN", "简体中文", "zh-CN", 0, 0, 2],
            row!["km", "ខ្មែរ", "km", 0, 0, 3],
        ],
    )
    .await?;
    // Payment method codes of spec section 9.
    let switches: [(i64, &str, i64); 9] = [
        (17, "ABA", 1),
        (18, "ABA_DEEPLINK", 1),
        (9, "BALANCEPAY", 1),
        (13, "STRIPE", 1),
        (10, "PAYPAL", 1),
        (12, "PAYCARDPAL", 0),
        (15, "UPAY", 1),
        (16, "UPAY_DEEPLINK", 0),
        (0, "SCOREPAY", 1),
    ];
    insert(
        conn,
        "pay_switch",
        &["pay_type", "pay_name", "enabled", "seq"],
        switches.iter().enumerate().map(|(i, (code, name, on))| row![*code, *name, *on, i as i64 + 1]).collect(),
    )
    .await?;
    Ok(())
}

async fn seed_shops(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    let mut rng = Rng::new(0x5407);
    let rows = SHOPS
        .iter()
        .enumerate()
        .map(|(i, shop)| {
            let id = i as i64 + 1;
            let rating = if shop.shop_type == 1 { rng.range(46, 50) } else { rng.range(38, 49) };
            let fans = if id == 1 { 128_000 } else { rng.range(120, 60_000) };
            let intro = match shop.specialty {
                None => "The mall's own store: genuine goods from every category, shipped by the mall.".to_string(),
                Some(t) => {
                    format!("{} specialists serving buyers across Cambodia since {}.", TOPS[t].name.0, 2012 + id % 12)
                }
            };
            let chat = (id % 3 != 0).then(|| format!("https://chat.mekongmall.example/shop/{id}"));
            row![
                id,
                shop.name,
                format!("/media/shop/{id}.svg"),
                intro,
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
    insert(
        conn,
        "shop",
        &[
            "shop_id",
            "shop_name",
            "shop_logo",
            "intro",
            "type",
            "shop_status",
            "rating",
            "fans_count",
            "sold_num",
            "contact",
            "mos_chat_support_url",
            "created_at",
        ],
        rows,
    )
    .await
}

async fn seed_categories(conn: &mut AnyConnection) -> DbResult<usize> {
    let mut rows = Vec::new();
    let mut push = |id: i64, parent: i64, grade: i64, name: Tr, seq: usize| {
        let [en, zh, km] = tr3(name);
        let pic = format!("/media/cat/{id}.svg");
        rows.push(row![id, parent, grade, en, zh, km, pic.clone(), pic, seq as i64 + 1, 1]);
    };
    for (t, top) in TOPS.iter().enumerate() {
        push(catalog::top_id(t), 0, 1, top.name, t);
        for (c, child) in top.children.iter().enumerate() {
            push(catalog::child_id(t, c), catalog::top_id(t), 2, child.name, c);
            for (l, leaf) in child.leaves.iter().enumerate() {
                push(catalog::leaf_id(t, c, l), catalog::child_id(t, c), 3, *leaf, l);
            }
        }
    }
    insert(
        conn,
        "category",
        &[
            "category_id",
            "parent_id",
            "grade",
            "category_name_en",
            "category_name_zh",
            "category_name_km",
            "icon",
            "pic",
            "seq",
            "status",
        ],
        rows,
    )
    .await
}

const PRODUCT_COLUMNS: [&str; 22] = [
    "prod_id",
    "shop_id",
    "category_id",
    "prod_name_en",
    "prod_name_zh",
    "prod_name_km",
    "brief_en",
    "brief_zh",
    "brief_km",
    "content_en",
    "content_zh",
    "content_km",
    "price",
    "ori_price",
    "pic",
    "imgs",
    "status",
    "prod_type",
    "sold_num",
    "total_stocks",
    "created_at",
    "comparison_group",
];

const SKU_COLUMNS: [&str; 9] =
    ["sku_id", "prod_id", "properties_en", "properties_zh", "properties_km", "price", "ori_price", "stocks", "pic"];

/// Products committed per transaction.
const PRODUCTS_PER_TX: usize = 5_000;

/// Writes products 1..=count and their SKUs; returns (products, skus, units sold per shop).
async fn seed_products(db: &Db, count: usize, now: i64) -> DbResult<(usize, usize, Vec<i64>)> {
    let mut sold = vec![0i64; SHOPS.len()];
    let mut skus_written = 0;
    let mut first = 1usize;
    while first <= count {
        let last = (first + PRODUCTS_PER_TX - 1).min(count);
        let mut product_rows = Vec::with_capacity(last + 1 - first);
        let mut sku_rows = Vec::with_capacity((last + 1 - first) * 3);
        for id in first..=last {
            let p = catalog::product(id as i64);
            sold[(p.shop_id - 1) as usize] += p.sold_num;
            let pic = format!("/media/prod/{id}.svg");
            let imgs = format!("{pic},/media/prod/{id}.svg?view=2,/media/prod/{id}.svg?view=3");
            for sku in &p.skus {
                let [en, zh, km] = sku.properties.clone();
                sku_rows.push(row![
                    sku.sku_id,
                    p.prod_id,
                    en,
                    zh,
                    km,
                    sku.price,
                    sku.ori_price,
                    sku.stocks,
                    pic.clone()
                ]);
            }
            let [name_en, name_zh, name_km] = p.name;
            let [brief_en, brief_zh, brief_km] = p.brief;
            let [content_en, content_zh, content_km] = p.content;
            product_rows.push(row![
                p.prod_id,
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
            ]);
        }
        let mut tx = db.pool.begin().await?;
        insert(&mut tx, "product", &PRODUCT_COLUMNS, product_rows).await?;
        skus_written += insert(&mut tx, "sku", &SKU_COLUMNS, sku_rows).await?;
        tx.commit().await?;
        first = last + 1;
    }
    Ok((count, skus_written, sold))
}

/// Products and shops the banners and decorated pages point at.
fn picks(count: usize) -> renovation::Picks {
    let mut picks = renovation::Picks { normal: vec![], flash: vec![], group: vec![], shops: vec![] };
    let mut normal = Vec::new();
    for id in 1..=count.min(3_000) as i64 {
        let p = catalog::product(id);
        if p.status != 1 || SHOPS[(p.shop_id - 1) as usize].status != 1 {
            continue;
        }
        match p.prod_type {
            1 => picks.flash.push(id),
            2 => picks.group.push(id),
            _ => normal.push((p.sold_num, id)),
        }
    }
    normal.sort_by(|a, b| b.cmp(a));
    picks.normal = normal.into_iter().map(|(_, id)| id).collect();
    picks.shops = SHOPS
        .iter()
        .enumerate()
        .filter(|(_, s)| s.shop_type == 1 && s.status == 1)
        .map(|(i, _)| i as i64 + 1)
        .collect();
    picks
}

async fn seed_banners(conn: &mut AnyConnection, picks: &renovation::Picks) -> DbResult<usize> {
    let rows = (1..=5i64)
        .map(|n| {
            let (title, _) = BANNERS[(n - 1) as usize];
            let relation = picks.normal.get((n * 3) as usize).copied().unwrap_or(1);
            row![n, 0, format!("/media/banner/{n}.svg"), title.0, title.1, title.2, 1, relation.to_string(), n, 1, 1]
        })
        .collect();
    insert(
        conn,
        "index_img",
        &["id", "shop_id", "img_url", "title", "title_zh", "title_km", "type", "relation", "seq", "img_type", "status"],
        rows,
    )
    .await
}

fn notice_content(title: &[String; 3]) -> [String; 3] {
    [
        format!(
            "{}.\n\nThank you for shopping with us. If you have any questions, contact customer service with the chat button on any page.",
            title[0]
        ),
        format!("{}。\n\n感谢您的支持。如有任何疑问，请点击任意页面的客服按钮联系我们。", title[1]),
        format!(
            "{}។\n\nសូមអរគុណដែលបានទិញទំនិញជាមួយយើង។ ប្រសិនបើមានសំណួរ សូមទាក់ទងផ្នែកបម្រើអតិថិជនតាមប៊ូតុងជជែកនៅលើទំព័រណាមួយ។",
            title[2]
        ),
    ]
}

async fn seed_notices(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    // (title, pinned, status, publish offset from now)
    let platform: [(Tr, i64, i64, i64); 10] = [
        (("Welcome to Mekong Mall", "欢迎来到湄公商城", "សូមស្វាគមន៍មកកាន់ Mekong Mall"), 1, 1, -30 * DAY),
        (
            (
                "Shipping schedule during the Khmer New Year holiday",
                "柬埔寨新年假期发货安排",
                "កាលវិភាគដឹកជញ្ជូនក្នុងឱកាសបុណ្យចូលឆ្នាំខ្មែរ",
            ),
            1,
            1,
            -2 * DAY,
        ),
        (
            ("Now accepting ABA and card payments", "现已支持ABA及银行卡支付", "ឥឡូវនេះទទួលយកការទូទាត់តាម ABA និងកាត"),
            0,
            1,
            -20 * DAY,
        ),
        (("Beware of phishing messages", "谨防钓鱼信息诈骗", "សូមប្រុងប្រយ័ត្នចំពោះសារបោកប្រាស់"), 0, 1, -15 * DAY),
        (("Mega Sale Week starts on Friday", "超级促销周本周五开启", "សប្ដាហ៍លក់ធំចាប់ផ្ដើមនៅថ្ងៃសុក្រ"), 0, 1, -DAY),
        (
            ("Our privacy policy has been updated", "隐私政策已更新", "គោលការណ៍ឯកជនភាពរបស់យើងត្រូវបានធ្វើបច្ចុប្បន្នភាព"),
            0,
            1,
            -10 * DAY,
        ),
        (
            ("New preferred stores have joined the mall", "新的优选店铺入驻商城", "ហាងពេញនិយមថ្មីៗបានចូលរួមក្នុងផ្សារ"),
            0,
            1,
            -5 * DAY,
        ),
        (
            (
                "Customer service hours extended to 10 pm",
                "客服服务时间延长至晚上10点",
                "ម៉ោងបម្រើអតិថិជនត្រូវបានពន្យារដល់ម៉ោង ១០ យប់",
            ),
            0,
            1,
            -3 * DAY,
        ),
        (("Scheduled maintenance on Sunday night", "周日晚间系统维护通知", "ការថែទាំប្រព័ន្ធនៅយប់ថ្ងៃអាទិត្យ"), 0, 0, -4 * DAY),
        (("Holiday opening hours", "节假日营业时间", "ម៉ោងបើកក្នុងថ្ងៃឈប់សម្រាក"), 0, 1, 3 * DAY),
    ];
    let mut rows = Vec::new();
    let mut id = 0i64;
    let mut push = |shop_id: i64, title: [String; 3], top: i64, status: i64, at: i64| {
        id += 1;
        let [content_en, content_zh, content_km] = notice_content(&title);
        let [en, zh, km] = title;
        rows.push(row![id, shop_id, en, zh, km, content_en, content_zh, content_km, top, status, at]);
    };
    for (title, top, status, offset) in platform {
        push(0, tr3(title), top, status, now + offset);
    }
    for shop_id in 2..=7i64 {
        let name = SHOPS[(shop_id - 1) as usize].name;
        push(
            shop_id,
            [
                format!("{name} is open: welcome!"),
                format!("{name}开业啦，欢迎光临！"),
                format!("{name} បានបើកហើយ សូមស្វាគមន៍!"),
            ],
            1,
            1,
            now - (40 + shop_id) * DAY,
        );
        push(
            shop_id,
            [
                format!("Free gift with orders over $30 at {name}"),
                format!("{name}满30美元赠送礼品"),
                format!("ទទួលបានកាដូឥតគិតថ្លៃពេលទិញលើស $30 នៅ {name}"),
            ],
            0,
            1,
            now - shop_id * DAY,
        );
    }
    insert(
        conn,
        "notice",
        &[
            "id",
            "shop_id",
            "title_en",
            "title_zh",
            "title_km",
            "content_en",
            "content_zh",
            "content_km",
            "is_top",
            "status",
            "publish_time",
        ],
        rows,
    )
    .await
}

async fn seed_hot_search(conn: &mut AnyConnection) -> DbResult<usize> {
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
    insert(
        conn,
        "hot_search",
        &[
            "hot_search_id",
            "shop_id",
            "type",
            "title_en",
            "title_zh",
            "title_km",
            "content_en",
            "content_zh",
            "content_km",
            "seq",
            "status",
        ],
        rows,
    )
    .await
}

/// Start and end of an activity around `now`: mostly running, some upcoming, some ended.
fn activity_window(rng: &mut Rng, now: i64) -> (i64, i64) {
    match rng.below(100) {
        0..=69 => (now - rng.range(1, 72) * HOUR, now + rng.range(2, 120) * HOUR),
        70..=84 => {
            let start = now + rng.range(2, 72) * HOUR;
            (start, start + rng.range(24, 96) * HOUR)
        }
        _ => {
            let end = now - rng.range(1, 240) * HOUR;
            (end - rng.range(24, 72) * HOUR, end)
        }
    }
}

/// A flash sale for every flash-sale product and a group buy for every group-buy product.
async fn seed_product_activities(conn: &mut AnyConnection, count: usize, now: i64) -> DbResult<(usize, usize)> {
    let mut seckills = Vec::new();
    let mut groups = Vec::new();
    for id in 1..=count as i64 {
        let p = catalog::product(id);
        if p.prod_type == 0 {
            continue;
        }
        let mut rng = Rng::new(0xac71_0000 ^ id as u64);
        let (start, end) = activity_window(&mut rng, now);
        if p.prod_type == 1 {
            let price = (p.price * rng.range(60, 85) / 100).max(50);
            seckills.push(row![seckills.len() as i64 + 1, id, p.shop_id, price, start, end, 1]);
        } else {
            let price = (p.price * rng.range(70, 90) / 100).max(50);
            groups.push(row![groups.len() as i64 + 1, id, p.shop_id, rng.range(2, 5), price, start, end, 1]);
        }
    }
    let seckills = insert(
        conn,
        "seckill",
        &["seckill_id", "prod_id", "shop_id", "seckill_price", "start_time", "end_time", "status"],
        seckills,
    )
    .await?;
    let groups = insert(
        conn,
        "group_activity",
        &["group_activity_id", "prod_id", "shop_id", "group_number", "group_price", "start_time", "end_time", "status"],
        groups,
    )
    .await?;
    Ok((seckills, groups))
}

async fn seed_discounts(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    // (name, shop, decrease type, value, condition cents, start offset, end offset)
    let defs: [(Tr, i64, i64, i64, i64, i64, i64); 8] = [
        (("Summer Splash Sale", "夏日清凉特惠", "ការលក់បញ្ចុះតម្លៃរដូវក្ដៅ"), 1, 2, 90, 0, -2 * DAY, 5 * DAY),
        (
            ("Gadget Week: $10 off $99", "数码周：满99美元减10美元", "សប្ដាហ៍ឧបករណ៍៖ បញ្ចុះ $10 ពេលទិញ $99"),
            2,
            1,
            1_000,
            9_900,
            -DAY,
            6 * DAY,
        ),
        (("Fashion Friday: 20% off", "时尚星期五：全场8折", "ថ្ងៃសុក្រម៉ូដ៖ បញ្ចុះ ២០%"), 3, 2, 80, 0, -3 * HOUR, 20 * HOUR),
        (("Beauty Bundle Deals", "美妆组合优惠", "ការផ្ដល់ជូនពិសេសគ្រឿងសំអាង"), 4, 1, 500, 4_000, -5 * DAY, 2 * DAY),
        (("Kitchen Upgrade Sale", "厨房焕新季", "ការលក់ឧបករណ៍ផ្ទះបាយ"), 5, 2, 85, 0, 2 * DAY, 9 * DAY),
        (("Taste of Kampot", "贡布风味节", "រសជាតិកំពត"), 6, 1, 200, 2_000, -10 * DAY, -DAY),
        (("Weekend Sports Deals", "周末运动特惠", "ការផ្ដល់ជូនកីឡាចុងសប្ដាហ៍"), 7, 2, 88, 0, 3 * DAY, 5 * DAY),
        (("Back to School", "开学季", "ត្រឡប់ទៅសាលារៀនវិញ"), 11, 1, 300, 2_500, -20 * DAY, -5 * DAY),
    ];
    let rows = defs
        .iter()
        .enumerate()
        .map(|(i, (name, shop, kind, value, condition, start, end))| {
            let [en, zh, km] = tr3(*name);
            let id = i as i64 + 1;
            row![
                id,
                *shop,
                en,
                zh,
                km,
                format!("/media/banner/{}.svg", 5 + id),
                now + start,
                now + end,
                *kind,
                *value,
                *condition,
                1
            ]
        })
        .collect();
    insert(
        conn,
        "discount",
        &[
            "discount_id",
            "shop_id",
            "discount_name_en",
            "discount_name_zh",
            "discount_name_km",
            "pc_pic",
            "start_time",
            "end_time",
            "decrease_type",
            "decrease_value",
            "condition_amount",
            "status",
        ],
        rows,
    )
    .await
}

fn dollars(cents: i64) -> String {
    if cents % 100 == 0 {
        format!("{}", cents / 100)
    } else {
        format!("{}.{:02}", cents / 100, cents % 100)
    }
}

/// A demo coupon: amounts in cents, `discount` in tenths, times relative to the seed time.
struct CouponDef {
    shop: i64,
    kind: i64,
    condition: i64,
    reduce: i64,
    discount: i64,
    valid_type: i64,
    start: i64,
    end: i64,
}

/// `coupon(shop, type, (condition, reduce, discount), valid time type, (start, end))`.
const fn coupon(shop: i64, kind: i64, amounts: (i64, i64, i64), valid_type: i64, window: (i64, i64)) -> CouponDef {
    let (condition, reduce, discount) = amounts;
    let (start, end) = window;
    CouponDef { shop, kind, condition, reduce, discount, valid_type, start, end }
}

async fn seed_coupons(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    let defs = [
        coupon(1, 1, (5_000, 500, 0), 1, (-3 * DAY, 30 * DAY)),
        coupon(1, 2, (0, 0, 90), 1, (-DAY, 14 * DAY)),
        coupon(2, 1, (20_000, 2_000, 0), 1, (-2 * DAY, 20 * DAY)),
        coupon(3, 2, (3_000, 0, 85), 1, (-DAY, 10 * DAY)),
        coupon(4, 1, (3_000, 300, 0), 2, (-5 * DAY, 60 * DAY)),
        coupon(5, 1, (10_000, 1_000, 0), 1, (2 * DAY, 20 * DAY)),
        coupon(6, 2, (0, 0, 95), 1, (-7 * DAY, 7 * DAY)),
        coupon(7, 1, (8_000, 800, 0), 1, (-30 * DAY, -2 * DAY)),
        coupon(10, 1, (1_500, 200, 0), 2, (-4 * DAY, 90 * DAY)),
        coupon(11, 2, (2_000, 0, 80), 1, (-DAY, 25 * DAY)),
    ];
    let rows = defs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let CouponDef { shop, kind, condition, reduce, discount, valid_type, start, end } = c;
            let (en, zh, km) = if *kind == 1 {
                let (r, c) = (dollars(*reduce), dollars(*condition));
                (
                    format!("${r} off orders over ${c}"),
                    format!("满{c}美元减{r}美元"),
                    format!("បញ្ចុះ ${r} សម្រាប់ការទិញលើស ${c}"),
                )
            } else {
                let off = 100 - discount;
                let zhe = if discount % 10 == 0 {
                    format!("{}", discount / 10)
                } else {
                    format!("{}.{}", discount / 10, discount % 10)
                };
                (format!("{off}% off"), format!("{zhe}折优惠"), format!("បញ្ចុះ {off}%"))
            };
            let (valid_days, after_receive) = if *valid_type == 2 { (7, 0) } else { (0, 0) };
            row![
                i as i64 + 1,
                *shop,
                en,
                zh,
                km,
                *kind,
                *condition,
                *reduce,
                *discount,
                now + start,
                now + end,
                *valid_type,
                valid_days,
                after_receive,
                100 + (i as i64 * 97) % 900,
                1,
            ]
        })
        .collect();
    insert(
        conn,
        "coupon",
        &[
            "coupon_id",
            "shop_id",
            "coupon_name_en",
            "coupon_name_zh",
            "coupon_name_km",
            "coupon_type",
            "cash_condition",
            "reduce_amount",
            "coupon_discount",
            "start_time",
            "end_time",
            "valid_time_type",
            "valid_days",
            "after_receive_days",
            "stocks",
            "status",
        ],
        rows,
    )
    .await
}

/// Shops that get a decorated home page (renovation ids 2, 3, ...).
pub const DECORATED_SHOPS: [i64; 4] = [2, 3, 4, 5];

async fn seed_renovations(
    conn: &mut AnyConnection,
    picks: &renovation::Picks,
    count: usize,
    now: i64,
) -> DbResult<usize> {
    let mut rows = vec![row![
        1,
        0,
        1,
        "Mall festival home",
        renovation::platform_page(picks).to_string(),
        // Not active by default: the standard home page shows until decoration is switched on.
        0,
        now,
        now
    ]];
    for (i, shop_id) in DECORATED_SHOPS.iter().enumerate() {
        let products: Vec<i64> = (1..=count.min(3_000) as i64)
            .filter(|id| {
                let p = catalog::product(*id);
                p.shop_id == *shop_id && p.status == 1
            })
            .collect();
        let name = SHOPS[(*shop_id - 1) as usize].name;
        let content = renovation::shop_page(*shop_id, name, &products, 6 + i as i64);
        rows.push(row![i as i64 + 2, *shop_id, 1, format!("{name} home"), content.to_string(), 1, now, now]);
    }
    insert(
        conn,
        "renovation",
        &["renovation_id", "shop_id", "renovation_type", "name", "content", "is_home", "created_at", "updated_at"],
        rows,
    )
    .await
}
