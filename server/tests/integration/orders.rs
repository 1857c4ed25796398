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

#[tokio::test]
async fn confirmation_prices_each_shop_and_the_whole_order() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "pricer").await;
        let baskets = two_shop_cart(app, user).await;
        two_shop_coupons(app, &[user]).await;

        // The best coupons: A's $5, B's 10 % ($6), the platform's $10 (better than 5 % of $89).
        let c = confirm(app, &token, json!({"basketIds": baskets})).await.ok(what).clone();
        let shops = c["shopCartOrders"].as_array().unwrap();
        assert_eq!(shops.len(), 2, "{what}");
        let (a, b) = (&shops[0], &shops[1]);
        assert_eq!((a["shopId"].as_i64(), b["shopId"].as_i64()), (Some(SHOP_A), Some(SHOP_B)), "{what}");
        assert_eq!((cents(&a["total"]), cents(&a["couponReduce"]), cents(&a["transfee"])), (4000, 500, 300), "{what}");
        assert_eq!(cents(&a["actualTotal"]), 4000 - 500 + 300, "{what}: below $49 after its coupon: freight");
        assert_eq!((cents(&b["total"]), cents(&b["couponReduce"]), cents(&b["transfee"])), (6000, 600, 0), "{what}");
        assert_eq!(a["items"][0]["skuName"], "Size: M", "{what}");
        assert_eq!(a["items"][0]["basketId"].as_i64(), Some(baskets[0]), "{what}");
        assert_eq!(chosen(&a["coupons"]), vec![101], "{what}");
        assert_eq!(chosen(&b["coupons"]), vec![102], "{what}");
        let out_of_reach = b["coupons"].as_array().unwrap().iter().find(|c| c["couponId"] == 103).unwrap();
        assert_eq!((out_of_reach["canUse"].as_bool(), out_of_reach["choose"].as_bool()), (Some(false), Some(false)));
        assert_eq!(chosen(&c["coupons"]), vec![104], "{what}");
        assert_eq!((cents(&c["total"]), c["totalCount"].as_i64()), (10000, Some(4)), "{what}");
        assert_eq!(cents(&c["transfee"]), 300, "{what}");
        assert_eq!(cents(&c["couponReduce"]), 500 + 600 + 1000, "{what}");
        assert_eq!(cents(&c["orderReduce"]), 2100, "{what}");
        assert_eq!(cents(&c["actualTotal"]), 10000 + 300 - 2100, "{what}");
        // Points: half of $79 of goods after coupons = 3950 points.
        assert_eq!(c["points"]["maxUsablePoints"], 3950, "{what}");
        assert_eq!(c["points"]["userPoints"], 0, "{what}");
        assert!(c["userAddr"]["addrId"].as_i64().unwrap() > 0, "{what}: the default address");
        assert_eq!(c["orderType"], 0, "{what}");
        assert_eq!(c["orderToken"].as_str().unwrap().len(), 64, "{what}");

        // No coupons at all: both shops' goods as they are, shop B still ships free.
        let none = confirm(app, &token, json!({"basketIds": baskets, "userChangeCoupon": 1})).await.ok(what).clone();
        assert_eq!(cents(&none["couponReduce"]), 0, "{what}");
        assert_eq!(cents(&none["actualTotal"]), 10000 + 300, "{what}");
        // The buyer's own choice: the platform's 5 % on $100 is $5.00.
        let own = confirm(app, &token, json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": [105]}))
            .await
            .ok(what)
            .clone();
        assert_eq!(cents(&own["couponReduce"]), 500, "{what}");
        assert_eq!(chosen(&own["coupons"]), vec![105], "{what}");
        // Three A items make $60 of goods: shop A ships free too.
        exec(app, &format!("UPDATE basket SET prod_count = 3 WHERE basket_id = {}", baskets[0])).await;
        let more = confirm(app, &token, json!({"basketIds": baskets, "userChangeCoupon": 1})).await.ok(what).clone();
        assert_eq!(cents(&more["transfee"]), 0, "{what}");
        exec(app, &format!("UPDATE basket SET prod_count = 2 WHERE basket_id = {}", baskets[0])).await;

        // Coupons that do not apply, twice the same, two of one shop, unknown: refused.
        for ids in [json!([103]), json!([101, 101]), json!([104, 105]), json!([999]), json!([101, 102, 104, 105])] {
            let body = json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": ids});
            let msg = confirm(app, &token, body).await.bad(&format!("{what}: {ids}"));
            assert_eq!(msg, "This coupon cannot be used on this order", "{what}");
        }

        // Points: multiples of 10, within what the buyer holds and the cap.
        give_points(app, user, 5000).await;
        let with = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 1000})).await.ok(what).clone();
        assert_eq!((cents(&with["pointsReduce"]), with["points"]["usePoints"].as_i64()), (1000, Some(1000)));
        assert_eq!(cents(&with["actualTotal"]), 10300 - 2100 - 1000, "{what}");
        let msg = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 15})).await.bad(what);
        assert_eq!(msg, "Points are used in multiples of 10", "{what}");
        let msg = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 3960})).await.bad(what);
        assert_eq!(msg, "At most 3950 points can be used on this order", "{what}");
        confirm(app, &token, json!({"basketIds": baskets, "usePoints": 3950})).await.ok(what);
        give_points(app, user, 25).await;
        let msg = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 30})).await.bad(what);
        assert_eq!(msg, "At most 20 points can be used on this order", "{what}: what the buyer holds");
        assert_eq!(orders(app).await, 0, "{what}: confirming orders nothing");
    })
    .await;
}

#[tokio::test]
async fn a_submission_makes_one_order_per_shop_with_exact_shares() {
    common::with_seeded_apps(async |app, what| {
        let (user, token, c) = confirmed_two_shop_cart(app, "splitter", 1234, 1230).await;
        let mut body = submit_body(&c);
        body["orderShopParam"] = json!([{"shopId": SHOP_B, "remarks": "Leave it at the door"}]);
        let numbers = submit(app, &token, body).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let numbers: Vec<&str> = numbers.split(',').collect();
        assert_eq!(numbers.len(), 2, "{what}");
        assert!(numbers.iter().all(|n| n.len() >= 16 && n.bytes().all(|b| b.is_ascii_digit())), "{what}");

        let a = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={}", numbers[0]), &auth(&token)).await;
        let b = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={}", numbers[1]), &auth(&token)).await;
        let (a, b) = (a.ok(what).clone(), b.ok(what).clone());
        assert_eq!((a["shopId"].as_i64(), b["shopId"].as_i64()), (Some(SHOP_A), Some(SHOP_B)), "{what}");
        assert_eq!((a["status"].as_i64(), a["orderType"].as_i64()), (Some(1), Some(0)), "{what}");
        assert_eq!(b["remarks"], "Leave it at the door", "{what}");
        assert_eq!(a["remarks"], "", "{what}");
        assert_eq!(a["userAddr"]["receiver"], "Dara", "{what}: the address copied in");
        assert_eq!(a["orderItemDtos"][0]["prodCount"], 2, "{what}");
        assert_eq!(cents(&a["orderItemDtos"][0]["price"]), 2000, "{what}");
        let expire = a["expireTime"].as_i64().unwrap() - a["createTime"].as_i64().unwrap();
        assert_eq!(expire, 30 * MINUTE, "{what}");
        // The platform's $10 split by goods after shop coupons ($35 : $54), the last the rest.
        assert_eq!(cents(&a["couponReduce"]), 500 + 393, "{what}");
        assert_eq!(cents(&b["couponReduce"]), 600 + 607, "{what}");
        // 1230 points split by goods after every coupon ($31.07 : $47.93).
        assert_eq!(a["usePoints"].as_i64().unwrap() + b["usePoints"].as_i64().unwrap(), 1230, "{what}");
        assert_eq!(a["usePoints"], 1230 * 3107 / (3107 + 4793), "{what}");
        for o in [&a, &b] {
            let expected =
                cents(&o["total"]) - cents(&o["couponReduce"]) - cents(&o["pointsReduce"]) + cents(&o["transfee"]);
            assert_eq!(cents(&o["actualTotal"]), expected, "{what}");
            assert_eq!(cents(&o["reduceAmount"]), cents(&o["couponReduce"]) + cents(&o["pointsReduce"]), "{what}");
        }
        assert_eq!(cents(&a["actualTotal"]) + cents(&b["actualTotal"]), cents(&c["actualTotal"]), "{what}");
        assert_eq!(cents(&a["couponReduce"]) + cents(&b["couponReduce"]), 2100, "{what}");

        // Stock taken, cart lines gone, coupons used with the numbers, points spent and recorded.
        assert_eq!((stock(app, SKU_A).await, stock(app, SKU_B).await), (98, 98), "{what}");
        assert_eq!(app.count("SELECT total_stocks FROM product WHERE prod_id = 9001").await, 98, "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM basket WHERE user_id = {user}")).await, 0, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM user_coupon WHERE status = 1").await, 3, "{what}");
        let a_coupon = common::text(app, "SELECT order_number FROM user_coupon WHERE coupon_id = 101").await;
        assert_eq!(a_coupon, numbers[0], "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 4, "{what}");
        let spent =
            app.count(&format!("SELECT CAST(SUM(delta) AS BIGINT) FROM points_record WHERE user_id = {user}")).await;
        assert_eq!(spent, -1230, "{what}");

        // The buyer's list (newest first, by status) and counts.
        let list = app.get_with("/p/myOrder/myOrder?status=1&current=1&size=10", &auth(&token)).await.ok(what).clone();
        assert_eq!(list["total"], 2, "{what}");
        assert_eq!(list["records"][0]["orderItemDtos"].as_array().unwrap().len(), 1, "{what}");
        let all = app.get_with("/p/myOrder/myOrder", &auth(&token)).await.ok(what).clone();
        assert_eq!(all["total"], 2, "{what}");
        let none = app.get_with("/p/myOrder/myOrder?status=6", &auth(&token)).await.ok(what).clone();
        assert_eq!(none["total"], 0, "{what}");
        let count = app.get_with("/p/myOrder/orderCount", &auth(&token)).await.ok(what).clone();
        assert_eq!(
            (count["allCount"].as_i64(), count["unPay"].as_i64(), count["close"].as_i64()),
            (Some(2), Some(2), Some(0))
        );
        for bad in ["/p/myOrder/myOrder?status=9", "/p/myOrder/myOrder?status=x", "/p/myOrder/myOrder?current=0"] {
            app.get_with(bad, &auth(&token)).await.bad(&format!("{what}: {bad}"));
        }
    })
    .await;
}

#[tokio::test]
async fn prices_come_from_the_database_not_the_client() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "tamperer").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let c = confirm(app, &token, json!({"basketIds": [basket], "total": 0.01, "actualTotal": 0.01}))
            .await
            .ok(what)
            .clone();
        assert_eq!(cents(&c["actualTotal"]), 2000 + 300, "{what}: the client's numbers are ignored");
        // The price changes between confirmation and submission: the order has today's price.
        exec(app, &format!("UPDATE sku SET price = 2500 WHERE sku_id = {SKU_A}")).await;
        let mut body = submit_body(&c);
        body["actualTotal"] = json!(0.01);
        body["price"] = json!(0.01);
        let number = submit(app, &token, body).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let order = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={number}"), &auth(&token)).await;
        let order = order.ok(what);
        assert_eq!(cents(&order["total"]), 2500, "{what}");
        assert_eq!(cents(&order["actualTotal"]), 2500 + 300, "{what}");
        assert_eq!(cents(&order["orderItemDtos"][0]["price"]), 2500, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_buyer_only_uses_their_own_cart_coupons_confirmations_and_orders() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (me, mine) = buyer(app, "me").await;
        let (other, theirs) = buyer(app, "other").await;
        let their_basket = cart(app, other, SKU_A, 1).await;
        let my_basket = cart(app, me, SKU_B, 2).await;
        coupon(app, 201, SHOP_B, 1, 0, 500, &[other]).await;
        let their_addr = app.count(&format!("SELECT MAX(addr_id) FROM user_addr WHERE user_id = {other}")).await;

        // Guests: A00004 everywhere.
        for (method, path) in [
            ("POST", CONFIRM),
            ("POST", SUBMIT),
            ("GET", "/p/myOrder/orderDetail?orderNumber=1"),
            ("GET", "/p/myOrder/myOrder"),
            ("GET", "/p/myOrder/orderCount"),
            ("PUT", "/p/myOrder/cancel/1"),
            ("PUT", "/p/myOrder/receipt/1"),
        ] {
            let body = if method == "POST" { "{}" } else { "" };
            let answer = app.send(common::request(method, path, "application/json", body.to_string(), &[])).await;
            answer.failed("A00004", &format!("{what}: {path}"));
        }

        let msg = confirm(app, &mine, json!({"basketIds": [their_basket]})).await.bad(what);
        assert_eq!(msg, "This item is not in your cart", "{what}");
        confirm(app, &mine, json!({"basketIds": [my_basket, their_basket]})).await.bad(what);
        let body = json!({"basketIds": [my_basket], "userChangeCoupon": 1, "couponIds": [201]});
        confirm(app, &mine, body).await.bad(&format!("{what}: their coupon"));
        let mine_only = confirm(app, &mine, json!({"basketIds": [my_basket]})).await.ok(what).clone();
        assert!(mine_only["shopCartOrders"][0]["coupons"].as_array().unwrap().is_empty(), "{what}: not offered");
        confirm(app, &mine, json!({"basketIds": [my_basket], "addrId": their_addr})).await.bad(what);

        // Their confirmation: unknown to me, and still theirs to submit.
        let c = confirm(app, &theirs, json!({"basketIds": [their_basket]})).await.ok(what).clone();
        let msg = submit(app, &mine, submit_body(&c)).await.bad(what);
        assert_eq!(msg, "This order confirmation does not exist. Please check out again", "{what}");
        assert_eq!(orders(app).await, 0, "{what}");
        let number = submit(app, &theirs, submit_body(&c)).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM basket WHERE user_id = {me}")).await, 1, "{what}");

        // Their order: exactly like an unknown one, and left as it was.
        for path in
            [format!("/p/myOrder/orderDetail?orderNumber={number}"), "/p/myOrder/orderDetail?orderNumber=123".into()]
        {
            assert_eq!(app.get_with(&path, &auth(&mine)).await.bad(what), "Order not found", "{what}");
        }
        for path in [
            format!("/p/myOrder/cancel/{number}"),
            format!("/p/myOrder/receipt/{number}"),
            "/p/myOrder/cancel/42".into(),
        ] {
            assert_eq!(put(app, &path, &mine).await.bad(what), "Order not found", "{what}: {path}");
        }
        assert_eq!(app.count("SELECT status FROM orders").await, 1, "{what}: still unpaid");
        assert_eq!(app.get_with("/p/myOrder/myOrder", &auth(&mine)).await.ok(what)["total"], 0, "{what}");
        assert_eq!(app.get_with("/p/myOrder/orderCount", &auth(&mine)).await.ok(what)["allCount"], 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_confirmation_is_submitted_once_even_twice_at_the_same_time() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "clicker").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        submit(app, &token, submit_body(&c)).await.ok(what);
        let msg = submit(app, &token, submit_body(&c)).await.bad(what);
        assert_eq!(msg, "Duplicate order submission", "{what}");
        assert_eq!((orders(app).await, stock(app, SKU_A).await), (1, 99), "{what}");

        // A double click: both requests at once, one set of orders.
        let basket = cart(app, user, SKU_B, 2).await;
        let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        let body = submit_body(&c).to_string();
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let router = app.router();
            let request = common::request("POST", SUBMIT, "application/json", body.clone(), &auth(&token));
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()
            }));
        }
        let mut codes = Vec::new();
        for task in tasks {
            codes.push(task.await.unwrap()["code"].as_str().unwrap().to_string());
        }
        codes.sort();
        assert_eq!(codes, ["00000", "A00001", "A00001", "A00001"], "{what}");
        assert_eq!((orders(app).await, stock(app, SKU_B).await), (2, 98), "{what}");
    })
    .await;
}

#[tokio::test]
async fn stock_never_goes_below_zero_under_a_burst_for_the_last_units() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        exec(app, &format!("UPDATE sku SET stocks = 3 WHERE sku_id = {SKU_A}")).await;
        let mut bodies = Vec::new();
        for i in 0..8 {
            let (user, token) = buyer(app, &format!("rush{i}")).await;
            let basket = cart(app, user, SKU_A, 1).await;
            let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
            bodies.push((token, submit_body(&c).to_string()));
        }
        let mut tasks = Vec::new();
        for (token, body) in bodies {
            let router = app.router();
            let request = common::request("POST", SUBMIT, "application/json", body, &auth(&token));
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()
            }));
        }
        let mut won = 0;
        for task in tasks {
            let answer = task.await.unwrap();
            match answer["code"].as_str().unwrap() {
                "00000" => won += 1,
                "A00001" => assert_eq!(answer["msg"], "Insufficient inventory", "{what}"),
                other => panic!("{what}: {other}: {answer}"),
            }
        }
        assert_eq!(won, 3, "{what}");
        assert_eq!((orders(app).await, stock(app, SKU_A).await), (3, 0), "{what}");
    })
    .await;
}

#[tokio::test]
async fn too_little_stock_creates_nothing() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "late").await;
        give_points(app, user, 500).await;
        coupon(app, 301, SHOP_A, 1, 0, 100, &[user]).await;
        let basket = cart(app, user, SKU_A, 5).await;
        exec(app, &format!("UPDATE sku SET stocks = 4 WHERE sku_id = {SKU_A}")).await;
        let msg = confirm(app, &token, json!({"basketIds": [basket]})).await.bad(what);
        assert_eq!(msg, "Insufficient inventory", "{what}");
        exec(app, &format!("UPDATE sku SET stocks = 5 WHERE sku_id = {SKU_A}")).await;
        let c = confirm(app, &token, json!({"basketIds": [basket], "usePoints": 500})).await.ok(what).clone();
        exec(app, &format!("UPDATE sku SET stocks = 4 WHERE sku_id = {SKU_A}")).await;
        let msg = submit(app, &token, submit_body(&c)).await.bad(what);
        assert_eq!(msg, "Insufficient inventory", "{what}");
        assert_eq!(orders(app).await, 0, "{what}");
        assert_eq!(stock(app, SKU_A).await, 4, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM basket").await, 1, "{what}: the cart line stays");
        assert_eq!(app.count("SELECT status FROM user_coupon WHERE coupon_id = 301").await, 0, "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 500, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM points_record").await, 0, "{what}");
        // The confirmation was not used up: with stock back it can still be submitted.
        exec(app, &format!("UPDATE sku SET stocks = 5 WHERE sku_id = {SKU_A}")).await;
        submit(app, &token, submit_body(&c)).await.ok(what);
        assert_eq!(stock(app, SKU_A).await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn cancelling_returns_stock_coupons_and_points() {
    common::with_seeded_apps(async |app, what| {
        let (user, token, c) = confirmed_two_shop_cart(app, "canceller", 1000, 1000).await;
        let numbers = submit(app, &token, submit_body(&c)).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let numbers: Vec<&str> = numbers.split(',').collect();
        let a_points = app.count(&format!("SELECT use_points FROM orders WHERE order_number = '{}'", numbers[0])).await;

        put(app, &format!("/p/myOrder/cancel/{}", numbers[0]), &token).await.ok(what);
        let a = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={}", numbers[0]), &auth(&token)).await;
        let a = a.ok(what).clone();
        assert_eq!(a["status"], 6, "{what}");
        assert!(a["cancelTime"].as_i64().is_some(), "{what}");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}");
        assert_eq!(app.count("SELECT total_stocks FROM product WHERE prod_id = 9001").await, 100, "{what}");
        assert_eq!(
            app.count("SELECT status FROM user_coupon WHERE coupon_id = 101").await,
            0,
            "{what}: A's coupon back"
        );
        assert_eq!(
            app.count("SELECT COUNT(*) FROM user_coupon WHERE coupon_id = 101 AND order_number IS NULL").await,
            1
        );
        assert_eq!(
            app.count("SELECT status FROM user_coupon WHERE coupon_id = 104").await,
            1,
            "{what}: B still holds it"
        );
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, a_points, "{what}");
        let returned = app.count("SELECT COUNT(*) FROM points_record WHERE reason = 2").await;
        assert_eq!(returned, 1, "{what}");

        // Cancelling twice: the status changed.
        let msg = put(app, &format!("/p/myOrder/cancel/{}", numbers[0]), &token).await.bad(what);
        assert_eq!(msg, "Order status changed", "{what}");
        // A paid order cannot be cancelled.
        exec(app, &format!("UPDATE orders SET status = 2 WHERE order_number = '{}'", numbers[1])).await;
        assert_eq!(
            put(app, &format!("/p/myOrder/cancel/{}", numbers[1]), &token).await.bad(what),
            "Order status changed"
        );
        exec(app, &format!("UPDATE orders SET status = 1 WHERE order_number = '{}'", numbers[1])).await;
        put(app, &format!("/p/myOrder/cancel/{}", numbers[1]), &token).await.ok(what);
        assert_eq!(stock(app, SKU_B).await, 100, "{what}");
        assert_eq!(
            app.count("SELECT COUNT(*) FROM user_coupon WHERE status = 0").await,
            5,
            "{what}: every coupon back"
        );
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 1000, "{what}");
        let count = app.get_with("/p/myOrder/orderCount", &auth(&token)).await.ok(what).clone();
        assert_eq!((count["close"].as_i64(), count["unPay"].as_i64()), (Some(2), Some(0)), "{what}");
        for bad in ["/p/myOrder/cancel/12ab", "/p/myOrder/cancel/%20"] {
            put(app, bad, &token).await.bad(&format!("{what}: {bad}"));
        }
    })
    .await;
}

#[tokio::test]
async fn only_a_shipped_order_can_be_received() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "receiver").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let number = order(app, &token, json!({"basketIds": [basket]}), what).await.remove(0);
        let path = format!("/p/myOrder/receipt/{number}");
        assert_eq!(put(app, &path, &token).await.bad(what), "Order status changed", "{what}: unpaid");
        exec(app, &format!("UPDATE orders SET status = 3 WHERE order_number = '{number}'")).await;
        put(app, &path, &token).await.ok(what);
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={number}"), &auth(&token)).await;
        let detail = detail.ok(what);
        assert_eq!(detail["status"], 4, "{what}");
        assert!(detail["finallyTime"].as_i64().is_some(), "{what}");
        assert_eq!(put(app, &path, &token).await.bad(what), "Order status changed", "{what}: twice");
        let cancel = put(app, &format!("/p/myOrder/cancel/{number}"), &token).await.bad(what);
        assert_eq!(cancel, "Order status changed", "{what}: a received order stays");
    })
    .await;
}

#[tokio::test]
async fn unpaid_orders_and_confirmations_expire() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let db = &app.state.db;
        let (user, token) = buyer(app, "slow").await;
        give_points(app, user, 100).await;
        coupon(app, 401, SHOP_A, 1, 0, 100, &[user]).await;
        let basket = cart(app, user, SKU_A, 2).await;
        let number = order(app, &token, json!({"basketIds": [basket], "usePoints": 100}), what).await.remove(0);
        assert_eq!(stock(app, SKU_A).await, 98, "{what}");
        assert_eq!(
            server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
                .await
                .unwrap(),
            0,
            "{what}: not yet"
        );

        // A confirmation left for more than 30 minutes has expired.
        let other = cart(app, user, SKU_B, 1).await;
        let c = confirm(app, &token, json!({"basketIds": [other]})).await.ok(what).clone();
        db.clock.advance(30 * MINUTE + 1000);
        // The session idled out meanwhile: the buyer signs in again.
        let token = server::accounts::sessions::create_session(db, user).await.unwrap();
        assert_eq!(submit(app, &token, submit_body(&c)).await.bad(what), "Order expired", "{what}");

        assert_eq!(
            server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
                .await
                .unwrap(),
            1,
            "{what}"
        );
        assert_eq!(app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await, 6);
        assert_eq!(stock(app, SKU_A).await, 100, "{what}");
        assert_eq!(app.count("SELECT status FROM user_coupon WHERE coupon_id = 401").await, 0, "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 100, "{what}");
        assert_eq!(
            server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
                .await
                .unwrap(),
            0,
            "{what}: once"
        );
        assert_eq!(put(app, &format!("/p/myOrder/cancel/{number}"), &token).await.bad(what), "Order status changed");

        // Expired confirmations are forgotten a day later.
        assert_eq!(app.count("SELECT COUNT(*) FROM order_confirmation").await, 2, "{what}");
        db.clock.advance(24 * 60 * MINUTE);
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(app.count("SELECT COUNT(*) FROM order_confirmation").await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn expiry_on_several_nodes_and_a_buyer_cancel_return_stock_once() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let db = &app.state.db;
        let mut numbers = Vec::new();
        for i in 0..3 {
            let (user, token) = buyer(app, &format!("idle{i}")).await;
            let basket = cart(app, user, SKU_A, 2).await;
            numbers.extend(order(app, &token, json!({"basketIds": [basket]}), what).await);
        }
        assert_eq!(stock(app, SKU_A).await, 94, "{what}");
        db.clock.advance(30 * MINUTE + 1000);
        let now = db.now();
        // Three nodes run the job at the same moment.
        let runs = (0..3).map(|_| {
            let db = db.clone();
            tokio::spawn(async move {
                server::orders::expiry::cancel_expired(&db, now, server::payments::refunds::refund_cancelled)
                    .await
                    .unwrap()
            })
        });
        let mut cancelled = 0;
        for run in runs.collect::<Vec<_>>() {
            cancelled += run.await.unwrap();
        }
        assert_eq!(cancelled, 3, "{what}: each order cancelled by exactly one node");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}: stock returned once");
        assert_eq!(app.count("SELECT COUNT(*) FROM orders WHERE status = 6").await, 3, "{what}");
        assert_eq!(numbers.len(), 3, "{what}");
    })
    .await;
}

#[tokio::test]
async fn bad_payloads_are_refused_and_change_nothing() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "sloppy").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let item = json!({"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1});
        exec(app, "UPDATE product SET status = 0 WHERE prod_id = 9003").await;
        exec(app, &format!("UPDATE shop SET shop_status = 0 WHERE shop_id = {SHOP_B}")).await;
        let cases = [
            (json!({}), "Choose the goods to buy"),
            (json!({"basketIds": []}), "Choose the goods to buy"),
            (json!({"basketIds": [basket], "orderItem": item}), "Invalid value for: orderItem"),
            (json!({"basketIds": [0]}), "Invalid value for: basketIds"),
            (json!({"basketIds": [basket, basket]}), "Invalid value for: basketIds"),
            (json!({"basketIds": (1..=51).collect::<Vec<i64>>()}), "At most 50 items can be settled at once"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 51}}), "At most 50 items can be settled at once"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 0}}), "Invalid value for: prodCount"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1}}), "This product does not exist"),
            (json!({"orderItem": {"prodId": 9002, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1}}), "This product does not exist"),
            (json!({"orderItem": {"prodId": 9003, "skuId": SKU_B_CHEAP, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1}}), "Goods off the shelves"),
            (json!({"orderItem": {"prodId": 9002, "skuId": SKU_B, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1}}), "This shop is offline; its goods cannot be ordered"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1, "seckillId": 99999}}), "This flash sale is not running"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1, "groupActivityId": 99999}}), "This group buy is not running"),
            (json!({"basketIds": [basket], "userChangeCoupon": 2}), "Invalid value for: userChangeCoupon"),
            (json!({"basketIds": [basket], "addrId": -1}), "Invalid value for: addrId"),
            (json!({"basketIds": [basket], "addrId": 987654}), "This delivery address does not exist"),
            (json!({"basketIds": [basket], "usePoints": -10}), "Points are used in multiples of 10"),
            (json!({"basketIds": "1"}), ""),
            (json!({"basketIds": [basket], "usePoints": "lots"}), ""),
        ];
        for (body, expected) in cases {
            let msg = confirm(app, &token, body.clone()).await.bad(&format!("{what}: {body}"));
            if !expected.is_empty() {
                assert_eq!(msg, expected, "{what}: {body}");
            }
        }
        let malformed = app.post_json(CONFIRM, "{\"basketIds\": [", &auth(&token)).await;
        malformed.bad(what);
        // 51 items over lines of the cart.
        exec(app, &format!("UPDATE basket SET prod_count = 51 WHERE basket_id = {basket}")).await;
        let msg = confirm(app, &token, json!({"basketIds": [basket]})).await.bad(what);
        assert_eq!(msg, "At most 50 items can be settled at once", "{what}");
        exec(app, &format!("UPDATE basket SET prod_count = 1 WHERE basket_id = {basket}")).await;
        assert_eq!(app.count("SELECT COUNT(*) FROM order_confirmation").await, 0, "{what}: nothing stored");

        let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        let long = "x".repeat(201);
        let cases = [
            (json!({"orderToken": ""}), "Missing required field: orderToken"),
            (json!({"orderToken": "nope"}), "This order confirmation does not exist. Please check out again"),
            (json!({"orderToken": c["orderToken"], "orderShopParam": [{"shopId": SHOP_A, "remarks": long}]}), "remarks is too long (at most 200 characters)"),
            (json!({"orderToken": c["orderToken"], "orderShopParam": [{"shopId": SHOP_B, "remarks": "hi"}]}), "Invalid value for: orderShopParam"),
            (json!({"orderToken": c["orderToken"], "couponIds": [5]}), "This coupon cannot be used on this order"),
            (json!({"orderToken": c["orderToken"], "usePoints": 10}), "At most 0 points can be used on this order"),
            (json!({"orderToken": c["orderToken"], "addrId": 987654}), "This delivery address does not exist"),
        ];
        for (body, expected) in cases {
            assert_eq!(submit(app, &token, body.clone()).await.bad(&format!("{what}: {body}")), expected, "{what}");
        }
        exec(app, &format!("DELETE FROM user_addr WHERE user_id = {user}")).await;
        let msg = submit(app, &token, json!({"orderToken": c["orderToken"]})).await.bad(what);
        assert_eq!(msg, "Please add a delivery address", "{what}");
        let none = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        assert!(none["userAddr"].is_null(), "{what}: no address yet");
        assert_eq!(orders(app).await, 0, "{what}");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}");
        let unsubmitted = app.count("SELECT COUNT(*) FROM order_confirmation WHERE submitted_at IS NULL").await;
        assert_eq!(unsubmitted, 2, "{what}: refused submissions leave the confirmation open");
        // In Chinese too.
        let zh = app.post_json(SUBMIT, json!({"orderToken": "nope"}).to_string(), &[("authorization", token.as_str()), ("locale", "zh_CN")]).await;
        assert_eq!(zh.bad(what), "该订单确认信息不存在，请重新结算", "{what}");
    })
    .await;
}

#[tokio::test]
async fn flash_sales_sell_their_own_stock_within_the_buyer_limit() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let now = common::now();
        exec(
            app,
            &format!(
                "INSERT INTO seckill (seckill_id, prod_id, shop_id, seckill_price, start_time, end_time, status,
                     seckill_stocks, max_num)
                 VALUES (9901, 9001, {SHOP_A}, 990, {}, {}, 1, 3, 2)",
                now - MINUTE,
                now + 60 * MINUTE
            ),
        )
        .await;
        let (_, token) = buyer(app, "flash").await;
        let item = |count: i64| {
            json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": count, "seckillId": 9901}})
        };
        let msg = confirm(app, &token, item(3)).await.bad(what);
        assert_eq!(msg, "You can buy at most 2 of this flash sale item", "{what}");
        let c = confirm(app, &token, item(2)).await.ok(what).clone();
        assert_eq!((c["orderType"].as_i64(), cents(&c["total"])), (Some(2), 1980), "{what}");
        let number = submit(app, &token, submit_body(&c)).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        assert_eq!(app.count("SELECT seckill_stocks FROM seckill WHERE seckill_id = 9901").await, 1, "{what}");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}: the SKU's stock is not the flash sale's");
        let msg = confirm(app, &token, item(1)).await.bad(what);
        assert_eq!(msg, "You can buy at most 2 of this flash sale item", "{what}: the limit counts orders");
        // Someone else takes the units after this buyer's confirmation: the submission is refused.
        let (_, other) = buyer(app, "flash2").await;
        put(app, &format!("/p/myOrder/cancel/{number}"), &token).await.ok(what);
        assert_eq!(app.count("SELECT seckill_stocks FROM seckill WHERE seckill_id = 9901").await, 3, "{what}");
        let mine = confirm(app, &token, item(2)).await.ok(what).clone();
        order(app, &other, item(2), what).await;
        assert_eq!(submit(app, &token, submit_body(&mine)).await.bad(what), "Insufficient inventory", "{what}");
        assert_eq!(app.count("SELECT seckill_stocks FROM seckill WHERE seckill_id = 9901").await, 1, "{what}");
        // Ended: refused.
        exec(app, &format!("UPDATE seckill SET end_time = {} WHERE seckill_id = 9901", now - 1)).await;
        assert_eq!(confirm(app, &token, item(1)).await.bad(what), "This flash sale is not running", "{what}");
    })
    .await;
}

#[tokio::test]
async fn group_buys_are_priced_at_the_group_price() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 3).await;
        let (_, token) = buyer(app, "grouper").await;
        let body = json!({"orderItem": {"prodId": 9002, "skuId": SKU_B, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 2, "groupActivityId": 9902}});
        let number = order(app, &token, body, what).await.remove(0);
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={number}"), &auth(&token)).await;
        let detail = detail.ok(what);
        assert_eq!((detail["orderType"].as_i64(), cents(&detail["total"])), (Some(1), 5000), "{what}");
        assert_eq!(stock(app, SKU_B).await, 98, "{what}");
    })
    .await;
}

/// A running group buy 9902 of SKU_B at $25.00 for groups of `places`.
async fn group_activity(app: &TestApp, places: i64) {
    let now = common::now();
    exec(
        app,
        &format!(
            "INSERT INTO group_activity (group_activity_id, prod_id, shop_id, group_number, group_price, start_time,
                 end_time, status)
             VALUES (9902, 9002, {SHOP_B}, {places}, 2500, {}, {}, 1)",
            now - MINUTE,
            now + 7 * 24 * 60 * MINUTE
        ),
    )
    .await;
}

fn group_item(team: Option<i64>) -> Value {
    let mut item = json!({"prodId": 9002, "skuId": SKU_B, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1, "groupActivityId": 9902});
    if let Some(team) = team {
        item["groupTeamId"] = json!(team);
    }
    json!({ "orderItem": item })
}

/// Pays an order the way a payment does, inside one transaction.
async fn group_order_paid(app: &TestApp, number: &str) -> Result<(), String> {
    let db = &app.state.db;
    let order_id = app.count(&format!("SELECT order_id FROM orders WHERE order_number = '{number}'")).await;
    let mut tx = db.pool.begin().await.unwrap();
    match server::orders::group_buy::order_paid(&mut tx, order_id, db.now()).await {
        Ok(()) => {
            tx.commit().await.unwrap();
            Ok(())
        }
        Err(e) => Err(format!("{e:?}")),
    }
}

async fn order_status_of(app: &TestApp, number: &str) -> i64 {
    app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await
}

#[tokio::test]
async fn a_group_opens_on_its_openers_payment_and_fills_when_every_place_is_paid() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 3).await;
        let (_, leader) = buyer(app, "Leader").await;
        let opened = order(app, &leader, group_item(None), what).await.remove(0);
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={opened}"), &auth(&leader)).await;
        let team = detail.ok(what)["groupTeam"].clone();
        let team_id = team["groupTeamId"].as_i64().expect("the order's group");
        assert_eq!((team["status"].as_i64(), team["groupNumber"].as_i64()), (Some(0), Some(3)), "{what}: waiting");
        let list = "/groupTeam/joinList?groupActivityId=9902";
        assert!(app.get_list(list, what).await.is_empty(), "{what}: a waiting group is not listed");
        let (_, early) = buyer(app, "Early").await;
        let refused = confirm(app, &early, group_item(Some(team_id))).await.bad(what);
        assert_eq!(refused, "This group is no longer open. Start a new group or join another one.", "{what}");

        group_order_paid(app, &opened).await.unwrap();
        assert_eq!(order_status_of(app, &opened).await, 7, "{what}: grouping");
        let listed = app.get_list(list, what).await;
        assert_eq!(listed.len(), 1, "{what}");
        assert_eq!(
            (listed[0]["leaderNickName"].as_str(), listed[0]["joinedCount"].as_i64()),
            (Some("L***"), Some(1)),
            "{what}: listed with a masked nickname"
        );

        // Two join; the opener cannot join their own group; a fourth finds it full.
        assert_eq!(confirm(app, &leader, group_item(Some(team_id))).await.bad(what), "You are already in this group.");
        let (_, second) = buyer(app, "Second").await;
        let (_, third) = buyer(app, "Third").await;
        let joined2 = order(app, &second, group_item(Some(team_id)), what).await.remove(0);
        let joined3 = order(app, &third, group_item(Some(team_id)), what).await.remove(0);
        let (_, fourth) = buyer(app, "Fourth").await;
        assert_eq!(
            confirm(app, &fourth, group_item(Some(team_id))).await.bad(what),
            "This group is full. Start a new group or join another one.",
            "{what}: unpaid places count"
        );
        group_order_paid(app, &joined2).await.unwrap();
        assert_eq!(order_status_of(app, &opened).await, 7, "{what}: still grouping");
        group_order_paid(app, &joined3).await.unwrap();
        for number in [&opened, &joined2, &joined3] {
            assert_eq!(order_status_of(app, number).await, 2, "{what}: filled, pending delivery");
        }
        assert_eq!(app.count(&format!("SELECT status FROM group_team WHERE group_team_id = {team_id}")).await, 2);
        assert!(app.get_list(list, what).await.is_empty(), "{what}: a filled group is not listed");
        assert_eq!(stock(app, SKU_B).await, 97, "{what}");
    })
    .await;
}

#[tokio::test]
async fn parallel_joins_never_overfill_a_group() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 3).await;
        let (_, leader) = buyer(app, "Opener").await;
        let opened = order(app, &leader, group_item(None), what).await.remove(0);
        group_order_paid(app, &opened).await.unwrap();
        let team_id = app.count("SELECT MAX(group_team_id) FROM group_team").await;
        let mut confirmations = Vec::new();
        for i in 0..8 {
            let (_, token) = buyer(app, &format!("joiner{i}")).await;
            let c = confirm(app, &token, group_item(Some(team_id))).await.ok(what).clone();
            confirmations.push((token, c));
        }
        let submissions = confirmations.into_iter().map(|(token, c)| {
            let router = app.router();
            let request =
                common::request("POST", SUBMIT, "application/json", submit_body(&c).to_string(), &auth(&token));
            tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()["code"].as_str().unwrap().to_string()
            })
        });
        let mut codes = Vec::new();
        for s in submissions.collect::<Vec<_>>() {
            codes.push(s.await.unwrap());
        }
        codes.sort();
        assert_eq!(codes, ["00000", "00000", "A00001", "A00001", "A00001", "A00001", "A00001", "A00001"], "{what}");
        let places =
            app.count(&format!("SELECT COUNT(*) FROM orders WHERE group_team_id = {team_id} AND status <> 6")).await;
        assert_eq!(places, 3, "{what}: the opener and exactly two joiners");
        assert_eq!(stock(app, SKU_B).await, 97, "{what}: stock of the refused joins untouched");
    })
    .await;
}

#[tokio::test]
async fn a_group_past_its_time_fails_and_its_orders_are_cancelled() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 2).await;
        let db = &app.state.db;
        // One group is open and grouping; another's opener never pays.
        let (leader_id, leader) = buyer(app, "Paid").await;
        let paid = order(app, &leader, group_item(None), what).await.remove(0);
        group_order_paid(app, &paid).await.unwrap();
        let (_, idle) = buyer(app, "Idle").await;
        let unpaid = order(app, &idle, group_item(None), what).await.remove(0);
        assert_eq!(stock(app, SKU_B).await, 98, "{what}");

        // The unpaid opener's order expires after 30 minutes and takes its group with it.
        db.clock.advance(30 * MINUTE + 1000);
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(order_status_of(app, &unpaid).await, 6, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM group_team WHERE status = 3").await, 1, "{what}");
        assert_eq!(order_status_of(app, &paid).await, 7, "{what}: the paid group still runs");

        // A day later the paid group has not filled: it fails, its order is cancelled.
        db.clock.advance(24 * 60 * MINUTE);
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(order_status_of(app, &paid).await, 6, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM group_team WHERE status = 3").await, 2, "{what}");
        assert_eq!(stock(app, SKU_B).await, 100, "{what}: stock back once");
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(stock(app, SKU_B).await, 100, "{what}: and only once");
        let token = server::accounts::sessions::create_session(db, leader_id).await.unwrap();
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={paid}"), &auth(&token)).await;
        assert_eq!(detail.ok(what)["groupTeam"]["status"].as_i64(), Some(3), "{what}");
        // Paying into a failed group is refused.
        assert!(group_order_paid(app, &unpaid).await.is_err(), "{what}");
    })
    .await;
}
