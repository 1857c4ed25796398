//! PayPal Orders v2 (pay types `PAYPAL` and `PAYCARDPAL`) with webhooks verified offline.
//!
//! * **Token**: every call carries an OAuth2 bearer token from `POST /v1/oauth2/token`
//!   (`grant_type=client_credentials`, HTTP Basic with the client id and secret); the caller
//!   keeps it until `expires_in`.
//! * **Start**: `POST /v2/checkout/orders` with `intent: CAPTURE`, one purchase unit whose
//!   `custom_id` and `reference_id` are the mall's reference and whose `amount` is
//!   `{currency_code, value}`, and `payment_source.paypal.experience_context` (return and cancel
//!   URLs, pay now, no shipping). `PayPal-Request-Id: create-{reference}` makes it idempotent.
//!   The answer's `payer-action` (or `approve`) link is where the browser goes; the order id is
//!   kept. `PAYCARDPAL` is the same protocol with the card funding source: the landing page is
//!   PayPal's guest checkout, where the buyer pays by debit or credit card without an account.
//! * **Capture**: when the buyer comes back approved, `POST /v2/checkout/orders/{id}/capture`
//!   (`PayPal-Request-Id: capture-{id}`) takes the money; its answer, like `GET
//!   /v2/checkout/orders/{id}` (the status query), is an order read by [`Gateway::read_status`].
//! * **Refund**: `POST /v2/payments/captures/{capture id}/refund`.
//! * **Currencies**: PayPal's list of supported currencies (REST API reference, "Currency
//!   codes", <https://developer.paypal.com/api/rest/reference/currency-codes/>) has no Cambodian
//!   riel, so KHR is refused with [`GatewayError::UnsupportedCurrency`]; USD values have two
//!   decimals (`"12.50"`).
//! * **Webhooks** are verified the way PayPal documents for verifying "on your own" (no call to
//!   PayPal): the message `"{PAYPAL-TRANSMISSION-ID}|{PAYPAL-TRANSMISSION-TIME}|{webhook id}|{CRC32
//!   of the raw body, unsigned decimal}"` must carry `PAYPAL-TRANSMISSION-SIG`, an RSA-SHA256
//!   (PKCS#1 v1.5, `PAYPAL-AUTH-ALGO: SHA256withRSA`) signature, under the public key of the
//!   certificate at `PAYPAL-CERT-URL`. That URL must start with one of the configured prefixes
//!   (PayPal's own API hosts, `…/v1/notifications/certs/`); [`Gateway::certificate_request`]
//!   names the fetch, and the certificate is trusted because it came over TLS from PayPal's
//!   host (fetch it with certificate validation on and without following redirects; cache it
//!   by URL). The certificate's chain and dates are not checked here. Then
//!   `PAYPAL-TRANSMISSION-TIME` must be within the tolerance (300 s).
//!
//!   The signature check uses `rustls-webpki` on *ring*, which the HTTPS client already
//!   builds, rather than the `rsa` and `x509-cert` crates. PayPal's other way, its
//!   `POST /v1/notifications/verify-webhook-signature` API, is here too
//!   ([`Paypal::verification_request`], [`read_verification`]) for an operator who prefers it:
//!   one more round trip per webhook, and the raw body is embedded verbatim so PayPal checks the
//!   very bytes that were signed.
//! * **Events** acted on: `PAYMENT.CAPTURE.COMPLETED` / `PENDING` / `DENIED` / `DECLINED` /
//!   `REFUNDED` / `REVERSED` and `CHECKOUT.ORDER.APPROVED` / `COMPLETED` (an approved order is
//!   pending: capture it); others are [`Verified::Ignored`].
//!
//! [`sign_transmission`] signs like PayPal for the local development gateway.

use super::{
    check_amount, check_freshness, check_reference, cut, header, json_body, parse_rfc3339, path_segment, text,
    AccessToken, Answer, BrowserAction, CallContext, Currency, Gateway, GatewayError, Money, Notification,
    OutboundRequest, PaymentEvent, PaymentRequest, PaymentStatus, RefundOutcome, RefundRequest, RefundStatus, Secret,
    Start, Started, StatusQuery, Verified, VerifyError,
};
use api::config::pay_type;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use http::{HeaderMap, Method};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivatePkcs8KeyDer};
use serde_json::{json, Value};

/// PayPal's live API.
pub const LIVE_API_BASE: &str = "https://api-m.paypal.com";
/// PayPal's sandbox API.
pub const SANDBOX_API_BASE: &str = "https://api-m.sandbox.paypal.com";
/// Where live webhooks' signing certificates may come from.
pub const LIVE_CERT_URL_PREFIXES: [&str; 2] =
    ["https://api.paypal.com/v1/notifications/certs/", "https://api-m.paypal.com/v1/notifications/certs/"];
/// Where sandbox webhooks' signing certificates may come from.
pub const SANDBOX_CERT_URL_PREFIXES: [&str; 2] = [
    "https://api.sandbox.paypal.com/v1/notifications/certs/",
    "https://api-m.sandbox.paypal.com/v1/notifications/certs/",
];
/// The only signature algorithm PayPal names.
pub const AUTH_ALGO: &str = "SHA256withRSA";
/// How far a webhook's transmission time may be from now.
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

pub const TRANSMISSION_ID: &str = "paypal-transmission-id";
pub const TRANSMISSION_TIME: &str = "paypal-transmission-time";
pub const TRANSMISSION_SIG: &str = "paypal-transmission-sig";
pub const CERT_URL: &str = "paypal-cert-url";
pub const AUTH_ALGO_HEADER: &str = "paypal-auth-algo";

const NAME: &str = "PayPal";
const CURRENCIES: [Currency; 1] = [Currency::Usd];

/// How the buyer pays through PayPal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Funding {
    /// With a PayPal account (`PAYPAL`).
    Wallet,
    /// With a debit or credit card on PayPal's guest checkout (`PAYCARDPAL`).
    Card,
}

/// Keys and endpoints of a PayPal REST app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaypalConfig {
    pub client_id: String,
    pub client_secret: Secret,
    /// The id of the webhook as registered in PayPal's developer dashboard (part of every
    /// signed message).
    pub webhook_id: String,
    /// [`LIVE_API_BASE`], [`SANDBOX_API_BASE`] or the development gateway.
    pub api_base: String,
    /// Where signing certificates may be fetched from (URL prefixes ending in `/`).
    pub cert_url_prefixes: Vec<String>,
    pub tolerance_secs: i64,
    /// The shop name PayPal shows the buyer (at most 127 characters).
    pub brand_name: Option<String>,
}

impl PaypalConfig {
    /// Live PayPal.
    pub fn live(client_id: impl Into<String>, client_secret: Secret, webhook_id: impl Into<String>) -> Self {
        Self::with(LIVE_API_BASE, &LIVE_CERT_URL_PREFIXES, client_id.into(), client_secret, webhook_id.into())
    }

    /// PayPal's sandbox.
    pub fn sandbox(client_id: impl Into<String>, client_secret: Secret, webhook_id: impl Into<String>) -> Self {
        Self::with(SANDBOX_API_BASE, &SANDBOX_CERT_URL_PREFIXES, client_id.into(), client_secret, webhook_id.into())
    }

    fn with(api_base: &str, prefixes: &[&str], client_id: String, client_secret: Secret, webhook_id: String) -> Self {
        PaypalConfig {
            client_id,
            client_secret,
            webhook_id,
            api_base: api_base.into(),
            cert_url_prefixes: prefixes.iter().map(|p| p.to_string()).collect(),
            tolerance_secs: DEFAULT_TOLERANCE_SECS,
            brand_name: None,
        }
    }
}

/// The PayPal adapter, for one funding source.
#[derive(Debug, Clone)]
pub struct Paypal {
    config: PaypalConfig,
    funding: Funding,
}

/// A PayPal amount: `{"currency_code": "USD", "value": "12.50"}`; KHR is not a PayPal currency.
pub fn amount_json(money: Money) -> Result<Value, GatewayError> {
    if !CURRENCIES.contains(&money.currency) {
        return Err(GatewayError::UnsupportedCurrency { gateway: NAME, currency: money.currency });
    }
    Ok(json!({"currency_code": money.currency.code(), "value": money.decimal()}))
}

/// Reads a PayPal amount object.
fn money_of(amount: &Value) -> Result<Option<Money>, String> {
    if amount.is_null() {
        return Ok(None);
    }
    let code = amount["currency_code"].as_str().unwrap_or_default();
    Currency::from_code(code)
        .and_then(|currency| Money::from_json(currency, &amount["value"]))
        .map(Some)
        .ok_or_else(|| format!("amount {amount}"))
}

/// The message PayPal signs for a webhook transmission.
pub fn transmission_message(transmission_id: &str, transmission_time: &str, webhook_id: &str, body: &[u8]) -> String {
    format!("{transmission_id}|{transmission_time}|{webhook_id}|{}", crc32fast::hash(body))
}

/// Checks a base64 RSA-SHA256 (PKCS#1 v1.5) `signature` of `message` against the first
/// certificate of a PEM chain.
pub fn verify_transmission(cert_pem: &[u8], message: &[u8], signature: &str) -> Result<(), VerifyError> {
    let cert = CertificateDer::pem_slice_iter(cert_pem)
        .next()
        .ok_or_else(|| VerifyError::UntrustedCertificate("no certificate in the PEM".into()))?
        .map_err(|e| VerifyError::UntrustedCertificate(format!("PEM: {e:?}")))?;
    let cert = webpki::EndEntityCert::try_from(&cert)
        .map_err(|e| VerifyError::UntrustedCertificate(format!("X.509: {e:?}")))?;
    let signature = STANDARD.decode(signature.trim()).map_err(|_| VerifyError::BadSignature)?;
    cert.verify_signature(webpki::ring::RSA_PKCS1_2048_8192_SHA256, message, &signature)
        .map_err(|_| VerifyError::BadSignature)
}

/// Signs `message` as PayPal does (base64 RSA-SHA256, PKCS#1 v1.5) with a PKCS#8 PEM private
/// key of at least 2048 bits: for the development gateway, whose certificate must then be on
/// [`PaypalConfig::cert_url_prefixes`].
pub fn sign_transmission(key_pem: &[u8], message: &[u8]) -> Result<String, GatewayError> {
    let key = PrivatePkcs8KeyDer::from_pem_slice(key_pem).map_err(|e| GatewayError::Crypto(format!("key: {e:?}")))?;
    let pair = ring::signature::RsaKeyPair::from_pkcs8(key.secret_pkcs8_der())
        .map_err(|e| GatewayError::Crypto(format!("key: {e}")))?;
    let mut signature = vec![0; pair.public().modulus_len()];
    pair.sign(&ring::signature::RSA_PKCS1_SHA256, &ring::rand::SystemRandom::new(), message, &mut signature)
        .map_err(|_| GatewayError::Crypto("signing failed".into()))?;
    Ok(STANDARD.encode(signature))
}

/// Reads a verified webhook body.
pub fn parse_event(body: &[u8]) -> Result<Verified, VerifyError> {
    let event = json_body(body)?;
    let event_type =
        event["event_type"].as_str().ok_or_else(|| VerifyError::Malformed("event without a type".into()))?;
    let resource = &event["resource"];
    let read = match event_type {
        "PAYMENT.CAPTURE.COMPLETED" => capture_event(resource, PaymentStatus::Paid),
        "PAYMENT.CAPTURE.PENDING" => capture_event(resource, PaymentStatus::Pending),
        "PAYMENT.CAPTURE.DENIED" | "PAYMENT.CAPTURE.DECLINED" => capture_event(resource, PaymentStatus::Failed),
        "PAYMENT.CAPTURE.REFUNDED" | "PAYMENT.CAPTURE.REVERSED" => {
            if reference_of(resource).is_none() {
                // A refund made outside the mall, about no attempt of ours.
                return Ok(Verified::Ignored { event_type: event_type.to_string() });
            }
            capture_event(resource, PaymentStatus::Refunded)
        }
        "CHECKOUT.ORDER.APPROVED" | "CHECKOUT.ORDER.COMPLETED" => order_event(resource),
        other => return Ok(Verified::Ignored { event_type: other.to_string() }),
    };
    let mut payment = read.map_err(VerifyError::Malformed)?;
    payment.event_id = text(&event["id"]);
    Ok(Verified::Event(payment))
}

fn reference_of(resource: &Value) -> Option<String> {
    text(&resource["custom_id"]).or_else(|| text(&resource["invoice_id"]))
}

/// A capture (or refund) resource as a payment event.
fn capture_event(capture: &Value, status: PaymentStatus) -> Result<PaymentEvent, String> {
    Ok(PaymentEvent {
        pay_type: pay_type::PAYPAL,
        event_id: None,
        reference: reference_of(capture).ok_or("capture without the mall's reference (custom_id)")?,
        transaction_id: text(&capture["id"]),
        amount: money_of(&capture["amount"])?,
        status,
    })
}

fn capture_status(status: &str) -> PaymentStatus {
    match status {
        "COMPLETED" => PaymentStatus::Paid,
        "DECLINED" | "FAILED" => PaymentStatus::Failed,
        "REFUNDED" | "PARTIALLY_REFUNDED" => PaymentStatus::Refunded,
        _ => PaymentStatus::Pending,
    }
}

/// An order (webhook resource, status or capture answer) as a payment event: its last capture
/// decides; before any capture it is pending, or failed once voided.
fn order_event(order: &Value) -> Result<PaymentEvent, String> {
    let unit = &order["purchase_units"][0];
    let reference = text(&unit["custom_id"])
        .or_else(|| text(&unit["reference_id"]))
        .ok_or("order without the mall's reference (custom_id)")?;
    let capture = unit["payments"]["captures"].as_array().and_then(|c| c.last());
    let (status, transaction_id, amount) = match capture {
        Some(capture) => (
            capture_status(capture["status"].as_str().unwrap_or_default()),
            text(&capture["id"]),
            money_of(&capture["amount"])?,
        ),
        None => {
            let status = match order["status"].as_str() {
                Some("VOIDED") => PaymentStatus::Failed,
                _ => PaymentStatus::Pending,
            };
            (status, text(&order["id"]), money_of(&unit["amount"])?)
        }
    };
    Ok(PaymentEvent { pay_type: pay_type::PAYPAL, event_id: None, reference, transaction_id, amount, status })
}

/// A PayPal error answer (`{"name", "message", "details": [{"issue"}]}` or OAuth2's
/// `{"error", "error_description"}`) as [`GatewayError::Refused`].
fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    GatewayError::Refused {
        status: answer.status,
        code: text(&body["details"][0]["issue"])
            .or_else(|| text(&body["name"]))
            .or_else(|| text(&body["error"]))
            .unwrap_or_default(),
        message: text(&body["message"]).or_else(|| text(&body["error_description"])).unwrap_or_default(),
    }
}

/// Checks the answer of `verify-webhook-signature`: `verification_status` must be `SUCCESS`.
pub fn read_verification(answer: &Answer) -> Result<(), VerifyError> {
    let body: Value = serde_json::from_slice(answer.body)
        .map_err(|_| VerifyError::Malformed(format!("verification answer ({})", answer.status)))?;
    match body["verification_status"].as_str() {
        Some("SUCCESS") if (200..300).contains(&answer.status) => Ok(()),
        Some("FAILURE") => Err(VerifyError::BadSignature),
        _ => Err(VerifyError::Malformed(format!("verification answer ({}): {body}", answer.status))),
    }
}

/// The transmission headers of a webhook.
struct Transmission<'a> {
    id: &'a str,
    time: &'a str,
    signature: &'a str,
    cert_url: &'a str,
    algo: &'a str,
}

impl<'a> Transmission<'a> {
    fn read(headers: &'a HeaderMap) -> Result<Self, VerifyError> {
        let transmission = Transmission {
            id: header(headers, TRANSMISSION_ID)?,
            time: header(headers, TRANSMISSION_TIME)?,
            signature: header(headers, TRANSMISSION_SIG)?,
            cert_url: header(headers, CERT_URL)?,
            algo: header(headers, AUTH_ALGO_HEADER)?,
        };
        if !transmission.algo.eq_ignore_ascii_case(AUTH_ALGO) {
            return Err(VerifyError::Malformed(format!("signature algorithm {}", transmission.algo)));
        }
        Ok(transmission)
    }
}

impl Paypal {
    pub fn new(config: PaypalConfig, funding: Funding) -> Self {
        Paypal { config, funding }
    }

    pub fn config(&self) -> &PaypalConfig {
        &self.config
    }

    pub fn funding(&self) -> Funding {
        self.funding
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.config.api_base.trim_end_matches('/'))
    }

    fn authorized(&self, method: Method, path: &str, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        let token = ctx.access_token.filter(|t| !t.is_empty()).ok_or(GatewayError::MissingAccessToken)?;
        Ok(OutboundRequest::new(method, self.url(path))
            .with_header("authorization", format!("Bearer {token}"))
            .with_header("accept", "application/json"))
    }

    /// Whether `url` is on the allow-list of certificate URLs: one of the prefixes, then a plain
    /// file name.
    pub fn check_cert_url(&self, url: &str) -> Result<(), VerifyError> {
        let name = self
            .config
            .cert_url_prefixes
            .iter()
            .find_map(|prefix| url.strip_prefix(prefix.as_str()))
            .ok_or_else(|| VerifyError::UntrustedCertificate(format!("certificate URL {url} is not PayPal's")))?;
        let plain = !name.is_empty()
            && name.len() <= 200
            && !name.contains("..")
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        if !plain {
            return Err(VerifyError::UntrustedCertificate(format!("certificate URL {url}")));
        }
        Ok(())
    }

    /// PayPal's own verification: `POST /v1/notifications/verify-webhook-signature` with the
    /// transmission headers and the raw body embedded verbatim as `webhook_event`. Read the
    /// answer with [`read_verification`], then the body with [`parse_event`].
    pub fn verification_request(
        &self,
        headers: &HeaderMap,
        body: &[u8],
        ctx: &CallContext,
    ) -> Result<OutboundRequest, VerifyError> {
        let transmission = Transmission::read(headers)?;
        if !json_body(body)?.is_object() {
            return Err(VerifyError::Malformed("the event is not a JSON object".into()));
        }
        let raw = std::str::from_utf8(body).map_err(|_| VerifyError::Malformed("the event is not UTF-8".into()))?;
        let field = |value: &str| Value::String(value.to_string()).to_string();
        let request_body = format!(
            r#"{{"auth_algo":{},"cert_url":{},"transmission_id":{},"transmission_sig":{},"transmission_time":{},"webhook_id":{},"webhook_event":{raw}}}"#,
            field(transmission.algo),
            field(transmission.cert_url),
            field(transmission.id),
            field(transmission.signature),
            field(transmission.time),
            field(&self.config.webhook_id),
        );
        let request = self
            .authorized(Method::POST, "/v1/notifications/verify-webhook-signature", ctx)
            .map_err(|_| VerifyError::NotConfigured("PayPal access token"))?;
        Ok(request.with_body("application/json", request_body))
    }
}

impl Gateway for Paypal {
    fn pay_type(&self) -> i32 {
        match self.funding {
            Funding::Wallet => pay_type::PAYPAL,
            Funding::Card => pay_type::PAYCARDPAL,
        }
    }

    fn supports(&self, currency: Currency) -> bool {
        CURRENCIES.contains(&currency)
    }

    fn token_request(&self) -> Option<OutboundRequest> {
        let credentials = STANDARD.encode(format!("{}:{}", self.config.client_id, self.config.client_secret.expose()));
        Some(
            OutboundRequest::new(Method::POST, self.url("/v1/oauth2/token"))
                .with_header("authorization", format!("Basic {credentials}"))
                .with_header("accept", "application/json")
                .with_body("application/x-www-form-urlencoded", "grant_type=client_credentials"),
        )
    }

    fn read_token(&self, answer: &Answer) -> Result<AccessToken, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let body = answer.json()?;
        let token = text(&body["access_token"]).ok_or_else(|| GatewayError::Malformed("no access_token".into()))?;
        let expires_in_secs = body["expires_in"].as_i64().unwrap_or(0).max(0);
        Ok(AccessToken { token: Secret::new(token), expires_in_secs })
    }

    fn start(&self, payment: &PaymentRequest, ctx: &CallContext) -> Result<Start, GatewayError> {
        check_reference(&payment.reference)?;
        check_amount(NAME, payment.amount, &CURRENCIES)?;
        let mut unit = json!({
            "reference_id": payment.reference,
            "custom_id": payment.reference,
            "amount": amount_json(payment.amount)?,
        });
        let description = cut(&payment.description, 127);
        if !description.is_empty() {
            unit["description"] = Value::String(description);
        }
        let mut experience = json!({
            "return_url": payment.return_url,
            "cancel_url": payment.cancel_url,
            "user_action": "PAY_NOW",
            "shipping_preference": "NO_SHIPPING",
            "landing_page": match self.funding {
                Funding::Wallet => "LOGIN",
                Funding::Card => "GUEST_CHECKOUT",
            },
        });
        if let Some(brand) = self.config.brand_name.as_deref().map(|b| cut(b, 127)).filter(|b| !b.is_empty()) {
            experience["brand_name"] = Value::String(brand);
        }
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [unit],
            "payment_source": {"paypal": {"experience_context": experience}},
        });
        let request = self
            .authorized(Method::POST, "/v2/checkout/orders", ctx)?
            .with_header("paypal-request-id", format!("create-{}", payment.reference))
            .with_body("application/json", body.to_string());
        Ok(Start::Call(request))
    }

    fn read_start(&self, _payment: &PaymentRequest, answer: &Answer) -> Result<Started, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let order = answer.json()?;
        let id = text(&order["id"]).ok_or_else(|| GatewayError::Malformed("order without an id".into()))?;
        let links = order["links"].as_array().map(Vec::as_slice).unwrap_or_default();
        let approve = ["payer-action", "approve"]
            .iter()
            .find_map(|rel| links.iter().find(|link| link["rel"] == *rel).and_then(|link| text(&link["href"])))
            .ok_or_else(|| GatewayError::Malformed("order without an approval link".into()))?;
        Ok(Started { gateway_ref: Some(id), action: BrowserAction::Redirect { url: approve } })
    }

    fn certificate_request(&self, headers: &HeaderMap) -> Result<Option<OutboundRequest>, VerifyError> {
        let transmission = Transmission::read(headers)?;
        self.check_cert_url(transmission.cert_url)?;
        Ok(Some(OutboundRequest::new(Method::GET, transmission.cert_url)))
    }

    fn verify(&self, notification: &Notification, now_ms: i64) -> Result<Verified, VerifyError> {
        if self.config.webhook_id.is_empty() {
            return Err(VerifyError::NotConfigured("PayPal webhook id"));
        }
        let transmission = Transmission::read(notification.headers)?;
        self.check_cert_url(transmission.cert_url)?;
        let certificate = notification.certificate.ok_or(VerifyError::CertificateRequired)?;
        let message =
            transmission_message(transmission.id, transmission.time, &self.config.webhook_id, notification.body);
        verify_transmission(certificate, message.as_bytes(), transmission.signature)?;
        let sent = parse_rfc3339(transmission.time)
            .ok_or_else(|| VerifyError::Malformed(format!("transmission time {}", transmission.time)))?;
        check_freshness(sent, now_ms, self.config.tolerance_secs)?;
        let verified = parse_event(notification.body)?;
        Ok(match verified {
            Verified::Event(event) => Verified::Event(PaymentEvent { pay_type: self.pay_type(), ..event }),
            ignored => ignored,
        })
    }

    fn capture_request(&self, gateway_ref: &str, ctx: &CallContext) -> Result<Option<OutboundRequest>, GatewayError> {
        let id = path_segment(gateway_ref)?;
        let request = self
            .authorized(Method::POST, &format!("/v2/checkout/orders/{id}/capture"), ctx)?
            .with_header("paypal-request-id", format!("capture-{id}"))
            .with_body("application/json", "");
        Ok(Some(request))
    }

    fn status_request(&self, query: &StatusQuery, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        let id = path_segment(query.gateway_ref.as_deref().ok_or(GatewayError::MissingGatewayRef)?)?;
        self.authorized(Method::GET, &format!("/v2/checkout/orders/{id}"), ctx)
    }

    fn read_status(&self, query: &StatusQuery, answer: &Answer) -> Result<PaymentEvent, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let payment = order_event(&answer.json()?).map_err(GatewayError::Malformed)?;
        if payment.reference != query.reference {
            return Err(GatewayError::Malformed("the order is another payment's".into()));
        }
        Ok(PaymentEvent { pay_type: self.pay_type(), ..payment })
    }

    fn refund_request(&self, refund: &RefundRequest, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        check_reference(&refund.refund_reference)?;
        check_amount(NAME, refund.amount, &CURRENCIES)?;
        let capture = path_segment(refund.transaction_id.as_deref().ok_or(GatewayError::MissingTransactionId)?)?;
        let body = json!({"amount": amount_json(refund.amount)?, "custom_id": refund.reference});
        Ok(self
            .authorized(Method::POST, &format!("/v2/payments/captures/{capture}/refund"), ctx)?
            .with_header("paypal-request-id", format!("refund-{}", refund.refund_reference))
            .with_body("application/json", body.to_string()))
    }

    fn read_refund(&self, answer: &Answer) -> Result<RefundOutcome, GatewayError> {
        if !answer.is_success() {
            return Err(refused(answer));
        }
        let refund = answer.json()?;
        let status = match refund["status"].as_str() {
            Some("COMPLETED") => RefundStatus::Succeeded,
            Some("PENDING") => RefundStatus::Pending,
            Some("CANCELLED" | "FAILED") => RefundStatus::Failed,
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

    /// A throwaway RSA-2048 key and self-signed certificate made for these tests only.
    const TEST_KEY: &[u8] = include_bytes!("testdata/paypal-test-signer.key.pem");
    const TEST_CERT: &[u8] = include_bytes!("testdata/paypal-test-signer.cert.pem");
    /// Another certificate, whose key did not sign anything here.
    const OTHER_CERT: &[u8] = include_bytes!("testdata/other-signer.cert.pem");
    const WEBHOOK_ID: &str = "8PT597110X687430LKGECATA";
    const CERT_URL_VALUE: &str =
        "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77";
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
            .verify(
                &Notification { body: &body, headers: &signed(&body, NOW_TEXT), certificate: Some(TEST_CERT) },
                NOW_MS,
            )
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
                matches!(
                    paypal(Funding::Wallet).certificate_request(&forged),
                    Err(VerifyError::UntrustedCertificate(_))
                ),
                "{url}"
            );
            assert!(
                matches!(verify(&body, &forged, Some(TEST_CERT)), Err(VerifyError::UntrustedCertificate(_))),
                "{url}"
            );
        }
        let live = Paypal::new(PaypalConfig::live("id", Secret::new("s"), WEBHOOK_ID), Funding::Wallet);
        assert!(live.check_cert_url("https://api.paypal.com/v1/notifications/certs/CERT-1").is_ok());
        assert!(live.check_cert_url(CERT_URL_VALUE).is_err());
        assert!(matches!(
            verify(&body, &headers, Some(b"not a certificate")),
            Err(VerifyError::UntrustedCertificate(_))
        ));
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
        assert_eq!(
            (order.status, order.transaction_id.as_deref()),
            (PaymentStatus::Pending, Some("5O190127TN364715T"))
        );
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

        let Start::Call(card) = paypal(Funding::Card).start(&payment(Money::usd(1250)), &ctx()).unwrap() else {
            panic!()
        };
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
        let refused =
            json!({"error": "invalid_client", "error_description": "Client Authentication failed"}).to_string();
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
        assert!(
            text.ends_with(&format!(r#""webhook_event":{}}}"#, String::from_utf8(body.clone()).unwrap())),
            "{text}"
        );
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
}
