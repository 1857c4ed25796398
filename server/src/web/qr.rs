//! `/media/qr.svg`: the QR code of the mobile mall (the site's own address), shown in the
//! header's "Mobile Mall" panel and the footer when the web config has no QR image; with
//! `?path=/detail?prodId=1`, the QR code of that page of the site (the share card).

use axum::extract::Query;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

pub fn router() -> Router {
    Router::new().route("/media/qr.svg", get(qr_of_site))
}

#[derive(Debug, Default, serde::Deserialize)]
struct QrQuery {
    path: Option<String>,
}

/// Longest page path a QR code is made for.
const MAX_QR_PATH: usize = 512;

/// A same-site path: starts with one `/`, short, no control characters.
fn site_path(path: Option<&str>) -> Option<&str> {
    match path {
        None => Some("/"),
        Some(p)
            if p.starts_with('/')
                && !p.starts_with("//")
                && p.len() <= MAX_QR_PATH
                && !p.chars().any(char::is_control) =>
        {
            Some(p)
        }
        Some(_) => None,
    }
}

async fn qr_of_site(headers: HeaderMap, Query(query): Query<QrQuery>) -> Response {
    let path = query.path.as_deref();
    let Some(path) = site_path(path) else { return StatusCode::NOT_FOUND.into_response() };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.len() <= 255 && h.bytes().all(|b| b.is_ascii_alphanumeric() || b".:-[]".contains(&b)))
        .unwrap_or("127.0.0.1:3000");
    match crate::qr::qr_svg(&format!("http://{host}{path}")) {
        Some(svg) => ([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")], svg)
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_same_site_paths() {
        assert_eq!(super::site_path(None), Some("/"));
        assert_eq!(super::site_path(Some("/detail?prodId=1")), Some("/detail?prodId=1"));
        for bad in ["//evil.example/", "http://evil.example/", "detail", "/a\nb"] {
            assert_eq!(super::site_path(Some(bad)), None, "{bad}");
        }
        assert_eq!(super::site_path(Some(&format!("/{}", "a".repeat(600)))), None);
    }
}
