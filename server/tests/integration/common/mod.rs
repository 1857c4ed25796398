//! Test harness: every test runs against a fresh SQLite database (a temporary file) and, when
//! `MALL_TEST_POSTGRES_URL` is set (e.g. `postgres://mall:mall@127.0.0.1:5432/mall_test`),
//! also against a fresh PostgreSQL database created for the test (a copy of one migrated
//! template) and dropped afterwards.
//! Requests go through `server::routes::api_router` in-process with `tower::ServiceExt::oneshot`.

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use server::config::Config;
use server::db::{Backend, Db};
use server::demo::seed::{self, SeedOptions};
use server::AppState;
use sqlx::Connection;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tower::ServiceExt;

mod databases;
mod fixtures;

pub use databases::*;
pub use fixtures::*;

/// Products seeded for API tests.
pub const TEST_PRODUCTS: usize = 200;

/// One backend under test.
pub struct TestApp {
    pub state: AppState,
    pub backend: Backend,
    router: Router,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

/// A form body's content type.
pub const FORM: &str = "application/x-www-form-urlencoded";
/// A form body's content type as browsers send it (what [`TestApp::post_form`] sends).
pub const FORM_UTF8: &str = "application/x-www-form-urlencoded;charset=UTF-8";

/// A request with `method`, a content type (none when empty), a body and more headers: the one
/// builder behind the shortcuts, for the tests that vary what the shortcuts fix.
pub fn request(
    method: &str,
    uri: &str,
    content_type: &str,
    body: impl Into<Body>,
    headers: &[(&str, &str)],
) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(uri);
    if !content_type.is_empty() {
        request = request.header("content-type", content_type);
    }
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    request.body(body.into()).expect("a valid request")
}

/// A decoded answer.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub json: Value,
}

impl Answer {
    pub fn code(&self) -> &str {
        self.json["code"].as_str().unwrap_or_default()
    }

    /// Asserts a successful envelope and returns its data.
    pub fn ok(&self, what: &str) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "{what}: {}", self.json);
        assert_eq!(self.json["success"], true, "{what}: {}", self.json);
        assert_eq!(self.code(), "00000", "{what}: {}", self.json);
        &self.json["data"]
    }

    /// Asserts a successful sign-in and returns the session token it answered.
    pub fn access_token(&self, what: &str) -> String {
        self.ok(what)["accessToken"].as_str().unwrap_or_else(|| panic!("{what}: no token: {}", self.json)).to_string()
    }

    /// Asserts a bad-request envelope (`A00001`, HTTP 200, non-empty message) and returns the message.
    pub fn bad(&self, what: &str) -> String {
        assert_eq!(self.status, StatusCode::OK, "{what}: {}", self.json);
        self.failed("A00001", what)
    }

    /// Asserts a failed envelope with `code` and returns its message.
    pub fn failed(&self, code: &str, what: &str) -> String {
        assert_eq!(self.json["success"], false, "{what}: {}", self.json);
        assert_eq!(self.code(), code, "{what}: {}", self.json);
        assert!(self.json["data"].is_null(), "{what}: {}", self.json);
        let msg = self.json["msg"].as_str().unwrap_or_default().to_string();
        assert!(!msg.trim().is_empty(), "{what}: empty message");
        msg
    }
}

impl TestApp {
    pub fn label(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    /// The API router, for requests sent from other tasks (parallel bursts).
    pub fn router(&self) -> Router {
        self.router.clone()
    }

    /// Sends a request and decodes the JSON envelope.
    pub async fn send(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.expect("router answers");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), 4 << 20).await.expect("body");
        let json: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("not JSON ({status}): {}", String::from_utf8_lossy(&bytes)));
        assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{json}");
        assert_ne!(json["code"], "A00005", "internal error: {json}");
        Answer { status, headers, json }
    }

    pub async fn get(&self, uri: &str) -> Answer {
        self.get_with(uri, &[]).await
    }

    pub async fn get_with(&self, uri: &str, headers: &[(&str, &str)]) -> Answer {
        let uri = format!("/{}", uri.trim_start_matches('/'));
        self.send(request("GET", &uri, "", Body::empty(), headers)).await
    }

    /// GETs `uri` and asserts a successful envelope; returns its data (most reads of the domain tests).
    pub async fn get_ok(&self, uri: &str, what: &str) -> Value {
        self.get(uri).await.ok(what).clone()
    }

    /// GETs `uri` and asserts a successful envelope whose data is a list; returns the list.
    pub async fn get_list(&self, uri: &str, what: &str) -> Vec<Value> {
        self.get(uri).await.ok(what).as_array().unwrap_or_else(|| panic!("{what}: a list expected")).clone()
    }

    /// GETs a paged list and asserts its envelope and the page's keys; returns the page.
    pub async fn get_page(&self, uri: &str, what: &str) -> Value {
        let page = self.get_ok(uri, what).await;
        assert_eq!(keys(&page), set(PAGE), "{what}");
        page
    }

    pub async fn post_json(&self, uri: &str, body: impl Into<Body>, headers: &[(&str, &str)]) -> Answer {
        self.send(request("POST", uri, "application/json", body, headers)).await
    }

    /// Posts a form the way the storefront's send-code buttons do.
    pub async fn post_form(&self, uri: &str, form: &str) -> Answer {
        self.send(request("POST", uri, FORM_UTF8, form.to_string(), &[])).await
    }

    /// A user with a live session; returns (user id, token).
    pub async fn signed_in_user(&self, nick: &str) -> (i64, String) {
        let user =
            server::accounts::sessions::create_user(&self.state.db, nick, Some(&format!("{nick}@example.com")), None)
                .await
                .expect("user");
        let token = server::accounts::sessions::create_session(&self.state.db, user).await.expect("session");
        (user, token)
    }

    pub async fn count(&self, sql: &str) -> i64 {
        let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&self.state.db.pool).await.expect(sql);
        n
    }

    /// The same database under a changed configuration (e.g. OAuth provider endpoints).
    pub fn reconfigure(mut self, change: impl FnOnce(&mut Config)) -> Self {
        let mut config = (*self.state.config).clone();
        change(&mut config);
        self.state.config = Arc::new(config);
        self.router = server::routes::api_router(self.state.clone());
        self
    }

    /// Closes the pool and removes the database.
    pub async fn finish(self) {
        self.state.db.pool.close().await;
        if let Cleanup::Postgres { admin_url, name } = self.cleanup {
            let _ = std::fs::remove_dir_all(std::env::temp_dir().join("mall-test-media").join(&name));
            let mut admin = sqlx::AnyConnection::connect(&admin_url).await.expect("postgres admin connection");
            // A background connection of another role can make FORCE fail; the database is
            // then left for the cluster's owner to remove, which does not affect other tests.
            if let Err(error) =
                sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut admin).await
            {
                eprintln!("could not drop test database {name}: {error}");
            }
            admin.close().await.ok();
        }
    }
}

// ---------------------------------------------------------------- shared by the domain tests

/// Sends `requests` all at once, each on a task of its own (a parallel burst, for the limits
/// that must hold under one), and returns each answer's envelope, in the order given. No
/// answer of a burst may be an internal error.
pub async fn burst(app: &TestApp, requests: Vec<Request<Body>>) -> Vec<Value> {
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|request| {
            let router = app.router();
            tokio::spawn(async move {
                let response = router.oneshot(request).await.expect("router answers");
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("body");
                let envelope: Value = serde_json::from_slice(&bytes).expect("an envelope");
                assert_ne!(envelope["code"], "A00005", "no internal error under a burst: {envelope}");
                envelope
            })
        })
        .collect();
    let mut envelopes = Vec::new();
    for task in tasks {
        envelopes.push(task.await.expect("task"));
    }
    envelopes
}

/// [`burst`], keeping each answer's code.
pub async fn burst_codes(app: &TestApp, requests: Vec<Request<Body>>) -> Vec<String> {
    burst(app, requests)
        .await
        .iter()
        .map(|envelope| envelope["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// A buyer's balance, in cents.
pub async fn balance_of(app: &TestApp, user: i64) -> i64 {
    app.count(&format!("SELECT balance FROM users WHERE user_id = {user}")).await
}

/// Every buyer's balance and points equal the sums of their ledgers.
pub async fn ledgers_balance(app: &TestApp, what: &str) {
    let off = app
        .count(
            "SELECT COUNT(*) FROM users u
             WHERE u.balance <> COALESCE((SELECT SUM(b.delta) FROM balance_record b WHERE b.user_id = u.user_id), 0)
                OR u.points <> COALESCE((SELECT SUM(p.delta) FROM points_record p WHERE p.user_id = u.user_id), 0)",
        )
        .await;
    assert_eq!(off, 0, "{what}: a ledger does not add up to what its buyer holds");
}

pub fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().unwrap_or_else(|| panic!("object expected: {value}")).keys().cloned().collect()
}

pub fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

pub fn now() -> i64 {
    server::db::Clock::default().now_millis()
}

pub async fn text(app: &TestApp, sql: &str) -> String {
    let (s,): (String,) = sqlx::query_as(sql).fetch_one(&app.state.db.pool).await.expect(sql);
    s
}

pub async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db.pool).await.expect(sql);
}

/// The `Cookie` of a session token, as a browser sends it to the site's pages and forms.
pub fn session_cookie(token: &str) -> String {
    format!("token={token}")
}

/// The `authorization` header of a session token.
pub fn auth(token: &str) -> [(&str, &str); 1] {
    [("authorization", token)]
}
