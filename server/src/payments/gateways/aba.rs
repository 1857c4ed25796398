//! ABA PayWay (pay types `ABA` and `ABA_DEEPLINK`), after PayWay's Developer Suite
//! (<https://developer.payway.com.kh/>: "Purchase", "Check transaction", "Refund API", the
//! eCommerce checkout guide).
//!
//! * **Hash**: every request carries `hash = base64(HMAC-SHA512(values concatenated, API
//!   key))`, the values in an order fixed per endpoint; a field that is not sent counts as the
//!   empty string, so only what is posted is hashed.
//! * **Purchase** (`POST /api/payment-gateway/v1/payments/purchase`): `req_time` (UTC
//!   `YYYYmmddHHMMSS`), `merchant_id`, `tran_id` (the mall's reference, at most 20 characters),
//!   `amount` ("12.50" in USD; whole riel in KHR, at least 100), the buyer's names, e-mail and
//!   phone, `type=purchase`, `payment_option`, `return_url` (the base64 pushback URL),
//!   `cancel_url`, `continue_success_url` (where the browser comes back), `currency` and
//!   `lifetime` (minutes, the mall's unpaid window), hashed in the order
//!   [`PURCHASE_HASH_ORDER`]. `view_type` and `payment_gate` are never sent, whose place in the
//!   hash the public sources disagree on.
//!   - `ABA` posts these fields from the browser to PayWay's checkout page (its hosted page or
//!     pop-up offers the methods of `payment_option`, by default every method of the merchant
//!     profile: cards, ABA PAY, KHQR…): [`Start::Browser`] with [`BrowserAction::PostForm`].
//!   - `ABA_DEEPLINK` sends them from the server (multipart/form-data) with
//!     `payment_option=abapay_khqr_deeplink`; PayWay answers JSON with `qr_string`,
//!     `abapay_deeplink` (opens ABA Mobile) and `checkout_qr_url`.
//! * **Pushback**: PayWay posts JSON (`tran_id`, `apv`, `status`, `return_params`) to the
//!   `return_url`, with `X-PayWay-HMAC-SHA512: base64(HMAC-SHA512(the body's values in
//!   ascending key order, concatenated, key))` — values as PHP turns them into strings, nested
//!   arrays as PHP's `json_encode`. The key is the API key unless configured apart. The pushback
//!   carries no amount and no timestamp: it is a verified wake-up call (a replayed one only
//!   causes another query), and the payment is settled by the check-transaction query, as
//!   PayWay recommends.
//! * **Check transaction** (`POST …/check-transaction-2`, JSON): hash of `req_time +
//!   merchant_id + tran_id`; `data.payment_status_code` 0 approved, 2 pending, 3 declined,
//!   4 refunded, 7 cancelled.
//! * **Refund** (`POST /api/merchant-portal/merchant-access/online-transaction/refund`, JSON):
//!   `merchant_auth` is the JSON `{"mc_id", "tran_id", "refund_amount"}` encrypted with the RSA
//!   public key ABA Bank issues (PKCS#1 v1.5, in chunks of the key's size less 11 bytes,
//!   concatenated, base64); the hash covers `request_time + merchant_id + merchant_auth`.

use super::{
    check_amount, check_reference, compact_utc, constant_time_eq, cut, header, hmac_sha512, json_body, text, Answer,
    BrowserAction, CallContext, Currency, Gateway, GatewayError, Money, Notification, OutboundRequest, PaymentEvent,
    PaymentRequest, PaymentStatus, RefundOutcome, RefundRequest, RefundStatus, Secret, Start, Started, StatusQuery,
    Verified, VerifyError,
};
use api::config::pay_type;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use http::Method;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// PayWay's sandbox.
pub const SANDBOX_API_BASE: &str = "https://checkout-sandbox.payway.com.kh";
/// PayWay's production.
pub const LIVE_API_BASE: &str = "https://checkout.payway.com.kh";
pub const PURCHASE_PATH: &str = "/api/payment-gateway/v1/payments/purchase";
pub const CHECK_TRANSACTION_PATH: &str = "/api/payment-gateway/v1/payments/check-transaction-2";
pub const REFUND_PATH: &str = "/api/merchant-portal/merchant-access/online-transaction/refund";
/// The header of the pushback's signature.
pub const SIGNATURE_HEADER: &str = "x-payway-hmac-sha512";
/// The payment option of `ABA_DEEPLINK`.
pub const DEEPLINK_OPTION: &str = "abapay_khqr_deeplink";
/// The smallest KHR amount PayWay takes.
pub const MIN_KHR: i64 = 100;

/// The order in which the purchase's values are hashed.
pub const PURCHASE_HASH_ORDER: [&str; 24] = [
    "req_time",
    "merchant_id",
    "tran_id",
    "amount",
    "items",
    "shipping",
    "firstname",
    "lastname",
    "email",
    "phone",
    "type",
    "payment_option",
    "return_url",
    "cancel_url",
    "continue_success_url",
    "return_deeplink",
    "currency",
    "custom_fields",
    "return_params",
    "payout",
    "lifetime",
    "additional_params",
    "google_pay_token",
    "skip_success_page",
];

const NAME: &str = "ABA PayWay";
const CURRENCIES: [Currency; 2] = [Currency::Usd, Currency::Khr];

/// How the buyer pays through PayWay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// PayWay's checkout page (`ABA`).
    Checkout,
    /// ABA Mobile by deep link, with a KHQR code for another device (`ABA_DEEPLINK`).
    Deeplink,
}

/// A PayWay merchant profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbaConfig {
    pub merchant_id: String,
    /// The API key ABA Bank issues: the key of every hash.
    pub api_key: Secret,
    /// The key of the pushback's signature, when PayWay issued one apart from the API key.
    pub pushback_key: Option<Secret>,
    /// The RSA public key (PEM, or its bare base64) ABA Bank issues for refunds.
    pub refund_public_key: Option<String>,
    /// [`LIVE_API_BASE`], [`SANDBOX_API_BASE`] or the development gateway.
    pub api_base: String,
    /// The `payment_option` of `ABA` (`cards`, `abapay_khqr`…); empty offers every method.
    pub checkout_payment_option: String,
    /// How long a purchase can be paid, in minutes (PayWay takes 3 to 43200).
    pub lifetime_minutes: u32,
}

impl AbaConfig {
    pub fn live(merchant_id: impl Into<String>, api_key: Secret) -> Self {
        Self::with(LIVE_API_BASE, merchant_id.into(), api_key)
    }

    pub fn sandbox(merchant_id: impl Into<String>, api_key: Secret) -> Self {
        Self::with(SANDBOX_API_BASE, merchant_id.into(), api_key)
    }

    fn with(api_base: &str, merchant_id: String, api_key: Secret) -> Self {
        AbaConfig {
            merchant_id,
            api_key,
            pushback_key: None,
            refund_public_key: None,
            api_base: api_base.into(),
            checkout_payment_option: String::new(),
            lifetime_minutes: (api::orders::UNPAID_TTL_MS / 60_000) as u32,
        }
    }
}

/// The ABA PayWay adapter, in one mode.
#[derive(Debug, Clone)]
pub struct Aba {
    config: AbaConfig,
    mode: Mode,
}

/// `base64(HMAC-SHA512(values concatenated, key))`, PayWay's `hash`.
pub fn hash(key: &str, values: &[&str]) -> String {
    let parts: Vec<&[u8]> = values.iter().map(|v| v.as_bytes()).collect();
    STANDARD.encode(hmac_sha512(key.as_bytes(), &parts))
}

/// The string the pushback's signature covers: the body's top-level values in ascending key
/// order, each as PHP turns it into a string (nested arrays and objects as `json_encode`).
pub fn pushback_message(body: &[u8]) -> Result<String, VerifyError> {
    let body = json_body(body)?;
    let fields = body.as_object().ok_or_else(|| VerifyError::Malformed("the pushback is not an object".into()))?;
    let mut fields: Vec<(&String, &Value)> = fields.iter().collect();
    fields.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Ok(fields.into_iter().map(|(_, value)| php_string(value)).collect())
}

/// The `X-PayWay-HMAC-SHA512` value of a pushback body (for the development gateway).
pub fn pushback_signature(key: &str, body: &[u8]) -> Result<String, VerifyError> {
    Ok(STANDARD.encode(hmac_sha512(key.as_bytes(), &[pushback_message(body)?.as_bytes()])))
}

/// A JSON value as PHP's string conversion gives it.
fn php_string(value: &Value) -> String {
    match value {
        Value::Null | Value::Bool(false) => String::new(),
        Value::Bool(true) => "1".into(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if !n.is_i64() && !n.is_u64() && f.fract() == 0.0 && f.abs() < 1e15 => format!("{f:.0}"),
            _ => n.to_string(),
        },
        Value::Array(_) | Value::Object(_) => php_json_encode(value),
    }
}

/// PHP's `json_encode` with its default flags: `/` and non-ASCII characters escaped, an empty
/// object (an empty PHP array) as `[]`.
fn php_json_encode(value: &Value) -> String {
    match value {
        Value::String(s) => php_json_string(s),
        Value::Array(items) => format!("[{}]", items.iter().map(php_json_encode).collect::<Vec<_>>().join(",")),
        Value::Object(map) if map.is_empty() => "[]".into(),
        Value::Object(map) => {
            let fields: Vec<String> =
                map.iter().map(|(k, v)| format!("{}:{}", php_json_string(k), php_json_encode(v))).collect();
            format!("{{{}}}", fields.join(","))
        }
        other => other.to_string(),
    }
}

fn php_json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' => out.push_str("\\/"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || !c.is_ascii() => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// PayWay's answer status: `{"status": {"code", "message"}}`, or a flat `status` with a
/// `description` on older endpoints.
fn status_of(body: &Value) -> (String, String) {
    let status = &body["status"];
    if status.is_object() {
        (text(&status["code"]).unwrap_or_default(), text(&status["message"]).unwrap_or_default())
    } else {
        (text(status).unwrap_or_default(), text(&body["description"]).unwrap_or_default())
    }
}

fn is_ok(code: &str) -> bool {
    matches!(code, "00" | "0")
}

fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    let (code, message) = status_of(&body);
    GatewayError::Refused { status: answer.status, code, message }
}

/// A payment status code of PayWay (check transaction, pushback).
fn payment_status(code: &str) -> PaymentStatus {
    match code {
        "0" => PaymentStatus::Paid,
        "3" | "7" => PaymentStatus::Failed,
        "4" => PaymentStatus::Refunded,
        _ => PaymentStatus::Pending,
    }
}

/// Letters (any script), digits and spaces only: PayWay refuses special characters in names.
fn plain_name(name: Option<&str>) -> String {
    let kept: String = name.unwrap_or_default().chars().filter(|c| c.is_alphanumeric() || *c == ' ').collect();
    cut(&kept, 20)
}

/// A `multipart/form-data` body of text fields, with a boundary found in none of them.
fn multipart(fields: &[(&str, String)]) -> (String, Vec<u8>) {
    let mut digest = Sha256::new();
    for (name, value) in fields {
        digest.update(name.as_bytes());
        digest.update(value.as_bytes());
    }
    let mut boundary = format!("mallpay{}", hex::encode(&digest.finalize()[..12]));
    while fields.iter().any(|(name, value)| value.contains(&boundary) || name.contains(&boundary)) {
        boundary.push('x');
    }
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    (format!("multipart/form-data; boundary={boundary}"), body.into_bytes())
}

/// Decodes a PEM block (any label) or a bare base64 key into DER.
fn pem_or_base64(key: &str) -> Option<Vec<u8>> {
    let inner: String = key
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with("-----"))
        .flat_map(|line| line.chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    STANDARD.decode(inner).ok().filter(|der| !der.is_empty())
}

/// Encrypts `plain` with an RSA public key (SubjectPublicKeyInfo or PKCS#1, PEM or base64) as
/// PayWay's `merchant_auth` wants it: PKCS#1 v1.5 in chunks of the key's size less 11 bytes,
/// concatenated, base64.
pub fn encrypt_merchant_auth(public_key: &str, plain: &[u8]) -> Result<String, GatewayError> {
    use rsa::pkcs1::DecodeRsaPublicKey;
    use rsa::pkcs8::DecodePublicKey;
    use rsa::traits::PublicKeyParts;
    let der = pem_or_base64(public_key).ok_or_else(|| GatewayError::Crypto("the refund key is not PEM".into()))?;
    let key = rsa::RsaPublicKey::from_public_key_der(&der)
        .or_else(|_| rsa::RsaPublicKey::from_pkcs1_der(&der))
        .map_err(|e| GatewayError::Crypto(format!("refund key: {e}")))?;
    let chunk =
        key.size().checked_sub(11).filter(|n| *n > 0).ok_or_else(|| GatewayError::Crypto("key too small".into()))?;
    let mut rng = rsa::rand_core::OsRng;
    let mut out = Vec::with_capacity(plain.len().div_ceil(chunk) * key.size());
    for part in plain.chunks(chunk) {
        let encrypted =
            key.encrypt(&mut rng, rsa::Pkcs1v15Encrypt, part).map_err(|e| GatewayError::Crypto(e.to_string()))?;
        out.extend_from_slice(&encrypted);
    }
    Ok(STANDARD.encode(out))
}

impl Aba {
    pub fn new(config: AbaConfig, mode: Mode) -> Self {
        Aba { config, mode }
    }

    pub fn config(&self) -> &AbaConfig {
        &self.config
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.config.api_base.trim_end_matches('/'))
    }

    fn api_key(&self) -> Result<&str, GatewayError> {
        if self.config.api_key.is_empty() || self.config.merchant_id.is_empty() {
            return Err(GatewayError::NotConfigured("PayWay merchant id and API key"));
        }
        Ok(self.config.api_key.expose())
    }

    /// The purchase's fields in [`PURCHASE_HASH_ORDER`] (empty ones left out), then `hash`.
    pub fn purchase_fields(
        &self,
        payment: &PaymentRequest,
        now_ms: i64,
    ) -> Result<Vec<(&'static str, String)>, GatewayError> {
        check_reference(&payment.reference)?;
        check_amount(NAME, payment.amount, &CURRENCIES)?;
        if payment.amount.currency == Currency::Khr && payment.amount.minor < MIN_KHR {
            return Err(GatewayError::InvalidAmount("PayWay takes at least 100 KHR"));
        }
        let key = self.api_key()?;
        let option = match self.mode {
            Mode::Checkout => self.config.checkout_payment_option.clone(),
            Mode::Deeplink => DEEPLINK_OPTION.to_string(),
        };
        let buyer = &payment.buyer;
        let value = |name: &str| -> String {
            match name {
                "req_time" => compact_utc(now_ms),
                "merchant_id" => self.config.merchant_id.clone(),
                "tran_id" => payment.reference.clone(),
                "amount" => payment.amount.decimal(),
                "firstname" => plain_name(buyer.first_name.as_deref()),
                "lastname" => plain_name(buyer.last_name.as_deref()),
                "email" => cut(buyer.email.as_deref().unwrap_or_default(), 50),
                "phone" => buyer
                    .phone
                    .as_deref()
                    .unwrap_or_default()
                    .chars()
                    .filter(|c| c.is_ascii_digit() || *c == '+')
                    .take(20)
                    .collect(),
                "type" => "purchase".into(),
                "payment_option" => option.clone(),
                "return_url" if !payment.notify_url.is_empty() => STANDARD.encode(&payment.notify_url),
                "cancel_url" => payment.cancel_url.clone(),
                "continue_success_url" => payment.return_url.clone(),
                "currency" => payment.amount.currency.code().into(),
                "lifetime" => self.config.lifetime_minutes.clamp(3, 43_200).to_string(),
                _ => String::new(),
            }
        };
        let mut fields: Vec<(&'static str, String)> =
            PURCHASE_HASH_ORDER.iter().map(|name| (*name, value(name))).filter(|(_, v)| !v.is_empty()).collect();
        let values: Vec<&str> = fields.iter().map(|(_, v)| v.as_str()).collect();
        let hash = hash(key, &values);
        fields.push(("hash", hash));
        Ok(fields)
    }
}

impl Gateway for Aba {
    fn pay_type(&self) -> i32 {
        match self.mode {
            Mode::Checkout => pay_type::ABA,
            Mode::Deeplink => pay_type::ABA_DEEPLINK,
        }
    }

    fn supports(&self, currency: Currency) -> bool {
        CURRENCIES.contains(&currency)
    }

    fn start(&self, payment: &PaymentRequest, ctx: &CallContext) -> Result<Start, GatewayError> {
        let fields = self.purchase_fields(payment, ctx.now_ms)?;
        match self.mode {
            Mode::Checkout => Ok(Start::Browser(BrowserAction::PostForm {
                action: self.url(PURCHASE_PATH),
                fields: fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            })),
            Mode::Deeplink => {
                let (content_type, body) = multipart(&fields);
                Ok(Start::Call(
                    OutboundRequest::new(Method::POST, self.url(PURCHASE_PATH))
                        .with_header("accept", "application/json")
                        .with_body(content_type, body),
                ))
            }
        }
    }

    fn read_start(&self, _payment: &PaymentRequest, answer: &Answer) -> Result<Started, GatewayError> {
        if self.mode == Mode::Checkout {
            return Err(GatewayError::Unsupported("the checkout page is posted by the browser"));
        }
        let body: Value = serde_json::from_slice(answer.body).map_err(|_| refused(answer))?;
        let (code, _) = status_of(&body);
        if !answer.is_success() || !is_ok(&code) {
            return Err(refused(answer));
        }
        let qr = text(&body["qr_string"]).or_else(|| text(&body["qrString"]));
        let checkout_url = text(&body["checkout_qr_url"]);
        let action = match (text(&body["abapay_deeplink"]), qr) {
            (Some(deeplink), qr) => BrowserAction::OpenApp { deeplink, qr },
            (None, Some(qr)) => BrowserAction::ShowQr { qr, deeplink: None, checkout_url },
            (None, None) => match checkout_url {
                Some(url) => BrowserAction::Redirect { url },
                None => return Err(GatewayError::Malformed("no QR code, deep link or checkout URL".into())),
            },
        };
        Ok(Started { gateway_ref: None, action })
    }

    fn verify(&self, notification: &Notification, _now_ms: i64) -> Result<Verified, VerifyError> {
        let key = self.config.pushback_key.as_ref().unwrap_or(&self.config.api_key);
        if key.is_empty() {
            return Err(VerifyError::NotConfigured("PayWay pushback key"));
        }
        let signature = header(notification.headers, SIGNATURE_HEADER)?;
        let signature = STANDARD.decode(signature).map_err(|_| VerifyError::BadSignature)?;
        let message = pushback_message(notification.body)?;
        let expected = hmac_sha512(key.expose().as_bytes(), &[message.as_bytes()]);
        if !constant_time_eq(&signature, &expected) {
            return Err(VerifyError::BadSignature);
        }
        let body = json_body(notification.body)?;
        let reference =
            text(&body["tran_id"]).ok_or_else(|| VerifyError::Malformed("pushback without tran_id".into()))?;
        let status = text(&body["status"]).ok_or_else(|| VerifyError::Malformed("pushback without status".into()))?;
        Ok(Verified::Event(PaymentEvent {
            pay_type: self.pay_type(),
            event_id: None,
            reference,
            transaction_id: text(&body["apv"]),
            amount: None,
            status: payment_status(&status),
        }))
    }

    fn status_request(&self, query: &StatusQuery, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        check_reference(&query.reference)?;
        let key = self.api_key()?;
        let req_time = compact_utc(ctx.now_ms);
        let hash = hash(key, &[&req_time, &self.config.merchant_id, &query.reference]);
        let body = json!({
            "req_time": req_time,
            "merchant_id": self.config.merchant_id,
            "tran_id": query.reference,
            "hash": hash,
        });
        Ok(OutboundRequest::new(Method::POST, self.url(CHECK_TRANSACTION_PATH))
            .with_header("accept", "application/json")
            .with_body("application/json", body.to_string()))
    }

    fn read_status(&self, query: &StatusQuery, answer: &Answer) -> Result<PaymentEvent, GatewayError> {
        let body: Value = serde_json::from_slice(answer.body).map_err(|_| refused(answer))?;
        let (code, _) = status_of(&body);
        if !answer.is_success() || !is_ok(&code) {
            return Err(refused(answer));
        }
        let data = &body["data"];
        let status_code = text(&data["payment_status_code"])
            .ok_or_else(|| GatewayError::Malformed("no payment_status_code".into()))?;
        let currency = Currency::from_code(data["payment_currency"].as_str().unwrap_or_default());
        let amount = ["original_amount", "total_amount", "payment_amount"]
            .iter()
            .find(|field| !data[**field].is_null())
            .map(|field| {
                currency.and_then(|currency| Money::from_json(currency, &data[*field])).ok_or_else(|| {
                    GatewayError::Malformed(format!("amount {} {}", data[*field], data["payment_currency"]))
                })
            })
            .transpose()?;
        Ok(PaymentEvent {
            pay_type: self.pay_type(),
            event_id: None,
            reference: query.reference.clone(),
            transaction_id: text(&data["apv"]),
            amount,
            status: payment_status(&status_code),
        })
    }

    fn refund_request(&self, refund: &RefundRequest, ctx: &CallContext) -> Result<OutboundRequest, GatewayError> {
        check_reference(&refund.reference)?;
        check_amount(NAME, refund.amount, &CURRENCIES)?;
        let key = self.api_key()?;
        let public_key =
            self.config.refund_public_key.as_deref().ok_or(GatewayError::NotConfigured("PayWay refund RSA key"))?;
        let plain = format!(
            r#"{{"mc_id":{},"tran_id":{},"refund_amount":{}}}"#,
            Value::String(self.config.merchant_id.clone()),
            Value::String(refund.reference.clone()),
            refund.amount.decimal(),
        );
        let merchant_auth = encrypt_merchant_auth(public_key, plain.as_bytes())?;
        let request_time = compact_utc(ctx.now_ms);
        let hash = hash(key, &[&request_time, &self.config.merchant_id, &merchant_auth]);
        let body = json!({
            "request_time": request_time,
            "merchant_id": self.config.merchant_id,
            "merchant_auth": merchant_auth,
            "hash": hash,
        });
        Ok(OutboundRequest::new(Method::POST, self.url(REFUND_PATH))
            .with_header("accept", "application/json")
            .with_body("application/json", body.to_string()))
    }

    fn read_refund(&self, answer: &Answer) -> Result<RefundOutcome, GatewayError> {
        let body: Value = serde_json::from_slice(answer.body).map_err(|_| refused(answer))?;
        let (code, _) = status_of(&body);
        if !answer.is_success() || !is_ok(&code) {
            return Err(refused(answer));
        }
        let status = match body["transaction_status"].as_str() {
            Some("REFUNDED") | None => RefundStatus::Succeeded,
            Some(_) => RefundStatus::Pending,
        };
        Ok(RefundOutcome { refund_id: None, status })
    }
}

#[cfg(test)]
mod tests {
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
        let body = br#"{"b":0,"a":true,"c":null,"d":1.5,"e":false,"f":10.0,"g":{"url":"https://x/\u00e9"},"h":{},"i":[1,"2"]}"#;
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
        let pem = format!(
            "-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n",
            STANDARD.encode(public_der.as_bytes())
        );
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
        assert_eq!(
            request.url,
            "https://payway.dev.test/api/merchant-portal/merchant-access/online-transaction/refund"
        );
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        let merchant_auth = body["merchant_auth"].as_str().unwrap();
        let expected = STANDARD
            .encode(hmac_sha512(API_KEY.as_bytes(), &[b"20250102030405", b"ec000002", merchant_auth.as_bytes()]));
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

        let ok =
            json!({"grand_total": 12.5, "total_refunded": 12.5, "currency": "USD", "transaction_status": "REFUNDED",
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
}
