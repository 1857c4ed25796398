//! The security headers of every answer: a Content-Security-Policy the pages really work under
//! (the one inline script, the islands' loader, by its hash; WebAssembly compilation allowed;
//! no plugins, no framing, no foreign `<base>`), `X-Content-Type-Options: nosniff` (generated
//! SVG media included), a referrer policy, a permissions policy, and HSTS when a trusted proxy
//! says the request came over HTTPS.
//!
//! The two policies only govern documents (and SVG, which a browser can open as one); a
//! script, wasm module, stylesheet, JSON answer, font or raster image ignores them. Those go
//! without them: the policy is about 700 bytes, and a page fetches dozens of wasm chunks.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// The headers, worked out once at start-up.
#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
    trusted_proxies: usize,
}

const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=(), browsing-topics=()";
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// `'sha256-…'` of a script's text.
pub fn hash_source(text: &str) -> String {
    format!("'sha256-{}'", STANDARD.encode(Sha256::digest(text.as_bytes())))
}

/// The text of every inline `<script>` (one without `src`, and not a JSON data block) in `html`.
pub fn inline_scripts(html: &str) -> Vec<&str> {
    let mut scripts = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let after = &rest[start..];
        let Some(open_end) = after.find('>') else { break };
        let open_tag = &after[..open_end];
        let body = &after[open_end + 1..];
        let Some(close) = body.find("</script>") else { break };
        // Data blocks (JSON, JSON-LD) are never executed, so the CSP does not govern them.
        let data = open_tag.contains("application/json") || open_tag.contains("application/ld+json");
        if !open_tag.contains(" src=") && !data {
            scripts.push(&body[..close]);
        }
        rest = &body[close..];
    }
    scripts
}

/// The data scripts Leptos's server rendering writes into every page for resources and
/// errors. In islands mode nothing is serialized into them, so they are always these; a page
/// that ever serialized a resource would fail the CSP and the tests that render every page.
pub const EMPTY_RESOURCE_SCRIPTS: [&str; 2] = [
    "__RESOLVED_RESOURCES=[];__SERIALIZED_ERRORS=[];__PENDING_RESOURCES=[];__RESOURCE_RESOLVERS=[];",
    "__INCOMPLETE_CHUNKS=[];",
];

impl SecurityHeaders {
    /// `hydration_html` is the islands' loader markup every page carries; `inline_handlers`
    /// the fixed inline event handlers the pages use (the picture fallback).
    pub fn new(hydration_html: &str, inline_handlers: &[&str], trusted_proxies: usize) -> Self {
        let scripts: Vec<String> =
            inline_scripts(hydration_html).into_iter().chain(EMPTY_RESOURCE_SCRIPTS).map(hash_source).collect();
        let handlers: Vec<String> = inline_handlers.iter().map(|h| hash_source(h)).collect();
        let csp = [
            "default-src 'self'".to_string(),
            format!(
                "script-src 'self' 'wasm-unsafe-eval' {} 'unsafe-hashes' {}",
                scripts.join(" "),
                handlers.join(" ")
            ),
            // Leptos writes `style` attributes (decorated blocks' colours and sizes).
            "style-src 'self' 'unsafe-inline'".to_string(),
            // Pictures may come from a media host or CDN; they cannot run code.
            "img-src 'self' data: blob: https:".to_string(),
            "font-src 'self'".to_string(),
            "connect-src 'self'".to_string(),
            "frame-ancestors 'none'".to_string(),
            "frame-src 'none'".to_string(),
            "object-src 'none'".to_string(),
            "base-uri 'self'".to_string(),
            // ABA PayWay's checkout is a form the browser posts to PayWay itself.
            format!(
                "form-action 'self' {} {}",
                crate::payments::gateways::aba::LIVE_API_BASE,
                crate::payments::gateways::aba::SANDBOX_API_BASE
            ),
        ]
        .join("; ");
        let csp = HeaderValue::from_str(&csp).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        Self { csp, trusted_proxies }
    }
}

/// Middleware adding the headers to every answer (handlers may set a stricter one first).
pub async fn add(State(headers): State<Arc<SecurityHeaders>>, request: Request, next: Next) -> Response {
    let https = headers.trusted_proxies > 0 && crate::http::client::is_https(request.headers());
    let mut response = next.run(request).await;
    let out = response.headers_mut();
    let content_type = out.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !never_a_document(content_type) {
        out.entry(header::CONTENT_SECURITY_POLICY).or_insert_with(|| headers.csp.clone());
        out.insert("permissions-policy", HeaderValue::from_static(PERMISSIONS_POLICY));
    }
    out.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    out.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if https {
        out.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    response
}

/// Content a browser never renders as a document (with `nosniff`, it is only ever run, styled
/// or decoded as what it says it is). Anything else, unknown types included, gets the policies.
fn never_a_document(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    matches!(
        essence.as_str(),
        "application/wasm"
            | "text/javascript"
            | "application/javascript"
            | "text/css"
            | "application/json"
            | "image/png"
            | "image/jpeg"
            | "image/webp"
            | "image/avif"
            | "image/gif"
    ) || essence.starts_with("font/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policies_stay_on_what_can_be_a_document() {
        for kind in ["text/html; charset=utf-8", "image/svg+xml", "application/xml", "text/plain", ""] {
            assert!(!never_a_document(kind), "{kind}");
        }
        for kind in [
            "application/wasm",
            "text/javascript; charset=utf-8",
            "text/css",
            "application/json",
            "font/woff2",
            "image/webp",
        ] {
            assert!(never_a_document(kind), "{kind}");
        }
    }

    #[test]
    fn hashes_inline_scripts_only() {
        let html = r#"<link rel="modulepreload" href="/pkg/mall.js"><script type="module" src="/x.js"></script><script>alert(1)</script>"#;
        assert_eq!(inline_scripts(html), vec!["alert(1)"]);
        // The value browsers compute for `alert(1)`.
        assert_eq!(hash_source("alert(1)"), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    }
}
