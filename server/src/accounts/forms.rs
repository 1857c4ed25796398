//! The `/login` page's sign-in as plain forms (they work before any script has loaded, and
//! with scripts off): `POST /login/password`, and by one-time code `POST /login/code/send`
//! then `POST /login/code`. Signed in, the buyer goes on to the page the sign-in was asked for
//! (`redirect`, a path of this site); refused, back to `/login` with the API's message.

use crate::accounts::handlers::{check_code_sign_in, check_password_sign_in, new_session, send_sign_in_code};
use crate::accounts::rules::Identifier;
use crate::http::client::RequestInfo;
use crate::http::error::ApiError;
use crate::http::forms::{login_page, refused, see_other, with_cookie, FormFields};
use crate::refusal::Refusal;
use crate::state::AppState;
use api::account::LoginRequest;
use api::forms::{Flash, FIELD_ACCOUNT, FIELD_REDIRECT};
use axum::extract::State;
use axum::response::Response;

/// Fields: `userName`, `passWord` and `redirect`.
pub(super) async fn password(State(state): State<AppState>, info: RequestInfo, form: FormFields) -> Response {
    let then = api::forms::back_to(form.get(FIELD_REDIRECT));
    let request = LoginRequest {
        user_name: form.get("userName").unwrap_or_default().to_string(),
        pass_word: form.get("passWord").unwrap_or_default().to_string(),
    };
    let signed_in = match check_password_sign_in(&state, &info, &request).await {
        Ok(user_id) => new_session(&state, &info, user_id).await,
        Err(error) => Err(error),
    };
    answer(signed_in, &then, &login_page(&then), &info)
}

/// The buyer goes on to `then` with a new session, or back to `login` with the refusal.
fn answer(signed_in: Result<String, ApiError>, then: &str, login: &str, info: &RequestInfo) -> Response {
    match signed_in {
        Ok(token) => {
            with_cookie(see_other(then, None, info.https), &crate::accounts::session_cookie(&token, info.https))
        }
        Err(error) => refused(error, login, info.https),
    }
}

/// The account of the code form: an e-mail, or a phone number read by the one phone rule
/// ([`Identifier::mobile`]).
fn identifier(form: &FormFields) -> Result<Identifier, Refusal> {
    let account = form.get(FIELD_ACCOUNT).unwrap_or_default().trim();
    if account.contains('@') {
        Identifier::from_pair(Some(account), None)
    } else {
        Identifier::from_pair(None, Some(account))
    }
}

/// `/login` with the code form's account filled in.
fn code_page(then: &str, form: &FormFields) -> String {
    let account = form.get(FIELD_ACCOUNT).unwrap_or_default().trim();
    format!("{}&{FIELD_ACCOUNT}={}", login_page(then), api::url::encode(account))
}

/// Fields: `account` and `redirect`; back to the form with 'The code has been sent'.
pub(super) async fn send_code(State(state): State<AppState>, info: RequestInfo, form: FormFields) -> Response {
    let then = api::forms::back_to(form.get(FIELD_REDIRECT));
    let here = code_page(&then, &form);
    let sent = match identifier(&form) {
        Ok(id) => send_sign_in_code(&state, &info, &id).await,
        Err(error) => Err(error.into()),
    };
    match sent {
        Ok(()) => see_other(&here, Some(Flash::success("login-code-sent")), info.https),
        Err(error) => refused(error, &here, info.https),
    }
}

/// Fields: `account`, `code` and `redirect`.
pub(super) async fn code(State(state): State<AppState>, info: RequestInfo, form: FormFields) -> Response {
    let then = api::forms::back_to(form.get(FIELD_REDIRECT));
    let signed_in = match identifier(&form) {
        Ok(id) => match check_code_sign_in(&state, &info, &id, form.get("code").unwrap_or_default().trim()).await {
            Ok(user_id) => new_session(&state, &info, user_id).await,
            Err(error) => Err(error),
        },
        Err(error) => Err(error.into()),
    };
    answer(signed_in, &then, &code_page(&then, &form), &info)
}
