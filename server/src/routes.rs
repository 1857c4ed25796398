//! The routers that merge every domain, assembled here above them all (the domains build on
//! `http`, and `http` names none of them): [`form_router`], the HTML-first actions, and
//! [`api_router`], the provider API of spec section 7 (mounted under `/api`), each domain's
//! `router()` merged with the layers every endpoint shares. Development tools are wired in here
//! too, so no domain names `demo`.

use crate::http::error::{panic_to_envelope, translate_errors, ApiError};
use crate::http::{csrf, shared_answers, MAX_BODY_BYTES};
use crate::state::AppState;
use axum::extract::DefaultBodyLimit;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;

/// The HTML-first actions (`api::forms`): plain form posts beside the pages, each handled by
/// its domain's code and answered with a redirect (`forms`). Guarded against other sites'
/// posts like the API.
pub fn form_router(state: AppState) -> Router {
    Router::new()
        .merge(crate::cart::form_router())
        .merge(crate::accounts::form_router())
        .merge(crate::favourites::form_router())
        .merge(crate::shops::form_router())
        .merge(crate::deals::form_router())
        .merge(crate::orders::form_router())
        .merge(crate::payments::form_router())
        .merge(crate::wallet::form_router())
        .merge(crate::users::form_router())
        .merge(crate::addresses::form_router())
        .layer(axum::middleware::from_fn(csrf::guard))
        .layer(CatchPanicLayer::custom(panic_to_envelope))
        .with_state(state)
}

/// The API router, to be nested under `/api`. Server-side rendering dispatches into it
/// in-process and the tests call it with `oneshot`, so this is the one assembly of the API.
pub fn api_router(state: AppState) -> Router {
    crate::payments::transport::mount_in_process(api_router);
    // Development tools exist only when asked for (`MALL_DEV=1`).
    let dev_tools = if state.config.dev_mode {
        crate::demo::dev_tools::router().merge(crate::demo::dev_gateway::router())
    } else {
        Router::new()
    };
    Router::new()
        .merge(crate::site_config::router())
        .merge(crate::notices::router())
        .merge(crate::catalog::router())
        .merge(crate::shops::router())
        .merge(crate::deals::router())
        .merge(crate::search::router())
        .merge(crate::comparison::router())
        .merge(crate::analytics::router())
        .merge(crate::accounts::router())
        .merge(crate::cart::router())
        .merge(crate::addresses::router())
        .merge(crate::orders::router())
        .merge(crate::payments::router())
        .merge(crate::refunds::router())
        .merge(crate::reviews::router())
        .merge(crate::invoices::router())
        .merge(crate::users::router())
        .merge(crate::media::router())
        .merge(crate::favourites::router())
        .merge(crate::footprints::router())
        .merge(crate::members::router())
        .merge(crate::wallet::router())
        .merge(crate::points_mall::router())
        .merge(crate::chat::router())
        .merge(dev_tools)
        .route(api::openapi::PATH, axum::routing::get(openapi_document))
        .route_layer(axum::middleware::from_fn(shared_answers::mark))
        .fallback(|| async { ApiError::NotFound })
        .method_not_allowed_fallback(|| async { ApiError::NotFound })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(csrf::guard))
        .layer(CatchPanicLayer::custom(panic_to_envelope))
        .layer(axum::middleware::from_fn(translate_errors))
        .with_state(state)
}

/// `GET /api/openapi.json`: the OpenAPI 3.1 document of this API, built once from the contract.
async fn openapi_document() -> axum::response::Response {
    use axum::response::IntoResponse;
    static DOCUMENT: std::sync::LazyLock<Result<String, String>> =
        std::sync::LazyLock::new(|| api::openapi::json().map_err(|e| e.to_string()));
    match &*DOCUMENT {
        Ok(json) => (
            [
                (axum::http::header::CONTENT_TYPE, "application/json"),
                (axum::http::header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            json.clone(),
        )
            .into_response(),
        Err(e) => ApiError::Internal(format!("OpenAPI document: {e}")).into_response(),
    }
}
