//! Stripe (pay type `STRIPE`): a hosted Checkout Session, confirmed by a signed webhook.
//!
//! * **Start**: `POST /v1/checkout/sessions`, form-encoded, `Authorization: Bearer {secret
//!   key}`, `Idempotency-Key: checkout-{reference}`. One line of the whole amount, `mode=payment`,
//!   the success and cancel URLs, and the mall's reference as `client_reference_id` and as the
//!   `reference` metadata of the session and of its PaymentIntent (so PaymentIntent events name
//!   it too). The answer's `url` is where the browser goes; its `id` (`cs_…`) is kept.
//! * **Webhook**: verified exactly as Stripe documents it ("Verify signatures manually",
//!   <https://docs.stripe.com/webhooks#verify-manually>): the `Stripe-Signature` header is a
//!   list of `key=value` items; `t` is the Unix timestamp, each `v1` a signature (several while
//!   an endpoint secret is rolled; other schemes such as the test-mode `v0` are ignored). The
//!   expected signature is the hex HMAC-SHA256 of `"{t}.{raw body}"` keyed with the endpoint's
//!   signing secret; any `v1` may match, compared in constant time; then `t` must be within
//!   the tolerance of now (300 s by default, Stripe's own default).
//! * **Events** acted on: `checkout.session.completed` (paid, or pending for a delayed method),
//!   `checkout.session.async_payment_succeeded` / `…_failed`, `checkout.session.expired`,
//!   `payment_intent.succeeded`, `payment_intent.payment_failed`, `payment_intent.processing`;
//!   every other event type is authentic but [`Verified::Ignored`].
//! * **Status**: `GET /v1/checkout/sessions/{id}`. **Refund**: `POST /v1/refunds` with the
//!   PaymentIntent and the amount, `Idempotency-Key: refund-{refund reference}`.
//! * **Amounts** travel in the currency's minor unit: USD cents; KHR is not one of Stripe's
//!   zero-decimal currencies, so whole riel are sent times 100. Stripe's minimum charge in USD
//!   is $0.50.
//!
//! [`signature_header`] produces valid headers for the local development gateway.

use super::{
    check_amount, check_freshness, check_reference, constant_time_eq, cut, header, hmac_sha256, json_body,
    path_segment, text, Answer, BrowserAction, CallContext, Currency, Gateway, GatewayError, Money, Notification,
    OutboundRequest, PaymentEvent, PaymentRequest, PaymentStatus, RefundOutcome, RefundRequest, RefundStatus, Secret,
    Start, Started, StatusQuery, Verified, VerifyError,
};
use api::config::pay_type;
use http::Method;
use serde_json::Value;

/// Stripe's API.
pub const API_BASE: &str = "https://api.stripe.com";
/// The header carrying the webhook's timestamp and signatures.
pub const SIGNATURE_HEADER: &str = "stripe-signature";
/// How far a webhook's timestamp may be from now.
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;
/// The metadata key of the mall's reference on sessions and PaymentIntents.
pub const REFERENCE_KEY: &str = "reference";
/// Stripe's smallest charge in USD, in cents.
pub const MIN_USD_CENTS: i64 = 50;

const NAME: &str = "Stripe";
const CURRENCIES: [Currency; 2] = [Currency::Usd, Currency::Khr];

/// Keys and endpoints of a Stripe account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeConfig {
    /// The secret API key (`sk_…`).
    pub secret_key: Secret,
    /// The webhook endpoint's signing secret (`whsec_…`).
    pub webhook_secret: Secret,
    /// [`API_BASE`], or the development gateway's address.
    pub api_base: String,
    pub tolerance_secs: i64,
}

impl StripeConfig {
    pub fn new(secret_key: Secret, webhook_secret: Secret) -> Self {
        StripeConfig { secret_key, webhook_secret, api_base: API_BASE.into(), tolerance_secs: DEFAULT_TOLERANCE_SECS }
    }
}

/// The Stripe adapter.
#[derive(Debug, Clone)]
pub struct Stripe {
    config: StripeConfig,
}

impl Stripe {
    pub fn new(config: StripeConfig) -> Self {
        Stripe { config }
    }

    pub fn config(&self) -> &StripeConfig {
        &self.config
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.config.api_base.trim_end_matches('/'))
    }

    fn authorized(&self, method: Method, path: &str) -> Result<OutboundRequest, GatewayError> {
        if self.config.secret_key.is_empty() {
            return Err(GatewayError::NotConfigured("Stripe secret key"));
        }
        Ok(OutboundRequest::new(method, self.url(path))
            .with_header("authorization", format!("Bearer {}", self.config.secret_key.expose())))
    }
}

/// An amount as Stripe counts it: USD cents, KHR hundredths of a riel.
pub fn to_stripe_amount(money: Money) -> Option<i64> {
    match money.currency {
        Currency::Usd => Some(money.minor),
        Currency::Khr => money.minor.checked_mul(100),
    }
}

/// An amount Stripe reports, in the currency it names (`"usd"`, `"khr"`); `None` for another
/// currency or a KHR amount with hundredths.
pub fn from_stripe_amount(currency: &str, amount: i64) -> Option<Money> {
    match Currency::from_code(currency)? {
        Currency::Usd => Some(Money::usd(amount)),
        Currency::Khr => (amount % 100 == 0).then(|| Money::khr(amount / 100)),
    }
}

/// The items of a `Stripe-Signature` header that matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHeader {
    pub timestamp: i64,
    /// Every `v1` signature, as sent (hex).
    pub v1: Vec<String>,
}

impl SignatureHeader {
    /// Splits the header on `,` and each item on the first `=`; `t` must be one integer.
    pub fn parse(header: &str) -> Result<Self, VerifyError> {
        let mut timestamp = None;
        let mut v1 = Vec::new();
        for item in header.split(',') {
            let Some((key, value)) = item.trim().split_once('=') else { continue };
            match key {
                "t" if timestamp.is_none() => {
                    let t = value.parse::<i64>().map_err(|_| VerifyError::Malformed("timestamp t".into()))?;
                    timestamp = Some(t);
                }
                "v1" => v1.push(value.to_string()),
                _ => {}
            }
        }
        let timestamp = timestamp.ok_or_else(|| VerifyError::Malformed("no timestamp t".into()))?;
        Ok(SignatureHeader { timestamp, v1 })
    }
}

/// The hex `v1` signature of `payload` sent at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    hex::encode(hmac_sha256(secret.as_bytes(), &[timestamp.to_string().as_bytes(), b".", payload]))
}

/// A `Stripe-Signature` header for `payload`, as Stripe sends it (for the development gateway).
pub fn signature_header(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    format!("t={timestamp},v1={}", sign(secret, timestamp, payload))
}

/// Checks a `Stripe-Signature` header against the raw `payload`: one `v1` must be the HMAC of
/// `"{t}.{payload}"` with `secret`, and `t` within `tolerance_secs` of `now_ms`.
pub fn verify_signature(
    header: &str,
    payload: &[u8],
    secret: &str,
    now_ms: i64,
    tolerance_secs: i64,
) -> Result<(), VerifyError> {
    if secret.is_empty() {
        return Err(VerifyError::NotConfigured("Stripe webhook secret"));
    }
    let parsed = SignatureHeader::parse(header)?;
    let expected = hmac_sha256(secret.as_bytes(), &[parsed.timestamp.to_string().as_bytes(), b".", payload]);
    let matched = parsed
        .v1
        .iter()
        .filter_map(|signature| hex::decode(signature).ok())
        .any(|signature| constant_time_eq(&signature, &expected));
    if !matched {
        return Err(VerifyError::BadSignature);
    }
    check_freshness(parsed.timestamp, now_ms, tolerance_secs)
}

/// Reads a verified event body.
pub fn parse_event(payload: &[u8]) -> Result<Verified, VerifyError> {
    let event = json_body(payload)?;
    let event_type = event["type"].as_str().ok_or_else(|| VerifyError::Malformed("event without a type".into()))?;
    let object = &event["data"]["object"];
    let read = match event_type {
        "checkout.session.completed" => session_event(object, None),
        "checkout.session.async_payment_succeeded" => session_event(object, Some(PaymentStatus::Paid)),
        "checkout.session.async_payment_failed" | "checkout.session.expired" => {
            session_event(object, Some(PaymentStatus::Failed))
        }
        "payment_intent.succeeded" => intent_event(object, PaymentStatus::Paid),
        "payment_intent.payment_failed" => intent_event(object, PaymentStatus::Failed),
        "payment_intent.processing" => intent_event(object, PaymentStatus::Pending),
        other => return Ok(Verified::Ignored { event_type: other.to_string() }),
    };
    let mut payment = read.map_err(VerifyError::Malformed)?;
    payment.event_id = text(&event["id"]);
    Ok(Verified::Event(payment))
}

/// A Checkout Session as a payment event; `status` overrides what the session says.
fn session_event(session: &Value, status: Option<PaymentStatus>) -> Result<PaymentEvent, String> {
    let reference = text(&session["client_reference_id"])
        .or_else(|| text(&session["metadata"][REFERENCE_KEY]))
        .ok_or("session without the mall's reference")?;
    let status = status.unwrap_or(match (session["status"].as_str(), session["payment_status"].as_str()) {
        (Some("expired"), _) => PaymentStatus::Failed,
        (_, Some("paid" | "no_payment_required")) => PaymentStatus::Paid,
        _ => PaymentStatus::Pending,
    });
    Ok(PaymentEvent {
        pay_type: pay_type::STRIPE,
        event_id: None,
        reference,
        transaction_id: text(&session["payment_intent"]).or_else(|| text(&session["id"])),
        amount: amount_of(session, "amount_total")?,
        status,
    })
}

/// A PaymentIntent as a payment event.
fn intent_event(intent: &Value, status: PaymentStatus) -> Result<PaymentEvent, String> {
    let reference = text(&intent["metadata"][REFERENCE_KEY]).ok_or("PaymentIntent without the mall's reference")?;
    let field = if status == PaymentStatus::Paid { "amount_received" } else { "amount" };
    Ok(PaymentEvent {
        pay_type: pay_type::STRIPE,
        event_id: None,
        reference,
        transaction_id: text(&intent["id"]),
        amount: amount_of(intent, field)?,
        status,
    })
}

/// `object[field]` in `object.currency`; `None` when absent, an error for a foreign currency.
fn amount_of(object: &Value, field: &str) -> Result<Option<Money>, String> {
    let Some(amount) = object[field].as_i64() else { return Ok(None) };
    let currency = object["currency"].as_str().unwrap_or_default();
    from_stripe_amount(currency, amount).map(Some).ok_or_else(|| format!("amount {amount} {currency}"))
}

/// A Stripe error answer (`{"error": {"code", "type", "message"}}`) as [`GatewayError::Refused`].
fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    let error = &body["error"];
    GatewayError::Refused {
        status: answer.status,
        code: text(&error["code"]).or_else(|| text(&error["type"])).unwrap_or_default(),
        message: text(&error["message"]).unwrap_or_default(),
    }
}

fn form(pairs: &[(&str, String)]) -> String {
    serde_urlencoded::to_string(pairs).unwrap_or_default()
}

impl Gateway for Stripe {
    fn pay_type(&self) -> i32 {
        pay_type::STRIPE
    }

    fn supports(&self, currency: Currency) -> bool {
        CURRENCIES.contains(&currency)
    }

    fn start(&self, payment: &PaymentRequest, _ctx: &CallContext) -> Result<Start, GatewayError> {
        check_reference(&payment.reference)?;
        check_amount(NAME, payment.amount, &CURRENCIES)?;
        if payment.amount.currency == Currency::Usd && payment.amount.minor < MIN_USD_CENTS {
            return Err(GatewayError::InvalidAmount("Stripe charges at least $0.50"));
        }
        let unit_amount = to_stripe_amount(payment.amount).ok_or(GatewayError::InvalidAmount("too large"))?;
        let mut name = cut(&payment.description, 250);
        if name.is_empty() {
            name = format!("Order {}", payment.reference);
        }
        let mut fields = vec![
            ("mode", "payment".to_string()),
            ("client_reference_id", payment.reference.clone()),
            ("success_url", payment.return_url.clone()),
            ("cancel_url", payment.cancel_url.clone()),
            ("line_items[0][quantity]", "1".to_string()),
            ("line_items[0][price_data][currency]", payment.amount.currency.code().to_ascii_lowercase()),
            ("line_items[0][price_data][unit_amount]", unit_amount.to_string()),
            ("line_items[0][price_data][product_data][name]", name),
            ("metadata[reference]", payment.reference.clone()),
            ("payment_intent_data[metadata][reference]", payment.reference.clone()),
        ];
        if let Some(email) = payment.buyer.email.as_deref().filter(|e| !e.trim().is_empty()) {
            fields.push(("customer_email", email.trim().to_string()));
        }
        let request = self
            .authorized(Method::POST, "/v1/checkout/sessions")?
            .with_header("idempotency-key", format!("checkout-{}", payment.reference))
            .with_body("application/x-www-form-urlencoded", form(&fields));
        Ok(Start::Call(request))
    }

    fn read_start(&self, _payment: &PaymentRequest, answer: &Answer) -> Result<Started, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let session = answer.json()?;
        let id = text(&session["id"]).ok_or_else(|| GatewayError::Malformed("session without an id".into()))?;
        let url = text(&session["url"]).ok_or_else(|| GatewayError::Malformed("session without a url".into()))?;
        Ok(Started { gateway_ref: Some(id), action: BrowserAction::Redirect { url } })
    }

    fn verify(&self, notification: &Notification, now_ms: i64) -> Result<Verified, VerifyError> {
        let signature = header(notification.headers, SIGNATURE_HEADER)?;
        verify_signature(
            signature,
            notification.body,
            self.config.webhook_secret.expose(),
            now_ms,
            self.config.tolerance_secs,
        )?;
        parse_event(notification.body)
    }

    fn status_request(&self, query: &StatusQuery, _ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        let id = path_segment(query.gateway_ref.as_deref().ok_or(GatewayError::MissingGatewayRef)?)?;
        self.authorized(Method::GET, &format!("/v1/checkout/sessions/{id}"))
    }

    fn read_status(&self, query: &StatusQuery, answer: &Answer) -> Result<PaymentEvent, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let payment = session_event(&answer.json()?, None).map_err(GatewayError::Malformed)?;
        if payment.reference != query.reference {
            return Err(GatewayError::Malformed("the session is another payment's".into()));
        }
        Ok(payment)
    }

    fn refund_request(&self, refund: &RefundRequest, _ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        check_reference(&refund.refund_reference)?;
        check_amount(NAME, refund.amount, &CURRENCIES)?;
        let intent = path_segment(refund.transaction_id.as_deref().ok_or(GatewayError::MissingTransactionId)?)?;
        let amount = to_stripe_amount(refund.amount).ok_or(GatewayError::InvalidAmount("too large"))?;
        let fields = [
            ("payment_intent", intent.to_string()),
            ("amount", amount.to_string()),
            ("metadata[reference]", refund.reference.clone()),
            ("metadata[refund_reference]", refund.refund_reference.clone()),
        ];
        Ok(self
            .authorized(Method::POST, "/v1/refunds")?
            .with_header("idempotency-key", format!("refund-{}", refund.refund_reference))
            .with_body("application/x-www-form-urlencoded", form(&fields)))
    }

    fn read_refund(&self, answer: &Answer) -> Result<RefundOutcome, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let refund = answer.json()?;
        let status = match refund["status"].as_str() {
            Some("succeeded") => RefundStatus::Succeeded,
            Some("pending" | "requires_action") => RefundStatus::Pending,
            Some("failed" | "canceled") => RefundStatus::Failed,
            other => return Err(GatewayError::Malformed(format!("refund status {other:?}"))),
        };
        Ok(RefundOutcome { refund_id: text(&refund["id"]), status })
    }
}

#[cfg(test)]
mod tests {
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
        json!({"id": "evt_1", "object": "event", "type": event_type, "data": {"object": object}})
            .to_string()
            .into_bytes()
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
        assert_eq!(
            started.action,
            BrowserAction::Redirect { url: "https://checkout.stripe.com/c/pay/cs_test_1".into() }
        );

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
        let expired = json!({"client_reference_id": "P20250102-0001", "status": "expired", "payment_status": "unpaid"})
            .to_string();
        assert_eq!(
            stripe().read_status(&query, &Answer { status: 200, body: expired.as_bytes() }).unwrap().status,
            PaymentStatus::Failed
        );
        assert_eq!(
            stripe().status_request(&StatusQuery { gateway_ref: None, ..query.clone() }, &CallContext::at(NOW_MS)),
            Err(GatewayError::MissingGatewayRef)
        );
        assert!(stripe()
            .status_request(
                &StatusQuery { gateway_ref: Some("../v1/charges".into()), ..query },
                &CallContext::at(NOW_MS)
            )
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
}
