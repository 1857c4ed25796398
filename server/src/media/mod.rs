//! Media: pictures buyers upload (spec section 5 "Image upload limits 2MB or 10MB"; the
//! avatar of `/user-center/uc-account`, a shop application's qualification pictures, later
//! review and refund pictures), stored under a content-hash name and served from `/media/`.
//!
//! - `POST /api/p/file/upload` (mall4j's file upload; multipart, one `file` part, `kind`
//!   `avatar` or `image`): signed in only, counted against the buyer's hourly budget before
//!   anything is read, judged by content (`rules.rs`), stored once per content in the media
//!   folder ([`crate::config::Config::media_dir`]) as `<sha256 hex>.<true extension>`, recorded
//!   (`repo.rs`: the file, and who uploaded it as what kind), answered with its path
//!   `/media/<name>`;
//! - `GET /media/<name>` (`serve.rs`): the stored bytes as they are, with the content type of
//!   their checked format, cached for a year (a name never changes its content), `nosniff` and
//!   a sandboxing policy, so nothing in them is ever sniffed or run.

pub mod handlers;
pub mod repo;
pub mod rules;
pub mod serve;
pub mod store;

use crate::state::AppState;
use api::paths;
use axum::extract::DefaultBodyLimit;
use axum::routing::post;
use axum::Router;

/// Largest upload request body: the largest picture and room for the multipart framing and a
/// `kind` field. Larger bodies are refused while they are read.
pub const MAX_UPLOAD_BODY: usize = api::users::IMAGE_MAX_BYTES as usize + 64 * 1024;

/// The upload endpoint (merged into the API).
pub fn router() -> Router<AppState> {
    Router::new().route(paths::FILE_UPLOAD, post(handlers::upload).layer(DefaultBodyLimit::max(MAX_UPLOAD_BODY)))
}

/// `/media/<name>`, the stored pictures (merged at the site root).
pub fn site_router(state: AppState) -> Router {
    serve::router(state)
}
