//! The web side of the server: server-side rendering of the Leptos app, static assets
//! (hashed, long-cached, precompressed) and the Vite widget manifest.

pub mod assets;
pub mod bench;
pub mod node;
pub mod qr;
pub mod security_headers;
pub mod seo;
pub mod shared_answers;
pub mod ssr;

use crate::state::AppState;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;

/// The whole application: `/api`, assets, media and every page.
pub fn app(state: AppState, leptos_options: leptos::config::LeptosOptions) -> Router {
    let api = crate::routes::api_router(state.clone());
    let security = std::sync::Arc::new(security_headers::SecurityHeaders::new(
        &app::shell::hydration_scripts_html(leptos_options.clone()),
        &[app::components::IMG_FALLBACK],
        state.config.trusted_proxies,
    ));
    let ssr_state = ssr::SsrState::new(state.clone(), leptos_options.clone(), api.clone());
    let bench_mode = state.config.bench_mode;
    let served_by = node::served_by_value(&state.config.node_name);
    let router = Router::new()
        .nest("/api", api)
        .merge(assets::router(&state.config, &leptos_options))
        .merge(crate::demo::media::router())
        .merge(crate::media::site_router(state.clone()))
        .merge(qr::router())
        .merge(seo::router(state.clone()))
        .merge(crate::accounts::logout::router(state.clone()))
        .merge(crate::routes::form_router(state.clone()))
        .merge(node::router().with_state(state.clone()))
        .merge(ssr::router(ssr_state));
    let router = if bench_mode {
        router.merge(bench::router()).layer(axum::middleware::from_fn(bench::record_latency))
    } else {
        router
    };
    router
        .layer(CatchPanicLayer::custom(page_panic))
        .layer(axum::middleware::from_fn_with_state(security, security_headers::add))
        // Pages and API answers are compressed on the fly; static files come precompressed.
        .layer(CompressionLayer::new().br(true).gzip(true))
        // Outermost, so that every answer names its node, a panic's or a refusal's included.
        .layer(axum::middleware::from_fn_with_state(served_by, node::served_by))
}

/// A page that panicked while rendering: logged, answered without any internals.
fn page_panic(err: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = err
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    tracing::error!(%detail, "page rendering panicked");
    // The page may have panicked before its language was known: the catalogue's English text.
    let text = html_escape::encode_text(&i18n::t(i18n::Lang::En, "error-server-hiccup")).into_owned();
    let home = html_escape::encode_text(&i18n::t(i18n::Lang::En, "not-found-home")).into_owned();
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        format!(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{text}</title></head>\
             <body><p>{text}</p><p><a href=\"/\">{home}</a></p></body></html>"
        ),
    )
        .into_response()
}
