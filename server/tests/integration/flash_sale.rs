//! Flash sales under a burst, on every backend: a crowd of parallel buyers on a few units gets
//! exactly that many orders and a clear answer for everyone else (never an internal error); a
//! node answers sold out at once for a moment after the database refused, until a cancel
//! returns units or the moment is over; a node whose flash-sale turns are all taken answers
//! "too busy" at once instead of queueing; one buyer racing themselves stays within the limit.
//!
//! Shop 9101 with product 9101 (SKU 91011, $20.00, 100 in stock) is the tests' own, as is the
//! flash sale 9191 on it ($9.90).

use crate::common;

use common::auth;

use common::{exec, TestApp};
use serde_json::{json, Value};
use server::orders::flash_sale::{self, Step};
use std::time::{Duration, Instant};

const CONFIRM: &str = "/p/order/confirm";
const SUBMIT: &str = "/p/order/submit";
const MINUTE: i64 = 60 * 1000;
const SHOP: i64 = 9101;
const PROD: i64 = 9101;
const SKU: i64 = 91011;
const SALE: i64 = 9191;
const SOLD_OUT: &str = "Insufficient inventory";
const BUSY: &str = "Flash sale too busy to retry later";

/// The shop, its product and a flash sale of `units` units, at most `max_num` a buyer.
async fn flash_sale_of(app: &TestApp, units: i64, max_num: i64) {
    let now = common::now();
    let category = app.count("SELECT MIN(category_id) FROM category").await;
    exec(
        app,
        &format!("INSERT INTO shop (shop_id, shop_name, shop_status, created_at) VALUES ({SHOP}, 'Flash', 1, {now})"),
    )
    .await;
    exec(
        app,
        &format!(
            "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price,
                 ori_price, status, total_stocks, created_at)
             VALUES ({PROD}, {SHOP}, {category}, 'Goods', 'Goods', 'Goods', 2000, 2000, 1, 100, {now})"
        ),
    )
    .await;
    exec(
        app,
        &format!(
            "INSERT INTO sku (sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks)
             VALUES ({SKU}, {PROD}, 'Size:M', 'Size:M', 'Size:M', 2000, 2000, 100)"
        ),
    )
    .await;
    exec(
        app,
        &format!(
            "INSERT INTO seckill (seckill_id, prod_id, shop_id, seckill_price, start_time, end_time, status,
                 seckill_stocks, max_num)
             VALUES ({SALE}, {PROD}, {SHOP}, 990, {}, {}, 1, {units}, {max_num})",
            now - MINUTE,
            now + 60 * MINUTE
        ),
    )
    .await;
}

/// A buyer with a default address; returns the session token.
async fn buyer(app: &TestApp, nick: &str) -> String {
    let (user, token) = app.signed_in_user(nick).await;
    exec(
        app,
        &format!(
            "INSERT INTO user_addr (user_id, receiver, mobile, post_code, addr, common_addr, created_at)
             VALUES ({user}, 'Dara', '012345678', '12000', 'No. 1, Street 2, Phnom Penh', 1, {})",
            common::now()
        ),
    )
    .await;
    token
}

fn item(count: i64, seckill: bool) -> Value {
    let mut item = json!({"prodId": PROD, "skuId": SKU, "shopId": SHOP, "shopName": "Flash", "prodCount": count});
    if seckill {
        item["seckillId"] = json!(SALE);
    }
    json!({ "orderItem": item })
}

async fn confirm(app: &TestApp, token: &str, body: &Value) -> common::Answer {
    app.post_json(CONFIRM, body.to_string(), &auth(token)).await
}

fn submit_body(confirmation: &Value) -> String {
    json!({"orderToken": confirmation["orderToken"], "addrId": 0}).to_string()
}

/// Confirms and submits one flash-sale unit; the order number.
async fn buy(app: &TestApp, token: &str, what: &str) -> String {
    let c = confirm(app, token, &item(1, true)).await.ok(what).clone();
    let answer = app.post_json(SUBMIT, submit_body(&c), &auth(token)).await;
    answer.ok(what)["orderNumbers"].as_str().unwrap().to_string()
}

async fn stock(app: &TestApp) -> i64 {
    app.count(&format!("SELECT seckill_stocks FROM seckill WHERE seckill_id = {SALE}")).await
}

async fn orders(app: &TestApp) -> i64 {
    app.count(&format!("SELECT COUNT(*) FROM orders WHERE seckill_id = {SALE} AND status <> 6")).await
}

/// Sends a request through `router`; the decoded envelope (never an internal error).
async fn send(router: &axum::Router, uri: &str, body: String, token: &str) -> Value {
    use tower::ServiceExt;
    let request = common::request("POST", uri, "application/json", body, &auth(token));
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), axum::http::StatusCode::OK);
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    assert_ne!(answer["code"], "A00005", "{answer}");
    answer
}

/// One buyer's purchase of a flash-sale unit, retried after "too busy"; the last answer and
/// how often the buyer heard "too busy".
async fn attempt(router: axum::Router, token: String) -> (Value, usize) {
    let mut busy = 0;
    loop {
        let c = send(&router, CONFIRM, item(1, true).to_string(), &token).await;
        let answer =
            if c["code"] == "00000" { send(&router, SUBMIT, submit_body(&c["data"]), &token).await } else { c };
        if answer["msg"] != BUSY || busy == 100 {
            return (answer, busy);
        }
        busy += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_on_five_units_gets_five_orders_and_a_clear_answer_each() {
    common::with_seeded_apps(async |app, what| {
        flash_sale_of(app, 5, 1).await;
        let mut tokens = Vec::new();
        for i in 0..40 {
            tokens.push(buyer(app, &format!("crowd{i}")).await);
        }
        // Every buyer confirms and submits at once, each in their own task; a buyer told "too
        // busy" retries a moment later, as the message asks.
        let tasks: Vec<_> = tokens.into_iter().map(|token| tokio::spawn(attempt(app.router(), token))).collect();
        let (mut won, mut sold_out, mut retries) = (0, 0, 0);
        for task in tasks {
            let (answer, busy) = task.await.unwrap();
            retries += busy;
            match (answer["code"].as_str().unwrap(), answer["msg"].as_str().unwrap_or_default()) {
                ("00000", _) => won += 1,
                ("A00001", SOLD_OUT) => sold_out += 1,
                _ => panic!("{what}: an unclear answer: {answer}"),
            }
        }
        assert_eq!((won, sold_out), (5, 35), "{what}: after {retries} answers 'too busy'");
        assert_eq!((orders(app).await, stock(app).await), (5, 0), "{what}");
        assert_eq!(
            app.count(&format!("SELECT stocks FROM sku WHERE sku_id = {SKU}")).await,
            100,
            "{what}: the SKU's own stock is untouched"
        );
    })
    .await;
}

#[tokio::test]
async fn sold_out_is_answered_at_once_until_units_return_or_a_moment_passes() {
    common::with_seeded_apps(async |app, what| {
        flash_sale_of(app, 1, 1).await;
        let first = buyer(app, "first").await;
        let second = buyer(app, "second").await;
        let number = buy(app, &first, what).await;
        assert_eq!(confirm(app, &second, &item(1, true)).await.bad(what), SOLD_OUT, "{what}: the database refused");

        // Units come back behind this node's back (another node's cancel): for a moment this
        // node still answers sold out without asking the database...
        exec(app, &format!("UPDATE seckill SET seckill_stocks = 1 WHERE seckill_id = {SALE}")).await;
        assert_eq!(confirm(app, &second, &item(1, true)).await.bad(what), SOLD_OUT, "{what}: answered at once");
        // ...and the answer is translated like every other.
        let zh = [("authorization", second.as_str()), ("locale", "zh_CN")];
        assert_eq!(app.post_json(CONFIRM, item(1, true).to_string(), &zh).await.bad(what), "库存不足", "{what}");
        // Other purchases of the product are not affected.
        confirm(app, &second, &item(1, false)).await.ok(what);
        // Once the moment passed, the database decides again.
        app.state.db.clock.advance(flash_sale::SOLD_OUT_MS);
        let c = confirm(app, &second, &item(1, true)).await.ok(what).clone();
        app.post_json(SUBMIT, submit_body(&c), &auth(&second)).await.ok(what);
        assert_eq!((orders(app).await, stock(app).await), (2, 0), "{what}");

        // Sold out again; a cancel on this node returns a unit and clears the answer at once.
        let third = buyer(app, "third").await;
        assert_eq!(confirm(app, &third, &item(1, true)).await.bad(what), SOLD_OUT, "{what}");
        let cancel = common::request(
            "PUT",
            &format!("/p/myOrder/cancel/{number}"),
            "",
            axum::body::Body::empty(),
            &auth(&first),
        );
        app.send(cancel).await.ok(what);
        assert_eq!(stock(app).await, 1, "{what}");
        buy(app, &third, what).await;
        assert_eq!((orders(app).await, stock(app).await), (2, 0), "{what}");
        // A refused submission (the units went between confirmation and submission) counts too.
        let fourth = buyer(app, "fourth").await;
        exec(app, &format!("UPDATE seckill SET seckill_stocks = 1 WHERE seckill_id = {SALE}")).await;
        app.state.db.clock.advance(flash_sale::SOLD_OUT_MS);
        let late = confirm(app, &fourth, &item(1, true)).await.ok(what).clone();
        exec(app, &format!("UPDATE seckill SET seckill_stocks = 0 WHERE seckill_id = {SALE}")).await;
        assert_eq!(app.post_json(SUBMIT, submit_body(&late), &auth(&fourth)).await.bad(what), SOLD_OUT, "{what}");
        exec(app, &format!("UPDATE seckill SET seckill_stocks = 1 WHERE seckill_id = {SALE}")).await;
        assert_eq!(confirm(app, &fourth, &item(1, true)).await.bad(what), SOLD_OUT, "{what}: remembered");
    })
    .await;
}

#[tokio::test]
async fn a_node_with_every_turn_taken_answers_too_busy_at_once() {
    common::with_seeded_apps(async |app, what| {
        flash_sale_of(app, 10, 1).await;
        let token = buyer(app, "patient").await;
        let gate = flash_sale::gate(&app.state.db);
        let mut held = Vec::new();
        for step in [Step::Confirm, Step::Submit] {
            for _ in 0..flash_sale::permits(&app.state.db) {
                held.push(gate.admit(step).await.expect("a free turn"));
            }
        }
        let started = Instant::now();
        assert_eq!(confirm(app, &token, &item(1, true)).await.bad(what), BUSY, "{what}");
        assert!(started.elapsed() < Duration::from_secs(2), "{what}: no queueing into a timeout");
        let zh = [("authorization", token.as_str()), ("locale", "zh_CN")];
        assert_eq!(
            app.post_json(CONFIRM, item(1, true).to_string(), &zh).await.bad(what),
            "秒杀太火爆，请稍后重试",
            "{what}"
        );
        // Normal purchases do not wait for flash-sale turns.
        confirm(app, &token, &item(1, false)).await.ok(what);
        // Submissions take their turns apart from confirmations: with every submission turn
        // taken, a confirmation goes through and its submission hears "too busy"; the
        // confirmation stays open.
        held.drain(..flash_sale::permits(&app.state.db));
        let c = confirm(app, &token, &item(1, true)).await.ok(what).clone();
        assert_eq!(app.post_json(SUBMIT, submit_body(&c), &auth(&token)).await.bad(what), BUSY, "{what}");
        assert_eq!((orders(app).await, stock(app).await), (0, 10), "{what}");
        drop(held);
        app.post_json(SUBMIT, submit_body(&c), &auth(&token)).await.ok(what);
        assert_eq!((orders(app).await, stock(app).await), (1, 9), "{what}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_buyer_submitting_many_confirmations_at_once_stays_within_the_limit() {
    common::with_seeded_apps(async |app, what| {
        flash_sale_of(app, 10, 1).await;
        let token = buyer(app, "greedy").await;
        let mut confirmations = Vec::new();
        for _ in 0..6 {
            confirmations.push(confirm(app, &token, &item(1, true)).await.ok(what).clone());
        }
        let tasks: Vec<_> = confirmations
            .iter()
            .map(|c| {
                let (router, body, token) = (app.router(), submit_body(c), token.clone());
                tokio::spawn(async move { send(&router, SUBMIT, body, &token).await })
            })
            .collect();
        let mut won = 0;
        for task in tasks {
            let answer = task.await.unwrap();
            match (answer["code"].as_str().unwrap(), answer["msg"].as_str().unwrap_or_default()) {
                ("00000", _) => won += 1,
                ("A00001", "You can buy at most 1 of this flash sale item" | BUSY) => {}
                _ => panic!("{what}: {answer}"),
            }
        }
        assert_eq!(won, 1, "{what}");
        assert_eq!((orders(app).await, stock(app).await), (1, 9), "{what}");
    })
    .await;
}
