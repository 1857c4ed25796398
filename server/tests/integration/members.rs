//! The member centre on every backend: the buyer's level and paid membership, each level's
//! benefits, buying a membership through the development gateway or with the balance (paid
//! once however often the gateway reports it, the period running on from the later of now and
//! the current end), bad input refused with nothing changed, the member discount and free
//! shipping applied alike at confirmation and submission, and a buyer confined to their own.

use crate::common;

use common::{auth, exec, TestApp};
use serde_json::{json, Value};

const INFO: &str = api::paths::MEMBER_INFO;
const EQUITY: &str = api::paths::MEMBER_EQUITY;
const PLANS: &str = api::paths::MEMBER_PLANS;
const BUY: &str = api::paths::MEMBER_BUY;
const PAY_STATUS: &str = api::paths::ORDER_PAY_STATUS;
const STRIPE: i64 = 13;
const BALANCEPAY: i64 = 9;
const DAY: i64 = 86_400_000;
/// Silk House of the shared test support: a scarf and a teapot at $20.00 each.
const SHOP: i64 = 9301;

/// Money on the wire, in cents.
fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

/// Every payment method the tests use switched on.
async fn switches_on(app: &TestApp) {
    for (code, name) in [(0, "Points"), (9, "Balance"), (13, "Stripe"), (17, "ABA PayWay")] {
        exec(app, &format!("INSERT INTO pay_switch (pay_type, pay_name, enabled, seq) VALUES ({code}, '{name}', 1, {code}) ON CONFLICT (pay_type) DO NOTHING")).await;
    }
}

/// A buyer with a delivery address, `balance` cents (granted with its ledger row) and payment
/// password 135790.
async fn buyer(app: &TestApp, nick: &str, balance: i64) -> (i64, String) {
    switches_on(app).await;
    let (user, token) = common::buyer_with_address(app, nick).await;
    if balance > 0 {
        exec(app, &format!("UPDATE users SET balance = {balance} WHERE user_id = {user}")).await;
        exec(
            app,
            &format!(
                "INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, {balance}, 4, {})",
                app.state.db.now()
            ),
        )
        .await;
    }
    let request = common::request(
        "PUT",
        api::paths::USER_PAY_PASSWORD,
        "application/json",
        json!({"payPassword": "135790"}).to_string(),
        &auth(&token),
    );
    app.send(request).await.ok("set the payment password");
    (user, token)
}

async fn buy(app: &TestApp, token: &str, body: Value) -> common::Answer {
    app.post_json(BUY, body.to_string(), &auth(token)).await
}

async fn end_of(app: &TestApp, user: i64) -> i64 {
    app.count(&format!("SELECT COALESCE(member_end_time, 0) FROM users WHERE user_id = {user}")).await
}

/// Every buyer's balance equals the sum of their ledger rows.
async fn ledgers_balance(app: &TestApp, what: &str) {
    let off = app
        .count(
            "SELECT COUNT(*) FROM users u
             WHERE u.balance <> COALESCE((SELECT SUM(b.delta) FROM balance_record b WHERE b.user_id = u.user_id), 0)",
        )
        .await;
    assert_eq!(off, 0, "{what}: a ledger does not add up to what its buyer holds");
}

/// What buying could write, to show a refused call changed nothing.
async fn footprint(app: &TestApp) -> Vec<i64> {
    let mut counts = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM pay_attempt",
        "SELECT COUNT(*) FROM member_purchase",
        "SELECT COUNT(*) FROM balance_record",
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM users",
        "SELECT CAST(COALESCE(SUM(member_end_time), 0) AS BIGINT) FROM users",
    ] {
        counts.push(app.count(sql).await);
    }
    counts
}

/// The development gateway's payment id in a pay call's redirect.
fn checkout_id(paid: &Value) -> String {
    let url = paid["action"]["url"].as_str().expect("a redirect");
    url.split("/dev/gateway/checkout/").nth(1).unwrap().split(['?', '#', '&', '/']).next().unwrap().to_string()
}

/// The buyer approves on the development gateway's page.
async fn approve(app: &TestApp, payment_id: &str) {
    use tower::ServiceExt;
    let request = common::request(
        "POST",
        &format!("/dev/gateway/checkout/{payment_id}"),
        common::FORM,
        "decision=approve".to_string(),
        &[],
    );
    let answer = app.router().oneshot(request).await.unwrap();
    assert_eq!(answer.status().as_u16(), 303);
}

/// Asks `payStatus` until it leaves "pending" (the notification comes in the background; the
/// clock moves past the query interval between asks).
async fn settled_status(app: &TestApp, token: &str, pay_no: &str) -> i64 {
    for _ in 0..100 {
        let status = app.get_with(&format!("{PAY_STATUS}?payNo={pay_no}"), &auth(token)).await.ok("payStatus").clone();
        let code = status["status"].as_i64().unwrap();
        if code != 0 {
            assert_eq!(status["payKind"], 3, "a membership's attempt");
            assert_eq!(status["orderNumbers"], "", "no orders");
            return code;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        app.state.db.clock.advance(3_100);
    }
    0
}

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

async fn stripe_notice(app: &TestApp, body: &[u8]) -> common::Answer {
    use server::payments::gateways::stripe::signature_header;
    let secret = server::demo::dev_gateway::STRIPE_WEBHOOK_SECRET;
    let signature = signature_header(secret, app.state.db.now() / 1000, body);
    let mut request = common::request("POST", "/notice/pay/13", "application/json", body.to_vec(), &[]);
    request.headers_mut().insert("stripe-signature", signature.parse().unwrap());
    app.send(request).await
}

#[tokio::test]
async fn the_member_centre_shows_the_level_the_plans_and_each_levels_benefits() {
    common::with_seeded_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 0).await;
        let info = app.get_with(INFO, &auth(&token)).await.ok(what).clone();
        assert_eq!(
            common::keys(&info),
            common::set(&["userLevel", "paidActive", "paidEndTime", "discountPercent", "freeShipping", "now"]),
            "{what}"
        );
        assert_eq!(info["userLevel"]["level"], 1, "{what}");
        assert_eq!(info["userLevel"]["nextLevel"]["needGrowth"], 500, "{what}");
        assert_eq!((&info["paidActive"], &info["paidEndTime"]), (&json!(false), &Value::Null), "{what}");
        assert_eq!((&info["discountPercent"], &info["freeShipping"]), (&json!(0), &json!(false)), "{what}");

        let equity = app.get_with(EQUITY, &auth(&token)).await.ok(what).clone();
        let levels: Vec<(i64, i64, bool)> = equity["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["level"].as_i64().unwrap(), l["discountPercent"].as_i64().unwrap(), l["freeShipping"] == true))
            .collect();
        assert_eq!(levels, [(1, 0, false), (2, 2, false), (3, 5, true), (4, 8, true)], "{what}");
        assert_eq!((&equity["paidDiscountPercent"], &equity["paidFreeShipping"]), (&json!(5), &json!(true)), "{what}");
        let zh = app.get_with(EQUITY, &[("authorization", token.as_str()), ("locale", "zh_CN")]).await.ok(what).clone();
        assert_eq!(zh["levels"][2]["levelName"], "黄金会员", "{what}");

        // Growth of a Gold member: the level's benefits apply.
        exec(app, &format!("UPDATE users SET growth = 2500 WHERE user_id = {user}")).await;
        let info = app.get_with(INFO, &auth(&token)).await.ok(what).clone();
        assert_eq!(
            (&info["userLevel"]["level"], &info["discountPercent"], &info["freeShipping"]),
            (&json!(3), &json!(5), &json!(true)),
            "{what}"
        );
        let equity = app.get_with(EQUITY, &auth(&token)).await.ok(what).clone();
        assert_eq!(equity["level"], 3, "{what}");

        let plans = app.get_with(PLANS, &auth(&token)).await.ok(what).clone();
        let plans: Vec<(i64, i64, i64)> = plans
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["planId"].as_i64().unwrap(), p["months"].as_i64().unwrap(), cents(&p["price"])))
            .collect();
        assert_eq!(plans, [(1, 1, 499), (2, 3, 1_299), (3, 12, 3_999)], "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_membership_bought_through_the_gateway_is_paid_once_however_often_it_is_reported() {
    common::with_seeded_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let started =
            buy(app, &token, json!({"planId": 1, "payType": STRIPE, "currency": "USD"})).await.ok(what).clone();
        assert_eq!((started["status"].as_i64(), cents(&started["amount"])), (Some(0), 499), "{what}");
        let pay_no = started["payNo"].as_str().unwrap().to_string();
        assert_eq!(end_of(app, user).await, 0, "{what}: nothing before it is paid");
        approve(app, &checkout_id(&started)).await;
        assert_eq!(settled_status(app, &token, &pay_no).await, 1, "{what}: paid");
        let paid_at = app.count(&format!("SELECT paid_at FROM member_purchase WHERE pay_no = '{pay_no}'")).await;
        let end = end_of(app, user).await;
        assert_eq!(end, paid_at + 30 * DAY, "{what}: a month from when it was paid");

        // The gateway reports it again (a replay, another event of the same payment): no change.
        for event in ["evt_member_1", "evt_member_1", "evt_member_2"] {
            stripe_notice(app, &stripe_event(&pay_no, 499, event)).await.ok(what);
        }
        server::payments::jobs::run_once(&app.state).await.unwrap();
        assert_eq!(end_of(app, user).await, end, "{what}: extended once");
        assert_eq!(app.count("SELECT COUNT(*) FROM member_purchase WHERE status = 1").await, 1, "{what}");

        let info = app.get_with(INFO, &auth(&token)).await.ok(what).clone();
        assert_eq!((&info["paidActive"], info["paidEndTime"].as_i64()), (&json!(true), Some(end)), "{what}");
        assert_eq!((&info["discountPercent"], &info["freeShipping"]), (&json!(5), &json!(true)), "{what}");

        // Three more months with the balance: from the current end, not from now.
        let paid =
            buy(app, &token, json!({"planId": 2, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}))
                .await
                .ok(what)
                .clone();
        assert_eq!(paid["status"], 1, "{what}: settled at once");
        assert_eq!(end_of(app, user).await, end + 90 * DAY, "{what}");
        let balance = app.count(&format!("SELECT balance FROM users WHERE user_id = {user}")).await;
        assert_eq!(balance, 10_000 - 1_299, "{what}");
        let reason = app
            .count(&format!("SELECT reason FROM balance_record WHERE pay_no = '{}'", paid["payNo"].as_str().unwrap()))
            .await;
        assert_eq!(reason, 5, "{what}: its ledger row");

        // Once it has lapsed, a new plan starts from now.
        app.state.db.clock.advance(200 * DAY);
        let (_, token) = (user, server::accounts::sessions::create_session(&app.state.db, user).await.unwrap());
        let before = app.state.db.now();
        let paid =
            buy(app, &token, json!({"planId": 1, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}))
                .await
                .ok(what)
                .clone();
        let start = app
            .count(&format!(
                "SELECT start_time FROM member_purchase WHERE pay_no = '{}'",
                paid["payNo"].as_str().unwrap()
            ))
            .await;
        assert!(start >= before && start > end + 90 * DAY, "{what}: from now");
        assert_eq!(end_of(app, user).await, start + 30 * DAY, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn bad_plans_methods_and_passwords_change_nothing() {
    common::with_seeded_apps(async |app, what| {
        let (_, token) = buyer(app, "Sokha", 1_000).await;
        let before = footprint(app).await;
        let cases = [
            json!({"planId": 0, "payType": STRIPE, "currency": "USD"}),
            json!({"planId": 4, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}),
            json!({"planId": -1, "payType": STRIPE, "currency": "USD"}),
            json!({"planId": 1, "payType": 0, "currency": "USD"}),
            json!({"planId": 1, "payType": 999, "currency": "USD"}),
            json!({"planId": 1, "payType": STRIPE, "currency": "EUR"}),
            json!({"planId": 1, "payType": BALANCEPAY, "payPassword": "", "currency": "USD"}),
            json!({"planId": 1, "payType": BALANCEPAY, "payPassword": "000000", "currency": "USD"}),
            // $39.99 with $10.00 in the balance.
            json!({"planId": 3, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}),
            json!({"planId": "one", "payType": STRIPE}),
        ];
        for body in cases {
            let en = buy(app, &token, body.clone()).await.bad(&format!("{what}: {body}"));
            let zh = app
                .post_json(BUY, body.to_string(), &[("authorization", token.as_str()), ("locale", "zh_CN")])
                .await
                .bad(&format!("{what}: {body}"));
            assert_ne!(en, zh, "{what}: {body}: translated");
        }
        let plan = buy(app, &token, json!({"planId": 9, "payType": STRIPE, "currency": "USD"})).await.bad(what);
        assert_eq!(plan, "Choose one of the membership plans", "{what}");
        assert_eq!(footprint(app).await, before, "{what}: nothing changed");
        // A method switched off.
        exec(app, "UPDATE pay_switch SET enabled = 0 WHERE pay_type = 13").await;
        buy(app, &token, json!({"planId": 1, "payType": STRIPE, "currency": "USD"})).await.bad(what);
        assert_eq!(footprint(app).await, before, "{what}: nothing changed");
        for path in [INFO, EQUITY, PLANS] {
            assert_eq!(app.get(path).await.code(), "A00004", "{what}: {path}");
        }
        assert_eq!(app.post_json(BUY, json!({"planId": 1}).to_string(), &[]).await.code(), "A00004", "{what}");
    })
    .await;
}

/// Confirms one scarf and one teapot of Silk House from the cart; answers the confirmation.
async fn confirm(app: &TestApp, (user, token): (i64, &str)) -> Value {
    exec(app, &format!("DELETE FROM basket WHERE user_id = {user}")).await;
    let mut baskets = Vec::new();
    for prod in [SHOP, SHOP + 1] {
        exec(
            app,
            &format!(
                "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
                 VALUES ({user}, {SHOP}, {prod}, {prod}1, 1, {})",
                app.state.db.now()
            ),
        )
        .await;
        baskets.push(
            app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user} AND sku_id = {prod}1")).await,
        );
    }
    let body = json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": []});
    app.post_json("/p/order/confirm", body.to_string(), &auth(token)).await.ok("confirm").clone()
}

/// Submits a confirmation; answers the order's (transfee, member_reduce, actual_total).
async fn submit(app: &TestApp, token: &str, confirmation: &Value) -> (i64, i64, i64) {
    let body = json!({"orderToken": confirmation["orderToken"], "addrId": 0, "couponIds": [], "usePoints": 0});
    let submitted = app.post_json("/p/order/submit", body.to_string(), &auth(token)).await.ok("submit").clone();
    let number = submitted["orderNumbers"].as_str().unwrap().to_string();
    let of = |column: &str| format!("SELECT {column} FROM orders WHERE order_number = '{number}'");
    (app.count(&of("transfee")).await, app.count(&of("member_reduce")).await, app.count(&of("actual_total")).await)
}

fn amounts(c: &Value) -> (i64, i64, i64) {
    (cents(&c["transfee"]), cents(&c["memberReduce"]), cents(&c["actualTotal"]))
}

#[tokio::test]
async fn the_member_discount_and_free_shipping_apply_alike_at_confirmation_and_submission() {
    common::with_seeded_apps(async |app, what| {
        common::silk_house(app, SHOP).await;
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        // $40.00 of goods: below the free freight threshold, no member discount yet.
        let plain = confirm(app, (user, &token)).await;
        assert_eq!(amounts(&plain), (300, 0, 4_300), "{what}: an ordinary buyer");
        assert_eq!(submit(app, &token, &plain).await, (300, 0, 4_300), "{what}");

        // Silver by growth: 2 % off, freight as usual.
        exec(app, &format!("UPDATE users SET growth = 600 WHERE user_id = {user}")).await;
        let silver = confirm(app, (user, &token)).await;
        assert_eq!(amounts(&silver), (300, 80, 4_220), "{what}: silver");
        assert_eq!(cents(&silver["orderReduce"]), 80, "{what}");
        assert_eq!(submit(app, &token, &silver).await, (300, 80, 4_220), "{what}");

        // A paid member: 5 % off and free shipping.
        buy(app, &token, json!({"planId": 1, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}))
            .await
            .ok(what);
        let member = confirm(app, (user, &token)).await;
        assert_eq!(amounts(&member), (0, 200, 3_800), "{what}: a paid member");
        assert_eq!(cents(&member["shopCartOrders"][0]["transfee"]), 0, "{what}");
        // The membership ends between confirmation and submission: submission computes again.
        let again = confirm(app, (user, &token)).await;
        exec(app, &format!("UPDATE users SET member_end_time = {} WHERE user_id = {user}", app.state.db.now())).await;
        assert_eq!(submit(app, &token, &again).await, (300, 80, 4_220), "{what}: never the client's amounts");
        exec(app, &format!("UPDATE users SET member_end_time = {} WHERE user_id = {user}", app.state.db.now() + DAY))
            .await;
        assert_eq!(submit(app, &token, &member).await, (0, 200, 3_800), "{what}: equal to its confirmation");

        // Diamond by growth and a paid member: the better percent, not both.
        exec(app, &format!("UPDATE users SET growth = 10000 WHERE user_id = {user}")).await;
        let diamond = confirm(app, (user, &token)).await;
        assert_eq!(amounts(&diamond), (0, 320, 3_680), "{what}: diamond");
        assert_eq!(submit(app, &token, &diamond).await, (0, 320, 3_680), "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_buyer_sees_only_their_own_membership() {
    common::with_seeded_apps(async |app, what| {
        let (sokha, sokha_token) = buyer(app, "Sokha", 10_000).await;
        let (dara, dara_token) = buyer(app, "Dara", 0).await;
        let started =
            buy(app, &sokha_token, json!({"planId": 1, "payType": STRIPE, "currency": "USD"})).await.ok(what).clone();
        let pay_no = started["payNo"].as_str().unwrap();
        buy(app, &sokha_token, json!({"planId": 3, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}))
            .await
            .ok(what);
        // Dara cannot see Sokha's payment, and has no membership of Sokha's.
        let status = app.get_with(&format!("{PAY_STATUS}?payNo={pay_no}"), &auth(&dara_token)).await;
        status.bad(what);
        let info = app.get_with(INFO, &auth(&dara_token)).await.ok(what).clone();
        assert_eq!((&info["paidActive"], &info["paidEndTime"]), (&json!(false), &Value::Null), "{what}");
        assert_eq!(end_of(app, dara).await, 0, "{what}");
        assert!(end_of(app, sokha).await > app.state.db.now() + 300 * DAY, "{what}");
        // Paying Sokha's attempt's gateway page settles Sokha's purchase, never Dara's.
        approve(app, &checkout_id(&started)).await;
        assert_eq!(settled_status(app, &sokha_token, pay_no).await, 1, "{what}");
        assert_eq!(end_of(app, dara).await, 0, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn the_member_centre_pages_render_for_their_buyer_and_send_guests_to_sign_in() {
    let app = common::seeded_sqlite().await;
    let router = common::site(&app);
    let (user, token) = buyer(&app, "Sokha", 10_000).await;
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];
    for path in ["/member-center", "/member-center/member-equity", "/member-center/buy-member"] {
        let (status, headers, _) = common::page(&router, path, &[]).await;
        assert_eq!(status, 302, "{path}");
        let location = headers["location"].to_str().unwrap();
        assert_eq!(location, format!("/login?redirect={}", common::urlencode(path)), "{path}");
    }

    let (status, _, page) = common::page(&router, "/member-center?lang=en", &signed_in).await;
    assert_eq!(status, 200);
    assert!(
        page.contains(r#"data-testid="member-level""#) && page.contains("You are not a paid member yet."),
        "{page}"
    );
    assert!(page.contains(r#"href="/member-center/integral-mall""#));
    let (_, _, page) = common::page(&router, "/member-center/member-equity?lang=zh_CN", &signed_in).await;
    assert_eq!(page.matches(r#"data-testid="member-level-row""#).count(), 4, "{page}");
    assert!(page.contains("黄金会员") && page.contains("商品立减 5%") && page.contains("免运费"), "{page}");
    let (_, _, page) = common::page(&router, "/member-center/buy-member?lang=km", &signed_in).await;
    assert!(page.contains(r#"data-testid="member-buy-form""#) && page.contains("ទិញសមាជិកភាព"), "{page}");
    assert!(page.contains("$4.99") && page.contains("$39.99"), "{page}");

    // After paying: the result and the end date, in the buyer's language.
    let paid =
        buy(&app, &token, json!({"planId": 1, "payType": BALANCEPAY, "payPassword": "135790", "currency": "USD"}))
            .await
            .ok("buy")
            .clone();
    let uri = format!("/member-center?payNo={}&lang=en", paid["payNo"].as_str().unwrap());
    let (_, _, page) = common::page(&router, &uri, &signed_in).await;
    assert!(page.contains(r#"data-status="paid""#) && page.contains("Payment received."), "{page}");
    assert!(page.contains(r#"data-active="true""#) && page.contains("5% off goods"), "{page}");
    // Another buyer's payment number shows nothing of it.
    let (_, dara) = buyer(&app, "Dara", 0).await;
    let dara_cookie = common::session_cookie(&dara);
    let (_, _, page) = common::page(&router, &uri, &[("cookie", dara_cookie.as_str())]).await;
    assert!(!page.contains(r#"data-testid="member-payment-result""#) && page.contains(r#"data-active="false""#));
    assert!(end_of(&app, user).await > 0);
    app.finish().await;
}
