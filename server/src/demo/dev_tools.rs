//! Development tools of the API, served only when [`crate::config::Config::dev_mode`] is on
//! (`MALL_DEV=1`; otherwise the paths do not exist, see [`crate::routes::api_router`]):
//!
//! - `GET /dev/mailbox?to=` lists the newest outbox messages to an e-mail address or phone
//!   number (with the one-time code they carry), so that every sign-in flow can be completed
//!   without a mail server or SMS gateway;
//! - `/dev/oauth/authorize` is a stand-in OAuth2 provider for the social types that have no
//!   client id configured: a page to approve (as an account id of one's choice) or refuse,
//!   redirecting back with `code` and `state` like a real provider; the code exchange, with
//!   its PKCE check, happens in-process ([`exchange`]).

use crate::accounts::oauth::{pkce_challenge, Profile};
use crate::accounts::repo;
use crate::accounts::Identifier;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiQuery;
use crate::state::AppState;
use api::account::{MailboxMessage, MailboxQuery};
use api::paths;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

/// Messages listed, newest first.
const MAILBOX_SIZE: i64 = 20;

/// The development tools' endpoints; merged into the API only in development mode.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::DEV_MAILBOX, get(mailbox))
        .route(paths::DEV_OAUTH_AUTHORIZE, get(authorize_page).post(authorize_decision))
}

/// Where the development provider's authorization page lives (relative to the site).
pub const DEV_AUTHORIZE_PATH: &str = "/api/dev/oauth/authorize";

/// A code granted by the development provider.
struct DevGrant {
    challenge: String,
    redirect_uri: String,
    profile: Profile,
    granted: Instant,
}

/// Codes of the development provider (one process; development only).
static DEV_GRANTS: LazyLock<Mutex<HashMap<String, DevGrant>>> = LazyLock::new(Default::default);

/// Exchanges a development provider's code: right redirect URI and PKCE verifier, once,
/// within 10 minutes.
pub fn exchange(code: &str, redirect_uri: &str, verifier: &str) -> Result<Profile, String> {
    let mut grants = DEV_GRANTS.lock().map_err(|_| "poisoned".to_string())?;
    grants.retain(|_, g| g.granted.elapsed() < Duration::from_secs(600));
    let grant = grants.remove(code).ok_or("unknown code")?;
    if grant.redirect_uri != redirect_uri || pkce_challenge(verifier) != grant.challenge {
        return Err("redirect URI or PKCE verifier mismatch".into());
    }
    Ok(grant.profile)
}

fn escape(v: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(v)
}

/// The approval page: the request's parameters travel on as hidden fields.
async fn authorize_page(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    if !state.config.dev_mode {
        return Err(ApiError::NotFound);
    }
    let hidden: String = ["redirect_uri", "state", "code_challenge", "code_challenge_method", "client_id"]
        .iter()
        .map(|k| {
            format!(
                "<input type=\"hidden\" name=\"{k}\" value=\"{}\">",
                escape(q.get(*k).map(String::as_str).unwrap_or_default())
            )
        })
        .collect();
    let subject = format!("dev-{:08x}", rand::random::<u32>());
    Ok(Html(format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Development sign-in provider</title></head>\
         <body><h1>Development sign-in provider</h1><p>Stands in for {client} while no client id is configured.</p>\
         <form method=\"post\">{hidden}\
         <p><label>Account id <input name=\"subject\" data-testid=\"dev-oauth-subject\" value=\"{subject}\"></label></p>\
         <p><label>Name <input name=\"name\" data-testid=\"dev-oauth-name\" value=\"Dev User\"></label></p>\
         <p><label>E-mail <input name=\"email\" data-testid=\"dev-oauth-email\" value=\"\"></label></p>\
         <button name=\"decision\" value=\"approve\" data-testid=\"dev-oauth-approve\">Approve</button> \
         <button name=\"decision\" value=\"deny\" data-testid=\"dev-oauth-deny\">Deny</button></form></body></html>",
        client = escape(q.get("client_id").map(String::as_str).unwrap_or("the provider")),
    ))
    .into_response())
}

/// Approve or deny: back to the redirect URI with `code` and `state`, or `error`.
async fn authorize_decision(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    crate::http::extract::ApiForm(f): crate::http::extract::ApiForm<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    if !state.config.dev_mode {
        return Err(ApiError::NotFound);
    }
    let field = |k: &str| f.get(k).map(|v| v.trim().to_string()).unwrap_or_default();
    let redirect_uri = field("redirect_uri");
    // Like a real provider, it sends codes only to a registered redirect URI: this site's own
    // sign-in return pages.
    crate::accounts::oauth::check_callback_url(&redirect_uri, &headers)?;
    let sep = if redirect_uri.contains('?') { '&' } else { '?' };
    let oauth_state = field("state");
    if field("decision") != "approve" {
        let query = serde_urlencoded::to_string([("error", "access_denied"), ("state", oauth_state.as_str())])
            .unwrap_or_default();
        return Ok(Redirect::to(&format!("{redirect_uri}{sep}{query}")).into_response());
    }
    let subject = field("subject");
    if subject.is_empty() || field("code_challenge_method") != "S256" {
        return Err(ApiError::bad("error-invalid-params"));
    }
    let email = Some(field("email").to_lowercase()).filter(|e| crate::accounts::is_valid_email(e));
    let profile = Profile { subject, email, name: field("name").chars().take(15).collect(), pic: None };
    let code = crate::accounts::random_hex();
    let grant = DevGrant {
        challenge: field("code_challenge"),
        redirect_uri: redirect_uri.clone(),
        profile,
        granted: Instant::now(),
    };
    DEV_GRANTS.lock().map_err(|_| ApiError::Internal("poisoned".into()))?.insert(code.clone(), grant);
    let query =
        serde_urlencoded::to_string([("code", code.as_str()), ("state", oauth_state.as_str())]).unwrap_or_default();
    Ok(Redirect::to(&format!("{redirect_uri}{sep}{query}")).into_response())
}

/// The first run of exactly six digits in a message.
pub fn code_in(body: &str) -> Option<String> {
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i - start == 6 {
                return Some(body[start..i].to_string());
            }
        } else {
            i += 1;
        }
    }
    None
}

async fn mailbox(State(state): State<AppState>, ApiQuery(q): ApiQuery<MailboxQuery>) -> ApiResult<Vec<MailboxMessage>> {
    if !state.config.dev_mode {
        return Err(ApiError::NotFound);
    }
    let to = Identifier::parse(&q.to).map(|id| id.value().to_string()).unwrap_or_else(|_| q.to.trim().to_lowercase());
    let rows = repo::mailbox(&state.db, &to, MAILBOX_SIZE).await?;
    ok(rows
        .into_iter()
        .map(|m| MailboxMessage {
            id: m.message_id,
            code: code_in(&m.body),
            channel: m.channel,
            to: m.recipient,
            subject: m.subject,
            body: m.body,
            created_at: m.created_at,
            sent_at: m.sent_at,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_the_code() {
        assert_eq!(super::code_in("Your code is 012345. It expires in 10 minutes.").as_deref(), Some("012345"));
        assert_eq!(super::code_in("1234567 and 12"), None);
    }
}
