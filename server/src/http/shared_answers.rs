//! Answers that are the same for every caller ([`api::paths::SHARED_ANSWERS`]): marked
//! cacheable by HTTP's own rules, and reused for a few seconds by the server's page rendering.
//!
//! A signed-in buyer's page is rendered on every request (nothing of theirs is cached), but
//! most of what it shows (the banners, the category tree, product lists, the site's settings)
//! is what a guest sees. [`mark`] says so in the answer (`Cache-Control: public`), and
//! [`SharedCache`] is the shared cache of the in-process path: it keeps only answers marked
//! that way, keyed by path, query and language, so the page still speaks the one contract and
//! nothing that belongs to one buyer is ever kept.

use crate::cache::TtlCache;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use std::sync::Arc;
use std::time::Duration;

/// How long a shared answer may be reused: the guest pages' cache age.
pub const MAX_AGE: Duration = Duration::from_secs(5);

const CACHE_CONTROL_VALUE: &str = "public, max-age=5";

/// Largest answer kept (a product list page is a few KB).
const MAX_KEPT: usize = 256 * 1024;

/// Whether the route `pattern` (as matched, with or without the `/api` prefix) is shared.
fn is_shared(pattern: &str) -> bool {
    let pattern = pattern.strip_prefix("/api").unwrap_or(pattern);
    api::paths::SHARED_ANSWERS.contains(&pattern)
}

/// Route layer of the API: a successful `GET` answer of a shared route is marked public for
/// [`MAX_AGE`], varying by the `locale` header. Refusals are never marked.
pub async fn mark(request: Request, next: Next) -> Response {
    let shared = request.method() == Method::GET
        && request.extensions().get::<MatchedPath>().is_some_and(|path| is_shared(path.as_str()));
    let mut response = next.run(request).await;
    let refused = response.extensions().get::<super::error::PendingError>().is_some();
    if shared && response.status() == StatusCode::OK && !refused {
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE_CONTROL_VALUE));
        headers.append(header::VARY, HeaderValue::from_static("locale"));
    }
    response
}

/// A kept answer: its headers and bytes.
#[derive(Clone)]
struct Kept {
    headers: axum::http::HeaderMap,
    body: Bytes,
}

/// The shared cache in front of the in-process API (see the module's documentation).
#[derive(Clone)]
pub struct SharedCache {
    answers: Arc<TtlCache<(String, i18n::Lang), Kept>>,
}

impl Default for SharedCache {
    fn default() -> Self {
        Self { answers: Arc::new(TtlCache::new(MAX_AGE, 2048)) }
    }
}

impl SharedCache {
    /// `api` behind this cache.
    pub fn in_front_of(self, api: axum::Router) -> axum::Router {
        api.layer(axum::middleware::from_fn_with_state(self, serve))
    }
}

fn is_public(response: &Response) -> bool {
    response
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|d| d.trim() == "public"))
}

async fn serve(State(cache): State<SharedCache>, request: Request, next: Next) -> Response {
    if request.method() != Method::GET {
        return next.run(request).await;
    }
    let key = (
        request.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default(),
        super::extract::request_lang(request.headers()),
    );
    if let Some(kept) = cache.answers.get(&key) {
        let mut response = Body::from(kept.body).into_response();
        *response.headers_mut() = kept.headers;
        return response;
    }
    let response = next.run(request).await;
    if response.status() != StatusCode::OK || !is_public(&response) {
        return response;
    }
    // Only bodies of a known, small size are kept (JSON answers are one buffer).
    let size = axum::body::HttpBody::size_hint(response.body()).exact();
    if size.is_none_or(|size| size as usize > MAX_KEPT) {
        return response;
    }
    let (parts, body) = response.into_parts();
    match axum::body::to_bytes(body, MAX_KEPT).await {
        Ok(body) => {
            cache.answers.insert(key, Kept { headers: parts.headers.clone(), body: body.clone() });
            Response::from_parts(parts, Body::from(body))
        }
        Err(e) => super::error::ApiError::Internal(format!("shared answer: {e}")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_routes_are_recognised_with_or_without_the_api_prefix() {
        assert!(is_shared(api::paths::SEARCH_PAGE));
        assert!(is_shared(&format!("/api{}", api::paths::INDEX_IMGS)));
        assert!(!is_shared(api::paths::PROD_INFO));
        assert!(!is_shared(api::paths::SHOP_CART_PROD_COUNT));
    }
}
