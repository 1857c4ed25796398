//! Cross-site request forgery guard for `/api`: a state-changing request (POST, PUT, DELETE,
//! PATCH) whose `Origin` (or, without it, `Referer`) names another host than the one it was
//! sent to is refused with `A00001`. Requests naming no origin (server-side calls, tests,
//! command-line clients) pass; browsers always send `Origin` on cross-site requests that
//! change state, and the session cookie is `SameSite=Lax` besides.

use crate::http::error::ApiError;
use axum::extract::Request;
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// `host[:port]` in lower case, without the default ports.
fn normalize(authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    let a = a.rsplit_once('@').map(|(_, host)| host.to_string()).unwrap_or(a);
    a.strip_suffix(":443").or_else(|| a.strip_suffix(":80")).map(str::to_string).unwrap_or(a)
}

/// The authority named by `Origin`, else by `Referer` (an empty `Origin` names nothing);
/// `Some("null")` for an opaque origin or a value that is not text.
fn source_authority(headers: &HeaderMap) -> Option<String> {
    let named = |name: header::HeaderName| {
        headers.get(name).map(|v| v.to_str().unwrap_or("null").trim().to_string()).filter(|v| !v.is_empty())
    };
    let value = named(header::ORIGIN).or_else(|| named(header::REFERER))?;
    let Some((_, rest)) = value.split_once("://") else { return Some("null".into()) };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    Some(normalize(authority))
}

/// Whether a request comes from a page of the host it is sent to (or names no origin).
pub fn same_origin(method: &Method, uri_authority: Option<&str>, headers: &HeaderMap) -> bool {
    if !matches!(*method, Method::POST | Method::PUT | Method::DELETE | Method::PATCH) {
        return true;
    }
    let Some(source) = source_authority(headers) else { return true };
    let mut targets = [header::HOST.as_str(), "x-forwarded-host"]
        .into_iter()
        .filter_map(|name| headers.get(name).and_then(|v| v.to_str().ok()))
        .flat_map(|v| v.split(','))
        .chain(uri_authority)
        .map(normalize);
    targets.any(|t| !t.is_empty() && t == source)
}

/// Middleware refusing cross-origin state-changing requests.
pub async fn guard(request: Request, next: Next) -> Response {
    let authority = request.uri().authority().map(|a| a.as_str().to_string());
    if !same_origin(request.method(), authority.as_deref(), request.headers()) {
        tracing::warn!(path = %request.uri().path(), "cross-origin request refused");
        return ApiError::bad("error-cross-origin").into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::http::header_map as h;

    #[test]
    fn origins() {
        let post = Method::POST;
        assert!(same_origin(&post, None, &h(&[])));
        assert!(same_origin(&post, None, &h(&[("host", "mall.test:3000"), ("origin", "http://mall.test:3000")])));
        assert!(same_origin(&post, None, &h(&[("host", "mall.test"), ("origin", "https://mall.test:443")])));
        assert!(same_origin(&post, None, &h(&[("host", "mall.test"), ("referer", "https://mall.test/list?x=1")])));
        assert!(!same_origin(&post, None, &h(&[("host", "mall.test"), ("origin", "https://evil.test")])));
        assert!(!same_origin(&post, None, &h(&[("host", "mall.test"), ("origin", "null")])));
        assert!(!same_origin(&post, None, &h(&[("origin", "https://evil.test")])));
        assert!(!same_origin(&post, None, &h(&[("host", "mall.test"), ("referer", "https://mall.test.evil.test/")])));
        assert!(same_origin(&Method::GET, None, &h(&[("host", "mall.test"), ("origin", "https://evil.test")])));
        assert!(same_origin(&post, Some("mall.test"), &h(&[("origin", "https://mall.test")])));
    }

    #[test]
    fn an_empty_origin_with_a_foreign_referer_is_refused() {
        let post = Method::POST;
        let forged = h(&[("host", "mall.test"), ("origin", ""), ("referer", "https://evil.test/page")]);
        assert!(!same_origin(&post, None, &forged));
        let own = h(&[("host", "mall.test"), ("origin", " "), ("referer", "https://mall.test/cart")]);
        assert!(same_origin(&post, None, &own));
    }
}
