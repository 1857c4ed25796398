use super::super::test_support::{headers, NOW_MS};
use super::super::Buyer;
use super::*;

const API_KEY: &str = "payway-test-api-key";

fn aba(mode: Mode) -> Aba {
    let mut config = AbaConfig::sandbox("ec000002", Secret::new(API_KEY));
    config.api_base = "https://payway.dev.test".into();
    Aba::new(config, mode)
}

fn payment(amount: Money) -> PaymentRequest {
    PaymentRequest {
        reference: "P20250102-0003".into(),
        amount,
        description: "Mekong Mall order".into(),
        return_url: "https://mall.test/payment/return".into(),
        cancel_url: "https://mall.test/payment".into(),
        notify_url: "https://mall.test/api/payments/notify/17".into(),
        buyer: Buyer {
            first_name: Some("Sok<script>".into()),
            last_name: Some("Dara".into()),
            email: Some("sok@example.com".into()),
            phone: Some("+855 12 345 678".into()),
        },
    }
}

fn field<'a>(fields: &'a [(&'static str, String)], name: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_str())
}

/// PayWay's Check Transaction page (https://paywaydr.ababank.com/developers/check-transaction-api)
/// shows the string to hash for req_time 20210922050705, merchant ec000002 and transaction
/// trx-20201019130940: "20210922050705ec000002trx-20201019130940" (req_time + merchant_id +
/// tran_id). The request is hashed from exactly that string.
#[test]
fn the_check_transaction_hash_covers_the_documented_string() {
    let now_ms = 1_632_287_225_000; // 2021-09-22T05:07:05Z
    let query = StatusQuery { reference: "trx-20201019130940".into(), gateway_ref: None };
    let request = aba(Mode::Deeplink).status_request(&query, &CallContext::at(now_ms)).unwrap();
    assert_eq!(request.url, "https://payway.dev.test/api/payment-gateway/v1/payments/check-transaction-2");
    let body: Value = serde_json::from_slice(&request.body).unwrap();
    assert_eq!(body["req_time"], "20210922050705");
    let expected = STANDARD.encode(hmac_sha512(API_KEY.as_bytes(), &[b"20210922050705ec000002trx-20201019130940"]));
    assert_eq!(body["hash"], expected);
    assert_eq!(body["merchant_id"], "ec000002");
    assert_eq!(body["tran_id"], "trx-20201019130940");
}

#[test]
fn the_purchase_hashes_what_it_posts_in_order() {
    let fields = aba(Mode::Deeplink).purchase_fields(&payment(Money::usd(1250)), NOW_MS).unwrap();
    let names: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
    assert_eq!(
        names,
        [
            "req_time",
            "merchant_id",
            "tran_id",
            "amount",
            "firstname",
            "lastname",
            "email",
            "phone",
            "type",
            "payment_option",
            "return_url",
            "cancel_url",
            "continue_success_url",
            "currency",
            "lifetime",
            "hash"
        ]
    );
    assert_eq!(field(&fields, "req_time"), Some("20250102030405"));
    assert_eq!(field(&fields, "amount"), Some("12.50"));
    assert_eq!(field(&fields, "firstname"), Some("Sokscript"));
    assert_eq!(field(&fields, "phone"), Some("+85512345678"));
    assert_eq!(field(&fields, "payment_option"), Some(DEEPLINK_OPTION));
    assert_eq!(
        field(&fields, "return_url"),
        Some(STANDARD.encode("https://mall.test/api/payments/notify/17").as_str())
    );
    assert_eq!(field(&fields, "lifetime"), Some("30"));
    let concatenated: String = fields[..fields.len() - 1].iter().map(|(_, v)| v.as_str()).collect();
    assert!(concatenated.starts_with("20250102030405ec000002P20250102-000312.50Sokscript"));
    let expected = STANDARD.encode(hmac_sha512(API_KEY.as_bytes(), &[concatenated.as_bytes()]));
    assert_eq!(field(&fields, "hash"), Some(expected.as_str()));
}

#[test]
fn tampered_purchase_fields_change_the_hash() {
    let gateway = aba(Mode::Deeplink);
    let base = gateway.purchase_fields(&payment(Money::usd(1250)), NOW_MS).unwrap();
    let hash_of = |fields: &[(&'static str, String)]| field(fields, "hash").unwrap().to_string();
    let other_amount = gateway.purchase_fields(&payment(Money::usd(1251)), NOW_MS).unwrap();
    let other_time = gateway.purchase_fields(&payment(Money::usd(1250)), NOW_MS + 1000).unwrap();
    let mut other_key = aba(Mode::Deeplink);
    other_key.config.api_key = Secret::new("another-key");
    let other_key = other_key.purchase_fields(&payment(Money::usd(1250)), NOW_MS).unwrap();
    assert_ne!(hash_of(&base), hash_of(&other_amount));
    assert_ne!(hash_of(&base), hash_of(&other_time));
    assert_ne!(hash_of(&base), hash_of(&other_key));
}

#[test]
fn khr_is_whole_riel_from_100() {
    let fields = aba(Mode::Deeplink).purchase_fields(&payment(Money::khr(51_250)), NOW_MS).unwrap();
    assert_eq!((field(&fields, "amount"), field(&fields, "currency")), (Some("51250"), Some("KHR")));
    assert_eq!(
        aba(Mode::Deeplink).purchase_fields(&payment(Money::khr(99)), NOW_MS),
        Err(GatewayError::InvalidAmount("PayWay takes at least 100 KHR"))
    );
    assert!(aba(Mode::Deeplink).purchase_fields(&payment(Money::khr(100)), NOW_MS).is_ok());
    assert!(aba(Mode::Deeplink).purchase_fields(&payment(Money::usd(0)), NOW_MS).is_err());
    let long = PaymentRequest { reference: "P".repeat(21), ..payment(Money::usd(100)) };
    assert!(aba(Mode::Deeplink).purchase_fields(&long, NOW_MS).is_err());
    let mut unconfigured = aba(Mode::Deeplink);
    unconfigured.config.api_key = Secret::new("");
    assert!(matches!(
        unconfigured.purchase_fields(&payment(Money::usd(100)), NOW_MS),
        Err(GatewayError::NotConfigured(_))
    ));
}

#[test]
fn the_checkout_page_is_posted_by_the_browser() {
    let mut gateway = aba(Mode::Checkout);
    gateway.config.checkout_payment_option = "cards".into();
    let Start::Browser(BrowserAction::PostForm { action, fields }) =
        gateway.start(&payment(Money::usd(1250)), &CallContext::at(NOW_MS)).unwrap()
    else {
        panic!("ABA's checkout is a form")
    };
    assert_eq!(action, "https://payway.dev.test/api/payment-gateway/v1/payments/purchase");
    assert!(fields.contains(&("payment_option".to_string(), "cards".to_string())));
    assert_eq!(fields.last().map(|(k, _)| k.as_str()), Some("hash"));
    assert!(gateway.read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: b"{}" }).is_err());

    // Every method of the profile: no payment_option at all.
    let Start::Browser(BrowserAction::PostForm { fields, .. }) =
        aba(Mode::Checkout).start(&payment(Money::usd(1250)), &CallContext::at(NOW_MS)).unwrap()
    else {
        panic!()
    };
    assert!(!fields.iter().any(|(k, _)| k == "payment_option"));
}

#[test]
fn the_deeplink_purchase_is_multipart_and_answers_a_deep_link() {
    let gateway = aba(Mode::Deeplink);
    let Start::Call(request) = gateway.start(&payment(Money::usd(1250)), &CallContext::at(NOW_MS)).unwrap() else {
        panic!("the deep link is asked by the server")
    };
    let content_type = request.header("content-type").unwrap();
    let boundary = content_type.strip_prefix("multipart/form-data; boundary=").unwrap();
    let body = request.body_text();
    assert!(body.contains(&format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"tran_id\"\r\n\r\nP20250102-0003\r\n"
    )));
    assert!(body.ends_with(&format!("--{boundary}--\r\n")));
    assert_eq!(body.matches(&format!("--{boundary}\r\n")).count(), 16);

    let answer = json!({
        "status": {"code": "00", "message": "Success!", "tran_id": "P20250102-0003"},
        "qr_string": "00020101021230510016abaakhppxxx", "abapay_deeplink": "abamobilebank://ababank.com?type=payway&qrcode=x",
        "checkout_qr_url": "https://checkout.payway.com.kh/x"
    })
    .to_string();
    let started =
        gateway.read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: answer.as_bytes() }).unwrap();
    assert_eq!(
        started.action,
        BrowserAction::OpenApp {
            deeplink: "abamobilebank://ababank.com?type=payway&qrcode=x".into(),
            qr: Some("00020101021230510016abaakhppxxx".into())
        }
    );
    let wrong_hash = json!({"status": {"code": "1", "message": "Wrong hash"}}).to_string();
    assert_eq!(
        gateway.read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: wrong_hash.as_bytes() }),
        Err(GatewayError::Refused { status: 200, code: "1".into(), message: "Wrong hash".into() })
    );
    let legacy = json!({"status": 6, "description": "wrong domain"}).to_string();
    assert!(matches!(
        gateway.read_start(&payment(Money::usd(1250)), &Answer { status: 200, body: legacy.as_bytes() }),
        Err(GatewayError::Refused { ref code, .. }) if code == "6"
    ));
}

#[test]
fn a_signed_pushback_verifies() {
    let body = br#"{"tran_id":"P20250102-0003","apv":"619195","status":"0","return_params":"x"}"#;
    // Values in key order: apv, return_params, status, tran_id.
    assert_eq!(pushback_message(body).unwrap(), "619195x0P20250102-0003");
    let signature = pushback_signature(API_KEY, body).unwrap();
    let headers = headers(&[("x-payway-hmac-sha512", &signature)]);
    let verified =
        aba(Mode::Checkout).verify(&Notification { body, headers: &headers, certificate: None }, NOW_MS).unwrap();
    assert_eq!(
        verified,
        Verified::Event(PaymentEvent {
            pay_type: pay_type::ABA,
            event_id: None,
            reference: "P20250102-0003".into(),
            transaction_id: Some("619195".into()),
            amount: None,
            status: PaymentStatus::Paid,
        })
    );
    // No amount: it cannot settle on its own.
    let Verified::Event(event) = verified else { panic!() };
    assert!(!event.settles(Money::usd(1250)));
}

#[test]
fn tampered_pushbacks_are_refused() {
    let body = br#"{"tran_id":"P20250102-0003","apv":"619195","status":"0"}"#;
    let signature = pushback_signature(API_KEY, body).unwrap();
    let verify = |body: &[u8], signature: &str, gateway: &Aba| {
        let headers = headers(&[("x-payway-hmac-sha512", signature)]);
        gateway.verify(&Notification { body, headers: &headers, certificate: None }, NOW_MS)
    };
    let tampered = br#"{"tran_id":"P20250102-0004","apv":"619195","status":"0"}"#;
    assert_eq!(verify(tampered, &signature, &aba(Mode::Checkout)), Err(VerifyError::BadSignature));
    assert_eq!(
        verify(body, &pushback_signature("another-key", body).unwrap(), &aba(Mode::Checkout)),
        Err(VerifyError::BadSignature)
    );
    assert_eq!(verify(body, "not base64!", &aba(Mode::Checkout)), Err(VerifyError::BadSignature));
    let mut separate = aba(Mode::Checkout);
    separate.config.pushback_key = Some(Secret::new("pushback-key"));
    assert_eq!(verify(body, &signature, &separate), Err(VerifyError::BadSignature));
    assert!(verify(body, &pushback_signature("pushback-key", body).unwrap(), &separate).is_ok());
    let none = http::HeaderMap::new();
    assert_eq!(
        aba(Mode::Checkout).verify(&Notification { body, headers: &none, certificate: None }, NOW_MS),
        Err(VerifyError::MissingHeader(SIGNATURE_HEADER))
    );
}

#[test]
fn pushback_values_read_as_php_strings() {
    let body =
        br#"{"b":0,"a":true,"c":null,"d":1.5,"e":false,"f":10.0,"g":{"url":"https://x/\u00e9"},"h":{},"i":[1,"2"]}"#;
    assert_eq!(pushback_message(body).unwrap(), r#"101.510{"url":"https:\/\/x\/\u00e9"}[][1,"2"]"#);
    assert!(pushback_message(b"[1]").is_err());
    assert!(pushback_message(b"nope").is_err());
}

#[test]
fn check_transaction_codes_map_to_outcomes() {
    let gateway = aba(Mode::Deeplink);
    let query = StatusQuery { reference: "P20250102-0003".into(), gateway_ref: None };
    let read = |code: i64, currency: &str, amount: Value| {
        let body = json!({
            "data": {"payment_status_code": code, "total_amount": amount, "original_amount": amount,
                     "payment_amount": amount, "payment_currency": currency, "apv": "753786",
                     "payment_status": "X", "transaction_date": "2025-02-13 13:55:25"},
            "status": {"code": "00", "message": "Success!", "tran_id": "17394277693"}
        })
        .to_string();
        gateway.read_status(&query, &Answer { status: 200, body: body.as_bytes() })
    };
    let paid = read(0, "USD", json!(12.5)).unwrap();
    assert!(paid.settles(Money::usd(1250)));
    assert_eq!(paid.transaction_id.as_deref(), Some("753786"));
    assert_eq!(paid.pay_type, pay_type::ABA_DEEPLINK);
    assert!(read(0, "KHR", json!(51250)).unwrap().settles(Money::khr(51_250)));
    assert_eq!(read(2, "USD", json!(12.5)).unwrap().status, PaymentStatus::Pending);
    assert_eq!(read(3, "USD", json!(12.5)).unwrap().status, PaymentStatus::Failed);
    assert_eq!(read(4, "USD", json!(12.5)).unwrap().status, PaymentStatus::Refunded);
    assert_eq!(read(7, "USD", json!(12.5)).unwrap().status, PaymentStatus::Failed);
    assert!(read(0, "KHR", json!(51250.5)).is_err());
    assert!(read(0, "EUR", json!(1)).is_err());
    let not_found = json!({"status": {"code": "6", "message": "Transaction not found"}}).to_string();
    assert!(matches!(
        gateway.read_status(&query, &Answer { status: 200, body: not_found.as_bytes() }),
        Err(GatewayError::Refused { ref code, .. }) if code == "6"
    ));
}

#[test]
fn refunds_encrypt_the_merchant_auth() {
    use rsa::pkcs8::EncodePublicKey;
    use rsa::traits::PublicKeyParts;
    let private = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 1024).unwrap();
    let public_der = private.to_public_key().to_public_key_der().unwrap();
    let pem =
        format!("-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n", STANDARD.encode(public_der.as_bytes()));
    let mut gateway = aba(Mode::Checkout);
    let refund = RefundRequest {
        reference: "P20250102-0003".into(),
        transaction_id: None,
        amount: Money::usd(1250),
        refund_reference: "R3".into(),
    };
    assert_eq!(
        gateway.refund_request(&refund, &CallContext::at(NOW_MS)),
        Err(GatewayError::NotConfigured("PayWay refund RSA key"))
    );
    gateway.config.refund_public_key = Some(pem);
    let request = gateway.refund_request(&refund, &CallContext::at(NOW_MS)).unwrap();
    assert_eq!(request.url, "https://payway.dev.test/api/merchant-portal/merchant-access/online-transaction/refund");
    let body: Value = serde_json::from_slice(&request.body).unwrap();
    let merchant_auth = body["merchant_auth"].as_str().unwrap();
    let expected =
        STANDARD.encode(hmac_sha512(API_KEY.as_bytes(), &[b"20250102030405", b"ec000002", merchant_auth.as_bytes()]));
    assert_eq!(body["hash"], expected);
    // Decrypted chunk by chunk (117-byte plain chunks of a 1024-bit key), it is the JSON.
    let encrypted = STANDARD.decode(merchant_auth).unwrap();
    assert_eq!(encrypted.len() % private.size(), 0);
    let plain: Vec<u8> = encrypted
        .chunks(private.size())
        .flat_map(|chunk| private.decrypt(rsa::Pkcs1v15Encrypt, chunk).unwrap())
        .collect();
    let auth: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(auth, json!({"mc_id": "ec000002", "tran_id": "P20250102-0003", "refund_amount": 12.5}));
    assert!(String::from_utf8(plain).unwrap().contains(r#""refund_amount":12.50"#));

    // A long plain text takes several chunks.
    let long = encrypt_merchant_auth(gateway.config.refund_public_key.as_deref().unwrap(), &[b'x'; 300]).unwrap();
    assert_eq!(STANDARD.decode(long).unwrap().len(), 3 * private.size());
    assert!(encrypt_merchant_auth("not a key", b"x").is_err());

    let ok = json!({"grand_total": 12.5, "total_refunded": 12.5, "currency": "USD", "transaction_status": "REFUNDED",
                    "status": {"code": "00", "message": "Success"}})
    .to_string();
    assert_eq!(
        gateway.read_refund(&Answer { status: 200, body: ok.as_bytes() }).unwrap().status,
        RefundStatus::Succeeded
    );
    let too_much =
        json!({"status": {"code": "PTL37", "message": "Refund amount cannot exceed the original purchase amount"}})
            .to_string();
    assert!(matches!(
        gateway.read_refund(&Answer { status: 400, body: too_much.as_bytes() }),
        Err(GatewayError::Refused { ref code, .. }) if code == "PTL37"
    ));
}
