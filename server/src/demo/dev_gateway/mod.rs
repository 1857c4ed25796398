//! The local development payment gateway, served only with `MALL_DEV=1` (merged into the API
//! next to [`crate::demo::dev_tools`]): it stands in for Stripe, PayPal, ABA PayWay and UPAY,
//! so that every pay type runs end to end on this machine without a real account or money.
//!
//! [`crate::payments::config::Gateways`] configures a vendor without keys against it
//! ([`adapter`]): the adapters of [`crate::payments::gateways`] then build exactly the
//! requests they send to the vendor, with this gateway's fixed development secrets, to its
//! site-relative address, which [`crate::payments::transport`] dispatches in-process. It
//! answers the endpoints the adapters call, under API-relative paths (the browser sees them
//! under `/api`), checking each call the way its vendor does:
//!
//! | vendor | endpoints (under `/dev/gateway/<vendor>`) | authentication |
//! |---|---|---|
//! | Stripe ([`stripe`]) | `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}`, `POST /v1/refunds` | `Authorization: Bearer` secret key |
//! | PayPal ([`paypal`]) | `POST /v1/oauth2/token`, `POST /v2/checkout/orders`, `GET /v2/checkout/orders/{id}`, `POST /v2/checkout/orders/{id}/capture`, `POST /v2/payments/captures/{id}/refund`, `GET /v1/notifications/certs/{name}` | HTTP Basic client id and secret for the token, then the bearer token |
//! | ABA PayWay ([`aba`]) | `POST /api/payment-gateway/v1/payments/purchase` (the browser's checkout form, or the server's deep-link call), `POST …/check-transaction-2`, `POST /api/merchant-portal/merchant-access/online-transaction/refund` | the `hash` of each request; the refund's RSA-encrypted `merchant_auth` |
//! | UPAY ([`upay`]) | `POST /v1/payments`, `GET /v1/payments/{reference}`, `POST /v1/refunds` | the `X-Upay-Signature` of each request |
//!
//! Every payment gets a buyer's page, [`paths::DEV_GATEWAY_CHECKOUT`] ([`page`]): what the
//! vendor's answer sends the browser to (Stripe's session `url`, PayPal's `payer-action` link,
//! UPAY's `checkout_url`, the redirect after ABA's checkout form), and what the QR codes and
//! deep links of the app modes (ABA and UPAY deep links) encode. It shows a "no real money"
//! banner, the amount and the merchant's reference, and four buttons:
//!
//! * **Approve**: paid (PayPal: approved, and paid when the mall captures); the vendor's signed
//!   notification is sent to the mall (Stripe's `checkout.session.completed`, PayPal's
//!   `PAYMENT.CAPTURE.COMPLETED` at the capture, ABA's pushback, UPAY's notification) in the
//!   background, and the browser goes back to the return URL (PayPal's with `token` and
//!   `PayerID`);
//! * **Approve without notifying**: the same without the notification, so the mall's status
//!   query has to settle it (a lost or late webhook);
//! * **Decline**: failed in the vendor's terms (a Stripe session expired, a PayPal order voided,
//!   ABA code 3, UPAY `FAILED`), with the vendor's failure notification where it has one (not
//!   PayPal: nothing was captured), then back to the return URL;
//! * **Abandon**: nothing changes; back to the cancel URL.
//!
//! Redirects go only to the URLs the mall gave when it created the payment, and only when
//! they are on this site (a path, or under `MALL_PUBLIC_URL`); notifications go only to this
//! site's `/api/` paths, in-process. Stripe's and PayPal's notifications go where their
//! dashboards would send them, `/api` + [`paths::pay_notice`] of the pay type. Every
//! notification sent, with the mall's answer, is listed on the page and by
//! [`sent_notifications`]. `POST /dev/clock` ([`clock`]) moves the server's clock forward.
//!
//! Payments live in the database (a day at most, [`store`]), so that whichever node of a
//! cluster the buyer's browser, the mall's calls and the notifications reach, each sees the same
//! payment: development only.

pub mod aba;
pub mod clock;
pub mod page;
pub mod paypal;
mod store;
pub mod stripe;
pub mod upay;

use crate::payments::gateways::{Gateway, GatewayKind, Money, OutboundRequest};
use crate::payments::transport::{self, SITE_API_PREFIX};
use crate::state::AppState;
use api::paths;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde::{Deserialize, Serialize};
use std::time::Duration;

use store::with_store;
pub use store::Store;

/// Where the emulated vendors live, relative to the API.
pub const BASE: &str = "/dev/gateway";
pub const STRIPE_BASE: &str = "/dev/gateway/stripe";
pub const PAYPAL_BASE: &str = "/dev/gateway/paypal";
pub const ABA_BASE: &str = "/dev/gateway/aba";
pub const UPAY_BASE: &str = "/dev/gateway/upay";

/// The development secrets: public, and worth nothing outside this gateway.
pub const STRIPE_SECRET_KEY: &str = "sk_test_dev_gateway";
pub const STRIPE_WEBHOOK_SECRET: &str = "whsec_dev_gateway";
pub const PAYPAL_CLIENT_ID: &str = "dev-gateway-client";
pub const PAYPAL_CLIENT_SECRET: &str = "dev-gateway-secret";
pub const PAYPAL_WEBHOOK_ID: &str = "DEVGATEWAYWEBHOOK";
/// The file name of the PayPal signing certificate this gateway serves.
pub const PAYPAL_CERT_NAME: &str = "CERT-dev-gateway-1";
pub const ABA_MERCHANT_ID: &str = "ec_dev_gateway";
pub const ABA_API_KEY: &str = "dev-gateway-payway-key";
pub const UPAY_MERCHANT_ID: &str = "M-DEV-GATEWAY";
pub const UPAY_SECRET: &str = "dev-gateway-upay-secret";

/// How long a payment is remembered.
const KEPT_FOR: Duration = Duration::from_secs(24 * 3600);

/// The development gateway's endpoints and `POST /dev/clock`; merged into the API only in
/// development mode.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(stripe::router())
        .merge(paypal::router())
        .merge(aba::router())
        .merge(upay::router())
        .merge(page::router())
        .merge(clock::router())
}

/// The gateways as development mode configures them: here, beside the development gateway, so
/// the payments themselves never reach for it.
impl crate::payments::config::Gateways {
    /// The gateways that the variables `var` names describe ([`Self::with_vars`]), this
    /// gateway standing in for vendors without keys when `dev_mode` is on.
    pub fn from_vars(dev_mode: bool, var: impl Fn(&str) -> Option<String>) -> Self {
        Self::with_vars(dev_mode.then_some(adapter as crate::payments::config::DevAdapters), var)
    }

    /// Every online pay type against this development gateway, with site-relative URLs: what
    /// the API tests run with.
    pub fn for_tests_dev() -> Self {
        Self::from_vars(true, |_| None)
    }
}

/// `kind`'s adapter configured against this gateway (site-relative, development secrets).
pub fn adapter(kind: GatewayKind) -> Box<dyn Gateway> {
    use crate::payments::gateways::{aba as a, paypal as p, stripe as s, upay as u, Secret};
    let base = |vendor: &str| format!("{SITE_API_PREFIX}{vendor}");
    match kind {
        GatewayKind::Stripe => {
            let mut config = s::StripeConfig::new(Secret::new(STRIPE_SECRET_KEY), Secret::new(STRIPE_WEBHOOK_SECRET));
            config.api_base = base(STRIPE_BASE);
            Box::new(s::Stripe::new(config))
        }
        GatewayKind::Paypal(funding) => {
            let mut config =
                p::PaypalConfig::sandbox(PAYPAL_CLIENT_ID, Secret::new(PAYPAL_CLIENT_SECRET), PAYPAL_WEBHOOK_ID);
            config.api_base = base(PAYPAL_BASE);
            // Only this configuration trusts this gateway's certificate.
            config.cert_url_prefixes = vec![paypal::cert_url_prefix()];
            Box::new(p::Paypal::new(config, funding))
        }
        GatewayKind::Aba(mode) => {
            let mut config = a::AbaConfig::sandbox(ABA_MERCHANT_ID, Secret::new(ABA_API_KEY));
            config.api_base = base(ABA_BASE);
            config.refund_public_key = aba::refund_public_key_pem();
            Box::new(a::Aba::new(config, mode))
        }
        GatewayKind::Upay(mode) => {
            let config = u::UpayConfig::new(base(UPAY_BASE), UPAY_MERCHANT_ID, Secret::new(UPAY_SECRET));
            Box::new(u::Upay::new(config, mode))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

/// Which vendor a payment was made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Vendor {
    Stripe,
    Paypal,
    Aba,
    Upay,
}

impl Vendor {
    pub fn name(self) -> &'static str {
        match self {
            Vendor::Stripe => "Stripe",
            Vendor::Paypal => "PayPal",
            Vendor::Aba => "ABA PayWay",
            Vendor::Upay => "UPAY",
        }
    }
}

/// Where a payment stands at this gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Waiting for the buyer.
    Pending,
    /// Approved by the buyer, waiting for the merchant's capture (PayPal).
    Approved,
    Paid,
    /// Declined.
    Failed,
    /// Not paid within its lifetime (Stripe's 24 hours, ABA's `lifetime`).
    Expired,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Pending => "waiting for the buyer",
            Stage::Approved => "approved, waiting for the capture",
            Stage::Paid => "paid",
            Stage::Failed => "declined",
            Stage::Expired => "expired",
        }
    }
}

/// A refund given.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DevRefund {
    pub id: String,
    /// The caller's idempotency key, when it sent one.
    pub key: Option<String>,
    /// In the payment's currency, its smallest unit as the mall charges it.
    pub minor: i64,
}

/// A notification this gateway sent to the mall.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SentNotification {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The mall's HTTP status, or why it was not delivered; `None` while under way.
    pub outcome: Option<Result<u16, String>>,
}

impl SentNotification {
    /// The headers as the mall receives them.
    pub fn header_map(&self) -> http::HeaderMap {
        let mut map = http::HeaderMap::new();
        for (name, value) in &self.headers {
            if let (Ok(name), Ok(value)) =
                (http::HeaderName::from_bytes(name.as_bytes()), http::HeaderValue::from_str(value))
            {
                map.append(name, value);
            }
        }
        map
    }
}

/// One payment made at this gateway.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DevPayment {
    /// The id of its checkout page (random).
    pub page_id: String,
    pub vendor: Vendor,
    /// The pay type whose notification path it is reported to.
    pub pay_type: i32,
    /// The vendor's id of it: Stripe's session, PayPal's order, ABA's `tran_id`, UPAY's
    /// payment id.
    pub vendor_id: String,
    /// The merchant's reference.
    pub reference: String,
    pub amount: Money,
    pub description: String,
    pub return_url: String,
    pub cancel_url: String,
    /// The site path notifications go to, for vendors that take it per payment.
    pub notify_path: Option<String>,
    pub created_ms: i64,
    pub expires_ms: Option<i64>,
    stage: Stage,
    /// False after "Approve without notifying".
    pub notify: bool,
    /// The money movement: Stripe's PaymentIntent, PayPal's capture, ABA's approval code,
    /// UPAY's payment id.
    pub transaction_id: Option<String>,
    /// PayPal's payer, once approved.
    pub payer_id: Option<String>,
    /// The request id of PayPal's capture, answered again when it is repeated.
    pub capture_request_id: Option<String>,
    pub refunds: Vec<DevRefund>,
    pub notifications: Vec<SentNotification>,
}

impl DevPayment {
    /// A new pending payment.
    #[allow(clippy::too_many_arguments)]
    fn new(
        vendor: Vendor,
        pay_type: i32,
        vendor_id: String,
        reference: String,
        amount: Money,
        return_url: String,
        cancel_url: String,
        created_ms: i64,
    ) -> Self {
        DevPayment {
            page_id: random_hex(16),
            vendor,
            pay_type,
            vendor_id,
            reference,
            amount,
            description: String::new(),
            return_url,
            cancel_url,
            notify_path: None,
            created_ms,
            expires_ms: None,
            stage: Stage::Pending,
            notify: true,
            transaction_id: None,
            payer_id: None,
            capture_request_id: None,
            refunds: Vec::new(),
            notifications: Vec::new(),
        }
    }

    /// Where it stands at `now_ms` (a pending payment past its lifetime has expired).
    pub fn stage_at(&self, now_ms: i64) -> Stage {
        match self.expires_ms {
            Some(expires) if self.stage == Stage::Pending && now_ms >= expires => Stage::Expired,
            _ => self.stage,
        }
    }

    fn set_stage(&mut self, stage: Stage) {
        self.stage = stage;
    }

    /// What was given back so far.
    pub fn refunded_minor(&self) -> i64 {
        self.refunds.iter().map(|r| r.minor).sum()
    }

    pub fn fully_refunded(&self) -> bool {
        self.refunded_minor() >= self.amount.minor
    }

    /// The refund given under `key` before, if any.
    fn refund_by_key(&self, key: Option<&str>) -> Option<&DevRefund> {
        key.and_then(|key| self.refunds.iter().find(|r| r.key.as_deref() == Some(key)))
    }
}

/// The notifications sent for the payment of `page_id`, in order, with the mall's answers.
pub async fn sent_notifications(state: &AppState, page_id: &str) -> Vec<SentNotification> {
    payment(state, page_id).await.map(|p| p.notifications).unwrap_or_default()
}

/// The payment of `page_id`, as this gateway holds it.
pub async fn payment(state: &AppState, page_id: &str) -> Option<DevPayment> {
    with_store(&state.db, page_id, |store| store.payment(page_id).cloned()).await.ok().flatten()
}

/// Sends `requests` (notifications of the payment of `page_id`) to the mall in the
/// background, recording each and the mall's answer.
async fn deliver(state: &AppState, page_id: &str, requests: Vec<OutboundRequest>) {
    for request in requests {
        let recorded = SentNotification {
            url: request.url.clone(),
            headers: request.headers.iter().map(|(n, v)| (n.to_string(), v.clone())).collect(),
            body: request.body.clone(),
            outcome: None,
        };
        let index = with_store(&state.db, page_id, |store| {
            let payment = store.payment_mut(page_id)?;
            payment.notifications.push(recorded);
            Some(payment.notifications.len() - 1)
        })
        .await;
        let Ok(Some(index)) = index else { continue };
        let state = state.clone();
        let page_id = page_id.to_string();
        tokio::spawn(async move {
            let outcome = match transport::send(&state, &request).await {
                Ok(reply) => {
                    if !reply.answer().is_success() {
                        tracing::warn!(url = %request.url, status = reply.status, "the mall refused a development gateway notification");
                    }
                    Ok(reply.status)
                }
                Err(error) => Err(error.to_string()),
            };
            let _ = with_store(&state.db, &page_id, |store| {
                if let Some(sent) = store.payment_mut(&page_id).and_then(|p| p.notifications.get_mut(index)) {
                    sent.outcome = Some(outcome);
                }
            })
            .await;
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

/// Whether the development tools are off (then every path of this gateway is unknown).
fn off(state: &AppState) -> Option<Response> {
    (!state.config.dev_mode).then(|| crate::http::error::ApiError::NotFound.into_response())
}

/// `bytes` random bytes as lower-case hex.
pub fn random_hex(bytes: usize) -> String {
    (0..bytes).map(|_| format!("{:02x}", rand::random::<u8>())).collect()
}

/// `len` random upper-case letters and digits (PayPal's ids).
fn random_upper(len: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    (0..len).map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char).collect()
}

/// `len` random digits.
fn random_digits(len: usize) -> String {
    (0..len).map(|_| char::from(b'0' + rand::random_range(0..10u8))).collect()
}

/// The site path of `url` when it is a place on this site: a path (`/payment?payNo=1`) or a
/// URL under the public origin `return_base`; `None` for anything else.
pub fn site_path<'a>(url: &'a str, return_base: &str) -> Option<&'a str> {
    let path = match url.strip_prefix(return_base) {
        Some(rest) if !return_base.is_empty() => rest,
        _ => url,
    };
    api::redirect::safe_redirect(path)
}

/// Whether the browser may be sent to `url` (see [`site_path`]).
pub fn on_site(url: &str, return_base: &str) -> bool {
    site_path(url, return_base).is_some()
}

/// The in-process target of a notification URL: a path of this site under `/api/`.
pub fn notify_target(url: &str, return_base: &str) -> Option<String> {
    let path = site_path(url, return_base)?;
    path.strip_prefix(SITE_API_PREFIX).filter(|rest| rest.starts_with('/')).map(|_| path.to_string())
}

/// Where the pay type's notifications go when the vendor's dashboard names the endpoint
/// (Stripe, PayPal): this site's notification path.
/// A notification posted as JSON with its signature in the header `signature_header`.
fn signed_post(path: String, signature_header: &'static str, signature: String, body: String) -> OutboundRequest {
    OutboundRequest::new(http::Method::POST, path)
        .with_header(signature_header, signature)
        .with_body("application/json", body)
}

fn dashboard_notify_path(pay_type: i32) -> String {
    format!("{SITE_API_PREFIX}{}", paths::pay_notice(pay_type))
}

/// The buyer's page of a payment, absolute under the public origin or site-relative.
pub fn page_url(return_base: &str, page_id: &str) -> String {
    format!("{return_base}{SITE_API_PREFIX}{}", paths::dev_gateway_checkout(page_id))
}

/// A JSON answer.
fn json(status: StatusCode, value: serde_json::Value) -> Response {
    (status, [(http::header::CONTENT_TYPE, "application/json")], value.to_string()).into_response()
}

/// A vendor's refusal: its HTTP status and JSON body.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    pub status: StatusCode,
    pub body: serde_json::Value,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        json(self.status, self.body)
    }
}

/// `money` as a JSON number, as PayWay writes amounts (`12.5`, `51250`).
fn json_number(money: Money) -> serde_json::Value {
    serde_json::from_str(&money.decimal()).unwrap_or(serde_json::Value::Null)
}

/// What a decision on the checkout page does: notifications to send, and where the browser
/// goes.
pub struct Decided {
    pub notifications: Vec<OutboundRequest>,
    pub redirect: String,
}

#[cfg(test)]
pub(crate) mod test_support {
    use axum::http::HeaderMap;

    /// Headers with just this `Authorization`.
    pub fn authorization(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(http::header::AUTHORIZATION, value.parse().unwrap());
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::config::pay_type;

    #[test]
    fn only_this_site_is_a_target() {
        for (url, base, expected) in [
            ("/payment?payNo=P1", "", Some("/payment?payNo=P1")),
            ("/payment?payNo=P1", "https://mall.example", Some("/payment?payNo=P1")),
            ("https://mall.example/payment", "https://mall.example", Some("/payment")),
            ("https://mall.example.evil.test/payment", "https://mall.example", None),
            ("https://mall.example/payment", "", None),
            ("https://evil.test/", "https://mall.example", None),
            ("//evil.test/", "", None),
            ("/\\evil.test/", "", None),
            ("/%2F%2Fevil.test", "", None),
            ("javascript:alert(1)", "", None),
            ("", "", None),
        ] {
            assert_eq!(site_path(url, base), expected, "{url} under {base:?}");
        }
        assert_eq!(notify_target("/api/notice/pay/17", ""), Some("/api/notice/pay/17".into()));
        assert_eq!(
            notify_target("https://mall.example/api/notice/pay/17", "https://mall.example"),
            Some("/api/notice/pay/17".into())
        );
        assert_eq!(notify_target("/payment", ""), None);
        assert_eq!(notify_target("/apix/notice", ""), None);
        assert_eq!(notify_target("http://127.0.0.1:9/api/notice/pay/17", ""), None);
    }

    #[test]
    fn pages_live_under_the_api() {
        assert_eq!(page_url("", "ab12"), "/api/dev/gateway/checkout/ab12");
        assert_eq!(page_url("https://mall.example", "ab12"), "https://mall.example/api/dev/gateway/checkout/ab12");
        assert_eq!(dashboard_notify_path(pay_type::STRIPE), "/api/notice/pay/13");
        assert_eq!(random_hex(16).len(), 32);
        assert!(random_upper(17).bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()));
        assert_eq!(random_digits(6).len(), 6);
        assert_eq!(json_number(Money::usd(1250)), serde_json::json!(12.5));
        assert_eq!(json_number(Money::khr(51_250)), serde_json::json!(51250));
    }

    #[test]
    fn every_online_pay_type_has_a_development_adapter() {
        for kind in GatewayKind::ALL {
            assert_eq!(adapter(kind).pay_type(), kind.pay_type());
        }
    }

    #[test]
    fn a_pending_payment_expires_with_its_lifetime() {
        let mut payment =
            DevPayment::new(Vendor::Aba, 17, "P1".into(), "P1".into(), Money::usd(100), "/r".into(), "/c".into(), 0);
        assert_eq!(payment.stage_at(i64::MAX), Stage::Pending);
        payment.expires_ms = Some(1000);
        assert_eq!(payment.stage_at(999), Stage::Pending);
        assert_eq!(payment.stage_at(1000), Stage::Expired);
        payment.set_stage(Stage::Paid);
        assert_eq!(payment.stage_at(1000), Stage::Paid);
        payment.refunds.push(DevRefund { id: "R".into(), key: Some("k".into()), minor: 40 });
        assert_eq!(payment.refunded_minor(), 40);
        assert!(!payment.fully_refunded());
        assert!(payment.refund_by_key(Some("k")).is_some());
        assert!(payment.refund_by_key(None).is_none());
    }
}
