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

mod signature;
mod wire;

pub use signature::*;
pub use wire::*;

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
mod tests;
