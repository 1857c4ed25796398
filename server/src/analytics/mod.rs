//! Page-visit tracking (spec section 7, "Analytics": `/flowAnalysisLog` for guests,
//! `/p/flowAnalysisLog` for signed-in buyers).
//!
//! - `handlers.rs`: the calls, their bounds and per-visitor and per-address budgets;
//! - `repo.rs`: the sqlx writes and the pruning [`crate::housekeeping`] runs.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::extract::DefaultBodyLimit;
use axum::routing::post;
use axum::Router;

/// The tracking endpoints; their bodies are bounded more tightly than the API's default.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::FLOW_ANALYSIS_LOG, post(handlers::flow_log_guest))
        .route(paths::FLOW_ANALYSIS_LOG_SIGNED_IN, post(handlers::flow_log_signed_in))
        .layer(DefaultBodyLimit::max(handlers::MAX_BODY_BYTES))
}
