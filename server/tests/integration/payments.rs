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

#[tokio::test]
async fn the_counter_shows_what_is_due_and_the_buyers_means() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 2_000, 0).await;
        let b = order(app, user, 3_050, 0).await;
        let info = app.get_with(&format!("{PAY_INFO}?orderNumbers={a},{b}"), &auth(&token)).await.ok(what).clone();
        assert_eq!(
            common::keys(&info),
            common::set(&["orders", "totalFee", "totalScore", "endTime", "balance", "score", "hasPayPassword", "now"])
        );
        assert_eq!(cents(&info["totalFee"]), 5_050, "{what}");
        assert_eq!(cents(&info["balance"]), 10_000, "{what}");
        assert_eq!(info["hasPayPassword"], true, "{what}");
        let orders = info["orders"].as_array().unwrap();
        assert_eq!(orders.len(), 2);
        assert_eq!(orders[0]["orderNumber"], a.as_str(), "{what}: in the order named");
        assert_eq!(orders[1]["prodName"], format!("Goods of {b}"), "{what}");
        let end = info["endTime"].as_i64().unwrap();
        assert!(end > info["now"].as_i64().unwrap(), "{what}: the countdown runs");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn balance_pays_two_orders_at_once_behind_the_payment_password() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 2_000, 0).await;
        let b = order(app, user, 3_000, 0).await;
        let numbers = format!("{a},{b}");
        let before = footprint(app).await;
        let wrong =
            pay(app, &token, json!({"orderNumbers": numbers, "payType": BALANCEPAY, "payPassword": "000000"})).await;
        assert_eq!(wrong.bad(what), "Wrong payment password", "{what}");
        assert_eq!(footprint(app).await, before, "{what}: a wrong password changes nothing");

        let paid = pay(app, &token, json!({"orderNumbers": numbers, "payType": BALANCEPAY, "payPassword": "135790"}))
            .await
            .ok(what)
            .clone();
        assert_eq!(paid["status"], 1, "{what}: paid at once");
        assert_eq!(cents(&paid["amount"]), 5_000, "{what}");
        assert!(paid["action"].is_null(), "{what}");
        assert_eq!(status_of(app, &a).await, 2, "{what}");
        assert_eq!(status_of(app, &b).await, 2, "{what}");
        assert_eq!(balance_of(app, user).await, 5_000, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM orders WHERE pay_type = 9 AND pay_time IS NOT NULL").await, 2);
        let status = app
            .get_with(&format!("{PAY_STATUS}?payNo={}", paid["payNo"].as_str().unwrap()), &auth(&token))
            .await
            .ok(what)
            .clone();
        assert_eq!(status["status"], 1, "{what}");
        assert_eq!(status["orderNumbers"].as_str().unwrap().split(',').count(), 2, "{what}");

        // Paid is paid: the same orders cannot be paid again.
        let again =
            pay(app, &token, json!({"orderNumbers": numbers, "payType": BALANCEPAY, "payPassword": "135790"})).await;
        assert_eq!(again.bad(what), "Order status changed", "{what}");
        assert_eq!(balance_of(app, user).await, 5_000, "{what}: money moves once");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn balance_pay_of_the_same_orders_at_the_same_time_takes_the_money_once() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 4_000, 0).await;
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"}).to_string();
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let router = app.router();
            let body = body.clone();
            let token = token.clone();
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let request = common::request("POST", PAY, "application/json", body, &[("authorization", &token)]);
                router.oneshot(request).await.unwrap().status()
            }));
        }
        for task in tasks {
            assert_ne!(task.await.unwrap(), axum::http::StatusCode::INTERNAL_SERVER_ERROR, "{what}");
        }
        assert_eq!(status_of(app, &a).await, 2, "{what}");
        assert_eq!(balance_of(app, user).await, 6_000, "{what}: paid exactly once");
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_attempt WHERE status = 1").await, 1, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn insufficient_balance_shows_the_current_balance_and_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 1_250).await;
        let a = order(app, user, 2_000, 0).await;
        let before = footprint(app).await;
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"});
        let refused = pay(app, &token, body.clone()).await.bad(what);
        assert_eq!(refused, "Insufficient balance. Your current balance is $12.50", "{what}");
        let mut khr = body.clone();
        khr["currency"] = json!("KHR");
        let refused = pay(app, &token, khr).await.bad(what);
        assert!(refused.contains("៛51,250"), "{what}: {refused}");
        assert_eq!(footprint(app).await, before, "{what}");
        assert_eq!(status_of(app, &a).await, 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn wrong_payment_passwords_are_limited_like_sign_in() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 1_000, 0).await;
        for _ in 0..5 {
            let wrong = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "111111"});
            assert_eq!(pay(app, &token, wrong).await.bad(what), "Wrong payment password");
        }
        let right = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"});
        let locked = pay(app, &token, right.clone()).await.bad(what);
        assert!(locked.starts_with("Too many wrong passwords"), "{what}: {locked}");
        assert_eq!(status_of(app, &a).await, 1, "{what}: even the right password waits");
        app.state.db.clock.advance(16 * MINUTE);
        exec(
            app,
            &format!("UPDATE orders SET expire_time = {} WHERE order_number = '{a}'", app.state.db.now() + MINUTE),
        )
        .await;
        pay(app, &token, right).await.ok(what);
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_wrong_passwords_gets_no_more_tries() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 1_000, 0).await;
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "222222"}).to_string();
        let mut tasks = Vec::new();
        for _ in 0..12 {
            let (router, body, token) = (app.router(), body.clone(), token.clone());
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let request = common::request("POST", PAY, "application/json", body, &[("authorization", &token)]);
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()["msg"].as_str().unwrap_or_default().to_string()
            }));
        }
        let mut wrong = 0;
        for task in tasks {
            if task.await.unwrap() == "Wrong payment password" {
                wrong += 1;
            }
        }
        assert_eq!(wrong, 5, "{what}: exactly the allowed tries were checked");
    })
    .await;
}

#[tokio::test]
async fn the_payment_password_is_six_digits_and_the_sign_in_password_guards_it() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("Dara").await;
        for bad in ["12345", "1234567", "12a456", ""] {
            let answer = put_json(app, PAY_PASSWORD, json!({"payPassword": bad}), &token).await;
            assert_eq!(answer.bad(what), "The payment password is exactly 6 digits", "{what}: {bad:?}");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM users WHERE pay_password_hash IS NOT NULL").await, 0);
        put_json(app, PAY_PASSWORD, json!({"payPassword": "112233"}), &token).await.ok(what);
        let stored = common::text(app, "SELECT pay_password_hash FROM users WHERE pay_password_hash IS NOT NULL").await;
        assert!(stored.starts_with("$argon2id$"), "{what}: hashed with Argon2id");

        // An account with a sign-in password proves it is the buyer with it.
        let signup_token = common::sign_up_by_mail(app, "vanna@example.com").await;
        let without = put_json(app, PAY_PASSWORD, json!({"payPassword": "445566"}), &signup_token).await;
        without.bad(what);
        let wrong =
            put_json(app, PAY_PASSWORD, json!({"payPassword": "445566", "password": "Nope1234!"}), &signup_token).await;
        assert_eq!(wrong.bad(what), "Wrong sign-in password", "{what}");
        let password = common::PASSWORD;
        put_json(app, PAY_PASSWORD, json!({"payPassword": "445566", "password": password}), &signup_token)
            .await
            .ok(what);
    })
    .await;
}

#[tokio::test]
async fn another_buyers_orders_and_payments_cannot_be_paid_or_read() {
    common::with_empty_apps(async |app, what| {
        let (owner, owner_token) = buyer(app, "Sokha", 10_000).await;
        let (_, other_token) = buyer(app, "Vanna", 10_000).await;
        let a = order(app, owner, 1_000, 0).await;
        let before = footprint(app).await;
        let info = app.get_with(&format!("{PAY_INFO}?orderNumbers={a}"), &auth(&other_token)).await;
        assert_eq!(info.bad(what), "Order not found", "{what}");
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"});
        assert_eq!(pay(app, &other_token, body.clone()).await.bad(what), "Order not found", "{what}");
        assert_eq!(footprint(app).await, before, "{what}");

        let paid = pay(app, &owner_token, body).await.ok(what).clone();
        let uri = format!("{PAY_STATUS}?payNo={}", paid["payNo"].as_str().unwrap());
        assert_eq!(app.get_with(&uri, &auth(&other_token)).await.bad(what), "Payment not found", "{what}");
        let guest = app.get(&format!("{PAY_INFO}?orderNumbers={a}")).await;
        guest.failed("A00004", what);
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn expired_or_cancelled_orders_are_refused_as_expired() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let late = order(app, user, 1_000, 0).await;
        let cancelled = order(app, user, 1_000, 0).await;
        exec(app, &format!("UPDATE orders SET status = 6 WHERE order_number = '{cancelled}'")).await;
        let past = app.state.db.now() - 1;
        exec(app, &format!("UPDATE orders SET expire_time = {past} WHERE order_number = '{late}'")).await;
        let before = footprint(app).await;
        for number in [&late, &cancelled] {
            let body = json!({"orderNumbers": number, "payType": BALANCEPAY, "payPassword": "135790"});
            assert_eq!(pay(app, &token, body).await.bad(what), "Order expired", "{what}");
        }
        assert_eq!(footprint(app).await, before, "{what}");
        let info = app.get_with(&format!("{PAY_INFO}?orderNumbers={late}"), &auth(&token)).await.ok(what).clone();
        assert_eq!(cents(&info["totalFee"]), 0, "{what}: nothing is due");
        assert!(info["endTime"].is_null(), "{what}");
    })
    .await;
}

#[tokio::test]
async fn points_pay_points_mall_orders_and_only_those() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        exec(app, &format!("UPDATE users SET points = 500 WHERE user_id = {user}")).await;
        exec(
            app,
            &format!("INSERT INTO points_record (user_id, delta, reason, created_at) VALUES ({user}, 500, 3, 0)"),
        )
        .await;
        let goods = order(app, user, 1_000, 0).await;
        let points_order = order(app, user, 0, 300).await;
        let refused = pay(app, &token, json!({"orderNumbers": goods, "payType": SCOREPAY})).await;
        assert_eq!(refused.bad(what), "Points pay only points-mall orders", "{what}");
        let by_balance = json!({"orderNumbers": points_order, "payType": BALANCEPAY, "payPassword": "135790"});
        assert_eq!(pay(app, &token, by_balance).await.bad(what), "Points-mall orders are paid with points");
        pay(app, &token, json!({"orderNumbers": points_order, "payType": SCOREPAY})).await.ok(what);
        assert_eq!(status_of(app, &points_order).await, 2, "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 200, "{what}");
        let too_dear = order(app, user, 0, 300).await;
        let before = footprint(app).await;
        let refused = pay(app, &token, json!({"orderNumbers": too_dear, "payType": SCOREPAY})).await;
        assert_eq!(refused.bad(what), "Insufficient points", "{what}");
        assert_eq!(footprint(app).await, before, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn bad_input_is_refused_translated_and_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 1_000, 0).await;
        let before = footprint(app).await;
        let bodies = [
            json!({"orderNumbers": "", "payType": BALANCEPAY, "payPassword": "135790"}),
            json!({"orderNumbers": "12;34", "payType": BALANCEPAY, "payPassword": "135790"}),
            json!({"orderNumbers": a, "payType": 99, "payPassword": "135790"}),
            json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "12345"}),
            json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790", "currency": "EUR"}),
            json!({"orderNumbers": "99999999", "payType": BALANCEPAY, "payPassword": "135790"}),
            json!({"orderNumbers": a, "payType": "nine"}),
            json!([1, 2]),
        ];
        for body in bodies {
            let en = pay(app, &token, body.clone()).await.bad(&format!("{what}: {body}"));
            let zh = app
                .post_json(PAY, body.to_string(), &[("authorization", &token), ("locale", "zh_CN")])
                .await
                .bad(&format!("{what}: {body}"));
            assert_ne!(en, zh, "{what}: {body}: translated");
        }
        for amount in [0_i64, -1, 10_000_001] {
            let cents_amount = amount as f64 / 100.0;
            let body = json!({"amount": cents_amount, "payType": 13});
            app.post_json(RECHARGE, body.to_string(), &auth(&token)).await.bad(&format!("{what}: top-up {amount}"));
        }
        for uri in
            [format!("{PAY_STATUS}?payNo="), format!("{PAY_STATUS}?payNo=P1'--"), format!("{PAY_INFO}?orderNumbers=x")]
        {
            app.get_with(&uri, &auth(&token)).await.bad(&format!("{what}: {uri}"));
        }
        assert_eq!(footprint(app).await, before, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_failed_groups_paid_orders_give_the_balance_back() {
    common::with_seeded_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let now = app.state.db.now();
        let (prod, shop): (i64, i64) = sqlx::query_as("SELECT prod_id, shop_id FROM product ORDER BY prod_id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        exec(
            app,
            &format!(
                "INSERT INTO group_activity (group_activity_id, prod_id, shop_id, group_number, group_price, start_time,
                     end_time, status) VALUES (99001, {prod}, {shop}, 3, 1500, {}, {}, 1)",
                now - MINUTE,
                now + 7 * 24 * 60 * MINUTE
            ),
        )
        .await;
        exec(
            app,
            &format!(
                "INSERT INTO group_team (group_team_id, group_activity_id, leader_user_id, group_number, paid_count,
                     status, created_at, end_time) VALUES (99001, 99001, {user}, 3, 0, 0, {now}, {})",
                now + 24 * 60 * MINUTE
            ),
        )
        .await;
        let number = order(app, user, 1_500, 0).await;
        exec(
            app,
            &format!(
                "UPDATE orders SET order_type = 1, group_activity_id = 99001, group_team_id = 99001
                 WHERE order_number = '{number}'"
            ),
        )
        .await;
        pay(app, &token, json!({"orderNumbers": number, "payType": BALANCEPAY, "payPassword": "135790"}))
            .await
            .ok(what);
        assert_eq!(status_of(app, &number).await, 7, "{what}: paid, the group waits for others");
        assert_eq!(balance_of(app, user).await, 8_500, "{what}");

        app.state.db.clock.advance(25 * 60 * MINUTE);
        server::orders::expiry::cancel_expired(
            &app.state.db,
            app.state.db.now(),
            server::payments::refunds::refund_cancelled,
        )
        .await
        .unwrap();
        assert_eq!(status_of(app, &number).await, 6, "{what}: the group failed");
        assert_eq!(balance_of(app, user).await, 10_000, "{what}: the money came back");
        assert_eq!(app.count("SELECT COUNT(*) FROM balance_record WHERE reason = 2").await, 1, "{what}");
        // Once: running the job again gives nothing more.
        server::orders::expiry::cancel_expired(
            &app.state.db,
            app.state.db.now(),
            server::payments::refunds::refund_cancelled,
        )
        .await
        .unwrap();
        assert_eq!(balance_of(app, user).await, 10_000, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

// ------------------------------------------------------------------ through the gateways

const ONLINE: [i64; 7] = [10, 12, 13, 15, 16, 17, 18];
const STRIPE: i64 = 13;

/// Sends a raw request to the API and answers (status, Location, body).
async fn raw(app: &TestApp, request: axum::http::Request<axum::body::Body>) -> (u16, String, Vec<u8>) {
    use tower::ServiceExt;
    let response = app.router().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let location = response.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap().to_vec();
    assert_ne!(status, 500, "{}", String::from_utf8_lossy(&body));
    (status, location, body)
}

/// The development gateway's payment id in a URL of its checkout page.
fn checkout_id(url: &str) -> Option<String> {
    let rest = url.split("/dev/gateway/checkout/").nth(1)?;
    Some(rest.split(['?', '#', '&', '/']).next().unwrap_or_default().to_string())
}

/// Does what the browser does with a pay call's action, up to the development gateway's page;
/// answers that page's payment id.
async fn to_checkout(app: &TestApp, paid: &Value) -> String {
    let action = &paid["action"];
    if action["kind"] == "form" {
        let fields: Vec<(String, String)> = action["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| (f["name"].as_str().unwrap().to_string(), f["value"].as_str().unwrap().to_string()))
            .collect();
        let form = serde_urlencoded::to_string(&fields).unwrap();
        let uri = action["url"].as_str().unwrap().trim_start_matches("/api").to_string();
        let (status, location, body) = raw(app, common::request("POST", &uri, common::FORM, form, &[])).await;
        assert!(status == 303 || status == 302, "form post: {status} {}", String::from_utf8_lossy(&body));
        return checkout_id(&location).unwrap_or_else(|| panic!("no checkout page in {location}"));
    }
    [&action["url"], &action["deeplink"]]
        .into_iter()
        .filter_map(|v| v.as_str())
        .find_map(checkout_id)
        .unwrap_or_else(|| panic!("no checkout page in {action}"))
}

/// The buyer's decision on the development gateway's page; answers where it sends the browser.
async fn decide(app: &TestApp, payment_id: &str, decision: &str) -> String {
    let uri = format!("/dev/gateway/checkout/{payment_id}");
    let (status, location, body) =
        raw(app, common::request("POST", &uri, common::FORM, format!("decision={decision}"), &[])).await;
    assert_eq!(status, 303, "{decision}: {}", String::from_utf8_lossy(&body));
    location
}

/// Asks `payStatus` until it leaves "pending" (the notification is delivered in the
/// background; the clock is moved past the query interval between asks), at most 5 s.
async fn settled_status(app: &TestApp, token: &str, pay_no: &str) -> i64 {
    for _ in 0..100 {
        let status = app.get_with(&format!("{PAY_STATUS}?payNo={pay_no}"), &auth(token)).await.ok("payStatus").clone();
        let code = status["status"].as_i64().unwrap();
        if code != 0 {
            return code;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        app.state.db.clock.advance(3_100);
    }
    0
}

async fn pay_online(app: &TestApp, token: &str, numbers: &str, code: i64, currency: &str) -> Value {
    pay(app, token, json!({"orderNumbers": numbers, "payType": code, "currency": currency}))
        .await
        .ok(&format!("pay type {code}"))
        .clone()
}

/// Waits until the development gateway's notifications of `payment_id` were answered.
async fn delivered(app: &TestApp, payment_id: &str) -> Vec<server::demo::dev_gateway::SentNotification> {
    for _ in 0..100 {
        let sent = server::demo::dev_gateway::sent_notifications(&app.state, payment_id).await;
        if !sent.is_empty() && sent.iter().all(|n| n.outcome.is_some()) {
            return sent;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no notification of {payment_id} was delivered");
}

#[tokio::test]
async fn every_gateway_pays_through_the_development_gateway() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        for code in ONLINE {
            let what = format!("{what}: pay type {code}");
            let a = order(app, user, 2_000, 0).await;
            let b = order(app, user, 1_500, 0).await;
            let currency = if code == 17 || code == 18 { "KHR" } else { "USD" };
            let paid = pay_online(app, &token, &format!("{a},{b}"), code, currency).await;
            assert_eq!(paid["status"], 0, "{what}: pending at the gateway");
            assert_eq!(cents(&paid["amount"]), 3_500, "{what}");
            let id = to_checkout(app, &paid).await;
            let back = decide(app, &id, "approve").await;
            assert!(back.contains(paid["payNo"].as_str().unwrap()), "{what}: back to the counter: {back}");
            assert_eq!(settled_status(app, &token, paid["payNo"].as_str().unwrap()).await, 1, "{what}");
            assert_eq!(status_of(app, &a).await, 2, "{what}");
            assert_eq!(status_of(app, &b).await, 2, "{what}");
        }
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_declined_payment_fails_and_paying_again_works() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        for code in ONLINE {
            let what = format!("{what}: pay type {code}");
            let a = order(app, user, 2_000, 0).await;
            let declined = pay_online(app, &token, &a, code, "USD").await;
            let id = to_checkout(app, &declined).await;
            decide(app, &id, "decline").await;
            assert_eq!(settled_status(app, &token, declined["payNo"].as_str().unwrap()).await, 2, "{what}: failed");
            assert_eq!(status_of(app, &a).await, 1, "{what}: still unpaid");
            let again = pay_online(app, &token, &a, code, "USD").await;
            assert_ne!(again["payNo"], declined["payNo"], "{what}: a new attempt");
            let id = to_checkout(app, &again).await;
            decide(app, &id, "approve-silent").await;
            assert_eq!(
                settled_status(app, &token, again["payNo"].as_str().unwrap()).await,
                1,
                "{what}: paid by the query"
            );
            assert_eq!(status_of(app, &a).await, 2, "{what}");
        }
    })
    .await;
}

#[tokio::test]
async fn an_abandoned_payment_leaves_the_order_unpaid_until_it_expires() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let a = order(app, user, 2_000, 0).await;
        let paid = pay_online(app, &token, &a, STRIPE, "USD").await;
        let id = to_checkout(app, &paid).await;
        let back = decide(app, &id, "abandon").await;
        assert!(back.contains("cancel=1"), "{what}: {back}");
        let pay_no = paid["payNo"].as_str().unwrap();
        let status = app.get_with(&format!("{PAY_STATUS}?payNo={pay_no}"), &auth(&token)).await.ok(what).clone();
        assert_eq!(status["status"], 0, "{what}: still pending");
        assert_eq!(status_of(app, &a).await, 1, "{what}");
        app.state.db.clock.advance(31 * MINUTE);
        server::orders::expiry::cancel_expired(
            &app.state.db,
            app.state.db.now(),
            server::payments::refunds::refund_cancelled,
        )
        .await
        .unwrap();
        server::payments::jobs::run_once(&app.state).await.unwrap();
        assert_eq!(status_of(app, &a).await, 6, "{what}: expired");
        assert_eq!(app.count("SELECT status FROM pay_attempt").await, 3, "{what}: the link expired");
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_refund").await, 0, "{what}: nothing was paid");
    })
    .await;
}

#[tokio::test]
async fn replayed_and_concurrent_notifications_change_the_order_once() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let a = order(app, user, 2_000, 0).await;
        let paid = pay_online(app, &token, &a, STRIPE, "USD").await;
        let id = to_checkout(app, &paid).await;
        decide(app, &id, "approve").await;
        let sent = delivered(app, &id).await;
        assert_eq!(status_of(app, &a).await, 2, "{what}");
        let events = app.count("SELECT COUNT(*) FROM pay_event").await;
        let paid_at = app.count("SELECT pay_time FROM orders").await;
        let notice = sent.last().unwrap().clone();
        let uri = notice.url.trim_start_matches("/api").to_string();
        // Twenty deliveries at once, then one more later: each is answered, none acts again.
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let (router, uri, notice) = (app.router(), uri.clone(), notice.clone());
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let mut request = common::request("POST", &uri, "", notice.body.clone(), &[]);
                *request.headers_mut() = notice.header_map();
                router.oneshot(request).await.unwrap().status().as_u16()
            }));
        }
        for task in tasks {
            assert_eq!(task.await.unwrap(), 200, "{what}: a duplicate is acknowledged");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_event").await, events, "{what}: acted on once");
        assert_eq!(app.count("SELECT pay_time FROM orders").await, paid_at, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_attempt WHERE status = 1").await, 1, "{what}");
    })
    .await;
}

/// A Stripe `checkout.session.completed` for `pay_no` of `amount` cents, signed at `at` with `secret`.
fn stripe_event(pay_no: &str, amount: i64, event_id: &str) -> Vec<u8> {
    json!({
        "id": event_id, "object": "event", "type": "checkout.session.completed",
        "data": {"object": {"id": "cs_test_x", "object": "checkout.session", "client_reference_id": pay_no,
            "metadata": {"reference": pay_no}, "payment_status": "paid", "status": "complete",
            "amount_total": amount, "currency": "usd", "payment_intent": "pi_test_x"}}
    })
    .to_string()
    .into_bytes()
}

async fn stripe_notice(app: &TestApp, body: &[u8], signature: &str) -> common::Answer {
    let mut request = common::request("POST", "/notice/pay/13", "application/json", body.to_vec(), &[]);
    request.headers_mut().insert("stripe-signature", signature.parse().unwrap());
    app.send(request).await
}

#[tokio::test]
async fn tampered_or_wrong_notifications_change_nothing() {
    use server::payments::gateways::stripe::signature_header;
    const SECRET: &str = server::demo::dev_gateway::STRIPE_WEBHOOK_SECRET;
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let a = order(app, user, 2_000, 0).await;
        let paid = pay_online(app, &token, &a, STRIPE, "USD").await;
        let pay_no = paid["payNo"].as_str().unwrap();
        let now_s = app.state.db.now() / 1000;
        let body = stripe_event(pay_no, 2_000, "evt_1");
        let before = (footprint(app).await, app.count("SELECT COUNT(*) FROM pay_event").await);

        let mut tampered = body.clone();
        let at = tampered.iter().position(|b| *b == b'2').unwrap();
        tampered[at] = b'9';
        let cases: Vec<(&str, Vec<u8>, String)> = vec![
            ("tampered body", tampered, signature_header(SECRET, now_s, &body)),
            ("old timestamp", body.clone(), signature_header(SECRET, now_s - 3_600, &body)),
            ("wrong secret", body.clone(), signature_header("whsec_other", now_s, &body)),
            ("no signature", body.clone(), String::from("t=1")),
        ];
        for (case, body, signature) in cases {
            let refused = stripe_notice(app, &body, &signature).await;
            refused.bad(&format!("{what}: {case}"));
        }
        // Authentic, but another amount, or no attempt of this mall.
        let wrong_amount = stripe_event(pay_no, 1_999, "evt_2");
        stripe_notice(app, &wrong_amount, &signature_header(SECRET, now_s, &wrong_amount)).await.ok(what);
        let unknown = stripe_event("P0000000000000000001", 2_000, "evt_3");
        stripe_notice(app, &unknown, &signature_header(SECRET, now_s, &unknown)).await.bad(what);
        assert_eq!(footprint(app).await, before.0, "{what}: nothing changed");
        assert_eq!(status_of(app, &a).await, 1, "{what}");
        assert_eq!(
            app.count("SELECT COUNT(*) FROM pay_event WHERE outcome = 'amount-mismatch'").await,
            1,
            "{what}: the mismatch is on record"
        );

        // The genuine one pays.
        stripe_notice(app, &body, &signature_header(SECRET, now_s, &body)).await.ok(what);
        assert_eq!(status_of(app, &a).await, 2, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_payment_after_the_order_expired_is_refunded_through_its_gateway() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        for code in [STRIPE, 10, 17, 15] {
            let what = format!("{what}: pay type {code}");
            let a = order(app, user, 2_000, 0).await;
            let paid = pay_online(app, &token, &a, code, "USD").await;
            let id = to_checkout(app, &paid).await;
            // The order is cancelled (it expired) while the buyer is at the gateway.
            server::orders::repo::cancel(&app.state.db, None, &a, app.state.db.now()).await.unwrap();
            decide(app, &id, "approve").await;
            let pay_no = paid["payNo"].as_str().unwrap();
            assert_eq!(settled_status(app, &token, pay_no).await, 4, "{what}: refunded");
            assert_eq!(status_of(app, &a).await, 6, "{what}: the order stays cancelled");
            server::payments::jobs::run_once(&app.state).await.unwrap();
            let refunded = app
                .count(&format!("SELECT COUNT(*) FROM pay_refund WHERE pay_no = '{pay_no}' AND status IN (1, 2)"))
                .await;
            assert_eq!(refunded, 1, "{what}: the gateway took the refund");
        }
    })
    .await;
}

#[tokio::test]
async fn paying_the_same_order_in_two_tabs_refunds_the_second_payment() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let a = order(app, user, 2_000, 0).await;
        let first = pay_online(app, &token, &a, STRIPE, "USD").await;
        let second = pay_online(app, &token, &a, 15, "USD").await;
        for paid in [&first, &second] {
            let id = to_checkout(app, paid).await;
            decide(app, &id, "approve").await;
        }
        let first_status = settled_status(app, &token, first["payNo"].as_str().unwrap()).await;
        let second_status = settled_status(app, &token, second["payNo"].as_str().unwrap()).await;
        let mut outcomes = [first_status, second_status];
        outcomes.sort();
        assert_eq!(outcomes, [1, 4], "{what}: one pays, the other goes back");
        assert_eq!(status_of(app, &a).await, 2, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_refund").await, 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_top_up_through_a_gateway_is_a_balance_record() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let body = json!({"amount": 25.5, "payType": STRIPE, "currency": "USD"});
        let started = app.post_json(RECHARGE, body.to_string(), &auth(&token)).await.ok(what).clone();
        assert_eq!(cents(&started["amount"]), 2_550, "{what}");
        let id = to_checkout(app, &started).await;
        decide(app, &id, "approve").await;
        let status = settled_status(app, &token, started["payNo"].as_str().unwrap()).await;
        assert_eq!(status, 1, "{what}");
        assert_eq!(balance_of(app, user).await, 2_550, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM balance_record WHERE reason = 3").await, 1, "{what}");
        for bad in [
            json!({"amount": 0, "payType": STRIPE}),
            json!({"amount": 100000.01, "payType": STRIPE}),
            json!({"amount": 10, "payType": BALANCEPAY}),
        ] {
            app.post_json(RECHARGE, bad.to_string(), &auth(&token)).await.bad(&format!("{what}: {bad}"));
        }
        ledgers_balance(app, what).await;
    })
    .await;
}

/// Issue 47, item 22: a buyer cannot open gateway payments without end. The same top-up asked
/// for again is the same open attempt (no second checkout session); a parallel burst of 120
/// top-ups opens at most the cap; the next one is refused with a clear message; once the open
/// ones expire, top-ups start again.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_buyer_holds_at_most_a_handful_of_open_top_ups_and_the_same_one_is_reused() {
    use server::payments::rules::OPEN_ATTEMPTS_PER_BUYER;
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let open_sql = format!("SELECT COUNT(*) FROM pay_attempt WHERE user_id = {user} AND status = 0");
        let top_up = |amount: f64| json!({"amount": amount, "payType": STRIPE, "currency": "USD"}).to_string();
        let first = app.post_json(RECHARGE, top_up(100_000.0), &auth(&token)).await.ok(what).clone();
        let again = app.post_json(RECHARGE, top_up(100_000.0), &auth(&token)).await.ok(what).clone();
        assert_eq!(again["payNo"], first["payNo"], "{what}: the same top-up is the same attempt");
        assert_eq!(again["action"], first["action"], "{what}");
        assert_eq!(app.count(&open_sql).await, 1, "{what}");
        let other = app.post_json(RECHARGE, top_up(25.0), &auth(&token)).await.ok(what).clone();
        assert_ne!(other["payNo"], first["payNo"], "{what}: another amount is another attempt");

        // The 120 top-ups, sent at once (the same and different amounts).
        let requests = (0..120)
            .map(|i| {
                let amount = if i % 2 == 0 { 100_000.0 } else { 10.0 + f64::from(i) };
                common::request("POST", RECHARGE, "application/json", top_up(amount), &auth(&token))
            })
            .collect();
        let answers = common::burst(app, requests).await;
        for answer in &answers {
            let msg = answer["msg"].as_str().unwrap_or_default();
            assert!(answer["success"] == true || msg.contains("payments waiting"), "{what}: {answer}");
        }
        let opened = app.count(&open_sql).await;
        assert_eq!(opened, OPEN_ATTEMPTS_PER_BUYER as i64, "{what}: the cap holds under a burst");
        assert!(answers.iter().any(|a| a["success"] != true), "{what}: some are refused");

        // The 121st, a new top-up: refused with a clear message, nothing stored.
        let msg = app.post_json(RECHARGE, top_up(99.0), &auth(&token)).await.bad(what);
        assert!(msg.contains("You already have 5 payments waiting"), "{what}: {msg}");
        assert!(msg.contains("15 minutes"), "{what}: {msg}");
        let zh = app.post_json(RECHARGE, top_up(99.0), &[auth(&token)[0], ("locale", "zh_CN")]).await.bad(what);
        assert!(zh.contains("待完成"), "{what}: {zh}");
        assert_eq!(app.count(&open_sql).await, OPEN_ATTEMPTS_PER_BUYER as i64, "{what}");
        // The same one as an open attempt is still answered.
        let same = app.post_json(RECHARGE, top_up(100_000.0), &auth(&token)).await.ok(what).clone();
        assert_eq!(same["payNo"], first["payNo"], "{what}");

        // Once the open ones expire, a top-up starts again.
        app.state.db.clock.advance(api::payments::PAY_ATTEMPT_TTL_MS + 1);
        let later = app.post_json(RECHARGE, top_up(99.0), &auth(&token)).await.ok(what).clone();
        assert_ne!(later["payNo"], first["payNo"], "{what}");
    })
    .await;
}
