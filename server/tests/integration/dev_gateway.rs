//! The local development payment gateway driven through the real adapters and the one
//! transport, in-process, for each of the seven online pay types: a payment is started with
//! the adapter (`transport::start`), the buyer approves, declines or abandons it on the
//! checkout page, the adapter's status query (PayPal: its capture) reads the outcome, the
//! notification the gateway sent verifies with `transport::verify_notification`, and refunds
//! go back within the amount paid. Also: every vendor's refusal of wrong credentials, PayPal's
//! token refreshed after a 401, the development clock, and nothing of it without `MALL_DEV=1`.

use crate::common;

use axum::body::Body;
use axum::http::Request;
use server::demo::dev_gateway::{self, SentNotification};
use server::payments::config::Gateways;
use server::payments::gateways::{
    aba, paypal, stripe, upay, BrowserAction, Buyer, Gateway, Money, OutboundRequest, PaymentEvent, PaymentRequest,
    PaymentStatus, RefundRequest, RefundStatus, Secret, StatusQuery, Verified,
};
use server::payments::transport::{self, TransportError};
use server::AppState;
use std::sync::Arc;
use tower::ServiceExt;

use api::config::pay_type::{ABA, ABA_DEEPLINK, PAYCARDPAL, PAYPAL, STRIPE, UPAY, UPAY_DEEPLINK};

/// Every online pay type.
const ONLINE: [i32; 7] = [PAYPAL, PAYCARDPAL, STRIPE, UPAY, UPAY_DEEPLINK, ABA, ABA_DEEPLINK];

/// What each pay type charges here: PayPal takes no riel; the others are tried in both.
fn amount_of(pay_type: i32) -> Money {
    match pay_type {
        UPAY_DEEPLINK | ABA_DEEPLINK => Money::khr(51_250),
        _ => Money::usd(1250),
    }
}

/// A fresh reference (the gateways' key of a payment).
fn reference() -> String {
    format!("T{:016x}", rand::random::<u64>())
}

fn payment(pay_type: i32, base: &str) -> PaymentRequest {
    let reference = reference();
    PaymentRequest {
        reference: reference.clone(),
        amount: amount_of(pay_type),
        description: "Development gateway test".into(),
        return_url: format!("{base}/payment?payNo={reference}"),
        cancel_url: format!("{base}/payment?payNo={reference}&cancel=1"),
        notify_url: format!("{base}/api/notice/pay/{pay_type}"),
        buyer: Buyer { email: Some("buyer@example.com".into()), ..Buyer::default() },
    }
}

/// A browser's request to the site's API (`url` under `/api`, or under the public origin).
async fn browse(state: &AppState, method: &str, url: &str, form: Option<String>) -> (u16, Option<String>, String) {
    let path = url.strip_prefix(state.gateways.return_base()).unwrap_or(url);
    let path = path.strip_prefix("/api").unwrap_or_else(|| panic!("not an API URL: {url}"));
    let mut request = Request::builder().method(method).uri(path);
    if form.is_some() {
        request = request.header("content-type", "application/x-www-form-urlencoded");
    }
    let request = request.body(form.map(Body::from).unwrap_or_else(Body::empty)).unwrap();
    let response = server::routes::api_router(state.clone()).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let location = response.headers().get("location").map(|v| v.to_str().unwrap().to_string());
    let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    (status, location, String::from_utf8_lossy(&body).into_owned())
}

/// A started payment: the gateway's id to keep, and its checkout page.
struct Started {
    gateway_ref: Option<String>,
    page_url: String,
    page_id: String,
}

/// Starts `payment` as the mall does, and follows the browser to the checkout page (ABA's
/// checkout form is posted as a browser posts it).
async fn start(state: &AppState, pay_type: i32, payment: &PaymentRequest) -> Started {
    let started = transport::start(state, pay_type, payment).await.unwrap_or_else(|e| panic!("{pay_type}: {e}"));
    let page_url = match started.action {
        BrowserAction::Redirect { url } => url,
        BrowserAction::OpenApp { deeplink, qr } => {
            assert_eq!(qr.as_deref(), Some(deeplink.as_str()), "{pay_type}: the QR code opens the same page");
            deeplink
        }
        BrowserAction::PostForm { action, fields } => {
            assert_eq!(pay_type, ABA);
            let form = serde_urlencoded::to_string(&fields).unwrap();
            let (status, location, body) = browse(state, "POST", &action, Some(form)).await;
            assert_eq!(status, 303, "{body}");
            location.expect("a redirect to the checkout page")
        }
        other => panic!("{pay_type}: {other:?}"),
    };
    let page_id = page_url.rsplit('/').next().unwrap().to_string();
    assert!(page_url.starts_with(&format!("{}/api/dev/gateway/checkout/", state.gateways.return_base())), "{page_url}");
    Started { gateway_ref: started.gateway_ref, page_url, page_id }
}

/// Posts a decision on the checkout page; the status and where the browser goes.
async fn decide(state: &AppState, started: &Started, decision: &str) -> (u16, Option<String>) {
    let (status, location, _) = browse(state, "POST", &started.page_url, Some(format!("decision={decision}"))).await;
    (status, location)
}

/// Where the mall reads a payment's outcome when the buyer comes back: PayPal captures.
async fn outcome(state: &AppState, pay_type: i32, payment: &PaymentRequest, started: &Started) -> PaymentEvent {
    let query = StatusQuery { reference: payment.reference.clone(), gateway_ref: started.gateway_ref.clone() };
    transport::capture(state, pay_type, &query).await.unwrap_or_else(|e| panic!("{pay_type}: {e}"))
}

async fn status(state: &AppState, pay_type: i32, payment: &PaymentRequest, started: &Started) -> PaymentEvent {
    let query = StatusQuery { reference: payment.reference.clone(), gateway_ref: started.gateway_ref.clone() };
    transport::status(state, pay_type, &query).await.unwrap_or_else(|e| panic!("{pay_type}: {e}"))
}

/// The notifications sent for a payment, once `count` of them have been delivered.
async fn delivered(state: &AppState, page_id: &str, count: usize) -> Vec<SentNotification> {
    for _ in 0..500 {
        let sent = dev_gateway::sent_notifications(state, page_id).await;
        if sent.len() >= count && sent.iter().all(|n| n.outcome.is_some()) {
            assert_eq!(sent.len(), count);
            return sent;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("{count} notifications expected: {:?}", dev_gateway::sent_notifications(state, page_id).await);
}

/// A notification as the mall verifies it.
async fn verified(state: &AppState, pay_type: i32, sent: &SentNotification) -> PaymentEvent {
    assert_eq!(sent.url, format!("/api/notice/pay/{pay_type}"), "where it went");
    assert!(matches!(sent.outcome, Some(Ok(_))), "delivered in-process: {:?}", sent.outcome);
    match transport::verify_notification(state, pay_type, &sent.header_map(), &sent.body).await {
        Ok(Verified::Event(event)) => event,
        other => panic!("{pay_type}: {other:?}"),
    }
}

/// Approve: paid, notified with a verifiable notification, refunded in two parts.
async fn approve_and_refund(state: &AppState, pay_type: i32) {
    let payment = payment(pay_type, state.gateways.return_base());
    let started = start(state, pay_type, &payment).await;
    let (code, _, page) = browse(state, "GET", &started.page_url, None).await;
    assert_eq!(code, 200, "{page}");
    assert!(page.contains("Development payment gateway — no real money"), "{page}");
    assert!(page.contains(&payment.amount.to_string()), "{page}");
    assert!(page.contains(&payment.reference), "{page}");
    assert_eq!(status(state, pay_type, &payment, &started).await.status, PaymentStatus::Pending, "{pay_type}");

    let (code, location) = decide(state, &started, "approve").await;
    assert_eq!(code, 303, "{pay_type}");
    let location = location.unwrap();
    assert!(location.starts_with(&payment.return_url), "{pay_type}: {location}");
    if matches!(pay_type, PAYPAL | PAYCARDPAL) {
        let order = started.gateway_ref.as_deref().unwrap();
        assert!(location.contains(&format!("token={order}")) && location.contains("PayerID="), "{location}");
        assert!(
            dev_gateway::sent_notifications(state, &started.page_id).await.is_empty(),
            "nothing before the capture"
        );
    }

    let paid = outcome(state, pay_type, &payment, &started).await;
    assert_eq!((paid.pay_type, paid.status), (pay_type, PaymentStatus::Paid), "{pay_type}");
    assert!(paid.settles(payment.amount), "{pay_type}: {paid:?}");
    assert_eq!(paid.reference, payment.reference);
    let transaction_id = paid.transaction_id.clone();
    assert!(transaction_id.is_some(), "{pay_type}");
    // Asking again (PayPal: capturing again with the same request id) answers the same.
    assert!(outcome(state, pay_type, &payment, &started).await.settles(payment.amount), "{pay_type}");
    assert!(status(state, pay_type, &payment, &started).await.settles(payment.amount), "{pay_type}");

    let sent = delivered(state, &started.page_id, 1).await;
    let event = verified(state, pay_type, &sent[0]).await;
    assert_eq!((event.status, event.reference.as_str()), (PaymentStatus::Paid, payment.reference.as_str()));
    assert_eq!(event.transaction_id, transaction_id, "{pay_type}");
    if matches!(pay_type, ABA | ABA_DEEPLINK) {
        assert_eq!(event.amount, None, "the pushback carries no amount: the query settles it");
    } else {
        assert!(event.settles(payment.amount), "{pay_type}: {event:?}");
    }

    // Decided once: a second decision changes nothing.
    assert_eq!(decide(state, &started, "decline").await.0, 409, "{pay_type}");
    assert!(status(state, pay_type, &payment, &started).await.settles(payment.amount), "{pay_type}");

    // Refunds, in two parts, and never more than was paid.
    let half = Money { minor: payment.amount.minor / 2, ..payment.amount };
    let rest = Money { minor: payment.amount.minor - half.minor, ..payment.amount };
    let refund = |amount: Money, key: &str| RefundRequest {
        reference: payment.reference.clone(),
        transaction_id: transaction_id.clone(),
        amount,
        refund_reference: format!("R{key}{}", &payment.reference[1..12]),
    };
    let first = transport::refund(state, pay_type, &refund(half, "1")).await.unwrap();
    assert_eq!(first.status, RefundStatus::Succeeded, "{pay_type}");
    let too_much = transport::refund(state, pay_type, &refund(payment.amount, "2")).await;
    assert!(matches!(too_much, Err(TransportError::Gateway(_))), "{pay_type}: {too_much:?}");
    let second = transport::refund(state, pay_type, &refund(rest, "3")).await.unwrap();
    assert_eq!(second.status, RefundStatus::Succeeded, "{pay_type}");
    let after = status(state, pay_type, &payment, &started).await;
    let expected = if pay_type == STRIPE { PaymentStatus::Paid } else { PaymentStatus::Refunded };
    assert_eq!(after.status, expected, "{pay_type}: a Checkout Session stays paid; the others say refunded");
    if pay_type != ABA && pay_type != ABA_DEEPLINK {
        // A repeated refund (same idempotency key) is the same refund, not a third one.
        let again = transport::refund(state, pay_type, &refund(rest, "3")).await.unwrap();
        assert_eq!(again.refund_id, second.refund_id, "{pay_type}");
    }
}

/// Decline: failed in the vendor's terms, with its failure notification where it has one.
async fn decline(state: &AppState, pay_type: i32) {
    let payment = payment(pay_type, state.gateways.return_base());
    let started = start(state, pay_type, &payment).await;
    let (code, location) = decide(state, &started, "decline").await;
    assert_eq!(code, 303, "{pay_type}");
    assert!(location.unwrap().starts_with(&payment.return_url), "{pay_type}");
    assert_eq!(status(state, pay_type, &payment, &started).await.status, PaymentStatus::Failed, "{pay_type}");
    if matches!(pay_type, PAYPAL | PAYCARDPAL) {
        // Nothing to capture: PayPal refuses, and sends nothing.
        let query = StatusQuery { reference: payment.reference.clone(), gateway_ref: started.gateway_ref.clone() };
        let captured = transport::capture(state, pay_type, &query).await;
        assert!(matches!(captured, Err(TransportError::Gateway(_))), "{captured:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(dev_gateway::sent_notifications(state, &started.page_id).await.is_empty());
    } else {
        let sent = delivered(state, &started.page_id, 1).await;
        let event = verified(state, pay_type, &sent[0]).await;
        assert_eq!((event.status, event.reference.as_str()), (PaymentStatus::Failed, payment.reference.as_str()));
    }
}

/// Approve without notifying: paid, and only the status query (PayPal: the capture) says so.
async fn approve_silently(state: &AppState, pay_type: i32) {
    let payment = payment(pay_type, state.gateways.return_base());
    let started = start(state, pay_type, &payment).await;
    assert_eq!(decide(state, &started, "approve-silent").await.0, 303, "{pay_type}");
    assert!(outcome(state, pay_type, &payment, &started).await.settles(payment.amount), "{pay_type}");
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert!(dev_gateway::sent_notifications(state, &started.page_id).await.is_empty(), "{pay_type}");
}

/// Abandon: back to the cancel URL, nothing changed.
async fn abandon(state: &AppState, pay_type: i32) {
    let payment = payment(pay_type, state.gateways.return_base());
    let started = start(state, pay_type, &payment).await;
    let (code, location) = decide(state, &started, "abandon").await;
    assert_eq!((code, location.as_deref()), (303, Some(payment.cancel_url.as_str())), "{pay_type}");
    assert_eq!(status(state, pay_type, &payment, &started).await.status, PaymentStatus::Pending, "{pay_type}");
    let (code, _, page) = browse(state, "GET", &started.page_url, None).await;
    assert!(code == 200 && page.contains("dev-gateway-approve"), "{pay_type}: still payable");
}

#[tokio::test]
async fn every_online_pay_type_is_paid_declined_and_abandoned_through_the_development_gateway() {
    common::with_empty_apps(async |app, what| {
        for pay_type in ONLINE {
            eprintln!("{what}: pay type {pay_type}");
            approve_and_refund(&app.state, pay_type).await;
            decline(&app.state, pay_type).await;
            approve_silently(&app.state, pay_type).await;
            abandon(&app.state, pay_type).await;
        }
    })
    .await;
}

#[tokio::test]
async fn under_a_public_origin_urls_are_absolute_and_stay_on_the_site() {
    common::with_empty_apps(async |app, _| {
        let gateways =
            Gateways::from_vars(true, |name| (name == "MALL_PUBLIC_URL").then(|| "https://mall.test".into()));
        let state = AppState { gateways: Arc::new(gateways), ..app.state.clone() };
        for pay_type in [STRIPE, ABA, UPAY_DEEPLINK, PAYPAL] {
            approve_and_refund(&state, pay_type).await;
        }
        // A return URL off the site is refused when the payment is created.
        for pay_type in [STRIPE, PAYPAL, UPAY, ABA_DEEPLINK] {
            let mut elsewhere = payment(pay_type, "https://mall.test.evil.test");
            elsewhere.notify_url = "https://mall.test/api/notice/pay/1".into();
            let refused = transport::start(&state, pay_type, &elsewhere).await;
            assert!(matches!(refused, Err(TransportError::Gateway(_))), "{pay_type}: {refused:?}");
        }
        // So is a notification URL outside this site's API.
        let mut elsewhere = payment(UPAY, "https://mall.test");
        elsewhere.notify_url = "http://127.0.0.1:9/notify".into();
        assert!(transport::start(&state, UPAY, &elsewhere).await.is_err());
    })
    .await;
}

/// Sends `request` as-is and returns the status and JSON answer.
async fn send(state: &AppState, request: OutboundRequest) -> (u16, serde_json::Value) {
    let reply = transport::send(state, &request).await.unwrap();
    (reply.status, serde_json::from_slice(&reply.body).unwrap_or_default())
}

#[tokio::test]
async fn every_vendor_refuses_wrong_credentials() {
    common::with_empty_apps(async |app, _| {
        let state = &app.state;
        let sample = payment(STRIPE, "");
        let ctx = server::payments::gateways::CallContext::at(state.db.now());

        // Stripe: another secret key.
        let mut config = stripe::StripeConfig::new(Secret::new("sk_test_wrong"), Secret::new("whsec_x"));
        config.api_base = "/api/dev/gateway/stripe".into();
        let server::payments::gateways::Start::Call(request) =
            stripe::Stripe::new(config).start(&sample, &ctx).unwrap()
        else {
            panic!()
        };
        let (code, body) = send(state, request).await;
        assert_eq!((code, body["error"]["code"].as_str()), (401, Some("api_key_invalid")));

        // PayPal: another client secret for the token; a token it never issued for a call.
        let mut config = paypal::PaypalConfig::sandbox("dev-gateway-client", Secret::new("wrong"), "W");
        config.api_base = "/api/dev/gateway/paypal".into();
        let wrong = paypal::Paypal::new(config, paypal::Funding::Wallet);
        let (code, body) = send(state, wrong.token_request().unwrap()).await;
        assert_eq!((code, body["error"].as_str()), (401, Some("invalid_client")));
        let forged = server::payments::gateways::CallContext { now_ms: ctx.now_ms, access_token: Some("A21AA-forged") };
        let server::payments::gateways::Start::Call(request) = wrong.start(&sample, &forged).unwrap() else { panic!() };
        let (code, body) = send(state, request).await;
        assert_eq!((code, body["error"].as_str()), (401, Some("invalid_token")));
        // ABA PayWay: a hash made with another key.
        let mut config = aba::AbaConfig::sandbox("ec_dev_gateway", Secret::new("wrong-key"));
        config.api_base = "/api/dev/gateway/aba".into();
        let wrong = aba::Aba::new(config, aba::Mode::Deeplink);
        let server::payments::gateways::Start::Call(request) = wrong.start(&sample, &ctx).unwrap() else { panic!() };
        let (code, body) = send(state, request).await;
        assert_eq!((code, body["status"]["code"].as_str()), (200, Some("1")), "{body}");
        let query = StatusQuery { reference: sample.reference.clone(), gateway_ref: None };
        let (_, body) = send(state, wrong.status_request(&query, &ctx).unwrap()).await;
        assert_eq!(body["status"]["code"], "1", "{body}");

        // UPAY: a signature made with another secret, and a stale one.
        let config = upay::UpayConfig::new("/api/dev/gateway/upay", "M-DEV-GATEWAY", Secret::new("wrong"));
        let wrong = upay::Upay::new(config, upay::Mode::Web);
        let (code, body) = send(state, wrong.status_request(&query, &ctx).unwrap()).await;
        assert_eq!((code, body["code"].as_str()), (401, Some("BAD_SIGNATURE")));
        let right = dev_gateway::adapter(server::payments::gateways::GatewayKind::Upay(upay::Mode::Web));
        let old = server::payments::gateways::CallContext::at(ctx.now_ms - 301_000);
        let (code, _) = send(state, right.status_request(&query, &old).unwrap()).await;
        assert_eq!(code, 401);

        // Unknown payments and certificates.
        let (code, _) = send(state, right.status_request(&query, &ctx).unwrap()).await;
        assert_eq!(code, 404);
        let certificate =
            OutboundRequest::new(http::Method::GET, "/api/dev/gateway/paypal/v1/notifications/certs/CERT-other");
        assert_eq!(transport::send(state, &certificate).await.unwrap().status, 404);
        let (code, _, _) = browse(state, "GET", &format!("/api/dev/gateway/checkout/{}", "0".repeat(32)), None).await;
        assert_eq!(code, 404);
        let (code, _, _) = browse(state, "GET", "/api/dev/gateway/checkout/..%2F", None).await;
        assert_eq!(code, 404);

        // PayPal: a token it issued works until its lifetime is over (on any node: tokens are kept in
        // the database).
        let mut config = paypal::PaypalConfig::sandbox("dev-gateway-client", Secret::new("dev-gateway-secret"), "W");
        config.api_base = "/api/dev/gateway/paypal".into();
        let right = paypal::Paypal::new(config, paypal::Funding::Wallet);
        let (code, body) = send(state, right.token_request().unwrap()).await;
        assert_eq!(code, 200, "{body}");
        let issued =
            server::payments::gateways::CallContext { now_ms: ctx.now_ms, access_token: body["access_token"].as_str() };
        let server::payments::gateways::Start::Call(request) = right.start(&sample, &issued).unwrap() else { panic!() };
        let (code, body) = send(state, request).await;
        assert_eq!(code, 200, "{body}");
        state.db.clock.advance(dev_gateway::paypal::TOKEN_LIFETIME_SECS * 1000);
        let server::payments::gateways::Start::Call(request) = right.start(&sample, &issued).unwrap() else { panic!() };
        let (code, body) = send(state, request).await;
        assert_eq!((code, body["error"].as_str()), (401, Some("invalid_token")), "expired");
    })
    .await;
}

#[tokio::test]
async fn a_refused_paypal_token_is_replaced_once() {
    common::with_empty_apps(async |app, _| {
        let state = &app.state;
        let payment = payment(PAYPAL, "");
        let started = start(state, PAYPAL, &payment).await;
        dev_gateway::paypal::revoke_tokens(state).await;
        // The cached token is refused (401): a new one is fetched and the call sent again.
        assert_eq!(status(state, PAYPAL, &payment, &started).await.status, PaymentStatus::Pending);
        // Both PayPal pay types share the app's token.
        let card = self::payment(PAYCARDPAL, "");
        start(state, PAYCARDPAL, &card).await;
    })
    .await;
}

#[tokio::test]
async fn the_development_clock_moves_forward_and_expires_what_ran_out() {
    common::with_empty_apps(async |app, what| {
        let state = &app.state;
        // A Stripe session lasts 24 hours; an ABA purchase its lifetime (the mall's 30 minutes).
        let stripe_payment = payment(STRIPE, "");
        let stripe_started = start(state, STRIPE, &stripe_payment).await;
        let aba_payment = payment(ABA_DEEPLINK, "");
        let aba_started = start(state, ABA_DEEPLINK, &aba_payment).await;

        let before = state.db.now();
        let answer = app.post_json("/dev/clock", r#"{"advanceMs": 1860000}"#, &[]).await;
        let data = answer.ok(what);
        assert!(data["now"].as_i64().unwrap() >= before + 1_860_000, "{data}");
        assert_eq!(data["cancelledOrders"], 0);
        assert_eq!(status(state, ABA_DEEPLINK, &aba_payment, &aba_started).await.status, PaymentStatus::Failed);
        assert_eq!(decide(state, &aba_started, "approve").await.0, 409, "expired: nothing to approve");
        assert_eq!(status(state, STRIPE, &stripe_payment, &stripe_started).await.status, PaymentStatus::Pending);
        app.post_json("/dev/clock", r#"{"advanceMs": 86400000}"#, &[]).await.ok(what);
        assert_eq!(status(state, STRIPE, &stripe_payment, &stripe_started).await.status, PaymentStatus::Failed);

        for bad in [
            r#"{"advanceMs": 0}"#,
            r#"{"advanceMs": 604800001}"#,
            r#"{"advanceMs": -5}"#,
            r#"{"advanceMs": "x"}"#,
            "{}",
        ] {
            let now = state.db.now();
            app.post_json("/dev/clock", bad, &[]).await.bad(what);
            assert!(state.db.now() - now < 60_000, "{bad}: the clock did not move");
        }
        app.post_json("/dev/clock", r#"{"advanceMs": 604800000}"#, &[]).await.ok(what);
    })
    .await;
}

#[tokio::test]
async fn without_development_mode_there_is_no_development_gateway() {
    common::with_empty_apps(async |app, _| {
        let state = AppState {
            config: Arc::new(server::config::Config { dev_mode: false, ..(*app.state.config).clone() }),
            gateways: Arc::new(Gateways::from_vars(false, |_| None)),
            ..app.state.clone()
        };
        assert!(state.gateways.pay_types().is_empty());
        let started = transport::start(&state, STRIPE, &payment(STRIPE, "")).await;
        assert!(matches!(started, Err(TransportError::NotConfigured(STRIPE))), "{started:?}");
        // Even with a development adapter, nothing answers: the paths do not exist.
        let adapter = dev_gateway::adapter(server::payments::gateways::GatewayKind::Stripe);
        let ctx = server::payments::gateways::CallContext::at(state.db.now());
        let server::payments::gateways::Start::Call(request) = adapter.start(&payment(STRIPE, ""), &ctx).unwrap()
        else {
            panic!()
        };
        assert_eq!(transport::send(&state, &request).await.unwrap().status, 404);
        let (code, _, _) = browse(&state, "GET", &format!("/api/dev/gateway/checkout/{}", "a".repeat(32)), None).await;
        assert_eq!(code, 404);
        let (code, _, _) = browse(&state, "POST", "/api/dev/clock", Some(String::new())).await;
        assert_eq!(code, 404);
    })
    .await;
}
