//! The protocols of the payment gateways, without I/O: Stripe ([`stripe`]), PayPal and card
//! payments through PayPal ([`paypal`]), ABA PayWay by checkout page and by ABA Mobile deep
//! link ([`aba`]), and UPAY on the web and by deep link ([`upay`]). Each is an adapter behind
//! one trait, [`Gateway`], which the local development gateway implements too.
//!
//! # Shape
//!
//! Nothing here opens a connection. Every exchange with a gateway is *described*: a function
//! builds the signed [`OutboundRequest`] (method, URL, headers, body) and another reads the
//! gateway's [`Answer`] (status and body). The HTTP layer sends, with its own client, timeouts
//! and retries; everything in this module is therefore testable offline, byte for byte.
//!
//! A payment runs like this:
//!
//! 1. [`Gateway::token_request`] / [`Gateway::read_token`]: PayPal's calls carry a short-lived
//!    OAuth2 token, kept by the caller until it expires and passed in [`CallContext`].
//! 2. [`Gateway::start`] answers either [`Start::Call`], a request the server sends and whose
//!    answer [`Gateway::read_start`] turns into [`Started`] (what the browser does, and the
//!    gateway's own id of the payment to keep), or [`Start::Browser`] when the browser itself
//!    posts a signed form to the gateway (ABA PayWay's checkout page).
//! 3. The browser does the [`BrowserAction`]: a redirect, a form post, a QR code to show or an
//!    app to open.
//! 4. The gateway notifies the mall. [`Gateway::certificate_request`] names what must be
//!    fetched first (PayPal's signing certificate; nothing for the HMAC gateways), then
//!    [`Gateway::verify`] checks the raw body against its signature and answers a
//!    [`PaymentEvent`], or [`Verified::Ignored`] for an authentic event the mall does not act
//!    on, or a typed [`VerifyError`]. An order is paid only when
//!    [`PaymentEvent::settles`] its expected amount.
//! 5. When the buyer comes back, [`Gateway::capture_request`] (PayPal captures the approved
//!    order) or [`Gateway::status_request`] asks the gateway; [`Gateway::read_status`] reads
//!    either answer into a [`PaymentEvent`]. The same query settles a payment whose
//!    notification came late or never.
//! 6. [`Gateway::refund_request`] / [`Gateway::read_refund`] return money.
//!
//! # What is verified
//!
//! | gateway | notification | how |
//! |---|---|---|
//! | Stripe | `Stripe-Signature: t=…,v1=…` | HMAC-SHA256 of `"{t}.{raw body}"` with the endpoint secret, hex; any `v1` may match; `t` within the tolerance (300 s) |
//! | PayPal | `PAYPAL-TRANSMISSION-*` headers | RSA-SHA256 (PKCS#1 v1.5) of `"{transmission id}\|{time}\|{webhook id}\|{CRC32 of raw body}"` with the certificate fetched from `PAYPAL-CERT-URL`, whose host must be on the allow-list; time within the tolerance |
//! | ABA PayWay | `X-PayWay-HMAC-SHA512` | base64 HMAC-SHA512 of the body's values concatenated in key order; the pushback has no amount, so the check-transaction query settles it |
//! | UPAY | `X-Upay-Signature: t=…,v1=…` | the mall's own HMAC-SHA256 scheme (see [`upay`]: no public vendor specification was found) |
//!
//! Every comparison of a signature is in constant time ([`constant_time_eq`]).
//!
//! # Money
//!
//! The mall keeps every amount as integer US cents ([`Price`]). A payment is charged in USD or
//! KHR; [`Money`] is an amount in the charged currency's smallest unit *as the mall charges
//! it*: cents for USD, whole riel for KHR. KHR has two minor digits in ISO 4217, but no
//! sub-unit of the riel circulates, the storefront shows KHR as whole numbers and ABA PayWay
//! refuses KHR amounts with decimals; so a KHR charge is [`Money::khr_from_price`], the USD
//! cents times the exchange rate rounded half up to whole riel, the very rule the storefront
//! displays with (`api::money::DisplayCurrency::format`), so the buyer pays what the page
//! showed. Each adapter maps [`Money`] to its wire format: Stripe counts KHR in hundredths
//! (riel × 100, KHR is not one of Stripe's zero-decimal currencies), PayPal does not take KHR
//! at all, ABA PayWay and UPAY take decimal strings ("12.50", "51250").

pub mod aba;
pub mod paypal;
pub mod stripe;
pub mod upay;

mod checks;
mod error;
mod money;
mod payment;
mod request;
mod times;

pub use checks::{check_reference, constant_time_eq, hmac_sha256, hmac_sha512};
pub use error::{GatewayError, VerifyError};
pub use money::{Currency, Money};
pub use payment::{
    BrowserAction, Buyer, Notification, PaymentEvent, PaymentRequest, PaymentStatus, RefundOutcome, RefundRequest,
    RefundStatus, Start, Started, StatusQuery, Verified,
};
pub use request::{AccessToken, Answer, CallContext, OutboundRequest, Secret};
pub use times::rfc3339_utc;

// The adapters' own helpers, shared by all of them.
use checks::{check_amount, check_freshness, cut, header, json_body, path_segment, text};
use times::{compact_utc, parse_rfc3339};

use api::config::pay_type;
use http::HeaderMap;

/// What every payment gateway does, as pure functions of its configuration and their inputs.
pub trait Gateway: Send + Sync {
    /// The [`pay_type`] code (spec section 9) this adapter serves.
    fn pay_type(&self) -> i32;

    /// Whether it can charge in `currency`.
    fn supports(&self, currency: Currency) -> bool;

    /// The token exchange, for gateways whose calls carry an access token (PayPal).
    fn token_request(&self) -> Option<OutboundRequest> {
        None
    }

    /// Reads the token exchange's answer.
    fn read_token(&self, _answer: &Answer) -> Result<AccessToken, GatewayError> {
        Err(GatewayError::Unsupported("access tokens"))
    }

    /// Starts a payment.
    fn start(&self, payment: &PaymentRequest, ctx: &CallContext) -> Result<Start, GatewayError>;

    /// Reads the answer to [`Start::Call`].
    fn read_start(&self, payment: &PaymentRequest, answer: &Answer) -> Result<Started, GatewayError>;

    /// What must be fetched before a notification can be verified (PayPal's certificate, from
    /// the URL in its headers, checked against the allow-list); `None` for HMAC gateways.
    fn certificate_request(&self, _headers: &HeaderMap) -> Result<Option<OutboundRequest>, VerifyError> {
        Ok(None)
    }

    /// Verifies a notification (webhook, pushback) at `now_ms`.
    fn verify(&self, notification: &Notification, now_ms: i64) -> Result<Verified, VerifyError>;

    /// What to send when the buyer comes back from approving (PayPal captures the order);
    /// `None` for gateways that take the money on their own. Read with [`Gateway::read_status`].
    fn capture_request(&self, _gateway_ref: &str, _ctx: &CallContext) -> Result<Option<OutboundRequest>, GatewayError> {
        Ok(None)
    }

    /// Asks the gateway where a payment stands.
    fn status_request(&self, query: &StatusQuery, ctx: &CallContext) -> Result<OutboundRequest, GatewayError>;

    /// Reads the answer to [`Gateway::status_request`] or [`Gateway::capture_request`].
    fn read_status(&self, query: &StatusQuery, answer: &Answer) -> Result<PaymentEvent, GatewayError>;

    /// Asks the gateway to give money back.
    fn refund_request(&self, refund: &RefundRequest, ctx: &CallContext) -> Result<OutboundRequest, GatewayError>;

    /// Reads the answer to [`Gateway::refund_request`].
    fn read_refund(&self, answer: &Answer) -> Result<RefundOutcome, GatewayError>;
}

/// Which adapter serves an online [`pay_type`] code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GatewayKind {
    Stripe,
    Paypal(paypal::Funding),
    Aba(aba::Mode),
    Upay(upay::Mode),
}

impl GatewayKind {
    /// Every adapter, one per online pay type.
    pub const ALL: [GatewayKind; 7] = [
        GatewayKind::Paypal(paypal::Funding::Wallet),
        GatewayKind::Paypal(paypal::Funding::Card),
        GatewayKind::Stripe,
        GatewayKind::Upay(upay::Mode::Web),
        GatewayKind::Upay(upay::Mode::Deeplink),
        GatewayKind::Aba(aba::Mode::Checkout),
        GatewayKind::Aba(aba::Mode::Deeplink),
    ];

    /// The adapter of a pay type; `None` for the mall's own methods (points, balance) and
    /// unknown codes.
    pub fn for_pay_type(code: i32) -> Option<Self> {
        GatewayKind::ALL.into_iter().find(|kind| kind.pay_type() == code)
    }

    /// The pay type this adapter serves.
    pub const fn pay_type(self) -> i32 {
        match self {
            GatewayKind::Stripe => pay_type::STRIPE,
            GatewayKind::Paypal(paypal::Funding::Wallet) => pay_type::PAYPAL,
            GatewayKind::Paypal(paypal::Funding::Card) => pay_type::PAYCARDPAL,
            GatewayKind::Aba(aba::Mode::Checkout) => pay_type::ABA,
            GatewayKind::Aba(aba::Mode::Deeplink) => pay_type::ABA_DEEPLINK,
            GatewayKind::Upay(upay::Mode::Web) => pay_type::UPAY,
            GatewayKind::Upay(upay::Mode::Deeplink) => pay_type::UPAY_DEEPLINK,
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use http::{HeaderMap, HeaderName, HeaderValue};

    /// A header map of `(name, value)` pairs.
    pub fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(HeaderName::from_bytes(name.as_bytes()).unwrap(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    /// 2025-01-02T03:04:05Z in Unix milliseconds.
    pub const NOW_MS: i64 = 1_735_787_045_000;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_online_pay_type_has_one_adapter() {
        use api::config::pay_type;
        for code in pay_type::ALL {
            let kind = GatewayKind::for_pay_type(code.value);
            match code.value {
                pay_type::SCOREPAY | pay_type::BALANCEPAY => assert_eq!(kind, None, "{}", code.name),
                _ => assert_eq!(kind.map(GatewayKind::pay_type), Some(code.value), "{}", code.name),
            }
        }
        assert_eq!(GatewayKind::for_pay_type(11), None);
        let mut codes: Vec<i32> = GatewayKind::ALL.iter().map(|k| k.pay_type()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), GatewayKind::ALL.len());
    }
}
