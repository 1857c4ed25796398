//! The order benchmarks' load generator (`scripts/bench_flash_sale.sh`; an example, so that it
//! is never part of the server binary), against a release
//! server started with `MALL_BENCH=1` on loopback. Every attempt is real HTTP through the
//! buyer's purchase path: `POST /api/p/order/confirm` with a buy-now item, then
//! `POST /api/p/order/submit` with the confirmation's token; the checks read the database.
//!
//! ```text
//! bench_orders flash-sale --base URL --database-url URL [--attempts 10000] [--units 100]
//!                         [--connections 128] [--label sqlite]
//! bench_orders fault      --base URL --database-url URL [--seconds 20] [--buyers 2000]
//!                         [--concurrency 32] [--label sqlite]
//! ```
//!
//! `flash-sale`: one flash sale of `units` units (1 a buyer) and `attempts` distinct buyers; all
//! attempts are started at once and share `connections` keep-alive connections (as behind a
//! reverse proxy's upstream pool). An attempt's latency runs from its first byte sent to the
//! last answer; attempts/s is attempts over the time from the start to the last answer.
//! Outcomes: an order, sold out, too busy, another refusal (`A00001`), or a failure (any
//! other status or code, a transport error). Then: exactly `units` orders, the sale's stock 0
//! and never seen below 0, no buyer over the limit, every answered order in the database.
//!
//! `fault`: `seconds` of buy-now orders (normal SKUs and a flash sale, some cancelled again)
//! by `buyers` buyers at `concurrency`, while the script kills the server with SIGKILL and
//! starts it again on the same database; requests failing while it is down are counted and
//! retried with other buyers. Then every order answered with success must be in the database
//! with its line (and through the API), no confirmation gave two orders, and for every SKU and
//! the flash sale: stock before − units of the orders not cancelled = stock now.
//!
//! Exits 1 when a check fails or an attempt failed, 2 on bad usage.

use serde_json::{json, Value};
use server::db::{Backend, Db};
use server::web::bench::quantile;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, Semaphore};

const USAGE: &str = "usage: bench_orders (flash-sale|fault) --base URL --database-url URL [--attempts N] [--units N] \
                     [--connections N] [--seconds N] [--buyers N] [--concurrency N] [--label NAME]";
const CANCELED: i64 = 6;
const FLASH_SALE: i64 = 2;

struct Args {
    mode: String,
    base: String,
    database_url: String,
    label: String,
    attempts: usize,
    units: i64,
    connections: usize,
    seconds: u64,
    buyers: usize,
    concurrency: usize,
}

fn parse_args() -> Result<Args, String> {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let mut args = Args {
        mode: raw.first().cloned().ok_or(USAGE)?,
        base: String::new(),
        database_url: String::new(),
        label: String::new(),
        attempts: 10_000,
        units: 100,
        connections: 128,
        seconds: 20,
        buyers: 2_000,
        concurrency: 32,
    };
    let mut i = 1;
    while i < raw.len() {
        let value = raw.get(i + 1).ok_or(USAGE)?.clone();
        let number = || value.parse::<u64>().map_err(|_| format!("{} needs a number\n{USAGE}", raw[i]));
        match raw[i].as_str() {
            "--base" => args.base = value.trim_end_matches('/').to_string(),
            "--database-url" => args.database_url = value.clone(),
            "--label" => args.label = value.clone(),
            "--attempts" => args.attempts = number()? as usize,
            "--units" => args.units = number()? as i64,
            "--connections" => args.connections = (number()? as usize).max(1),
            "--seconds" => args.seconds = number()?,
            "--buyers" => args.buyers = (number()? as usize).max(1),
            "--concurrency" => args.concurrency = (number()? as usize).max(1),
            _ => return Err(USAGE.to_string()),
        }
        i += 2;
    }
    if args.base.is_empty() || args.database_url.is_empty() || !matches!(args.mode.as_str(), "flash-sale" | "fault") {
        return Err(USAGE.to_string());
    }
    if args.label.is_empty() {
        args.label = if args.database_url.starts_with("postgres") { "postgres" } else { "sqlite" }.to_string();
    }
    Ok(args)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let result = match args.mode.as_str() {
        "flash-sale" => flash_sale(&args).await,
        _ => fault(&args).await,
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("bench_orders: {message}");
            ExitCode::FAILURE
        }
    }
}

// ---------------------------------------------------------------- HTTP

/// What the server answered, or why it did not.
enum Reply {
    Ok(Value),
    /// `A00001` with its message.
    Refused(String),
    /// Anything else: another status or code, a body that is no envelope, a transport error.
    Failed(String),
}

struct Http {
    client: reqwest::Client,
    base: String,
}

impl Http {
    fn new(base: &str, connections: usize) -> Result<Self, String> {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(connections)
            .pool_idle_timeout(Duration::from_secs(120))
            .tcp_nodelay(true)
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Http { client, base: base.to_string() })
    }

    async fn call(&self, method: reqwest::Method, path: &str, token: &str, body: Option<&Value>) -> Reply {
        let mut request = self.client.request(method, format!("{}/api{path}", self.base)).header("locale", "en");
        if !token.is_empty() {
            request = request.header("authorization", token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = match request.send().await {
            Ok(response) => response,
            Err(e) => return Reply::Failed(format!("transport: {}", short(&e))),
        };
        let status = response.status();
        let bytes = match response.bytes().await {
            Ok(bytes) => bytes,
            Err(e) => return Reply::Failed(format!("transport: {}", short(&e))),
        };
        if status != reqwest::StatusCode::OK {
            return Reply::Failed(format!("HTTP {status}"));
        }
        let Ok(envelope) = serde_json::from_slice::<Value>(&bytes) else {
            return Reply::Failed("not an envelope".into());
        };
        let msg = envelope["msg"].as_str().unwrap_or_default().to_string();
        match envelope["code"].as_str().unwrap_or_default() {
            "00000" if envelope["success"] == true => Reply::Ok(envelope["data"].clone()),
            "A00001" => Reply::Refused(msg),
            code => Reply::Failed(format!("{code} {msg}")),
        }
    }

    async fn post(&self, path: &str, token: &str, body: &Value) -> Reply {
        self.call(reqwest::Method::POST, path, token, Some(body)).await
    }
}

/// A transport error without the URL (the same for every request).
fn short(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connect"
    } else if e.is_body() || e.is_decode() {
        "body"
    } else {
        "request"
    };
    kind.to_string()
}

/// Buyers, a flash sale and SKUs from `POST /__bench/flash-sale`.
struct Setup {
    seckill_id: i64,
    units: i64,
    max_num: i64,
    flash: Value,
    skus: Vec<Value>,
    buyers: Vec<Buyer>,
    sold_out_msg: String,
    busy_msg: String,
}

#[derive(Clone)]
struct Buyer {
    user_id: i64,
    addr_id: i64,
    token: String,
}

async fn setup(http: &Http, query: &str) -> Result<Setup, String> {
    let response = http
        .client
        .post(format!("{}/__bench/flash-sale?{query}", http.base))
        .timeout(Duration::from_secs(300))
        .send()
        .await
        .map_err(|e| format!("setup: {e}"))?;
    let status = response.status();
    let text = response.text().await.map_err(|e| format!("setup: {e}"))?;
    if !status.is_success() {
        return Err(format!("setup answered {status}: {text}"));
    }
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("setup: {e}"))?;
    let buyers = v["buyers"]
        .as_array()
        .ok_or("setup: no buyers")?
        .iter()
        .map(|b| Buyer {
            user_id: b["userId"].as_i64().unwrap_or_default(),
            addr_id: b["addrId"].as_i64().unwrap_or_default(),
            token: b["token"].as_str().unwrap_or_default().to_string(),
        })
        .collect();
    Ok(Setup {
        seckill_id: v["seckillId"].as_i64().unwrap_or_default(),
        units: v["units"].as_i64().unwrap_or_default(),
        max_num: v["maxNum"].as_i64().unwrap_or_default(),
        flash: v["flash"].clone(),
        skus: v["skus"].as_array().cloned().unwrap_or_default(),
        buyers,
        sold_out_msg: v["soldOutMsg"].as_str().unwrap_or_default().to_string(),
        busy_msg: v["busyMsg"].as_str().unwrap_or_default().to_string(),
    })
}

/// A buy-now item of `sku` (a seeded SKU as the setup answered it), in the flash sale when given.
fn buy_now(sku: &Value, count: i64, seckill_id: Option<i64>, addr_id: i64) -> Value {
    let mut item = json!({
        "prodId": sku["prodId"], "skuId": sku["skuId"], "shopId": sku["shopId"], "shopName": sku["shopName"],
        "prodCount": count,
    });
    if let Some(id) = seckill_id {
        item["seckillId"] = json!(id);
    }
    json!({ "orderItem": item, "addrId": addr_id, "userChangeCoupon": 0, "couponIds": [], "usePoints": 0 })
}

/// Confirms and submits a buy-now purchase; the new order's number, or the refusal.
async fn purchase(http: &Http, buyer: &Buyer, confirm: &Value, shop_id: &Value) -> Reply {
    let token = match http.post("/p/order/confirm", &buyer.token, confirm).await {
        Reply::Ok(data) => data["orderToken"].as_str().unwrap_or_default().to_string(),
        other => return other,
    };
    let submit = json!({
        "orderToken": token, "addrId": buyer.addr_id, "couponIds": [], "usePoints": 0,
        "orderShopParam": [{ "shopId": shop_id, "remarks": "" }],
    });
    http.post("/p/order/submit", &buyer.token, &submit).await
}

async fn wait_until_serving(http: &Http, within: Duration) -> bool {
    let until = Instant::now() + within;
    while Instant::now() < until {
        if let Reply::Ok(_) = http.call(reqwest::Method::GET, "/currency/list", "", None).await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    false
}

fn ms(micros: u32) -> String {
    format!("{:.1} ms", micros as f64 / 1000.0)
}

fn check(ok: bool) -> &'static str {
    if ok {
        "ok"
    } else {
        "FAILED"
    }
}

async fn scalar(db: &Db, sql: &str, bind: i64) -> Result<i64, String> {
    let (n,): (i64,) = sqlx::query_as(sql).bind(bind).fetch_one(&db.pool).await.map_err(|e| format!("{sql}: {e}"))?;
    Ok(n)
}

// ---------------------------------------------------------------- flash sale

#[derive(Default)]
struct Outcomes {
    orders: usize,
    sold_out: usize,
    busy: usize,
    refused: BTreeMap<String, usize>,
    failed: BTreeMap<String, usize>,
}

async fn flash_sale(args: &Args) -> Result<bool, String> {
    let http = Arc::new(Http::new(&args.base, args.connections)?);
    let db = Db::connect(&args.database_url).await.map_err(|e| format!("database: {e}"))?;
    let started = Instant::now();
    let s = setup(&http, &format!("buyers={}&units={}&maxNum=1", args.attempts, args.units)).await?;
    println!(
        "  {} buyers with addresses and sessions, a flash sale of {} units (at most {} a buyer): set up in {:.1} s",
        s.buyers.len(),
        s.units,
        s.max_num,
        started.elapsed().as_secs_f64()
    );
    // The buyers' pages are open: their connections exist before the sale starts.
    let warm: Vec<_> = (0..args.connections)
        .map(|_| {
            let http = http.clone();
            tokio::spawn(async move { http.call(reqwest::Method::GET, "/currency/list", "", None).await })
        })
        .collect();
    for task in warm {
        let _ = task.await;
    }
    let _ = http.client.get(format!("{}/__bench/latency?path=/api/p/order/confirm&reset=1", args.base)).send().await;
    let _ = http.client.get(format!("{}/__bench/latency?path=/api/p/order/submit&reset=1", args.base)).send().await;

    // The sale's stock, watched while the attempts run.
    let lowest = Arc::new(AtomicI64::new(i64::MAX));
    let running = Arc::new(AtomicBool::new(true));
    let watcher = {
        let (db, lowest, running, id) = (db.clone(), lowest.clone(), running.clone(), s.seckill_id);
        tokio::spawn(async move {
            while running.load(Ordering::Relaxed) {
                if let Ok(n) = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", id).await {
                    lowest.fetch_min(n, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };

    let connections = Arc::new(Semaphore::new(args.connections));
    let go = Arc::new(Notify::new());
    let ready = Arc::new(AtomicUsize::new(0));
    let flash = Arc::new(s.flash.clone());
    let mut tasks = Vec::with_capacity(s.buyers.len());
    let launch = Arc::new(Mutex::new(Instant::now()));
    for buyer in s.buyers.iter().cloned() {
        let (http, connections, go, ready, flash, launch) =
            (http.clone(), connections.clone(), go.clone(), ready.clone(), flash.clone(), launch.clone());
        let seckill_id = s.seckill_id;
        tasks.push(tokio::spawn(async move {
            let started = go.notified();
            tokio::pin!(started);
            started.as_mut().enable();
            ready.fetch_add(1, Ordering::Release);
            started.await;
            let launched = *launch.lock().unwrap_or_else(|e| e.into_inner());
            let _connection = connections.acquire().await.expect("semaphore");
            let sent = Instant::now();
            let confirm = buy_now(&flash, 1, Some(seckill_id), buyer.addr_id);
            let reply = purchase(&http, &buyer, &confirm, &flash["shopId"]).await;
            let done = Instant::now();
            (reply, (done - sent).as_micros() as u32, (done - launched).as_micros() as u32)
        }));
    }
    while ready.load(Ordering::Acquire) < tasks.len() {
        tokio::task::yield_now().await;
    }
    *launch.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    go.notify_waiters();

    let mut outcomes = Outcomes::default();
    let mut latency = Vec::with_capacity(tasks.len());
    let mut from_launch = Vec::with_capacity(tasks.len());
    let mut answered: HashSet<String> = HashSet::new();
    let mut last_order = 0;
    for task in tasks {
        let (reply, service, waited) = task.await.map_err(|e| e.to_string())?;
        latency.push(service);
        from_launch.push(waited);
        match reply {
            Reply::Ok(data) => {
                outcomes.orders += 1;
                last_order = last_order.max(waited);
                answered.extend(data["orderNumbers"].as_str().unwrap_or_default().split(',').map(str::to_string));
            }
            Reply::Refused(msg) if msg == s.sold_out_msg => outcomes.sold_out += 1,
            Reply::Refused(msg) if msg == s.busy_msg => outcomes.busy += 1,
            Reply::Refused(msg) => *outcomes.refused.entry(msg).or_default() += 1,
            Reply::Failed(why) => *outcomes.failed.entry(why).or_default() += 1,
        }
    }
    // From the start to the last answer.
    let elapsed = (from_launch.iter().copied().max().unwrap_or_default() as f64 / 1e6).max(1e-6);
    running.store(false, Ordering::Relaxed);
    let _ = watcher.await;
    latency.sort_unstable();
    from_launch.sort_unstable();
    let rate = s.buyers.len() as f64 / elapsed;
    let p99 = quantile(&latency, 0.99);
    let server_side = |path: &'static str| {
        let http = http.clone();
        async move {
            let url = format!("{}/__bench/latency?path={path}", http.base);
            let v: Value = match http.client.get(url).send().await {
                Ok(r) => r.json().await.unwrap_or_default(),
                Err(_) => Value::Null,
            };
            format!(
                "p50 {}, p99 {} ({} answers)",
                ms(v["p50Us"].as_u64().unwrap_or_default() as u32),
                ms(v["p99Us"].as_u64().unwrap_or_default() as u32),
                v["count"].as_u64().unwrap_or_default()
            )
        }
    };

    println!(
        "  {} attempts by distinct buyers, started at once over {} connections: {:.2} s, {:.0} attempts/s",
        s.buyers.len(),
        args.connections,
        elapsed,
        rate
    );
    println!(
        "  latency of an attempt (confirm + submit, from its first byte): p50 {}, p90 {}, p99 {}, max {}",
        ms(quantile(&latency, 0.50)),
        ms(quantile(&latency, 0.90)),
        ms(p99),
        ms(latency.last().copied().unwrap_or_default())
    );
    println!(
        "  time from the start to an attempt's answer (includes waiting for a connection): p50 {}, p99 {}",
        ms(quantile(&from_launch, 0.50)),
        ms(quantile(&from_launch, 0.99))
    );
    println!("  the last order was answered {} after the start", ms(last_order));
    println!("  server side: confirm {}", server_side("/api/p/order/confirm").await);
    println!("  server side: submit  {}", server_side("/api/p/order/submit").await);
    let refused: usize = outcomes.refused.values().sum();
    let failed: usize = outcomes.failed.values().sum();
    println!(
        "  outcomes: {} orders, {} sold out, {} too busy, {} other refusals, {} failures",
        outcomes.orders, outcomes.sold_out, outcomes.busy, refused, failed
    );
    for (msg, n) in outcomes.refused.iter().chain(&outcomes.failed) {
        println!("    {n} x {msg}");
    }

    // The database's word.
    let id = s.seckill_id;
    let orders = scalar(&db, "SELECT COUNT(*) FROM orders WHERE seckill_id = $1 AND status <> 6", id).await?;
    let units = scalar(
        &db,
        "SELECT COALESCE(CAST(SUM(i.prod_count) AS BIGINT), 0) FROM orders o JOIN order_item i ON i.order_id = o.order_id
         WHERE o.seckill_id = $1 AND o.status <> 6",
        id,
    )
    .await?;
    let stock = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", id).await?;
    let most = scalar(
        &db,
        "SELECT COALESCE(MAX(n), 0) FROM (SELECT CAST(SUM(i.prod_count) AS BIGINT) AS n FROM orders o
         JOIN order_item i ON i.order_id = o.order_id WHERE o.seckill_id = $1 AND o.status <> 6 GROUP BY o.user_id) t",
        id,
    )
    .await?;
    let stored: HashSet<String> =
        sqlx::query_as::<_, (String,)>("SELECT order_number FROM orders WHERE seckill_id = $1")
            .bind(id)
            .fetch_all(&db.pool)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|r| r.0)
            .collect();
    let lowest = lowest.load(Ordering::Relaxed).min(stock);
    let checks = [
        // Exact, whether or not the burst sold out (buyers turned away as too busy may leave
        // units for later): every unit is either sold, once, or still in stock.
        (
            orders == units && units + stock == s.units,
            format!("{orders} orders of {units} units in the database, {stock} in stock ({} in all)", s.units),
        ),
        (lowest >= 0, format!("flash-sale stock never below zero (lowest seen {lowest})")),
        (most <= s.max_num, format!("most units bought by one buyer: {most} (limit {})", s.max_num)),
        (
            answered.len() == outcomes.orders && answered.is_subset(&stored),
            format!("{} orders answered with success, all in the database", answered.len()),
        ),
        (failed == 0, format!("{failed} failed attempts (5xx, internal errors, transport errors)")),
    ];
    println!("  sold out: {} ({units} of {} units sold in the burst)", if stock == 0 { "yes" } else { "no" }, s.units);
    let mut all = true;
    for (ok, what) in &checks {
        println!("  check {}: {what}", check(*ok));
        all &= ok;
    }
    let goal = rate >= 2000.0 && p99 <= 100_000;
    let goal = match (db.backend, goal) {
        (Backend::Sqlite, true) => "met",
        (Backend::Sqlite, false) => "NOT MET",
        (Backend::Postgres, _) => "set for SQLite",
    };
    println!("  goal on SQLite (two cores): >= 2000 attempts/s and p99 <= 100 ms: {goal}");
    println!(
        "RESULT flash-sale {} attempts={} rate={:.0} p50_ms={:.1} p99_ms={:.1} orders={} sold_out={} busy={} refused={} failed={} checks={} goal={}",
        args.label,
        s.buyers.len(),
        rate,
        quantile(&latency, 0.5) as f64 / 1000.0,
        p99 as f64 / 1000.0,
        outcomes.orders,
        outcomes.sold_out,
        outcomes.busy,
        refused,
        failed,
        if all { "ok" } else { "FAILED" },
        goal.replace(' ', "-")
    );
    Ok(all)
}

// ---------------------------------------------------------------- fault run

/// An order the server answered with success.
#[derive(Clone)]
struct Ack {
    number: String,
    buyer: usize,
    sku_id: i64,
    count: i64,
    flash: bool,
    /// The buyer's cancel of it: answered with success, or sent without an answer.
    cancelled: Option<bool>,
}

#[derive(Default)]
struct FaultTally {
    acks: Vec<Ack>,
    refused: BTreeMap<String, usize>,
    failed: BTreeMap<String, usize>,
    /// First and last failure (ms since the start): the outage as the client saw it.
    outage: Option<(u64, u64)>,
}

async fn fault(args: &Args) -> Result<bool, String> {
    let http = Arc::new(Http::new(&args.base, args.concurrency)?);
    let db = Db::connect(&args.database_url).await.map_err(|e| format!("database: {e}"))?;
    let flash_units = 2_000;
    let s = Arc::new(setup(&http, &format!("buyers={}&units={flash_units}&maxNum=3&skus=8", args.buyers)).await?);
    if s.skus.is_empty() {
        return Err("the setup found no SKUs for normal orders".into());
    }
    // Stock before.
    let mut sku_before = BTreeMap::new();
    let mut prod_before = BTreeMap::new();
    for sku in &s.skus {
        let (sku_id, prod_id) = (sku["skuId"].as_i64().unwrap_or_default(), sku["prodId"].as_i64().unwrap_or_default());
        sku_before.insert(sku_id, scalar(&db, "SELECT stocks FROM sku WHERE sku_id = $1", sku_id).await?);
        prod_before.insert(prod_id, scalar(&db, "SELECT total_stocks FROM product WHERE prod_id = $1", prod_id).await?);
    }
    let flash_before = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", s.seckill_id).await?;
    println!(
        "  {} buyers, {} SKUs for normal orders, a flash sale of {} units (at most {} a buyer); {} s of orders at {} at once",
        s.buyers.len(),
        s.skus.len(),
        flash_before,
        s.max_num,
        args.seconds,
        args.concurrency
    );

    let tally = Arc::new(Mutex::new(FaultTally::default()));
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let until = start + Duration::from_secs(args.seconds);
    let mut workers = Vec::new();
    for _ in 0..args.concurrency {
        let (http, s, tally, next) = (http.clone(), s.clone(), tally.clone(), next.clone());
        workers.push(tokio::spawn(async move {
            while Instant::now() < until {
                let b = next.fetch_add(1, Ordering::Relaxed) % s.buyers.len();
                let buyer = &s.buyers[b];
                let flash = rand::random_range(0..5) == 0;
                let (sku, count, seckill) = if flash {
                    (&s.flash, 1, Some(s.seckill_id))
                } else {
                    (&s.skus[rand::random_range(0..s.skus.len())], rand::random_range(1..=3), None)
                };
                let confirm = buy_now(sku, count, seckill, buyer.addr_id);
                let reply = purchase(&http, buyer, &confirm, &sku["shopId"]).await;
                let now = start.elapsed().as_millis() as u64;
                match reply {
                    Reply::Ok(data) => {
                        let number = data["orderNumbers"].as_str().unwrap_or_default().to_string();
                        let mut ack = Ack {
                            number: number.clone(),
                            buyer: b,
                            sku_id: sku["skuId"].as_i64().unwrap_or_default(),
                            count,
                            flash,
                            cancelled: None,
                        };
                        if rand::random_range(0..10) == 0 {
                            let path = format!("/p/myOrder/cancel/{number}");
                            ack.cancelled = match http.call(reqwest::Method::PUT, &path, &buyer.token, None).await {
                                Reply::Ok(_) => Some(true),
                                Reply::Failed(_) => Some(false),
                                Reply::Refused(msg) => {
                                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                                    *t.refused.entry(format!("cancel: {msg}")).or_default() += 1;
                                    None
                                }
                            };
                        }
                        tally.lock().unwrap_or_else(|e| e.into_inner()).acks.push(ack);
                    }
                    Reply::Refused(msg) => {
                        *tally.lock().unwrap_or_else(|e| e.into_inner()).refused.entry(msg).or_default() += 1
                    }
                    Reply::Failed(why) => {
                        {
                            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                            *t.failed.entry(why).or_default() += 1;
                            let (first, _) = t.outage.unwrap_or((now, now));
                            t.outage = Some((first, now));
                        }
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
            }
        }));
    }
    for worker in workers {
        worker.await.map_err(|e| e.to_string())?;
    }
    let tally = std::mem::take(&mut *tally.lock().unwrap_or_else(|e| e.into_inner()));
    let serving = wait_until_serving(&http, Duration::from_secs(120)).await;
    let failed: usize = tally.failed.values().sum();
    let refused: usize = tally.refused.values().sum();
    println!(
        "  {} orders answered with success ({} cancelled again), {} refusals, {} requests failed{}",
        tally.acks.len(),
        tally.acks.iter().filter(|a| a.cancelled == Some(true)).count(),
        refused,
        failed,
        match tally.outage {
            Some((a, b)) =>
                format!(" between {:.1} s and {:.1} s (the server was down)", a as f64 / 1e3, b as f64 / 1e3),
            None => String::new(),
        }
    );
    for (msg, n) in tally.refused.iter().chain(&tally.failed) {
        println!("    {n} x {msg}");
    }

    let mut all = true;
    let mut report = |ok: bool, what: String| {
        println!("  check {}: {what}", check(ok));
        all &= ok;
    };
    report(serving, "the restarted server answers".into());
    report(tally.outage.is_some(), "the load saw the outage (the kill landed during the load)".into());

    // Every answered order, in the database with its line.
    let users: Vec<i64> = s.buyers.iter().map(|b| b.user_id).collect();
    let (low, high) = (*users.iter().min().unwrap_or(&0), *users.iter().max().unwrap_or(&0));
    type Row = (String, i64, i64, i64, Option<i64>, i64, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT o.order_number, o.user_id, o.status, o.order_type, o.seckill_id, i.sku_id, i.prod_count
         FROM orders o JOIN order_item i ON i.order_id = o.order_id WHERE o.user_id >= $1 AND o.user_id <= $2",
    )
    .bind(low)
    .bind(high)
    .fetch_all(&db.pool)
    .await
    .map_err(|e| e.to_string())?;
    let mut by_number: HashMap<String, Vec<Row>> = HashMap::new();
    for row in rows {
        by_number.entry(row.0.clone()).or_default().push(row);
    }
    let mut missing = Vec::new();
    for ack in &tally.acks {
        let fine = match by_number.get(&ack.number).map(Vec::as_slice) {
            Some([(_, user, status, kind, seckill, sku, count)]) => {
                *user == s.buyers[ack.buyer].user_id
                    && *sku == ack.sku_id
                    && *count == ack.count
                    && (*kind == FLASH_SALE) == ack.flash
                    && (!ack.flash || *seckill == Some(s.seckill_id))
                    && match ack.cancelled {
                        Some(true) => *status == CANCELED,
                        Some(false) => true,
                        None => *status == 1,
                    }
            }
            _ => false,
        };
        if !fine {
            missing.push(ack.number.clone());
        }
    }
    report(
        missing.is_empty(),
        format!(
            "{} of {} orders answered with success are in the database with their line and state{}",
            tally.acks.len() - missing.len(),
            tally.acks.len(),
            if missing.is_empty() { String::new() } else { format!(" (not: {:?})", &missing[..missing.len().min(5)]) }
        ),
    );
    let acked: HashSet<&str> = tally.acks.iter().map(|a| a.number.as_str()).collect();
    let unanswered = by_number.keys().filter(|n| !acked.contains(n.as_str())).count();
    println!("  {unanswered} orders committed whose answer never reached the client (in flight at the kill)");

    // The same through the API, for every answered order.
    let through_api = Arc::new(AtomicUsize::new(0));
    let queue = Arc::new(Mutex::new(tally.acks.clone()));
    let mut readers = Vec::new();
    for _ in 0..args.concurrency.min(16) {
        let (http, s, queue, through_api) = (http.clone(), s.clone(), queue.clone(), through_api.clone());
        readers.push(tokio::spawn(async move {
            loop {
                let Some(ack) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop() else { break };
                let path = format!("/p/myOrder/orderDetail?orderNumber={}", ack.number);
                if let Reply::Ok(detail) =
                    http.call(reqwest::Method::GET, &path, &s.buyers[ack.buyer].token, None).await
                {
                    let item = &detail["orderItemDtos"][0];
                    if item["skuId"].as_i64() == Some(ack.sku_id) && item["prodCount"].as_i64() == Some(ack.count) {
                        through_api.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    for reader in readers {
        reader.await.map_err(|e| e.to_string())?;
    }
    let seen = through_api.load(Ordering::Relaxed);
    report(
        seen == tally.acks.len(),
        format!("{seen} of {} answered orders read back through GET /p/myOrder/orderDetail", tally.acks.len()),
    );

    let twice = scalar(
        &db,
        &format!(
            "SELECT COUNT(*) FROM (SELECT order_token FROM orders WHERE user_id >= $1 AND user_id <= {high}
             GROUP BY order_token HAVING COUNT(*) > 1) t"
        ),
        low,
    )
    .await?;
    report(twice == 0, format!("{twice} confirmations turned into more than one order"));

    // Stock: before − units of the orders not cancelled = now.
    let mut sold_sku: BTreeMap<i64, i64> = BTreeMap::new();
    let mut sold_flash = 0;
    let mut per_buyer: HashMap<i64, i64> = HashMap::new();
    for (_, user, status, kind, seckill, sku, count) in by_number.values().flatten() {
        if *status == CANCELED {
            continue;
        }
        if *kind == FLASH_SALE && *seckill == Some(s.seckill_id) {
            sold_flash += count;
            *per_buyer.entry(*user).or_default() += count;
        } else if *kind != FLASH_SALE {
            *sold_sku.entry(*sku).or_default() += count;
        }
    }
    let mut wrong = Vec::new();
    let mut prod_sold: BTreeMap<i64, i64> = BTreeMap::new();
    for sku in &s.skus {
        let (sku_id, prod_id) = (sku["skuId"].as_i64().unwrap_or_default(), sku["prodId"].as_i64().unwrap_or_default());
        let sold = sold_sku.get(&sku_id).copied().unwrap_or_default();
        *prod_sold.entry(prod_id).or_default() += sold;
        let now = scalar(&db, "SELECT stocks FROM sku WHERE sku_id = $1", sku_id).await?;
        if sku_before[&sku_id] - sold != now {
            wrong.push(format!("SKU {sku_id}: {} - {sold} != {now}", sku_before[&sku_id]));
        }
    }
    for (prod_id, sold) in &prod_sold {
        let now = scalar(&db, "SELECT total_stocks FROM product WHERE prod_id = $1", *prod_id).await?;
        if prod_before[prod_id] - sold != now {
            wrong.push(format!("product {prod_id}: {} - {sold} != {now}", prod_before[prod_id]));
        }
    }
    let flash_now = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", s.seckill_id).await?;
    if flash_before - sold_flash != flash_now || flash_now < 0 {
        wrong.push(format!("flash sale: {flash_before} - {sold_flash} != {flash_now}"));
    }
    report(
        wrong.is_empty(),
        format!(
            "stock before - units of orders not cancelled = stock now, for {} SKUs, their products and the flash sale \
             ({} flash-sale units sold, {} left){}",
            s.skus.len(),
            sold_flash,
            flash_now,
            if wrong.is_empty() { String::new() } else { format!(": {}", wrong.join("; ")) }
        ),
    );
    let most = per_buyer.values().copied().max().unwrap_or_default();
    report(most <= s.max_num, format!("most flash-sale units of one buyer: {most} (limit {})", s.max_num));
    println!(
        "RESULT fault {} acked={} cancelled={} unanswered={} failed_during_outage={} checks={}",
        args.label,
        tally.acks.len(),
        tally.acks.iter().filter(|a| a.cancelled == Some(true)).count(),
        unanswered,
        failed,
        if all { "ok" } else { "FAILED" }
    );
    Ok(all)
}
