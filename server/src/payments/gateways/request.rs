//! Secrets, the requests the HTTP layer sends, the answers it hands back and what every call
//! needs besides its own data.

use super::GatewayError;
use http::Method;
use serde_json::Value;
use std::fmt;

/// A key or secret of a gateway's configuration. Its `Debug` never shows the value, so a
/// configuration can be logged.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The value, for signing.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() { "Secret(<empty>)" } else { "Secret(<redacted>)" })
    }
}

/// A request for the HTTP layer to send. Its `Debug` hides the `Authorization` header.
#[derive(Clone, PartialEq, Eq)]
pub struct OutboundRequest {
    pub method: Method,
    pub url: String,
    /// Header names in lower case, in the order they were added.
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl OutboundRequest {
    pub fn new(method: Method, url: impl Into<String>) -> Self {
        OutboundRequest { method, url: url.into(), headers: Vec::new(), body: Vec::new() }
    }

    /// Adds a header (`name` in lower case).
    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    /// Sets the body and its `content-type`.
    pub fn with_body(self, content_type: impl Into<String>, body: impl Into<Vec<u8>>) -> Self {
        let mut request = self.with_header("content-type", content_type);
        request.body = body.into();
        request
    }

    /// The first value of a header, by case-insensitive name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as text (every body built here is UTF-8).
    pub fn body_text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap_or_default()
    }
}

impl fmt::Debug for OutboundRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(n, v)| (*n, if n.eq_ignore_ascii_case("authorization") { "<redacted>" } else { v.as_str() }))
            .collect();
        f.debug_struct("OutboundRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_bytes", &self.body.len())
            .finish()
    }
}

/// A gateway's answer to an [`OutboundRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer<'a> {
    pub status: u16,
    pub body: &'a [u8],
}

impl Answer<'_> {
    /// The body as JSON.
    pub fn json(&self) -> Result<Value, GatewayError> {
        serde_json::from_slice(self.body)
            .map_err(|e| GatewayError::Malformed(format!("answer ({}) is not JSON: {e}", self.status)))
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// What every call needs besides its own data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallContext<'a> {
    /// Now, in Unix milliseconds (the database's clock, `Db::now`).
    pub now_ms: i64,
    /// The gateway's current access token, for gateways with a token exchange (PayPal).
    pub access_token: Option<&'a str>,
}

impl CallContext<'_> {
    /// A context without an access token.
    pub fn at(now_ms: i64) -> Self {
        CallContext { now_ms, access_token: None }
    }
}

/// An OAuth2 access token a gateway issued, with its lifetime.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessToken {
    pub token: Secret,
    pub expires_in_secs: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_and_authorization_stay_out_of_logs() {
        let secret = Secret::new("sk_live_do_not_print");
        assert!(!format!("{secret:?}").contains("do_not_print"));
        let request = OutboundRequest::new(Method::POST, "https://gateway.test/v1")
            .with_header("authorization", "Bearer do_not_print")
            .with_body("application/json", "{}");
        let shown = format!("{request:?}");
        assert!(!shown.contains("do_not_print"), "{shown}");
        assert!(shown.contains("gateway.test"));
        assert_eq!(request.header("Content-Type"), Some("application/json"));
        assert_eq!(request.body_text(), "{}");
    }
}
