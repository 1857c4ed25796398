//! `POST /login/password`: the `/login` page's sign-in as a plain form (works before any
//! script has loaded, and with scripts off). Signed in, the buyer goes on to the page the
//! sign-in was asked for (`redirect`, a path of this site); refused, back to `/login` with
//! the API's message.

use crate::accounts::handlers::{check_password_sign_in, new_session};
use crate::http::client::RequestInfo;
use crate::http::forms::{login_page, refused, see_other, with_cookie, FormFields};
use crate::state::AppState;
use api::account::LoginRequest;
use api::forms::FIELD_REDIRECT;
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
    match signed_in {
        Ok(token) => {
            with_cookie(see_other(&then, None, info.https), &crate::accounts::session_cookie(&token, info.https))
        }
        Err(error) => refused(error, &login_page(&then), info.https),
    }
}
