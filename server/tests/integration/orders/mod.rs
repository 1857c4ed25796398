//! Orders on every backend: the server's amounts (freight, coupons, points), submission into
//! one order per shop with exact shares, one submission per confirmation (also when two
//! arrive at once), stock that never goes below zero, a buyer confined to their own cart,
//! coupons, confirmations and orders, cancel and receipt, and the unpaid-order expiry job.
//!
//! The cart and address endpoints are another domain's; the tests put cart lines and
//! addresses into the database directly. Shops 9001 and 9002 and their goods are the tests'
//! own, with round prices, so every amount below can be worked out by hand.

use crate::common;

use common::auth;

use common::{exec, TestApp};
use serde_json::{json, Value};

mod group_buys;
mod lifecycle;
mod pricing;
mod submission;

const CONFIRM: &str = "/p/order/confirm";
const SUBMIT: &str = "/p/order/submit";
const MINUTE: i64 = 60 * 1000;

/// Shop A (9001) sells SKU 90011 at $20.00; shop B (9002) sells SKU 90021 at $30.00 and
/// SKU 90031 at $5.00; 100 of each in stock.
const SHOP_A: i64 = 9001;
const SHOP_B: i64 = 9002;
const SKU_A: i64 = 90011;
const SKU_B: i64 = 90021;
const SKU_B_CHEAP: i64 = 90031;

async fn catalogue(app: &TestApp) {
    let now = common::now();
    let category = app.count("SELECT MIN(category_id) FROM category").await;
    for (shop, name) in [(SHOP_A, "Shop A"), (SHOP_B, "Shop B")] {
        exec(
            app,
            &format!(
                "INSERT INTO shop (shop_id, shop_name, shop_status, created_at) VALUES ({shop}, '{name}', 1, {now})"
            ),
        )
        .await;
    }
    for (prod, shop, price) in [(9001, SHOP_A, 2000), (9002, SHOP_B, 3000), (9003, SHOP_B, 500)] {
        exec(
            app,
            &format!(
                "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price,
                     ori_price, status, total_stocks, created_at)
                 VALUES ({prod}, {shop}, {category}, 'Goods {prod}', 'Goods {prod}', 'Goods {prod}', {price}, {price},
                     1, 100, {now})"
            ),
        )
        .await;
        exec(
            app,
            &format!(
                "INSERT INTO sku (sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks)
                 VALUES ({prod}1, {prod}, 'Size:M', 'Size:M', 'Size:M', {price}, {price}, 100)"
            ),
        )
        .await;
    }
}

fn prod_of(sku: i64) -> i64 {
    sku / 10
}

fn shop_of(sku: i64) -> i64 {
    if sku == SKU_A {
        SHOP_A
    } else {
        SHOP_B
    }
}

/// A cart line of `user`; returns its basket id.
async fn cart(app: &TestApp, user: i64, sku: i64, count: i64) -> i64 {
    exec(
        app,
        &format!(
            "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
             VALUES ({user}, {}, {}, {sku}, {count}, {})",
            shop_of(sku),
            prod_of(sku),
            common::now()
        ),
    )
    .await;
    app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user} AND sku_id = {sku}")).await
}

/// An address of `user` (the default one when `default`); returns its id.
async fn address(app: &TestApp, user: i64, default: bool) -> i64 {
    exec(
        app,
        &format!(
            "INSERT INTO user_addr (user_id, receiver, mobile, post_code, addr, common_addr, created_at)
             VALUES ({user}, 'Dara', '012345678', '12000', 'No. 1, Street 2, Phnom Penh', {}, {})",
            i64::from(default),
            common::now()
        ),
    )
    .await;
    app.count(&format!("SELECT MAX(addr_id) FROM user_addr WHERE user_id = {user}")).await
}

/// A coupon (type 1 cash: `value` cents off; type 2 percent: `value` tenths paid) of `shop`
/// (0 for the platform's), claimed by each of `holders`.
async fn coupon(app: &TestApp, id: i64, shop: i64, kind: i64, condition: i64, value: i64, holders: &[i64]) {
    let now = common::now();
    let (reduce, discount) = if kind == 1 { (value, 0) } else { (0, value) };
    exec(
        app,
        &format!(
            "INSERT INTO coupon (coupon_id, shop_id, coupon_name_en, coupon_name_zh, coupon_name_km, coupon_type,
                 cash_condition, reduce_amount, coupon_discount, start_time, end_time, stocks)
             VALUES ({id}, {shop}, 'Coupon {id}', 'Coupon {id}', 'Coupon {id}', {kind}, {condition}, {reduce},
                 {discount}, {}, {}, 100)",
            now - MINUTE,
            now + 30 * 24 * 60 * MINUTE
        ),
    )
    .await;
    for user in holders {
        exec(
            app,
            &format!(
                "INSERT INTO user_coupon (user_id, coupon_id, received_at, valid_from, valid_until, status)
                 VALUES ({user}, {id}, {now}, {}, {}, 0)",
                now - MINUTE,
                now + 30 * 24 * 60 * MINUTE
            ),
        )
        .await;
    }
}

async fn give_points(app: &TestApp, user: i64, points: i64) {
    exec(app, &format!("UPDATE users SET points = {points} WHERE user_id = {user}")).await;
}

async fn stock(app: &TestApp, sku: i64) -> i64 {
    app.count(&format!("SELECT stocks FROM sku WHERE sku_id = {sku}")).await
}

async fn orders(app: &TestApp) -> i64 {
    app.count("SELECT COUNT(*) FROM orders").await
}

/// Money on the wire, in cents.
fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

async fn put(app: &TestApp, uri: &str, token: &str) -> common::Answer {
    app.send(common::request("PUT", uri, "", axum::body::Body::empty(), &auth(token))).await
}

/// A buyer with an address; returns (user id, token).
async fn buyer(app: &TestApp, nick: &str) -> (i64, String) {
    let (user, token) = app.signed_in_user(nick).await;
    address(app, user, true).await;
    (user, token)
}

async fn confirm(app: &TestApp, token: &str, body: Value) -> common::Answer {
    app.post_json(CONFIRM, body.to_string(), &auth(token)).await
}

async fn submit(app: &TestApp, token: &str, body: Value) -> common::Answer {
    app.post_json(SUBMIT, body.to_string(), &auth(token)).await
}

/// Confirms and submits `body` with the confirmation's own choices; returns the order numbers.
async fn order(app: &TestApp, token: &str, body: Value, what: &str) -> Vec<String> {
    let c = confirm(app, token, body).await.ok(what).clone();
    let submitted = submit(app, token, submit_body(&c)).await;
    let numbers = submitted.ok(what)["orderNumbers"].as_str().unwrap().to_string();
    numbers.split(',').map(str::to_string).collect()
}

/// The submission of a confirmation with the coupons and points it chose.
fn submit_body(c: &Value) -> Value {
    let mut coupon_ids: Vec<Value> = Vec::new();
    let shops = c["shopCartOrders"].as_array().unwrap();
    for list in shops.iter().map(|s| &s["coupons"]).chain([&c["coupons"]]) {
        for coupon in list.as_array().unwrap() {
            if coupon["choose"] == true {
                coupon_ids.push(coupon["couponId"].clone());
            }
        }
    }
    json!({"orderToken": c["orderToken"], "addrId": 0, "couponIds": coupon_ids, "usePoints": c["points"]["usePoints"]})
}

/// The two-shop order every amount test uses: 2 × $20 from shop A, 2 × $30 from shop B.
async fn two_shop_cart(app: &TestApp, user: i64) -> Vec<i64> {
    vec![cart(app, user, SKU_A, 2).await, cart(app, user, SKU_B, 2).await]
}

/// A buyer with an address, a cart over both shops, both shops' and the platform's coupons and
/// `points` points, and the confirmation of that cart spending `use_points` of them.
async fn confirmed_two_shop_cart(app: &TestApp, nick: &str, points: i64, use_points: i64) -> (i64, String, Value) {
    catalogue(app).await;
    let (user, token) = buyer(app, nick).await;
    let baskets = two_shop_cart(app, user).await;
    two_shop_coupons(app, &[user]).await;
    give_points(app, user, points).await;
    let c = confirm(app, &token, json!({"basketIds": baskets, "usePoints": use_points})).await.ok(app.label()).clone();
    (user, token, c)
}

/// Coupons for the two-shop order: shop A $5 off $30 (101); shop B pay 90 % (102) and $20 off
/// $100 (103, out of reach); the platform's $10 off $50 (104) and pay 95 % (105).
async fn two_shop_coupons(app: &TestApp, holders: &[i64]) {
    coupon(app, 101, SHOP_A, 1, 3000, 500, holders).await;
    coupon(app, 102, SHOP_B, 2, 0, 90, holders).await;
    coupon(app, 103, SHOP_B, 1, 10000, 2000, holders).await;
    coupon(app, 104, 0, 1, 5000, 1000, holders).await;
    coupon(app, 105, 0, 2, 0, 95, holders).await;
}

fn chosen(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().filter(|c| c["choose"] == true).map(|c| c["couponId"].as_i64().unwrap()).collect()
}
