//! Server-side latency for `make bench` (only with `MALL_BENCH=1`): the time from the request
//! reaching the application to its answer being ready, per path, without the queueing on
//! sockets and the load generator's own share of this machine's two cores that the
//! client-side figures of wrk include. `GET /__bench/latency?path=/api/search/suggestions`
//! answers the percentiles; `&reset=1` clears that path's samples afterwards.

use axum::extract::{Query, Request};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

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

/// The `/__bench/latency` route.
pub fn router() -> Router {
    Router::new().route("/__bench/latency", get(latency))
}

#[cfg(test)]
mod tests {
    use super::quantile;

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
