//! The routes of `make bench` (only with `MALL_BENCH=1`).
//!
//! Server-side latency: the time from the request reaching the application to its answer
//! being ready, per path, without the queueing on sockets and the load generator's own share
//! of this machine's two cores that the client-side figures of wrk include.
//! `GET /__bench/latency?path=/api/search/suggestions` answers the percentiles; `&reset=1`
//! clears that path's samples afterwards.
//!
//! Buyers for the order benchmarks (`scripts/bench_flash_sale.sh`):
//! `POST /__bench/flash-sale?buyers=&units=&maxNum=&skus=&skuStock=` creates `buyers` buyers,
//! each with a default address and a live session, a running flash sale of `units` units (at
//! most `maxNum` a buyer) on a seeded product, and tops up `skus` other seeded SKUs to
//! `skuStock` units for normal orders; it answers their ids and session tokens. Everything is
//! written in one transaction with batched inserts (no password hashing: the buyers never sign
//! in, their sessions are created directly). The route uses its own small pool on
//! `DATABASE_URL`, the database the server serves.

use crate::accounts::sessions::{new_token, token_hash, SESSION_IDLE_MILLIS};
use crate::config::Config;
use crate::db::{Db, DbResult};
use crate::orders::flash_sale;
use axum::extract::{Query, Request};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;
use tokio::sync::OnceCell;

/// Most samples kept per path (a 15 s run at 10,000 requests/s fits).
const MAX_SAMPLES: usize = 1_000_000;

fn samples() -> &'static Mutex<HashMap<String, Vec<u32>>> {
    static SAMPLES: OnceLock<Mutex<HashMap<String, Vec<u32>>>> = OnceLock::new();
    SAMPLES.get_or_init(Default::default)
}

/// Middleware: records the microseconds each request took, by path.
pub async fn record_latency(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let start = Instant::now();
    let response = next.run(request).await;
    let micros = start.elapsed().as_micros().min(u32::MAX as u128) as u32;
    if let Ok(mut map) = samples().lock() {
        let list = map.entry(path).or_default();
        if list.len() < MAX_SAMPLES {
            list.push(micros);
        }
    }
    response
}

/// The `q`-quantile (0..=1) of sorted samples, nearest rank.
pub fn quantile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

#[derive(Debug, Deserialize)]
struct LatencyQuery {
    path: String,
    #[serde(default)]
    reset: Option<u8>,
}

async fn latency(Query(query): Query<LatencyQuery>) -> impl IntoResponse {
    let mut list = {
        let Ok(mut map) = samples().lock() else { return Json(serde_json::json!({ "count": 0 })) };
        if query.reset == Some(1) {
            map.remove(&query.path).unwrap_or_default()
        } else {
            map.get(&query.path).cloned().unwrap_or_default()
        }
    };
    list.sort_unstable();
    Json(serde_json::json!({
        "path": query.path,
        "count": list.len(),
        "p50Us": quantile(&list, 0.50),
        "p90Us": quantile(&list, 0.90),
        "p99Us": quantile(&list, 0.99),
        "maxUs": list.last().copied().unwrap_or_default(),
    }))
}

/// The `/__bench/latency` and `/__bench/flash-sale` routes.
pub fn router() -> Router {
    Router::new().route("/__bench/latency", get(latency)).route("/__bench/flash-sale", post(flash_sale_setup))
}

// ---------------------------------------------------------------- buyers for the order benchmarks

/// Most buyers one setup creates.
const MAX_BUYERS: usize = 100_000;
/// Rows per multi-row insert (3 to 7 parameters a row; within both backends' limits).
const BATCH: usize = 500;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SetupQuery {
    #[serde(default = "default_buyers")]
    buyers: usize,
    #[serde(default = "default_units")]
    units: i64,
    #[serde(default = "default_max_num")]
    max_num: i64,
    #[serde(default)]
    skus: usize,
    #[serde(default = "default_sku_stock")]
    sku_stock: i64,
}

fn default_buyers() -> usize {
    10_000
}
fn default_units() -> i64 {
    100
}
fn default_max_num() -> i64 {
    1
}
fn default_sku_stock() -> i64 {
    1_000_000
}

/// A seeded SKU on sale: on the shelf, of an online shop.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchSku {
    pub prod_id: i64,
    pub sku_id: i64,
    pub shop_id: i64,
    pub shop_name: String,
}

/// A buyer with a default address and a live session.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchBuyer {
    pub user_id: i64,
    pub addr_id: i64,
    pub token: String,
}

/// What a setup created.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchSetup {
    pub seckill_id: i64,
    pub units: i64,
    pub max_num: i64,
    /// The flash sale's product and SKU.
    pub flash: BenchSku,
    /// SKUs of other products, topped up for normal orders.
    pub skus: Vec<BenchSku>,
    pub buyers: Vec<BenchBuyer>,
    /// The English answers of a sold-out and of a too-busy flash sale.
    pub sold_out_msg: String,
    pub busy_msg: String,
}

/// The served database, on a pool of this route's own.
async fn bench_db() -> Result<&'static Db, sqlx::Error> {
    static DB: OnceCell<Db> = OnceCell::const_new();
    DB.get_or_try_init(|| async { Db::connect(&Config::from_env().database_url).await }).await
}

async fn flash_sale_setup(Query(query): Query<SetupQuery>) -> Response {
    if query.buyers > MAX_BUYERS || query.units < 0 || query.max_num < 1 || query.sku_stock < 0 || query.skus > 100 {
        return (StatusCode::BAD_REQUEST, "buyers <= 100000, units >= 0, maxNum >= 1, skus <= 100").into_response();
    }
    let setup = async {
        let db = bench_db().await?;
        create_setup(db, &query).await
    };
    match setup.await {
        Ok(setup) => Json(setup).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "bench setup");
            (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response()
        }
    }
}

/// `?, ?, ...` as `($1, $2, $3), ($4, ...)` for `rows` rows of `width` parameters.
fn placeholders(rows: usize, width: usize) -> String {
    (0..rows)
        .map(|r| {
            let row: Vec<String> = (1..=width).map(|c| format!("${}", r * width + c)).collect();
            format!("({})", row.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

async fn create_setup(db: &Db, q: &SetupQuery) -> DbResult<BenchSetup> {
    let now = db.now();
    let mut tx = db.pool.begin().await?;
    // One SKU of each of the first products on sale: the flash sale's, then the normal ones.
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "SELECT p.prod_id, MIN(k.sku_id), p.shop_id, s.shop_name
         FROM product p JOIN sku k ON k.prod_id = p.prod_id JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.status = 1 AND k.status = 1 AND s.shop_status = 1
         GROUP BY p.prod_id, p.shop_id, s.shop_name ORDER BY p.prod_id LIMIT $1",
    )
    .bind(q.skus as i64 + 1)
    .fetch_all(&mut *tx)
    .await?;
    let mut on_sale =
        rows.into_iter().map(|(prod_id, sku_id, shop_id, shop_name)| BenchSku { prod_id, sku_id, shop_id, shop_name });
    let flash = on_sale.next().ok_or(sqlx::Error::RowNotFound)?;
    let skus: Vec<BenchSku> = on_sale.collect();
    for sku in &skus {
        sqlx::query("UPDATE sku SET stocks = $1 WHERE sku_id = $2")
            .bind(q.sku_stock)
            .bind(sku.sku_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE product SET total_stocks = (SELECT CAST(SUM(stocks) AS BIGINT) FROM sku WHERE prod_id = $1)
             WHERE prod_id = $2",
        )
        .bind(sku.prod_id)
        .bind(sku.prod_id)
        .execute(&mut *tx)
        .await?;
    }
    let (seckill_id,): (i64,) = sqlx::query_as(
        "INSERT INTO seckill (prod_id, shop_id, seckill_price, start_time, end_time, status, seckill_stocks, max_num)
         VALUES ($1, $2, 100, $3, $4, 1, $5, $6) RETURNING seckill_id",
    )
    .bind(flash.prod_id)
    .bind(flash.shop_id)
    .bind(now - 60_000)
    .bind(now + 6 * 60 * 60_000)
    .bind(q.units)
    .bind(q.max_num)
    .fetch_one(&mut *tx)
    .await?;

    let stamp = format!("{now}{:04}", rand::random_range(0..10_000u32));
    let mut buyers = Vec::with_capacity(q.buyers);
    for start in (0..q.buyers).step_by(BATCH) {
        let n = BATCH.min(q.buyers - start);
        let mails: Vec<String> = (start..start + n).map(|i| format!("bench-{stamp}-{i}@bench.invalid")).collect();
        let sql = format!(
            "INSERT INTO users (nick_name, user_mail, created_at) VALUES {} RETURNING user_id, user_mail",
            placeholders(n, 3)
        );
        let mut insert = sqlx::query_as::<_, (i64, String)>(&sql);
        for mail in &mails {
            insert = insert.bind(mail.split('@').next().unwrap_or_default().to_string()).bind(mail.clone()).bind(now);
        }
        let mut ids: HashMap<String, i64> =
            insert.fetch_all(&mut *tx).await?.into_iter().map(|(id, m)| (m, id)).collect();
        let users: Vec<i64> =
            mails.iter().map(|m| ids.remove(m).ok_or(sqlx::Error::RowNotFound)).collect::<Result<_, _>>()?;

        let sql = format!(
            "INSERT INTO user_addr (user_id, receiver, mobile, post_code, addr, common_addr, created_at) VALUES {}
             RETURNING addr_id, user_id",
            placeholders(n, 7)
        );
        let mut insert = sqlx::query_as::<_, (i64, i64)>(&sql);
        for user in &users {
            insert = insert
                .bind(*user)
                .bind("Bench Buyer")
                .bind("012345678")
                .bind("12000")
                .bind("No. 1, Street 2, Phnom Penh")
                .bind(1_i64)
                .bind(now);
        }
        let addrs: HashMap<i64, i64> = insert.fetch_all(&mut *tx).await?.into_iter().map(|(a, u)| (u, a)).collect();

        let tokens: Vec<String> = (0..n).map(|_| new_token()).collect();
        let sql = format!(
            "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES {}",
            placeholders(n, 5)
        );
        let mut insert = sqlx::query(&sql);
        for (user, token) in users.iter().zip(&tokens) {
            insert = insert.bind(token_hash(token)).bind(*user).bind(now).bind(now).bind(now + SESSION_IDLE_MILLIS);
        }
        insert.execute(&mut *tx).await?;
        for (user, token) in users.into_iter().zip(tokens) {
            let addr_id = *addrs.get(&user).ok_or(sqlx::Error::RowNotFound)?;
            buyers.push(BenchBuyer { user_id: user, addr_id, token });
        }
    }
    tx.commit().await?;
    Ok(BenchSetup {
        seckill_id,
        units: q.units,
        max_num: q.max_num,
        flash,
        skus,
        buyers,
        sold_out_msg: i18n::t(i18n::Lang::En, flash_sale::SOLD_OUT),
        busy_msg: i18n::t(i18n::Lang::En, flash_sale::BUSY),
    })
}

#[cfg(test)]
mod tests {
    use super::{placeholders, quantile};

    #[test]
    fn multi_row_placeholders() {
        assert_eq!(placeholders(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(placeholders(1, 1), "($1)");
    }

    #[test]
    fn nearest_rank_quantiles() {
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(quantile(&v, 0.5), 50);
        assert_eq!(quantile(&v, 0.99), 99);
        assert_eq!(quantile(&v, 1.0), 100);
        assert_eq!(quantile(&[], 0.5), 0);
        assert_eq!(quantile(&[7], 0.99), 7);
    }
}
