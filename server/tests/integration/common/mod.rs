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

fn config(database_url: &str) -> Config {
    // The development mailbox and providers stand in for mail and sign-in services. Uploaded
    // pictures go beside a SQLite test database (its temporary folder); a PostgreSQL test
    // database gets a temporary folder of its own, removed by `finish`.
    let media_dir = database_url.starts_with("postgres").then(|| test_media_dir(database_url).display().to_string());
    Config { database_url: database_url.to_string(), dev_mode: true, media_dir, ..Config::from_env() }
}

/// The media folder of a PostgreSQL test database.
fn test_media_dir(database_url: &str) -> std::path::PathBuf {
    let name = database_url.rsplit('/').next().unwrap_or("mall").split('?').next().unwrap_or("mall");
    std::env::temp_dir().join("mall-test-media").join(name)
}

fn app(db: Db, url: &str, cleanup: Cleanup) -> TestApp {
    let state = AppState {
        db: db.clone(),
        config: Arc::new(config(url)),
        search: server::search::SearchIndex::default(),
        // Every online pay type against the development gateway, in-process.
        gateways: Arc::new(server::payments::config::Gateways::for_tests_dev()),
        chat: server::chat::Hub::new(db.clone(), url),
    };
    TestApp { router: server::routes::api_router(state.clone()), backend: db.backend, state, cleanup }
}

/// A fresh, migrated, empty SQLite database.
pub async fn sqlite() -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("mall.db").display());
    let db = Db::connect(&url).await.expect("sqlite connects");
    app(db, &url, Cleanup::Sqlite(dir))
}

/// A fresh, migrated, empty PostgreSQL database, when `MALL_TEST_POSTGRES_URL` is set.
pub async fn postgres() -> Option<TestApp> {
    let admin_url = std::env::var("MALL_TEST_POSTGRES_URL").ok().filter(|u| !u.trim().is_empty())?;
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let name = format!(
        "mall_t_{}_{}_{:08x}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst),
        rand::random::<u32>()
    );
    sqlx::any::install_default_drivers();
    let template = postgres_template(&admin_url).await;
    let mut admin = sqlx::AnyConnection::connect(&admin_url).await.expect("postgres admin connection");
    sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
        .execute(&mut admin)
        .await
        .expect("create test database");
    admin.close().await.ok();
    let url = database_url(&admin_url, &name);
    let db = Db::connect(&url).await.expect("postgres connects");
    Some(app(db, &url, Cleanup::Postgres { admin_url, name }))
}

/// `admin_url` with its database replaced by `name`.
fn database_url(admin_url: &str, name: &str) -> String {
    let base = admin_url.split('?').next().unwrap_or(admin_url);
    format!("{}/{name}", &base[..base.rfind('/').expect("database url has a path")])
}

/// The migrated database every PostgreSQL test database is copied from: the migrations run
/// once per schema, not once per test (they took about 0.4 s of each test's set-up), and the
/// copy is PostgreSQL's own `CREATE DATABASE ... TEMPLATE`. Its name is a digest of the
/// migrations, so a changed schema gets a template of its own; an advisory lock keeps two test
/// runs from building it at once, and it is built under a temporary name and renamed when
/// complete, so no test ever copies a half-migrated one.
async fn postgres_template(admin_url: &str) -> &'static str {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let name = format!("mall_template_{:016x}", migrations_digest());
            let building = format!("{name}_building");
            let mut admin = sqlx::AnyConnection::connect(admin_url).await.expect("postgres admin connection");
            sqlx::query("SELECT pg_advisory_lock(72612011)").execute(&mut admin).await.expect("template lock");
            let exists = sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1")
                .bind(&name)
                .fetch_optional(&mut admin)
                .await
                .expect("look for the template")
                .is_some();
            if !exists {
                // The templates of earlier schemas, and a build cut short, are of no more use.
                let stale: Vec<String> = sqlx::query_scalar(
                    "SELECT datname::text FROM pg_database WHERE datname LIKE 'mall!_template!_%' ESCAPE '!'",
                )
                .fetch_all(&mut admin)
                .await
                .expect("list the templates");
                for old in stale {
                    let _ =
                        sqlx::query(&format!("DROP DATABASE IF EXISTS {old} WITH (FORCE)")).execute(&mut admin).await;
                }
                sqlx::query(&format!("CREATE DATABASE {building}"))
                    .execute(&mut admin)
                    .await
                    .expect("create the template");
                let db = Db::connect(&database_url(admin_url, &building)).await.expect("migrate the template");
                db.pool.close().await;
                sqlx::query(&format!("ALTER DATABASE {building} RENAME TO {name}"))
                    .execute(&mut admin)
                    .await
                    .expect("name the template");
            }
            sqlx::query("SELECT pg_advisory_unlock(72612011)").execute(&mut admin).await.expect("template unlock");
            admin.close().await.ok();
            name
        })
        .await
}

/// A digest of the PostgreSQL migrations' files, names and contents.
fn migrations_digest() -> u64 {
    use std::hash::{Hash, Hasher};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("migrations folder").map(|entry| entry.expect("entry").path()).collect();
    files.sort();
    let mut hasher = std::hash::DefaultHasher::new();
    for file in files {
        file.file_name().hash(&mut hasher);
        std::fs::read(&file).expect("migration").hash(&mut hasher);
    }
    hasher.finish()
}

/// Every backend under test, empty.
pub async fn empty_apps() -> Vec<TestApp> {
    let mut apps = vec![sqlite().await];
    apps.extend(postgres().await);
    apps
}

/// Every backend under test, seeded with a small catalog.
pub async fn apps() -> Vec<TestApp> {
    let apps = empty_apps().await;
    for app in &apps {
        seed_small_catalog(app).await;
    }
    apps
}

/// Seeds the small catalog and builds its search index.
async fn seed_small_catalog(app: &TestApp) {
    seed::seed(&app.state.db, SeedOptions { products: TEST_PRODUCTS, buyers: false }).await.expect("seed");
    app.state.search.rebuild(&app.state.db).await.expect("search index");
}

/// SQLite seeded with the small catalog: for page tests, which render the same on every backend.
pub async fn seeded_sqlite() -> TestApp {
    let app = sqlite().await;
    seed_small_catalog(&app).await;
    app
}

/// Runs `test` on every backend seeded with the small catalog, then removes each database: the
/// loop, label and clean-up every domain test shares.
pub async fn with_seeded_apps(mut test: impl AsyncFnMut(&TestApp, &'static str)) {
    for app in apps().await {
        test(&app, app.label()).await;
        app.finish().await;
    }
}

/// Runs `test` on every backend with an empty database, then removes each database (as
/// [`with_seeded_apps`], for tests that seed or sign up what they need themselves).
pub async fn with_empty_apps(mut test: impl AsyncFnMut(&TestApp, &'static str)) {
    for app in empty_apps().await {
        test(&app, app.label()).await;
        app.finish().await;
    }
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

/// The `authorization` header of a session token.
pub fn auth(token: &str) -> [(&str, &str); 1] {
    [("authorization", token)]
}

/// A signed-in buyer with a default delivery address; returns (user id, token).
pub async fn buyer_with_address(app: &TestApp, nick: &str) -> (i64, String) {
    let (user, token) = app.signed_in_user(nick).await;
    exec(
        app,
        &format!(
            "INSERT INTO user_addr (user_id, receiver, mobile, post_code, addr, common_addr, created_at)
             VALUES ({user}, '{nick}', '012345678', '12000', 'No. 1, Street 2, Phnom Penh', 1, {})",
            now()
        ),
    )
    .await;
    (user, token)
}

/// Asserts `A00001` for every path, with a message in English and another one in Chinese.
pub async fn all_bad(app: &TestApp, paths: &[&str]) {
    for path in paths {
        let what = format!("{}: {path}", app.label());
        let en = app.get(path).await.bad(&what);
        let zh = app.get_with(path, &[("locale", "zh_CN")]).await.bad(&what);
        assert_ne!(en, zh, "{what}: the message is translated");
    }
}

pub async fn first_id(app: &TestApp, sql: &str) -> i64 {
    app.count(sql).await
}

pub const SHOP_CARD: &[&str] = &[
    "shopId",
    "shopName",
    "shopLogo",
    "shopStatus",
    "type",
    "shopFocusNumber",
    "fansCount",
    "soldNum",
    "rating",
    "intro",
];

pub const PAGE: &[&str] = &["records", "total", "current", "size", "pages"];

pub const CARD: &[&str] = &[
    "prodId",
    "prodName",
    "brief",
    "price",
    "oriPrice",
    "activityPrice",
    "activityInProgress",
    "pic",
    "imgs",
    "status",
    "prodType",
    "activityStatus",
    "soldNum",
    "totalStocks",
    "shopId",
    "shopName",
    "groupActivitySearchVO",
    "seckillId",
];

// ---------------------------------------------------------------- shared by the account tests

/// The password buyers are signed up with (it meets the registration rule).
pub const PASSWORD: &str = "Secret#2024";

/// `v` percent-encoded for a query string or a form.
pub fn urlencode(v: &str) -> String {
    serde_urlencoded::to_string([("x", v)]).unwrap()[2..].to_string()
}

/// The code of the newest message to `to` in the development mailbox.
pub async fn mailbox_code(app: &TestApp, to: &str) -> String {
    let answer = app.get(&format!("/dev/mailbox?to={}", urlencode(to))).await;
    let list = answer.ok("mailbox").as_array().expect("list").clone();
    let newest = list.first().unwrap_or_else(|| panic!("no message to {to}"));
    newest["code"].as_str().expect("a code in the message").to_string()
}

/// Signs up `mail` with [`PASSWORD`] through a mailed code, as a buyer does; returns the token.
pub async fn sign_up_by_mail(app: &TestApp, mail: &str) -> String {
    app.post_form("/sms/sendLoginCode", &format!("mail={}", urlencode(mail))).await.ok("send code");
    let code = mailbox_code(app, mail).await;
    let body = serde_json::json!({"mail": mail, "validCode": code, "password": PASSWORD});
    app.post_json("/user/signup", body.to_string(), &[]).await.access_token("signup")
}

/// The tries taken from the newest one-time code of `identifier`.
pub async fn code_attempts(app: &TestApp, identifier: &str) -> i64 {
    let (attempts,): (i64,) =
        sqlx::query_as("SELECT attempts FROM one_time_codes WHERE identifier = $1 ORDER BY code_id DESC LIMIT 1")
            .bind(identifier)
            .fetch_one(&app.state.db.pool)
            .await
            .expect("a one-time code");
    attempts
}

/// The whole application (`server::web::app`: SSR pages and the API) over `app`'s state, for
/// page tests.
pub fn site(app: &TestApp) -> Router {
    // Leptos's async rendering spawns onto tokio.
    let _ = any_spawner::Executor::init_tokio();
    let options = leptos::config::LeptosOptions::builder().output_name("mall").build();
    server::web::app(app.state.clone(), options)
}

/// `GET uri` from the whole application: status, headers and the page's HTML.
pub async fn page(router: &Router, uri: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap, String) {
    let mut request = Request::get(uri);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = router.clone().oneshot(request.body(Body::empty()).unwrap()).await.expect("answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 8 << 20).await.expect("body");
    (status, headers, String::from_utf8_lossy(&bytes).into_owned())
}

/// An open shop `shop_id` ('Silk House') selling two products named in three languages, each
/// with one SKU (`{prod}1`) at $20.00 and 1000 in stock: a scarf (`shop_id`) and a teapot
/// (`shop_id + 1`). The after-sales tests order from it.
pub async fn silk_house(app: &TestApp, shop_id: i64) {
    let now = now();
    let category = app.count("SELECT MIN(category_id) FROM category").await;
    exec(
        app,
        &format!(
            "INSERT INTO shop (shop_id, shop_name, shop_status, created_at) VALUES ({shop_id}, 'Silk House', 1, {now})"
        ),
    )
    .await;
    let products = [(shop_id, "Silk Scarf", "真丝围巾", "ក្រមាសូត្រ"), (shop_id + 1, "Clay Teapot", "紫砂壶", "កំសៀវដី")];
    for (prod, en, zh, km) in products {
        exec(
            app,
            &format!(
                "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price,
                     ori_price, status, total_stocks, created_at)
                 VALUES ({prod}, {shop_id}, {category}, '{en}', '{zh}', '{km}', 2000, 2000, 1, 1000, {now})"
            ),
        )
        .await;
        exec(
            app,
            &format!(
                "INSERT INTO sku (sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks)
                 VALUES ({prod}1, {prod}, 'Colour:Red', 'Colour:Red', 'Colour:Red', 2000, 2000, 1000)"
            ),
        )
        .await;
    }
}

/// Orders one of each of `prods` (products of [`silk_house`] `shop_id`) through the cart,
/// confirmation and submission, as a buyer does, and moves the order to `status`; its number.
pub async fn order_from_silk_house(
    app: &TestApp,
    shop_id: i64,
    (user, token): (i64, &str),
    prods: &[i64],
    status: i64,
) -> String {
    let mut baskets = Vec::new();
    for prod in prods {
        exec(
            app,
            &format!(
                "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
                 VALUES ({user}, {shop_id}, {prod}, {prod}1, 1, {})",
                now()
            ),
        )
        .await;
        baskets.push(
            app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user} AND sku_id = {prod}1")).await,
        );
    }
    let body = serde_json::json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": []});
    let confirmed = app.post_json("/p/order/confirm", body.to_string(), &auth(token)).await;
    let order_token = confirmed.ok("confirm")["orderToken"].clone();
    let body = serde_json::json!({"orderToken": order_token, "addrId": 0, "couponIds": [], "usePoints": 0});
    let submitted = app.post_json("/p/order/submit", body.to_string(), &auth(token)).await;
    let number = submitted.ok("submit")["orderNumbers"].as_str().expect("order numbers").to_string();
    exec(app, &format!("UPDATE orders SET status = {status} WHERE order_number = '{number}'")).await;
    number
}
