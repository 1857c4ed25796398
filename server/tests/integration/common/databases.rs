//! The databases under test: a SQLite file per test, and a PostgreSQL database per test copied
//! from one migrated template, each seeded as the test asks.

use super::*;

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
