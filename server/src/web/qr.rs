//! `/media/qr.svg`: the QR code of the mobile mall (the site's own address), shown in the
//! header's "Mobile Mall" panel and the footer when the web config has no QR image.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use qrcode::render::svg;
use qrcode::QrCode;

pub fn router() -> Router {
    Router::new().route("/media/qr.svg", get(qr_of_site))
}

/// The SVG QR code of `url`, 100 px (the spec's sample QR size).
pub fn qr_svg(url: &str) -> Option<String> {
    let code = QrCode::new(url.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color>()
            .min_dimensions(100, 100)
            .quiet_zone(true)
            .dark_color(svg::Color("#222"))
            .light_color(svg::Color("#fff"))
            .build(),
    )
}

async fn qr_of_site(headers: HeaderMap) -> Response {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.len() <= 255 && h.bytes().all(|b| b.is_ascii_alphanumeric() || b".:-[]".contains(&b)))
        .unwrap_or("127.0.0.1:3000");
    match qr_svg(&format!("http://{host}/")) {
        Some(svg) => ([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")], svg)
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn renders_an_svg() {
        let svg = super::qr_svg("http://127.0.0.1:3000/").unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"));
    }
}
