//! The server as one node of a cluster behind a load balancer: every answer names the node
//! that gave it (`X-Served-By`, from [`Config::node_name`](crate::config::Config::node_name)),
//! and two probes tell the balancer and the service manager what the node can do:
//!
//! - `GET /health/live` ([`LIVE_PATH`]): 200 while the process serves at all.
//! - `GET /health/ready` ([`READY_PATH`]): 200 only once this build's migrations are applied,
//!   the database answers (within [`DB_TIMEOUT`]) and the search index is built; otherwise 503.
//!   A node whose index is still building, or whose database went away, is taken out of the
//!   rotation by the balancer's health check and put back when it answers 200 again.
//!
//! Both answer a small JSON object (`{"status":"UP"|"DOWN","node":...,"checks":{...}}`), never
//! cached, for operators' tools; they carry no user-facing text.

use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use std::time::Duration;

/// The header naming the node that answered.
pub const SERVED_BY: HeaderName = HeaderName::from_static("x-served-by");
/// The readiness probe.
pub const READY_PATH: &str = "/health/ready";
/// The liveness probe.
pub const LIVE_PATH: &str = "/health/live";
/// How long the readiness probe waits for the database.
pub const DB_TIMEOUT: Duration = Duration::from_secs(2);

/// The probes' routes.
pub fn router() -> Router<AppState> {
    Router::new().route(READY_PATH, get(ready)).route(LIVE_PATH, get(live))
}

/// The value of [`SERVED_BY`] for a node name ([`crate::config::node_name`] keeps it valid).
pub fn served_by_value(node_name: &str) -> HeaderValue {
    HeaderValue::from_str(node_name).unwrap_or_else(|_| HeaderValue::from_static("node"))
}

/// Middleware: [`SERVED_BY`] on every answer, pages, assets, API and errors alike.
pub async fn served_by(State(value): State<HeaderValue>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response.headers_mut().insert(SERVED_BY, value);
    response
}

async fn live(State(state): State<AppState>) -> Response {
    probe_answer(true, &state.config.node_name, json!({}))
}

async fn ready(State(state): State<AppState>) -> Response {
    let (database, migrations) = match tokio::time::timeout(DB_TIMEOUT, state.db.migrations_applied()).await {
        Ok(Ok(applied)) => (true, applied),
        Ok(Err(error)) => {
            tracing::warn!("readiness: the database did not answer: {error}");
            (false, false)
        }
        Err(_) => {
            tracing::warn!("readiness: the database did not answer within {DB_TIMEOUT:?}");
            (false, false)
        }
    };
    let search = state.search.is_ready();
    let checks = json!({ "database": database, "migrations": migrations, "search": search });
    probe_answer(database && migrations && search, &state.config.node_name, checks)
}

fn probe_answer(up: bool, node: &str, checks: serde_json::Value) -> Response {
    let status = if up { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let body = json!({ "status": if up { "UP" } else { "DOWN" }, "node": node, "checks": checks });
    (status, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}
