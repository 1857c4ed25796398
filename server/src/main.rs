//! `server` — serves the mall (default), `server seed [--products N]` seeds the demo mall,
//! `server migrate` applies migrations, `server order-ship ORDER_NUMBER` ships a paid order (as
//! the sellers' centre would, for development), `server shop-review ...` reviews a shop
//! application (as the sellers' centre would, for development), `server invoice issue ID` and
//! `server invoice fail ID [REASON]` issue or fail a requested invoice (likewise). `server refund
//! accept|refuse|receive REFUND_SN` answers a refund application (likewise). Configuration comes from the
//! environment (README).

use server::config::Config;
use server::db::Db;
use server::demo::seed::{self, SeedOptions};
use server::{web, AppState};
use std::process::ExitCode;
use std::sync::Arc;

/// Rendering allocates many small strings and frees them at once; mimalloc's per-thread free
/// lists do that with less work than the system allocator (measured in docs/decisions/0069-mimalloc-allocator.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: server [serve | migrate | seed [--products N] | order-ship ORDER_NUMBER | shop-review (approve ID | reject ID REASON | offline ID) | invoice (issue ID | fail ID [REASON]) | refund (accept REFUND_SN | refuse REFUND_SN [REASON] | receive REFUND_SN)]";

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=warn".into()),
        )
        .init();
    let config = Config::from_env();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("serve") => serve(config).await,
        Some("migrate") => Db::connect(&config.database_url).await.map(|_| ()).map_err(|e| e.to_string()),
        Some("seed") => match parse_products(&args[1..]) {
            Ok(products) => seed_command(&config, products).await,
            Err(message) => Err(message),
        },
        Some("order-ship") => match &args[1..] {
            [number] => order_ship_command(&config, number).await,
            _ => Err(USAGE.to_string()),
        },
        Some("shop-review") => shop_review(&config, &args[1..]).await,
        Some("refund") => refund_command(&config, &args[1..]).await,
        Some("invoice") => invoice_command(&config, &args[1..]).await,
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_products(args: &[String]) -> Result<usize, String> {
    match args {
        [] => Ok(SeedOptions::default().products),
        [flag, n] if flag == "--products" => n.parse().map_err(|_| format!("--products needs a number\n{USAGE}")),
        _ => Err(USAGE.to_string()),
    }
}

/// `server order-ship ORDER_NUMBER`: marks a paid order shipped, as the sellers' centre would
/// (development and tests: the storefront has no seller's side).
async fn order_ship_command(config: &Config, number: &str) -> Result<(), String> {
    let db = Db::connect(&config.database_url).await.map_err(|e| e.to_string())?;
    let shipped = server::orders::repo::ship(&db, number.trim(), db.now()).await.map_err(|e| e.to_string())?;
    if !shipped {
        return Err(format!("order {number} is not a paid order waiting for delivery"));
    }
    println!("order {number} shipped");
    Ok(())
}

/// `server shop-review approve ID | reject ID REASON | offline ID`: what the sellers' centre
/// would do with a shop application (`ID` is its `applyId`), so every state of the buyer's
/// page can be shown and tested: approving opens the applicant's shop, rejecting records the
/// reason the buyer sees, offline takes an approved shop offline.
async fn shop_review(config: &Config, args: &[String]) -> Result<(), String> {
    use server::shops::application_repo::{self as repo, Reviewed};
    let (action, id, reason) = match args {
        [action, id] if action != "reject" => (action.as_str(), id, None),
        [action, id, reason @ ..] if action == "reject" && !reason.is_empty() => {
            (action.as_str(), id, Some(reason.join(" ")))
        }
        _ => return Err(USAGE.to_string()),
    };
    let apply_id: i64 =
        id.trim().parse().ok().filter(|id| *id > 0).ok_or_else(|| format!("not an application id: {id}\n{USAGE}"))?;
    let reason = reason.map(|r| r.trim().to_string());
    if let Some(reason) = &reason {
        let chars = reason.chars().count();
        if chars == 0 || chars > api::shop_apply::REASON_MAX_CHARS || reason.chars().any(char::is_control) {
            return Err(format!("the reason is 1 to {} characters on one line", api::shop_apply::REASON_MAX_CHARS));
        }
    }
    let db = Db::connect(&config.database_url).await.map_err(|e| e.to_string())?;
    let done = match (action, reason) {
        ("approve", None) => repo::approve(&db, apply_id).await,
        ("reject", Some(reason)) => repo::reject(&db, apply_id, &reason).await,
        ("offline", None) => repo::take_offline(&db, apply_id).await,
        _ => return Err(USAGE.to_string()),
    }
    .map_err(|e| e.to_string())?;
    match done {
        Reviewed::Approved { shop_id } => println!("application {apply_id} approved: shop {shop_id} is open"),
        Reviewed::Rejected => println!("application {apply_id} rejected"),
        Reviewed::Offline { shop_id } => println!("application {apply_id}: shop {shop_id} is offline"),
        Reviewed::Unknown => return Err(format!("no shop application {apply_id}")),
        Reviewed::WrongState(status) => {
            let state = match status {
                0 => "under review",
                1 => "approved",
                _ => "rejected",
            };
            return Err(format!("application {apply_id} is {state}: {action} does not apply"));
        }
    }
    Ok(())
}

/// `server invoice issue ID | fail ID [REASON]`: what the shop does with a requested invoice
/// (`ID` is its `orderInvoiceId`, shown on `/invoice-detail`): issuing lets the buyer download
/// its PDF; failing shows the reason (a default one when none is given) and lets the buyer
/// request it again.
async fn invoice_command(config: &Config, args: &[String]) -> Result<(), String> {
    use server::invoices::repo::{self, Decided};
    let (action, id, reason) = match args {
        [action, id] if action == "issue" || action == "fail" => (action.as_str(), id, None),
        [action, id, reason @ ..] if action == "fail" && !reason.is_empty() => {
            (action.as_str(), id, Some(reason.join(" ")))
        }
        _ => return Err(USAGE.to_string()),
    };
    let invoice_id: i64 =
        id.trim().parse().ok().filter(|id| *id > 0).ok_or_else(|| format!("not an invoice id: {id}\n{USAGE}"))?;
    let reason = match reason {
        Some(reason) => server::invoices::rules::fail_reason(&reason).ok_or_else(|| {
            format!("the reason is 1 to {} characters on one line", api::invoices::FAIL_REASON_MAX_CHARS)
        })?,
        None => "The shop could not issue this invoice. Please check the title and taxpayer ID and request it again."
            .to_string(),
    };
    let db = Db::connect(&config.database_url).await.map_err(|e| e.to_string())?;
    let decided = match action {
        "issue" => repo::issue(&db, invoice_id).await,
        _ => repo::fail(&db, invoice_id, &reason).await,
    }
    .map_err(|e| e.to_string())?;
    match decided {
        Decided::Done if action == "issue" => println!("invoice {invoice_id} issued"),
        Decided::Done => println!("invoice {invoice_id} failed: {reason}"),
        Decided::Unknown => return Err(format!("no invoice {invoice_id}")),
        Decided::NotRequested(state) => {
            let state = if state == api::invoices::invoice_state::INVOICED { "issued" } else { "failed" };
            return Err(format!("invoice {invoice_id} is {state} already: {action} does not apply"));
        }
    }
    Ok(())
}

/// `server refund accept REFUND_SN | refuse REFUND_SN [REASON] | receive REFUND_SN`: what the
/// merchant (or, for an application under intervention, the platform) would do with a refund
/// application, so every step of the buyer's pages can be shown and tested: accepting refunds a
/// refund-only application at once and lets a return's goods be sent back; refusing records the
/// reason the buyer sees; receiving the returned goods restocks them and refunds.
async fn refund_command(config: &Config, args: &[String]) -> Result<(), String> {
    use server::refunds::repo::{self, Moved};
    let (action, sn, reason) = match args {
        [action, sn] => (action.as_str(), sn, String::new()),
        [action, sn, reason @ ..] if action == "refuse" => (action.as_str(), sn, reason.join(" ")),
        _ => return Err(USAGE.to_string()),
    };
    let sn = server::refunds::rules::refund_sn(sn).ok_or_else(|| format!("not a refund number: {sn}\n{USAGE}"))?;
    let reason = reason.trim().to_string();
    if reason.chars().count() > api::refunds::NOTE_MAX_CHARS || reason.chars().any(char::is_control) {
        return Err(format!("the reason is up to {} characters on one line", api::refunds::NOTE_MAX_CHARS));
    }
    let db = Db::connect(&config.database_url).await.map_err(|e| e.to_string())?;
    let moved = match action {
        "accept" => repo::accept(&db, &sn).await,
        "refuse" => repo::refuse(&db, &sn, &reason).await,
        "receive" => repo::receive(&db, &sn).await,
        _ => return Err(USAGE.to_string()),
    }
    .map_err(|e| e.to_string())?;
    match moved {
        Moved::Done => println!("refund {sn}: {action} done"),
        Moved::Unknown => return Err(format!("no refund application {sn}")),
        Moved::WrongState(status) => return Err(format!("refund {sn} is in state {status}: {action} does not apply")),
        Moved::Exceeds => return Err(format!("refund {sn}: more than is left of the order")),
    }
    Ok(())
}

async fn seed_command(config: &Config, products: usize) -> Result<(), String> {
    let db = Db::connect(&config.database_url).await.map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    seed::seed(&db, SeedOptions { products, ..SeedOptions::default() }).await.map_err(|e| e.to_string())?;
    seed::chat::seed(&db, true, db.now()).await.map_err(|e| e.to_string())?;
    println!("seeded {products} products in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Leptos options from the environment; hashed asset names when cargo-leptos wrote hash.txt.
fn leptos_options(config: &Config) -> leptos::config::LeptosOptions {
    let mut options = leptos::config::get_configuration(None)
        .map(|c| c.leptos_options)
        .unwrap_or_else(|_| leptos::config::LeptosOptions::builder().output_name("mall").build());
    if options.output_name.is_empty() {
        options.output_name = "mall".into();
    }
    let hash_file =
        std::env::current_exe().ok().and_then(|exe| exe.parent().map(|dir| dir.join(options.hash_file.as_ref())));
    options.hash_files = hash_file.is_some_and(|f| f.exists());
    options.site_addr = config.site_addr;
    options
}

async fn serve(config: Config) -> Result<(), String> {
    if config.dev_mode {
        let banner = "MALL_DEV=1: DEVELOPMENT TOOLS ARE ON (development mailbox with everyone's one-time \
                      codes, stand-in sign-in providers, a development payment gateway for every payment \
                      method without keys). Never run a public shop like this.";
        eprintln!("\n{0}\n{banner}\n{0}\n", "*".repeat(78));
        tracing::warn!("{banner}");
    }
    let db = Db::connect_with(&config.database_url, config.db_pool).await.map_err(|e| format!("database: {e}"))?;
    if config.demo_data && seed::seed_if_empty(&db).await.map_err(|e| format!("seed: {e}"))? {
        tracing::info!("seeded the demo mall into the empty database");
    }
    if config.dev_mode {
        server::demo::dev_gateway::clock::spawn_sync(db.clone()).await;
    }
    // Leptos's async rendering spawns onto tokio.
    let _ = any_spawner::Executor::init_tokio();
    let options = leptos_options(&config);
    let addr = config.site_addr;
    let search = server::search::SearchIndex::new(config.search_suggest_cache);
    search.spawn_maintenance(db.clone());
    // Development mode: the local development gateway stands in for vendors without keys.
    let dev_adapters =
        config.dev_mode.then_some(server::demo::dev_gateway::adapter as server::payments::config::DevAdapters);
    let gateways = Arc::new(server::payments::config::Gateways::from_env(dev_adapters));
    let chat = server::chat::Hub::new(db.clone(), &config.database_url);
    let state = AppState { db, config: Arc::new(config), search, gateways, chat };
    server::accounts::outbox::spawn_worker(state.db.clone(), &state.config);
    server::housekeeping::spawn(state.db.clone());
    server::orders::expiry::spawn(state.db.clone(), server::payments::refunds::refund_cancelled);
    server::payments::jobs::spawn(state.clone());
    server::wallet::spawn(state.db.clone());
    server::refunds::jobs::spawn(state.db.clone());
    let app = web::app(state, options);
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("bind {addr}: {e}"))?;
    tracing::info!("serving the mall on http://{addr}");
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await
        .map_err(|e| e.to_string())
}

/// Ctrl-C, or SIGTERM (how systemd, container runtimes and `make cluster-stop` stop a node):
/// the server stops taking connections and finishes the requests in flight.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
    tracing::info!("stopping: finishing the requests in flight");
}
