//! Accounts on every backend: sign-up and sign-in by password and one-time codes, counted and
//! limited failures, single-use expiring codes, the session cookie, CSRF, profile isolation,
//! malformed payloads, sign-out, password recovery, and the OAuth2 flow against a fake
//! provider running on loopback.

use crate::common;

use axum::body::Body;
use axum::http::Request;
use common::{mailbox_code, request, urlencode, Answer, TestApp, FORM, PASSWORD};
use serde_json::{json, Value};
use server::config::OAuthProvider;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod oauth;
mod sign_in;

fn set_cookie(answer: &Answer) -> String {
    answer.headers.get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

async fn post(app: &TestApp, uri: &str, body: Value) -> Answer {
    app.post_json(uri, body.to_string(), &[]).await
}

async fn post_with(app: &TestApp, uri: &str, body: Value, headers: &[(&str, &str)]) -> Answer {
    app.post_json(uri, body.to_string(), headers).await
}

async fn put(app: &TestApp, uri: &str, body: Value) -> Answer {
    app.send(request("PUT", uri, "application/json", body.to_string(), &[])).await
}

async fn send_login_code(app: &TestApp, form: &str) -> Answer {
    app.post_form("/sms/sendLoginCode", form).await
}

/// Lets the resend interval pass (moves the test's clock).
async fn age_codes(app: &TestApp, _identifier: &str) {
    app.state.db.clock.advance(61_000);
}

/// Signs in at `path` (`/login`, `/mailLogin`, `/mobileLogin`): every sign-in form posts the
/// account as `userName` and the password or code as `passWord`.
async fn sign_in(app: &TestApp, path: &str, user: &str, secret: &str) -> Answer {
    sign_in_with(app, path, user, secret, &[]).await
}

async fn sign_in_with(app: &TestApp, path: &str, user: &str, secret: &str, headers: &[(&str, &str)]) -> Answer {
    post_with(app, path, json!({"userName": user, "passWord": secret}), headers).await
}

async fn user_info(app: &TestApp, token: &str) -> Answer {
    app.get_with("/p/user/userInfo", &[("authorization", token)]).await
}

async fn counts(app: &TestApp) -> [i64; 5] {
    [
        app.count("SELECT COUNT(*) FROM users").await,
        app.count("SELECT COUNT(*) FROM sessions").await,
        app.count("SELECT COUNT(*) FROM one_time_codes").await,
        app.count("SELECT COUNT(*) FROM outbox").await,
        app.count("SELECT COUNT(*) FROM user_identities").await,
    ]
}
