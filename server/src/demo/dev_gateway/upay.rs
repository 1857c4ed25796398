//! UPAY, in the mall's `mall-hmac-sha256-v1` scheme (see
//! [`crate::payments::gateways::upay`]), as the development gateway answers it.
//!
//! Every request must carry the development merchant id in `X-Upay-Merchant` and a signature
//! ([`upay::verify_request`]) over its time, method, path (below `/dev/gateway/upay`) and body,
//! within five minutes of the server's clock; otherwise 401.
//!
//! * `POST /v1/payments`: a payment (201) whose `checkout_url`, `qr_string` and `deeplink` are
//!   all the checkout page's URL. The same reference again with the same amount is the same
//!   payment; with another, 409 `DUPLICATE_REFERENCE`.
//! * `GET /v1/payments/{reference}`: the payment (`PENDING`, `PAID`, `FAILED`, `EXPIRED`,
//!   `REFUNDED` once refunded in full).
//! * `POST /v1/refunds`: `SUCCEEDED` within what is left; the same `refund_reference` answers
//!   the same refund.
//!
//! Approving or declining sends the payment (`PAID` or `FAILED`) with an `event_id` to its
//! `notify_url`, signed with [`upay::notification_signature`].

use super::{
    json, notify_target, off, on_site, page_url, random_hex, signed_post, with_store, Decided, DevPayment, DevRefund,
    Refused, Stage, Store, Vendor, UPAY_BASE, UPAY_MERCHANT_ID, UPAY_SECRET,
};
use crate::payments::gateways::upay::{self as adapter, DEFAULT_TOLERANCE_SECS, MERCHANT_HEADER};
use crate::payments::gateways::{check_reference, Currency, Money, OutboundRequest};
use crate::state::AppState;
use api::config::pay_type;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, OriginalUri, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use http::Method;
use serde_json::{json, Value};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(&format!("{UPAY_BASE}/v1/payments"), post(create))
        .route(&format!("{UPAY_BASE}/v1/payments/{{reference}}"), get(status))
        .route(&format!("{UPAY_BASE}/v1/refunds"), post(refund))
}

/// A UPAY error answer.
fn error(status: StatusCode, code: &str, message: &str) -> Response {
    json(status, json!({"code": code, "message": message}))
}

/// The path a request was signed over: below the gateway's base, without the query.
fn signed_path(uri: &Uri) -> String {
    let path = uri.path();
    let path = path.strip_prefix(crate::payments::transport::SITE_API_PREFIX).unwrap_or(path);
    path.strip_prefix(UPAY_BASE).unwrap_or(path).to_string()
}

/// Checks a request's merchant and signature at `now_ms`.
pub fn authenticate(headers: &HeaderMap, method: &Method, path: &str, body: &[u8], now_ms: i64) -> Result<(), Refused> {
    let unauthorized = |code: &str, message: &str| Refused {
        status: StatusCode::UNAUTHORIZED,
        body: json!({"code": code, "message": message}),
    };
    let merchant = headers.get(MERCHANT_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if merchant != UPAY_MERCHANT_ID {
        return Err(unauthorized("UNKNOWN_MERCHANT", "Unknown merchant."));
    }
    adapter::verify_request(UPAY_SECRET, headers, method, path, body, now_ms, DEFAULT_TOLERANCE_SECS)
        .map_err(|e| unauthorized("BAD_SIGNATURE", &e.to_string()))
}

/// A POST to the gateway's API as every one is checked first: the gateway is on, the request
/// is signed, the body is JSON. Rejected with the answer to give instead.
struct SignedJson {
    /// The database's now, at which the signature was checked.
    now: i64,
    body: Value,
}

impl FromRequest<AppState> for SignedJson {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let Ok(OriginalUri(uri)) = OriginalUri::from_request_parts(&mut parts, state).await;
        let headers = parts.headers.clone();
        let body =
            Bytes::from_request(Request::from_parts(parts, body), state).await.map_err(IntoResponse::into_response)?;
        if let Some(off) = off(state) {
            return Err(off);
        }
        let now = state.db.now();
        authenticate(&headers, &Method::POST, &signed_path(&uri), &body, now).map_err(IntoResponse::into_response)?;
        let body = serde_json::from_slice::<Value>(&body)
            .map_err(|_| error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "The body is not JSON."))?;
        Ok(SignedJson { now, body })
    }
}

/// The payment as UPAY shows it.
fn payment_json(payment: &DevPayment, now_ms: i64) -> Value {
    let status = match payment.stage_at(now_ms) {
        Stage::Pending | Stage::Approved => "PENDING",
        Stage::Paid if payment.fully_refunded() => "REFUNDED",
        Stage::Paid => "PAID",
        Stage::Failed => "FAILED",
        Stage::Expired => "EXPIRED",
    };
    json!({
        "payment_id": payment.vendor_id,
        "reference": payment.reference,
        "amount": payment.amount.decimal(),
        "currency": payment.amount.currency.code(),
        "status": status,
    })
}

async fn create(State(state): State<AppState>, SignedJson { now, body: request }: SignedJson) -> Response {
    let text = |name: &str| request[name].as_str().unwrap_or_default().trim().to_string();
    if text("merchant_id") != UPAY_MERCHANT_ID {
        return error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "merchant_id differs from the signed merchant.");
    }
    let reference = text("reference");
    if check_reference(&reference).is_err() {
        return error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "Invalid reference.");
    }
    let amount = Currency::from_code(&text("currency")).and_then(|c| Money::parse_decimal(c, &text("amount")));
    let Some(amount) = amount.filter(|a| a.minor > 0) else {
        return error(StatusCode::BAD_REQUEST, "INVALID_AMOUNT", "Invalid amount or currency.");
    };
    let base = state.gateways.return_base().to_string();
    let (return_url, cancel_url) = (text("return_url"), text("cancel_url"));
    if !on_site(&return_url, &base) || !on_site(&cancel_url, &base) {
        return error(StatusCode::BAD_REQUEST, "INVALID_URL", "The development gateway returns only to this site.");
    }
    let notify_path = match text("notify_url") {
        url if url.is_empty() => None,
        url => match notify_target(&url, &base) {
            Some(path) => Some(path),
            None => {
                return error(StatusCode::BAD_REQUEST, "INVALID_URL", "The development gateway notifies only /api/.")
            }
        },
    };
    let pay_type = match text("channel").as_str() {
        "deeplink" => pay_type::UPAY_DEEPLINK,
        _ => pay_type::UPAY,
    };
    let key = format!("upay:reference:{reference}");
    let created = with_store(&state.db, &key, |s| match s.find(&key) {
        Some(known) if known.amount == amount && known.stage_at(now) == Stage::Pending => {
            Ok((known.page_id.clone(), payment_json(known, now)))
        }
        Some(_) => Err(()),
        None => {
            let id = format!("UP{}", random_hex(10).to_ascii_uppercase());
            let mut payment = DevPayment::new(
                Vendor::Upay,
                pay_type,
                id,
                reference.clone(),
                amount,
                return_url.clone(),
                cancel_url.clone(),
                now,
            );
            payment.description = text("description");
            payment.notify_path = notify_path.clone();
            let answer = (payment.page_id.clone(), payment_json(&payment, now));
            s.insert(payment, std::slice::from_ref(&key));
            Ok(answer)
        }
    })
    .await;
    let (page, mut answer) = match created {
        Ok(Ok(created)) => created,
        Ok(Err(())) => {
            return error(StatusCode::CONFLICT, "DUPLICATE_REFERENCE", "The reference was used for another payment.")
        }
        Err(failed) => return failed,
    };
    let url = page_url(&base, &page);
    answer["checkout_url"] = json!(url);
    answer["qr_string"] = json!(url);
    answer["deeplink"] = json!(url);
    json(StatusCode::CREATED, answer)
}

async fn status(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    Path(reference): Path<String>,
) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let now = state.db.now();
    if let Err(refused) = authenticate(&headers, &Method::GET, &signed_path(&uri), b"", now) {
        return refused.into_response();
    }
    let key = format!("upay:reference:{reference}");
    match with_store(&state.db, &key, |s| s.find(&key).map(|p| payment_json(p, now))).await {
        Ok(Some(payment)) => json(StatusCode::OK, payment),
        Ok(None) => error(StatusCode::NOT_FOUND, "NOT_FOUND", "No such payment."),
        Err(failed) => failed,
    }
}

async fn refund(State(state): State<AppState>, SignedJson { now, body: request }: SignedJson) -> Response {
    let text = |name: &str| request[name].as_str().unwrap_or_default().trim().to_string();
    let (reference, key) = (text("reference"), text("refund_reference"));
    if check_reference(&key).is_err() {
        return error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "Invalid refund_reference.");
    }
    let found = format!("upay:reference:{reference}");
    let (Ok(answer) | Err(answer)) = with_store(&state.db, &found, |s| {
        let Some(payment) = s.find_mut(&found) else {
            return error(StatusCode::NOT_FOUND, "NOT_FOUND", "No such payment.");
        };
        if text("payment_id") != payment.vendor_id {
            return error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "payment_id is not the reference's payment.");
        }
        if let Some(known) = payment.refund_by_key(Some(&key)) {
            return json(StatusCode::OK, json!({"refund_id": known.id, "status": "SUCCEEDED"}));
        }
        if payment.stage_at(now) != Stage::Paid {
            return error(StatusCode::UNPROCESSABLE_ENTITY, "NOT_PAID", "The payment is not paid.");
        }
        let amount = Currency::from_code(&text("currency"))
            .filter(|c| *c == payment.amount.currency)
            .and_then(|c| Money::parse_decimal(c, &text("amount")))
            .filter(|a| a.minor > 0);
        let Some(amount) = amount else {
            return error(StatusCode::BAD_REQUEST, "INVALID_AMOUNT", "Invalid amount or currency.");
        };
        if amount.minor > payment.amount.minor - payment.refunded_minor() {
            return error(StatusCode::UNPROCESSABLE_ENTITY, "AMOUNT_EXCEEDS", "More than is left to refund.");
        }
        let refund =
            DevRefund { id: format!("RF{}", random_hex(10).to_ascii_uppercase()), key: Some(key), minor: amount.minor };
        payment.refunds.push(refund.clone());
        json(StatusCode::OK, json!({"refund_id": refund.id, "status": "SUCCEEDED"}))
    })
    .await;
    answer
}

/// Approve: paid; the `PAID` notification.
pub(super) fn approve(store: &mut Store, page_id: &str, now_ms: i64) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    payment.transaction_id = Some(payment.vendor_id.clone());
    payment.set_stage(Stage::Paid);
    let notifications = notification(payment, now_ms).into_iter().collect();
    Some(Decided { notifications, redirect: payment.return_url.clone() })
}

/// Decline: failed; the `FAILED` notification.
pub(super) fn decline(store: &mut Store, page_id: &str, now_ms: i64) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    payment.set_stage(Stage::Failed);
    let notifications = notification(payment, now_ms).into_iter().collect();
    Some(Decided { notifications, redirect: payment.return_url.clone() })
}

/// The signed notification of a payment, to its `notify_url`; `None` without one.
pub fn notification(payment: &DevPayment, now_ms: i64) -> Option<OutboundRequest> {
    let path = payment.notify_path.clone()?;
    let mut body = payment_json(payment, now_ms);
    body["event_id"] = json!(format!("EV{}", random_hex(10).to_ascii_uppercase()));
    let body = body.to_string();
    let signature = adapter::notification_signature(UPAY_SECRET, now_ms.div_euclid(1000), body.as_bytes());
    Some(signed_post(path, adapter::SIGNATURE_HEADER, signature, body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::gateways::{CallContext, GatewayKind, PaymentRequest, Start};

    const NOW_MS: i64 = 1_735_787_045_000;

    fn signed_request() -> OutboundRequest {
        let gateway = super::super::adapter(GatewayKind::Upay(adapter::Mode::Web));
        let payment = PaymentRequest {
            reference: "P4".into(),
            amount: Money::usd(100),
            description: "order".into(),
            return_url: "/payment".into(),
            cancel_url: "/payment".into(),
            notify_url: "/api/notice/pay/15".into(),
            buyer: Default::default(),
        };
        let Start::Call(request) = gateway.start(&payment, &CallContext::at(NOW_MS)).unwrap() else { panic!() };
        request
    }

    fn headers_of(request: &OutboundRequest) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in &request.headers {
            headers.insert(*name, value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn requests_are_checked_over_the_path_below_the_gateway() {
        let request = signed_request();
        assert_eq!(request.url, "/api/dev/gateway/upay/v1/payments");
        let uri: Uri = "/dev/gateway/upay/v1/payments".parse().unwrap();
        assert_eq!(signed_path(&uri), "/v1/payments");
        let headers = headers_of(&request);
        assert!(authenticate(&headers, &Method::POST, "/v1/payments", &request.body, NOW_MS).is_ok());
        for (method, path, body, now) in [
            (Method::POST, "/v1/payments", b"{}".as_slice(), NOW_MS),
            (Method::PUT, "/v1/payments", request.body.as_slice(), NOW_MS),
            (Method::POST, "/v1/refunds", request.body.as_slice(), NOW_MS),
            (Method::POST, "/v1/payments", request.body.as_slice(), NOW_MS + 301_000),
        ] {
            let refused = authenticate(&headers, &method, path, body, now).unwrap_err();
            assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{method} {path}");
        }
        let mut other = headers.clone();
        other.insert(MERCHANT_HEADER, "M-OTHER".parse().unwrap());
        assert!(authenticate(&other, &Method::POST, "/v1/payments", &request.body, NOW_MS).is_err());
    }

    #[test]
    fn its_notifications_verify_with_the_development_adapter() {
        use crate::payments::gateways::{Notification, PaymentStatus, Verified};
        let mut payment = DevPayment::new(
            Vendor::Upay,
            pay_type::UPAY_DEEPLINK,
            "UP1".into(),
            "P4".into(),
            Money::khr(51_250),
            "/payment".into(),
            "/payment".into(),
            NOW_MS,
        );
        assert!(notification(&payment, NOW_MS).is_none());
        payment.notify_path = Some("/api/notice/pay/16".into());
        payment.set_stage(Stage::Paid);
        let request = notification(&payment, NOW_MS).unwrap();
        let headers = headers_of(&request);
        let gateway = super::super::adapter(GatewayKind::Upay(adapter::Mode::Deeplink));
        let Verified::Event(event) = gateway
            .verify(&Notification { body: &request.body, headers: &headers, certificate: None }, NOW_MS + 1000)
            .unwrap()
        else {
            panic!("an event")
        };
        assert_eq!((event.pay_type, event.status), (pay_type::UPAY_DEEPLINK, PaymentStatus::Paid));
        assert!(event.settles(Money::khr(51_250)));
    }
}
