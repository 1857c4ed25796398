//! Search API: relevance across English, Chinese and Khmer (misspellings, prefixes, text
//! without spaces, shop names), filters, sorts, paging, bad parameters, suggestions,
//! decorated-block products, and the index following database changes. SQLite always, and
//! PostgreSQL when `MALL_TEST_POSTGRES_URL` is set.

use crate::common;

use common::{keys, set};
use serde_json::{json, Value};

use common::TestApp;

fn ids(list: &Value, key: &str) -> Vec<i64> {
    list.as_array().unwrap_or_else(|| panic!("not a list: {list}")).iter().map(|v| v[key].as_i64().unwrap()).collect()
}

/// Product ids of a `/search/page` answer.
async fn product_ids(app: &TestApp, query: &str) -> Vec<i64> {
    let answer = app.get(&format!("/search/page?{query}")).await;
    let data = answer.ok(query);
    ids(&data["records"][0]["products"], "prodId")
}

/// Shop ids of a shop search.
async fn shop_ids(app: &TestApp, query: &str) -> Vec<i64> {
    let answer = app.get(&format!("/search/page?sort=12&isAllProdType=true&isActive=1&{query}")).await;
    let data = answer.ok(query);
    ids(&data["records"][0]["shops"], "shopId")
}

fn enc(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The fixed relevance table: (language, query, product that must come first). Names come from
/// the deterministic seed (`server::demo::seed::data`): 122 "Nova Premium Wireless Earbuds" /
/// "Nova 高端无线耳机" / "កាសឥតខ្សែលំដាប់ខ្ពស់ Nova"; 109 "Vego Portable Camera", the best-selling
/// camera; 198 "Bayon Latest Smart Watch", the best-selling smart watch; 111 "Angkor Handmade
/// Kampot Pepper", the best-selling pepper.
const RELEVANCE: &[(&str, &str, i64)] = &[
    ("en", "earbuds", 122),
    ("en", "Earbuds", 122),
    ("en", "earbds", 122),
    ("en", "eatbuds", 122),
    ("en", "wirel", 122),
    ("en", "wireless earb", 122),
    ("en", "nova wireless", 122),
    ("zh_CN", "无线耳机", 122),
    ("zh_CN", "耳机", 122),
    ("zh_CN", "高端无线", 122),
    ("km", "ឥតខ្សែ", 122),
    ("km", "កាសឥតខ្សែ", 122),
    ("en", "camera", 109),
    ("en", "camra", 109),
    ("zh_CN", "相机", 109),
    ("km", "កាមេរ៉ា", 109),
    ("en", "smart watch", 198),
    ("en", "smrt wtch", 198),
    ("zh_CN", "智能手表", 198),
    ("km", "នាឡិកាឆ្លាត", 198),
    ("en", "kampot pepper", 111),
    ("en", "kampot pepr", 111),
    ("zh_CN", "贡布胡椒", 111),
    ("km", "ម្រេចកំពត", 111),
];

#[tokio::test]
async fn relevance_table_in_three_languages() {
    common::with_seeded_apps(async |app, _| {
        for (lang, query, expected) in RELEVANCE {
            let uri = format!("/search/page?keyword={}&current=1&size=10", enc(query));
            let answer = app.get_with(&uri, &[("locale", lang)]).await;
            let data = answer.ok(query);
            let found = ids(&data["records"][0]["products"], "prodId");
            assert_eq!(found.first(), Some(expected), "{}: {lang} {query:?} -> {found:?}", app.label());
            // Names come in the request's language.
            let name = data["records"][0]["products"][0]["prodName"].as_str().unwrap();
            match *lang {
                "zh_CN" => assert!(name.chars().any(tokenize_is_cjk), "{query}: {name}"),
                "km" => assert!(name.chars().any(|c| ('\u{1780}'..='\u{17FF}').contains(&c)), "{query}: {name}"),
                _ => assert!(name.is_ascii(), "{query}: {name}"),
            }
        }
    })
    .await;
}

fn tokenize_is_cjk(c: char) -> bool {
    server::search::tokenize::is_cjk(c)
}

#[tokio::test]
async fn ranking_mixes_relevance_with_sales_and_rating() {
    common::with_seeded_apps(async |app, _| {
        // Identical names (a comparison group of office chairs by different shops): the order
        // follows sales and shop rating.
        let found = product_ids(app, "keyword=aurora%20modern%20office%20chair&size=10").await;
        assert_eq!(found.len(), 5, "{found:?}");
        let mut expected: Vec<(f64, i64)> = Vec::new();
        for id in &found {
            let (sold, rating): (i64, i64) = sqlx::query_as(
                "SELECT p.sold_num, s.rating FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.prod_id = $1",
            )
            .bind(id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
            expected.push((server::search::popularity(sold as u64, rating as u64), *id));
        }
        let mut sorted = expected.clone();
        sorted.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
        assert_eq!(expected, sorted, "{}", app.label());
        // An exact word beats a typo match of a more popular product.
        let found = product_ids(app, "keyword=shirt&size=50").await;
        assert!(!found.is_empty());
        let names: Vec<String> = {
            let data = app.get("/search/page?keyword=shirt&size=50").await;
            data.ok("shirt")["records"][0]["products"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["prodName"].as_str().unwrap().to_string())
                .collect()
        };
        let has_word = |n: &String| n.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| w == "shirt");
        let first_non_exact = names.iter().position(|n| !has_word(n)).expect("a typo match (shorts)");
        assert!(first_non_exact > 0, "{names:?}");
        assert!(names[first_non_exact..].iter().all(|n| !has_word(n)), "{names:?}");
    })
    .await;
}

#[tokio::test]
async fn shops_are_found_by_name_prefix_and_typo() {
    common::with_seeded_apps(async |app, _| {
        assert_eq!(shop_ids(app, "keyword=harbor%20audio").await.first(), Some(&31));
        assert_eq!(shop_ids(app, "keyword=harb").await.first(), Some(&31));
        assert_eq!(shop_ids(app, "keyword=jasmin%20beuty").await.first(), Some(&4));
        assert_eq!(shop_ids(app, "keyword=golden%20orchid").await.first(), Some(&9));
        let silk = shop_ids(app, "keyword=silk").await;
        assert!(silk.contains(&15) && silk.contains(&20), "{silk:?}");
        // The offline shop is never found.
        assert!(shop_ids(app, "keyword=old%20market%20bazaar").await.is_empty());
        // Preferred shops only.
        let preferred = shop_ids(app, "shopType=1&size=50").await;
        assert_eq!(preferred.len(), 7, "{preferred:?}");
        let all = app.get("/search/page?sort=12&isAllProdType=true&isActive=1&size=50").await;
        let data = all.ok("all shops");
        assert_eq!(data["total"], 43);
        let shop = &data["records"][0]["shops"][0];
        for key in ["shopId", "shopName", "shopLogo", "shopStatus", "shopFocusNumber", "fansCount"] {
            assert!(!shop[key].is_null(), "{key}: {shop}");
        }
        assert_eq!(shop["shopStatus"], 1);
        assert!(data["records"][0]["products"].as_array().unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn suggestions_group_products_and_shops_in_the_request_language() {
    common::with_seeded_apps(async |app, _| {
        let answer = app.get_with("/search/suggestions?keyword=harbor&limit=15", &[("locale", "en")]).await;
        let list = answer.ok("harbor").as_array().unwrap().clone();
        let shop = list.iter().find(|s| s["type"] == "SHOP").expect("a shop suggestion");
        assert_eq!(shop["id"], 31);
        assert_eq!(shop["name"], "Harbor Audio");
        assert!(shop["fansCount"].as_i64().unwrap() > 0 && shop["soldNum"].is_i64(), "{shop}");
        // Products come first, then shops.
        let kinds: Vec<&str> = list.iter().map(|s| s["type"].as_str().unwrap()).collect();
        let first_shop = kinds.iter().position(|k| *k == "SHOP").unwrap();
        assert!(kinds[first_shop..].iter().all(|k| *k == "SHOP"), "{kinds:?}");

        for (lang, keyword, name) in [
            ("en", "wirel", "Nova Premium Wireless Earbuds"),
            ("zh_CN", "无线", "Nova 高端无线耳机"),
            ("km", "ឥតខ្សែ", "កាសឥតខ្សែលំដាប់ខ្ពស់ Nova"),
            ("zh_CN", "earbds", "Nova 高端无线耳机"),
        ] {
            let uri = format!("/search/suggestions?keyword={}&limit=15", enc(keyword));
            let answer = app.get_with(&uri, &[("locale", lang)]).await;
            let list = answer.ok(keyword);
            let first = &list[0];
            assert_eq!(first["type"], "PRODUCT", "{keyword}: {list}");
            assert_eq!(first["id"], 122, "{keyword}: {list}");
            assert_eq!(first["name"], name);
            assert!(first["price"].as_f64().unwrap() > 0.0, "{first}");
            assert!(first["pic"].is_string());
        }
        // Limits: at most 15, default 15, fewer on request.
        let many = app.get("/search/suggestions?keyword=a&limit=100").await;
        assert!(many.ok("a").as_array().unwrap().len() <= 15);
        let default = app.get("/search/suggestions?keyword=s").await;
        assert_eq!(default.ok("s").as_array().unwrap().len(), 15);
        let three = app.get("/search/suggestions?keyword=s&limit=3").await;
        assert_eq!(three.ok("s").as_array().unwrap().len(), 3);
        // Blank keywords answer an empty list; nothing found is an empty list too.
        for uri in ["/search/suggestions?keyword=%20%20", "/search/suggestions", "/search/suggestions?keyword=zzzzqqqq"]
        {
            assert_eq!(app.get(uri).await.ok(uri), &Value::Array(vec![]), "{uri}");
        }
        // Bad limits.
        app.get("/search/suggestions?keyword=a&limit=0").await.bad("limit 0");
        app.get("/search/suggestions?keyword=a&limit=-3").await.bad("limit -3");
        app.get("/search/suggestions?keyword=a&limit=x").await.bad("limit x");
    })
    .await;
}

#[tokio::test]
async fn filters_sorts_and_paging() {
    common::with_seeded_apps(async |app, _| {
        let on_shelf_online = app
            .count("SELECT COUNT(*) FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status = 1 AND s.shop_status = 1")
            .await;
        let page = app.get("/search/page?current=1&size=20").await;
        let data = page.ok("all");
        assert_eq!(data["total"], on_shelf_online);
        assert_eq!(data["size"], 20);
        assert_eq!(data["current"], 1);
        assert_eq!(data["pages"], (on_shelf_online + 19) / 20);
        let card = &data["records"][0]["products"][0];
        // Every key of a card is set, but for the activity ones and the stock.
        let may_be_null = ["activityPrice", "totalStocks", "groupActivitySearchVO", "seckillId"];
        for key in common::CARD.iter().filter(|k| !may_be_null.contains(k)) {
            assert!(!card[key].is_null(), "{key}: {card}");
        }

        // Paging covers every product exactly once.
        let mut seen = std::collections::BTreeSet::new();
        let pages = data["pages"].as_i64().unwrap();
        for current in 1..=pages {
            for id in product_ids(app, &format!("current={current}&size=20&sort=21")).await {
                assert!(seen.insert(id), "{id} twice");
            }
        }
        assert_eq!(seen.len() as i64, on_shelf_online);
        assert!(product_ids(app, &format!("current={}&size=20", pages + 1)).await.is_empty());

        // Sorts.
        let prices = |data: &Value| -> Vec<f64> {
            data["records"][0]["products"].as_array().unwrap().iter().map(|p| p["price"].as_f64().unwrap()).collect()
        };
        let asc = app.get("/search/page?sort=1&orderBy=0&size=30").await;
        let asc = prices(asc.ok("asc"));
        assert!(asc.windows(2).all(|w| w[0] <= w[1]), "{asc:?}");
        let desc = app.get("/search/page?sort=1&orderBy=1&size=30").await;
        let desc = prices(desc.ok("desc"));
        assert!(desc.windows(2).all(|w| w[0] >= w[1]), "{desc:?}");
        let hot = app.get("/search/page?sort=2&orderBy=1&size=30").await;
        let sold: Vec<i64> = hot.ok("hot")["records"][0]["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["soldNum"].as_i64().unwrap())
            .collect();
        assert!(sold.windows(2).all(|w| w[0] >= w[1]), "{sold:?}");
        let (max_sold,): (i64,) = sqlx::query_as(
            "SELECT MAX(p.sold_num) FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status = 1 AND s.shop_status = 1",
        )
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
        assert_eq!(sold[0], max_sold);
        let newest = product_ids(app, "sort=21&size=5").await;
        let (newest_id,): (i64,) = sqlx::query_as(
            "SELECT p.prod_id FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status = 1 AND s.shop_status = 1
             ORDER BY p.created_at DESC LIMIT 1",
        )
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
        assert_eq!(newest[0], newest_id);

        // Filters: shop, categories of each level, type, running activity, coupon.
        for id in product_ids(app, "shopId=2&size=100").await {
            assert_eq!(app.count(&format!("SELECT shop_id FROM product WHERE prod_id = {id}")).await, 2);
        }
        for (param, level) in [("primaryCategoryId", 1), ("secondaryCategoryId", 101), ("categoryId", 1021)] {
            let found = product_ids(app, &format!("{param}={level}&size=100")).await;
            assert!(!found.is_empty(), "{param}");
            for id in found {
                let cat = app.count(&format!("SELECT category_id FROM product WHERE prod_id = {id}")).await;
                let ok = match level {
                    1 => (1000..2000).contains(&cat),
                    101 => (1010..1020).contains(&cat),
                    _ => cat == 1021,
                };
                assert!(ok, "{param}={level}: product {id} in {cat}");
            }
        }
        let flash = app.get("/search/page?prodType=1&size=100").await;
        let flash = flash.ok("flash")["records"][0]["products"].as_array().unwrap().clone();
        assert!(!flash.is_empty());
        assert!(flash.iter().all(|p| p["prodType"] == 1 && p["seckillId"].is_i64()), "{flash:?}");
        let running = app.get("/search/page?prodType=2&isActive=1&size=100").await;
        let running = running.ok("group running")["records"][0]["products"].as_array().unwrap().clone();
        assert!(!running.is_empty());
        for p in &running {
            assert_eq!(p["prodType"], 2);
            assert_eq!(p["activityInProgress"], true, "{p}");
            assert_eq!(p["activityStatus"], 1);
            assert!(p["activityPrice"].as_f64().unwrap() > 0.0);
            assert!(p["groupActivitySearchVO"]["groupNumber"].as_i64().unwrap() >= 2, "{p}");
        }
        let all_group = product_ids(app, "prodType=2&size=100").await;
        assert!(all_group.len() >= running.len());
        // isAllProdType lifts the type filter.
        let all_types = app.get("/search/page?prodType=2&isAllProdType=true&size=1").await;
        assert_eq!(all_types.ok("all types")["total"], on_shelf_online);
        // Off-shelf products and products of offline shops never show.
        let hidden: Vec<(i64,)> = sqlx::query_as(
            "SELECT p.prod_id FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status <> 1 OR s.shop_status <> 1",
        )
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        assert!(!hidden.is_empty());
        let shown: std::collections::BTreeSet<i64> = seen;
        assert!(hidden.iter().all(|(id,)| !shown.contains(id)));
        // A shop's coupon narrows to its shop; an unknown coupon finds nothing.
        let (coupon, coupon_shop): (i64, i64) =
            sqlx::query_as("SELECT coupon_id, shop_id FROM coupon WHERE shop_id > 0 ORDER BY coupon_id LIMIT 1")
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
        for id in product_ids(app, &format!("couponId={coupon}&size=100")).await {
            assert_eq!(app.count(&format!("SELECT shop_id FROM product WHERE prod_id = {id}")).await, coupon_shop);
        }
        assert!(product_ids(app, "couponId=999999").await.is_empty());
        // Parameters the page sends that do not narrow.
        let extra = app.get("/search/page?current=1&size=4&userId=abc&keyword=").await;
        assert_eq!(extra.ok("extra")["total"], on_shelf_online);
        // A shop category (a platform category of any level) narrows.
        let narrowed = app.get("/search/page?current=1&size=4&shopCategoryId=1").await;
        assert!(narrowed.ok("shopCategoryId")["total"].as_i64().unwrap() < on_shelf_online);
    })
    .await;
}

#[tokio::test]
async fn bad_parameters_answer_a00001_or_are_clamped() {
    common::with_seeded_apps(async |app, _| {
        for query in [
            "current=-1",
            "current=0",
            "size=0",
            "size=-5",
            "sort=99",
            "sort=abc",
            "orderBy=7",
            "prodType=9",
            "isActive=5",
            "current=abc",
            "shopId=-1",
            "isAllProdType=maybe",
            "current=99999999999999999999",
        ] {
            app.get(&format!("/search/page?{query}")).await.bad(query);
        }
        // Huge sizes are clamped to 100.
        let big = app.get("/search/page?size=100000").await;
        let data = big.ok("huge size");
        assert_eq!(data["size"], 100);
        assert_eq!(data["records"][0]["products"].as_array().unwrap().len(), 100);
        // Pages beyond the results are empty, not errors; deep pages stay cheap.
        let deep = app.get("/search/page?current=100000&size=100").await;
        assert!(deep.ok("deep")["records"][0]["products"].as_array().unwrap().is_empty());
        // Keywords of punctuation only or very long ones do not fail.
        let punct = app.get("/search/page?keyword=%21%21%3F").await;
        assert_eq!(punct.ok("punctuation")["total"], 0);
        let long = "earbuds ".repeat(200);
        let long = app.get(&format!("/search/page?keyword={}", enc(&long))).await;
        long.ok("long keyword");
        // Language of the error message follows the request.
        let zh = app.get_with("/search/page?size=0", &[("locale", "zh_CN")]).await.bad("zh");
        let en = app.get("/search/page?size=0").await.bad("en");
        assert_ne!(zh, en);
    })
    .await;
}

#[tokio::test]
async fn renovation_page_returns_the_products_in_order() {
    common::with_seeded_apps(async |app, _| {
        let (off,): (i64,) = sqlx::query_as("SELECT prod_id FROM product WHERE status = 0 ORDER BY prod_id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        let uri = format!("/search/renovationPage?prodIds=122,{off},3,999999&current=1&size=10&getDelete=true");
        let answer = app.get(&uri).await;
        let data = answer.ok("renovation");
        assert_eq!(ids(&data["records"], "prodId"), vec![122, off, 3]);
        assert_eq!(data["total"], 3);
        assert_eq!(data["records"][1]["status"], 0);
        let on_shelf = app.get(&format!("/search/renovationPage?prodIds=122,{off},3&getDelete=false")).await;
        assert_eq!(ids(&on_shelf.ok("on shelf")["records"], "prodId"), vec![122, 3]);
        // Repeated parameters, paging.
        let repeated = app.get("/search/renovationPage?prodIds=5&prodIds=4&prodIds[]=3&current=2&size=2").await;
        let data = repeated.ok("repeated");
        assert_eq!(ids(&data["records"], "prodId"), vec![3]);
        assert_eq!(data["pages"], 2);
        let zh = app.get_with("/search/renovationPage?prodIds=122", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.ok("zh")["records"][0]["prodName"], "Nova 高端无线耳机");
        let none = app.get("/search/renovationPage").await;
        assert_eq!(none.ok("none")["total"], 0);
        for bad in ["prodIds=1,x", "prodIds=-4", "current=0&prodIds=1", "size=-1&prodIds=1", "getDelete=perhaps"] {
            app.get(&format!("/search/renovationPage?{bad}")).await.bad(bad);
        }
    })
    .await;
}

#[tokio::test]
async fn the_index_follows_product_and_shop_changes() {
    common::with_seeded_apps(async |app, _| {
        let db = &app.state.db;
        assert!(product_ids(app, "keyword=zanzibar").await.is_empty());
        // A direct re-index on this node.
        sqlx::query("UPDATE product SET prod_name_en = 'Nova Zanzibar Earbuds' WHERE prod_id = 122")
            .execute(&db.pool)
            .await
            .unwrap();
        app.state.search.reindex_product(db, 122).await.unwrap();
        assert_eq!(product_ids(app, "keyword=zanzibar").await, vec![122]);
        assert_eq!(product_ids(app, "keyword=zanzibr").await, vec![122]);

        // Another node's change, seen through the change feed (what every node polls).
        sqlx::query("UPDATE product SET prod_name_zh = '桑给巴尔耳机' WHERE prod_id = 3")
            .execute(&db.pool)
            .await
            .unwrap();
        assert!(app.state.search.sync_changes(db).await.unwrap() > 0);
        let found = app.get_with("/search/page?keyword=%E6%A1%91%E7%BB%99%E5%B7%B4", &[("locale", "zh_CN")]).await;
        assert_eq!(ids(&found.ok("zh")["records"][0]["products"], "prodId"), vec![3]);
        assert_eq!(app.state.search.sync_changes(db).await.unwrap(), 0);

        // Taking a product off the shelf hides it; a shop going offline hides its products.
        sqlx::query("UPDATE product SET status = 0 WHERE prod_id = 122").execute(&db.pool).await.unwrap();
        app.state.search.sync_changes(db).await.unwrap();
        assert!(product_ids(app, "keyword=zanzibar").await.is_empty());
        // A new follower changes the shop alone; the feed still applies it, and the cached
        // suggestion answer is dropped.
        app.get("/search/suggestions?keyword=harbor").await.ok("cached");
        sqlx::query("UPDATE shop SET fans_count = fans_count + 1 WHERE shop_id = 31").execute(&db.pool).await.unwrap();
        app.state.search.sync_changes(db).await.unwrap();
        let answer = app.get("/search/suggestions?keyword=harbor").await;
        let fans = app.count("SELECT fans_count FROM shop WHERE shop_id = 31").await;
        let list = answer.ok("fans").as_array().unwrap().clone();
        assert_eq!(list.iter().find(|s| s["type"] == "SHOP").unwrap()["fansCount"], fans);
        // A shop going offline through the feed hides its products.
        let before = product_ids(app, "shopId=5&size=100").await;
        assert!(!before.is_empty());
        sqlx::query("UPDATE shop SET shop_status = 0 WHERE shop_id = 5").execute(&db.pool).await.unwrap();
        app.state.search.sync_changes(db).await.unwrap();
        assert!(product_ids(app, "shopId=5&size=100").await.is_empty());
        let before = product_ids(app, "shopId=2&size=100").await;
        assert!(!before.is_empty());
        sqlx::query("UPDATE shop SET shop_status = 0 WHERE shop_id = 2").execute(&db.pool).await.unwrap();
        app.state.search.reindex_shop(db, 2).await.unwrap();
        assert!(product_ids(app, "shopId=2&size=100").await.is_empty());
        assert!(shop_ids(app, "keyword=angkor%20digital").await.is_empty());
        // A new product is found after the feed is applied.
        sqlx::query(
            "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price, ori_price,
             status, prod_type, sold_num, created_at) VALUES (900001, 3, 1021, 'Quokka Plush', '短尾矮袋鼠玩偶', 'តុក្កតា', 1000, 1200, 1, 0, 0, 0)",
        )
        .execute(&db.pool)
        .await
        .unwrap();
        app.state.search.sync_changes(db).await.unwrap();
        assert_eq!(product_ids(app, "keyword=quokka").await, vec![900001]);
        sqlx::query("DELETE FROM product WHERE prod_id = 900001").execute(&db.pool).await.unwrap();
        app.state.search.sync_changes(db).await.unwrap();
        assert!(product_ids(app, "keyword=quokka").await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn an_empty_catalog_answers_empty_pages() {
    common::with_empty_apps(async |app, _| {
        app.state.search.rebuild(&app.state.db).await.unwrap();
        let page = app.get("/search/page?keyword=earbuds").await;
        let data = page.ok("empty");
        assert_eq!(data["total"], 0);
        assert_eq!(data["pages"], 0);
        assert_eq!(app.get("/search/suggestions?keyword=e").await.ok("empty"), &Value::Array(vec![]));
    })
    .await;
}

#[tokio::test]
async fn hot_search_words_by_type_and_language() {
    common::with_seeded_apps(async |app, what| {
        let products = app.get_list("/search/hotSearch?type=1", what).await;
        assert!(products.len() >= 8 && products.len() <= 10, "{what}");
        for w in &products {
            assert_eq!(keys(w), set(&["title", "content"]), "{what}");
        }
        assert_eq!(products[0], json!({"title": "Wireless Earbuds", "content": "Wireless Earbuds"}));

        let shops = app.get("/search/hotSearch?type=2").await;
        let shops = shops.ok(what).as_array().unwrap().clone();
        assert!(shops.len() >= 8, "{what}");
        assert_eq!(shops[0]["title"], "Digital");

        let zh = app.get_with("/search/hotSearch?type=1", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.ok(what)[0], json!({"title": "无线耳机", "content": "无线耳机"}));
        let km = app.get_with("/search/hotSearch?type=2", &[("cookie", "lang=km")]).await;
        assert_eq!(km.ok(what)[0]["title"], "ឌីជីថល");
    })
    .await;
}

#[tokio::test]
async fn a_shops_hot_words_are_its_own() {
    common::with_seeded_apps(async |app, what| {
        // Angkor Digital (shop 2) sells electronics: its words are its trade, not the mall's.
        let words = app.get_list("/search/hotSearch?type=1&shopId=2", what).await;
        let titles: Vec<&str> = words.iter().map(|w| w["title"].as_str().unwrap()).collect();
        assert_eq!(titles.len(), 4, "{what}: {titles:?}");
        assert_eq!(titles[0], "Smartphone", "{what}: {titles:?}");
        assert!(!titles.contains(&"Dress"), "{what}: no fashion words in an electronics shop: {titles:?}");
        let mall = app.get_list("/search/hotSearch?type=1&shopId=0", what).await;
        assert_eq!(mall[0]["title"], "Wireless Earbuds", "{what}: shopId 0 is the mall");
        let mall_titles: Vec<&str> = mall.iter().map(|w| w["title"].as_str().unwrap()).collect();
        assert_ne!(titles, mall_titles, "{what}: the shop's own words, not the mall's");
        // A shop without words of its own has none, rather than the mall's.
        assert_eq!(app.get_list("/search/hotSearch?type=1&shopId=1", what).await.len(), 0, "{what}");
        let zh = app.get_with("/search/hotSearch?type=1&shopId=2", &[("locale", "zh_CN")]).await;
        assert_ne!(zh.ok(what)[0]["title"], titles[0], "{what}: translated");
        for bad in ["shopId=abc", "shopId=-1", "shopId=1.5"] {
            app.get(&format!("/search/hotSearch?type=1&{bad}")).await.bad(&format!("{what} {bad}"));
        }
    })
    .await;
}

#[tokio::test]
async fn hot_search_rejects_bad_types() {
    common::with_seeded_apps(async |app, what| {
        let msg = app.get("/search/hotSearch").await.bad(what);
        assert_eq!(msg, "Missing required field: type");
        for query in [
            "type=",
            "type=abc",
            "type=0",
            "type=3",
            "type=-1",
            "type=1.5",
            "type=99999999999999999999",
            "type=1&type=2",
        ] {
            let answer = app.get(&format!("/search/hotSearch?{query}")).await;
            answer.bad(&format!("{what} {query}"));
        }
        let out = app.get("/search/hotSearch?type=3").await.bad(what);
        assert_eq!(out, "type must be between 1 and 2");
        let long = format!("/search/hotSearch?type={}", "9".repeat(10_000));
        app.get(&long).await.bad(what);
    })
    .await;
}
