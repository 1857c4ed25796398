//! UPAY (pay types `UPAY` and `UPAY_DEEPLINK`).
//!
//! **This is not UPAY's published protocol.** No public specification of UPAY's merchant API
//! could be found, so this module implements the mall's own signed-request scheme, named
//! `mall-hmac-sha256-v1`, which the local development gateway implements too. When UPAY's
//! merchant documentation is in hand, this module is where its real request format, signature
//! and notification go; the [`Gateway`] trait, and so the checkout counter, stay as they are.
//!
//! The `mall-hmac-sha256-v1` scheme, with a merchant id and a shared secret:
//!
//! * **Requests** from the mall carry `X-Upay-Merchant: {merchant id}`, `X-Upay-Timestamp: {Unix
//!   seconds}` and `X-Upay-Signature: v1={hex HMAC-SHA256}` of the canonical string
//!   `"{timestamp}\n{METHOD}\n{path}\n{hex SHA-256 of the body}"`.
//!   - `POST /v1/payments` (JSON: `merchant_id`, `reference`, `amount` as a decimal string,
//!     `currency`, `description`, `return_url`, `cancel_url`, `notify_url`, `channel` `web` or
//!     `deeplink`) answers `payment_id` and `checkout_url`, `qr_string` and/or `deeplink`.
//!   - `GET /v1/payments/{reference}` answers the payment (`reference`, `payment_id`, `amount`,
//!     `currency`, `status`: `PAID`, `PENDING`, `FAILED`, `EXPIRED`, `REFUNDED`).
//!   - `POST /v1/refunds` (JSON: `reference`, `payment_id`, `refund_reference`, `amount`,
//!     `currency`) answers `refund_id` and `status` (`SUCCEEDED`, `PENDING`, `FAILED`).
//!   - Errors are non-2xx answers `{"code", "message"}`.
//! * **Notifications** to `notify_url` are the payment as JSON plus an `event_id`, with
//!   `X-Upay-Signature: t={Unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}`; every `v1`
//!   is tried, compared in constant time, and `t` must be within 300 s of now.
//! * Amounts are decimal strings with the currency's decimals ("12.50", "51250").

use super::{
    check_amount, check_freshness, check_reference, constant_time_eq, cut, header, hmac_sha256, json_body,
    path_segment, text, Answer, BrowserAction, CallContext, Currency, Gateway, GatewayError, Money, Notification,
    OutboundRequest, PaymentEvent, PaymentRequest, PaymentStatus, RefundOutcome, RefundRequest, RefundStatus, Secret,
    Start, Started, StatusQuery, Verified, VerifyError,
};
use api::config::pay_type;
use http::Method;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The name of the signature scheme, for logs and the development gateway.
pub const SCHEME: &str = "mall-hmac-sha256-v1";
pub const MERCHANT_HEADER: &str = "x-upay-merchant";
pub const TIMESTAMP_HEADER: &str = "x-upay-timestamp";
pub const SIGNATURE_HEADER: &str = "x-upay-signature";
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

const NAME: &str = "UPAY";
const CURRENCIES: [Currency; 2] = [Currency::Usd, Currency::Khr];

/// How the buyer pays through UPAY.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// UPAY's web page or QR code (`UPAY`).
    Web,
    /// The UPAY app by deep link (`UPAY_DEEPLINK`).
    Deeplink,
}

/// A UPAY merchant account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpayConfig {
    pub merchant_id: String,
    pub secret: Secret,
    /// UPAY's API, or the development gateway (no default: there is no public address).
    pub api_base: String,
    pub tolerance_secs: i64,
}

impl UpayConfig {
    pub fn new(api_base: impl Into<String>, merchant_id: impl Into<String>, secret: Secret) -> Self {
        UpayConfig {
            merchant_id: merchant_id.into(),
            secret,
            api_base: api_base.into(),
            tolerance_secs: DEFAULT_TOLERANCE_SECS,
        }
    }
}

/// The UPAY adapter, in one mode.
#[derive(Debug, Clone)]
pub struct Upay {
    config: UpayConfig,
    mode: Mode,
}

/// The string a request's signature covers.
pub fn canonical_request(timestamp: i64, method: &Method, path: &str, body: &[u8]) -> String {
    format!("{timestamp}\n{}\n{path}\n{}", method.as_str(), hex::encode(Sha256::digest(body)))
}

/// The hex signature of a request.
pub fn request_signature(secret: &str, timestamp: i64, method: &Method, path: &str, body: &[u8]) -> String {
    hex::encode(hmac_sha256(secret.as_bytes(), &[canonical_request(timestamp, method, path, body).as_bytes()]))
}

/// Checks a request's signature headers (for the development gateway's side).
pub fn verify_request(
    secret: &str,
    headers: &http::HeaderMap,
    method: &Method,
    path: &str,
    body: &[u8],
    now_ms: i64,
    tolerance_secs: i64,
) -> Result<(), VerifyError> {
    let timestamp: i64 =
        header(headers, TIMESTAMP_HEADER)?.parse().map_err(|_| VerifyError::Malformed("timestamp".into()))?;
    let signature = header(headers, SIGNATURE_HEADER)?
        .strip_prefix("v1=")
        .and_then(|s| hex::decode(s).ok())
        .ok_or(VerifyError::BadSignature)?;
    let expected = hmac_sha256(secret.as_bytes(), &[canonical_request(timestamp, method, path, body).as_bytes()]);
    if !constant_time_eq(&signature, &expected) {
        return Err(VerifyError::BadSignature);
    }
    check_freshness(timestamp, now_ms, tolerance_secs)
}

/// The `X-Upay-Signature` header of a notification (for the development gateway).
pub fn notification_signature(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mac = hmac_sha256(secret.as_bytes(), &[timestamp.to_string().as_bytes(), b".", body]);
    format!("t={timestamp},v1={}", hex::encode(mac))
}

/// Checks a notification's `X-Upay-Signature` against the raw body.
pub fn verify_notification_signature(
    secret: &str,
    signature_header: &str,
    body: &[u8],
    now_ms: i64,
    tolerance_secs: i64,
) -> Result<(), VerifyError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for item in signature_header.split(',') {
        match item.trim().split_once('=') {
            Some(("t", t)) if timestamp.is_none() => {
                timestamp = Some(t.parse::<i64>().map_err(|_| VerifyError::Malformed("timestamp t".into()))?)
            }
            Some(("v1", v)) => signatures.extend(hex::decode(v).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or_else(|| VerifyError::Malformed("no timestamp t".into()))?;
    let expected = hmac_sha256(secret.as_bytes(), &[timestamp.to_string().as_bytes(), b".", body]);
    if !signatures.iter().any(|signature| constant_time_eq(signature, &expected)) {
        return Err(VerifyError::BadSignature);
    }
    check_freshness(timestamp, now_ms, tolerance_secs)
}

/// A UPAY payment (notification or status answer) as a payment event.
fn payment_event(payment: &Value, pay_type: i32) -> Result<PaymentEvent, String> {
    let reference = text(&payment["reference"]).ok_or("payment without a reference")?;
    let currency = Currency::from_code(payment["currency"].as_str().unwrap_or_default())
        .ok_or_else(|| format!("currency {}", payment["currency"]))?;
    let amount =
        Money::from_json(currency, &payment["amount"]).ok_or_else(|| format!("amount {}", payment["amount"]))?;
    let status = match payment["status"].as_str() {
        Some("PAID") => PaymentStatus::Paid,
        Some("PENDING") => PaymentStatus::Pending,
        Some("FAILED" | "EXPIRED") => PaymentStatus::Failed,
        Some("REFUNDED") => PaymentStatus::Refunded,
        other => return Err(format!("status {other:?}")),
    };
    Ok(PaymentEvent {
        pay_type,
        event_id: text(&payment["event_id"]),
        reference,
        transaction_id: text(&payment["payment_id"]),
        amount: Some(amount),
        status,
    })
}

fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    GatewayError::Refused {
        status: answer.status,
        code: text(&body["code"]).unwrap_or_default(),
        message: text(&body["message"]).unwrap_or_default(),
    }
}

impl Upay {
    pub fn new(config: UpayConfig, mode: Mode) -> Self {
        Upay { config, mode }
    }

    pub fn config(&self) -> &UpayConfig {
        &self.config
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// A signed request of `method` to `path` with a JSON `body` (empty for GET).
    fn signed(&self, method: Method, path: &str, body: &[u8], now_ms: i64) -> Result<OutboundRequest, GatewayError> {
        if self.config.secret.is_empty() || self.config.merchant_id.is_empty() || self.config.api_base.is_empty() {
            return Err(GatewayError::NotConfigured("UPAY merchant id, secret and address"));
        }
        let timestamp = now_ms.div_euclid(1000);
        let signature = request_signature(self.config.secret.expose(), timestamp, &method, path, body);
        let mut request = OutboundRequest::new(method, format!("{}{path}", self.config.api_base.trim_end_matches('/')))
            .with_header("accept", "application/json")
            .with_header(MERCHANT_HEADER, self.config.merchant_id.clone())
            .with_header(TIMESTAMP_HEADER, timestamp.to_string())
            .with_header(SIGNATURE_HEADER, format!("v1={signature}"));
        if !body.is_empty() {
            request = request.with_body("application/json", body.to_vec());
        }
        Ok(request)
    }
}

impl Gateway for Upay {
    fn pay_type(&self) -> i32 {
        match self.mode {
            Mode::Web => pay_type::UPAY,
            Mode::Deeplink => pay_type::UPAY_DEEPLINK,
        }
    }

    fn supports(&self, currency: Currency) -> bool {
        CURRENCIES.contains(&currency)
    }

    fn start(&self, payment: &PaymentRequest, ctx: &CallContext) -> Result<Start, GatewayError> {
        check_reference(&payment.reference)?;
        check_amount(NAME, payment.amount, &CURRENCIES)?;
        let body = json!({
            "merchant_id": self.config.merchant_id,
            "reference": payment.reference,
            "amount": payment.amount.decimal(),
            "currency": payment.amount.currency.code(),
            "description": cut(&payment.description, 127),
            "return_url": payment.return_url,
            "cancel_url": payment.cancel_url,
            "notify_url": payment.notify_url,
            "channel": match self.mode {
                Mode::Web => "web",
                Mode::Deeplink => "deeplink",
            },
        });
        Ok(Start::Call(self.signed(Method::POST, "/v1/payments", body.to_string().as_bytes(), ctx.now_ms)?))
    }

    fn read_start(&self, _payment: &PaymentRequest, answer: &Answer) -> Result<Started, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let body = answer.json()?;
        let (checkout_url, qr, deeplink) =
            (text(&body["checkout_url"]), text(&body["qr_string"]), text(&body["deeplink"]));
        let action = match (self.mode, deeplink, qr, checkout_url) {
            (Mode::Deeplink, Some(deeplink), qr, _) => BrowserAction::OpenApp { deeplink, qr },
            (_, _, _, Some(url)) if self.mode == Mode::Web => BrowserAction::Redirect { url },
            (_, deeplink, Some(qr), checkout_url) => BrowserAction::ShowQr { qr, deeplink, checkout_url },
            (_, _, None, Some(url)) => BrowserAction::Redirect { url },
            _ => return Err(GatewayError::Malformed("no checkout URL, QR code or deep link".into())),
        };
        Ok(Started { gateway_ref: text(&body["payment_id"]), action })
    }

    fn verify(&self, notification: &Notification, now_ms: i64) -> Result<Verified, VerifyError> {
        if self.config.secret.is_empty() {
            return Err(VerifyError::NotConfigured("UPAY secret"));
        }
        let signature = header(notification.headers, SIGNATURE_HEADER)?;
        verify_notification_signature(
            self.config.secret.expose(),
            signature,
            notification.body,
            now_ms,
            self.config.tolerance_secs,
        )?;
        let payment = payment_event(&json_body(notification.body)?, self.pay_type()).map_err(VerifyError::Malformed)?;
        Ok(Verified::Event(payment))
    }

    fn status_request(&self, query: &StatusQuery, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        check_reference(&query.reference)?;
        self.signed(Method::GET, &format!("/v1/payments/{}", query.reference), b"", ctx.now_ms)
    }

    fn read_status(&self, query: &StatusQuery, answer: &Answer) -> Result<PaymentEvent, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let payment = payment_event(&answer.json()?, self.pay_type()).map_err(GatewayError::Malformed)?;
        if payment.reference != query.reference {
            return Err(GatewayError::Malformed("the answer is another payment's".into()));
        }
        Ok(PaymentEvent { event_id: None, ..payment })
    }

    fn refund_request(&self, refund: &RefundRequest, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        check_reference(&refund.reference)?;
        check_reference(&refund.refund_reference)?;
        check_amount(NAME, refund.amount, &CURRENCIES)?;
        let payment_id = path_segment(refund.transaction_id.as_deref().ok_or(GatewayError::MissingTransactionId)?)?;
        let body = json!({
            "reference": refund.reference,
            "payment_id": payment_id,
            "refund_reference": refund.refund_reference,
            "amount": refund.amount.decimal(),
            "currency": refund.amount.currency.code(),
        });
        self.signed(Method::POST, "/v1/refunds", body.to_string().as_bytes(), ctx.now_ms)
    }

    fn read_refund(&self, answer: &Answer) -> Result<RefundOutcome, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let body = answer.json()?;
        let status = match body["status"].as_str() {
            Some("SUCCEEDED") => RefundStatus::Succeeded,
            Some("PENDING") => RefundStatus::Pending,
            Some("FAILED") => RefundStatus::Failed,
            other => return Err(GatewayError::Malformed(format!("refund status {other:?}"))),
        };
        Ok(RefundOutcome { refund_id: text(&body["refund_id"]), status })
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{headers, NOW_MS};
    use super::super::Buyer;
    use super::*;

    const SECRET: &str = "upay-test-secret";
    const NOW: i64 = NOW_MS / 1000;

    fn upay(mode: Mode) -> Upay {
        Upay::new(UpayConfig::new("https://upay.dev.test", "M-TEST", Secret::new(SECRET)), mode)
    }

    fn payment(amount: Money) -> PaymentRequest {
        PaymentRequest {
            reference: "P20250102-0004".into(),
            amount,
            description: "Mekong Mall order".into(),
            return_url: "https://mall.test/payment/return".into(),
            cancel_url: "https://mall.test/payment".into(),
            notify_url: "https://mall.test/api/payments/notify/15".into(),
            buyer: Buyer::default(),
        }
    }

    fn paid() -> Vec<u8> {
        json!({"event_id": "EV1", "reference": "P20250102-0004", "payment_id": "UP1", "amount": "51250",
               "currency": "KHR", "status": "PAID"})
        .to_string()
        .into_bytes()
    }

    fn verify(body: &[u8], signature: &str, gateway: &Upay) -> Result<Verified, VerifyError> {
        let headers = headers(&[("x-upay-signature", signature)]);
        gateway.verify(&Notification { body, headers: &headers, certificate: None }, NOW_MS)
    }

    #[test]
    fn requests_are_signed_over_time_method_path_and_body() {
        let Start::Call(request) =
            upay(Mode::Web).start(&payment(Money::khr(51_250)), &CallContext::at(NOW_MS)).unwrap()
        else {
            panic!()
        };
        assert_eq!(request.url, "https://upay.dev.test/v1/payments");
        assert_eq!(request.header("x-upay-merchant"), Some("M-TEST"));
        assert_eq!(request.header("x-upay-timestamp"), Some(NOW.to_string().as_str()));
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(
            (body["amount"].as_str(), body["currency"].as_str(), body["channel"].as_str()),
            (Some("51250"), Some("KHR"), Some("web"))
        );
        let canonical = format!("{NOW}\nPOST\n/v1/payments\n{}", hex::encode(Sha256::digest(&request.body)));
        assert_eq!(canonical_request(NOW, &Method::POST, "/v1/payments", &request.body), canonical);
        let expected = format!("v1={}", hex::encode(hmac_sha256(SECRET.as_bytes(), &[canonical.as_bytes()])));
        assert_eq!(request.header("x-upay-signature"), Some(expected.as_str()));

        // The development gateway's check of the same request, and of tampered copies.
        let sent = headers(&[
            ("x-upay-timestamp", request.header("x-upay-timestamp").unwrap()),
            ("x-upay-signature", request.header("x-upay-signature").unwrap()),
        ]);
        let check = |method: &Method, path: &str, body: &[u8], secret: &str, now_ms: i64| {
            verify_request(secret, &sent, method, path, body, now_ms, DEFAULT_TOLERANCE_SECS)
        };
        assert!(check(&Method::POST, "/v1/payments", &request.body, SECRET, NOW_MS).is_ok());
        assert_eq!(check(&Method::POST, "/v1/payments", b"{}", SECRET, NOW_MS), Err(VerifyError::BadSignature));
        assert_eq!(check(&Method::PUT, "/v1/payments", &request.body, SECRET, NOW_MS), Err(VerifyError::BadSignature));
        assert_eq!(check(&Method::POST, "/v1/refunds", &request.body, SECRET, NOW_MS), Err(VerifyError::BadSignature));
        assert_eq!(
            check(&Method::POST, "/v1/payments", &request.body, "other", NOW_MS),
            Err(VerifyError::BadSignature)
        );
        assert!(matches!(
            check(&Method::POST, "/v1/payments", &request.body, SECRET, NOW_MS + 301_000),
            Err(VerifyError::StaleTimestamp { .. })
        ));
    }

    #[test]
    fn a_signed_notification_verifies() {
        let body = paid();
        let verified = verify(&body, &notification_signature(SECRET, NOW, &body), &upay(Mode::Deeplink)).unwrap();
        assert_eq!(
            verified,
            Verified::Event(PaymentEvent {
                pay_type: pay_type::UPAY_DEEPLINK,
                event_id: Some("EV1".into()),
                reference: "P20250102-0004".into(),
                transaction_id: Some("UP1".into()),
                amount: Some(Money::khr(51_250)),
                status: PaymentStatus::Paid,
            })
        );
    }

    #[test]
    fn tampered_notifications_are_refused() {
        let body = paid();
        let signature = notification_signature(SECRET, NOW, &body);
        let tampered = String::from_utf8(body.clone()).unwrap().replace("51250", "51251").into_bytes();
        assert_eq!(verify(&tampered, &signature, &upay(Mode::Web)), Err(VerifyError::BadSignature));
        let moved = signature.replacen(&format!("t={NOW}"), &format!("t={}", NOW - 1), 1);
        assert_eq!(verify(&body, &moved, &upay(Mode::Web)), Err(VerifyError::BadSignature));
        assert_eq!(
            verify(&body, &notification_signature("other", NOW, &body), &upay(Mode::Web)),
            Err(VerifyError::BadSignature)
        );
        assert_eq!(
            verify(&body, &notification_signature(SECRET, NOW - 301, &body), &upay(Mode::Web)),
            Err(VerifyError::StaleTimestamp { age_secs: 301 })
        );
        assert!(matches!(verify(&body, "v1=00", &upay(Mode::Web)), Err(VerifyError::Malformed(_))));
        let unconfigured = Upay::new(UpayConfig::new("https://upay.dev.test", "M", Secret::new("")), Mode::Web);
        assert_eq!(verify(&body, &signature, &unconfigured), Err(VerifyError::NotConfigured("UPAY secret")));
        let bad_status = br#"{"reference":"P1","amount":"1.00","currency":"USD","status":"MAYBE"}"#;
        assert!(matches!(
            verify(bad_status, &notification_signature(SECRET, NOW, bad_status), &upay(Mode::Web)),
            Err(VerifyError::Malformed(_))
        ));
    }

    #[test]
    fn the_answer_tells_the_browser_what_to_do() {
        let answer = json!({"payment_id": "UP1", "checkout_url": "https://upay.dev.test/pay/UP1",
                            "qr_string": "000201...", "deeplink": "upay://pay?id=UP1"})
        .to_string();
        let read = |mode: Mode, body: &str| {
            upay(mode).read_start(&payment(Money::usd(100)), &Answer { status: 201, body: body.as_bytes() })
        };
        assert_eq!(
            read(Mode::Web, &answer).unwrap().action,
            BrowserAction::Redirect { url: "https://upay.dev.test/pay/UP1".into() }
        );
        assert_eq!(
            read(Mode::Deeplink, &answer).unwrap().action,
            BrowserAction::OpenApp { deeplink: "upay://pay?id=UP1".into(), qr: Some("000201...".into()) }
        );
        assert_eq!(read(Mode::Web, &answer).unwrap().gateway_ref.as_deref(), Some("UP1"));
        let qr_only = json!({"payment_id": "UP1", "qr_string": "000201..."}).to_string();
        assert_eq!(
            read(Mode::Web, &qr_only).unwrap().action,
            BrowserAction::ShowQr { qr: "000201...".into(), deeplink: None, checkout_url: None }
        );
        assert!(read(Mode::Web, r#"{"payment_id":"UP1"}"#).is_err());
        let refused = upay(Mode::Web).read_start(
            &payment(Money::usd(100)),
            &Answer { status: 409, body: br#"{"code":"DUPLICATE_REFERENCE","message":"seen"}"# },
        );
        assert!(
            matches!(refused, Err(GatewayError::Refused { status: 409, ref code, .. }) if code == "DUPLICATE_REFERENCE")
        );
    }

    #[test]
    fn status_and_refund_are_signed_too() {
        let gateway = upay(Mode::Web);
        let query = StatusQuery { reference: "P20250102-0004".into(), gateway_ref: None };
        let request = gateway.status_request(&query, &CallContext::at(NOW_MS)).unwrap();
        assert_eq!(
            (request.method.clone(), request.url.as_str()),
            (Method::GET, "https://upay.dev.test/v1/payments/P20250102-0004")
        );
        let expected =
            format!("v1={}", request_signature(SECRET, NOW, &Method::GET, "/v1/payments/P20250102-0004", b""));
        assert_eq!(request.header("x-upay-signature"), Some(expected.as_str()));
        assert!(request.body.is_empty());
        let answer = paid();
        let payment = gateway.read_status(&query, &Answer { status: 200, body: &answer }).unwrap();
        assert!(payment.settles(Money::khr(51_250)));
        assert_eq!(payment.event_id, None);
        assert!(gateway
            .read_status(
                &StatusQuery { reference: "P-OTHER".into(), gateway_ref: None },
                &Answer { status: 200, body: &answer }
            )
            .is_err());

        let refund = RefundRequest {
            reference: "P20250102-0004".into(),
            transaction_id: Some("UP1".into()),
            amount: Money::khr(1000),
            refund_reference: "R4".into(),
        };
        let request = gateway.refund_request(&refund, &CallContext::at(NOW_MS)).unwrap();
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(
            body,
            json!({"reference": "P20250102-0004", "payment_id": "UP1", "refund_reference": "R4", "amount": "1000", "currency": "KHR"})
        );
        assert_eq!(
            gateway.read_refund(&Answer { status: 200, body: br#"{"refund_id":"RF1","status":"SUCCEEDED"}"# }),
            Ok(RefundOutcome { refund_id: Some("RF1".into()), status: RefundStatus::Succeeded })
        );
        assert_eq!(
            gateway.refund_request(&RefundRequest { transaction_id: None, ..refund }, &CallContext::at(NOW_MS)),
            Err(GatewayError::MissingTransactionId)
        );
    }
}
