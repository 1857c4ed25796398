//! The provider API of spec section 7, mounted under `/api`. Each domain module exposes
//! `router()`; they are merged here with the layers every endpoint shares.

pub mod account;
pub mod analytics;
pub mod auth;
pub mod browse;
pub mod config;
pub mod csrf;
pub mod dev;
pub mod extract;
pub mod marketing;
pub mod notice;
pub mod search;

use crate::error::{panic_to_envelope, translate_errors, ApiError};
use crate::state::AppState;
use axum::extract::DefaultBodyLimit;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;

/// Largest request body the API accepts (JSON payloads are small; uploads are separate).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The API router, to be nested under `/api`.
pub fn router(state: AppState) -> Router {
    // Development tools exist only when asked for (`MALL_DEV=1`).
    let dev_tools = if state.config.dev_mode { dev::router() } else { Router::new() };
    Router::new()
        .merge(config::router())
        .merge(notice::router())
        .merge(browse::router())
        .merge(marketing::router())
        .merge(search::router())
        .merge(analytics::router())
        .merge(account::router())
        .merge(dev_tools)
        .fallback(|| async { ApiError::NotFound })
        .method_not_allowed_fallback(|| async { ApiError::NotFound })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(csrf::guard))
        .layer(CatchPanicLayer::custom(panic_to_envelope))
        .layer(axum::middleware::from_fn(translate_errors))
        .with_state(state)
}
