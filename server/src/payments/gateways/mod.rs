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

use api::config::pay_type;
use api::money::Price;
use hmac::{Hmac, Mac};
use http::{HeaderMap, Method};
use serde_json::Value;
use std::fmt;

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/// A currency the mall charges in (spec section 9: USD and KHR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Currency {
    Usd,
    Khr,
}

impl Currency {
    /// The ISO 4217 code, upper case.
    pub const fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Khr => "KHR",
        }
    }

    /// Reads an ISO 4217 code in any case ("usd", "KHR").
    pub fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_uppercase().as_str() {
            "USD" => Some(Currency::Usd),
            "KHR" => Some(Currency::Khr),
            _ => None,
        }
    }

    /// Decimals of the amounts the mall charges: 2 for USD, 0 for KHR (whole riel).
    pub const fn decimals(self) -> u32 {
        match self {
            Currency::Usd => 2,
            Currency::Khr => 0,
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An amount in its currency's smallest unit as the mall charges it: US cents, or whole riel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Money {
    pub currency: Currency,
    pub minor: i64,
}

impl Money {
    pub const fn usd(cents: i64) -> Self {
        Money { currency: Currency::Usd, minor: cents }
    }

    pub const fn khr(riel: i64) -> Self {
        Money { currency: Currency::Khr, minor: riel }
    }

    /// A mall price charged in USD.
    pub const fn from_price(price: Price) -> Self {
        Money::usd(price.0)
    }

    /// A mall price charged in KHR at `rate_e4` riel per dollar times 10,000 (4100 →
    /// 41_000_000): cents × rate rounded half up to whole riel, as the storefront displays it.
    /// `None` for a negative price or rate, or an overflow.
    pub fn khr_from_price(price: Price, rate_e4: i64) -> Option<Self> {
        if price.0 < 0 || rate_e4 <= 0 {
            return None;
        }
        let scaled = (price.0 as i128).checked_mul(rate_e4 as i128)?;
        let riel = (scaled + 500_000) / 1_000_000;
        i64::try_from(riel).ok().map(Money::khr)
    }

    /// The amount as a decimal string with the currency's decimals: "12.50", "0.05", "51250".
    pub fn decimal(&self) -> String {
        let sign = if self.minor < 0 { "-" } else { "" };
        let abs = self.minor.unsigned_abs();
        match self.currency.decimals() {
            0 => format!("{sign}{abs}"),
            _ => format!("{sign}{}.{:02}", abs / 100, abs % 100),
        }
    }

    /// Reads a non-negative decimal amount ("12.5", "12.50", "51250", "51250.00"). Digits beyond
    /// the currency's decimals must be zeros: "12.505" USD or "5.5" KHR is `None`, never
    /// rounded, so a gateway can never report a different amount than it charged.
    pub fn parse_decimal(currency: Currency, text: &str) -> Option<Self> {
        let text = text.trim();
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || whole.len() > 15 || !digits(whole) || !digits(frac) {
            return None;
        }
        let decimals = currency.decimals() as usize;
        let (kept, rest) = frac.split_at(frac.len().min(decimals));
        if !rest.bytes().all(|b| b == b'0') {
            return None;
        }
        let mut minor: i64 = whole.parse().ok()?;
        for i in 0..decimals {
            let digit = kept.as_bytes().get(i).map_or(0, |b| i64::from(b - b'0'));
            minor = minor.checked_mul(10)?.checked_add(digit)?;
        }
        Some(Money { currency, minor })
    }

    /// Reads an amount a gateway sent as a JSON string or number (`"12.50"`, `12.5`, `51250`).
    pub fn from_json(currency: Currency, value: &Value) -> Option<Self> {
        match value {
            Value::String(s) => Money::parse_decimal(currency, s),
            Value::Number(n) => Money::parse_decimal(currency, &n.to_string()),
            _ => None,
        }
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.decimal(), self.currency)
    }
}

// ---------------------------------------------------------------------------------------------
// Secrets and requests
// ---------------------------------------------------------------------------------------------

/// A key or secret of a gateway's configuration. Its `Debug` never shows the value, so a
/// configuration can be logged.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The value, for signing.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() { "Secret(<empty>)" } else { "Secret(<redacted>)" })
    }
}

/// A request for the HTTP layer to send. Its `Debug` hides the `Authorization` header.
#[derive(Clone, PartialEq, Eq)]
pub struct OutboundRequest {
    pub method: Method,
    pub url: String,
    /// Header names in lower case, in the order they were added.
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl OutboundRequest {
    pub fn new(method: Method, url: impl Into<String>) -> Self {
        OutboundRequest { method, url: url.into(), headers: Vec::new(), body: Vec::new() }
    }

    /// Adds a header (`name` in lower case).
    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    /// Sets the body and its `content-type`.
    pub fn with_body(self, content_type: impl Into<String>, body: impl Into<Vec<u8>>) -> Self {
        let mut request = self.with_header("content-type", content_type);
        request.body = body.into();
        request
    }

    /// The first value of a header, by case-insensitive name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as text (every body built here is UTF-8).
    pub fn body_text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap_or_default()
    }
}

impl fmt::Debug for OutboundRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(n, v)| (*n, if n.eq_ignore_ascii_case("authorization") { "<redacted>" } else { v.as_str() }))
            .collect();
        f.debug_struct("OutboundRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_bytes", &self.body.len())
            .finish()
    }
}

/// A gateway's answer to an [`OutboundRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer<'a> {
    pub status: u16,
    pub body: &'a [u8],
}

impl Answer<'_> {
    /// The body as JSON.
    pub fn json(&self) -> Result<Value, GatewayError> {
        serde_json::from_slice(self.body)
            .map_err(|e| GatewayError::Malformed(format!("answer ({}) is not JSON: {e}", self.status)))
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// What every call needs besides its own data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallContext<'a> {
    /// Now, in Unix milliseconds (the database's clock, `Db::now`).
    pub now_ms: i64,
    /// The gateway's current access token, for gateways with a token exchange (PayPal).
    pub access_token: Option<&'a str>,
}

impl CallContext<'_> {
    /// A context without an access token.
    pub fn at(now_ms: i64) -> Self {
        CallContext { now_ms, access_token: None }
    }
}

/// An OAuth2 access token a gateway issued, with its lifetime.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessToken {
    pub token: Secret,
    pub expires_in_secs: i64,
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

/// The buyer details some gateways show or record (ABA PayWay); all optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Buyer {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// One attempt to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRequest {
    /// The mall's unique reference of this attempt: 1 to 20 ASCII letters, digits or `-`
    /// (ABA PayWay's `tran_id` limit, kept for every gateway). It is the idempotency key of the
    /// creation, so a new attempt takes a new reference.
    pub reference: String,
    pub amount: Money,
    /// What is bought, as the gateway's page shows it (cut to each gateway's limit).
    pub description: String,
    /// Where the browser comes back after paying.
    pub return_url: String,
    /// Where the browser comes back when the buyer gives up.
    pub cancel_url: String,
    /// Where the gateway notifies the server, for gateways that take it per payment (ABA
    /// PayWay's pushback, UPAY); Stripe and PayPal use the endpoint set in their dashboards.
    pub notify_url: String,
    pub buyer: Buyer,
}

/// How a payment starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The server sends this request; [`Gateway::read_start`] reads the answer.
    Call(OutboundRequest),
    /// Nothing for the server to send: the browser does this itself.
    Browser(BrowserAction),
}

/// What the browser must do to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BrowserAction {
    /// Go to the gateway's page.
    Redirect { url: String },
    /// Post these fields to `action` (a hidden form submitted at once), in this order.
    PostForm { action: String, fields: Vec<(String, String)> },
    /// Show a QR code of `qr` to scan with a banking app; `deeplink` opens the app on the same
    /// device, `checkout_url` is the gateway's own page of the QR code.
    ShowQr { qr: String, deeplink: Option<String>, checkout_url: Option<String> },
    /// Open the gateway's app (a deep link), with a QR code for a buyer on another device.
    OpenApp { deeplink: String, qr: Option<String> },
}

/// A payment the gateway accepted to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    /// The gateway's id of the payment (Stripe's Checkout Session, PayPal's order), to keep
    /// for the status query; `None` where the mall's reference is the gateway's key (ABA, UPAY).
    pub gateway_ref: Option<String>,
    pub action: BrowserAction,
}

/// Where a payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentStatus {
    /// The money is taken.
    Paid,
    /// Not decided yet (awaiting the buyer, an approval to capture, or a slow method).
    Pending,
    /// Declined, cancelled or expired: no money was taken.
    Failed,
    /// Taken, then given back (in full or in part).
    Refunded,
}

/// A verified fact about a payment, from a notification or a status query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentEvent {
    /// The [`pay_type`] code of the gateway that reported it.
    pub pay_type: i32,
    /// The gateway's id of the notification (Stripe's `evt_…`, PayPal's `WH-…`), to drop
    /// duplicates; `None` for status queries and gateways without one.
    pub event_id: Option<String>,
    /// The mall's reference of the attempt ([`PaymentRequest::reference`]).
    pub reference: String,
    /// The gateway's id of the money movement (Stripe's PaymentIntent, PayPal's capture or
    /// order, ABA's approval code, UPAY's payment), kept for refunds.
    pub transaction_id: Option<String>,
    /// The amount the gateway reports; `None` when the notification carries none (ABA's
    /// pushback): then only a status query can settle the payment.
    pub amount: Option<Money>,
    pub status: PaymentStatus,
}

impl PaymentEvent {
    /// Whether this event proves `expected` was paid: the status is [`PaymentStatus::Paid`]
    /// and the gateway reports exactly that amount in that currency.
    pub fn settles(&self, expected: Money) -> bool {
        self.status == PaymentStatus::Paid && self.amount == Some(expected)
    }
}

/// The outcome of verifying a notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verified {
    /// About a payment.
    Event(PaymentEvent),
    /// Authentic, but not about a payment's outcome (acknowledge it so the gateway stops).
    Ignored { event_type: String },
}

/// A notification as received: the raw body (exactly the bytes, before any parsing), the
/// headers, and what [`Gateway::certificate_request`] asked to fetch (PayPal's PEM
/// certificate, fetched from the URL that request names).
#[derive(Debug, Clone, Copy)]
pub struct Notification<'a> {
    pub body: &'a [u8],
    pub headers: &'a HeaderMap,
    pub certificate: Option<&'a [u8]>,
}

/// What to ask a gateway about a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusQuery {
    pub reference: String,
    /// [`Started::gateway_ref`], required by Stripe and PayPal.
    pub gateway_ref: Option<String>,
}

/// Money to give back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundRequest {
    /// The payment's reference ([`PaymentRequest::reference`]).
    pub reference: String,
    /// [`PaymentEvent::transaction_id`] of the payment (required by Stripe, PayPal and UPAY).
    pub transaction_id: Option<String>,
    pub amount: Money,
    /// The mall's unique reference of this refund: its idempotency key.
    pub refund_reference: String,
}

/// Where a refund stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefundStatus {
    Succeeded,
    Pending,
    Failed,
}

/// A gateway's answer to a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundOutcome {
    pub refund_id: Option<String>,
    pub status: RefundStatus,
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Why a request could not be built or an answer not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    #[error("{gateway} does not take {currency}")]
    UnsupportedCurrency { gateway: &'static str, currency: Currency },
    #[error("invalid amount: {0}")]
    InvalidAmount(&'static str),
    #[error("invalid reference: {0}")]
    InvalidReference(&'static str),
    #[error("the gateway's id of the payment is missing")]
    MissingGatewayRef,
    #[error("the gateway's transaction id is missing")]
    MissingTransactionId,
    #[error("no access token for the call")]
    MissingAccessToken,
    #[error("not configured: {0}")]
    NotConfigured(&'static str),
    #[error("not part of this gateway's protocol: {0}")]
    Unsupported(&'static str),
    #[error("the gateway refused ({status}): {code} {message}")]
    Refused { status: u16, code: String, message: String },
    #[error("malformed answer: {0}")]
    Malformed(String),
    #[error("encryption failed: {0}")]
    Crypto(String),
}

/// Why a notification is refused. Everything but [`VerifyError::CertificateRequired`] means
/// "not from the gateway, or not now": answer 4xx and change nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("missing header {0}")]
    MissingHeader(&'static str),
    #[error("the signature does not match")]
    BadSignature,
    #[error("the timestamp is {age_secs} s away from now, beyond the tolerance")]
    StaleTimestamp { age_secs: i64 },
    #[error("malformed notification: {0}")]
    Malformed(String),
    #[error("untrusted certificate: {0}")]
    UntrustedCertificate(String),
    #[error("the signing certificate must be fetched first")]
    CertificateRequired,
    #[error("not configured: {0}")]
    NotConfigured(&'static str),
}

// ---------------------------------------------------------------------------------------------
// The trait
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

/// Compares two byte strings in time that depends on their lengths only, never on where they
/// differ: every signature check goes through here.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

/// HMAC-SHA256 of the concatenated `parts`.
pub fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// HMAC-SHA512 of the concatenated `parts`.
pub fn hmac_sha512(key: &[u8], parts: &[&[u8]]) -> [u8; 64] {
    let mut mac = Hmac::<sha2::Sha512>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// Checks a [`PaymentRequest::reference`] (and the like): 1 to 20 ASCII letters, digits, `-`.
pub fn check_reference(reference: &str) -> Result<(), GatewayError> {
    if reference.is_empty() || reference.len() > 20 {
        return Err(GatewayError::InvalidReference("1 to 20 characters"));
    }
    if !reference.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(GatewayError::InvalidReference("letters, digits and '-' only"));
    }
    Ok(())
}

/// A gateway's id placed into a URL path: letters, digits, `_` and `-` only, at most 255.
fn path_segment(id: &str) -> Result<&str, GatewayError> {
    let ok =
        !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(id)
    } else {
        Err(GatewayError::InvalidReference("a gateway id of letters, digits, '_' and '-'"))
    }
}

/// `text` cut to at most `max_chars` characters, trimmed.
fn cut(text: &str, max_chars: usize) -> String {
    text.trim().chars().take(max_chars).collect::<String>().trim_end().to_string()
}

/// Refuses amounts of zero or less, and amounts in a currency the gateway does not take.
fn check_amount(gateway: &'static str, amount: Money, supported: &[Currency]) -> Result<(), GatewayError> {
    if !supported.contains(&amount.currency) {
        return Err(GatewayError::UnsupportedCurrency { gateway, currency: amount.currency });
    }
    if amount.minor <= 0 {
        return Err(GatewayError::InvalidAmount("must be more than zero"));
    }
    Ok(())
}

/// A header as text; missing, empty or not visible ASCII is [`VerifyError::MissingHeader`].
fn header<'a>(headers: &'a HeaderMap, name: &'static str) -> Result<&'a str, VerifyError> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(VerifyError::MissingHeader(name))
}

/// Parses a notification body as JSON.
fn json_body(body: &[u8]) -> Result<Value, VerifyError> {
    serde_json::from_slice(body).map_err(|e| VerifyError::Malformed(format!("body is not JSON: {e}")))
}

/// A JSON value as a non-empty string (numbers too: some gateways send ids as numbers).
fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Checks a timestamp against now: `StaleTimestamp` when more than `tolerance_secs` apart
/// either way.
fn check_freshness(timestamp_secs: i64, now_ms: i64, tolerance_secs: i64) -> Result<(), VerifyError> {
    let age_secs = now_ms.div_euclid(1000).saturating_sub(timestamp_secs);
    if age_secs.saturating_abs() > tolerance_secs {
        return Err(VerifyError::StaleTimestamp { age_secs });
    }
    Ok(())
}

/// A Unix time in milliseconds as `YYYYmmddHHMMSS` in UTC (ABA PayWay's `req_time`).
fn compact_utc(now_ms: i64) -> String {
    let t = api::calendar::utc_of_ms(now_ms);
    format!("{:04}{:02}{:02}{:02}{:02}{:02}", t.year, t.month, t.day, t.hour, t.minute, t.second)
}

/// A Unix time in milliseconds as RFC 3339 in UTC, in whole seconds (`2025-01-02T03:04:05Z`):
/// how PayPal writes a webhook's transmission time (for the local development gateway).
pub fn rfc3339_utc(now_ms: i64) -> String {
    let t = api::calendar::utc_of_ms(now_ms);
    format!("{}T{:02}:{:02}:{:02}Z", t.date_text(), t.hour, t.minute, t.second)
}

/// Reads an RFC 3339 time (`2016-09-21T22:00:46Z`, with optional fractions and a numeric
/// offset) as Unix seconds.
fn parse_rfc3339(text: &str) -> Option<i64> {
    let b = text.trim().as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = b.get(range)?;
        part.iter().all(u8::is_ascii_digit).then(|| part.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
    };
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut rest = &b[19..];
    if rest.first() == Some(&b'.') {
        let digits = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        rest = &rest[1 + digits..];
    }
    let offset = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let digits = [*h1, *h2, *m1, *m2];
            if !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let minutes = i64::from(h1 - b'0') * 600
                + i64::from(h2 - b'0') * 60
                + i64::from(m1 - b'0') * 10
                + i64::from(m2 - b'0');
            if *sign == b'+' {
                minutes * 60
            } else {
                -minutes * 60
            }
        }
        _ => return None,
    };
    let days = api::calendar::day_of_date(year, u8::try_from(month).ok()?, u8::try_from(day).ok()?)?;
    Some(days * 86_400 + hour * 3600 + minute * 60 + second - offset)
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
    fn usd_amounts_have_two_decimals() {
        assert_eq!(Money::usd(1250).decimal(), "12.50");
        assert_eq!(Money::usd(5).decimal(), "0.05");
        assert_eq!(Money::usd(100_000_000).decimal(), "1000000.00");
        assert_eq!(Money::usd(-1).decimal(), "-0.01");
        assert_eq!(Money::parse_decimal(Currency::Usd, "12.5"), Some(Money::usd(1250)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "12.50"), Some(Money::usd(1250)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "12"), Some(Money::usd(1200)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "0.01"), Some(Money::usd(1)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "12.500"), Some(Money::usd(1250)));
    }

    #[test]
    fn khr_amounts_are_whole_riel() {
        assert_eq!(Money::khr(51_250).decimal(), "51250");
        assert_eq!(Money::parse_decimal(Currency::Khr, "51250"), Some(Money::khr(51_250)));
        assert_eq!(Money::parse_decimal(Currency::Khr, "51250.00"), Some(Money::khr(51_250)));
        assert_eq!(Money::parse_decimal(Currency::Khr, "51250.5"), None);
    }

    #[test]
    fn amounts_are_never_rounded_when_read() {
        for bad in ["12.505", "-1", "", ".5", "1e3", "1,000", "12.5.0", " 12 .5", "abc", "9999999999999999"] {
            assert_eq!(Money::parse_decimal(Currency::Usd, bad), None, "{bad}");
        }
        assert_eq!(Money::from_json(Currency::Usd, &serde_json::json!(0.1)), Some(Money::usd(10)));
        assert_eq!(Money::from_json(Currency::Usd, &serde_json::json!("7.25")), Some(Money::usd(725)));
        assert_eq!(Money::from_json(Currency::Khr, &serde_json::json!(4100)), Some(Money::khr(4100)));
        assert_eq!(Money::from_json(Currency::Usd, &serde_json::json!(null)), None);
    }

    #[test]
    fn khr_charges_are_what_the_storefront_shows() {
        let shown = api::money::DisplayCurrency::khr();
        for cents in [1, 49, 50, 99, 1250, 12_345, 99_999_999] {
            let charged = Money::khr_from_price(Price(cents), shown.rate_e4).unwrap();
            let digits: String = shown.format(Price(cents)).chars().filter(char::is_ascii_digit).collect();
            assert_eq!(charged.decimal(), digits, "{cents} cents");
        }
        // Half a riel rounds up, as the display does (1 cent at 50 riel per dollar).
        assert_eq!(Money::khr_from_price(Price(1), 500_000), Some(Money::khr(1)));
        assert_eq!(Money::khr_from_price(Price(1), 499_999), Some(Money::khr(0)));
        assert_eq!(Money::khr_from_price(Price(-1), 41_000_000), None);
        assert_eq!(Money::khr_from_price(Price(1), 0), None);
        assert_eq!(Money::from_price(Price(1250)), Money::usd(1250));
    }

    #[test]
    fn currencies_read_their_codes_in_any_case() {
        assert_eq!(Currency::from_code("usd"), Some(Currency::Usd));
        assert_eq!(Currency::from_code("KHR"), Some(Currency::Khr));
        assert_eq!(Currency::from_code("EUR"), None);
        assert_eq!(Currency::Khr.to_string(), "KHR");
        assert_eq!(Money::khr(100).to_string(), "100 KHR");
    }

    /// RFC 4231 (HMAC-SHA identifiers and test vectors), section 4.3, test case 2:
    /// key "Jefe", data "what do ya want for nothing?".
    #[test]
    fn hmac_matches_rfc_4231_test_case_2() {
        let sha256 = hmac_sha256(b"Jefe", &[b"what do ya ", b"want for nothing?"]);
        assert_eq!(hex::encode(sha256), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        let sha512 = hmac_sha512(b"Jefe", &[b"what do ya want for nothing?"]);
        assert_eq!(
            hex::encode(sha512),
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fd\
             caeab1a34d4a6b4b636e070a38bce737"
        );
    }

    #[test]
    fn constant_time_comparison_compares_whole_strings() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
        assert!(!constant_time_eq(b"", b"a"));
        assert!(constant_time_eq(b"", b""));
    }

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

    #[test]
    fn references_are_short_and_plain() {
        assert!(check_reference("P2025-0001").is_ok());
        assert!(check_reference("a".repeat(20).as_str()).is_ok());
        assert!(check_reference("").is_err());
        assert!(check_reference(&"a".repeat(21)).is_err());
        assert!(check_reference("a b").is_err());
        assert!(check_reference("ü").is_err());
        assert!(path_segment("cs_test_a1B2").is_ok());
        assert!(path_segment("../x").is_err());
        assert!(path_segment("").is_err());
    }

    #[test]
    fn secrets_and_authorization_stay_out_of_logs() {
        let secret = Secret::new("sk_live_do_not_print");
        assert!(!format!("{secret:?}").contains("do_not_print"));
        let request = OutboundRequest::new(Method::POST, "https://gateway.test/v1")
            .with_header("authorization", "Bearer do_not_print")
            .with_body("application/json", "{}");
        let shown = format!("{request:?}");
        assert!(!shown.contains("do_not_print"), "{shown}");
        assert!(shown.contains("gateway.test"));
        assert_eq!(request.header("Content-Type"), Some("application/json"));
        assert_eq!(request.body_text(), "{}");
    }

    #[test]
    fn utc_calendar_round_trips() {
        // ABA PayWay's documented req_time example, 20210123234559.
        assert_eq!(compact_utc(1_611_445_559_000), "20210123234559");
        assert_eq!(compact_utc(0), "19700101000000");
        assert_eq!(compact_utc(951_782_400_000), "20000229000000");
        assert_eq!(compact_utc(-1000), "19691231235959");
        for secs in [0, 951_782_400, 1_611_445_559, 4_102_444_800, -86_400 * 365] {
            assert_eq!(parse_rfc3339(&rfc3339_utc(secs * 1000)), Some(secs));
        }
    }

    #[test]
    fn rfc_3339_times_are_read_with_offsets_and_fractions() {
        assert_eq!(parse_rfc3339("2016-09-21T22:00:46Z"), Some(1_474_495_246));
        assert_eq!(parse_rfc3339("2016-09-21T22:00:46.123Z"), Some(1_474_495_246));
        assert_eq!(parse_rfc3339("2016-09-22T05:00:46+07:00"), Some(1_474_495_246));
        assert_eq!(parse_rfc3339("2016-09-21T21:00:46-01:00"), Some(1_474_495_246));
        assert_eq!(rfc3339_utc(1_474_495_246_999), "2016-09-21T22:00:46Z");
        assert_eq!(parse_rfc3339(&rfc3339_utc(test_support::NOW_MS)), Some(test_support::NOW_MS / 1000));
        for bad in ["2016-09-21 22:00:46", "2016-13-21T22:00:46Z", "2016-09-21T22:00:46", "yesterday", ""] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
    }

    #[test]
    fn freshness_has_a_tolerance_both_ways() {
        let now_ms = test_support::NOW_MS;
        let now = now_ms / 1000;
        assert!(check_freshness(now, now_ms, 300).is_ok());
        assert!(check_freshness(now - 300, now_ms, 300).is_ok());
        assert_eq!(check_freshness(now - 301, now_ms, 300), Err(VerifyError::StaleTimestamp { age_secs: 301 }));
        assert_eq!(check_freshness(now + 301, now_ms, 300), Err(VerifyError::StaleTimestamp { age_secs: -301 }));
        assert!(check_freshness(i64::MIN, now_ms, 300).is_err());
    }

    #[test]
    fn settling_needs_paid_and_the_exact_amount() {
        let event = PaymentEvent {
            pay_type: pay_type::STRIPE,
            event_id: None,
            reference: "P1".into(),
            transaction_id: None,
            amount: Some(Money::usd(1250)),
            status: PaymentStatus::Paid,
        };
        assert!(event.settles(Money::usd(1250)));
        assert!(!event.settles(Money::usd(1251)));
        assert!(!event.settles(Money::khr(1250)));
        assert!(!PaymentEvent { status: PaymentStatus::Pending, ..event.clone() }.settles(Money::usd(1250)));
        assert!(!PaymentEvent { amount: None, ..event }.settles(Money::usd(1250)));
    }
}
