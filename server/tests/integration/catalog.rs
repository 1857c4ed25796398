//! The catalog's API against a real database: the category tree, product detail and status.

use crate::common;

use common::{all_bad, exec, first_id, keys, now, set, text, CARD, SHOP_CARD};
use serde_json::Value;

#[tokio::test]
async fn category_tree_nests_to_grade_three_in_the_request_language() {
    common::with_seeded_apps(async |app, what| {
        // Hidden before the first read (the tree is cached for a while afterwards).
        exec(app, "UPDATE category SET status = 0 WHERE category_id = 2").await;
        exec(app, "UPDATE category SET seq = 0 WHERE category_id = 3").await;
        let data = app.get_ok("/category/categoryInfo?parentId=0", what).await;
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
        assert_eq!(top["categoryName"], text(app, "SELECT category_name_en FROM category WHERE category_id = 3").await);
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
            let name = text(app, &format!("SELECT category_name_{column} FROM category WHERE category_id = 3")).await;
            assert_eq!(data["categoryInfo"][0]["categoryName"], name, "{what}: {locale}");
            assert_ne!(data["categoryInfo"][0]["categoryName"], top["categoryName"], "{what}: {locale}");
        }

        // Served from memory for a short while: a rename shows up after the cache expires.
        exec(app, "UPDATE category SET category_name_en = 'Renamed' WHERE category_id = 3").await;
        assert_eq!(
            app.get("/category/categoryInfo").await.ok(what)["categoryInfo"][0]["categoryName"],
            top["categoryName"]
        );

        all_bad(
            app,
            &[
                "/category/categoryInfo?parentId=-1",
                "/category/categoryInfo?parentId=abc",
                "/category/categoryInfo?parentId=1.5",
                "/category/categoryInfo?parentId=99999999999999999999",
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn product_detail_has_the_card_skus_shop_and_sanitized_content() {
    common::with_seeded_apps(async |app, what| {
        let id = first_id(
            app,
            "SELECT MIN(p.prod_id) FROM product p JOIN shop s ON s.shop_id = p.shop_id
             WHERE p.status = 1 AND p.prod_type = 0 AND s.shop_status = 1",
        )
        .await;
        exec(app, &format!("UPDATE product SET price = 1250, ori_price = 1999 WHERE prod_id = {id}")).await;
        exec(
            app,
            &format!(
                "UPDATE product SET content_en = '<p onclick=\"steal()\">Nice<script>alert(1)</script></p><a href=\"javascript:x()\">x</a><img src=\"/media/a.svg\">' WHERE prod_id = {id}"
            ),
        )
        .await;
        let data = app.get_ok(&format!("/prod/prodInfo?prodId={id}"), what).await;
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
            text(app, &format!("SELECT prod_name_en FROM product WHERE prod_id = {id}")).await
        );
        let shop_id = data["shopId"].as_i64().unwrap();
        assert_eq!(
            data["shopName"],
            text(app, &format!("SELECT shop_name FROM shop WHERE shop_id = {shop_id}")).await
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
            let name = text(app, &format!("SELECT prod_name_{column} FROM product WHERE prod_id = {id}")).await;
            assert_eq!(local["prodName"], name, "{what}: {locale}");
            assert_ne!(local["prodName"], data["prodName"], "{what}: {locale}");
            let props = text(app, &format!("SELECT properties_{column} FROM sku WHERE sku_id = {sku_id}")).await;
            assert_eq!(local["skuList"][0]["properties"], props, "{what}: {locale}");
        }

        // Off shelf: still answered, with status 0.
        exec(app, &format!("UPDATE product SET status = 0 WHERE prod_id = {id}")).await;
        assert_eq!(app.get(&format!("/prod/prodInfo?prodId={id}")).await.ok(what)["status"], 0, "{what}");

        let en = app.get("/prod/prodInfo?prodId=987654321").await.bad(what);
        let km = app.get_with("/prod/prodInfo?prodId=987654321", &[("locale", "km")]).await.bad(what);
        assert_ne!(en, km, "{what}");
        all_bad(
            app,
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
    })
    .await;
}

#[tokio::test]
async fn product_detail_shows_running_and_upcoming_activities() {
    common::with_seeded_apps(async |app, what| {
        let t = now();
        let hour = 3_600_000;
        // A flash sale product whose sales are replaced by one running sale.
        let flash = first_id(app, "SELECT MIN(prod_id) FROM product WHERE prod_type = 1 AND status = 1").await;
        exec(app, &format!("DELETE FROM seckill WHERE prod_id = {flash}")).await;
        exec(
            app,
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
        let data = app.get_ok(&format!("/prod/prodInfo?prodId={flash}"), what).await;
        assert_eq!(data["activityInProgress"], true, "{what}: {data}");
        assert_eq!(data["activityStatus"], 1);
        assert_eq!(data["activityPrice"].to_string(), "7.77");
        assert_eq!(data["seckillId"], 90001);
        assert_eq!(
            keys(&data["seckill"]),
            set(&["seckillId", "seckillPrice", "startTime", "endTime", "seckillStocks", "maxNum"])
        );
        assert_eq!(data["seckill"]["endTime"], t + hour);

        // Upcoming only: the sale is announced, not priced.
        exec(
            app,
            &format!(
                "UPDATE seckill SET start_time = {}, end_time = {} WHERE seckill_id = 90001",
                t + hour,
                t + 2 * hour
            ),
        )
        .await;
        let data = app.get_ok(&format!("/prod/prodInfo?prodId={flash}"), what).await;
        assert_eq!(data["activityInProgress"], false, "{what}");
        assert_eq!(data["activityStatus"], 0);
        assert!(data["activityPrice"].is_null());
        assert_eq!(data["seckillId"], 90001);
        assert_eq!(data["seckill"]["startTime"], t + hour);

        // Ended only: nothing to show.
        exec(app, "DELETE FROM seckill WHERE seckill_id = 90001").await;
        let data = app.get_ok(&format!("/prod/prodInfo?prodId={flash}"), what).await;
        assert!(data["seckillId"].is_null() && data["seckill"].is_null(), "{what}: {data}");
        assert_eq!(data["activityInProgress"], false);

        // A running group buy.
        let group = first_id(app, "SELECT MIN(prod_id) FROM product WHERE prod_type = 2 AND status = 1").await;
        exec(app, &format!("DELETE FROM group_activity WHERE prod_id = {group}")).await;
        exec(
            app,
            &format!(
                "INSERT INTO group_activity (group_activity_id, prod_id, shop_id, group_number, group_price, start_time, end_time, status)
                 VALUES (90003, {group}, 1, 3, 1050, {}, {}, 1)",
                t - hour,
                t + hour
            ),
        )
        .await;
        let data = app.get_ok(&format!("/prod/prodInfo?prodId={group}"), what).await;
        assert_eq!(data["activityInProgress"], true, "{what}: {data}");
        assert_eq!(data["activityPrice"].to_string(), "10.5");
        assert_eq!(data["groupActivitySearchVO"]["groupActivityId"], 90003);
        assert_eq!(data["groupActivitySearchVO"]["groupNumber"], 3);
        assert_eq!(data["groupActivity"]["groupPrice"].to_string(), "10.5");
        assert!(data["seckillId"].is_null());
    })
    .await;
}

#[tokio::test]
async fn product_status_is_true_only_on_shelf_in_an_online_shop() {
    common::with_seeded_apps(async |app, what| {
        let on = first_id(
            app,
            "SELECT MIN(p.prod_id) FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status = 1 AND s.shop_status = 1",
        )
        .await;
        assert_eq!(app.get(&format!("/prod/isStatus?prodId={on}")).await.ok(what), &Value::Bool(true));
        let off = first_id(app, "SELECT COALESCE(MIN(prod_id), 0) FROM product WHERE status = 0").await;
        if off > 0 {
            assert_eq!(app.get(&format!("/prod/isStatus?prodId={off}")).await.ok(what), &Value::Bool(false));
        }
        exec(
            app,
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
            app,
            &["/prod/isStatus", "/prod/isStatus?prodId=-1", "/prod/isStatus?prodId=x", "/prod/isStatus?prodId=1e3"],
        )
        .await;
    })
    .await;
}
