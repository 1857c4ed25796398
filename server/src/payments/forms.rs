//! The payments' plain forms, each calling its JSON handler:
//!
//! - `POST /order/pay`: the checkout counter's Pay Now (`/p/order/pay`). The balance asks for
//!   the payment password first: without `payPassword` the answer is the counter with its
//!   password step (`&payType=9`). A settled payment (the balance, points) returns to the
//!   counter, which then shows the orders paid; a gateway's redirect goes on to the gateway. A
//!   refusal (a wrong password, a short balance) returns to the form's page with the API's
//!   message, marked for the password's field when the balance was paid (`FLASH_AT`). A
//!   gateway's other steps (a QR code, its form to post) are the counter's script's, which takes
//!   them as it loads (`?payNo=…&gateway=1`).
//! - `POST /user/pay-password`: the counter's first payment password (`/p/user/payPassword`),
//!   typed twice; then back to the counter, which asks for it. A refusal returns marked for the
//!   password's field, nothing set.
//! - `POST /balance/recharge`: My Balance's top-up (`/p/balance/recharge`): a gateway's
//!   redirect goes on to the gateway; its other steps (a QR code, a form to post) are the
//!   checkout counter's, which takes them as it loads (`?payNo=…&gateway=1`). A bad amount or
//!   no method returns to the page with the message, nothing started.

use crate::http::error::{answer_data, ApiError};
use crate::http::extract::ApiJson;
use crate::http::forms::{Done, FormAction};
use crate::payments::{handlers, pay_password};
use crate::state::AppState;
use api::config::pay_type;
use api::forms::{Flash, FIELD_PAY_PASSWORD, FLASH_AT, TYPED_AMOUNT};
use api::payments::{pay_action, PayParam, PayPasswordParam, PayResult, RechargeParam};
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
            let paid = answer_data(handlers::pay(user, State(state), ApiJson(param)).await);
            let result = if code == pay_type::BALANCEPAY { paid.map_err(at_password)? } else { paid? };
            // A gateway that pays on its own page: the buyer goes on there; its other steps
            // are the counter's, given the attempt.
            gateway = result.as_ref().and_then(gateway_page);
            match result.filter(|r| gateway.is_none() && r.action.is_some()) {
                Some(step) => Ok(Done::to(attempt_counter(&step.pay_no), None)),
                None => Ok(Done::to(counter, None)),
            }
        })
        .await;
    to_gateway_or(gateway, answer)
}

/// Fields: `payPassword`, `payPasswordAgain`, `password` (the sign-in password), `back` (the
/// counter asking for the payment password). The two typed the same, then the JSON handler's
/// rules: 6 digits, the sign-in password when the account has one, its tries counted.
pub(super) async fn set_pay_password(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, _| {
            let pay_password = form.get(FIELD_PAY_PASSWORD).unwrap_or_default().to_string();
            if form.get("payPasswordAgain").unwrap_or_default() != pay_password {
                return Err(at_password(ApiError::bad("payment-password-mismatch")));
            }
            let param =
                PayPasswordParam { pay_password, password: form.get("password").unwrap_or_default().to_string() };
            answer_data(pay_password::set_pay_password(user, State(state), ApiJson(param)).await)
                .map_err(at_password)?;
            Ok(Some(Flash::success("payment-password-set")))
        })
        .await
}

/// A refusal shown under the counter dialog's password field instead of as a toast.
fn at_password(error: ApiError) -> ApiError {
    match error {
        ApiError::BadRequest { key, mut args } => {
            args.push((FLASH_AT, FIELD_PAY_PASSWORD.to_string()));
            ApiError::BadRequest { key, args }
        }
        other => other,
    }
}

/// The counter taking the pending attempt `pay_no`'s gateway step as it loads.
fn attempt_counter(pay_no: &str) -> String {
    format!("/payment?payNo={}&{}=1", api::url::encode(pay_no), api::forms::GATEWAY_QUERY)
}

/// `back` with the amount as typed in its query (`amount`, replacing one a refusal put there
/// before); `back` alone when the result is not an address the redirect rule follows.
fn with_typed_amount(back: &str, typed: &str) -> String {
    let (path, query) = back.split_once('?').unwrap_or((back, ""));
    let mut pairs: Vec<String> = query
        .split('&')
        .filter(|pair| !pair.is_empty() && pair.split('=').next() != Some(TYPED_AMOUNT))
        .map(str::to_string)
        .collect();
    pairs.push(format!("{TYPED_AMOUNT}={}", api::url::encode(typed)));
    let to = format!("{path}?{}", pairs.join("&"));
    if api::redirect::safe_redirect(&to).is_some() {
        to
    } else {
        back.to_string()
    }
}

/// The gateway's own page when its answer sends the browser there (`https://`, or the
/// development gateway's path).
fn gateway_page(result: &PayResult) -> Option<String> {
    result
        .action
        .as_ref()
        .filter(|a| a.kind == pay_action::REDIRECT && (a.url.starts_with("https://") || a.url.starts_with('/')))
        .map(|a| a.url.clone())
}

/// `303` to the gateway's page (an address the gateway's answer gave, never the form's), or
/// the form's own answer.
fn to_gateway_or(gateway: Option<String>, answer: Response) -> Response {
    match gateway {
        Some(url) => (StatusCode::SEE_OTHER, [(header::LOCATION, url.as_str()), (header::CACHE_CONTROL, "no-store")])
            .into_response(),
        None => answer,
    }
}

/// Fields: `amount` (dollars as typed: "25", "25.50"), `payType`, `currency`, `back`. The
/// amount is read by the top-up's rule (`api::wallet::typed_dollars`); the JSON handler then
/// checks 0.01 to 100000 and an online method that is on. Then the gateway's page, or the
/// counter taking the gateway's step. A refusal returns to the page with the amount as typed
/// in its query (`api::forms::TYPED_AMOUNT`), so the buyer corrects it instead of typing it
/// again.
pub(super) async fn top_up(State(state): State<AppState>, action: FormAction) -> Response {
    let mut gateway = None;
    let answer = action
        .signed_in_then(async |user, form, _| {
            let started = async {
                let amount =
                    api::wallet::typed_dollars(form.get("amount").unwrap_or_default()).map_err(ApiError::bad)?;
                let Some(code) = form.number("payType").and_then(|c| i32::try_from(c).ok()) else {
                    return Err(ApiError::bad("wallet-top-up-no-method"));
                };
                let currency = form.get("currency").unwrap_or_default().to_string();
                let param = RechargeParam { amount, pay_type: code, currency };
                answer_data(handlers::recharge(user, State(state), ApiJson(param)).await)?
                    .ok_or_else(|| ApiError::Internal("a top-up without its attempt".into()))
            }
            .await;
            let result = match started {
                Ok(result) => result,
                Err(ApiError::BadRequest { key, args }) => {
                    let to = with_typed_amount(&form.back(), form.get("amount").unwrap_or_default());
                    let args = args.into_iter().map(|(name, value)| (name.to_string(), value)).collect();
                    let flash = Flash::error(key, args);
                    let flash = if flash.encode().is_some() { flash } else { Flash::error(key, Vec::new()) };
                    return Ok(Done::to(to, Some(flash)));
                }
                Err(error) => return Err(error),
            };
            gateway = gateway_page(&result);
            Ok(Done::to(attempt_counter(&result.pay_no), None))
        })
        .await;
    to_gateway_or(gateway, answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_amount_returns_as_typed_once() {
        assert_eq!(with_typed_amount("/user-center/uc-balance", "12.345"), "/user-center/uc-balance?amount=12.345");
        assert_eq!(
            with_typed_amount("/user-center/uc-balance?lang=km&amount=1", "abc"),
            "/user-center/uc-balance?lang=km&amount=abc"
        );
        assert_eq!(with_typed_amount("/user-center/uc-balance", "5 $"), "/user-center/uc-balance?amount=5%20%24");
    }
}
