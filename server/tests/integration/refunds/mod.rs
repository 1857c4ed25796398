//! Refunds and returns on every backend: a refund only of a balance-paid order goes back to the
//! balance once, with its ledger row; a return goes through every step (accepted, shipped back,
//! received: stock back, money back, the order closed when refunded in full); every rule of spec
//! section 5 is refused with its own translated message and changes nothing; concurrent
//! applications never ask back more than was paid; withdrawing, refusing and the platform's
//! intervention; an application left unanswered for 7 days is refunded automatically, once,
//! also with two servers on one database; a gateway payment's refund is queued for the
//! payments job; another buyer's orders and applications are unknown. After each test every
//! buyer's ledgers add up to what they hold.
//!
//! The orders are the tests' own, written into the database (the orders domain has its own
//! tests) and paid through the pay call: two units of the seeded catalogue's first SKU at 20.00
//! and one of its second at 10.00, with 3.00 freight (53.00 in all).

use crate::common;

use common::{auth, balance_of, exec, ledgers_balance, Answer, TestApp};
use serde_json::{json, Value};
use server::refunds::repo::{self, Moved};

mod flows;
mod jobs;
mod rules;

const APPLY: &str = api::paths::ORDER_REFUND_APPLY;
const LIST: &str = api::paths::ORDER_REFUND_LIST;
const INFO: &str = api::paths::ORDER_REFUND_INFO;
const REFUNDABLE: &str = api::paths::ORDER_REFUND_REFUNDABLE;
const EXPRESS: &str = api::paths::ORDER_REFUND_SUBMIT_EXPRESS;
const INTERVENE: &str = api::paths::ORDER_REFUND_APPLY_INTERVENTION;

const BALANCEPAY: i64 = 9;
const DAY: i64 = 24 * 3_600_000;

/// Application states (`api::refunds::refund_sts`).
const APPLIED: i64 = 1;
const ACCEPTED: i64 = 2;
const SHIPPED_BACK: i64 = 3;
const SUCCESS: i64 = 4;
const WITHDRAWN: i64 = 5;
const REFUSED: i64 = 6;
const INTERVENTION: i64 = 7;
const CLOSED: i64 = 8;

/// A 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

async fn put(app: &TestApp, uri: &str, body: Value, token: &str) -> Answer {
    app.send(common::request("PUT", uri, "application/json", body.to_string(), &auth(token))).await
}

async fn post(app: &TestApp, uri: &str, body: &Value, token: &str) -> Answer {
    app.post_json(uri, body.to_string(), &auth(token)).await
}

async fn post_zh(app: &TestApp, uri: &str, body: &Value, token: &str) -> Answer {
    app.post_json(uri, body.to_string(), &[("authorization", token), ("locale", "zh_CN")]).await
}

/// A buyer with 100.00 (granted by a ledger row) and payment password 135790.
async fn buyer(app: &TestApp, nick: &str) -> (i64, String) {
    let (user, token) = app.signed_in_user(nick).await;
    exec(app, &format!("UPDATE users SET balance = 10000 WHERE user_id = {user}")).await;
    exec(
        app,
        &format!(
            "INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, 10000, 4, {})",
            app.state.db.now()
        ),
    )
    .await;
    put(app, "/p/user/payPassword", json!({"payPassword": "135790"}), &token).await.ok("payment password");
    (user, token)
}

static NEXT_ORDER: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);

/// The seeded catalogue's first two SKUs: (sku, product) each.
async fn skus(app: &TestApp) -> [(i64, i64); 2] {
    let first = app.count("SELECT MIN(sku_id) FROM sku").await;
    let second = app.count(&format!("SELECT MIN(sku_id) FROM sku WHERE sku_id > {first}")).await;
    let prod = |sku: i64| async move { app.count(&format!("SELECT prod_id FROM sku WHERE sku_id = {sku}")).await };
    [(first, prod(first).await), (second, prod(second).await)]
}

/// An order of `user` (2 × 20.00 + 1 × 10.00 + 3.00 freight) paid with the balance, then moved
/// to `status`; returns its number and its two items' ids.
async fn paid_order(app: &TestApp, user: i64, token: &str, status: i64) -> (String, i64, i64) {
    let now = app.state.db.now();
    let number = format!("8{:012}", NEXT_ORDER.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
    exec(
        app,
        &format!(
            "INSERT INTO orders (order_number, user_id, shop_id, order_token, order_type, status, total, total_count,
                 transfee, actual_total, receiver, mobile, addr, create_time, expire_time)
             VALUES ('{number}', {user}, 1, 't', 0, 1, 5000, 3, 300, 5300, 'Dara', '012345678', 'Phnom Penh', {now},
                 {})",
            now + 30 * 60_000
        ),
    )
    .await;
    let order_id = app.count(&format!("SELECT order_id FROM orders WHERE order_number = '{number}'")).await;
    let [(sku_a, prod_a), (sku_b, prod_b)] = skus(app).await;
    for (sku, prod, price, count) in [(sku_a, prod_a, 2000, 2), (sku_b, prod_b, 1000, 1)] {
        exec(
            app,
            &format!(
                "INSERT INTO order_item (order_id, prod_id, sku_id, prod_name, sku_name, price, prod_count,
                     product_total_amount)
                 VALUES ({order_id}, {prod}, {sku}, 'Goods {sku}', 'Red', {price}, {count}, {})",
                price * count
            ),
        )
        .await;
    }
    let body = json!({"orderNumbers": number, "payType": BALANCEPAY, "payPassword": "135790"});
    post(app, "/p/order/pay", &body, token).await.ok("pay with the balance");
    if status != 2 {
        exec(app, &format!("UPDATE orders SET status = {status} WHERE order_id = {order_id}")).await;
    }
    let item = |sku: i64| {
        let sql = format!("SELECT order_item_id FROM order_item WHERE order_id = {order_id} AND sku_id = {sku}");
        async move { app.count(&sql).await }
    };
    (number.clone(), item(sku_a).await, item(sku_b).await)
}

/// An order of `user` of one line, `count` × `price` of the first SKU with `off` taken off by
/// its coupon (no freight), paid with the balance and moved to `status`; its number and item.
async fn paid_line(
    app: &TestApp,
    user: i64,
    token: &str,
    count: i64,
    price: i64,
    off: i64,
    status: i64,
) -> (String, i64) {
    let now = app.state.db.now();
    let number = format!("8{:012}", NEXT_ORDER.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
    let total = count * price;
    exec(
        app,
        &format!(
            "INSERT INTO orders (order_number, user_id, shop_id, order_token, order_type, status, total, total_count,
                 transfee, coupon_reduce, actual_total, receiver, mobile, addr, create_time, expire_time)
             VALUES ('{number}', {user}, 1, 't', 0, 1, {total}, {count}, 0, {off}, {}, 'Dara', '012345678',
                 'Phnom Penh', {now}, {})",
            total - off,
            now + 30 * 60_000
        ),
    )
    .await;
    let order_id = app.count(&format!("SELECT order_id FROM orders WHERE order_number = '{number}'")).await;
    let [(sku, prod), _] = skus(app).await;
    exec(
        app,
        &format!(
            "INSERT INTO order_item (order_id, prod_id, sku_id, prod_name, sku_name, price, prod_count,
                 product_total_amount)
             VALUES ({order_id}, {prod}, {sku}, 'Gold', 'Size: Large', {price}, {count}, {total})"
        ),
    )
    .await;
    let body = json!({"orderNumbers": number, "payType": BALANCEPAY, "payPassword": "135790"});
    post(app, "/p/order/pay", &body, token).await.ok("pay with the balance");
    exec(app, &format!("UPDATE orders SET status = {status} WHERE order_id = {order_id}")).await;
    let item = app.count(&format!("SELECT order_item_id FROM order_item WHERE order_id = {order_id}")).await;
    (number, item)
}

/// Grants `user` more balance, with its ledger row.
async fn grant(app: &TestApp, user: i64, cents: i64) {
    exec(app, &format!("UPDATE users SET balance = balance + {cents} WHERE user_id = {user}")).await;
    exec(
        app,
        &format!(
            "INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, {cents}, 4, {})",
            app.state.db.now()
        ),
    )
    .await;
}

async fn points_of(app: &TestApp, user: i64) -> i64 {
    app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await
}

fn application(number: &str, item: i64, apply_type: i64, goods: i64, amount: f64) -> Value {
    json!({
        "orderNumber": number, "orderItemId": item, "applyType": apply_type, "buyerReason": 3,
        "goodsNum": goods, "refundAmount": amount, "buyerMsg": "The seam is torn.", "photoFiles": []
    })
}

async fn apply(app: &TestApp, token: &str, body: &Value) -> String {
    post(app, APPLY, body, token).await.ok("apply")["refundSn"].as_str().expect("refundSn").to_string()
}

async fn page(app: &TestApp, uri: &str, token: &str) -> Value {
    app.get_with(uri, &auth(token)).await.ok(uri).clone()
}

async fn status_of(app: &TestApp, sn: &str) -> i64 {
    app.count(&format!("SELECT status FROM order_refund WHERE refund_sn = '{sn}'")).await
}

async fn stock_of(app: &TestApp, sku: i64) -> i64 {
    app.count(&format!("SELECT stocks FROM sku WHERE sku_id = {sku}")).await
}

async fn steps(app: &TestApp, token: &str, sn: &str) -> Vec<i64> {
    let detail = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(token)).await;
    detail.ok("info")["steps"].as_array().unwrap().iter().map(|s| s["step"].as_i64().unwrap()).collect()
}

/// Rows and holds the refunds write, to show a refused call changed nothing.
async fn footprint(app: &TestApp) -> Vec<i64> {
    let mut out = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM order_refund",
        "SELECT COUNT(*) FROM order_refund_step",
        "SELECT CAST(COALESCE(SUM(refund_held), 0) AS BIGINT) FROM orders",
        "SELECT CAST(COALESCE(SUM(refund_goods_held), 0) AS BIGINT) FROM order_item",
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM users",
        "SELECT COUNT(*) FROM pay_refund",
    ] {
        out.push(app.count(sql).await);
    }
    out
}

async fn common_upload(app: &TestApp, token: &str) -> String {
    let boundary = "----mall-test-boundary";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"v.png\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(PNG);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let uri = format!("{}?kind=image", api::paths::FILE_UPLOAD);
    let answer = app.send(common::request("POST", &uri, &content_type, body, &auth(token))).await;
    answer.ok("upload").as_str().expect("a path").to_string()
}
