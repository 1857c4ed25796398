//! The user centre's profile, passwords and binding on every backend: each rule of spec section
//! 5 refused with its own translated message and nothing changed (nickname, the user-centre
//! password, the payment password); the avatar only a picture the buyer uploaded as one; a
//! password change ends every other session and keeps the current one; wrong current
//! passwords limited like sign-in even under a parallel burst; a first password and a new
//! payment password by a code to the bound address; e-mail and phone bound by a code to the new
//! address, another account's address "already registered"; third-party accounts bound through
//! the OAuth2 flow and unbound, never the last way to sign in; guests `A00004`.

use crate::common;
use crate::pictures;

use common::{mailbox_code, Answer, TestApp, PASSWORD};
use serde_json::{json, Value};
use tower::ServiceExt;

mod passwords;
mod profile;
mod profile_form;
mod social;

async fn call(app: &TestApp, method: &str, uri: &str, body: Value, token: &str) -> Answer {
    let headers: Vec<(&str, &str)> = if token.is_empty() { vec![] } else { vec![("authorization", token)] };
    app.send(common::request(method, uri, "application/json", body.to_string(), &headers)).await
}

async fn call_in(app: &TestApp, method: &str, uri: &str, body: Value, token: &str, locale: &str) -> Answer {
    let headers = [("authorization", token), ("locale", locale)];
    app.send(common::request(method, uri, "application/json", body.to_string(), &headers)).await
}

/// Asserts a refusal with a message in English and another in Chinese; returns the English one.
async fn refused(app: &TestApp, method: &str, uri: &str, body: Value, token: &str, what: &str) -> String {
    let en = call(app, method, uri, body.clone(), token).await.bad(what);
    let zh = call_in(app, method, uri, body, token, "zh_CN").await.bad(what);
    assert_ne!(en, zh, "{what}: the message is translated");
    en
}

async fn info(app: &TestApp, token: &str, what: &str) -> Value {
    call(app, "GET", api::paths::USER_ACCOUNT_INFO, Value::Null, token).await.ok(what).clone()
}

async fn sign_in(app: &TestApp, mail: &str, password: &str) -> Answer {
    call(app, "POST", api::paths::LOGIN, json!({"userName": mail, "passWord": password}), "").await
}

/// The message of a key in English (what a refusal must say).
fn en(key: &str) -> String {
    i18n::t(i18n::Lang::En, key)
}

/// The profile columns: what a refusal must leave alone.
async fn profile(app: &TestApp, user_id: i64) -> (String, Option<String>, Option<String>, Option<String>) {
    sqlx::query_as("SELECT nick_name, pic, user_mail, user_mobile FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn user_id_of(app: &TestApp, mail: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM users WHERE user_mail = $1")
        .bind(mail)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    id
}

/// Runs `test` on every backend with its own media folder.
async fn with_apps(mut test: impl AsyncFnMut(&TestApp, &'static str)) {
    for app in common::empty_apps().await {
        let dir = tempfile::tempdir().expect("temp dir");
        let media = dir.path().join("media");
        let app = app.reconfigure(|c| c.media_dir = Some(media.display().to_string()));
        let what = app.label();
        test(&app, what).await;
        app.finish().await;
    }
}
