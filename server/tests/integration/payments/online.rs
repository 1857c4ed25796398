//! Paying through the local development gateway: every gateway, declined and abandoned payments,
//! replayed, tampered and late notifications, and top-ups.

use super::*;

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
