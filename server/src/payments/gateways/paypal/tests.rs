use super::super::test_support::{headers, NOW_MS};
use super::super::Buyer;
use super::*;

/// A throwaway RSA-2048 key and self-signed certificate made for these tests only.
const TEST_KEY: &[u8] = include_bytes!("../testdata/paypal-test-signer.key.pem");
const TEST_CERT: &[u8] = include_bytes!("../testdata/paypal-test-signer.cert.pem");
/// Another certificate, whose key did not sign anything here.
const OTHER_CERT: &[u8] = include_bytes!("../testdata/other-signer.cert.pem");
const WEBHOOK_ID: &str = "8PT597110X687430LKGECATA";
const CERT_URL_VALUE: &str = "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77";
/// 2025-01-02T03:04:05Z, [`NOW_MS`].
const NOW_TEXT: &str = "2025-01-02T03:04:05Z";

fn paypal(funding: Funding) -> Paypal {
    let mut config = PaypalConfig::sandbox("client-id-test", Secret::new("client-secret-test"), WEBHOOK_ID);
    config.api_base = "https://paypal.dev.test".into();
    config.brand_name = Some("Mekong Mall".into());
    Paypal::new(config, funding)
}

fn ctx() -> CallContext<'static> {
    CallContext { now_ms: NOW_MS, access_token: Some("A21AA-test-token") }
}

fn payment(amount: Money) -> PaymentRequest {
    PaymentRequest {
        reference: "P20250102-0002".into(),
        amount,
        description: "Mekong Mall order".into(),
        return_url: "https://mall.test/payment/return".into(),
        cancel_url: "https://mall.test/payment".into(),
        notify_url: String::new(),
        buyer: Buyer::default(),
    }
}

fn capture_completed() -> Vec<u8> {
    json!({
        "id": "WH-58D329510W468432D-8HN650336L201105X",
        "event_version": "1.0",
        "create_time": NOW_TEXT,
        "resource_type": "capture",
        "event_type": "PAYMENT.CAPTURE.COMPLETED",
        "resource": {
            "id": "2GG279541U471931P", "status": "COMPLETED",
            "amount": {"currency_code": "USD", "value": "12.50"},
            "custom_id": "P20250102-0002", "final_capture": true
        }
    })
    .to_string()
    .into_bytes()
}

/// Headers PayPal would send for `body`, signed with the test key.
fn signed(body: &[u8], time: &str) -> HeaderMap {
    let message = transmission_message("69cd13f0-d67a-11e5-baa3-778b53f4ae55", time, WEBHOOK_ID, body);
    let signature = sign_transmission(TEST_KEY, message.as_bytes()).unwrap();
    headers(&[
        ("paypal-transmission-id", "69cd13f0-d67a-11e5-baa3-778b53f4ae55"),
        ("paypal-transmission-time", time),
        ("paypal-transmission-sig", &signature),
        ("paypal-cert-url", CERT_URL_VALUE),
        ("paypal-auth-algo", "SHA256withRSA"),
    ])
}

fn verify(body: &[u8], headers: &HeaderMap, cert: Option<&[u8]>) -> Result<Verified, VerifyError> {
    paypal(Funding::Wallet).verify(&Notification { body, headers, certificate: cert }, NOW_MS)
}

/// CRC-32 (ISO-HDLC, the zlib/PNG polynomial PayPal's examples use) of "123456789" is the
/// catalogue's check value 0xCBF43926 ("Catalogue of parametrised CRC algorithms",
/// https://reveng.sourceforge.io/crc-catalogue/17plus.htm#crc.cat.crc-32-iso-hdlc), written
/// in decimal as PayPal's message wants it.
#[test]
fn the_message_carries_the_crc32_in_decimal() {
    assert_eq!(
        transmission_message("T1", "2016-02-18T20:01:35Z", "W1", b"123456789"),
        "T1|2016-02-18T20:01:35Z|W1|3421780262"
    );
    assert_eq!(transmission_message("T1", "t", "W1", b""), "T1|t|W1|0");
}

#[test]
fn a_signed_webhook_verifies() {
    let body = capture_completed();
    let Verified::Event(payment) = verify(&body, &signed(&body, NOW_TEXT), Some(TEST_CERT)).unwrap() else {
        panic!("not an event")
    };
    assert_eq!(
        payment,
        PaymentEvent {
            pay_type: pay_type::PAYPAL,
            event_id: Some("WH-58D329510W468432D-8HN650336L201105X".into()),
            reference: "P20250102-0002".into(),
            transaction_id: Some("2GG279541U471931P".into()),
            amount: Some(Money::usd(1250)),
            status: PaymentStatus::Paid,
        }
    );
    assert!(payment.settles(Money::usd(1250)));
    let card = paypal(Funding::Card)
        .verify(&Notification { body: &body, headers: &signed(&body, NOW_TEXT), certificate: Some(TEST_CERT) }, NOW_MS)
        .unwrap();
    assert!(matches!(card, Verified::Event(PaymentEvent { pay_type: pay_type::PAYCARDPAL, .. })));
}

#[test]
fn tampering_is_refused() {
    let body = capture_completed();
    let headers = signed(&body, NOW_TEXT);
    // A changed body (12.50 → 12.60).
    let tampered = String::from_utf8(body.clone()).unwrap().replace("12.50", "12.60").into_bytes();
    assert_eq!(verify(&tampered, &headers, Some(TEST_CERT)), Err(VerifyError::BadSignature));
    // A changed transmission time (it is signed).
    let mut moved = headers.clone();
    moved.insert("paypal-transmission-time", "2025-01-02T03:04:06Z".parse().unwrap());
    assert_eq!(verify(&body, &moved, Some(TEST_CERT)), Err(VerifyError::BadSignature));
    // Another webhook id.
    let mut other = paypal(Funding::Wallet);
    other.config.webhook_id = "OTHERWEBHOOK".into();
    assert_eq!(
        other.verify(&Notification { body: &body, headers: &headers, certificate: Some(TEST_CERT) }, NOW_MS),
        Err(VerifyError::BadSignature)
    );
    // Another key's certificate.
    assert_eq!(verify(&body, &headers, Some(OTHER_CERT)), Err(VerifyError::BadSignature));
    // A signature that is not base64.
    let mut garbled = headers.clone();
    garbled.insert("paypal-transmission-sig", "!!!".parse().unwrap());
    assert_eq!(verify(&body, &garbled, Some(TEST_CERT)), Err(VerifyError::BadSignature));
}

#[test]
fn stale_transmissions_are_refused() {
    let body = capture_completed();
    let old = signed(&body, "2025-01-02T02:59:04Z");
    assert_eq!(verify(&body, &old, Some(TEST_CERT)), Err(VerifyError::StaleTimestamp { age_secs: 301 }));
    assert!(verify(&body, &signed(&body, "2025-01-02T02:59:05Z"), Some(TEST_CERT)).is_ok());
    let unreadable = signed(&body, "yesterday");
    assert!(matches!(verify(&body, &unreadable, Some(TEST_CERT)), Err(VerifyError::Malformed(_))));
}

#[test]
fn certificates_come_only_from_paypal() {
    let body = capture_completed();
    let headers = signed(&body, NOW_TEXT);
    let fetch = paypal(Funding::Wallet).certificate_request(&headers).unwrap().unwrap();
    assert_eq!((fetch.method, fetch.url.as_str()), (Method::GET, CERT_URL_VALUE));
    assert_eq!(verify(&body, &headers, None), Err(VerifyError::CertificateRequired));

    for url in [
        "https://evil.test/v1/notifications/certs/CERT-1",
        "http://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
        "https://api.sandbox.paypal.com.evil.test/v1/notifications/certs/CERT-1",
        "https://api.sandbox.paypal.com@evil.test/v1/notifications/certs/CERT-1",
        "https://api.sandbox.paypal.com/v1/notifications/certs/../../oauth2/token",
        "https://api.sandbox.paypal.com/v1/notifications/certs/",
        "https://api.sandbox.paypal.com/v1/other/CERT-1",
        "https://api.paypal.com/v1/notifications/certs/CERT-1",
    ] {
        let mut forged = headers.clone();
        forged.insert("paypal-cert-url", url.parse().unwrap());
        assert!(
            matches!(paypal(Funding::Wallet).certificate_request(&forged), Err(VerifyError::UntrustedCertificate(_))),
            "{url}"
        );
        assert!(matches!(verify(&body, &forged, Some(TEST_CERT)), Err(VerifyError::UntrustedCertificate(_))), "{url}");
    }
    let live = Paypal::new(PaypalConfig::live("id", Secret::new("s"), WEBHOOK_ID), Funding::Wallet);
    assert!(live.check_cert_url("https://api.paypal.com/v1/notifications/certs/CERT-1").is_ok());
    assert!(live.check_cert_url(CERT_URL_VALUE).is_err());
    assert!(matches!(verify(&body, &headers, Some(b"not a certificate")), Err(VerifyError::UntrustedCertificate(_))));
}

#[test]
fn headers_and_algorithm_are_required() {
    let body = capture_completed();
    let headers = signed(&body, NOW_TEXT);
    for name in [TRANSMISSION_ID, TRANSMISSION_TIME, TRANSMISSION_SIG, CERT_URL, AUTH_ALGO_HEADER] {
        let mut missing = headers.clone();
        missing.remove(name);
        assert_eq!(verify(&body, &missing, Some(TEST_CERT)), Err(VerifyError::MissingHeader(name)));
    }
    let mut other_algo = headers.clone();
    other_algo.insert("paypal-auth-algo", "SHA1withRSA".parse().unwrap());
    assert!(matches!(verify(&body, &other_algo, Some(TEST_CERT)), Err(VerifyError::Malformed(_))));
    let mut unconfigured = paypal(Funding::Wallet);
    unconfigured.config.webhook_id.clear();
    assert_eq!(
        unconfigured.verify(&Notification { body: &body, headers: &headers, certificate: Some(TEST_CERT) }, NOW_MS),
        Err(VerifyError::NotConfigured("PayPal webhook id"))
    );
}

#[test]
fn events_map_to_payment_outcomes() {
    let event = |event_type: &str, resource: Value| {
        parse_event(json!({"id": "WH-1", "event_type": event_type, "resource": resource}).to_string().as_bytes())
    };
    let capture = json!({"id": "C1", "status": "PENDING", "amount": {"currency_code": "USD", "value": "5.00"}, "custom_id": "P1"});
    let status_of = |verified: Result<Verified, VerifyError>| match verified.unwrap() {
        Verified::Event(payment) => payment.status,
        other => panic!("{other:?}"),
    };
    assert_eq!(status_of(event("PAYMENT.CAPTURE.PENDING", capture.clone())), PaymentStatus::Pending);
    assert_eq!(status_of(event("PAYMENT.CAPTURE.DENIED", capture.clone())), PaymentStatus::Failed);
    assert_eq!(status_of(event("PAYMENT.CAPTURE.REFUNDED", capture.clone())), PaymentStatus::Refunded);
    assert_eq!(
        event("PAYMENT.CAPTURE.REFUNDED", json!({"id": "R1"})).unwrap(),
        Verified::Ignored { event_type: "PAYMENT.CAPTURE.REFUNDED".into() }
    );
    let approved = json!({"id": "5O190127TN364715T", "status": "APPROVED",
        "purchase_units": [{"reference_id": "P1", "custom_id": "P1", "amount": {"currency_code": "USD", "value": "5.00"}}]});
    let Verified::Event(order) = event("CHECKOUT.ORDER.APPROVED", approved).unwrap() else { panic!() };
    assert_eq!((order.status, order.transaction_id.as_deref()), (PaymentStatus::Pending, Some("5O190127TN364715T")));
    assert_eq!(
        event("BILLING.SUBSCRIPTION.CREATED", json!({})).unwrap(),
        Verified::Ignored { event_type: "BILLING.SUBSCRIPTION.CREATED".into() }
    );
    assert!(event(
        "PAYMENT.CAPTURE.COMPLETED",
        json!({"id": "C1", "custom_id": "P1", "amount": {"currency_code": "EUR", "value": "5.00"}})
    )
    .is_err());
    assert!(event(
        "PAYMENT.CAPTURE.COMPLETED",
        json!({"id": "C1", "amount": {"currency_code": "USD", "value": "5.00"}})
    )
    .is_err());
    assert!(parse_event(b"{}").is_err());
}

#[test]
fn khr_is_refused_and_usd_has_two_decimals() {
    assert_eq!(amount_json(Money::usd(1250)).unwrap(), json!({"currency_code": "USD", "value": "12.50"}));
    assert_eq!(amount_json(Money::usd(7)).unwrap()["value"], "0.07");
    let refused = GatewayError::UnsupportedCurrency { gateway: "PayPal", currency: Currency::Khr };
    assert_eq!(amount_json(Money::khr(51_250)), Err(refused.clone()));
    assert_eq!(paypal(Funding::Wallet).start(&payment(Money::khr(51_250)), &ctx()), Err(refused));
    assert!(!paypal(Funding::Card).supports(Currency::Khr));
    assert!(paypal(Funding::Card).supports(Currency::Usd));
}

#[test]
fn an_order_is_created_with_the_funding_source() {
    let Start::Call(request) = paypal(Funding::Wallet).start(&payment(Money::usd(1250)), &ctx()).unwrap() else {
        panic!("PayPal starts with a call")
    };
    assert_eq!(
        (request.method.clone(), request.url.as_str()),
        (Method::POST, "https://paypal.dev.test/v2/checkout/orders")
    );
    assert_eq!(request.header("authorization"), Some("Bearer A21AA-test-token"));
    assert_eq!(request.header("paypal-request-id"), Some("create-P20250102-0002"));
    let body: Value = serde_json::from_slice(&request.body).unwrap();
    assert_eq!(body["intent"], "CAPTURE");
    assert_eq!(body["purchase_units"][0]["custom_id"], "P20250102-0002");
    assert_eq!(body["purchase_units"][0]["amount"], json!({"currency_code": "USD", "value": "12.50"}));
    let experience = &body["payment_source"]["paypal"]["experience_context"];
    assert_eq!(experience["landing_page"], "LOGIN");
    assert_eq!(experience["return_url"], "https://mall.test/payment/return");
    assert_eq!(experience["brand_name"], "Mekong Mall");

    let Start::Call(card) = paypal(Funding::Card).start(&payment(Money::usd(1250)), &ctx()).unwrap() else { panic!() };
    let body: Value = serde_json::from_slice(&card.body).unwrap();
    assert_eq!(body["payment_source"]["paypal"]["experience_context"]["landing_page"], "GUEST_CHECKOUT");

    assert_eq!(
        paypal(Funding::Wallet).start(&payment(Money::usd(1250)), &CallContext::at(NOW_MS)),
        Err(GatewayError::MissingAccessToken)
    );
}

#[test]
fn the_buyer_goes_to_the_payer_action_link() {
    let answer = json!({"id": "5O190127TN364715T", "status": "PAYER_ACTION_REQUIRED", "links": [
        {"href": "https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T", "rel": "self", "method": "GET"},
        {"href": "https://www.paypal.com/checkoutnow?token=5O190127TN364715T", "rel": "payer-action", "method": "GET"}
    ]})
    .to_string();
    let started = paypal(Funding::Wallet)
        .read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: answer.as_bytes() })
        .unwrap();
    assert_eq!(started.gateway_ref.as_deref(), Some("5O190127TN364715T"));
    assert_eq!(
        started.action,
        BrowserAction::Redirect { url: "https://www.paypal.com/checkoutnow?token=5O190127TN364715T".into() }
    );
    let error = json!({"name": "UNPROCESSABLE_ENTITY", "message": "The requested action could not be performed.",
                       "details": [{"issue": "CURRENCY_NOT_SUPPORTED"}]})
    .to_string();
    assert!(matches!(
        paypal(Funding::Wallet).read_start(&payment(Money::usd(1250)), &Answer { status: 422, body: error.as_bytes() }),
        Err(GatewayError::Refused { status: 422, ref code, .. }) if code == "CURRENCY_NOT_SUPPORTED"
    ));
}

#[test]
fn the_token_exchange_uses_basic_credentials() {
    let request = paypal(Funding::Wallet).token_request().unwrap();
    assert_eq!(request.url, "https://paypal.dev.test/v1/oauth2/token");
    let expected = format!("Basic {}", STANDARD.encode("client-id-test:client-secret-test"));
    assert_eq!(request.header("authorization"), Some(expected.as_str()));
    assert_eq!(request.body_text(), "grant_type=client_credentials");
    let answer = json!({"access_token": "A21AA-new", "token_type": "Bearer", "expires_in": 32400}).to_string();
    let token = paypal(Funding::Wallet).read_token(&Answer { status: 200, body: answer.as_bytes() }).unwrap();
    assert_eq!((token.token.expose(), token.expires_in_secs), ("A21AA-new", 32_400));
    let refused = json!({"error": "invalid_client", "error_description": "Client Authentication failed"}).to_string();
    assert!(matches!(
        paypal(Funding::Wallet).read_token(&Answer { status: 401, body: refused.as_bytes() }),
        Err(GatewayError::Refused { status: 401, ref code, .. }) if code == "invalid_client"
    ));
}

#[test]
fn capture_and_status_read_the_order() {
    let gateway = paypal(Funding::Wallet);
    let capture = gateway.capture_request("5O190127TN364715T", &ctx()).unwrap().unwrap();
    assert_eq!(capture.url, "https://paypal.dev.test/v2/checkout/orders/5O190127TN364715T/capture");
    assert_eq!(capture.header("paypal-request-id"), Some("capture-5O190127TN364715T"));
    assert!(gateway.capture_request("../x", &ctx()).is_err());

    let query = StatusQuery { reference: "P20250102-0002".into(), gateway_ref: Some("5O190127TN364715T".into()) };
    let status = gateway.status_request(&query, &ctx()).unwrap();
    assert_eq!(
        (status.method, status.url.as_str()),
        (Method::GET, "https://paypal.dev.test/v2/checkout/orders/5O190127TN364715T")
    );

    let completed = json!({"id": "5O190127TN364715T", "status": "COMPLETED", "purchase_units": [{
        "reference_id": "P20250102-0002", "custom_id": "P20250102-0002",
        "payments": {"captures": [{"id": "3C679366HH908993F", "status": "COMPLETED",
                                   "amount": {"currency_code": "USD", "value": "12.50"}}]}}]})
    .to_string();
    let payment = gateway.read_status(&query, &Answer { status: 201, body: completed.as_bytes() }).unwrap();
    assert!(payment.settles(Money::usd(1250)));
    assert_eq!(payment.transaction_id.as_deref(), Some("3C679366HH908993F"));

    let approved = json!({"id": "5O190127TN364715T", "status": "APPROVED", "purchase_units": [{
        "custom_id": "P20250102-0002", "amount": {"currency_code": "USD", "value": "12.50"}}]})
    .to_string();
    let pending = gateway.read_status(&query, &Answer { status: 200, body: approved.as_bytes() }).unwrap();
    assert_eq!((pending.status, pending.amount), (PaymentStatus::Pending, Some(Money::usd(1250))));
    let voided = approved.replace("APPROVED", "VOIDED");
    assert_eq!(
        gateway.read_status(&query, &Answer { status: 200, body: voided.as_bytes() }).unwrap().status,
        PaymentStatus::Failed
    );
    let other = StatusQuery { reference: "P-OTHER".into(), ..query };
    assert!(gateway.read_status(&other, &Answer { status: 200, body: completed.as_bytes() }).is_err());
}

#[test]
fn refunds_name_the_capture() {
    let gateway = paypal(Funding::Wallet);
    let refund = RefundRequest {
        reference: "P20250102-0002".into(),
        transaction_id: Some("3C679366HH908993F".into()),
        amount: Money::usd(500),
        refund_reference: "R2".into(),
    };
    let request = gateway.refund_request(&refund, &ctx()).unwrap();
    assert_eq!(request.url, "https://paypal.dev.test/v2/payments/captures/3C679366HH908993F/refund");
    assert_eq!(request.header("paypal-request-id"), Some("refund-R2"));
    let body: Value = serde_json::from_slice(&request.body).unwrap();
    assert_eq!(body["amount"], json!({"currency_code": "USD", "value": "5.00"}));
    let read = |status: &str| {
        let body = json!({"id": "1JU08902781691411", "status": status}).to_string();
        gateway.read_refund(&Answer { status: 201, body: body.as_bytes() }).map(|o| o.status)
    };
    assert_eq!(read("COMPLETED"), Ok(RefundStatus::Succeeded));
    assert_eq!(read("PENDING"), Ok(RefundStatus::Pending));
    assert_eq!(read("CANCELLED"), Ok(RefundStatus::Failed));
}

#[test]
fn paypal_can_verify_instead() {
    let gateway = paypal(Funding::Wallet);
    let body = capture_completed();
    let headers = signed(&body, NOW_TEXT);
    let request = gateway.verification_request(&headers, &body, &ctx()).unwrap();
    assert_eq!(request.url, "https://paypal.dev.test/v1/notifications/verify-webhook-signature");
    let text = request.body_text();
    // The event is embedded byte for byte, so PayPal checks what was signed.
    assert!(text.ends_with(&format!(r#""webhook_event":{}}}"#, String::from_utf8(body.clone()).unwrap())), "{text}");
    let parsed: Value = serde_json::from_str(text).unwrap();
    assert_eq!(parsed["webhook_id"], WEBHOOK_ID);
    assert_eq!(parsed["cert_url"], CERT_URL_VALUE);
    assert_eq!(parsed["auth_algo"], "SHA256withRSA");
    assert!(gateway.verification_request(&headers, b"[1]", &ctx()).is_err());

    assert_eq!(read_verification(&Answer { status: 200, body: br#"{"verification_status":"SUCCESS"}"# }), Ok(()));
    assert_eq!(
        read_verification(&Answer { status: 200, body: br#"{"verification_status":"FAILURE"}"# }),
        Err(VerifyError::BadSignature)
    );
    assert!(read_verification(&Answer { status: 400, body: br#"{"name":"VALIDATION_ERROR"}"# }).is_err());
}
