//! `GET /logout`, the sign-out link of the header dropdown: ends the session, clears the
//! cookie and goes to `/index` (spec section 4, "Login success").

use crate::accounts;
use crate::http::auth::request_token;
use crate::http::client::is_https;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

pub fn router(state: AppState) -> Router {
    Router::new().route("/logout", get(logout)).with_state(state)
}

async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Response {
    // A link on another site must not sign the buyer out.
    let cross_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) == Some("cross-site");
    let mut cookie = None;
    if !cross_site {
        if let Some(token) = request_token(&headers) {
            match crate::accounts::sessions::delete_session(&state.db, &token).await {
                Ok(Some(user_id)) => state.chat.sessions_ended(user_id).await,
                Ok(None) => {}
                Err(e) => tracing::error!(error = %e, "sign-out"),
            }
        }
        cookie = Some(accounts::clear_session_cookie(is_https(&headers)));
    }
    let mut response =
        (StatusCode::SEE_OTHER, [(header::LOCATION, "/index"), (header::CACHE_CONTROL, "no-store")]).into_response();
    if let Some(cookie) = cookie.and_then(|c| c.parse().ok()) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}
