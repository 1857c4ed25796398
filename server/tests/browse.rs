//! The browsing calls of spec section 7 on every backend: exact field names on success, names
//! in the request language, prices as dollar numbers, and `A00001`/`A00004` envelopes (never a
//! 500, nothing changed) on bad input.

mod common;

use common::TestApp;
use serde_json::Value;
use std::collections::BTreeSet;

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().unwrap_or_else(|| panic!("object expected: {value}")).keys().cloned().collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn now() -> i64 {
    server::db::Clock::default().now_millis()
}

const SHOP_CARD: &[&str] = &[
    "shopId",
    "shopName",
    "shopLogo",
    "shopStatus",
    "type",
    "shopFocusNumber",
    "fansCount",
    "soldNum",
    "rating",
    "intro",
];

const PAGE: &[&str] = &["records", "total", "current", "size", "pages"];

async fn text(app: &TestApp, sql: &str) -> String {
    let (s,): (String,) = sqlx::query_as(sql).fetch_one(&app.state.db.pool).await.expect(sql);
    s
}

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db.pool).await.expect(sql);
}

/// Asserts `A00001` for every path, with a message in English and another one in Chinese.
async fn all_bad(app: &TestApp, paths: &[&str]) {
    for path in paths {
        let what = format!("{}: {path}", app.label());
        let en = app.get(path).await.bad(&what);
        let zh = app.get_with(path, &[("locale", "zh_CN")]).await.bad(&what);
        assert_ne!(en, zh, "{what}: the message is translated");
    }
}

// ---------------------------------------------------------------- banners

#[tokio::test]
async fn banners_are_shown_ones_in_seq_order() {
    for app in common::apps().await {
        let what = app.label();
        let list = app.get("/indexImgs/0?imgType=1").await.ok(what).as_array().unwrap().clone();
        assert_eq!(list.len(), 5, "{what}");
        for b in &list {
            assert_eq!(keys(b), set(&["id", "imgUrl", "title", "type", "relation"]), "{what}");
        }
        assert_eq!(list[0]["id"], 1);
        assert_eq!(list[0]["imgUrl"], "/media/banner/1.svg");
        assert_eq!(list[0]["type"], 1);
        assert!(list[0]["relation"].as_str().unwrap().parse::<i64>().unwrap() > 0);
        assert_eq!(list[0]["title"], "Mega Sale Week", "{what}");
        let titled = |lang: &'static str| {
            let app = &app;
            async move { app.get_with("/indexImgs/0", &[("locale", lang)]).await.ok(what)[0]["title"].clone() }
        };
        assert_eq!(titled("zh_CN").await, "超级促销周", "{what}: titles follow the request language");
        assert!(titled("km").await.as_str().unwrap().chars().any(|c| ('\u{1780}'..='\u{17FF}').contains(&c)), "{what}");
        exec(&app, "UPDATE index_img SET title_km = NULL WHERE id = 1").await;
        assert_eq!(titled("km").await, "Mega Sale Week", "{what}: no Khmer title falls back to the title");

        exec(&app, "UPDATE index_img SET seq = 0 WHERE id = 4").await;
        exec(&app, "UPDATE index_img SET status = 0 WHERE id = 2").await;
        let ids: Vec<i64> = app
            .get("/indexImgs/0")
            .await
            .ok(what)
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["id"].as_i64().unwrap())
            .collect();
        assert_eq!(ids, vec![4, 1, 3, 5], "{what}: hidden banners are left out, seq orders");
        assert_eq!(app.get("/indexImgs/3?imgType=1").await.ok(what), &Value::Array(vec![]), "{what}");

        all_bad(
            &app,
            &["/indexImgs/-1?imgType=1", "/indexImgs/abc", "/indexImgs/0?imgType=x", "/indexImgs/99999999999999999999"],
        )
        .await;
        app.finish().await;
    }
}

// ---------------------------------------------------------------- categories

#[tokio::test]
async fn category_tree_nests_to_grade_three_in_the_request_language() {
    for app in common::apps().await {
        let what = app.label();
        // Hidden before the first read (the tree is cached for a while afterwards).
        exec(&app, "UPDATE category SET status = 0 WHERE category_id = 2").await;
        exec(&app, "UPDATE category SET seq = 0 WHERE category_id = 3").await;
        let data = app.get("/category/categoryInfo?parentId=0").await.ok(what).clone();
        assert_eq!(keys(&data), set(&["categoryInfo"]), "{what}");
        let tops = data["categoryInfo"].as_array().unwrap();
        let tops_in_db = app.count("SELECT COUNT(*) FROM category WHERE parent_id = 0 AND status = 1").await;
        assert_eq!(tops.len() as i64, tops_in_db, "{what}");
        assert!(tops.iter().all(|c| c["categoryId"] != 2), "{what}: hidden categories are left out");
        assert_eq!(tops[0]["categoryId"], 3, "{what}: seq orders");
        let top = &tops[0];
        assert_eq!(keys(top), set(&["categoryId", "categoryName", "parentId", "grade", "pic", "icon", "categories"]));
        assert_eq!(top["grade"], 1);
        assert_eq!(top["parentId"], 0);
        assert_eq!(
            top["categoryName"],
            text(&app, "SELECT category_name_en FROM category WHERE category_id = 3").await
        );
        let child = &top["categories"][0];
        assert_eq!(child["grade"], 2, "{what}");
        assert_eq!(child["parentId"], 3);
        let leaf = &child["categories"][0];
        assert_eq!(leaf["grade"], 3, "{what}");
        assert_eq!(leaf["categories"], Value::Array(vec![]), "{what}");

        // The default parent is 0; a grade-1 parent gives its children with theirs nested.
        assert_eq!(app.get("/category/categoryInfo").await.ok(what), &data, "{what}");
        let child_id = child["categoryId"].as_i64().unwrap();
        let children = app.get("/category/categoryInfo?parentId=3").await.ok(what)["categoryInfo"].clone();
        assert_eq!(children[0]["categoryId"], child_id);
        assert_eq!(children[0]["categories"][0]["grade"], 3);
        let hidden = app.get("/category/categoryInfo?parentId=2").await.ok(what)["categoryInfo"].clone();
        assert_eq!(hidden, Value::Array(vec![]), "{what}: a hidden branch is not reachable");
        assert_eq!(
            app.get("/category/categoryInfo?parentId=777777").await.ok(what)["categoryInfo"],
            Value::Array(vec![])
        );

        for (locale, column) in [("zh_CN", "zh"), ("km", "km")] {
            let data = app.get_with("/category/categoryInfo?parentId=0", &[("locale", locale)]).await.ok(what).clone();
            let name = text(&app, &format!("SELECT category_name_{column} FROM category WHERE category_id = 3")).await;
            assert_eq!(data["categoryInfo"][0]["categoryName"], name, "{what}: {locale}");
            assert_ne!(data["categoryInfo"][0]["categoryName"], top["categoryName"], "{what}: {locale}");
        }

        // Served from memory for a short while: a rename shows up after the cache expires.
        exec(&app, "UPDATE category SET category_name_en = 'Renamed' WHERE category_id = 3").await;
        assert_eq!(
            app.get("/category/categoryInfo").await.ok(what)["categoryInfo"][0]["categoryName"],
            top["categoryName"]
        );

        all_bad(
            &app,
            &[
                "/category/categoryInfo?parentId=-1",
                "/category/categoryInfo?parentId=abc",
                "/category/categoryInfo?parentId=1.5",
                "/category/categoryInfo?parentId=99999999999999999999",
            ],
        )
        .await;
        app.finish().await;
    }
}

// ---------------------------------------------------------------- products

const CARD: &[&str] = &[
    "prodId",
    "prodName",
    "brief",
    "price",
    "oriPrice",
    "activityPrice",
    "activityInProgress",
    "pic",
    "imgs",
    "status",
    "prodType",
    "activityStatus",
    "soldNum",
    "totalStocks",
    "shopId",
    "shopName",
    "groupActivitySearchVO",
    "seckillId",
];

async fn first_id(app: &TestApp, sql: &str) -> i64 {
    app.count(sql).await
}

#[tokio::test]
async fn product_detail_has_the_card_skus_shop_and_sanitized_content() {
    for app in common::apps().await {
        let what = app.label();
        let id = first_id(
            &app,
            "SELECT MIN(p.prod_id) FROM product p JOIN shop s ON s.shop_id = p.shop_id
             WHERE p.status = 1 AND p.prod_type = 0 AND s.shop_status = 1",
        )
        .await;
        exec(&app, &format!("UPDATE product SET price = 1250, ori_price = 1999 WHERE prod_id = {id}")).await;
        exec(
            &app,
            &format!(
                "UPDATE product SET content_en = '<p onclick=\"steal()\">Nice<script>alert(1)</script></p><a href=\"javascript:x()\">x</a><img src=\"/media/a.svg\">' WHERE prod_id = {id}"
            ),
        )
        .await;
        let data = app.get(&format!("/prod/prodInfo?prodId={id}")).await.ok(what).clone();
        let mut expected = set(CARD);
        expected.extend(set(&[
            "content",
            "categoryId",
            "skuList",
            "seckill",
            "groupActivity",
            "shop",
            "comparisonGroup",
        ]));
        assert_eq!(keys(&data), expected, "{what}");
        assert_eq!(data["prodId"], id);
        assert_eq!(data["price"], serde_json::json!(12.5), "{what}: a price is a dollar number");
        assert_eq!(data["price"].to_string(), "12.5");
        assert_eq!(data["oriPrice"].to_string(), "19.99");
        assert_eq!(data["status"], 1);
        assert_eq!(data["prodType"], 0);
        assert_eq!(data["activityInProgress"], false);
        assert_eq!(data["activityStatus"], 0);
        assert!(data["activityPrice"].is_null() && data["seckillId"].is_null() && data["seckill"].is_null());
        assert_eq!(
            data["prodName"],
            text(&app, &format!("SELECT prod_name_en FROM product WHERE prod_id = {id}")).await
        );
        let shop_id = data["shopId"].as_i64().unwrap();
        assert_eq!(
            data["shopName"],
            text(&app, &format!("SELECT shop_name FROM shop WHERE shop_id = {shop_id}")).await
        );
        assert_eq!(keys(&data["shop"]), set(SHOP_CARD), "{what}");
        assert_eq!(data["shop"]["shopId"], shop_id);
        let content = data["content"].as_str().unwrap();
        assert!(content.contains("Nice") && content.contains("<img"), "{what}: {content}");
        for evil in ["script", "onclick", "javascript:", "alert"] {
            assert!(!content.contains(evil), "{what}: {evil} in {content}");
        }

        let skus = data["skuList"].as_array().unwrap();
        let sku_count = app.count(&format!("SELECT COUNT(*) FROM sku WHERE prod_id = {id} AND status = 1")).await;
        assert_eq!(skus.len() as i64, sku_count, "{what}");
        assert!(!skus.is_empty());
        for sku in skus {
            assert_eq!(keys(sku), set(&["skuId", "properties", "price", "oriPrice", "stocks", "pic"]), "{what}");
        }
        let sku_id = skus[0]["skuId"].as_i64().unwrap();
        let price_cents = app.count(&format!("SELECT price FROM sku WHERE sku_id = {sku_id}")).await;
        assert_eq!((skus[0]["price"].as_f64().unwrap() * 100.0).round() as i64, price_cents);

        for (locale, column) in [("zh_CN", "zh"), ("km", "km")] {
            let local =
                app.get_with(&format!("/prod/prodInfo?prodId={id}"), &[("locale", locale)]).await.ok(what).clone();
            let name = text(&app, &format!("SELECT prod_name_{column} FROM product WHERE prod_id = {id}")).await;
            assert_eq!(local["prodName"], name, "{what}: {locale}");
            assert_ne!(local["prodName"], data["prodName"], "{what}: {locale}");
            let props = text(&app, &format!("SELECT properties_{column} FROM sku WHERE sku_id = {sku_id}")).await;
            assert_eq!(local["skuList"][0]["properties"], props, "{what}: {locale}");
        }

        // Off shelf: still answered, with status 0.
        exec(&app, &format!("UPDATE product SET status = 0 WHERE prod_id = {id}")).await;
        assert_eq!(app.get(&format!("/prod/prodInfo?prodId={id}")).await.ok(what)["status"], 0, "{what}");

        let en = app.get("/prod/prodInfo?prodId=987654321").await.bad(what);
        let km = app.get_with("/prod/prodInfo?prodId=987654321", &[("locale", "km")]).await.bad(what);
        assert_ne!(en, km, "{what}");
        all_bad(
            &app,
            &[
                "/prod/prodInfo",
                "/prod/prodInfo?prodId=",
                "/prod/prodInfo?prodId=0",
                "/prod/prodInfo?prodId=-5",
                "/prod/prodInfo?prodId=abc",
                "/prod/prodInfo?prodId=99999999999999999999",
            ],
        )
        .await;
        app.finish().await;
    }
}

#[tokio::test]
async fn product_detail_shows_running_and_upcoming_activities() {
    for app in common::apps().await {
        let what = app.label();
        let t = now();
        let hour = 3_600_000;
        // A flash sale product whose sales are replaced by one running sale.
        let flash = first_id(&app, "SELECT MIN(prod_id) FROM product WHERE prod_type = 1 AND status = 1").await;
        exec(&app, &format!("DELETE FROM seckill WHERE prod_id = {flash}")).await;
        exec(
            &app,
            &format!(
                "INSERT INTO seckill (seckill_id, prod_id, shop_id, seckill_price, start_time, end_time, status)
                 VALUES (90001, {flash}, 1, 777, {}, {}, 1), (90002, {flash}, 1, 100, {}, {}, 1)",
                t - hour,
                t + hour,
                t - 3 * hour,
                t - 2 * hour
            ),
        )
        .await;
        let data = app.get(&format!("/prod/prodInfo?prodId={flash}")).await.ok(what).clone();
        assert_eq!(data["activityInProgress"], true, "{what}: {data}");
        assert_eq!(data["activityStatus"], 1);
        assert_eq!(data["activityPrice"].to_string(), "7.77");
        assert_eq!(data["seckillId"], 90001);
        assert_eq!(keys(&data["seckill"]), set(&["seckillId", "seckillPrice", "startTime", "endTime"]));
        assert_eq!(data["seckill"]["endTime"], t + hour);

        // Upcoming only: the sale is announced, not priced.
        exec(
            &app,
            &format!(
                "UPDATE seckill SET start_time = {}, end_time = {} WHERE seckill_id = 90001",
                t + hour,
                t + 2 * hour
            ),
        )
        .await;
        let data = app.get(&format!("/prod/prodInfo?prodId={flash}")).await.ok(what).clone();
        assert_eq!(data["activityInProgress"], false, "{what}");
        assert_eq!(data["activityStatus"], 0);
        assert!(data["activityPrice"].is_null());
        assert_eq!(data["seckillId"], 90001);
        assert_eq!(data["seckill"]["startTime"], t + hour);

        // Ended only: nothing to show.
        exec(&app, "DELETE FROM seckill WHERE seckill_id = 90001").await;
        let data = app.get(&format!("/prod/prodInfo?prodId={flash}")).await.ok(what).clone();
        assert!(data["seckillId"].is_null() && data["seckill"].is_null(), "{what}: {data}");
        assert_eq!(data["activityInProgress"], false);

        // A running group buy.
        let group = first_id(&app, "SELECT MIN(prod_id) FROM product WHERE prod_type = 2 AND status = 1").await;
        exec(&app, &format!("DELETE FROM group_activity WHERE prod_id = {group}")).await;
        exec(
            &app,
            &format!(
                "INSERT INTO group_activity (group_activity_id, prod_id, shop_id, group_number, group_price, start_time, end_time, status)
                 VALUES (90003, {group}, 1, 3, 1050, {}, {}, 1)",
                t - hour,
                t + hour
            ),
        )
        .await;
        let data = app.get(&format!("/prod/prodInfo?prodId={group}")).await.ok(what).clone();
        assert_eq!(data["activityInProgress"], true, "{what}: {data}");
        assert_eq!(data["activityPrice"].to_string(), "10.5");
        assert_eq!(data["groupActivitySearchVO"]["groupActivityId"], 90003);
        assert_eq!(data["groupActivitySearchVO"]["groupNumber"], 3);
        assert_eq!(data["groupActivity"]["groupPrice"].to_string(), "10.5");
        assert!(data["seckillId"].is_null());
        app.finish().await;
    }
}

#[tokio::test]
async fn product_status_is_true_only_on_shelf_in_an_online_shop() {
    for app in common::apps().await {
        let what = app.label();
        let on = first_id(
            &app,
            "SELECT MIN(p.prod_id) FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status = 1 AND s.shop_status = 1",
        )
        .await;
        assert_eq!(app.get(&format!("/prod/isStatus?prodId={on}")).await.ok(what), &Value::Bool(true));
        let off = first_id(&app, "SELECT COALESCE(MIN(prod_id), 0) FROM product WHERE status = 0").await;
        if off > 0 {
            assert_eq!(app.get(&format!("/prod/isStatus?prodId={off}")).await.ok(what), &Value::Bool(false));
        }
        exec(
            &app,
            &format!(
                "UPDATE shop SET shop_status = 0 WHERE shop_id = (SELECT shop_id FROM product WHERE prod_id = {on})"
            ),
        )
        .await;
        assert_eq!(
            app.get(&format!("/prod/isStatus?prodId={on}")).await.ok(what),
            &Value::Bool(false),
            "{what}: shop offline"
        );
        assert_eq!(app.get("/prod/isStatus?prodId=987654321").await.ok(what), &Value::Bool(false));
        all_bad(
            &app,
            &["/prod/isStatus", "/prod/isStatus?prodId=-1", "/prod/isStatus?prodId=x", "/prod/isStatus?prodId=1e3"],
        )
        .await;
        app.finish().await;
    }
}

// ---------------------------------------------------------------- shops

#[tokio::test]
async fn hot_shops_are_online_best_sellers() {
    for app in common::apps().await {
        let what = app.label();
        let list = app.get("/shop/hotShops").await.ok(what).as_array().unwrap().clone();
        assert_eq!(list.len(), 10, "{what}");
        for s in &list {
            assert_eq!(keys(s), set(SHOP_CARD), "{what}");
            assert_eq!(s["shopStatus"], 1, "{what}");
        }
        let sold: Vec<i64> = list.iter().map(|s| s["soldNum"].as_i64().unwrap()).collect();
        assert!(sold.windows(2).all(|w| w[0] >= w[1]), "{what}: {sold:?}");
        let first = list[0]["shopId"].as_i64().unwrap();
        let rating = app.count(&format!("SELECT rating FROM shop WHERE shop_id = {first}")).await;
        assert_eq!(list[0]["rating"].as_f64().unwrap(), rating as f64 / 10.0);
        assert_eq!(list[0]["fansCount"], list[0]["shopFocusNumber"]);

        exec(&app, &format!("UPDATE shop SET shop_status = 0 WHERE shop_id = {first}")).await;
        let list = app.get("/shop/hotShops").await.ok(what).as_array().unwrap().clone();
        assert!(list.iter().all(|s| s["shopId"] != first), "{what}: offline shops are not hot");
        app.finish().await;
    }
}

#[tokio::test]
async fn shop_head_info_and_following() {
    for app in common::apps().await {
        let what = app.label();
        let head = app.get("/shop/headInfo?shopId=2").await.ok(what).clone();
        let mut expected = set(SHOP_CARD);
        expected.extend(set(&["mosChatSupportUrl", "contact", "collected"]));
        assert_eq!(keys(&head), expected, "{what}");
        assert_eq!(head["shopName"], "Angkor Digital");
        assert_eq!(head["type"], 1);
        assert_eq!(head["collected"], false);
        let fans = head["fansCount"].as_i64().unwrap();

        // Guests cannot follow.
        let path = "/p/shop/collection/addOrCancel";
        app.post_json(path, r#"{"shopId":2}"#, &[]).await.failed("A00004", what);
        app.post_json(path, r#"{"shopId":2}"#, &[("authorization", "no-such-token")]).await.failed("A00004", what);
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection").await, 0, "{what}");

        let (user, token) = app.signed_in_user("follower").await;
        let auth = [("authorization", token.as_str())];
        assert_eq!(app.post_json(path, r#"{"shopId":2}"#, &auth).await.ok(what), &Value::Bool(true));
        assert_eq!(
            app.count(&format!("SELECT COUNT(*) FROM shop_collection WHERE user_id = {user} AND shop_id = 2")).await,
            1
        );
        let head = app.get_with("/shop/headInfo?shopId=2", &auth).await.ok(what).clone();
        assert_eq!(head["collected"], true, "{what}");
        assert_eq!(head["fansCount"], fans + 1, "{what}");
        assert_eq!(app.get("/shop/headInfo?shopId=2").await.ok(what)["collected"], false, "{what}: guests see false");
        let other = app.signed_in_user("other").await.1;
        assert_eq!(
            app.get_with("/shop/headInfo?shopId=2", &[("authorization", &other)]).await.ok(what)["collected"],
            false
        );

        // A bare number body toggles it off again; the query form works too.
        assert_eq!(app.post_json(path, "2", &auth).await.ok(what), &Value::Bool(false));
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection").await, 0, "{what}");
        assert_eq!(app.count("SELECT fans_count FROM shop WHERE shop_id = 2").await, fans, "{what}");
        assert_eq!(
            app.post_json("/p/shop/collection/addOrCancel?shopId=3", "", &auth).await.ok(what),
            &Value::Bool(true)
        );
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection WHERE shop_id = 3").await, 1);

        // Bad ids, unknown and offline shops: A00001 and nothing changed.
        let offline = app.count("SELECT MIN(shop_id) FROM shop WHERE shop_status <> 1").await;
        let before = app.count("SELECT COUNT(*) FROM shop_collection").await;
        let fans_sum = app.count("SELECT CAST(SUM(fans_count) AS BIGINT) FROM shop").await;
        let offline_body = format!("{{\"shopId\":{offline}}}");
        for body in [
            "",
            "{}",
            r#"{"shopId":-1}"#,
            r#"{"shopId":0}"#,
            r#"{"shopId":"abc"}"#,
            r#"{"shopId":99999999999999999999}"#,
            r#"{"shopId":987654}"#,
            "-4",
            "abc",
            offline_body.as_str(),
        ] {
            let en = app.post_json(path, body.to_string(), &auth).await.bad(&format!("{what}: {body}"));
            let mut zh_headers = auth.to_vec();
            zh_headers.push(("locale", "zh_CN"));
            let zh = app.post_json(path, body.to_string(), &zh_headers).await.bad(&format!("{what}: {body}"));
            assert_ne!(en, zh, "{what}: {body}");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection").await, before, "{what}");
        assert_eq!(app.count("SELECT CAST(SUM(fans_count) AS BIGINT) FROM shop").await, fans_sum, "{what}");

        // Offline shops are still shown in the header (as offline).
        let head = app.get(&format!("/shop/headInfo?shopId={offline}")).await.ok(what).clone();
        assert_ne!(head["shopStatus"], 1);
        all_bad(
            &app,
            &[
                "/shop/headInfo",
                "/shop/headInfo?shopId=0",
                "/shop/headInfo?shopId=-2",
                "/shop/headInfo?shopId=two",
                "/shop/headInfo?shopId=99999999999999999999",
                "/shop/headInfo?shopId=987654",
            ],
        )
        .await;
        app.finish().await;
    }
}

#[tokio::test]
async fn shop_categories_are_the_categories_of_its_products_and_filter_the_search() {
    for app in common::apps().await {
        let what = app.label();
        let shop = 2;
        let on_shelf = format!("FROM product WHERE shop_id = {shop} AND status = 1");
        let groups = app.get(&format!("/shop/shopCategory?shopId={shop}")).await.ok(what).clone();
        let groups = groups.as_array().expect("a list").clone();
        assert!(!groups.is_empty(), "{what}");
        let mut listed = 0;
        for group in &groups {
            let leaves = group["categories"].as_array().unwrap();
            assert!(!leaves.is_empty(), "{what}: a group lists its leaves");
            for leaf in leaves {
                let id = leaf["categoryId"].as_i64().unwrap();
                assert!(app.count(&format!("SELECT COUNT(*) {on_shelf} AND category_id = {id}")).await > 0, "{what}");
                listed += 1;
            }
        }
        assert_eq!(listed, app.count(&format!("SELECT COUNT(DISTINCT category_id) {on_shelf}")).await, "{what}");
        // Names in the request language.
        let zh =
            app.get_with(&format!("/shop/shopCategory?shopId={shop}"), &[("locale", "zh_CN")]).await.ok(what).clone();
        let id = groups[0]["categoryId"].as_i64().unwrap();
        assert_eq!(
            zh[0]["categoryName"],
            text(&app, &format!("SELECT category_name_zh FROM category WHERE category_id = {id}")).await
        );

        // A shop category narrows the shop's products in the search, at either level.
        let leaf = groups[0]["categories"][0]["categoryId"].as_i64().unwrap();
        let page = app.get(&format!("/search/page?shopId={shop}&shopCategoryId={leaf}&size=50")).await.ok(what).clone();
        assert_eq!(
            page["total"],
            app.count(&format!("SELECT COUNT(*) {on_shelf} AND category_id = {leaf}")).await,
            "{what}"
        );
        let group_page =
            app.get(&format!("/search/page?shopId={shop}&shopCategoryId={id}&size=50")).await.ok(what).clone();
        assert!(group_page["total"].as_i64() >= page["total"].as_i64(), "{what}");

        all_bad(
            &app,
            &[
                "/shop/shopCategory",
                "/shop/shopCategory?shopId=0",
                "/shop/shopCategory?shopId=x",
                "/shop/shopCategory?shopId=999999",
                "/search/page?shopCategoryId=-1",
            ],
        )
        .await;
        app.finish().await;
    }
}

#[tokio::test]
async fn renovation_shop_lists_keep_the_given_order() {
    for app in common::apps().await {
        let what = app.label();
        let list =
            app.get("/shop/listRenovationShop?shopIds=5,2,36,987654,2").await.ok(what).as_array().unwrap().clone();
        let ids: Vec<i64> = list.iter().map(|s| s["shopId"].as_i64().unwrap()).collect();
        assert_eq!(ids, vec![5, 2, 36], "{what}: given order, unknown skipped, repeats once");
        for s in &list {
            assert_eq!(keys(s), set(SHOP_CARD), "{what}");
        }
        assert_eq!(list[2]["shopStatus"], 0, "{what}: offline shops are listed as offline");
        let many = (1..=50).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(
            app.get(&format!("/shop/listRenovationShop?shopIds={many}")).await.ok(what).as_array().unwrap().len(),
            36
        );
        let too_many = (1..=51).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        let too_many = format!("/shop/listRenovationShop?shopIds={too_many}");
        all_bad(
            &app,
            &[
                "/shop/listRenovationShop",
                "/shop/listRenovationShop?shopIds=",
                "/shop/listRenovationShop?shopIds=1,-2",
                "/shop/listRenovationShop?shopIds=1,x",
                "/shop/listRenovationShop?shopIds=99999999999999999999",
                too_many.as_str(),
            ],
        )
        .await;
        app.finish().await;
    }
}

// ---------------------------------------------------------------- discounts and coupons

#[tokio::test]
async fn discount_list_pages_running_and_upcoming_discounts() {
    for app in common::apps().await {
        let what = app.label();
        let t = now();
        let page = app.get("/marking/discount/getDiscountList?current=1&size=50").await.ok(what).clone();
        assert_eq!(keys(&page), set(PAGE), "{what}");
        let expected = app
            .count(&format!(
                "SELECT COUNT(*) FROM discount d JOIN shop s ON s.shop_id = d.shop_id
                 WHERE d.status = 1 AND d.end_time > {t} AND s.shop_status = 1"
            ))
            .await;
        let records = page["records"].as_array().unwrap();
        assert_eq!(page["total"], expected, "{what}");
        assert_eq!(records.len() as i64, expected);
        assert!(expected < app.count("SELECT COUNT(*) FROM discount").await, "{what}: the seed has ended discounts");
        for d in records {
            assert_eq!(
                keys(d),
                set(&[
                    "discountId",
                    "discountName",
                    "pcPic",
                    "startTime",
                    "endTime",
                    "shopId",
                    "shopName",
                    "shopLogo",
                    "decreaseType",
                    "decreaseValue",
                    "conditionAmount",
                ]),
                "{what}"
            );
            assert!(d["endTime"].as_i64().unwrap() > t, "{what}: ended discounts are excluded");
        }
        // Running ones come first.
        let running: Vec<bool> = records.iter().map(|d| d["startTime"].as_i64().unwrap() <= t).collect();
        assert!(running.windows(2).all(|w| w[0] >= w[1]), "{what}: {running:?}");
        // Discount 2 is "$10 off $99" of shop 2.
        let two = records.iter().find(|d| d["discountId"] == 2).expect("discount 2");
        assert_eq!(two["conditionAmount"].as_f64(), Some(99.0));
        assert_eq!(two["decreaseValue"], 1000);
        assert_eq!(two["shopName"], "Angkor Digital");

        let small = app.get("/marking/discount/getDiscountList?current=2&size=2").await.ok(what).clone();
        assert_eq!(small["current"], 2);
        assert_eq!(small["size"], 2);
        assert_eq!(small["pages"], (expected + 1) / 2);
        assert_eq!(small["records"][0], records[2], "{what}");
        assert_eq!(app.get("/marking/discount/getDiscountList?size=500").await.ok(what)["size"], 50, "{what}: clamped");
        assert_eq!(app.get("/marking/discount/getDiscountList").await.ok(what)["current"], 1);

        let zh =
            app.get_with("/marking/discount/getDiscountList?size=50", &[("locale", "zh_CN")]).await.ok(what).clone();
        let km = app.get_with("/marking/discount/getDiscountList?size=50", &[("locale", "km")]).await.ok(what).clone();
        let id = records[0]["discountId"].as_i64().unwrap();
        assert_eq!(
            zh["records"][0]["discountName"],
            text(&app, &format!("SELECT discount_name_zh FROM discount WHERE discount_id = {id}")).await
        );
        assert_eq!(
            km["records"][0]["discountName"],
            text(&app, &format!("SELECT discount_name_km FROM discount WHERE discount_id = {id}")).await
        );

        all_bad(
            &app,
            &[
                "/marking/discount/getDiscountList?current=0",
                "/marking/discount/getDiscountList?current=-1",
                "/marking/discount/getDiscountList?current=abc",
                "/marking/discount/getDiscountList?size=abc",
                "/marking/discount/getDiscountList?current=99999999999999999999",
            ],
        )
        .await;
        app.finish().await;
    }
}

#[tokio::test]
async fn coupon_page_lists_claimable_coupons() {
    for app in common::apps().await {
        let what = app.label();
        let t = now();
        exec(&app, "UPDATE coupon SET stocks = 0 WHERE coupon_id = 1").await;
        let page = app.get("/coupon/getCouponPage?current=1&size=50").await.ok(what).clone();
        assert_eq!(keys(&page), set(PAGE), "{what}");
        let records = page["records"].as_array().unwrap();
        let expected = app
            .count(&format!(
                "SELECT COUNT(*) FROM coupon c JOIN shop s ON s.shop_id = c.shop_id
                 WHERE c.status = 1 AND c.end_time > {t} AND c.stocks > 0 AND s.shop_status = 1"
            ))
            .await;
        assert_eq!(page["total"], expected, "{what}");
        assert_eq!(records.len() as i64, expected);
        assert!(records.iter().all(|c| c["couponId"] != 1), "{what}: no stock left");
        for c in records {
            assert_eq!(
                keys(c),
                set(&[
                    "couponId",
                    "couponName",
                    "shopId",
                    "shopName",
                    "shopLogo",
                    "couponType",
                    "cashCondition",
                    "reduceAmount",
                    "couponDiscount",
                    "startTime",
                    "endTime",
                    "validTimeType",
                    "validDays",
                    "afterReceiveDays",
                    "stocks",
                    "received",
                ]),
                "{what}"
            );
            assert!(c["endTime"].as_i64().unwrap() > t, "{what}");
        }
        // Coupon 3: $20 off $200 (cash); coupon 4: 8.5 (percent).
        let three = records.iter().find(|c| c["couponId"] == 3).expect("coupon 3");
        assert_eq!(three["couponType"], 1);
        assert_eq!(three["reduceAmount"].as_f64(), Some(20.0));
        assert_eq!(three["cashCondition"].as_f64(), Some(200.0));
        let four = records.iter().find(|c| c["couponId"] == 4).expect("coupon 4");
        assert_eq!(four["couponType"], 2);
        assert_eq!(four["couponDiscount"], serde_json::json!(8.5));

        let km = app.get_with("/coupon/getCouponPage?size=50", &[("locale", "km")]).await.ok(what).clone();
        let first = records[0]["couponId"].as_i64().unwrap();
        assert_eq!(
            km["records"][0]["couponName"],
            text(&app, &format!("SELECT coupon_name_km FROM coupon WHERE coupon_id = {first}")).await
        );
        let two = app.get("/coupon/getCouponPage?current=1&size=2").await.ok(what).clone();
        assert_eq!(two["records"].as_array().unwrap().len(), 2);
        assert_eq!(two["pages"], (expected + 1) / 2);

        all_bad(
            &app,
            &["/coupon/getCouponPage?current=0", "/coupon/getCouponPage?current=-3", "/coupon/getCouponPage?size=ten"],
        )
        .await;
        app.finish().await;
    }
}

// ---------------------------------------------------------------- decorated pages

#[tokio::test]
async fn renovation_homepage_finds_active_homes_and_pages() {
    for app in common::apps().await {
        let what = app.label();
        // The platform page exists but is not switched on: no decorated home.
        assert!(app.get("/shopRenovation/homepage?renovationType=1").await.ok(what).is_null(), "{what}");
        let shop = app.get("/shopRenovation/homepage?renovationType=1&shopId=2").await.ok(what).clone();
        assert_eq!(keys(&shop), set(&["renovationId", "shopId", "name", "content"]), "{what}");
        assert_eq!(shop["shopId"], 2);
        let blocks: Value = serde_json::from_str(shop["content"].as_str().unwrap()).expect("content is JSON");
        assert!(!blocks.as_array().unwrap().is_empty(), "{what}");
        assert!(blocks[0].get("type").is_some(), "{what}");

        let page = app.get("/shopRenovation/homepage?renovationType=1&renovationId=1").await.ok(what).clone();
        assert_eq!(page["renovationId"], 1);
        assert_eq!(page["shopId"], 0);
        let with_shop =
            app.get("/shopRenovation/homepage?renovationType=1&renovationId=2&shopId=2").await.ok(what).clone();
        assert_eq!(with_shop["renovationId"], 2);

        exec(&app, "UPDATE renovation SET is_home = 1 WHERE renovation_id = 1").await;
        assert_eq!(app.get("/shopRenovation/homepage?renovationType=1").await.ok(what)["renovationId"], 1, "{what}");

        let en = app.get("/shopRenovation/homepage?renovationType=1&renovationId=987654").await.bad(what);
        let km = app
            .get_with("/shopRenovation/homepage?renovationType=1&renovationId=987654", &[("locale", "km")])
            .await
            .bad(what);
        assert_ne!(en, km);
        all_bad(
            &app,
            &[
                "/shopRenovation/homepage?renovationType=1&renovationId=2&shopId=3",
                "/shopRenovation/homepage?renovationType=1&renovationId=-1",
                "/shopRenovation/homepage?renovationType=1&renovationId=x",
                "/shopRenovation/homepage?renovationType=1&renovationId=0",
                "/shopRenovation/homepage?renovationType=x",
                "/shopRenovation/homepage?renovationType=1&shopId=-2",
                "/shopRenovation/homepage?renovationType=1&renovationId=99999999999999999999",
            ],
        )
        .await;
        app.finish().await;
    }
}

// ---------------------------------------------------------------- notices

#[tokio::test]
async fn notice_list_pages_published_notices() {
    for app in common::apps().await {
        let what = app.label();
        let t = now();
        let page = app.get("/notice/list?shopId=0&current=1&size=50").await.ok(what).clone();
        assert_eq!(keys(&page), set(PAGE), "{what}");
        let expected = app
            .count(&format!("SELECT COUNT(*) FROM notice WHERE shop_id = 0 AND status = 1 AND publish_time <= {t}"))
            .await;
        assert_eq!(page["total"], expected, "{what}");
        let records = page["records"].as_array().unwrap();
        assert_eq!(records.len() as i64, expected);
        assert_eq!(keys(&records[0]), set(&["id", "title"]));
        assert_eq!(
            records[0]["title"], "Shipping schedule during the Khmer New Year holiday",
            "{what}: pinned, newest first"
        );

        let zh = app.get_with("/notice/list?size=2", &[("locale", "zh_CN")]).await.ok(what).clone();
        assert_eq!(zh["records"][0]["title"], "柬埔寨新年假期发货安排");
        assert_eq!(zh["records"].as_array().unwrap().len(), 2);
        assert_eq!(zh["pages"], (expected + 1) / 2);
        let shop = app.get("/notice/list?shopId=2").await.ok(what).clone();
        assert_eq!(shop["total"], 2, "{what}");

        all_bad(
            &app,
            &["/notice/list?shopId=-1", "/notice/list?shopId=x", "/notice/list?current=0", "/notice/list?size=x"],
        )
        .await;
        app.finish().await;
    }
}
