//! The demo seed: counts and shape of the default mall, decorated pages that use every block
//! and reference real rows, and determinism (same rows on every run and every backend).

use crate::common;

use common::TestApp;
use serde_json::Value;
use server::demo::seed::{self, renovation::BLOCK_TYPES, SeedOptions};
use std::collections::BTreeSet;
use std::time::Instant;

/// Tables and columns, read from the SQLite migration so new columns are covered.
fn schema() -> Vec<(String, Vec<String>)> {
    let sql = include_str!("../../migrations/sqlite/0001_catalog.sql");
    let mut tables = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in sql.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("CREATE TABLE ") {
            current = Some((rest.split_whitespace().next().unwrap().to_string(), Vec::new()));
        } else if line.starts_with(");") {
            tables.extend(current.take());
        } else if let Some((_, columns)) = current.as_mut() {
            let word = line.split_whitespace().next().unwrap_or_default();
            if !word.is_empty() && !word.starts_with("--") && word != "PRIMARY" {
                columns.push(word.to_string());
            }
        }
    }
    tables
}

/// Every seeded row of every table as text, sorted: equal dumps mean equal data.
async fn dump(app: &TestApp) -> Vec<String> {
    let mut out = Vec::new();
    for (table, columns) in schema() {
        if ["users", "sessions", "flow_analysis_log"].contains(&table.as_str()) {
            continue;
        }
        let select =
            columns.iter().map(|c| format!("COALESCE(CAST({c} AS TEXT), '~')")).collect::<Vec<_>>().join(" || '|' || ");
        let rows: Vec<(String,)> = sqlx::query_as(&format!("SELECT {select} FROM {table}"))
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap_or_else(|e| panic!("dump {table}: {e}"));
        let mut rows: Vec<String> = rows.into_iter().map(|(r,)| format!("{table}:{r}")).collect();
        rows.sort();
        out.extend(rows);
    }
    out
}

/// Counts activities (table with start_time/end_time) that are running, upcoming and ended.
async fn phases(app: &TestApp, table: &str) -> (i64, i64, i64) {
    let now = server::db::Clock::default().now_millis();
    let running =
        app.count(&format!("SELECT COUNT(*) FROM {table} WHERE start_time <= {now} AND end_time > {now}")).await;
    let upcoming = app.count(&format!("SELECT COUNT(*) FROM {table} WHERE start_time > {now}")).await;
    let ended = app.count(&format!("SELECT COUNT(*) FROM {table} WHERE end_time <= {now}")).await;
    (running, upcoming, ended)
}

fn collect_ids(value: &Value, key: &str, out: &mut BTreeSet<i64>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k == key {
                    out.insert(v.as_i64().unwrap_or_else(|| panic!("{key} is a number: {v}")));
                } else {
                    collect_ids(v, key, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_ids(v, key, out)),
        _ => {}
    }
}

#[tokio::test]
async fn default_seed_meets_the_counts() {
    common::with_empty_apps(async |app, what| {
        let started = Instant::now();
        assert!(seed::seed_if_empty(&app.state.db).await.unwrap(), "{what}: an empty database is seeded");
        println!("{what}: default seed ({} products) in {:.2?}", seed::DEFAULT_PRODUCTS, started.elapsed());
        assert!(!seed::seed_if_empty(&app.state.db).await.unwrap(), "{what}: a seeded database is left alone");

        // Shops.
        assert!(app.count("SELECT COUNT(*) FROM shop").await >= 30, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM shop WHERE shop_status <> 1").await, 1, "{what}: one offline shop");
        assert!(app.count("SELECT COUNT(*) FROM shop WHERE type = 1 AND shop_status = 1").await >= 3, "{what}");
        let (name,): (String,) =
            sqlx::query_as("SELECT shop_name FROM shop WHERE shop_id = 1").fetch_one(&app.state.db.pool).await.unwrap();
        assert!(name.contains("Self-Operated"), "{what}: {name}");
        assert_eq!(app.count("SELECT COUNT(*) FROM shop WHERE rating < 10 OR rating > 50").await, 0);

        // Categories: 8 tops, 3-5 children per node, products on leaves.
        assert_eq!(app.count("SELECT COUNT(*) FROM category WHERE grade = 1 AND parent_id = 0").await, 8, "{what}");
        let bad_fanout = app
            .count(
                "SELECT COUNT(*) FROM category c WHERE c.grade < 3 AND \
                 (SELECT COUNT(*) FROM category k WHERE k.parent_id = c.category_id) NOT BETWEEN 3 AND 5",
            )
            .await;
        assert_eq!(bad_fanout, 0, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM category WHERE icon IS NULL").await, 0, "{what}");

        // Products and SKUs.
        // The generated catalog, then the listings of the articles several shops offer.
        let offers = seed::comparison::offers(seed::DEFAULT_PRODUCTS).len();
        assert_eq!(app.count("SELECT COUNT(*) FROM product").await, (seed::DEFAULT_PRODUCTS + offers) as i64, "{what}");
        assert_eq!(
            app.count(
                "SELECT COUNT(*) FROM product p JOIN category c ON c.category_id = p.category_id WHERE c.grade <> 3"
            )
            .await,
            0,
            "{what}: products sit on third-level categories"
        );
        let bad_skus = app
            .count("SELECT COUNT(*) FROM product p WHERE (SELECT COUNT(*) FROM sku s WHERE s.prod_id = p.prod_id) NOT BETWEEN 1 AND 4")
            .await;
        assert_eq!(bad_skus, 0, "{what}");
        assert_eq!(
            app.count("SELECT COUNT(*) FROM product p WHERE p.price <> (SELECT MIN(s.price) FROM sku s WHERE s.prod_id = p.prod_id)").await,
            0,
            "{what}: a product's price is its cheapest SKU"
        );
        assert_eq!(
            app.count("SELECT COUNT(*) FROM product p WHERE p.total_stocks <> (SELECT SUM(s.stocks) FROM sku s WHERE s.prod_id = p.prod_id)").await,
            0,
            "{what}"
        );
        for prod_type in 0..=2 {
            assert!(
                app.count(&format!("SELECT COUNT(*) FROM product WHERE prod_type = {prod_type}")).await > 50,
                "{what}"
            );
        }
        let names: Vec<(String, String, String, String)> = sqlx::query_as(
            "SELECT prod_name_en, prod_name_zh, prod_name_km, brief_km FROM product WHERE prod_id <= 50",
        )
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        for (en, zh, km, brief_km) in names {
            assert!(en.is_ascii() && en.contains(' '), "{en}");
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "Chinese name: {zh}");
            assert!(km.chars().any(|c| ('\u{1780}'..='\u{17ff}').contains(&c)), "Khmer name: {km}");
            assert!(brief_km.chars().any(|c| ('\u{1780}'..='\u{17ff}').contains(&c)), "Khmer brief: {brief_km}");
        }

        // Comparison groups: 2-12 offers of the same article by distinct shops at different prices
        // (the catalog's own groups 2-6 under one title, the comparison seed's under several).
        let groups: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT comparison_group, COUNT(*), COUNT(DISTINCT shop_id), COUNT(DISTINCT price), COUNT(DISTINCT prod_name_en)
             FROM product WHERE comparison_group IS NOT NULL GROUP BY comparison_group",
        )
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        assert!(groups.len() >= 150, "{what}: {} groups", groups.len());
        for (group, offers, shops, prices, names) in &groups {
            let own = *group < seed::comparison::FIRST_ARTICLE_GROUP;
            assert!((if own { 2..=6 } else { 1..=12 }).contains(offers), "{what}: group {group}");
            assert_eq!(shops, offers, "{what}: group {group} has distinct shops");
            assert!(*offers == 1 || *prices >= 2, "{what}: group {group} has different prices");
            assert!(!own || *names == 1, "{what}: group {group} is one article");
        }
        assert!(groups.iter().filter(|g| g.4 > 1).count() > 50, "{what}: articles under several titles");

        // Banners, notices, hot words.
        assert_eq!(app.count("SELECT COUNT(*) FROM index_img WHERE shop_id = 0 AND img_type = 1").await, 5, "{what}");
        assert!(app.count("SELECT COUNT(*) FROM notice WHERE shop_id = 0 AND status = 1").await >= 6, "{what}");
        assert!(app.count("SELECT COUNT(*) FROM notice WHERE shop_id > 0 AND status = 1").await >= 6, "{what}");
        assert!(app.count("SELECT COUNT(*) FROM hot_search WHERE type = 1").await >= 8, "{what}");
        assert!(app.count("SELECT COUNT(*) FROM hot_search WHERE type = 2").await >= 8, "{what}");

        // Activities around now.
        for table in ["seckill", "group_activity", "discount"] {
            let (running, upcoming, ended) = phases(app, table).await;
            assert!(running > 0 && upcoming > 0 && ended > 0, "{what}: {table} {running}/{upcoming}/{ended}");
        }
        let (running, _, ended) = phases(app, "coupon").await;
        assert!(running >= 5 && ended >= 1, "{what}: coupons");
        assert!(
            app.count("SELECT COUNT(*) FROM coupon WHERE coupon_type = 2 AND coupon_discount BETWEEN 1 AND 99").await
                > 0
        );
        assert!(app.count("SELECT COUNT(*) FROM coupon WHERE valid_time_type = 2 AND valid_days > 0").await > 0);
        assert_eq!(
            app.count("SELECT COUNT(*) FROM seckill k JOIN product p ON p.prod_id = k.prod_id WHERE p.prod_type <> 1 OR k.seckill_price >= p.price").await,
            0,
            "{what}: flash sales are on flash-sale products and cheaper"
        );

        // Configuration rows.
        assert_eq!(app.count("SELECT COUNT(*) FROM currency").await, 2);
        assert_eq!(app.count("SELECT COUNT(*) FROM language").await, 3);
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_switch").await, 9);
        assert!(app.count("SELECT COUNT(*) FROM web_config").await >= 9);

        // Decorated pages.
        check_renovations(app).await;

        // PostgreSQL sequences continue after the seeded ids.
        let user = server::accounts::sessions::create_user(&app.state.db, "after-seed", None, None).await.unwrap();
        assert!(user >= 1, "{what}");
    })
    .await;
}

async fn check_renovations(app: &TestApp) {
    let what = app.label();
    let pages: Vec<(i64, i64, i64, String)> =
        sqlx::query_as("SELECT renovation_id, shop_id, is_home, content FROM renovation ORDER BY renovation_id")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let platform: Vec<_> = pages.iter().filter(|p| p.1 == 0).collect();
    assert_eq!(platform.len(), 1, "{what}");
    assert_eq!(platform[0].2, 0, "{what}: the decorated home is off by default");
    assert!(pages.iter().filter(|p| p.1 > 0).count() >= 3, "{what}: several shops are decorated");
    for (id, shop_id, _, content) in &pages {
        let blocks: Value = serde_json::from_str(content).expect("content is JSON");
        let blocks = blocks.as_array().expect("a list of blocks");
        let types: BTreeSet<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
        assert!(blocks.iter().all(|b| b["dataField"].is_object()), "{what}: page {id}");
        if *shop_id == 0 {
            for kind in BLOCK_TYPES {
                assert!(types.contains(kind), "{what}: platform page lacks {kind}");
            }
        }
        let mut prods = BTreeSet::new();
        collect_ids(&Value::Array(blocks.clone()), "prodId", &mut prods);
        assert!(!prods.is_empty(), "{what}: page {id} shows products");
        for prod in prods {
            let ok = app
                .count(&format!(
                    "SELECT COUNT(*) FROM product p JOIN shop s ON s.shop_id = p.shop_id \
                     WHERE p.prod_id = {prod} AND p.status = 1 AND s.shop_status = 1"
                ))
                .await;
            assert_eq!(ok, 1, "{what}: page {id} references product {prod}");
        }
        let mut shops = BTreeSet::new();
        collect_ids(&Value::Array(blocks.clone()), "shopId", &mut shops);
        for shop in shops {
            let ok = app.count(&format!("SELECT COUNT(*) FROM shop WHERE shop_id = {shop} AND shop_status = 1")).await;
            assert_eq!(ok, 1, "{what}: page {id} references shop {shop}");
        }
    }
}

#[tokio::test]
async fn seed_is_deterministic_across_runs_and_backends() {
    let now = 1_790_000_000_000;
    let opts = SeedOptions { products: 300, buyers: false };
    let mut dumps = Vec::new();
    common::with_empty_apps(async |app, _| {
        seed::seed_at(&app.state.db, opts, now).await.unwrap();
        let first = dump(app).await;
        // Re-seeding replaces the data with exactly the same rows.
        let report = seed::seed_at(&app.state.db, opts, now).await.unwrap();
        assert_eq!(report.products, 300);
        let second = dump(app).await;
        assert_eq!(first, second, "{}: re-seeding is identical", app.label());
        let offers = seed::comparison::offers(300).len();
        assert!(first.iter().filter(|r| r.starts_with("product:")).count() == 300 + offers);
        dumps.push((app.label(), first));
    })
    .await;
    for (label, rows) in &dumps[1..] {
        assert!(rows == &dumps[0].1, "{label} data differs from {}", dumps[0].0);
    }
    // A bigger catalog starts with the same products.
    let app = common::sqlite().await;
    seed::seed_at(&app.state.db, SeedOptions { products: 400, buyers: false }, now).await.unwrap();
    let bigger = dump(&app).await;
    let first_products =
        |rows: &[String]| rows.iter().filter(|r| r.starts_with("product:")).take(10).cloned().collect::<Vec<_>>();
    assert_eq!(first_products(&bigger), first_products(&dumps[0].1));
    app.finish().await;
}

#[tokio::test]
async fn small_catalogs_still_reference_real_products() {
    for products in [1, 60] {
        let app = common::sqlite().await;
        let report = seed::seed(&app.state.db, SeedOptions { products, buyers: false }).await.unwrap();
        assert_eq!(report.products, products);
        let pages: Vec<(String,)> =
            sqlx::query_as("SELECT content FROM renovation").fetch_all(&app.state.db.pool).await.unwrap();
        for (content,) in pages {
            let mut prods = BTreeSet::new();
            collect_ids(&serde_json::from_str(&content).unwrap(), "prodId", &mut prods);
            for prod in prods {
                assert!(prod >= 1 && prod <= products as i64, "{products}: {prod}");
            }
        }
        app.finish().await;
    }
}

/// Timing of a large catalog on SQLite: `cargo test --release -p server --test seed -- --ignored`.
#[tokio::test]
#[ignore]
async fn seed_100k_products_timing() {
    let products = std::env::var("MALL_SEED_PRODUCTS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let app = common::sqlite().await;
    let started = Instant::now();
    let report = seed::seed(&app.state.db, SeedOptions { products, buyers: false }).await.unwrap();
    println!("sqlite: {products} products, {} SKUs in {:.2?}", report.skus, started.elapsed());
    assert_eq!(app.count("SELECT COUNT(*) FROM product").await, products as i64);
    app.finish().await;
}

#[tokio::test]
async fn demo_buyers_have_a_lived_in_account_and_reseeding_keeps_one_of_each() {
    common::with_empty_apps(async |app, what| {
        for _ in 0..2 {
            let report = seed::seed(&app.state.db, SeedOptions { products: 120, buyers: true }).await.unwrap();
            assert_eq!(report.buyers, 3, "{what}");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM users").await, 3, "{what}: found by e-mail, not duplicated");
        let buyer = app.count("SELECT user_id FROM users WHERE user_mail = 'demo.buyer@example.com'").await;
        let of_buyer = |table: &str| format!("SELECT COUNT(*) FROM {table} WHERE user_id = {buyer}");
        assert_eq!(app.count(&of_buyer("user_addr")).await, 2, "{what}");
        assert_eq!(app.count(&format!("{} AND common_addr = 1", of_buyer("user_addr"))).await, 1, "{what}");
        assert!(app.count(&of_buyer("basket")).await >= 2, "{what}: a cart");
        assert!(app.count(&of_buyer("user_coupon")).await >= 1, "{what}: coupons");
        let statuses: Vec<(i64,)> =
            sqlx::query_as(&format!("SELECT DISTINCT status FROM orders WHERE user_id = {buyer} ORDER BY status"))
                .fetch_all(&app.state.db.pool)
                .await
                .unwrap();
        let statuses: Vec<i64> = statuses.into_iter().map(|(s,)| s).collect();
        assert_eq!(statuses, vec![1, 2, 3, 4, 5, 6, 7], "{what}: an order in every state");
        // Every order has its lines and consistent amounts.
        let orders: Vec<(String, i64, i64, i64)> = sqlx::query_as(&format!(
            "SELECT order_number, total, transfee, actual_total FROM orders WHERE user_id = {buyer}"
        ))
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        for (number, total, transfee, actual) in orders {
            let lines = app
                .count(&format!(
                    "SELECT CAST(COALESCE(SUM(product_total_amount), 0) AS BIGINT) FROM order_item i
                     JOIN orders o ON o.order_id = i.order_id
                     WHERE o.order_number = '{number}'"
                ))
                .await;
            assert_eq!(lines, total, "{what}: {number}");
            assert_eq!(actual, total + transfee, "{what}: {number}");
        }
        // The demo password signs in.
        let answer = app
            .post_json(
                "/login",
                serde_json::json!({"userName": "demo.buyer@example.com", "passWord": seed::buyers::DEMO_PASSWORD})
                    .to_string(),
                &[],
            )
            .await;
        assert!(answer.access_token(what).len() >= 32, "{what}");
    })
    .await;
}
