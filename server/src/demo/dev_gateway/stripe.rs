//! Stripe's Checkout Sessions and refunds, as the development gateway answers them (see
//! [`crate::payments::gateways::stripe`] for what the adapter sends and reads).
//!
//! * `POST /v1/checkout/sessions` (form; `Authorization: Bearer sk_…`, `Idempotency-Key`): a
//!   session of one line item; its `url` is the checkout page. The same idempotency key
//!   answers the same session.
//! * `GET /v1/checkout/sessions/{id}`: the session (`open`, `complete` with `payment_status`
//!   `paid`, or `expired` after a decline or 24 hours).
//! * `POST /v1/refunds` (`payment_intent`, `amount`; `Idempotency-Key`): a `succeeded` refund,
//!   within what is left of the payment.
//!
//! Approving sends `checkout.session.completed`, declining `checkout.session.expired`, signed
//! with [`stripe::signature_header`] and the webhook secret, to `/api/notice/pay/13`.

use super::{
    dashboard_notify_path, json, off, on_site, page_url, random_hex, with_store, Decided, DevPayment, DevRefund,
    Refused, Stage, Store, Vendor, STRIPE_BASE, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
};
use crate::payments::gateways::stripe::{self as adapter, from_stripe_amount, to_stripe_amount, MIN_USD_CENTS};
use crate::payments::gateways::{constant_time_eq, Currency, OutboundRequest};
use crate::state::AppState;
use api::config::pay_type;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use http::Method;
use serde_json::{json, Value};

/// How long a session can be paid (Stripe's default).
const SESSION_LIFETIME_MS: i64 = 24 * 3_600_000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(&format!("{STRIPE_BASE}/v1/checkout/sessions"), post(create_session))
        .route(&format!("{STRIPE_BASE}/v1/checkout/sessions/{{id}}"), get(get_session))
        .route(&format!("{STRIPE_BASE}/v1/refunds"), post(refund))
}

/// A Stripe error answer.
fn error(status: StatusCode, code: &str, message: &str) -> Response {
    refusal(status, code, message).into_response()
}

fn refusal(status: StatusCode, code: &str, message: &str) -> Refused {
    Refused { status, body: json!({"error": {"type": "invalid_request_error", "code": code, "message": message}}) }
}

/// Checks `Authorization: Bearer {secret key}` as Stripe does.
pub fn authorize(headers: &HeaderMap) -> Result<(), Refused> {
    let given = headers
        .get(http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if constant_time_eq(given.as_bytes(), STRIPE_SECRET_KEY.as_bytes()) {
        Ok(())
    } else {
        Err(refusal(StatusCode::UNAUTHORIZED, "api_key_invalid", "Invalid API Key provided."))
    }
}

fn idempotency_key(headers: &HeaderMap) -> Option<String> {
    headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_string).filter(|k| !k.is_empty())
}

/// The session as Stripe shows it.
fn session_json(payment: &DevPayment, now_ms: i64, return_base: &str) -> Value {
    let stage = payment.stage_at(now_ms);
    let (status, payment_status) = match stage {
        Stage::Pending | Stage::Approved => ("open", "unpaid"),
        Stage::Paid => ("complete", "paid"),
        Stage::Failed | Stage::Expired => ("expired", "unpaid"),
    };
    json!({
        "id": payment.vendor_id,
        "object": "checkout.session",
        "livemode": false,
        "mode": "payment",
        "amount_total": to_stripe_amount(payment.amount),
        "currency": payment.amount.currency.code().to_ascii_lowercase(),
        "client_reference_id": payment.reference,
        "metadata": {"reference": payment.reference},
        "status": status,
        "payment_status": payment_status,
        "payment_intent": payment.transaction_id,
        "success_url": payment.return_url,
        "cancel_url": payment.cancel_url,
        "url": (status == "open").then(|| page_url(return_base, &payment.page_id)),
        "created": payment.created_ms.div_euclid(1000),
        "expires_at": payment.expires_ms.map(|t| t.div_euclid(1000)),
    })
}

async fn create_session(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    if let Err(refused) = authorize(&headers) {
        return refused.into_response();
    }
    let now = state.db.now();
    let base = state.gateways.return_base().to_string();
    let key = idempotency_key(&headers);
    if let Some(key) = &key {
        let key = format!("stripe:idempotency:{key}");
        match with_store(&state.db, &key, |s| s.find(&key).map(|p| session_json(p, now, &base))).await {
            Ok(Some(session)) => return json(StatusCode::OK, session),
            Ok(None) => {}
            Err(failed) => return failed,
        }
    }
    let Ok(fields) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body) else {
        return error(StatusCode::BAD_REQUEST, "parameter_invalid", "The body is not form-encoded.");
    };
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string());
    if field("mode").as_deref() != Some("payment") {
        return error(StatusCode::BAD_REQUEST, "parameter_invalid", "Only mode=payment is emulated.");
    }
    let Some(reference) = field("client_reference_id").or_else(|| field("metadata[reference]")) else {
        return error(StatusCode::BAD_REQUEST, "parameter_missing", "Missing client_reference_id.");
    };
    let currency = field("line_items[0][price_data][currency]").unwrap_or_default();
    let unit = field("line_items[0][price_data][unit_amount]").and_then(|v| v.parse::<i64>().ok());
    let quantity = field("line_items[0][quantity]").map_or(Some(1), |v| v.parse::<i64>().ok());
    let amount = match (unit, quantity) {
        (Some(unit), Some(quantity)) if unit > 0 && quantity > 0 => unit.checked_mul(quantity),
        _ => None,
    };
    let Some(amount) = amount.and_then(|a| from_stripe_amount(&currency, a)) else {
        return error(StatusCode::BAD_REQUEST, "parameter_invalid_integer", "Invalid line item amount or currency.");
    };
    if amount.currency == Currency::Usd && amount.minor < MIN_USD_CENTS {
        return error(StatusCode::BAD_REQUEST, "amount_too_small", "Amount must be at least $0.50 usd");
    }
    let (Some(success_url), Some(cancel_url)) = (field("success_url"), field("cancel_url")) else {
        return error(StatusCode::BAD_REQUEST, "parameter_missing", "Missing success_url or cancel_url.");
    };
    if !on_site(&success_url, &base) || !on_site(&cancel_url, &base) {
        return error(StatusCode::BAD_REQUEST, "url_invalid", "The development gateway returns only to this site.");
    }
    let id = format!("cs_test_dev_{}", random_hex(12));
    let mut payment =
        DevPayment::new(Vendor::Stripe, pay_type::STRIPE, id.clone(), reference, amount, success_url, cancel_url, now);
    payment.description = field("line_items[0][price_data][product_data][name]").unwrap_or_default();
    payment.expires_ms = Some(now + SESSION_LIFETIME_MS);
    let session = session_json(&payment, now, &base);
    let mut keys = vec![format!("stripe:session:{id}")];
    keys.extend(key.map(|k| format!("stripe:idempotency:{k}")));
    let page_id = payment.page_id.clone();
    match with_store(&state.db, &page_id, |s| s.insert(payment, &keys)).await {
        Ok(()) => json(StatusCode::OK, session),
        Err(failed) => failed,
    }
}

async fn get_session(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    if let Err(refused) = authorize(&headers) {
        return refused.into_response();
    }
    let (now, base) = (state.db.now(), state.gateways.return_base().to_string());
    let key = format!("stripe:session:{id}");
    match with_store(&state.db, &key, |s| s.find(&key).map(|p| session_json(p, now, &base))).await {
        Ok(Some(session)) => json(StatusCode::OK, session),
        Ok(None) => error(StatusCode::NOT_FOUND, "resource_missing", "No such checkout.session."),
        Err(failed) => failed,
    }
}

async fn refund(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    if let Err(refused) = authorize(&headers) {
        return refused.into_response();
    }
    let Ok(fields) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body) else {
        return error(StatusCode::BAD_REQUEST, "parameter_invalid", "The body is not form-encoded.");
    };
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string());
    let Some(intent) = field("payment_intent") else {
        return error(StatusCode::BAD_REQUEST, "parameter_missing", "Missing payment_intent.");
    };
    let asked = field("amount").map(|a| a.parse::<i64>());
    let key = idempotency_key(&headers);
    let found = format!("stripe:intent:{intent}");
    let (Ok(answer) | Err(answer)) = with_store(&state.db, &found, |s| {
        let Some(payment) = s.find_mut(&found) else {
            return error(StatusCode::NOT_FOUND, "resource_missing", "No such payment_intent.");
        };
        let currency = payment.amount.currency.code().to_ascii_lowercase();
        let answer = |refund: &DevRefund, payment: &DevPayment| {
            let amount = to_stripe_amount(crate::payments::gateways::Money { minor: refund.minor, ..payment.amount });
            json(
                StatusCode::OK,
                json!({"id": refund.id, "object": "refund", "amount": amount, "currency": currency,
                       "payment_intent": intent, "status": "succeeded"}),
            )
        };
        if let Some(known) = payment.refund_by_key(key.as_deref()) {
            return answer(known, payment);
        }
        let left = payment.amount.minor - payment.refunded_minor();
        let minor = match asked {
            None => left,
            Some(Ok(stripe_amount)) => match from_stripe_amount(&currency, stripe_amount) {
                Some(money) if stripe_amount > 0 => money.minor,
                _ => return error(StatusCode::BAD_REQUEST, "parameter_invalid_integer", "Invalid amount."),
            },
            Some(Err(_)) => return error(StatusCode::BAD_REQUEST, "parameter_invalid_integer", "Invalid amount."),
        };
        if minor <= 0 || minor > left {
            return error(StatusCode::BAD_REQUEST, "amount_too_large", "The refund is more than is left to refund.");
        }
        let refund = DevRefund { id: format!("re_dev_{}", random_hex(12)), key, minor };
        payment.refunds.push(refund.clone());
        answer(&refund, payment)
    })
    .await;
    answer
}

/// Approve: the session is paid by a new PaymentIntent; `checkout.session.completed`.
pub(super) fn approve(store: &mut Store, page_id: &str, now_ms: i64, return_base: &str) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    let intent = format!("pi_dev_{}", random_hex(12));
    payment.transaction_id = Some(intent.clone());
    payment.set_stage(Stage::Paid);
    let event = event("checkout.session.completed", payment, now_ms, return_base);
    let redirect = payment.return_url.replace("{CHECKOUT_SESSION_ID}", &payment.vendor_id);
    store.link(format!("stripe:intent:{intent}"), page_id);
    Some(Decided { notifications: vec![event], redirect })
}

/// Decline: the session expires unpaid; `checkout.session.expired`.
pub(super) fn decline(store: &mut Store, page_id: &str, now_ms: i64, return_base: &str) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    payment.set_stage(Stage::Failed);
    let event = event("checkout.session.expired", payment, now_ms, return_base);
    let redirect = payment.return_url.replace("{CHECKOUT_SESSION_ID}", &payment.vendor_id);
    Some(Decided { notifications: vec![event], redirect })
}

/// A signed event about the session, to the mall's Stripe notification path.
pub fn event(event_type: &str, payment: &DevPayment, now_ms: i64, return_base: &str) -> OutboundRequest {
    let timestamp = now_ms.div_euclid(1000);
    let body = json!({
        "id": format!("evt_dev_{}", random_hex(12)),
        "object": "event",
        "api_version": "2024-06-20",
        "created": timestamp,
        "livemode": false,
        "type": event_type,
        "data": {"object": session_json(payment, now_ms, return_base)},
    })
    .to_string();
    let signature = adapter::signature_header(STRIPE_WEBHOOK_SECRET, timestamp, body.as_bytes());
    OutboundRequest::new(Method::POST, dashboard_notify_path(pay_type::STRIPE))
        .with_header(adapter::SIGNATURE_HEADER, signature)
        .with_body("application/json; charset=utf-8", body)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::authorization as headers;
    use super::*;
    use crate::payments::gateways::{GatewayKind, Money, Notification, PaymentStatus, Verified};

    #[test]
    fn only_the_development_secret_key_is_taken() {
        assert!(authorize(&headers("Bearer sk_test_dev_gateway")).is_ok());
        for wrong in ["Bearer sk_test_other", "sk_test_dev_gateway", "Basic sk_test_dev_gateway", "Bearer "] {
            let refused = authorize(&headers(wrong)).unwrap_err();
            assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{wrong}");
        }
        assert!(authorize(&HeaderMap::new()).is_err());
    }

    #[test]
    fn its_events_verify_with_the_development_adapter() {
        let mut payment = DevPayment::new(
            Vendor::Stripe,
            pay_type::STRIPE,
            "cs_test_dev_1".into(),
            "P1".into(),
            Money::khr(51_250),
            "/payment?payNo=P1".into(),
            "/payment".into(),
            1_735_787_045_000,
        );
        payment.transaction_id = Some("pi_dev_1".into());
        payment.set_stage(Stage::Paid);
        let request = event("checkout.session.completed", &payment, 1_735_787_045_000, "");
        assert_eq!(request.url, "/api/notice/pay/13");
        let headers = crate::demo::dev_gateway::SentNotification {
            url: request.url.clone(),
            headers: request.headers.iter().map(|(n, v)| (n.to_string(), v.clone())).collect(),
            body: request.body.clone(),
            outcome: None,
        }
        .header_map();
        let gateway = super::super::adapter(GatewayKind::Stripe);
        let verified = gateway
            .verify(&Notification { body: &request.body, headers: &headers, certificate: None }, 1_735_787_046_000)
            .unwrap();
        let Verified::Event(event) = verified else { panic!("an event") };
        assert_eq!(event.status, PaymentStatus::Paid);
        assert!(event.settles(Money::khr(51_250)));
        assert_eq!(event.transaction_id.as_deref(), Some("pi_dev_1"));
    }
}
