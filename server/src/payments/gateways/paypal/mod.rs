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
use serde_json::{json, Value};

mod events;
mod signature;

pub use events::*;
pub use signature::*;

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
mod tests;
