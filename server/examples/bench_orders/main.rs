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

mod client;
mod fault;
mod flash_sale;

use client::*;
use fault::fault;
use flash_sale::flash_sale;

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
