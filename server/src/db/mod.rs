//! The database: one sqlx `AnyPool` over SQLite (embedded default) or PostgreSQL (scale-out),
//! the clock of the time-based rules, and the migrations per backend (`server/migrations/`).
//! The repositories live with their domains (`catalog/repo.rs`, `deals/repo.rs`, ...).
//!
//! Queries are written once with `$1`-style placeholders, which both backends accept. Money is
//! stored as integer cents, times as Unix milliseconds (`BIGINT`), booleans as `INTEGER` 0/1.

mod migrations;
pub mod paging;

/// Declares a struct read from a row by its fields' names as the columns' names: what sqlx's
/// `FromRow` derive does, without its procedural macro. With the derive, cargo builds sqlx,
/// SQLite and the PostgreSQL driver a second time for the compiler's host, some minutes of every
/// fresh build (record 0188).
macro_rules! named_row {
    ($(#[$meta:meta])* $vis:vis struct $name:ident {
        $($(#[$field_meta:meta])* $field_vis:vis $field:ident: $ty:ty),* $(,)?
    }) => {
        $(#[$meta])*
        $vis struct $name {
            $($(#[$field_meta])* $field_vis $field: $ty),*
        }

        impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for $name {
            fn from_row(row: &'r sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
                use sqlx::Row as _;
                Ok(Self { $($field: row.try_get(stringify!($field))?),* })
            }
        }
    };
}
pub(crate) use named_row;

use i18n::Lang;
use sqlx::any::{install_default_drivers, AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row as _};
use std::future::Future;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Which backend a pool talks to; the few dialect differences are decided by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The database handle shared by all repositories.
#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// The clock every time-based rule reads (expiry, windows, countdown starts).
    pub clock: Clock,
}

/// The one clock of the time-based rules: the system time, plus an offset that tests move
/// forward instead of sleeping. Each database handle (so each test) has its own; in
/// development the nodes of a cluster follow the offset shared in the database
/// (`demo::dev_gateway::clock::spawn_sync`).
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_millis: Arc<AtomicI64>,
}

impl Clock {
    /// Now, in Unix milliseconds (the unit of every time column).
    pub fn now_millis(&self) -> i64 {
        system_millis() + self.offset_millis.load(Ordering::Relaxed)
    }

    /// Moves this clock forward (tests only need this; production never calls it).
    pub fn advance(&self, millis: i64) {
        self.offset_millis.fetch_add(millis, Ordering::Relaxed);
    }

    /// This clock's offset from the system time.
    pub fn offset_millis(&self) -> i64 {
        self.offset_millis.load(Ordering::Relaxed)
    }

    /// Moves this clock forward to `offset` from the system time, if it is behind it (never
    /// back: the time-based rules assume time only moves forward).
    pub fn catch_up(&self, offset: i64) {
        self.offset_millis.fetch_max(offset, Ordering::Relaxed);
    }
}

/// Errors of the data layer; handlers turn them into `A00005` (logged, never shown).
pub type DbResult<T> = Result<T, sqlx::Error>;

impl Db {
    /// Connects to `url` (creating the SQLite file and its folder when missing) and migrates.
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        Self::connect_with(url, None).await
    }

    /// [`Db::connect`] with at most `max_connections` in the pool (default: 8 on SQLite, 16 on
    /// PostgreSQL), so that the nodes of a cluster together stay within PostgreSQL's
    /// `max_connections`.
    pub async fn connect_with(url: &str, max_connections: Option<u32>) -> Result<Self, sqlx::Error> {
        install_default_drivers();
        let backend = if url.starts_with("postgres") { Backend::Postgres } else { Backend::Sqlite };
        let url = match backend {
            Backend::Sqlite => prepare_sqlite_url(url)?,
            Backend::Postgres => url.to_string(),
        };
        let options = AnyPoolOptions::new()
            .max_connections(max_connections.filter(|n| *n > 0).unwrap_or(match backend {
                Backend::Sqlite => 8,
                Backend::Postgres => 16,
            }))
            .acquire_timeout(Duration::from_secs(10))
            // A pooled connection is pinged before each use, to find the ones a network or
            // a server dropped. A SQLite connection is a file in this process: nothing drops
            // it, and each ping is a hand-off to its thread and back, as costly as most
            // queries (sqlx still pings when a connection comes back, which catches a broken
            // one). PostgreSQL's connections are over the network and keep the check.
            .test_before_acquire(backend == Backend::Postgres);
        let options = match backend {
            Backend::Sqlite => options.after_connect(|conn, _| {
                Box::pin(async move {
                    use sqlx::Executor;
                    conn.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000; PRAGMA foreign_keys=ON;")
                        .await?;
                    Ok(())
                })
            }),
            Backend::Postgres => options,
        };
        let pool = options.connect(&url).await?;
        let db = Self { pool, backend, clock: Clock::default() };
        db.migrate().await?;
        Ok(db)
    }

    /// Applies the pending migrations of this backend.
    pub async fn migrate(&self) -> Result<(), sqlx::Error> {
        let migrator = match self.backend {
            Backend::Sqlite => migrations::sqlite().await,
            Backend::Postgres => migrations::postgres().await,
        };
        let migrator = migrator.map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        migrator.run(&self.pool).await.map_err(|e| sqlx::Error::Migrate(Box::new(e)))
    }

    /// Whether the database holds every migration of this build (a node of a cluster is ready
    /// only then; a newer node may have applied more). Also proves the database answers.
    pub async fn migrations_applied(&self) -> Result<bool, sqlx::Error> {
        let migrator = match self.backend {
            Backend::Sqlite => migrations::sqlite().await,
            Backend::Postgres => migrations::postgres().await,
        };
        let migrator = migrator.map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        let latest = migrator.iter().map(|m| m.version).max().unwrap_or(0);
        // sqlx's migrator stops at a failed migration, so the highest version is the state.
        let applied: Option<i64> =
            sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations").fetch_one(&self.pool).await?;
        Ok(applied.unwrap_or(0) >= latest)
    }
}

/// Makes sure the folder of a file database exists and asks SQLite to create the file.
fn prepare_sqlite_url(url: &str) -> Result<String, sqlx::Error> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or_default();
    if !path.is_empty() && path != ":memory:" {
        if let Some(parent) = std::path::Path::new(path).parent() {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent).map_err(sqlx::Error::Io)?;
            }
        }
    }
    Ok(if url.contains('?') { url.to_string() } else { format!("{url}?mode=rwc") })
}

impl Db {
    /// Now on this database's [`Clock`], in Unix milliseconds.
    pub fn now(&self) -> i64 {
        self.clock.now_millis()
    }
}

fn system_millis() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

/// A page of records and the number of matching rows in all pages, read in one query: the
/// query's last column is that number, an uncorrelated `(SELECT COUNT(*) ...)` with the page's
/// own filter, which both backends compute once. A round trip to the database costs more than
/// most of these queries (SQLite answers from its connection's thread), and a page and its
/// count are asked together on many pages.
///
/// An empty page carries no count: an empty first page means there is none, and a page past
/// the last one asks `count` apart.
pub async fn page_and_total<R, F>(rows: Vec<AnyRow>, current: i64, count: impl FnOnce() -> F) -> DbResult<(Vec<R>, i64)>
where
    R: for<'r> sqlx::FromRow<'r, AnyRow>,
    F: Future<Output = DbResult<i64>>,
{
    let Some(first) = rows.first() else {
        return Ok((Vec::new(), if current <= 1 { 0 } else { count().await? }));
    };
    let total: i64 = first.try_get(first.len() - 1)?;
    let records = rows.iter().map(R::from_row).collect::<Result<Vec<R>, _>>()?;
    Ok((records, total))
}

/// Runs a conditional write (`UPDATE … WHERE <still allowed>`) and answers whether it changed
/// a row: false when the condition no longer held, so of two concurrent writes one wins.
pub async fn changed_a_row<'q>(
    conn: &mut sqlx::AnyConnection,
    write: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
) -> DbResult<bool> {
    Ok(write.execute(conn).await?.rows_affected() > 0)
}

/// A table of what buyers keep, a row for each buyer and kept id under a unique
/// (user_id, `key`) index: the favourite products, the followed shops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeptByBuyer {
    pub table: &'static str,
    pub key: &'static str,
}

impl KeptByBuyer {
    /// Keeps `id` for the buyer; `true` when this call added it. The unique index is the last
    /// word: never two rows, however many requests race.
    pub async fn add(self, conn: &mut sqlx::AnyConnection, user_id: i64, id: i64, now: i64) -> DbResult<bool> {
        let KeptByBuyer { table, key } = self;
        let sql = format!(
            "INSERT INTO {table} (user_id, {key}, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, {key}) DO NOTHING"
        );
        changed_a_row(conn, sqlx::query(&sql).bind(user_id).bind(id).bind(now)).await
    }

    /// Drops `id` from what the buyer keeps; `true` when it was kept.
    pub async fn remove(self, conn: &mut sqlx::AnyConnection, user_id: i64, id: i64) -> DbResult<bool> {
        let KeptByBuyer { table, key } = self;
        let sql = format!("DELETE FROM {table} WHERE user_id = $1 AND {key} = $2");
        changed_a_row(conn, sqlx::query(&sql).bind(user_id).bind(id)).await
    }
}

/// The keys of the rows whose time came (`sql` selects one column): in `sql`, `$1` and `$2`
/// are the two statuses a row waits in, `$3` the time `now` and `$4` the most rows. For the
/// scans that end what was left waiting: the group buys' groups and the refunds' deadlines.
pub async fn due_keys<K>(db: &Db, sql: &str, waiting: [i32; 2], now: i64, limit: i64) -> DbResult<Vec<K>>
where
    K: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + Unpin,
{
    sqlx::query_scalar(sql)
        .bind(i64::from(waiting[0]))
        .bind(i64::from(waiting[1]))
        .bind(now)
        .bind(limit)
        .fetch_all(&db.pool)
        .await
}

/// The suffix of the per-language text columns (`title_en`, `title_zh`, `title_km`).
pub fn lang_column(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::ZhCn => "zh",
        Lang::Km => "km",
    }
}
