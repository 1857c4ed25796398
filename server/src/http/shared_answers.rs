//! Answers that are the same for every caller ([`api::paths::SHARED_ANSWERS`]): marked
//! cacheable by HTTP's own rules, and reused for a few seconds by the server's page rendering.
//!
//! A signed-in buyer's page is rendered on every request (nothing of theirs is cached), but
//! most of what it shows (the banners, the category tree, product lists, the site's settings)
//! is what a guest sees. [`mark`] says so in the answer (`Cache-Control: public`); the pages'
//! in-process path keeps only answers marked that way (`web::shared_answers`).

use axum::extract::{MatchedPath, Request};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::time::Duration;

/// How long a shared answer may be reused: the guest pages' cache age.
pub const MAX_AGE: Duration = Duration::from_secs(5);

const CACHE_CONTROL_VALUE: &str = "public, max-age=5";

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
