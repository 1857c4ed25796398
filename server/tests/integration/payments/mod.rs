//! Payments on every backend: one pay call for several orders, amounts from the database only;
//! balance pay behind the payment password (its tries limited); points pay for points-mall
//! orders; a buyer confined to their own orders and attempts; bad input refused with nothing
//! changed; and, through the local development gateway, every gateway's signed notifications:
//! tampered ones refused, replayed and concurrent ones acting once, wrong amounts refused, late
//! payments refunded. After every test each buyer's ledgers add up to what they hold.
//!
//! The orders are the tests' own, written into the database directly (the orders domain has its
//! own tests), with round amounts.

use crate::common;

use common::auth;

use common::{balance_of, exec, ledgers_balance, TestApp};
use serde_json::{json, Value};

mod balance;
mod online;

const PAY: &str = "/p/order/pay";
const PAY_INFO: &str = "/p/order/getOrderPayInfoByOrderNumber";
const PAY_STATUS: &str = "/p/order/payStatus";
const PAY_PASSWORD: &str = "/p/user/payPassword";
const RECHARGE: &str = "/p/balance/recharge";
const MINUTE: i64 = 60 * 1000;

const BALANCEPAY: i64 = 9;
const SCOREPAY: i64 = 0;

/// Money on the wire, in cents.
fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

async fn put_json(app: &TestApp, uri: &str, body: Value, token: &str) -> common::Answer {
    app.send(common::request("PUT", uri, "application/json", body.to_string(), &auth(token))).await
}

async fn pay(app: &TestApp, token: &str, body: Value) -> common::Answer {
    app.post_json(PAY, body.to_string(), &auth(token)).await
}

/// A buyer holding `balance` cents (granted by a ledger row) with payment password 135790;
/// returns (user id, token).
async fn buyer(app: &TestApp, nick: &str, balance: i64) -> (i64, String) {
    switches_on(app).await;
    let (user, token) = app.signed_in_user(nick).await;
    if balance > 0 {
        exec(app, &format!("UPDATE users SET balance = {balance} WHERE user_id = {user}")).await;
        exec(
            app,
            &format!(
                "INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, {balance}, 4, {})",
                common::now()
            ),
        )
        .await;
    }
    put_json(app, PAY_PASSWORD, json!({"payPassword": "135790"}), &token).await.ok("set the payment password");
    (user, token)
}

/// Every payment method switched on (the seed's switches; these tests start empty).
async fn switches_on(app: &TestApp) {
    for (code, name) in [
        (0, "Points"),
        (9, "Balance"),
        (10, "PayPal"),
        (12, "Card"),
        (13, "Stripe"),
        (15, "UPAY"),
        (16, "UPAY app"),
        (17, "ABA PayWay"),
        (18, "ABA app"),
    ] {
        exec(app, &format!("INSERT INTO pay_switch (pay_type, pay_name, enabled, seq) VALUES ({code}, '{name}', 1, {code}) ON CONFLICT (pay_type) DO NOTHING")).await;
    }
}

static NEXT_ORDER: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);

/// An unpaid order of `user` for `total` cents (and `score` points), due in 30 minutes;
/// returns its number.
async fn order(app: &TestApp, user: i64, total: i64, score: i64) -> String {
    let now = app.state.db.now();
    let number = format!("7{:012}", NEXT_ORDER.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
    exec(
        app,
        &format!(
            "INSERT INTO orders (order_number, user_id, shop_id, order_token, order_type, status, total, total_count,
                 actual_total, order_score, receiver, mobile, addr, create_time, expire_time)
             VALUES ('{number}', {user}, 1, 't', 0, 1, {total}, 1, {total}, {score}, 'Dara', '012345678',
                 'Phnom Penh', {now}, {})",
            now + 30 * MINUTE
        ),
    )
    .await;
    let id = app.count(&format!("SELECT order_id FROM orders WHERE order_number = '{number}'")).await;
    exec(
        app,
        &format!(
            "INSERT INTO order_item (order_id, prod_id, sku_id, prod_name, price, prod_count, product_total_amount)
             VALUES ({id}, 1, 1, 'Goods of {number}', {total}, 1, {total})"
        ),
    )
    .await;
    number
}

async fn status_of(app: &TestApp, number: &str) -> i64 {
    app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await
}

/// The rows payments write, to show a refused call changed nothing.
async fn footprint(app: &TestApp) -> Vec<i64> {
    let mut counts = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM pay_attempt",
        "SELECT COUNT(*) FROM balance_record",
        "SELECT COUNT(*) FROM points_record",
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM users",
        "SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) FROM users",
        "SELECT COUNT(*) FROM orders WHERE status = 1",
    ] {
        counts.push(app.count(sql).await);
    }
    counts
}
