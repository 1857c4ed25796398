//! Paying through a gateway: starting a payment (what the browser does next), asking the
//! gateway where a payment stands (when the buyer comes back, while a QR code is shown, and
//! when an attempt's time runs out, so a late or lost notification never leaves money
//! unaccounted for), and acting on a notification.

use crate::payments::gateways::{BrowserAction, Buyer, GatewayError, PaymentRequest, StatusQuery, Verified};
use crate::payments::repo::{self, Attempt};
use crate::payments::settle::{self, Settled};
use crate::payments::transport::{self, TransportError};
use crate::refusal::DomainError;
use crate::state::AppState;
use api::payments::{pay_action, pay_status, PayAction, PayFormField};
use axum::http::HeaderMap;
use base64::Engine as _;

/// What the browser does to pay an attempt just created, or an error after which the attempt
/// has been marked failed.
pub async fn start(
    state: &AppState,
    attempt: &Attempt,
    description: String,
    email: Option<String>,
) -> Result<PayAction, DomainError> {
    if !state.gateways.is_configured(attempt.pay_type) {
        return Err(DomainError::refused("error-pay-method-unavailable"));
    }
    let Some(amount) = charge_of(attempt) else { return Err(DomainError::Internal("attempt currency".into())) };
    let base = state.gateways.return_base().trim_end_matches('/').to_string();
    let payment = PaymentRequest {
        reference: attempt.pay_no.clone(),
        amount,
        description,
        return_url: format!("{base}/payment?payNo={}", attempt.pay_no),
        cancel_url: format!("{base}/payment?payNo={}&cancel=1", attempt.pay_no),
        notify_url: format!("{base}/api{}", api::paths::pay_notice(attempt.pay_type)),
        buyer: Buyer { email, ..Buyer::default() },
    };
    let started = match transport::start(state, attempt.pay_type, &payment).await {
        Ok(started) => started,
        Err(TransportError::Gateway(GatewayError::InvalidAmount(_))) => {
            fail(state, attempt).await?;
            return Err(DomainError::refused("error-pay-amount-unsupported"));
        }
        Err(TransportError::Gateway(GatewayError::UnsupportedCurrency { .. })) => {
            fail(state, attempt).await?;
            return Err(DomainError::refused("error-pay-currency-unsupported"));
        }
        Err(error) => {
            tracing::warn!(pay_no = %attempt.pay_no, pay_type = attempt.pay_type, %error, "gateway did not start the payment");
            fail(state, attempt).await?;
            return Err(DomainError::refused("error-pay-gateway-unavailable"));
        }
    };
    repo::set_gateway_ref(&state.db, &attempt.pay_no, started.gateway_ref.as_deref()).await?;
    Ok(pay_action(started.action))
}

async fn fail(state: &AppState, attempt: &Attempt) -> Result<(), DomainError> {
    let mut conn = state.db.pool.acquire().await?;
    repo::move_attempt(&mut conn, &attempt.pay_no, &[pay_status::PENDING], pay_status::FAILED, state.db.now()).await?;
    Ok(())
}

/// The charged money of an attempt.
pub fn charge_of(attempt: &Attempt) -> Option<crate::payments::gateways::Money> {
    let currency = crate::payments::gateways::Currency::from_code(&attempt.charge_currency)?;
    Some(crate::payments::gateways::Money { currency, minor: attempt.charge_minor })
}

/// The contract's form of a gateway's browser action; QR codes become images.
fn pay_action(action: BrowserAction) -> PayAction {
    let qr_image = |text: &str| {
        crate::qr::qr_svg(text)
            .map(|svg| format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(svg)))
            .unwrap_or_default()
    };
    let empty = PayAction {
        kind: String::new(),
        url: String::new(),
        fields: Vec::new(),
        qr_image: String::new(),
        deeplink: String::new(),
    };
    match action {
        BrowserAction::Redirect { url } => PayAction { kind: pay_action::REDIRECT.into(), url, ..empty },
        BrowserAction::PostForm { action, fields } => PayAction {
            kind: pay_action::FORM.into(),
            url: action,
            fields: fields.into_iter().map(|(name, value)| PayFormField { name, value }).collect(),
            ..empty
        },
        BrowserAction::ShowQr { qr, deeplink, checkout_url } => PayAction {
            kind: pay_action::QR.into(),
            url: checkout_url.unwrap_or_default(),
            qr_image: qr_image(&qr),
            deeplink: deeplink.unwrap_or_default(),
            ..empty
        },
        BrowserAction::OpenApp { deeplink, qr } => PayAction {
            kind: pay_action::APP.into(),
            qr_image: qr.as_deref().map(qr_image).unwrap_or_default(),
            deeplink,
            ..empty
        },
    }
}

/// Asks the gateway where a pending attempt stands (capturing an approved PayPal order first)
/// and acts on the answer; at most once per [`STATUS_QUERY_INTERVAL_MS`] per attempt across
/// concurrent callers. Errors of the gateway are logged: the attempt simply stays as it was.
///
/// [`STATUS_QUERY_INTERVAL_MS`]: crate::payments::rules::STATUS_QUERY_INTERVAL_MS
/// With `force` (a notification said "look", or the attempt's time ran out) it asks whatever
/// the last query was.
pub async fn check(state: &AppState, attempt: &Attempt, force: bool) -> Result<Option<Settled>, DomainError> {
    let now = state.db.now();
    if attempt.status != pay_status::PENDING {
        return Ok(None);
    }
    if !force && attempt.checked_at.is_some_and(|t| now - t < crate::payments::rules::STATUS_QUERY_INTERVAL_MS) {
        return Ok(None);
    }
    if !repo::claim_check(&state.db, &attempt.pay_no, attempt.checked_at, now).await? {
        return Ok(None);
    }
    let query = StatusQuery { reference: attempt.pay_no.clone(), gateway_ref: attempt.gateway_ref.clone() };
    // PayPal takes the money when the mall captures the approved order; a capture refused
    // (not approved yet, or captured already) is answered by the status query.
    let mut event = Err(None);
    if transport::captures(state, attempt.pay_type) && attempt.gateway_ref.is_some() {
        event = transport::capture(state, attempt.pay_type, &query).await.map_err(Some);
    }
    if event.is_err() {
        event = transport::status(state, attempt.pay_type, &query).await.map_err(Some);
    }
    match event {
        Ok(event) => {
            let key = format!("{}:query:{:?}", attempt.pay_no, event.status);
            Ok(Some(settle::apply(&state.db, &event, &key).await?))
        }
        Err(error) => {
            let error = error.map(|e| e.to_string()).unwrap_or_default();
            tracing::warn!(pay_no = %attempt.pay_no, %error, "status query not answered");
            Ok(None)
        }
    }
}

/// What a notification did, for the gateway's answer.
pub enum Noticed {
    Settled(Settled),
    Ignored,
    /// No gateway of that pay type is configured: the notification's address is unknown.
    UnknownGateway,
}

/// Verifies a gateway's notification and acts on it. A notification that fails verification
/// changes nothing and is refused (logged).
pub async fn notice(state: &AppState, pay_type: i32, headers: &HeaderMap, body: &[u8]) -> Result<Noticed, DomainError> {
    if state.gateways.gateway(pay_type).is_none() {
        return Ok(Noticed::UnknownGateway);
    }
    let verified = match transport::verify_notification(state, pay_type, headers, body).await {
        Ok(verified) => verified,
        Err(e) if e.is_refusal() => {
            tracing::warn!(pay_type, error = %e, "payment notification refused");
            return Err(DomainError::refused("error-pay-notice-refused"));
        }
        // This side could not check it (the certificate did not come): the gateway retries.
        Err(e) => return Err(DomainError::Internal(format!("checking a notification of pay type {pay_type}: {e}"))),
    };
    let event = match verified {
        Verified::Ignored { event_type } => {
            tracing::debug!(pay_type, %event_type, "payment notification acknowledged, not acted on");
            return Ok(Noticed::Ignored);
        }
        Verified::Event(event) => event,
    };
    let key = match &event.event_id {
        Some(id) => format!("{pay_type}:{id}"),
        // Without an event id, a fact is the attempt and the status it reports.
        None => format!("{}:notice:{:?}", event.reference, event.status),
    };
    let settled = settle::apply(&state.db, &event, &key).await?;
    if settled == Settled::NeedsQuery {
        let mut conn = state.db.pool.acquire().await?;
        if let Some(attempt) = repo::attempt(&mut conn, &event.reference).await? {
            drop(conn);
            // The pushback says "look": ask now, whatever the last poll was.
            if let Some(settled) = check(state, &attempt, true).await? {
                return Ok(Noticed::Settled(settled));
            }
        }
    }
    if settled == Settled::Unknown {
        return Err(DomainError::refused("error-pay-notice-unknown"));
    }
    Ok(Noticed::Settled(settled))
}
