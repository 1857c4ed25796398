//! What a request tells about its client: the address (behind the configured number of
//! trusted proxies) and whether it came over HTTPS, read in one place so that every rate limit
//! and every `Secure` cookie agrees; and [`RequestInfo`], those facts as an extractor.

use crate::http::auth::request_token;
use crate::http::error::ApiError;
use crate::http::extract::request_lang;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use i18n::Lang;
use std::net::SocketAddr;

/// The client's address. With `trusted_proxies` reverse proxies in front, each appended the
/// address it saw to `X-Forwarded-For`, so the client is the entry that many places from the
/// right (entries further left were written by the client and prove nothing); fewer entries
/// than proxies means the innermost ones were skipped, and the left-most entry is the client.
/// With no trusted proxy, or no header, the connection's peer; `local` for in-process calls.
pub fn client_addr(headers: &HeaderMap, peer: Option<SocketAddr>, trusted_proxies: usize) -> String {
    let peer = peer.map(|p| p.ip().to_string()).unwrap_or_else(|| "local".into());
    if trusted_proxies == 0 {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    if entries.is_empty() {
        return peer;
    }
    let entry = entries[entries.len().saturating_sub(trusted_proxies)];
    match entry.parse::<std::net::IpAddr>() {
        Ok(ip) => ip.to_string(),
        Err(_) => entry.chars().take(64).collect(),
    }
}

/// Whether the request reached us over HTTPS (directly or through a proxy that says so).
pub fn is_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').next().is_some_and(|p| p.trim().eq_ignore_ascii_case("https")))
}

/// Facts about the request that calls which count or remember the client need (sign-in,
/// codes, page visits): its address, whether it came over HTTPS, its language and session.
pub struct RequestInfo {
    pub addr: String,
    pub https: bool,
    pub lang: Lang,
    pub token: Option<String>,
    pub headers: HeaderMap,
}

impl FromRequestParts<AppState> for RequestInfo {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
        Ok(Self {
            addr: client_addr(&parts.headers, peer, state.config.trusted_proxies),
            https: is_https(&parts.headers),
            lang: request_lang(&parts.headers),
            token: request_token(&parts.headers),
            headers: parts.headers.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_address_is_the_entry_the_trusted_proxies_added() {
        let peer: SocketAddr = "10.0.0.9:4000".parse().unwrap();
        let headers = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert("x-forwarded-for", v.parse().unwrap());
            h
        };
        let spoofed = headers("6.6.6.6, 1.2.3.4");
        // No trusted proxy: the header is ignored, whoever sent it.
        assert_eq!(client_addr(&spoofed, Some(peer), 0), "10.0.0.9");
        // One proxy: the right-most entry is what it saw; the client's own entries are skipped.
        assert_eq!(client_addr(&spoofed, Some(peer), 1), "1.2.3.4");
        assert_eq!(client_addr(&headers("6.6.6.6, 1.2.3.4, 10.0.0.2"), Some(peer), 2), "1.2.3.4");
        assert_eq!(client_addr(&headers("1.2.3.4"), Some(peer), 2), "1.2.3.4");
        assert_eq!(client_addr(&HeaderMap::new(), Some(peer), 1), "10.0.0.9");
        assert_eq!(client_addr(&HeaderMap::new(), None, 0), "local");
    }
}
