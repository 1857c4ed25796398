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

#[tokio::test]
async fn a_refund_only_goes_back_to_the_balance_once_and_unshipped_goods_back_into_stock() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Refund Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 2).await;
        assert_eq!(balance_of(app, user).await, 10000 - 5300, "{label}: paid");
        let view = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&token)).await;
        let view = view.ok("refundable").clone();
        assert_eq!(view["refundable"], true, "{label}");
        assert_eq!(view["shipped"], false, "{label}");
        assert_eq!(cents(&view["maxAmount"]), 5300, "{label}: the whole order with freight");
        assert_eq!(cents(&view["items"][0]["maxAmount"]), 4000, "{label}: the item's share without freight");
        assert_eq!(view["items"][0]["maxGoods"], 2, "{label}");

        let [(sku_a, _), _] = skus(app).await;
        let stock = stock_of(app, sku_a).await;
        let sn = apply(app, &token, &application(&number, item_a, 1, 2, 40.0)).await;
        assert_eq!(status_of(app, &sn).await, APPLIED, "{label}");
        let listed = page(app, &format!("{LIST}?status=1"), &token).await;
        assert_eq!(listed["records"][0]["refundSn"], sn.as_str(), "{label}: proceeding");
        assert_eq!(listed["records"][0]["prodName"], format!("Goods {sku_a}"), "{label}");

        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, SUCCESS, "{label}");
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 4000, "{label}: the money back");
        assert_eq!(stock_of(app, sku_a).await, stock + 2, "{label}: goods never shipped go back into stock");
        assert_eq!(steps(app, &token, &sn).await, [1, 2, 5], "{label}: applies, accepts, refunded");
        // A second accept (a repeated command) gives nothing more.
        assert!(matches!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::WrongState(_)), "{label}");
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 4000, "{label}: once");
        let records =
            app.count(&format!("SELECT COUNT(*) FROM balance_record WHERE user_id = {user} AND reason = 2")).await;
        assert_eq!(records, 1, "{label}: one ledger row");
        let completed = page(app, &format!("{LIST}?status=2"), &token).await;
        assert_eq!(completed["total"], 1, "{label}");
        let view = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&token)).await;
        let view = view.ok("refundable").clone();
        assert_eq!(cents(&view["items"][0]["maxAmount"]), 0, "{label}: nothing left of the item");
        assert_eq!(cents(&view["maxAmount"]), 1300, "{label}");
        let order_status = app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(order_status, 2, "{label}: partly refunded, still paid");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn a_return_goes_through_every_step_and_a_full_refund_closes_the_order() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Return Dara").await;
        let (number, _, _) = paid_order(app, user, &token, 3).await;
        let [(sku_a, _), (sku_b, _)] = skus(app).await;
        let (stock_a, stock_b) = (stock_of(app, sku_a).await, stock_of(app, sku_b).await);
        let pic = common_upload(app, &token).await;
        let mut body = application(&number, 0, 2, 3, 53.0);
        // The same picture chosen twice is kept once.
        body["photoFiles"] = json!([pic, pic]);
        let sn = apply(app, &token, &body).await;
        let detail = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(&token)).await;
        let detail = detail.ok("info").clone();
        assert_eq!(detail["photoFiles"], json!([pic]), "{label}");
        assert_eq!(detail["canShip"], false, "{label}");
        assert!(detail["replyDeadline"].as_i64().unwrap() > app.state.db.now() + 6 * DAY, "{label}");

        let express =
            json!({"refundSn": sn, "expressName": "SF Express", "expressNo": "SF123", "mobile": "13812345678"});
        post(app, EXPRESS, &express, &token).await.bad("not accepted yet");
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, ACCEPTED, "{label}");
        let bad_mobile = json!({"refundSn": sn, "expressName": "SF", "expressNo": "SF123", "mobile": "1381234567"});
        let msg = post(app, EXPRESS, &bad_mobile, &token).await.bad("10 digits");
        assert_eq!(msg, "Enter a mobile number of 11 digits", "{label}");
        post(app, EXPRESS, &express, &token).await.ok("ship back");
        assert_eq!(status_of(app, &sn).await, SHIPPED_BACK, "{label}");
        post(app, EXPRESS, &express, &token).await.bad("twice");
        assert_eq!(balance_of(app, user).await, 10000 - 5300, "{label}: nothing back before receipt");

        assert_eq!(repo::receive(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, SUCCESS, "{label}");
        assert_eq!(balance_of(app, user).await, 10000, "{label}: all of it back");
        assert_eq!((stock_of(app, sku_a).await, stock_of(app, sku_b).await), (stock_a + 2, stock_b + 1), "{label}");
        assert_eq!(steps(app, &token, &sn).await, [1, 2, 3, 4, 5], "{label}: every step of a return");
        let order_status = app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(order_status, 6, "{label}: refunded in full, the order is closed");
        let view = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&token)).await;
        assert_eq!(view.ok("refundable")["refundable"], false, "{label}");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn a_partial_return_refunds_its_units_share_and_takes_back_their_points() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Partial Dara").await;
        grant(app, user, 50_000).await;
        // Gold Large × 3 at 140.00 with 69.03 off: 350.97 paid, received (350 points earned).
        let (number, item) = paid_line(app, user, &token, 3, 14_000, 6_903, 3).await;
        let paid_balance = balance_of(app, user).await;
        let points_before = points_of(app, user).await;
        assert!(server::orders::repo::receipt(&app.state.db, user, &number, app.state.db.now()).await.unwrap());
        assert_eq!(points_of(app, user).await, points_before + 350, "{label}: one point per dollar paid");
        let view = page(app, &format!("{REFUNDABLE}?orderNumber={number}"), &token).await;
        assert_eq!((view["items"][0]["maxGoods"].as_i64(), cents(&view["items"][0]["maxAmount"])), (Some(3), 35097));

        // One unit cannot ask back the whole line: at most its third.
        let before = footprint(app).await;
        let msg = post(app, APPLY, &application(&number, item, 2, 1, 350.97), &token).await.bad("the whole line");
        assert_eq!(msg, "The refund amount can be at most $116.99", "{label}");
        let msg = post(app, APPLY, &application(&number, 0, 2, 1, 350.97), &token).await.bad("the whole order");
        assert_eq!(msg, "The refund amount can be at most $116.99", "{label}: one unit of the whole order too");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");

        // Returned through every step: 116.99 back, the points it earned taken back.
        let sn = apply(app, &token, &application(&number, item, 2, 1, 116.99)).await;
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        let express =
            json!({"refundSn": sn, "expressName": "SF Express", "expressNo": "SF123", "mobile": "13812345678"});
        post(app, EXPRESS, &express, &token).await.ok("ship back");
        assert_eq!(repo::receive(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        let info = page(app, &format!("{INFO}?refundSn={sn}"), &token).await;
        assert_eq!(
            (info["refund"]["goodsNum"].as_i64(), cents(&info["refund"]["refundAmount"])),
            (Some(1), 11699),
            "{label}"
        );
        assert_eq!(balance_of(app, user).await, paid_balance + 11699, "{label}: a third back");
        assert_eq!(points_of(app, user).await, points_before + 233, "{label}: 233.98 left paid earns 233");
        let view = page(app, &format!("{REFUNDABLE}?orderNumber={number}"), &token).await;
        assert_eq!(view["items"][0]["maxGoods"], 2, "{label}: two units left");
        assert_eq!(cents(&view["items"][0]["maxAmount"]), 23398, "{label}");
        assert_eq!(view["maxGoods"], 2, "{label}: of the whole order too");

        // The other two, one at a time: never more than was paid for the line.
        for (left, points_left) in [(1, 116), (0, 0)] {
            let msg = post(app, APPLY, &application(&number, item, 1, 1, 117.0), &token).await.bad("a cent over");
            assert_eq!(msg, "The refund amount can be at most $116.99", "{label}: {left} left");
            let sn = apply(app, &token, &application(&number, item, 1, 1, 116.99)).await;
            assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
            assert_eq!(points_of(app, user).await, points_before + points_left, "{label}: {left} left");
        }
        assert_eq!(balance_of(app, user).await, paid_balance + 35097, "{label}: exactly what was paid");
        let refunded = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM balance_record
                 WHERE user_id = {user} AND reason = 2 AND order_number = '{number}'"
            ))
            .await;
        assert_eq!(refunded, 35097, "{label}: the ledger's refunds add up to what was paid");
        let taken = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM points_record
                 WHERE user_id = {user} AND reason = 10 AND order_number = '{number}'"
            ))
            .await;
        assert_eq!(taken, -350, "{label}: every point it earned taken back, with ledger rows");
        let view = page(app, &format!("{REFUNDABLE}?orderNumber={number}"), &token).await;
        assert_eq!(view["refundable"], false, "{label}");
        let order_status = app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(order_status, 6, "{label}: refunded in full, closed");
        ledgers_balance(app, label).await;
    })
    .await;
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

#[tokio::test]
async fn every_rule_is_refused_with_its_message_and_changes_nothing() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Rules Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 2).await;
        let (other, other_token) = buyer(app, "Rules Other").await;
        let others_pic = common_upload(app, &other_token).await;
        let (unpaid_number, _, _) = {
            let (n, a, b) = paid_order(app, other, &other_token, 2).await;
            exec(app, &format!("UPDATE orders SET status = 1 WHERE order_number = '{n}'")).await;
            (n, a, b)
        };
        let before = footprint(app).await;
        let good = application(&number, item_a, 1, 1, 10.0);
        let with = |change: &dyn Fn(&mut Value)| {
            let mut body = good.clone();
            change(&mut body);
            body
        };
        let six: Vec<String> = (0..6).map(|i| format!("/media/{i}.png")).collect();
        let cases: Vec<(Value, &str)> = vec![
            (with(&|b| b["buyerMsg"] = json!("a".repeat(201))), "The note can be up to 200 characters"),
            (with(&|b| b["photoFiles"] = json!(six)), "You can add up to 5 vouchers"),
            (with(&|b| b["goodsNum"] = json!(0)), "The refund quantity must be at least 1"),
            (with(&|b| b["goodsNum"] = json!(3)), "The refund quantity can be at most 2"),
            (with(&|b| b["refundAmount"] = json!(0.001)), "The refund amount must be at least 0.01"),
            (with(&|b| b["refundAmount"] = json!(0)), "The refund amount must be at least 0.01"),
            (with(&|b| b["refundAmount"] = json!(20.01)), "The refund amount can be at most $20.00"),
            (
                with(&|b| b["applyType"] = json!(2)),
                "Goods that have not been shipped cannot be returned; choose refund only",
            ),
            (with(&|b| b["applyType"] = json!(5)), "Choose refund only or return and refund"),
            (with(&|b| b["buyerReason"] = json!(0)), "Choose a reason for the refund"),
            (
                with(&|b| b["photoFiles"] = json!([others_pic])),
                "Upload the vouchers again: one of them is not a picture you uploaded",
            ),
            (
                with(&|b| b["photoFiles"] = json!(["https://evil.example/x.png"])),
                "Upload the vouchers again: one of them is not a picture you uploaded",
            ),
            (with(&|b| b["orderNumber"] = json!(unpaid_number)), "This order does not exist"),
            (with(&|b| b["orderNumber"] = json!("99999999")), "This order does not exist"),
            (with(&|b| b["orderItemId"] = json!(999_999_999)), "This order does not exist"),
            (with(&|b| b["buyerMsg"] = json!("a\u{7}b")), "The note contains characters that cannot be shown"),
        ];
        for (body, message) in &cases {
            let msg = post(app, APPLY, body, &token).await.bad(message);
            assert_eq!(msg, *message, "{label}: {body}");
        }
        let zh = post_zh(app, APPLY, &with(&|b| b["buyerMsg"] = json!("a".repeat(201))), &token).await.bad("zh");
        assert_eq!(zh, "退款说明最多 200 个字", "{label}");
        let km = app
            .post_json(
                APPLY,
                with(&|b| b["goodsNum"] = json!(0)).to_string(),
                &[("authorization", token.as_str()), ("locale", "km")],
            )
            .await
            .bad("km");
        assert_eq!(km, "ចំនួនសងវិញត្រូវតែយ៉ាងហោចណាស់ 1", "{label}");
        // A note of 200 characters in Chinese is fine (characters, not bytes).
        for bad in ["{", "[]", r#"{"orderNumber": 5}"#] {
            app.post_json(APPLY, bad.to_string(), &auth(&token)).await.bad(bad);
        }
        let unpaid = with(&|b| b["orderNumber"] = json!(unpaid_number));
        post(app, APPLY, &unpaid, &other_token).await.bad("unpaid");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");
        let mut long_zh = good.clone();
        long_zh["buyerMsg"] = json!("退".repeat(200));
        apply(app, &token, &long_zh).await;

        // The other calls' rules.
        let sn = apply(app, &token, &application(&number, 0, 1, 1, 1.0)).await;
        let before = footprint(app).await;
        let intervention = |reason: Value, files: Value| json!({"refundSn": sn, "reason": reason, "photoFiles": files});
        let four: Vec<String> = (0..4).map(|i| format!("/media/{i}.png")).collect();
        let msg = post(app, INTERVENE, &intervention(json!("x"), json!(four)), &token).await.bad("4 vouchers");
        assert_eq!(msg, "You can add up to 3 vouchers for the platform", "{label}");
        let msg = post(app, INTERVENE, &intervention(json!(" "), json!([])), &token).await.bad("no reason");
        assert_eq!(msg, "Explain why the platform should intervene (up to 200 characters)", "{label}");
        let msg = post(app, INTERVENE, &intervention(json!("Please"), json!([])), &token).await.bad("not refused");
        assert!(msg.starts_with("This refund application cannot do that now"), "{label}: {msg}");
        for (express, message) in [
            (
                json!({"refundSn": sn, "expressName": "", "expressNo": "A1", "mobile": "13812345678"}),
                "Enter the carrier (up to 30 characters)",
            ),
            (
                json!({"refundSn": sn, "expressName": "SF", "expressNo": "A 1", "mobile": "13812345678"}),
                "Enter the tracking number (up to 30 letters, digits or dashes)",
            ),
            (
                json!({"refundSn": sn, "expressName": "SF", "expressNo": "A1", "mobile": "138123456789"}),
                "Enter a mobile number of 11 digits",
            ),
        ] {
            assert_eq!(post(app, EXPRESS, &express, &token).await.bad(message), message, "{label}");
        }
        app.get_with(&format!("{LIST}?status=9"), &auth(&token)).await.bad("a filter out of range");
        app.get_with(&format!("{INFO}?refundSn=R-1"), &auth(&token)).await.bad("a malformed number");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");
        // Guests sign in.
        app.post_json(APPLY, good.to_string(), &[]).await.failed("A00004", "guest");
        app.get(LIST).await.failed("A00004", "guest list");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn concurrent_applications_never_ask_back_more_than_was_paid() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Burst Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 3).await;
        // Twelve applications of one unit and 15.00 for the whole order (3 units, 53.00 paid,
        // at most its third, 17.66, for one unit) at once: three fit at most.
        let body = application(&number, 0, 1, 1, 15.0).to_string();
        let requests = (0..12).map(|_| {
            let router = app.router();
            let request = common::request("POST", APPLY, "application/json", body.clone(), &auth(&token));
            async move { tower::ServiceExt::oneshot(router, request).await.unwrap() }
        });
        let answers = futures::future::join_all(requests).await;
        let mut accepted = 0;
        for answer in answers {
            let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX).await.unwrap();
            let json: Value = serde_json::from_slice(&bytes).unwrap();
            match json["code"].as_str() {
                Some("00000") => accepted += 1,
                Some("A00001") => {}
                other => panic!("{label}: {other:?} {json}"),
            }
        }
        assert!((1..=3).contains(&accepted), "{label}: 53.00 paid, {accepted} of 15.00 accepted");
        let held = app.count(&format!("SELECT refund_held FROM orders WHERE order_number = '{number}'")).await;
        let asked = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(refund_amount), 0) AS BIGINT) FROM order_refund WHERE order_number = '{number}'"
            ))
            .await;
        assert_eq!(held, asked, "{label}: what is held is what was asked");
        assert!(asked <= 5300, "{label}: {asked}");
        // Withdraw them all, then a burst of the item's 40.00 share in 15.00 applications.
        let sns: Vec<(String,)> = sqlx::query_as(&format!(
            "SELECT refund_sn FROM order_refund WHERE order_number = '{number}'"
        ))
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        for (sn,) in sns {
            put(app, &api::paths::order_refund_cancel(&sn), json!({}), &token).await.ok("withdraw");
        }
        let held = app.count(&format!("SELECT refund_held FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(held, 0, "{label}: withdrawn applications hold nothing");
        let body = application(&number, item_a, 1, 1, 15.0).to_string();
        let requests = (0..8).map(|_| {
            let router = app.router();
            let request = common::request("POST", APPLY, "application/json", body.clone(), &auth(&token));
            async move { tower::ServiceExt::oneshot(router, request).await.unwrap() }
        });
        futures::future::join_all(requests).await;
        let asked = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(refund_amount), 0) AS BIGINT) FROM order_refund
                 WHERE order_item_id = {item_a} AND status = {APPLIED}"
            ))
            .await;
        assert!(asked <= 4000 && asked > 0, "{label}: the item's 40.00 at most, {asked}");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn withdraw_refuse_and_the_platforms_intervention() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Refuse Dara").await;
        let (number, item_a, item_b) = paid_order(app, user, &token, 4).await;
        // Withdrawn: nothing held, closed.
        let sn = apply(app, &token, &application(&number, item_b, 1, 1, 10.0)).await;
        put(app, &api::paths::order_refund_cancel(&sn), json!({}), &token).await.ok("withdraw");
        assert_eq!(status_of(app, &sn).await, WITHDRAWN, "{label}");
        put(app, &api::paths::order_refund_cancel(&sn), json!({}), &token).await.bad("twice");
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::WrongState(5), "{label}");
        let closed = page(app, &format!("{LIST}?status=3"), &token).await;
        assert_eq!(closed["total"], 1, "{label}");
        assert_eq!(steps(app, &token, &sn).await, [1, 6], "{label}");

        // Refused, then taken to the platform, which closes it.
        let sn = apply(app, &token, &application(&number, item_a, 2, 1, 20.0)).await;
        assert_eq!(repo::refuse(&app.state.db, &sn, "Used goods").await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, REFUSED, "{label}");
        let held = app.count(&format!("SELECT refund_held FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(held, 0, "{label}: a refused application holds nothing");
        let pic = common_upload(app, &token).await;
        let body = json!({"refundSn": sn, "reason": "The goods were never used.", "photoFiles": [pic]});
        post(app, INTERVENE, &body, &token).await.ok("intervention");
        assert_eq!(status_of(app, &sn).await, INTERVENTION, "{label}");
        let detail = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(&token)).await;
        let detail = detail.ok("info").clone();
        assert_eq!(detail["interventionMsg"], "The goods were never used.", "{label}");
        assert_eq!(detail["steps"][1]["note"], "Used goods", "{label}: the merchant's reason shown");
        assert_eq!(repo::refuse(&app.state.db, &sn, "").await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, CLOSED, "{label}");
        assert_eq!(steps(app, &token, &sn).await, [1, 7, 9, 8], "{label}");

        // Refused, taken to the platform, which accepts: a return waits for the goods.
        let sn = apply(app, &token, &application(&number, item_a, 2, 1, 20.0)).await;
        repo::refuse(&app.state.db, &sn, "").await.unwrap();
        post(app, INTERVENE, &json!({"refundSn": sn, "reason": "Please", "photoFiles": []}), &token).await.ok("again");
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, ACCEPTED, "{label}");
        assert_eq!(balance_of(app, user).await, 10000 - 5300, "{label}: nothing back yet");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn unanswered_applications_are_refunded_after_7_days_once() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Late Dara").await;
        let (number, item_a, item_b) = paid_order(app, user, &token, 2).await;
        let late = apply(app, &token, &application(&number, item_a, 1, 1, 20.0)).await;
        let answered = apply(app, &token, &application(&number, item_b, 1, 1, 10.0)).await;
        repo::refuse(&app.state.db, &answered, "").await.unwrap();
        // Six days: nothing yet.
        app.post_json("/dev/clock", json!({"advanceMs": 6 * DAY}).to_string(), &[]).await.ok("6 days");
        assert_eq!(status_of(app, &late).await, APPLIED, "{label}");
        // A second server on the same database, its clock moved alike, runs the job at the same
        // time as this one's.
        let other = server::db::Db::connect(&app.state.config.database_url).await.expect("a second server");
        other.clock.advance(7 * DAY + 60_000);
        app.state.db.clock.advance(DAY + 60_000);
        let now = app.state.db.now();
        let (a, b) = tokio::join!(
            server::refunds::jobs::run_once(&app.state.db, now),
            server::refunds::jobs::run_once(&other, other.now()),
        );
        assert_eq!(a.unwrap() + b.unwrap(), 1, "{label}: refunded once between the two");
        other.pool.close().await;
        assert_eq!(status_of(app, &late).await, SUCCESS, "{label}");
        assert_eq!(status_of(app, &answered).await, REFUSED, "{label}: an answered one stays");
        // The session ran out while the clock moved: the buyer signs in again.
        let token = server::accounts::sessions::create_session(&app.state.db, user).await.unwrap();
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 2000, "{label}: the money back, once");
        let detail = app.get_with(&format!("{INFO}?refundSn={late}"), &auth(&token)).await;
        let detail = detail.ok("info").clone();
        assert_eq!(detail["autoRefunded"], true, "{label}");
        assert_eq!(steps(app, &token, &late).await, [1, 5], "{label}");
        // The clock again: nothing more.
        app.post_json("/dev/clock", json!({"advanceMs": 7 * DAY}).to_string(), &[]).await.ok("7 more days");
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 2000, "{label}: once");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn a_gateway_payment_is_refunded_through_the_payments_queue() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Card Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 2).await;
        // As if paid by card: the attempt's type and currency changed, the balance given back.
        exec(
            app,
            &format!(
                "UPDATE pay_attempt SET pay_type = 13, charge_currency = 'USD', charge_minor = 5300, transaction_id = 'pi_1'
                 WHERE pay_no = (SELECT pay_no FROM orders WHERE order_number = '{number}')"
            ),
        )
        .await;
        let sn = apply(app, &token, &application(&number, item_a, 1, 1, 15.0)).await;
        let balance = balance_of(app, user).await;
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(balance_of(app, user).await, balance, "{label}: not to the balance");
        let queued = app
            .count(&format!("SELECT COUNT(*) FROM pay_refund WHERE refund_sn = '{sn}' AND amount = 1500 AND charge_minor = 1500"))
            .await;
        assert_eq!(queued, 1, "{label}: queued for the gateway");
        // A second application of the same order is queued beside it.
        let second = apply(app, &token, &application(&number, item_a, 1, 1, 5.0)).await;
        repo::accept(&app.state.db, &second).await.unwrap();
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_refund").await, 2, "{label}");
        // The payments job picks them up (the development gateway does not know this made-up
        // card payment, so it declines and the job retries later).
        server::payments::jobs::run_once(&app.state).await.unwrap();
        let tried = app.count("SELECT COUNT(*) FROM pay_refund WHERE attempts = 1").await;
        assert_eq!(tried, 2, "{label}: sent to the gateway by the payments job");
    })
    .await;
}

#[tokio::test]
async fn another_buyers_orders_and_applications_are_unknown() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Owner Dara").await;
        let (_, stranger) = buyer(app, "Stranger").await;
        let (number, item_a, _) = paid_order(app, user, &token, 3).await;
        let sn = apply(app, &token, &application(&number, item_a, 2, 1, 5.0)).await;
        let before = footprint(app).await;
        let msg = post(app, APPLY, &application(&number, item_a, 1, 1, 5.0), &stranger).await.bad("their order");
        assert_eq!(msg, "This order does not exist", "{label}");
        let msg = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&stranger)).await.bad("refundable");
        assert_eq!(msg, "This order does not exist", "{label}");
        let msg = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(&stranger)).await.bad("info");
        assert_eq!(msg, "This refund application does not exist", "{label}");
        put(app, &api::paths::order_refund_cancel(&sn), json!({}), &stranger).await.bad("withdraw");
        let express = json!({"refundSn": sn, "expressName": "SF", "expressNo": "A1", "mobile": "13812345678"});
        post(app, EXPRESS, &express, &stranger).await.bad("ship");
        let intervene = json!({"refundSn": sn, "reason": "x", "photoFiles": []});
        post(app, INTERVENE, &intervene, &stranger).await.bad("intervene");
        assert_eq!(page(app, LIST, &stranger).await["total"], 0, "{label}");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");
        assert_eq!(status_of(app, &sn).await, APPLIED, "{label}");
    })
    .await;
}

#[tokio::test]
async fn the_refund_pages_render_for_their_buyer_in_three_languages() {
    let app = common::seeded_sqlite().await;
    let router = common::site(&app);
    let (user, token) = buyer(&app, "Pages Dara").await;
    let (number, item_a, _) = paid_order(&app, user, &token, 3).await;
    let sn = apply(&app, &token, &application(&number, item_a, 2, 1, 20.0)).await;
    repo::accept(&app.state.db, &sn).await.unwrap();
    let cookie = format!("token={token}");
    let signed_in = [("cookie", cookie.as_str())];
    for (lang, title, whole) in [
        ("en", "Refunds and Returns", "The whole order"),
        ("zh_CN", "退款/售后", "整个订单"),
        ("km", "ការសងប្រាក់ និងការប្រគល់ទំនិញ", "ការបញ្ជាទិញទាំងមូល"),
    ] {
        let (status, _, html) = common::page(&router, &format!("/user-center/uc-return?lang={lang}"), &signed_in).await;
        assert_eq!(status, 200, "{lang}");
        assert!(html.contains(title) && html.contains(&sn), "{lang}: the list names the application");
        let apply_page = format!("/user-center/apply-return?orderNumber={number}&lang={lang}");
        let (status, _, html) = common::page(&router, &apply_page, &signed_in).await;
        assert_eq!(status, 200, "{lang}");
        assert!(html.contains("refund-apply-form") && html.contains(whole), "{lang}: the form");
        for uri in [
            format!("/return-detail?refundSn={sn}&lang={lang}"),
            format!("/return-detail/components/refund-progress?refundSn={sn}&lang={lang}"),
            format!("/user-center/return-proof?refundSn={sn}&lang={lang}"),
        ] {
            let (status, _, html) = common::page(&router, &uri, &signed_in).await;
            assert_eq!(status, 200, "{uri}");
            if uri.contains("return-proof") {
                assert!(html.contains("refund-proof-form"), "{uri}: the shipment form of an accepted return");
            } else {
                assert!(html.contains("data-testid=\"refund-step\""), "{uri}: the progress");
            }
        }
    }
    // Guests sign in first; another buyer's application is not found.
    let (status, headers, _) = common::page(&router, &format!("/return-detail?refundSn={sn}"), &[]).await;
    assert_eq!(status, 302);
    assert!(headers["location"].to_str().unwrap().contains("/login"));
    let (_, stranger) = buyer(&app, "Pages Stranger").await;
    let cookie = format!("token={stranger}");
    let (status, _, html) =
        common::page(&router, &format!("/return-detail?refundSn={sn}&lang=en"), &[("cookie", cookie.as_str())]).await;
    assert_eq!(status, 200);
    assert!(html.contains("This refund application does not exist") && !html.contains(&number), "not theirs");
    app.finish().await;
}
