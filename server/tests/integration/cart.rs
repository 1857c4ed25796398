//! The cart on every backend: adding merges into one line per SKU, taking away shrinks or
//! removes it, stock and count limits hold (also under parallel bursts), off-shelf products and
//! offline shops cannot be added, `info` groups by shop with availability, and one buyer never
//! reads or changes another's lines.

use crate::common;

use axum::body::Body;
use common::{exec, Answer, TestApp};
use serde_json::{json, Value};

const CHANGE: &str = api::paths::SHOP_CART_CHANGE_ITEM;
const INFO: &str = api::paths::SHOP_CART_INFO;
const COUNT: &str = api::paths::SHOP_CART_PROD_COUNT;
const DELETE: &str = api::paths::SHOP_CART_DELETE_ITEM;

/// A SKU that can be bought: of an on-shelf product of an online shop.
#[derive(Debug, Clone, Copy)]
struct Sku {
    sku_id: i64,
    prod_id: i64,
    shop_id: i64,
}

/// Every buyable SKU of the seeded catalog, each with `stocks` units now.
async fn skus(app: &TestApp, stocks: i64) -> Vec<Sku> {
    exec(app, &format!("UPDATE sku SET stocks = {stocks}, status = 1")).await;
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT s.sku_id, s.prod_id, p.shop_id FROM sku s JOIN product p ON p.prod_id = s.prod_id
         JOIN shop sh ON sh.shop_id = p.shop_id WHERE p.status = 1 AND sh.shop_status = 1 ORDER BY s.sku_id",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .expect("skus");
    rows.into_iter().map(|(sku_id, prod_id, shop_id)| Sku { sku_id, prod_id, shop_id }).collect()
}

fn change(sku: Sku, basket_id: i64, count: i64) -> String {
    json!({"basketId": basket_id, "count": count, "prodId": sku.prod_id, "shopId": sku.shop_id,
           "shopName": "as the client saw it", "skuId": sku.sku_id})
    .to_string()
}

async fn call(app: &TestApp, method: &str, uri: &str, body: impl Into<Body>, token: &str) -> Answer {
    app.send(common::request(method, uri, "application/json", body, &[("authorization", token)])).await
}

async fn add(app: &TestApp, token: &str, sku: Sku, count: i64) -> Answer {
    call(app, "POST", CHANGE, change(sku, 0, count), token).await
}

async fn lines(app: &TestApp, user: i64) -> Vec<(i64, i64, i64)> {
    sqlx::query_as("SELECT basket_id, sku_id, prod_count FROM basket WHERE user_id = $1 ORDER BY basket_id")
        .bind(user)
        .fetch_all(&app.state.db.pool)
        .await
        .expect("lines")
}

async fn prod_count(app: &TestApp, token: &str, what: &str) -> i64 {
    call(app, "GET", COUNT, Body::empty(), token).await.ok(what).as_i64().expect("a number")
}

async fn info(app: &TestApp, token: &str, what: &str) -> Vec<Value> {
    call(app, "GET", INFO, Body::empty(), token).await.ok(what).as_array().expect("a list").clone()
}

/// Sends `bodies` to changeItem at once from parallel tasks; returns the answers' codes.
async fn burst(app: &TestApp, token: &str, bodies: Vec<String>) -> Vec<String> {
    let requests = bodies
        .into_iter()
        .map(|body| common::request("POST", CHANGE, "application/json", body, &[("authorization", token)]))
        .collect();
    common::burst_codes(app, requests).await
}

#[tokio::test]
async fn adding_merges_into_one_line_and_taking_away_shrinks_then_removes_it() {
    common::with_seeded_apps(async |app, what| {
        let sku = skus(app, 50).await[0];
        let (user, token) = app.signed_in_user("merger").await;
        assert_eq!(prod_count(app, &token, what).await, 0, "{what}: an empty cart");
        assert!(info(app, &token, what).await.is_empty(), "{what}");
        assert!(add(app, &token, sku, 2).await.ok(what).is_null(), "{what}");
        add(app, &token, sku, 3).await.ok(what);
        let stored = lines(app, user).await;
        assert_eq!(stored.len(), 1, "{what}: one line per SKU");
        let (basket_id, sku_id, count) = stored[0];
        assert_eq!((sku_id, count), (sku.sku_id, 5), "{what}");
        assert_eq!(prod_count(app, &token, what).await, 5, "{what}");
        // By its basketId, then by its SKU.
        call(app, "POST", CHANGE, change(sku, basket_id, -2), &token).await.ok(what);
        assert_eq!(lines(app, user).await, vec![(basket_id, sku.sku_id, 3)], "{what}");
        add(app, &token, sku, -3).await.ok(what);
        assert!(lines(app, user).await.is_empty(), "{what}: a line at 0 is removed");
        assert_eq!(prod_count(app, &token, what).await, 0, "{what}");
        // Taking away below zero removes the line too; taking from no line is refused.
        add(app, &token, sku, 1).await.ok(what);
        add(app, &token, sku, -7).await.ok(what);
        assert!(lines(app, user).await.is_empty(), "{what}");
        add(app, &token, sku, -1).await.bad(what);
        assert!(lines(app, user).await.is_empty(), "{what}");
    })
    .await;
}

#[tokio::test]
async fn stock_and_count_limits_refuse_and_change_nothing() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 4).await;
        let (sku, big) = (all[0], all[1]);
        exec(app, &format!("UPDATE sku SET stocks = 5000 WHERE sku_id = {}", big.sku_id)).await;
        let (user, token) = app.signed_in_user("limits").await;
        let msg = add(app, &token, sku, 5).await.bad(what);
        assert!(msg.contains("Insufficient inventory") && msg.contains('4'), "{what}: {msg}");
        assert!(lines(app, user).await.is_empty(), "{what}: nothing stored");
        add(app, &token, sku, 4).await.ok(what);
        add(app, &token, sku, 1).await.bad(what);
        assert_eq!(lines(app, user).await[0].2, 4, "{what}: still 4");
        // One line holds at most 999 units, whatever the stock.
        add(app, &token, big, 999).await.ok(what);
        let msg = add(app, &token, big, 1).await.bad(what);
        assert!(msg.contains("999"), "{what}: {msg}");
        for count in [0, 1000, -1000] {
            add(app, &token, big, count).await.bad(&format!("{what}: count {count}"));
        }
        assert_eq!(prod_count(app, &token, what).await, 4 + 999, "{what}");
        // A line may shrink even when the stock fell below it.
        exec(app, &format!("UPDATE sku SET stocks = 1 WHERE sku_id = {}", sku.sku_id)).await;
        add(app, &token, sku, -1).await.ok(what);
        assert_eq!(prod_count(app, &token, what).await, 3 + 999, "{what}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_bursts_never_pass_the_stock_or_the_line_limit() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 10).await;
        let (user, token) = app.signed_in_user("burst").await;
        let codes = burst(app, &token, (0..25).map(|_| change(all[0], 0, 1)).collect()).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 10, "{what}: {codes:?}");
        assert!(codes.iter().all(|c| c == "00000" || c == "A00001"), "{what}: {codes:?}");
        assert_eq!(lines(app, user).await, vec![(lines(app, user).await[0].0, all[0].sku_id, 10)], "{what}");
        // 199 more lines, then a burst of 10 new SKUs: only one fits under 200 lines.
        assert!(all.len() > 215, "{what}: enough SKUs");
        for sku in &all[1..200] {
            exec(
                app,
                &format!(
                    "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
                     VALUES ({user}, {}, {}, {}, 1, 1)",
                    sku.shop_id, sku.prod_id, sku.sku_id
                ),
            )
            .await;
        }
        exec(app, &format!("DELETE FROM basket WHERE user_id = {user} AND sku_id = {}", all[1].sku_id)).await;
        let codes = burst(app, &token, all[200..210].iter().map(|s| change(*s, 0, 1)).collect()).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 1, "{what}: {codes:?}");
        assert_eq!(lines(app, user).await.len(), 200, "{what}");
        let msg = add(app, &token, all[211], 1).await.bad(what);
        assert!(msg.contains("200"), "{what}: {msg}");
        add(app, &token, all[0], -1).await.ok(what);
        assert_eq!(lines(app, user).await.len(), 200, "{what}: an existing line still changes");
    })
    .await;
}

#[tokio::test]
async fn off_shelf_products_and_offline_shops_cannot_be_added_but_can_be_taken_away() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 20).await;
        let (sku, other) = (all[0], all.iter().copied().find(|s| s.shop_id != all[0].shop_id).unwrap());
        let (user, token) = app.signed_in_user("shelf").await;
        add(app, &token, sku, 3).await.ok(what);
        add(app, &token, other, 3).await.ok(what);
        exec(app, &format!("UPDATE product SET status = 0 WHERE prod_id = {}", sku.prod_id)).await;
        exec(app, &format!("UPDATE shop SET shop_status = 0 WHERE shop_id = {}", other.shop_id)).await;
        let msg = add(app, &token, sku, 1).await.bad(what);
        assert!(msg.contains("off the shelf"), "{what}: {msg}");
        let msg = add(app, &token, other, 1).await.bad(what);
        assert!(msg.contains("offline"), "{what}: {msg}");
        assert_eq!(prod_count(app, &token, what).await, 6, "{what}: nothing changed");
        add(app, &token, sku, -1).await.ok(what);
        add(app, &token, other, -3).await.ok(what);
        assert_eq!(lines(app, user).await.iter().map(|l| l.2).collect::<Vec<_>>(), vec![2], "{what}");
        // A disabled SKU of an on-shelf product is off shelf too.
        let third = all.iter().copied().find(|s| s.prod_id != sku.prod_id && s.shop_id != other.shop_id).unwrap();
        exec(app, &format!("UPDATE sku SET status = 0 WHERE sku_id = {}", third.sku_id)).await;
        add(app, &token, third, 1).await.bad(what);
    })
    .await;
}

#[tokio::test]
async fn the_sku_must_belong_to_the_product_and_shop_named() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 20).await;
        let sku = all[0];
        let other = all.iter().copied().find(|s| s.shop_id != sku.shop_id).unwrap();
        let (user, token) = app.signed_in_user("mismatch").await;
        for (label, body) in [
            ("wrong product", change(Sku { prod_id: other.prod_id, ..sku }, 0, 1)),
            ("wrong shop", change(Sku { shop_id: other.shop_id, ..sku }, 0, 1)),
            ("unknown sku", change(Sku { sku_id: 99_999_999, ..sku }, 0, 1)),
        ] {
            call(app, "POST", CHANGE, body, &token).await.bad(&format!("{what}: {label}"));
        }
        assert!(lines(app, user).await.is_empty(), "{what}");
    })
    .await;
}

#[tokio::test]
async fn info_groups_lines_by_shop_newest_first_with_todays_prices_and_availability() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 20).await;
        let a1 = all[0];
        let b = all.iter().copied().find(|s| s.shop_id != a1.shop_id).unwrap();
        let a2 = all.iter().copied().find(|s| s.shop_id == a1.shop_id && s.prod_id != a1.prod_id).unwrap();
        let (_, token) = app.signed_in_user("grouper").await;
        for sku in [a1, b, a2] {
            add(app, &token, sku, 2).await.ok(what);
            app.state.db.clock.advance(1_000);
        }
        let shops = info(app, &token, what).await;
        let shop_ids: Vec<i64> = shops.iter().map(|s| s["shopId"].as_i64().unwrap()).collect();
        assert_eq!(shop_ids, vec![a1.shop_id, b.shop_id], "{what}: the shop of the newest line first");
        let first: Vec<i64> =
            shops[0]["shopCartItems"].as_array().unwrap().iter().map(|i| i["skuId"].as_i64().unwrap()).collect();
        assert_eq!(first, vec![a2.sku_id, a1.sku_id], "{what}: newest line first");
        let item = &shops[0]["shopCartItems"][1];
        let (name, price, props): (String, i64, String) = sqlx::query_as(
            "SELECT p.prod_name_en, s.price, s.properties_en FROM sku s JOIN product p ON p.prod_id = s.prod_id
             WHERE s.sku_id = $1",
        )
        .bind(a1.sku_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
        assert_eq!(item["prodName"], name.as_str(), "{what}");
        assert_eq!(item["price"].as_f64(), Some(price as f64 / 100.0), "{what}");
        assert_eq!(item["skuName"], props.replace(':', ": ").replace(';', ", ").as_str(), "{what}");
        assert_eq!((item["prodCount"].as_i64(), item["stocks"].as_i64()), (Some(2), Some(20)), "{what}");
        assert_eq!(item["availability"], api::cart::availability::AVAILABLE, "{what}");
        assert!(shops[0]["shopName"].as_str().is_some_and(|n| !n.is_empty()), "{what}");
        // Today's price, the request's language, and availability as things change.
        exec(app, &format!("UPDATE sku SET price = 1234 WHERE sku_id = {}", a1.sku_id)).await;
        exec(app, &format!("UPDATE product SET status = 0 WHERE prod_id = {}", a2.prod_id)).await;
        exec(app, &format!("UPDATE shop SET shop_status = 0 WHERE shop_id = {}", b.shop_id)).await;
        exec(app, &format!("UPDATE sku SET stocks = 0 WHERE sku_id = {}", a1.sku_id)).await;
        let zh = app
            .send(common::request("GET", INFO, "", Body::empty(), &[("authorization", &token), ("locale", "zh_CN")]))
            .await;
        let shops = zh.ok(what).as_array().unwrap().clone();
        let items = shops[0]["shopCartItems"].as_array().unwrap();
        assert_eq!(items[0]["availability"], api::cart::availability::OFF_SHELF, "{what}");
        assert_eq!(items[1]["availability"], api::cart::availability::OUT_OF_STOCK, "{what}");
        assert_eq!(items[1]["price"].as_f64(), Some(12.34), "{what}");
        assert_eq!(shops[1]["shopCartItems"][0]["availability"], api::cart::availability::SHOP_OFFLINE, "{what}");
        let zh_name =
            common::text(app, &format!("SELECT prod_name_zh FROM product WHERE prod_id = {}", a1.prod_id)).await;
        assert_eq!(items[1]["prodName"], zh_name.as_str(), "{what}");
    })
    .await;
}

#[tokio::test]
async fn delete_item_removes_only_the_buyers_own_lines() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 20).await;
        let (alice, alice_token) = app.signed_in_user("alice").await;
        let (bob, bob_token) = app.signed_in_user("bob").await;
        add(app, &alice_token, all[0], 1).await.ok(what);
        add(app, &alice_token, all[1], 2).await.ok(what);
        add(app, &bob_token, all[0], 3).await.ok(what);
        let (a0, a1) = (lines(app, alice).await[0].0, lines(app, alice).await[1].0);
        let b0 = lines(app, bob).await[0].0;
        call(app, "DELETE", DELETE, json!([a0, b0]).to_string(), &alice_token).await.ok(what);
        assert_eq!(lines(app, alice).await, vec![(a1, all[1].sku_id, 2)], "{what}");
        assert_eq!(lines(app, bob).await, vec![(b0, all[0].sku_id, 3)], "{what}: bob's line stays");
        for bad in ["[]", "{}", "5", "\"x\"", "[0]", "[-1]", "[1.5]", "[true]", "[", ""] {
            let msg = call(app, "DELETE", DELETE, bad, &alice_token).await.bad(&format!("{what}: {bad}"));
            assert!(!msg.is_empty(), "{what}");
        }
        assert_eq!(lines(app, alice).await.len(), 1, "{what}: nothing changed");
        let zh = app
            .send(common::request(
                "DELETE",
                DELETE,
                "application/json",
                "[]",
                &[("authorization", &alice_token), ("locale", "zh_CN")],
            ))
            .await
            .bad(what);
        let en = call(app, "DELETE", DELETE, "[]", &alice_token).await.bad(what);
        assert_ne!(zh, en, "{what}: translated");
        assert!(en.contains("basketId"), "{what}: {en}");
    })
    .await;
}

#[tokio::test]
async fn another_buyer_never_changes_your_lines_and_guests_are_asked_to_sign_in() {
    common::with_seeded_apps(async |app, what| {
        let all = skus(app, 20).await;
        let (alice, alice_token) = app.signed_in_user("owner").await;
        let (bob, bob_token) = app.signed_in_user("intruder").await;
        add(app, &alice_token, all[0], 2).await.ok(what);
        let line = lines(app, alice).await[0].0;
        for count in [5, -1, -2] {
            call(app, "POST", CHANGE, change(all[0], line, count), &bob_token).await.bad(&format!("{what}: {count}"));
        }
        // Naming one's own line with another SKU is refused too.
        call(app, "POST", CHANGE, change(all[1], line, 1), &alice_token).await.bad(what);
        assert_eq!(lines(app, alice).await, vec![(line, all[0].sku_id, 2)], "{what}");
        assert!(lines(app, bob).await.is_empty(), "{what}");
        assert!(info(app, &bob_token, what).await.is_empty(), "{what}");
        assert_eq!(prod_count(app, &bob_token, what).await, 0, "{what}");
        for (method, path, body) in
            [("GET", INFO, ""), ("GET", COUNT, ""), ("POST", CHANGE, "{}"), ("DELETE", DELETE, "[1]")]
        {
            let guest = app.send(common::request(method, path, "application/json", body, &[])).await;
            guest.failed("A00004", &format!("{what}: {path}"));
            let stale = call(app, method, path, body, "not-a-session").await;
            stale.failed("A00004", &format!("{what}: {path}"));
        }
        assert_eq!(lines(app, alice).await.len(), 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn bad_change_payloads_answer_a00001_with_a_translated_message() {
    common::with_seeded_apps(async |app, what| {
        let sku = skus(app, 20).await[0];
        let (user, token) = app.signed_in_user("sloppy").await;
        let mut bodies: Vec<String> = [
            "",
            "{",
            "[]",
            r#"{"count": 1}"#,
            r#"{"basketId": 0, "count": "many", "prodId": 1, "shopId": 1, "shopName": "", "skuId": 1}"#,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        bodies.push(change(Sku { sku_id: 0, ..sku }, 0, 1));
        bodies.push(change(Sku { prod_id: -1, ..sku }, 0, 1));
        bodies.push(change(sku, -5, 1));
        for body in bodies {
            let en = call(app, "POST", CHANGE, body.clone(), &token).await.bad(&format!("{what}: {body}"));
            let zh = app
                .send(common::request(
                    "POST",
                    CHANGE,
                    "application/json",
                    body.clone(),
                    &[("authorization", &token), ("locale", "zh_CN")],
                ))
                .await
                .bad(what);
            assert_ne!(en, zh, "{what}: {body}: translated");
        }
        assert!(lines(app, user).await.is_empty(), "{what}");
    })
    .await;
}
