//! The buyer's page of the development gateway, [`paths::DEV_GATEWAY_CHECKOUT`]: `GET` shows a
//! payment (a "no real money" banner, the vendor, amount, merchant reference and status, the
//! notifications sent so far) with four buttons that `POST` the `decision`: `approve`,
//! `approve-silent` (approve without notifying), `decline`, `abandon`. What each does is in
//! the [module documentation](super). A decision on a payment no longer waiting for the buyer
//! changes nothing and shows the page again (409).

use super::{
    aba, off, on_site, page_url, paypal, stripe, upay, with_store, Decided, DevPayment, SentNotification, Stage, Vendor,
};
use crate::http::error::ApiError;
use crate::http::extract::{ApiForm, ApiPath};
use crate::state::AppState;
use api::paths;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::borrow::Cow;

pub(super) fn router() -> Router<AppState> {
    Router::new().route(paths::DEV_GATEWAY_CHECKOUT, get(show).post(decide))
}

/// What the buyer chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve { notify: bool },
    Decline,
    Abandon,
}

impl Decision {
    pub fn parse(value: &str) -> Option<Self> {
        match value.trim() {
            "approve" => Some(Decision::Approve { notify: true }),
            "approve-silent" => Some(Decision::Approve { notify: false }),
            "decline" => Some(Decision::Decline),
            "abandon" => Some(Decision::Abandon),
            _ => None,
        }
    }
}

#[derive(Debug, serde::Deserialize)]
pub struct DecisionForm {
    decision: String,
}

/// A page id: what [`super::random_hex`] makes.
fn plain_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

async fn show(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let payment = if plain_id(&id) { super::payment(&state, &id).await } else { None };
    match payment {
        Some(payment) => render(&payment, state.db.now(), state.gateways.return_base(), StatusCode::OK, None),
        None => ApiError::NotFound.into_response(),
    }
}

async fn decide(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiForm(form): ApiForm<DecisionForm>,
) -> Response {
    if let Some(off) = off(&state) {
        return off;
    }
    let now = state.db.now();
    let base = state.gateways.return_base().to_string();
    if !plain_id(&id) || super::payment(&state, &id).await.is_none() {
        return ApiError::NotFound.into_response();
    }
    let Some(decision) = Decision::parse(&form.decision) else {
        return ApiError::bad_with("error-invalid-field", vec![("field", "decision".into())]).into_response();
    };
    let decided = with_store(&state.db, &id, |s| {
        let payment = s.payment_mut(&id)?;
        if payment.stage_at(now) != Stage::Pending {
            return Some(Err(payment.clone()));
        }
        let vendor = payment.vendor;
        let decided = match decision {
            Decision::Abandon => Some(Decided { notifications: Vec::new(), redirect: payment.cancel_url.clone() }),
            Decision::Approve { notify } => {
                payment.notify = notify;
                match vendor {
                    Vendor::Stripe => stripe::approve(s, &id, now, &base),
                    Vendor::Paypal => paypal::approve(s, &id),
                    Vendor::Aba => aba::approve(s, &id),
                    Vendor::Upay => upay::approve(s, &id, now),
                }
                .map(|decided| if notify { decided } else { Decided { notifications: Vec::new(), ..decided } })
            }
            Decision::Decline => match vendor {
                Vendor::Stripe => stripe::decline(s, &id, now, &base),
                Vendor::Paypal => paypal::decline(s, &id),
                Vendor::Aba => aba::decline(s, &id),
                Vendor::Upay => upay::decline(s, &id, now),
            },
        };
        decided.map(Ok)
    })
    .await;
    let decided = match decided {
        Ok(decided) => decided,
        Err(failed) => return failed,
    };
    match decided {
        None => ApiError::NotFound.into_response(),
        Some(Err(payment)) => {
            let note = format!("Nothing changed: this payment is already {}.", payment.stage_at(now).name());
            render(&payment, now, &base, StatusCode::CONFLICT, Some(&note))
        }
        Some(Ok(decided)) => {
            if !on_site(&decided.redirect, &base) {
                tracing::warn!("development gateway: a redirect off this site was refused");
                return ApiError::bad("error-invalid-params").into_response();
            }
            tracing::info!(?decision, "development gateway: the buyer decided");
            super::deliver(&state, &id, decided.notifications).await;
            Redirect::to(&decided.redirect).into_response()
        }
    }
}

fn text(value: &str) -> Cow<'_, str> {
    html_escape::encode_text(value)
}

fn attribute(value: &str) -> Cow<'_, str> {
    html_escape::encode_double_quoted_attribute(value)
}

/// The page of `payment`, with an optional note above the buttons.
fn render(payment: &DevPayment, now_ms: i64, return_base: &str, status: StatusCode, note: Option<&str>) -> Response {
    let stage = payment.stage_at(now_ms);
    let mut body = String::new();
    body.push_str(
        "<p role=\"alert\" data-testid=\"dev-gateway-banner\" style=\"background:#b3261e;color:#fff;padding:.75rem 1rem;\
         font-weight:bold;border-radius:4px\">Development payment gateway — no real money</p>",
    );
    body.push_str(&format!(
        "<h1>{vendor} <small>(development stand-in)</small></h1><dl style=\"display:grid;grid-template-columns:max-content auto;gap:.25rem 1rem\">",
        vendor = text(payment.vendor.name())
    ));
    let mut row = |label: &str, test_id: &str, value: &str| {
        body.push_str(&format!(
            "<dt>{}</dt><dd style=\"margin:0\" data-testid=\"{}\">{}</dd>",
            text(label),
            attribute(test_id),
            text(value)
        ));
    };
    row("Amount", "dev-gateway-amount", &payment.amount.to_string());
    row("Merchant reference", "dev-gateway-reference", &payment.reference);
    if !payment.description.is_empty() {
        row("Description", "dev-gateway-description", &payment.description);
    }
    row("Pay type", "dev-gateway-pay-type", &payment.pay_type.to_string());
    row("Status", "dev-gateway-status", stage.name());
    if let Some(expires) = payment.expires_ms {
        row("Payable until", "dev-gateway-expires", &crate::payments::gateways::rfc3339_utc(expires));
    }
    if payment.refunded_minor() > 0 {
        let refunded = crate::payments::gateways::Money { minor: payment.refunded_minor(), ..payment.amount };
        row("Refunded", "dev-gateway-refunded", &refunded.to_string());
    }
    body.push_str("</dl>");
    if let Some(note) = note {
        body.push_str(&format!("<p data-testid=\"dev-gateway-note\"><strong>{}</strong></p>", text(note)));
    }
    if stage == Stage::Pending {
        body.push_str(
            "<form method=\"post\" style=\"display:flex;flex-wrap:wrap;gap:.5rem\">\
             <button name=\"decision\" value=\"approve\" data-testid=\"dev-gateway-approve\">Approve</button>\
             <button name=\"decision\" value=\"approve-silent\" data-testid=\"dev-gateway-approve-silent\">Approve without notifying</button>\
             <button name=\"decision\" value=\"decline\" data-testid=\"dev-gateway-decline\">Decline</button>\
             <button name=\"decision\" value=\"abandon\" data-testid=\"dev-gateway-abandon\">Abandon</button>\
             </form><p><small>Approve sends the vendor's signed notification to the shop; \"without notifying\" \
             leaves it out, so the shop must ask the gateway. Decline fails the payment; Abandon goes back \
             without changing anything.</small></p>",
        );
    } else if on_site(&payment.return_url, return_base) {
        body.push_str(&format!(
            "<p><a href=\"{}\" data-testid=\"dev-gateway-back\">Back to the shop</a></p>",
            attribute(&payment.return_url)
        ));
    }
    if !return_base.is_empty() {
        if let Some(svg) = crate::qr::qr_svg(&page_url(return_base, &payment.page_id)) {
            body.push_str("<figure><figcaption>This page, for a phone:</figcaption>");
            body.push_str(&svg);
            body.push_str("</figure>");
        }
    }
    body.push_str(&notifications_html(&payment.notifications));
    let page = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>Development payment gateway</title></head>\
         <body style=\"font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem\">{body}</body></html>"
    );
    (status, [(http::header::CACHE_CONTROL, "no-store")], Html(page)).into_response()
}

fn notifications_html(sent: &[SentNotification]) -> String {
    if sent.is_empty() {
        return String::new();
    }
    let items: String = sent
        .iter()
        .map(|n| {
            let outcome = match &n.outcome {
                None => "under way".to_string(),
                Some(Ok(status)) => format!("HTTP {status}"),
                Some(Err(error)) => format!("not delivered: {error}"),
            };
            format!("<li><code>POST {}</code> → {}</li>", text(&n.url), text(&outcome))
        })
        .collect();
    format!("<h2>Notifications sent to the shop</h2><ul data-testid=\"dev-gateway-notifications\">{items}</ul>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::gateways::Money;

    #[test]
    fn decisions_are_named() {
        assert_eq!(Decision::parse("approve"), Some(Decision::Approve { notify: true }));
        assert_eq!(Decision::parse("approve-silent"), Some(Decision::Approve { notify: false }));
        assert_eq!(Decision::parse("decline"), Some(Decision::Decline));
        assert_eq!(Decision::parse("abandon"), Some(Decision::Abandon));
        assert_eq!(Decision::parse("pay"), None);
        assert!(plain_id(&super::super::random_hex(16)));
        assert!(!plain_id("../x"));
        assert!(!plain_id(&"A".repeat(32)));
    }

    #[tokio::test]
    async fn every_value_on_the_page_is_escaped() {
        let mut payment = DevPayment::new(
            Vendor::Upay,
            15,
            "UP1".into(),
            "P<1>".into(),
            Money::usd(1250),
            "/payment?a=1&b=\"2\"".into(),
            "/payment".into(),
            0,
        );
        payment.description = "<script>alert(1)</script>".into();
        payment.notifications.push(SentNotification {
            url: "/api/notice/pay/15?<x>".into(),
            headers: Vec::new(),
            body: Vec::new(),
            outcome: Some(Err("<b>".into())),
        });
        let response = render(&payment, 0, "", StatusCode::OK, Some("<i>note</i>"));
        assert_eq!(response.headers()[http::header::CACHE_CONTROL], "no-store");
        let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        let html = String::from_utf8(body.to_vec()).unwrap();
        assert!(html.contains("Development payment gateway — no real money"));
        assert!(html.contains("12.50 USD"));
        assert!(html.contains("P&lt;1&gt;"));
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<i>note"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
        assert!(html.contains("data-testid=\"dev-gateway-approve\""));
        payment.set_stage(Stage::Paid);
        let response = render(&payment, 0, "", StatusCode::OK, None);
        let html =
            String::from_utf8(axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap().to_vec()).unwrap();
        assert!(!html.contains("dev-gateway-approve"), "no buttons once decided");
        assert!(html.contains("href=\"/payment?a=1&amp;b=&quot;2&quot;\""), "{html}");
    }
}
