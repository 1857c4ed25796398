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

mod events;
mod signature;

pub use events::*;
pub use signature::*;

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
mod tests;
