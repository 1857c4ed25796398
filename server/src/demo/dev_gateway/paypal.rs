//! PayPal's OAuth2 token, Orders v2, refunds and webhook certificate, as the development
//! gateway answers them (see [`crate::payments::gateways::paypal`]).
//!
//! * `POST /v1/oauth2/token` (HTTP Basic with the development client id and secret,
//!   `grant_type=client_credentials`): a bearer token for nine hours of the server's clock.
//!   Every other call needs a live token (401 `invalid_token` otherwise).
//! * `POST /v2/checkout/orders` (`PayPal-Request-Id`): an order of one purchase unit in USD
//!   (KHR is `CURRENCY_NOT_SUPPORTED`, as at PayPal), `PAYER_ACTION_REQUIRED`, whose
//!   `payer-action` link is the checkout page. `landing_page` `GUEST_CHECKOUT` makes it a card
//!   payment (`PAYCARDPAL`), otherwise a PayPal one (`PAYPAL`).
//! * `GET /v2/checkout/orders/{id}`: the order, `APPROVED` after Approve, `VOIDED` after
//!   Decline, `COMPLETED` with its capture once captured.
//! * `POST /v2/checkout/orders/{id}/capture`: takes the money of an approved order (422
//!   `ORDER_NOT_APPROVED` otherwise; repeated with the same request id, the same answer) and
//!   sends `PAYMENT.CAPTURE.COMPLETED`, unless the buyer chose "Approve without notifying".
//! * `POST /v2/payments/captures/{id}/refund`: a `COMPLETED` refund within what is left.
//! * `GET /v1/notifications/certs/CERT-dev-gateway-1`: the certificate of the key that signs
//!   the webhooks (a throwaway key made for development and tests).
//!
//! Webhooks are signed as PayPal signs them ([`paypal::sign_transmission`] over
//! [`paypal::transmission_message`]), with `PAYPAL-CERT-URL` naming the certificate above by a
//! site-relative URL that only the development configuration trusts.

use super::{
    dashboard_notify_path, json, off, on_site, page_url, random_upper, store, with_store, Decided, DevPayment,
    DevRefund, Refused, Stage, Store, Vendor, PAYPAL_BASE, PAYPAL_CERT_NAME, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID,
};
use crate::payments::gateways::paypal::{self as adapter, amount_json};
use crate::payments::gateways::{constant_time_eq, rfc3339_utc, Currency, Money, OutboundRequest};
use crate::payments::transport::SITE_API_PREFIX;
use crate::state::AppState;
use api::config::pay_type;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use http::Method;
use serde_json::{json, Value};

/// The throwaway signing key and its certificate (the adapter's test key).
const SIGNING_KEY: &[u8] = include_bytes!("../../payments/gateways/testdata/paypal-test-signer.key.pem");
const SIGNING_CERT: &[u8] = include_bytes!("../../payments/gateways/testdata/paypal-test-signer.cert.pem");
/// How long an access token lives (PayPal's usual nine hours).
pub const TOKEN_LIFETIME_SECS: i64 = 32_400;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(&format!("{PAYPAL_BASE}/v1/oauth2/token"), post(token))
        .route(&format!("{PAYPAL_BASE}/v2/checkout/orders"), post(create_order))
        .route(&format!("{PAYPAL_BASE}/v2/checkout/orders/{{id}}"), get(get_order))
        .route(&format!("{PAYPAL_BASE}/v2/checkout/orders/{{id}}/capture"), post(capture))
        .route(&format!("{PAYPAL_BASE}/v2/payments/captures/{{id}}/refund"), post(refund))
        .route(&format!("{PAYPAL_BASE}/v1/notifications/certs/{{name}}"), get(certificate))
}

/// The certificate URLs the development configuration trusts (site-relative).
pub fn cert_url_prefix() -> String {
    format!("{SITE_API_PREFIX}{PAYPAL_BASE}/v1/notifications/certs/")
}

/// Makes every access token issued to this server invalid, as when PayPal revokes them: the
/// mall's next call is refused with 401, and must fetch a new token.
pub async fn revoke_tokens(state: &AppState) {
    if let Err(error) = super::store::forget_tokens(&state.db).await {
        tracing::warn!(%error, "development gateway: the tokens were not revoked");
    }
}

/// A PayPal error answer.
fn error(status: StatusCode, name: &str, issue: &str, message: &str) -> Refused {
    Refused {
        status,
        body: json!({"name": name, "message": message, "details": [{"issue": issue, "description": message}]}),
    }
}

fn unprocessable(issue: &str, message: &str) -> Refused {
    error(StatusCode::UNPROCESSABLE_ENTITY, "UNPROCESSABLE_ENTITY", issue, message)
}

fn not_found() -> Refused {
    error(StatusCode::NOT_FOUND, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The specified resource does not exist.")
}

fn authorization(headers: &HeaderMap) -> &str {
    headers.get(http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default()
}

/// Checks HTTP Basic credentials against the development client id and secret.
pub fn check_client(headers: &HeaderMap) -> Result<(), Refused> {
    let expected = STANDARD.encode(format!("{PAYPAL_CLIENT_ID}:{PAYPAL_CLIENT_SECRET}"));
    let given = authorization(headers).strip_prefix("Basic ").unwrap_or_default();
    if constant_time_eq(given.trim().as_bytes(), expected.as_bytes()) {
        Ok(())
    } else {
        Err(Refused {
            status: StatusCode::UNAUTHORIZED,
            body: json!({"error": "invalid_client", "error_description": "Client Authentication failed"}),
        })
    }
}

/// Checks the bearer token against those issued and still live at `now_ms`.
pub async fn check_token(state: &AppState, headers: &HeaderMap, now_ms: i64) -> Result<(), Response> {
    let given = authorization(headers).strip_prefix("Bearer ").unwrap_or_default().trim();
    let live = if given.is_empty() { Ok(false) } else { store::token_is_live(&state.db, given, now_ms).await };
    match live {
        Ok(true) => Ok(()),
        Ok(false) => Err(Refused {
            status: StatusCode::UNAUTHORIZED,
            body: json!({"error": "invalid_token", "error_description": "Access Token not found in cache"}),
        }
        .into_response()),
        Err(error) => Err(crate::http::error::ApiError::from(error).into_response()),
    }
}

fn request_id(headers: &HeaderMap) -> Option<String> {
    headers.get("paypal-request-id").and_then(|v| v.to_str().ok()).map(str::to_string).filter(|k| !k.is_empty())
}

async fn token(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    if let Err(refused) = check_client(&headers) {
        return refused.into_response();
    }
    let grant: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    if !grant.iter().any(|(k, v)| k == "grant_type" && v == "client_credentials") {
        return json(
            StatusCode::BAD_REQUEST,
            json!({"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"}),
        );
    }
    let token = format!("A21AA-dev-{}", super::random_hex(24));
    let now = state.db.now();
    if let Err(error) = store::keep_token(&state.db, &token, now, now + TOKEN_LIFETIME_SECS * 1000).await {
        return crate::http::error::ApiError::from(error).into_response();
    }
    json(
        StatusCode::OK,
        json!({"scope": "https://uri.paypal.com/services/payments/payment", "access_token": token,
               "token_type": "Bearer", "app_id": "APP-DEVGATEWAY", "expires_in": TOKEN_LIFETIME_SECS,
               "nonce": super::random_hex(16)}),
    )
}

/// The order as PayPal shows it.
fn order_json(payment: &DevPayment, now_ms: i64) -> Value {
    let status = match payment.stage_at(now_ms) {
        Stage::Pending => "PAYER_ACTION_REQUIRED",
        Stage::Approved => "APPROVED",
        Stage::Paid => "COMPLETED",
        Stage::Failed | Stage::Expired => "VOIDED",
    };
    let amount = amount_json(payment.amount).unwrap_or(Value::Null);
    let mut unit = json!({
        "reference_id": payment.reference,
        "custom_id": payment.reference,
        "description": payment.description,
        "amount": amount,
    });
    if let Some(capture) = capture_json(payment) {
        unit["payments"] = json!({"captures": [capture]});
    }
    let self_link = format!("{SITE_API_PREFIX}{PAYPAL_BASE}/v2/checkout/orders/{}", payment.vendor_id);
    let mut order = json!({
        "id": payment.vendor_id,
        "intent": "CAPTURE",
        "status": status,
        "purchase_units": [unit],
        "create_time": rfc3339_utc(payment.created_ms),
        "links": [{"href": self_link, "rel": "self", "method": "GET"}],
    });
    if let Some(payer) = &payment.payer_id {
        order["payer"] = json!({"payer_id": payer, "email_address": "buyer@dev-gateway.invalid"});
    }
    order
}

/// The order's capture, once captured.
fn capture_json(payment: &DevPayment) -> Option<Value> {
    let id = payment.transaction_id.as_ref().filter(|_| payment.stage == Stage::Paid)?;
    let status = match payment.refunded_minor() {
        0 => "COMPLETED",
        _ if payment.fully_refunded() => "REFUNDED",
        _ => "PARTIALLY_REFUNDED",
    };
    Some(json!({
        "id": id,
        "status": status,
        "amount": amount_json(payment.amount).unwrap_or(Value::Null),
        "custom_id": payment.reference,
        "final_capture": true,
        "supplementary_data": {"related_ids": {"order_id": payment.vendor_id}},
    }))
}

async fn create_order(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let (now, base) = (state.db.now(), state.gateways.return_base().to_string());
    if let Err(refused) = check_token(&state, &headers, now).await {
        return refused;
    }
    let request_id = request_id(&headers);
    if let Some(id) = &request_id {
        let key = format!("paypal:request:{id}");
        match with_store(&state.db, &key, |s| s.find(&key).map(|p| created(p, now, &base))).await {
            Ok(Some(answer)) | Err(answer) => return answer,
            Ok(None) => {}
        }
    }
    let Ok(order) = serde_json::from_slice::<Value>(&body) else {
        return error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The body is not JSON.")
            .into_response();
    };
    if order["intent"] != "CAPTURE" {
        return unprocessable("INTENT_NOT_SUPPORTED", "Only intent CAPTURE is emulated.").into_response();
    }
    let unit = &order["purchase_units"][0];
    let reference = unit["custom_id"].as_str().or(unit["reference_id"].as_str()).unwrap_or_default().to_string();
    if reference.is_empty() {
        return unprocessable("MISSING_REQUIRED_PARAMETER", "The purchase unit has no custom_id.").into_response();
    }
    let code = unit["amount"]["currency_code"].as_str().unwrap_or_default();
    let Some(currency) = Currency::from_code(code).filter(|c| *c == Currency::Usd) else {
        return unprocessable("CURRENCY_NOT_SUPPORTED", "Currency code is not supported.").into_response();
    };
    let Some(amount) = Money::from_json(currency, &unit["amount"]["value"]).filter(|m| m.minor > 0) else {
        return unprocessable("INVALID_PARAMETER_VALUE", "The amount is not valid.").into_response();
    };
    let experience = &order["payment_source"]["paypal"]["experience_context"];
    let return_url = experience["return_url"].as_str().unwrap_or_default().to_string();
    let cancel_url = experience["cancel_url"].as_str().unwrap_or_default().to_string();
    if !on_site(&return_url, &base) || !on_site(&cancel_url, &base) {
        return unprocessable("INVALID_PARAMETER_VALUE", "The development gateway returns only to this site.")
            .into_response();
    }
    let pay_type = match experience["landing_page"].as_str() {
        Some("GUEST_CHECKOUT") => pay_type::PAYCARDPAL,
        _ => pay_type::PAYPAL,
    };
    let id = random_upper(17);
    let mut payment =
        DevPayment::new(Vendor::Paypal, pay_type, id.clone(), reference, amount, return_url, cancel_url, now);
    payment.description = unit["description"].as_str().unwrap_or_default().to_string();
    let answer = created(&payment, now, &base);
    let mut keys = vec![format!("paypal:order:{id}")];
    keys.extend(request_id.map(|r| format!("paypal:request:{r}")));
    let page_id = payment.page_id.clone();
    match with_store(&state.db, &page_id, |s| s.insert(payment, &keys)).await {
        Ok(()) => answer,
        Err(failed) => failed,
    }
}

/// The answer to an order's creation: its id, status and links, the payer's being the
/// checkout page.
fn created(payment: &DevPayment, now_ms: i64, return_base: &str) -> Response {
    let mut order = order_json(payment, now_ms);
    order["payment_source"] = json!({"paypal": {}});
    if let Some(links) = order["links"].as_array_mut() {
        links.push(json!({"href": page_url(return_base, &payment.page_id), "rel": "payer-action", "method": "GET"}));
    }
    json(StatusCode::OK, order)
}

async fn get_order(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let now = state.db.now();
    if let Err(refused) = check_token(&state, &headers, now).await {
        return refused;
    }
    let key = format!("paypal:order:{id}");
    let found = with_store(&state.db, &key, |s| s.find(&key).map(|p| json(StatusCode::OK, order_json(p, now)))).await;
    match found {
        Ok(Some(answer)) | Err(answer) => answer,
        Ok(None) => not_found().into_response(),
    }
}

async fn capture(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let now = state.db.now();
    if let Err(refused) = check_token(&state, &headers, now).await {
        return refused;
    }
    let request_id = request_id(&headers);
    let key = format!("paypal:order:{id}");
    let outcome = with_store(&state.db, &key, |s| {
        let page = s.page_of(&key).ok_or_else(not_found)?;
        let payment = s.payment_mut(&page).ok_or_else(not_found)?;
        match payment.stage_at(now) {
            Stage::Approved => {}
            Stage::Paid if payment.capture_request_id.is_some() && payment.capture_request_id == request_id => {
                return Ok((json(StatusCode::CREATED, order_json(payment, now)), None));
            }
            Stage::Paid => return Err(unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.")),
            _ => return Err(unprocessable("ORDER_NOT_APPROVED", "The payer has not approved the order.")),
        }
        let capture_id = random_upper(17);
        payment.transaction_id = Some(capture_id.clone());
        payment.capture_request_id = request_id.clone();
        payment.set_stage(Stage::Paid);
        let webhook = payment.notify.then(|| webhook("PAYMENT.CAPTURE.COMPLETED", payment, now));
        let answer = json(StatusCode::CREATED, order_json(payment, now));
        s.link(format!("paypal:capture:{capture_id}"), &page);
        Ok((answer, webhook.map(|w| (page, w))))
    })
    .await;
    match outcome {
        Err(failed) => failed,
        Ok(Ok((answer, webhook))) => {
            if let Some((page, webhook)) = webhook {
                match webhook {
                    Ok(request) => super::deliver(&state, &page, vec![request]).await,
                    Err(error) => tracing::warn!(%error, "the development gateway could not sign a PayPal webhook"),
                }
            }
            answer
        }
        Ok(Err(refused)) => refused.into_response(),
    }
}

async fn refund(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let now = state.db.now();
    if let Err(refused) = check_token(&state, &headers, now).await {
        return refused;
    }
    let key = request_id(&headers);
    let asked: Value = if body.is_empty() {
        Value::Null
    } else {
        match serde_json::from_slice(&body) {
            Ok(value) => value,
            Err(_) => {
                return error(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "Not JSON.")
                    .into_response()
            }
        }
    };
    let capture = format!("paypal:capture:{id}");
    let refunded = with_store(&state.db, &capture, |s| {
        let payment = s.find_mut(&capture).ok_or_else(not_found)?;
        let answer = |refund: &DevRefund, payment: &DevPayment| {
            let amount = amount_json(Money { minor: refund.minor, ..payment.amount }).unwrap_or(Value::Null);
            json(StatusCode::CREATED, json!({"id": refund.id, "status": "COMPLETED", "amount": amount}))
        };
        if let Some(known) = payment.refund_by_key(key.as_deref()) {
            return Ok(answer(known, payment));
        }
        let left = payment.amount.minor - payment.refunded_minor();
        let minor = match &asked["amount"] {
            Value::Null => left,
            amount => {
                let same_currency = amount["currency_code"].as_str() == Some(payment.amount.currency.code());
                match Money::from_json(payment.amount.currency, &amount["value"]) {
                    Some(money) if same_currency && money.minor > 0 => money.minor,
                    _ => return Err(unprocessable("INVALID_PARAMETER_VALUE", "The amount is not valid.")),
                }
            }
        };
        if minor <= 0 || minor > left {
            return Err(unprocessable("REFUND_AMOUNT_EXCEEDED", "The refund amount exceeds what is left."));
        }
        let refund = DevRefund { id: random_upper(17), key, minor };
        payment.refunds.push(refund.clone());
        Ok(answer(&refund, payment))
    })
    .await;
    match refunded {
        Ok(Ok(answer)) | Err(answer) => answer,
        Ok(Err(refused)) => refused.into_response(),
    }
}

async fn certificate(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    if name != PAYPAL_CERT_NAME {
        return not_found().into_response();
    }
    ([(http::header::CONTENT_TYPE, "application/x-pem-file")], SIGNING_CERT).into_response()
}

/// Approve: the order is approved by a payer; back to the return URL with `token` and
/// `PayerID`, where the mall captures it.
pub(super) fn approve(store: &mut Store, page_id: &str) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    let payer = random_upper(13);
    payment.payer_id = Some(payer.clone());
    payment.set_stage(Stage::Approved);
    let redirect = with_query(&payment.return_url, &[("token", &payment.vendor_id), ("PayerID", &payer)]);
    Some(Decided { notifications: Vec::new(), redirect })
}

/// Decline: the order is voided (nothing was captured, so no webhook); back to the return
/// URL with `token`.
pub(super) fn decline(store: &mut Store, page_id: &str) -> Option<Decided> {
    let payment = store.payment_mut(page_id)?;
    payment.set_stage(Stage::Failed);
    let redirect = with_query(&payment.return_url, &[("token", &payment.vendor_id)]);
    Some(Decided { notifications: Vec::new(), redirect })
}

/// `url` with `pairs` added to its query.
fn with_query(url: &str, pairs: &[(&str, &str)]) -> String {
    let query = serde_urlencoded::to_string(pairs).unwrap_or_default();
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{query}")
}

/// A webhook about the payment's capture, signed as PayPal signs, to the mall's notification
/// path of the payment's pay type.
pub fn webhook(
    event_type: &str,
    payment: &DevPayment,
    now_ms: i64,
) -> Result<OutboundRequest, crate::payments::gateways::GatewayError> {
    let time = rfc3339_utc(now_ms);
    let body = json!({
        "id": format!("WH-DEV-{}", random_upper(17)),
        "event_version": "1.0",
        "create_time": time,
        "resource_type": "capture",
        "event_type": event_type,
        "summary": format!("Payment {}", payment.amount),
        "resource": capture_json(payment).unwrap_or(Value::Null),
    })
    .to_string();
    let transmission_id = uuid::Uuid::new_v4().to_string();
    let message = adapter::transmission_message(&transmission_id, &time, PAYPAL_WEBHOOK_ID, body.as_bytes());
    let signature = adapter::sign_transmission(SIGNING_KEY, message.as_bytes())?;
    Ok(OutboundRequest::new(Method::POST, dashboard_notify_path(payment.pay_type))
        .with_header(adapter::TRANSMISSION_ID, transmission_id)
        .with_header(adapter::TRANSMISSION_TIME, time)
        .with_header(adapter::TRANSMISSION_SIG, signature)
        .with_header(adapter::CERT_URL, format!("{}{PAYPAL_CERT_NAME}", cert_url_prefix()))
        .with_header(adapter::AUTH_ALGO_HEADER, adapter::AUTH_ALGO)
        .with_body("application/json", body))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::authorization as headers;
    use super::*;
    use crate::payments::gateways::{GatewayKind, Notification, PaymentStatus, Verified};

    #[test]
    fn the_token_needs_the_development_client() {
        let good = format!("Basic {}", STANDARD.encode("dev-gateway-client:dev-gateway-secret"));
        assert!(check_client(&headers(&good)).is_ok());
        for wrong in [
            format!("Basic {}", STANDARD.encode("dev-gateway-client:other")),
            format!("Basic {}", STANDARD.encode("other:dev-gateway-secret")),
            format!("Bearer {}", STANDARD.encode("dev-gateway-client:dev-gateway-secret")),
            "Basic".to_string(),
        ] {
            assert_eq!(check_client(&headers(&wrong)).unwrap_err().status, StatusCode::UNAUTHORIZED, "{wrong}");
        }
    }

    #[test]
    fn its_webhooks_verify_with_the_development_adapter_and_its_certificate() {
        let now = 1_735_787_045_000;
        let mut payment = DevPayment::new(
            Vendor::Paypal,
            pay_type::PAYCARDPAL,
            "ORDER1".into(),
            "P2".into(),
            Money::usd(1250),
            "/payment".into(),
            "/payment".into(),
            now,
        );
        payment.transaction_id = Some("CAPTURE1".into());
        payment.set_stage(Stage::Paid);
        let request = webhook("PAYMENT.CAPTURE.COMPLETED", &payment, now).unwrap();
        assert_eq!(request.url, "/api/notice/pay/12");
        let headers = super::super::SentNotification {
            url: request.url.clone(),
            headers: request.headers.iter().map(|(n, v)| (n.to_string(), v.clone())).collect(),
            body: request.body.clone(),
            outcome: None,
        }
        .header_map();
        let gateway = super::super::adapter(GatewayKind::Paypal(adapter::Funding::Card));
        let fetch = gateway.certificate_request(&headers).unwrap().unwrap();
        assert_eq!(fetch.url, "/api/dev/gateway/paypal/v1/notifications/certs/CERT-dev-gateway-1");
        let verified = gateway
            .verify(&Notification { body: &request.body, headers: &headers, certificate: Some(SIGNING_CERT) }, now)
            .unwrap();
        let Verified::Event(event) = verified else { panic!("an event") };
        assert_eq!((event.pay_type, event.status), (pay_type::PAYCARDPAL, PaymentStatus::Paid));
        assert!(event.settles(Money::usd(1250)));
        assert_eq!(event.transaction_id.as_deref(), Some("CAPTURE1"));
    }

    #[test]
    fn the_buyer_comes_back_with_the_order_and_payer() {
        assert_eq!(with_query("/payment?payNo=P1", &[("token", "O1")]), "/payment?payNo=P1&token=O1");
        assert_eq!(with_query("/payment", &[("token", "O1"), ("PayerID", "X")]), "/payment?token=O1&PayerID=X");
    }
}
