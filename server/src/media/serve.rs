//! `GET /media/<name>`: a stored picture, exactly as stored. The name is checked to be a stored
//! name before the folder is touched; the content type is that of the format the upload was
//! checked to be (the extension of its stored name); the answer is cached for a year as
//! immutable (a name is the hash of its content), never sniffed (`nosniff`) and sandboxed by
//! its own Content-Security-Policy, so even a browser opening it on its own runs nothing.

use crate::media::store;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// A stored picture never changes.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The policy of a picture opened on its own: nothing loads, nothing runs.
pub const MEDIA_CSP: &str = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

pub fn router(state: AppState) -> Router {
    Router::new().route("/media/{name}", get(serve)).with_state(state)
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], "Not found")
        .into_response()
}

async fn serve(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    let Some(format) = store::is_stored_name(&name) else { return not_found() };
    let bytes = match tokio::fs::read(state.config.media_dir().join(&name)).await {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return not_found(),
        Err(e) => {
            tracing::error!(error = %e, %name, "reading a stored picture failed");
            return (StatusCode::SERVICE_UNAVAILABLE, [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))])
                .into_response();
        }
    };
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(format.content_type())),
            (header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE)),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(MEDIA_CSP)),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("inline")),
        ],
        bytes,
    )
        .into_response()
}
