use super::super::test_support::{headers, NOW_MS};
use super::super::Buyer;
use super::*;
use serde_json::json;

const SECRET: &str = "whsec_test_not_a_real_secret";
const NOW: i64 = NOW_MS / 1000;

fn stripe() -> Stripe {
    let mut config = StripeConfig::new(Secret::new("sk_test_not_a_real_key"), Secret::new(SECRET));
    config.api_base = "https://stripe.dev.test/".into();
    Stripe::new(config)
}

fn payment(amount: Money) -> PaymentRequest {
    PaymentRequest {
        reference: "P20250102-0001".into(),
        amount,
        description: "Mekong Mall order".into(),
        return_url: "https://mall.test/payment/return?ref=P20250102-0001".into(),
        cancel_url: "https://mall.test/payment?cancel=1".into(),
        notify_url: "https://mall.test/api/payments/notify/13".into(),
        buyer: Buyer { email: Some("buyer@example.com".into()), ..Buyer::default() },
    }
}

fn event(event_type: &str, object: Value) -> Vec<u8> {
    json!({"id": "evt_1", "object": "event", "type": event_type, "data": {"object": object}}).to_string().into_bytes()
}

fn completed_session() -> Value {
    json!({
        "id": "cs_test_1", "object": "checkout.session", "client_reference_id": "P20250102-0001",
        "amount_total": 1250, "currency": "usd", "status": "complete", "payment_status": "paid",
        "payment_intent": "pi_1", "metadata": {"reference": "P20250102-0001"}
    })
}

fn verify(body: &[u8], signature: &str, now_ms: i64) -> Result<Verified, VerifyError> {
    let headers = headers(&[("stripe-signature", signature)]);
    stripe().verify(&Notification { body, headers: &headers, certificate: None }, now_ms)
}

/// The example header of Stripe's documentation ("Webhooks", "Verify signatures manually",
/// https://docs.stripe.com/webhooks#verify-manually): one timestamp, a `v1` and a test-mode
/// `v0` that must be ignored.
#[test]
fn the_documented_header_parses() {
    let header = "t=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd,\
                  v0=6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39";
    let parsed = SignatureHeader::parse(header).unwrap();
    assert_eq!(parsed.timestamp, 1_492_774_577);
    assert_eq!(parsed.v1, ["5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"]);
    assert!(SignatureHeader::parse("v1=abc").is_err());
    assert!(SignatureHeader::parse("t=soon,v1=abc").is_err());
}

#[test]
fn a_signed_event_verifies() {
    let body = event("checkout.session.completed", completed_session());
    let signature = signature_header(SECRET, NOW, &body);
    assert_eq!(signature, format!("t={NOW},v1={}", sign(SECRET, NOW, &body)));
    let Verified::Event(payment) = verify(&body, &signature, NOW_MS).unwrap() else { panic!("not an event") };
    assert_eq!(
        payment,
        PaymentEvent {
            pay_type: pay_type::STRIPE,
            event_id: Some("evt_1".into()),
            reference: "P20250102-0001".into(),
            transaction_id: Some("pi_1".into()),
            amount: Some(Money::usd(1250)),
            status: PaymentStatus::Paid,
        }
    );
    assert!(payment.settles(Money::usd(1250)));
}

#[test]
fn the_signature_is_hmac_sha256_of_timestamp_dot_payload() {
    let body = br#"{"id":"evt_1"}"#;
    let expected = hex::encode(hmac_sha256(SECRET.as_bytes(), &[format!("{NOW}.").as_bytes(), body]));
    assert_eq!(sign(SECRET, NOW, body), expected);
}

#[test]
fn any_v1_may_match_while_a_secret_rolls() {
    let body = event("checkout.session.completed", completed_session());
    let old = sign("whsec_previous_secret", NOW, &body);
    let current = sign(SECRET, NOW, &body);
    let header = format!("t={NOW},v1={old},v1={current},v0=ignored");
    assert!(verify(&body, &header, NOW_MS).is_ok());
    let header = format!("t={NOW},v1={old},v1=not-hex");
    assert_eq!(verify(&body, &header, NOW_MS), Err(VerifyError::BadSignature));
}

#[test]
fn tampering_is_refused() {
    let body = event("checkout.session.completed", completed_session());
    let signature = signature_header(SECRET, NOW, &body);
    // A changed body.
    let mut tampered = body.clone();
    let at = tampered.iter().position(|b| *b == b'5').unwrap();
    tampered[at] = b'6';
    assert_eq!(verify(&tampered, &signature, NOW_MS), Err(VerifyError::BadSignature));
    // A changed timestamp (it is signed).
    let moved = signature.replacen(&format!("t={NOW}"), &format!("t={}", NOW + 1), 1);
    assert_eq!(verify(&body, &moved, NOW_MS), Err(VerifyError::BadSignature));
    // Another secret.
    assert_eq!(verify(&body, &signature_header("whsec_other", NOW, &body), NOW_MS), Err(VerifyError::BadSignature));
    // Only a v0 signature.
    let v0 = format!("t={NOW},v0={}", sign(SECRET, NOW, &body));
    assert_eq!(verify(&body, &v0, NOW_MS), Err(VerifyError::BadSignature));
    // No header at all.
    let none = http::HeaderMap::new();
    assert_eq!(
        stripe().verify(&Notification { body: &body, headers: &none, certificate: None }, NOW_MS),
        Err(VerifyError::MissingHeader(SIGNATURE_HEADER))
    );
}

#[test]
fn old_and_future_timestamps_are_refused() {
    let body = event("checkout.session.completed", completed_session());
    let old = signature_header(SECRET, NOW - 301, &body);
    assert_eq!(verify(&body, &old, NOW_MS), Err(VerifyError::StaleTimestamp { age_secs: 301 }));
    assert!(verify(&body, &signature_header(SECRET, NOW - 300, &body), NOW_MS).is_ok());
    let future = signature_header(SECRET, NOW + 400, &body);
    assert_eq!(verify(&body, &future, NOW_MS), Err(VerifyError::StaleTimestamp { age_secs: -400 }));
}

#[test]
fn an_empty_secret_verifies_nothing() {
    let body = b"{}";
    let config = StripeConfig::new(Secret::new("sk_test_x"), Secret::new(""));
    let headers = headers(&[("stripe-signature", &signature_header("", NOW, body))]);
    assert_eq!(
        Stripe::new(config).verify(&Notification { body, headers: &headers, certificate: None }, NOW_MS),
        Err(VerifyError::NotConfigured("Stripe webhook secret"))
    );
}

#[test]
fn events_map_to_payment_outcomes() {
    let parse = |event_type: &str, object: Value| match parse_event(&event(event_type, object)).unwrap() {
        Verified::Event(payment) => payment,
        other => panic!("{other:?}"),
    };
    let unpaid = json!({"client_reference_id": "P1", "amount_total": 1250, "currency": "usd",
                        "status": "complete", "payment_status": "unpaid", "id": "cs_1"});
    assert_eq!(parse("checkout.session.completed", unpaid.clone()).status, PaymentStatus::Pending);
    assert_eq!(parse("checkout.session.completed", unpaid.clone()).transaction_id.as_deref(), Some("cs_1"));
    assert_eq!(parse("checkout.session.async_payment_succeeded", unpaid.clone()).status, PaymentStatus::Paid);
    assert_eq!(parse("checkout.session.async_payment_failed", unpaid.clone()).status, PaymentStatus::Failed);
    assert_eq!(parse("checkout.session.expired", unpaid).status, PaymentStatus::Failed);

    let intent = json!({"id": "pi_1", "amount": 5_125_000, "amount_received": 5_125_000, "currency": "khr",
                        "metadata": {"reference": "P2"}});
    let paid = parse("payment_intent.succeeded", intent.clone());
    assert_eq!(
        (paid.status, paid.amount, paid.reference.as_str()),
        (PaymentStatus::Paid, Some(Money::khr(51_250)), "P2")
    );
    assert_eq!(parse("payment_intent.payment_failed", intent.clone()).status, PaymentStatus::Failed);
    assert_eq!(parse("payment_intent.processing", intent).status, PaymentStatus::Pending);

    assert_eq!(
        parse_event(&event("customer.created", json!({"id": "cus_1"}))).unwrap(),
        Verified::Ignored { event_type: "customer.created".into() }
    );
    assert!(parse_event(&event("payment_intent.succeeded", json!({"id": "pi_1"}))).is_err());
    assert!(parse_event(&event(
        "payment_intent.succeeded",
        json!({"metadata": {"reference": "P"}, "amount_received": 1, "currency": "eur"})
    ))
    .is_err());
    assert!(parse_event(b"not json").is_err());
    assert!(parse_event(b"{}").is_err());
}

#[test]
fn khr_counts_hundredths_at_stripe() {
    assert_eq!(to_stripe_amount(Money::khr(51_250)), Some(5_125_000));
    assert_eq!(to_stripe_amount(Money::usd(1250)), Some(1250));
    assert_eq!(from_stripe_amount("khr", 5_125_000), Some(Money::khr(51_250)));
    assert_eq!(from_stripe_amount("KHR", 5_125_050), None);
    assert_eq!(from_stripe_amount("usd", 1250), Some(Money::usd(1250)));
    assert_eq!(from_stripe_amount("eur", 1250), None);
    assert_eq!(to_stripe_amount(Money::khr(i64::MAX)), None);
}

#[test]
fn a_checkout_session_is_requested_form_encoded() {
    let Start::Call(request) = stripe().start(&payment(Money::usd(1250)), &CallContext::at(NOW_MS)).unwrap() else {
        panic!("Stripe starts with a call")
    };
    assert_eq!(request.method, Method::POST);
    assert_eq!(request.url, "https://stripe.dev.test/v1/checkout/sessions");
    assert_eq!(request.header("authorization"), Some("Bearer sk_test_not_a_real_key"));
    assert_eq!(request.header("idempotency-key"), Some("checkout-P20250102-0001"));
    assert_eq!(request.header("content-type"), Some("application/x-www-form-urlencoded"));
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&request.body).unwrap();
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    assert_eq!(field("mode"), Some("payment"));
    assert_eq!(field("client_reference_id"), Some("P20250102-0001"));
    assert_eq!(field("line_items[0][price_data][currency]"), Some("usd"));
    assert_eq!(field("line_items[0][price_data][unit_amount]"), Some("1250"));
    assert_eq!(field("line_items[0][quantity]"), Some("1"));
    assert_eq!(field("line_items[0][price_data][product_data][name]"), Some("Mekong Mall order"));
    assert_eq!(field("success_url"), Some("https://mall.test/payment/return?ref=P20250102-0001"));
    assert_eq!(field("payment_intent_data[metadata][reference]"), Some("P20250102-0001"));
    assert_eq!(field("customer_email"), Some("buyer@example.com"));

    let Start::Call(khr) = stripe().start(&payment(Money::khr(51_250)), &CallContext::at(NOW_MS)).unwrap() else {
        panic!()
    };
    assert!(khr.body_text().contains("unit_amount%5D=5125000"), "{}", khr.body_text());
}

#[test]
fn bad_payments_are_refused_before_any_call() {
    let ctx = CallContext::at(NOW_MS);
    assert_eq!(
        stripe().start(&payment(Money::usd(49)), &ctx),
        Err(GatewayError::InvalidAmount("Stripe charges at least $0.50"))
    );
    assert!(stripe().start(&payment(Money::usd(0)), &ctx).is_err());
    assert!(stripe()
        .start(&PaymentRequest { reference: "bad ref".into(), ..payment(Money::usd(1250)) }, &ctx)
        .is_err());
    let unconfigured = Stripe::new(StripeConfig::new(Secret::new(""), Secret::new(SECRET)));
    assert_eq!(
        unconfigured.start(&payment(Money::usd(1250)), &ctx),
        Err(GatewayError::NotConfigured("Stripe secret key"))
    );
}

#[test]
fn the_session_answer_tells_where_to_go() {
    let body = json!({"id": "cs_test_1", "url": "https://checkout.stripe.com/c/pay/cs_test_1"}).to_string();
    let started =
        stripe().read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: body.as_bytes() }).unwrap();
    assert_eq!(started.gateway_ref.as_deref(), Some("cs_test_1"));
    assert_eq!(started.action, BrowserAction::Redirect { url: "https://checkout.stripe.com/c/pay/cs_test_1".into() });

    let error = json!({"error": {"type": "invalid_request_error", "code": "amount_too_small", "message": "Amount must be at least $0.50 usd"}}).to_string();
    assert_eq!(
        stripe().read_start(&payment(Money::usd(1250)), &Answer { status: 400, body: error.as_bytes() }),
        Err(GatewayError::Refused {
            status: 400,
            code: "amount_too_small".into(),
            message: "Amount must be at least $0.50 usd".into()
        })
    );
    assert!(stripe().read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: b"{}" }).is_err());
}

#[test]
fn a_late_payment_is_settled_by_the_session() {
    let query = StatusQuery { reference: "P20250102-0001".into(), gateway_ref: Some("cs_test_1".into()) };
    let request = stripe().status_request(&query, &CallContext::at(NOW_MS)).unwrap();
    assert_eq!(
        (request.method.clone(), request.url.as_str()),
        (Method::GET, "https://stripe.dev.test/v1/checkout/sessions/cs_test_1")
    );
    let body = completed_session().to_string();
    let payment = stripe().read_status(&query, &Answer { status: 200, body: body.as_bytes() }).unwrap();
    assert!(payment.settles(Money::usd(1250)));

    let other = StatusQuery { reference: "P-OTHER".into(), ..query.clone() };
    assert!(stripe().read_status(&other, &Answer { status: 200, body: body.as_bytes() }).is_err());
    let expired =
        json!({"client_reference_id": "P20250102-0001", "status": "expired", "payment_status": "unpaid"}).to_string();
    assert_eq!(
        stripe().read_status(&query, &Answer { status: 200, body: expired.as_bytes() }).unwrap().status,
        PaymentStatus::Failed
    );
    assert_eq!(
        stripe().status_request(&StatusQuery { gateway_ref: None, ..query.clone() }, &CallContext::at(NOW_MS)),
        Err(GatewayError::MissingGatewayRef)
    );
    assert!(stripe()
        .status_request(&StatusQuery { gateway_ref: Some("../v1/charges".into()), ..query }, &CallContext::at(NOW_MS))
        .is_err());
}

#[test]
fn refunds_name_the_payment_intent() {
    let refund = RefundRequest {
        reference: "P20250102-0001".into(),
        transaction_id: Some("pi_1".into()),
        amount: Money::usd(500),
        refund_reference: "R1".into(),
    };
    let request = stripe().refund_request(&refund, &CallContext::at(NOW_MS)).unwrap();
    assert_eq!(request.url, "https://stripe.dev.test/v1/refunds");
    assert_eq!(request.header("idempotency-key"), Some("refund-R1"));
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&request.body).unwrap();
    assert!(fields.contains(&("payment_intent".into(), "pi_1".into())));
    assert!(fields.contains(&("amount".into(), "500".into())));
    assert_eq!(
        stripe().refund_request(&RefundRequest { transaction_id: None, ..refund }, &CallContext::at(NOW_MS)),
        Err(GatewayError::MissingTransactionId)
    );
    let read = |status: &str| {
        let body = json!({"id": "re_1", "status": status}).to_string();
        stripe().read_refund(&Answer { status: 200, body: body.as_bytes() }).map(|o| o.status)
    };
    assert_eq!(read("succeeded"), Ok(RefundStatus::Succeeded));
    assert_eq!(read("pending"), Ok(RefundStatus::Pending));
    assert_eq!(read("failed"), Ok(RefundStatus::Failed));
    assert!(read("unknown").is_err());
}
