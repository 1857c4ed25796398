//! `POST /order/pay`: the checkout counter's Pay Now as a plain form, calling the JSON handler
//! (`/p/order/pay`). The balance asks for the payment password first: without `payPassword`
//! the answer is the counter with its password step (`&payType=9`). A settled payment (the
//! balance, points) returns to the counter, which then shows the orders paid; a gateway's
//! redirect goes on to the gateway. A refusal (a wrong password, a short balance) returns to
//! the form's page with the API's message.

use crate::http::error::answer_data;
use crate::http::extract::ApiJson;
use crate::http::forms::{Done, FormAction};
use crate::payments::handlers;
use crate::state::AppState;
use api::config::pay_type;
use api::payments::{pay_action, PayParam};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Fields: `orderNumbers`, `payType`, `payPassword` (the balance), `currency`, `back`.
pub(super) async fn pay(State(state): State<AppState>, action: FormAction) -> Response {
    let mut gateway = None;
    let answer = action
        .signed_in_then(async |user, form, _| {
            let numbers = form.get("orderNumbers").unwrap_or_default().trim().to_string();
            let counter = format!("/payment?orderNumbers={}", api::url::encode(&numbers));
            let code = form.number("payType").and_then(|c| i32::try_from(c).ok()).unwrap_or(-1);
            let password = form.get("payPassword");
            if code == pay_type::BALANCEPAY && password.is_none() {
                return Ok(Done::to(format!("{counter}&payType={code}"), None));
            }
            let param = PayParam {
                order_numbers: numbers,
                pay_type: code,
                pay_password: password.unwrap_or_default().to_string(),
                currency: form.get("currency").unwrap_or_default().to_string(),
            };
            let result = answer_data(handlers::pay(user, State(state), ApiJson(param)).await)?;
            // A gateway that pays on its own page: the buyer goes on there.
            gateway = result
                .and_then(|r| r.action)
                .filter(|a| a.kind == pay_action::REDIRECT && (a.url.starts_with("https://") || a.url.starts_with('/')))
                .map(|a| a.url);
            Ok(Done::to(counter, None))
        })
        .await;
    match gateway {
        // The gateway's own page (an address the gateway's answer gave, never the form's).
        Some(url) => (StatusCode::SEE_OTHER, [(header::LOCATION, url.as_str()), (header::CACHE_CONTROL, "no-store")])
            .into_response(),
        None => answer,
    }
}
