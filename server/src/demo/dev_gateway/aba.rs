//! ABA PayWay's purchase, check transaction and refund, as the development gateway answers
//! them (see [`crate::payments::gateways::aba`]).
//!
//! * `POST /api/payment-gateway/v1/payments/purchase`, form-encoded (the browser's checkout
//!   form, `ABA`) or multipart (the server's deep-link call, `ABA_DEEPLINK`): the `hash` must be
//!   the HMAC-SHA512 of the posted values in PayWay's order with the development API key, and
//!   the merchant the development one. The checkout form is answered with a redirect to the
//!   checkout page; the deep-link call (`payment_option=abapay_khqr_deeplink`) with JSON whose
//!   `qr_string`, `abapay_deeplink` and `checkout_qr_url` are all the checkout page's URL. A
//!   purchase is payable for its `lifetime` minutes. The same `tran_id` again with the same
//!   amount is the same purchase; with another, it is refused.
//! * `POST …/check-transaction-2` (JSON, hashed `req_time + merchant_id + tran_id`):
//!   `payment_status_code` 2 pending, 0 approved, 3 declined, 4 refunded in full, 7 expired.
//! * `POST /api/merchant-portal/merchant-access/online-transaction/refund` (JSON, hashed
//!   `request_time + merchant_id + merchant_auth`): `merchant_auth` is decrypted with the
//!   private half of the development refund key ([`refund_public_key_pem`] is the half the
//!   adapter encrypts with) and must name this merchant, the transaction and an amount within
//!   what is left.
//!
//! Approving or declining sends the pushback (`tran_id`, `apv`, `status` 0 or 3) to the
//! purchase's `return_url`, signed with [`aba::pushback_signature`].

use super::{
    json, json_number, notify_target, off, on_site, page_url, random_digits, random_hex, signed_post, with_store,
    Decided, DevPayment, DevRefund, Stage, Store, Vendor, ABA_API_KEY, ABA_BASE, ABA_MERCHANT_ID,
};
use crate::payments::gateways::aba::{
    self as adapter, CHECK_TRANSACTION_PATH, DEEPLINK_OPTION, MIN_KHR, PURCHASE_HASH_ORDER, PURCHASE_PATH, REFUND_PATH,
};
use crate::payments::gateways::{check_reference, constant_time_eq, rfc3339_utc, Currency, Money, OutboundRequest};
use crate::state::AppState;
use api::config::pay_type;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::{json, Value};
use std::sync::LazyLock;

/// The development refund key pair: the throwaway key of the adapter's tests.
const REFUND_KEY: &[u8] = include_bytes!("../../payments/gateways/testdata/paypal-test-signer.key.pem");

static REFUND_PRIVATE_KEY: LazyLock<Option<rsa::RsaPrivateKey>> = LazyLock::new(|| {
    use rsa::pkcs8::DecodePrivateKey;
    use rustls_pki_types::pem::PemObject;
    let der = rustls_pki_types::PrivatePkcs8KeyDer::from_pem_slice(REFUND_KEY).ok()?;
    rsa::RsaPrivateKey::from_pkcs8_der(der.secret_pkcs8_der()).ok()
});

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(&format!("{ABA_BASE}{PURCHASE_PATH}"), post(purchase))
        .route(&format!("{ABA_BASE}{CHECK_TRANSACTION_PATH}"), post(check_transaction))
        .route(&format!("{ABA_BASE}{REFUND_PATH}"), post(refund))
}

/// The public half of the development refund key, as PEM, for the development adapter.
pub fn refund_public_key_pem() -> Option<String> {
    use rsa::pkcs8::EncodePublicKey;
    let der = REFUND_PRIVATE_KEY.as_ref()?.to_public_key().to_public_key_der().ok()?;
    let body = STANDARD.encode(der.as_bytes());
    let lines: Vec<&str> = body.as_bytes().chunks(64).filter_map(|line| std::str::from_utf8(line).ok()).collect();
    Some(format!("-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n", lines.join("\n")))
}

/// A PayWay answer with a status code and message.
fn status(http_status: StatusCode, code: &str, message: &str) -> Response {
    json(http_status, json!({"status": {"code": code, "message": message}}))
}

/// Whether `hash` is PayWay's hash of `values` with the development API key.
pub fn hash_matches(values: &[&str], hash: &str) -> bool {
    constant_time_eq(adapter::hash(ABA_API_KEY, values).as_bytes(), hash.trim().as_bytes())
}

/// The text fields of a `multipart/form-data` body (PayWay's server-side purchase).
pub fn multipart_fields(content_type: &str, body: &[u8]) -> Option<Vec<(String, String)>> {
    let boundary = content_type.split(';').find_map(|part| part.trim().strip_prefix("boundary="))?;
    let boundary = boundary.trim_matches('"');
    let text = std::str::from_utf8(body).ok()?;
    let delimiter = format!("--{boundary}");
    let mut fields = Vec::new();
    for part in text.split(delimiter.as_str()).skip(1) {
        if part.starts_with("--") {
            break;
        }
        let part = part.strip_prefix("\r\n")?;
        let (head, value) = part.split_once("\r\n\r\n")?;
        let name = head
            .lines()
            .find(|line| line.to_ascii_lowercase().starts_with("content-disposition:"))?
            .split(';')
            .find_map(|item| item.trim().strip_prefix("name="))?
            .trim_matches('"')
            .to_string();
        fields.push((name, value.strip_suffix("\r\n").unwrap_or(value).to_string()));
    }
    Some(fields)
}

/// The fields of a purchase, form-encoded or multipart.
fn purchase_fields(headers: &HeaderMap, body: &[u8]) -> Option<Vec<(String, String)>> {
    let content_type = headers.get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if content_type.to_ascii_lowercase().starts_with("multipart/form-data") {
        multipart_fields(content_type, body)
    } else {
        serde_urlencoded::from_bytes(body).ok()
    }
}

/// Checks a purchase's hash: its values in [`PURCHASE_HASH_ORDER`] (those posted).
pub fn purchase_hash_matches(fields: &[(String, String)]) -> bool {
    let value = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let values: Vec<&str> = PURCHASE_HASH_ORDER.iter().filter_map(|name| value(name)).collect();
    value("hash").is_some_and(|hash| hash_matches(&values, hash))
}

async fn purchase(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let fields = purchase_fields(&headers, &body).unwrap_or_default();
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string());
    let deeplink = field("payment_option").as_deref() == Some(DEEPLINK_OPTION);
    // The checkout form is the browser's: its refusals are pages; the deep link's are JSON.
    let refuse = |code: &str, message: &str| {
        if deeplink {
            status(StatusCode::OK, code, message)
        } else {
            let page = format!(
                "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Development payment gateway</title></head>\
                 <body><h1>ABA PayWay (development) refused the purchase</h1><p>{}: {}</p></body></html>",
                html_escape::encode_text(code),
                html_escape::encode_text(message)
            );
            (StatusCode::BAD_REQUEST, Html(page)).into_response()
        }
    };
    if !purchase_hash_matches(&fields) {
        return refuse("1", "Wrong hash");
    }
    if field("merchant_id").as_deref() != Some(ABA_MERCHANT_ID) {
        return refuse("2", "Wrong merchant id");
    }
    let reference = field("tran_id").unwrap_or_default();
    if check_reference(&reference).is_err() {
        return refuse("3", "Invalid tran_id");
    }
    let currency = Currency::from_code(&field("currency").unwrap_or_else(|| "USD".into()));
    let amount = currency.and_then(|c| Money::parse_decimal(c, &field("amount").unwrap_or_default()));
    let Some(amount) = amount.filter(|a| a.minor > 0 && (a.currency != Currency::Khr || a.minor >= MIN_KHR)) else {
        return refuse("5", "Invalid amount");
    };
    let base = state.gateways.return_base().to_string();
    let return_url = field("continue_success_url").unwrap_or_default();
    let cancel_url = field("cancel_url").unwrap_or_default();
    if !on_site(&return_url, &base) || !on_site(&cancel_url, &base) {
        return refuse("8", "The development gateway returns only to this site");
    }
    let notify_path = match field("return_url") {
        None => None,
        Some(encoded) => {
            let url = STANDARD.decode(&encoded).ok().and_then(|b| String::from_utf8(b).ok()).unwrap_or_default();
            match notify_target(&url, &base) {
                Some(path) => Some(path),
                None => return refuse("8", "The development gateway notifies only this site's /api/"),
            }
        }
    };
    let now = state.db.now();
    let key = format!("aba:tran:{reference}");
    let page = with_store(&state.db, &key, |s| match s.find(&key) {
        Some(known) if known.amount == amount && known.stage_at(now) == Stage::Pending => Ok(known.page_id.clone()),
        Some(_) => Err(()),
        None => {
            let pay_type = if deeplink { pay_type::ABA_DEEPLINK } else { pay_type::ABA };
            let mut payment = DevPayment::new(
                Vendor::Aba,
                pay_type,
                reference.clone(),
                reference.clone(),
                amount,
                return_url.clone(),
                cancel_url.clone(),
                now,
            );
            payment.notify_path = notify_path.clone();
            payment.description =
                format!("{} {}", field("firstname").unwrap_or_default(), field("lastname").unwrap_or_default())
                    .trim()
                    .to_string();
            let minutes = field("lifetime").and_then(|m| m.parse::<i64>().ok()).filter(|m| (3..=43_200).contains(m));
            payment.expires_ms = minutes.map(|m| now + m * 60_000);
            let page = payment.page_id.clone();
            s.insert(payment, std::slice::from_ref(&key));
            Ok(page)
        }
    })
    .await;
    let page = match page {
        Ok(Ok(page)) => page,
        Ok(Err(())) => return refuse("4", "Duplicated tran_id"),
        Err(failed) => return failed,
    };
    let url = page_url(&base, &page);
    if deeplink {
        json(
            StatusCode::OK,
            json!({"status": {"code": "00", "message": "Success!", "tran_id": reference},
                   "qr_string": url, "abapay_deeplink": url, "checkout_qr_url": url}),
        )
    } else {
        Redirect::to(&url).into_response()
    }
}

/// The check-transaction answer of a payment.
fn transaction_json(payment: &DevPayment, now_ms: i64) -> Value {
    let (code, name) = match payment.stage_at(now_ms) {
        Stage::Pending | Stage::Approved => (2, "PENDING"),
        Stage::Paid if payment.fully_refunded() => (4, "REFUNDED"),
        Stage::Paid => (0, "APPROVED"),
        Stage::Failed => (3, "DECLINED"),
        Stage::Expired => (7, "CANCELLED"),
    };
    let amount = json_number(payment.amount);
    let date = rfc3339_utc(payment.created_ms).replace('T', " ").replace('Z', "");
    json!({
        "data": {
            "payment_status_code": code,
            "payment_status": name,
            "total_amount": amount,
            "original_amount": amount,
            "payment_amount": amount,
            "refund_amount": json_number(Money { minor: payment.refunded_minor(), ..payment.amount }),
            "payment_currency": payment.amount.currency.code(),
            "apv": payment.transaction_id,
            "transaction_date": date,
        },
        "status": {"code": "00", "message": "Success!", "tran_id": payment.reference},
    })
}

async fn check_transaction(State(state): State<AppState>, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return status(StatusCode::BAD_REQUEST, "5", "Invalid request");
    };
    let text = |name: &str| request[name].as_str().unwrap_or_default().to_string();
    let (req_time, merchant, reference) = (text("req_time"), text("merchant_id"), text("tran_id"));
    if !hash_matches(&[&req_time, &merchant, &reference], &text("hash")) {
        return status(StatusCode::OK, "1", "Wrong hash");
    }
    if merchant != ABA_MERCHANT_ID {
        return status(StatusCode::OK, "2", "Wrong merchant id");
    }
    let now = state.db.now();
    let key = format!("aba:tran:{reference}");
    match with_store(&state.db, &key, |s| s.find(&key).map(|p| transaction_json(p, now))).await {
        Ok(Some(answer)) => json(StatusCode::OK, answer),
        Ok(None) => status(StatusCode::OK, "6", "Transaction not found"),
        Err(failed) => failed,
    }
}

/// Decrypts a refund's `merchant_auth` (chunks of the key's size, PKCS#1 v1.5, base64).
pub fn decrypt_merchant_auth(merchant_auth: &str) -> Option<Value> {
    use rsa::traits::PublicKeyParts;
    let key = REFUND_PRIVATE_KEY.as_ref()?;
    let encrypted = STANDARD.decode(merchant_auth.trim()).ok()?;
    if encrypted.is_empty() || encrypted.len() % key.size() != 0 {
        return None;
    }
    let mut plain = Vec::new();
    for chunk in encrypted.chunks(key.size()) {
        plain.extend(key.decrypt(rsa::Pkcs1v15Encrypt, chunk).ok()?);
    }
    serde_json::from_slice(&plain).ok()
}

async fn refund(State(state): State<AppState>, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return status(StatusCode::BAD_REQUEST, "5", "Invalid request");
    };
    let text = |name: &str| request[name].as_str().unwrap_or_default().to_string();
    let (time, merchant, merchant_auth) = (text("request_time"), text("merchant_id"), text("merchant_auth"));
    if !hash_matches(&[&time, &merchant, &merchant_auth], &text("hash")) {
        return status(StatusCode::BAD_REQUEST, "1", "Wrong hash");
    }
    let Some(auth) = decrypt_merchant_auth(&merchant_auth) else {
        return status(StatusCode::BAD_REQUEST, "PTL02", "merchant_auth cannot be decrypted");
    };
    if merchant != ABA_MERCHANT_ID || auth["mc_id"].as_str() != Some(ABA_MERCHANT_ID) {
        return status(StatusCode::BAD_REQUEST, "2", "Wrong merchant id");
    }
    let reference = auth["tran_id"].as_str().unwrap_or_default().to_string();
    let now = state.db.now();
    let key = format!("aba:tran:{reference}");
    let (Ok(answer) | Err(answer)) = with_store(&state.db, &key, |s| {
        let Some(payment) = s.find_mut(&key) else {
            return status(StatusCode::BAD_REQUEST, "6", "Transaction not found");
        };
        if payment.stage_at(now) != Stage::Paid {
            return status(StatusCode::BAD_REQUEST, "PTL36", "The transaction is not approved");
        }
        let left = payment.amount.minor - payment.refunded_minor();
        let Some(amount) = Money::from_json(payment.amount.currency, &auth["refund_amount"]).filter(|a| a.minor > 0)
        else {
            return status(StatusCode::BAD_REQUEST, "PTL35", "Invalid refund amount");
        };
        if amount.minor > left {
            return status(
                StatusCode::BAD_REQUEST,
                "PTL37",
                "Refund amount cannot exceed the original purchase amount",
            );
        }
        payment.refunds.push(DevRefund { id: random_hex(8), key: None, minor: amount.minor });
        json(
            StatusCode::OK,
            json!({"grand_total": json_number(payment.amount),
                   "total_refunded": json_number(Money { minor: payment.refunded_minor(), ..payment.amount }),
                   "currency": payment.amount.currency.code(),
                   "transaction_status": "REFUNDED",
                   "status": {"code": "00", "message": "Success"}}),
        )
    })
    .await;
    answer
}

/// Approve: approved with a new approval code; the pushback with status 0.
pub(super) fn approve(store: &mut Store, page_id: &str) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    payment.transaction_id = Some(random_digits(6));
    payment.set_stage(Stage::Paid);
    Some(Decided { notifications: pushback(payment, "0").into_iter().collect(), redirect: payment.return_url.clone() })
}

/// Decline: declined; the pushback with status 3.
pub(super) fn decline(store: &mut Store, page_id: &str) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    payment.set_stage(Stage::Failed);
    Some(Decided { notifications: pushback(payment, "3").into_iter().collect(), redirect: payment.return_url.clone() })
}

/// The signed pushback of a payment, to its `return_url`; `None` when the purchase named none.
pub fn pushback(payment: &DevPayment, status: &str) -> Option<OutboundRequest> {
    let path = payment.notify_path.clone()?;
    let body = json!({
        "tran_id": payment.reference,
        "apv": payment.transaction_id.clone().unwrap_or_default(),
        "status": status,
        "return_params": "",
    })
    .to_string();
    let signature = adapter::pushback_signature(ABA_API_KEY, body.as_bytes()).ok()?;
    Some(signed_post(path, adapter::SIGNATURE_HEADER, signature, body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::gateways::{
        CallContext, GatewayKind, Notification, PaymentRequest, PaymentStatus, RefundRequest, Start, Verified,
    };

    fn payment() -> PaymentRequest {
        PaymentRequest {
            reference: "P20250102-0003".into(),
            amount: Money::khr(51_250),
            description: "order".into(),
            return_url: "/payment?payNo=P20250102-0003".into(),
            cancel_url: "/payment?payNo=P20250102-0003&cancel=1".into(),
            notify_url: "/api/notice/pay/18".into(),
            buyer: Default::default(),
        }
    }

    #[test]
    fn the_adapters_purchases_hash_right_and_tampering_does_not() {
        let gateway = super::super::adapter(GatewayKind::Aba(adapter::Mode::Deeplink));
        let Start::Call(request) = gateway.start(&payment(), &CallContext::at(1_735_787_045_000)).unwrap() else {
            panic!("the deep link is a call")
        };
        let mut fields = multipart_fields(request.header("content-type").unwrap(), &request.body).unwrap();
        assert_eq!(fields.iter().find(|(k, _)| k == "tran_id").map(|(_, v)| v.as_str()), Some("P20250102-0003"));
        assert!(purchase_hash_matches(&fields));
        let amount = fields.iter_mut().find(|(k, _)| k == "amount").unwrap();
        amount.1 = "1".into();
        assert!(!purchase_hash_matches(&fields), "a changed amount");
        fields.retain(|(k, _)| k != "hash");
        assert!(!purchase_hash_matches(&fields), "no hash");

        let checkout = super::super::adapter(GatewayKind::Aba(adapter::Mode::Checkout));
        let Start::Browser(crate::payments::gateways::BrowserAction::PostForm { action, fields }) =
            checkout.start(&payment(), &CallContext::at(1_735_787_045_000)).unwrap()
        else {
            panic!("the checkout is a form")
        };
        assert_eq!(action, "/api/dev/gateway/aba/api/payment-gateway/v1/payments/purchase");
        let posted = serde_urlencoded::to_string(&fields).unwrap();
        let read: Vec<(String, String)> = serde_urlencoded::from_str(&posted).unwrap();
        assert!(purchase_hash_matches(&read));
        assert!(!hash_matches(&["a", "b"], &adapter::hash("another key", &["a", "b"])));
    }

    #[test]
    fn refunds_are_decrypted_with_the_development_key() {
        let gateway = super::super::adapter(GatewayKind::Aba(adapter::Mode::Checkout));
        let refund = RefundRequest {
            reference: "P20250102-0003".into(),
            transaction_id: None,
            amount: Money::khr(1000),
            refund_reference: "R1".into(),
        };
        let request = gateway.refund_request(&refund, &CallContext::at(1_735_787_045_000)).unwrap();
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        let auth = decrypt_merchant_auth(body["merchant_auth"].as_str().unwrap()).unwrap();
        assert_eq!(auth, json!({"mc_id": ABA_MERCHANT_ID, "tran_id": "P20250102-0003", "refund_amount": 1000}));
        let values = [body["request_time"].as_str().unwrap(), ABA_MERCHANT_ID, body["merchant_auth"].as_str().unwrap()];
        assert!(hash_matches(&values, body["hash"].as_str().unwrap()));
        assert_eq!(decrypt_merchant_auth("bm90IGVuY3J5cHRlZA=="), None);
    }

    #[test]
    fn its_pushbacks_verify_with_the_development_adapter() {
        let mut payment = DevPayment::new(
            Vendor::Aba,
            pay_type::ABA,
            "P3".into(),
            "P3".into(),
            Money::usd(1250),
            "/payment".into(),
            "/payment".into(),
            0,
        );
        assert!(pushback(&payment, "0").is_none(), "no return_url, no pushback");
        payment.notify_path = Some("/api/notice/pay/17".into());
        payment.transaction_id = Some("123456".into());
        let request = pushback(&payment, "0").unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(adapter::SIGNATURE_HEADER, request.header(adapter::SIGNATURE_HEADER).unwrap().parse().unwrap());
        let gateway = super::super::adapter(GatewayKind::Aba(adapter::Mode::Checkout));
        let Verified::Event(event) =
            gateway.verify(&Notification { body: &request.body, headers: &headers, certificate: None }, 0).unwrap()
        else {
            panic!("an event")
        };
        assert_eq!((event.reference.as_str(), event.status), ("P3", PaymentStatus::Paid));
        assert_eq!(event.transaction_id.as_deref(), Some("123456"));
        let declined = pushback(&payment, "3").unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(adapter::SIGNATURE_HEADER, declined.header(adapter::SIGNATURE_HEADER).unwrap().parse().unwrap());
        let Verified::Event(event) =
            gateway.verify(&Notification { body: &declined.body, headers: &headers, certificate: None }, 0).unwrap()
        else {
            panic!("an event")
        };
        assert_eq!(event.status, PaymentStatus::Failed);
    }

    #[test]
    fn multipart_bodies_are_read_field_by_field() {
        let body = "--b1\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--b1\r\ncontent-disposition: form-data; name=\"b\"\r\n\r\nx y\r\n--b1--\r\n";
        assert_eq!(
            multipart_fields("multipart/form-data; boundary=b1", body.as_bytes()),
            Some(vec![("a".into(), "1".into()), ("b".into(), "x y".into())])
        );
        assert_eq!(multipart_fields("multipart/form-data", body.as_bytes()), None);
    }
}
