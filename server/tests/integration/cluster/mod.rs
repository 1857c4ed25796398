//! The storefront as a cluster of stateless nodes: the readiness probe and the shared
//! development clock in-process (SQLite and PostgreSQL), then three real server processes
//! (`target/release/server`, as `make cluster` runs them) on one PostgreSQL database: a
//! session, a one-time code and the wrong-password limit across nodes, search staying in step,
//! and the jobs of three processes processing each item once under a moved clock.
//!
//! The process tests need `MALL_TEST_POSTGRES_URL` (SQLite is one process's file); without it
//! they print a note and pass, as the other PostgreSQL tests do.

use crate::common::{self, exec, order_from_silk_house, silk_house, urlencode, TestApp, PASSWORD};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use server::demo::seed::{self, SeedOptions};
use std::time::{Duration, Instant};
use tower::ServiceExt;

mod jobs;

// ---------------------------------------------------------------- in-process

async fn probe(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let router = server::web::node::router().with_state(app.state.clone());
    let response = router.oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.unwrap();
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

#[tokio::test]
async fn readiness_waits_for_the_search_index_and_names_the_node() {
    common::with_empty_apps(async |app, what| {
        let (status, body) = probe(app, "/health/ready").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {body}");
        assert_eq!(body["checks"], json!({"database": true, "migrations": true, "search": false}), "{what}");
        assert_eq!(body["node"], app.state.config.node_name, "{what}");
        let (status, _) = probe(app, "/health/live").await;
        assert_eq!(status, StatusCode::OK, "{what}: alive while not ready");

        app.state.search.rebuild(&app.state.db).await.expect("index");
        let (status, body) = probe(app, "/health/ready").await;
        assert_eq!(status, StatusCode::OK, "{what}: {body}");
        assert_eq!(body["status"], "UP", "{what}");

        // A migration this build does not find applied (a half-upgraded database): not ready.
        exec(app, "DELETE FROM _sqlx_migrations WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)").await;
        let (status, body) = probe(app, "/health/ready").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {body}");
        assert_eq!(body["checks"]["migrations"], false, "{what}");
    })
    .await;
}

#[tokio::test]
async fn the_development_clock_moved_on_one_node_moves_every_node_s_clock() {
    common::with_empty_apps(async |app, what| {
        // A second node on the same database: its own handle, its own clock.
        let other = server::db::Db::connect(&app.state.config.database_url).await.expect("second node");
        let before = other.now();
        app.post_json("/dev/clock", r#"{"advanceMs": 3600000}"#, &[]).await.ok(what);
        server::demo::dev_gateway::clock::sync_once(&other).await.expect("sync");
        assert!(other.now() - before >= 3_600_000, "{what}: the other node follows the moved clock");
        assert!(other.clock.offset_millis() >= 3_600_000, "{what}");
        // Following never moves a clock back.
        other.clock.advance(10_000);
        server::demo::dev_gateway::clock::sync_once(&other).await.expect("sync");
        assert!(other.clock.offset_millis() >= 3_610_000, "{what}");
        // The moving node is in step with the shared offset too.
        assert_eq!(app.state.db.clock.offset_millis(), 3_600_000, "{what}");
        other.pool.close().await;
    })
    .await;
}

#[test]
fn the_node_name_is_the_explicit_one_else_host_and_port_else_the_address() {
    use server::config::node_name;
    let addr: std::net::SocketAddr = "127.0.0.1:3401".parse().unwrap();
    assert_eq!(node_name(Some(" node-1 "), Some("web"), addr), "node-1");
    assert_eq!(node_name(None, Some("web"), addr), "web:3401");
    assert_eq!(node_name(Some(""), Some("web\n"), addr), "web:3401");
    // Not a header value (a space, a control character, too long): ignored.
    assert_eq!(node_name(Some("node 1"), None, addr), "127.0.0.1:3401");
    assert_eq!(node_name(Some(&"n".repeat(65)), Some("bad host"), addr), "127.0.0.1:3401");
    assert_eq!(node_name(Some("节点"), None, addr), "127.0.0.1:3401");
}

#[tokio::test]
async fn every_answer_carries_the_node_s_name_even_a_missing_page() {
    use server::web::node::{served_by, served_by_value, SERVED_BY};
    let app = axum::Router::new()
        .route("/x", axum::routing::get(|| async { "x" }))
        .layer(axum::middleware::from_fn_with_state(served_by_value("node-2"), served_by));
    for (path, status) in [("/x", StatusCode::OK), ("/nothing", StatusCode::NOT_FOUND)] {
        let response = app.clone().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), status);
        assert_eq!(response.headers().get(SERVED_BY).unwrap(), "node-2", "{path}");
    }
}

// ---------------------------------------------------------------- three processes

/// Three `server` processes on one PostgreSQL database, each on a loopback port of its own.
struct Cluster {
    app: TestApp,
    nodes: Vec<Node>,
    http: reqwest::Client,
    _media: tempfile::TempDir,
}

struct Node {
    base: String,
    name: String,
    _process: Process,
}

/// A child process, ended (SIGKILL) and reaped when dropped, so a failed test leaves none.
struct Process(std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Reply {
    node: String,
    json: Value,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().unwrap().port()
}

impl Cluster {
    /// A fresh PostgreSQL database seeded with the small catalog and a shop to order from,
    /// and three nodes serving it, each ready (its probe answered 200); `None` without PostgreSQL.
    async fn start() -> Option<Cluster> {
        let Some(app) = common::postgres().await else {
            eprintln!("note: MALL_TEST_POSTGRES_URL is unset; the three-process cluster tests are skipped");
            return None;
        };
        seed::seed(&app.state.db, SeedOptions { products: common::TEST_PRODUCTS, buyers: false }).await.expect("seed");
        silk_house(&app, 9100).await;
        let media = tempfile::tempdir().expect("media dir");
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf();
        let mut nodes = Vec::new();
        for i in 1..=3 {
            let port = free_port();
            let name = format!("node-{i}");
            let log = std::fs::File::create(media.path().join(format!("{name}.log"))).expect("log");
            let process = std::process::Command::new(env!("CARGO_BIN_EXE_server"))
                .current_dir(&root)
                .env("DATABASE_URL", &app.state.config.database_url)
                .env("LEPTOS_SITE_ADDR", format!("127.0.0.1:{port}"))
                .env("LEPTOS_SITE_ROOT", "target/site")
                .env("LEPTOS_OUTPUT_NAME", "mall")
                .env("MALL_DEV", "1")
                .env("MALL_NODE_NAME", &name)
                .env("MALL_MEDIA_DIR", media.path())
                .env("RUST_LOG", "warn")
                .env_remove("MALL_BENCH")
                .stdout(log.try_clone().expect("log"))
                .stderr(log)
                .spawn()
                .expect("start a server process");
            nodes.push(Node { base: format!("http://127.0.0.1:{port}"), name, _process: Process(process) });
        }
        let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("client");
        let cluster = Cluster { app, nodes, http, _media: media };
        for node in &cluster.nodes {
            let deadline = Instant::now() + Duration::from_secs(90);
            loop {
                let ready = cluster.http.get(format!("{}/health/ready", node.base)).send().await;
                if ready.is_ok_and(|r| r.status() == 200) {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "{} not ready in 90 s (log: {:?})",
                    node.name,
                    cluster._media.path()
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        Some(cluster)
    }

    /// Sends a request to node `i` (of 0..3) under `/api`; the answer's envelope and the node
    /// that answered (its `X-Served-By`).
    async fn call(
        &self,
        i: usize,
        method: &str,
        path: &str,
        body: Option<(&str, String)>,
        token: Option<&str>,
    ) -> Reply {
        call(&self.http, &self.nodes[i % 3].base, method, path, body, token).await
    }

    async fn get(&self, i: usize, path: &str, token: Option<&str>) -> Reply {
        self.call(i, "GET", path, None, token).await
    }

    async fn post_json(&self, i: usize, path: &str, body: Value, token: Option<&str>) -> Reply {
        self.call(i, "POST", path, Some(("application/json", body.to_string())), token).await
    }

    /// Moves the shared development clock `ms` forward, then has every node run all its jobs
    /// at once at that time (`POST /dev/clock` on each); their answers, each a success.
    async fn run_jobs_everywhere_after(&self, ms: i64) -> Vec<Value> {
        exec(&self.app, &format!("UPDATE dev_clock SET offset_ms = offset_ms + {ms}")).await;
        let tasks: Vec<_> = self
            .nodes
            .iter()
            .map(|node| {
                let (http, base) = (self.http.clone(), node.base.clone());
                tokio::spawn(async move {
                    let body = Some(("application/json", r#"{"advanceMs": 1}"#.to_string()));
                    call(&http, &base, "POST", "/dev/clock", body, None).await.json
                })
            })
            .collect();
        let mut answers = Vec::new();
        for task in tasks {
            let answer = task.await.unwrap();
            assert_eq!(answer["success"], true, "{answer}");
            answers.push(answer);
        }
        answers
    }

    async fn finish(self) {
        drop(self.nodes);
        self.app.finish().await;
    }
}

async fn call(
    http: &reqwest::Client,
    base: &str,
    method: &str,
    path: &str,
    body: Option<(&str, String)>,
    token: Option<&str>,
) -> Reply {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = http.request(method, format!("{base}/api{path}"));
    if let Some((content_type, body)) = body {
        request = request.header("content-type", content_type).body(body);
    }
    if let Some(token) = token {
        request = request.header("authorization", token);
    }
    let response = request.send().await.unwrap_or_else(|e| panic!("{base}{path}: {e}"));
    let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
    let node = response.headers().get("x-served-by").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let bytes = response.bytes().await.expect("body");
    let json: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{path}: not JSON ({status}): {}", String::from_utf8_lossy(&bytes)));
    assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{path}: {json}");
    assert_ne!(json["code"], "A00005", "{path}: internal error: {json}");
    Reply { node, json }
}

impl Reply {
    fn ok(&self, what: &str) -> &Value {
        assert_eq!(self.json["success"], true, "{what}: {}", self.json);
        &self.json["data"]
    }
}

async fn mailbox_code(cluster: &Cluster, node: usize, to: &str) -> String {
    let reply = cluster.get(node, &format!("/dev/mailbox?to={}", urlencode(to)), None).await;
    reply.ok("mailbox")[0]["code"].as_str().expect("a code").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_session_a_code_and_the_password_limit_hold_whichever_node_answers() {
    let Some(cluster) = Cluster::start().await else { return };
    let mail = "roaming@example.com";

    // The code is sent through node 1, read on node 2 and used on node 3.
    let form = ("application/x-www-form-urlencoded", format!("mail={}", urlencode(mail)));
    let sent = cluster.call(0, "POST", "/sms/sendLoginCode", Some(form), None).await;
    sent.ok("send code");
    assert_eq!(sent.node, "node-1", "every answer names its node");
    let code = mailbox_code(&cluster, 1, mail).await;
    let signup = cluster
        .post_json(2, "/user/signup", json!({"mail": mail, "validCode": code, "password": PASSWORD}), None)
        .await;
    assert_eq!(signup.node, "node-3");
    let token = signup.ok("signup with a code sent through another node")["accessToken"].as_str().unwrap().to_string();

    // The session made on node 3 is known to nodes 1 and 2.
    for i in 0..3 {
        let info = cluster.get(i, "/p/user/userInfo", Some(&token)).await;
        assert_eq!(info.node, cluster.nodes[i].name);
        info.ok("the session on every node");
    }

    // A parallel burst of wrong passwords over the three nodes checks no more than the limit.
    let attempts = 39;
    let tasks: Vec<_> = (0..attempts)
        .map(|i| {
            let http = cluster.http.clone();
            let base = cluster.nodes[i % 3].base.clone();
            let body = json!({"userName": mail, "passWord": format!("Wrong#{i}x")}).to_string();
            tokio::spawn(async move {
                let reply = call(&http, &base, "POST", "/login", Some(("application/json", body)), None).await;
                (reply.node, reply.json["msg"].as_str().unwrap_or_default().to_string())
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    let nodes: std::collections::BTreeSet<_> = answers.iter().map(|(node, _)| node.clone()).collect();
    assert_eq!(nodes.len(), 3, "the burst went to three nodes");
    let checked = answers.iter().filter(|(_, msg)| msg.contains("Incorrect account or password")).count();
    let refused = answers.iter().filter(|(_, msg)| msg.contains("Too many failed attempts")).count();
    assert_eq!(checked + refused, attempts, "{answers:?}");
    assert!(checked <= 5, "{checked} wrong passwords were checked over three nodes (limit 5)");
    let right = cluster.post_json(1, "/login", json!({"userName": mail, "passWord": PASSWORD}), None).await;
    assert!(right.json["msg"].as_str().unwrap_or_default().contains("Too many failed attempts"), "{}", right.json);

    cluster.finish().await;
}

/// Polls `query` on every node until `found(answer)` holds on all; the slowest node's lag.
async fn lag_until(cluster: &Cluster, path: &str, found: impl Fn(&Value) -> bool) -> Duration {
    let started = Instant::now();
    let mut pending: Vec<usize> = (0..3).collect();
    while !pending.is_empty() {
        assert!(started.elapsed() < Duration::from_secs(10), "{path}: nodes {pending:?} never caught up");
        let mut still = Vec::new();
        for &i in &pending {
            let reply = cluster.get(i, path, None).await;
            if !found(reply.ok(path)) {
                still.push(i);
            }
        }
        pending = still;
        if !pending.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    started.elapsed()
}

fn product_ids(page: &Value) -> Vec<i64> {
    page["records"][0]["products"]
        .as_array()
        .map(|p| p.iter().filter_map(|p| p["prodId"].as_i64()).collect())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_product_changed_through_one_node_is_found_on_every_node_within_two_seconds() {
    let Some(cluster) = Cluster::start().await else { return };
    let prod = 9100;
    let mut lags = Vec::new();
    for round in 0..5 {
        // A new name (as the sellers' centre writes it): found under it everywhere.
        let word = format!("zephyrlantern{round}");
        exec(&cluster.app, &format!("UPDATE product SET prod_name_en = 'Silk {word}' WHERE prod_id = {prod}")).await;
        let path = format!("/search/page?keyword={word}&current=1&size=10");
        lags.push(lag_until(&cluster, &path, |page| product_ids(page).contains(&prod)).await);
    }
    // Off the shelf: no longer found anywhere, in search or in the suggestions.
    exec(&cluster.app, &format!("UPDATE product SET status = 0 WHERE prod_id = {prod}")).await;
    let path = "/search/page?keyword=zephyrlantern4&current=1&size=10";
    lags.push(lag_until(&cluster, path, |page| !product_ids(page).contains(&prod)).await);
    let suggest = "/search/suggestions?keyword=zephyrlantern4";
    lags.push(lag_until(&cluster, suggest, |answer| !answer.to_string().contains("zephyrlantern4")).await);
    let max = lags.iter().max().unwrap();
    eprintln!("search lag across three nodes: {lags:?}");
    assert!(*max < Duration::from_secs(2), "a change took {max:?} to reach every node (promise: 2 s)");
    cluster.finish().await;
}
