//! The one sender of the payment gateways' requests: the adapters of
//! [`gateways`](super::gateways) describe each exchange ([`OutboundRequest`], [`Answer`]),
//! this module carries it.
//!
//! * [`send`] sends one request. An absolute `https://` (or `http://`) URL goes out with one
//!   shared HTTP client (rustls, 30 s timeout, redirects never followed, answers of at most
//!   1 MiB). A site-relative URL under [`SITE_API_PREFIX`] (`/api/…`) is dispatched in-process
//!   into the API router, the way the site mounts it: that is how the local development
//!   gateway is reached in development and in the API tests, which have no socket. The router
//!   is assembled above the domains (`crate::routes`), which hands its builder down
//!   ([`mount_in_process`]).
//! * [`call`] is a gateway call of a pay type: it supplies the [`CallContext`] (the database
//!   clock, and PayPal's OAuth2 access token, fetched with [`Gateway::token_request`] and kept
//!   in [`Gateways`](super::config::Gateways) until shortly before it expires; a call refused
//!   with 401 fetches a new token and is sent once more).
//! * [`verify_notification`] verifies a gateway's notification, fetching first what the
//!   adapter asks for (PayPal's signing certificate, kept by URL).
//!
//! Errors are one type, [`TransportError`] (also named [`CallError`] and
//! [`NotificationError`] after the calls that return it). Nothing here panics; failures are
//! logged with the pay type, method and URL, never with headers, bodies or keys.

use super::gateways::{
    Answer, CallContext, Gateway, GatewayError, Notification, OutboundRequest, PaymentRequest, RefundOutcome,
    RefundRequest, Start, Started, StatusQuery, Verified, VerifyError,
};
use crate::state::AppState;
use axum::body::Body;
use axum::Router;
use http::{HeaderMap, HeaderName, HeaderValue};
use sha2::{Digest, Sha256};
use std::sync::{Arc, LazyLock, OnceLock};
use std::time::Duration;
use tower::ServiceExt;

/// Where the site mounts the API router.
pub const SITE_API_PREFIX: &str = "/api";
/// How long a gateway may take to answer.
pub const TIMEOUT: Duration = Duration::from_secs(30);
/// The largest answer read from a gateway.
pub const MAX_ANSWER_BYTES: usize = 1 << 20;

/// A gateway's answer: its HTTP status and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub body: Vec<u8>,
}

impl Reply {
    /// The answer as the adapters read it.
    pub fn answer(&self) -> Answer<'_> {
        Answer { status: self.status, body: &self.body }
    }
}

/// Why a gateway exchange did not happen, or its outcome could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    /// The pay type has no configured gateway.
    #[error("pay type {0} has no configured gateway")]
    NotConfigured(i32),
    /// The adapter could not build the request or read the answer.
    #[error(transparent)]
    Gateway(#[from] GatewayError),
    /// The notification is not authentic, or not now ([`VerifyError`]).
    #[error(transparent)]
    Verify(#[from] VerifyError),
    /// Neither an `http(s)://` URL nor a site-relative `/api/` path.
    #[error("not a URL to send to: {0}")]
    UnsupportedUrl(String),
    /// A header the request names cannot be sent.
    #[error("invalid header {0}")]
    InvalidHeader(&'static str),
    /// The gateway could not be reached, or did not answer in time or in full.
    #[error("{method} {url}: {detail}")]
    Network { method: String, url: String, detail: String },
    /// The answer is larger than [`MAX_ANSWER_BYTES`].
    #[error("{url}: the answer is larger than {MAX_ANSWER_BYTES} bytes")]
    TooLarge { url: String },
    /// The signing certificate could not be fetched.
    #[error("certificate {url}: HTTP {status}")]
    Certificate { url: String, status: u16 },
}

/// The error of [`call`].
pub type CallError = TransportError;
/// The error of [`verify_notification`].
pub type NotificationError = TransportError;

impl TransportError {
    /// Whether a notification failing with this error is not the gateway's (answer 4xx and
    /// change nothing), as opposed to this side failing to check it (answer 5xx so that the
    /// gateway sends it again later).
    pub fn is_refusal(&self) -> bool {
        match self {
            TransportError::Verify(VerifyError::CertificateRequired) => false,
            TransportError::Verify(_) | TransportError::NotConfigured(_) => true,
            _ => false,
        }
    }
}

/// The shared HTTP client of gateway calls.
static CLIENT: LazyLock<Result<reqwest::Client, String>> = LazyLock::new(|| {
    reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(TIMEOUT)
        .connect_timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("mall-server/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| e.to_string())
});

/// The builder of the API router that site-relative URLs are dispatched into.
static IN_PROCESS_API: OnceLock<fn(AppState) -> Router> = OnceLock::new();

/// Hands down the builder of the API router (`crate::routes::api_router`, which calls this), so
/// the payments below it reach the local gateway without naming the root.
pub fn mount_in_process(build: fn(AppState) -> Router) {
    let _ = IN_PROCESS_API.set(build);
}

/// Sends one request (see the module's documentation) and reads the whole answer.
pub async fn send(state: &AppState, request: &OutboundRequest) -> Result<Reply, TransportError> {
    let result = match in_process_path(&request.url) {
        Some(path) => match IN_PROCESS_API.get() {
            Some(build) => dispatch(build(state.clone()), request, path).await,
            None => Err(TransportError::UnsupportedUrl(request.url.clone())),
        },
        None if is_http_url(&request.url) => over_network(request).await,
        None => Err(TransportError::UnsupportedUrl(request.url.clone())),
    };
    if let Err(error) = &result {
        tracing::warn!(method = %request.method, url = %request.url, %error, "gateway request failed");
    }
    result
}

/// The path inside the API router of a site-relative API URL (`/api/x` → `/x`).
fn in_process_path(url: &str) -> Option<&str> {
    let rest = url.strip_prefix(SITE_API_PREFIX)?;
    (rest.starts_with('/') && !rest.starts_with("//")).then_some(rest)
}

fn is_http_url(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://")
}

/// Sends `request` to `router` at `path` (the API-relative path and query), in-process.
async fn dispatch(router: Router, request: &OutboundRequest, path: &str) -> Result<Reply, TransportError> {
    let network = |detail: String| TransportError::Network {
        method: request.method.to_string(),
        url: request.url.clone(),
        detail,
    };
    let uri: http::Uri = path.parse().map_err(|_| TransportError::UnsupportedUrl(request.url.clone()))?;
    let mut builder = http::Request::builder().method(request.method.clone()).uri(uri);
    for (name, value) in &request.headers {
        builder = builder.header(header_name(name)?, header_value(name, value)?);
    }
    let http_request = builder.body(Body::from(request.body.clone())).map_err(|e| network(e.to_string()))?;
    let response = match router.oneshot(http_request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let status = response.status().as_u16();
    let body = axum::body::to_bytes(response.into_body(), MAX_ANSWER_BYTES)
        .await
        .map_err(|_| TransportError::TooLarge { url: request.url.clone() })?;
    Ok(Reply { status, body: body.to_vec() })
}

fn header_name(name: &'static str) -> Result<HeaderName, TransportError> {
    HeaderName::from_bytes(name.as_bytes()).map_err(|_| TransportError::InvalidHeader(name))
}

fn header_value(name: &'static str, value: &str) -> Result<HeaderValue, TransportError> {
    HeaderValue::from_str(value).map_err(|_| TransportError::InvalidHeader(name))
}

/// Sends `request` over the network with the shared client.
async fn over_network(request: &OutboundRequest) -> Result<Reply, TransportError> {
    let network = |detail: String| TransportError::Network {
        method: request.method.to_string(),
        url: request.url.clone(),
        detail,
    };
    let client = CLIENT.as_ref().map_err(|e| network(format!("no HTTP client: {e}")))?;
    let mut headers = HeaderMap::new();
    for (name, value) in &request.headers {
        headers.append(header_name(name)?, header_value(name, value)?);
    }
    let mut response = client
        .request(request.method.clone(), &request.url)
        .headers(headers)
        .body(request.body.clone())
        .send()
        .await
        .map_err(|e| network(without_url(&e)))?;
    let status = response.status().as_u16();
    if response.content_length().is_some_and(|n| n > MAX_ANSWER_BYTES as u64) {
        return Err(TransportError::TooLarge { url: request.url.clone() });
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| network(without_url(&e)))? {
        if body.len() + chunk.len() > MAX_ANSWER_BYTES {
            return Err(TransportError::TooLarge { url: request.url.clone() });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Reply { status, body })
}

/// A reqwest error without its URL (the caller names the URL once).
fn without_url(error: &reqwest::Error) -> String {
    let kind = if error.is_timeout() {
        "timed out"
    } else if error.is_connect() {
        "could not connect"
    } else if error.is_body() || error.is_decode() {
        "answer cut short"
    } else {
        "request failed"
    };
    let mut detail = kind.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        detail.push_str(": ");
        detail.push_str(&cause.to_string());
        source = cause.source();
    }
    detail
}

/// Sends the request `build` makes for `pay_type`'s gateway, with the current
/// [`CallContext`]; for gateways with access tokens (PayPal), with a valid token, and once
/// more with a new token when the gateway answers 401.
pub async fn call(
    state: &AppState,
    pay_type: i32,
    build: impl Fn(&CallContext) -> Result<OutboundRequest, GatewayError>,
) -> Result<Reply, CallError> {
    let gateway = state.gateways.gateway(pay_type).ok_or(TransportError::NotConfigured(pay_type))?;
    let Some(token_request) = gateway.token_request() else {
        let request = build(&CallContext::at(state.db.now()))?;
        return send(state, &request).await;
    };
    let key = token_key(&token_request);
    let token = access_token(state, gateway, &token_request, &key).await?;
    let request = build(&CallContext { now_ms: state.db.now(), access_token: Some(&token) })?;
    let reply = send(state, &request).await?;
    if reply.status != 401 {
        return Ok(reply);
    }
    tracing::info!(pay_type, url = %request.url, "access token refused; fetching a new one");
    state.gateways.forget_token(&key);
    let token = access_token(state, gateway, &token_request, &key).await?;
    let request = build(&CallContext { now_ms: state.db.now(), access_token: Some(&token) })?;
    send(state, &request).await
}

/// The cache key of a token exchange: its URL and credentials, hashed (one PayPal app serves
/// both its pay types with one token).
fn token_key(request: &OutboundRequest) -> String {
    let mut digest = Sha256::new();
    digest.update(request.url.as_bytes());
    digest.update(b"\n");
    digest.update(request.header("authorization").unwrap_or_default().as_bytes());
    hex::encode(digest.finalize())
}

/// The cached token of `key`, or a new one from the gateway.
async fn access_token(
    state: &AppState,
    gateway: &dyn Gateway,
    token_request: &OutboundRequest,
    key: &str,
) -> Result<String, TransportError> {
    let now_ms = state.db.now();
    if let Some(token) = state.gateways.cached_token(key, now_ms) {
        return Ok(token);
    }
    let reply = send(state, token_request).await?;
    let token = gateway.read_token(&reply.answer()).inspect_err(|error| {
        tracing::warn!(pay_type = gateway.pay_type(), %error, "access token not issued");
    })?;
    state.gateways.keep_token(key, token.token.expose(), now_ms, token.expires_in_secs);
    Ok(token.token.expose().to_string())
}

/// Verifies a notification for `pay_type` (the raw body and its headers), fetching the
/// signing certificate first when the gateway signs with one (kept by URL for a day).
pub async fn verify_notification(
    state: &AppState,
    pay_type: i32,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Verified, NotificationError> {
    let gateway = state.gateways.gateway(pay_type).ok_or(TransportError::NotConfigured(pay_type))?;
    let certificate = match gateway.certificate_request(headers)? {
        Some(request) => Some(certificate(state, &request).await?),
        None => None,
    };
    let notification = Notification { body, headers, certificate: certificate.as_deref().map(Vec::as_slice) };
    Ok(gateway.verify(&notification, state.db.now())?)
}

/// The certificate `request` fetches, from the cache or the network.
async fn certificate(state: &AppState, request: &OutboundRequest) -> Result<Arc<Vec<u8>>, TransportError> {
    let now_ms = state.db.now();
    if let Some(pem) = state.gateways.cached_certificate(&request.url, now_ms) {
        return Ok(pem);
    }
    let reply = send(state, request).await?;
    if !reply.answer().is_success() {
        tracing::warn!(url = %request.url, status = reply.status, "signing certificate not fetched");
        return Err(TransportError::Certificate { url: request.url.clone(), status: reply.status });
    }
    let pem = Arc::new(reply.body);
    state.gateways.keep_certificate(&request.url, Arc::clone(&pem), now_ms);
    Ok(pem)
}

// ---------------------------------------------------------------------------------------------
// The usual exchanges, on top of `call`
// ---------------------------------------------------------------------------------------------

/// Starts `payment` with `pay_type`'s gateway: sends the start call and reads its answer, or
/// hands over what the browser does itself (ABA PayWay's checkout form).
pub async fn start(state: &AppState, pay_type: i32, payment: &PaymentRequest) -> Result<Started, CallError> {
    let gateway = state.gateways.gateway(pay_type).ok_or(TransportError::NotConfigured(pay_type))?;
    // Without a token first: a browser start needs none, and a call start is made again below
    // with one (PayPal refuses to build a call without it).
    match gateway.start(payment, &CallContext::at(state.db.now())) {
        Ok(Start::Browser(action)) => return Ok(Started { gateway_ref: None, action }),
        Ok(Start::Call(_)) | Err(GatewayError::MissingAccessToken) => {}
        Err(error) => return Err(error.into()),
    }
    let reply = call(state, pay_type, |ctx| match gateway.start(payment, ctx)? {
        Start::Call(request) => Ok(request),
        Start::Browser(_) => Err(GatewayError::Unsupported("a browser start after a call start")),
    })
    .await?;
    Ok(gateway.read_start(payment, &reply.answer())?)
}

/// Asks `pay_type`'s gateway where a payment stands.
pub async fn status(
    state: &AppState,
    pay_type: i32,
    query: &StatusQuery,
) -> Result<super::gateways::PaymentEvent, CallError> {
    let gateway = state.gateways.gateway(pay_type).ok_or(TransportError::NotConfigured(pay_type))?;
    let reply = call(state, pay_type, |ctx| gateway.status_request(query, ctx)).await?;
    Ok(gateway.read_status(query, &reply.answer())?)
}

/// Whether `pay_type`'s gateway takes the money only when the mall captures an approved
/// payment (PayPal), so that [`capture`] is the query to make when the buyer comes back.
pub fn captures(state: &AppState, pay_type: i32) -> bool {
    let ctx = CallContext { now_ms: 0, access_token: Some("probe") };
    state
        .gateways
        .gateway(pay_type)
        .is_some_and(|gateway| matches!(gateway.capture_request("probe", &ctx), Ok(Some(_))))
}

/// Captures an approved payment (PayPal) and reads the outcome; for gateways that do not
/// capture, asks where the payment stands instead.
pub async fn capture(
    state: &AppState,
    pay_type: i32,
    query: &StatusQuery,
) -> Result<super::gateways::PaymentEvent, CallError> {
    let Some(gateway_ref) = query.gateway_ref.as_deref().filter(|_| captures(state, pay_type)) else {
        return status(state, pay_type, query).await;
    };
    let gateway = state.gateways.gateway(pay_type).ok_or(TransportError::NotConfigured(pay_type))?;
    let reply = call(state, pay_type, |ctx| {
        gateway.capture_request(gateway_ref, ctx)?.ok_or(GatewayError::Unsupported("capture"))
    })
    .await?;
    Ok(gateway.read_status(query, &reply.answer())?)
}

/// Asks `pay_type`'s gateway to give money back.
pub async fn refund(state: &AppState, pay_type: i32, refund: &RefundRequest) -> Result<RefundOutcome, CallError> {
    let gateway = state.gateways.gateway(pay_type).ok_or(TransportError::NotConfigured(pay_type))?;
    let reply = call(state, pay_type, |ctx| gateway.refund_request(refund, ctx)).await?;
    Ok(gateway.read_refund(&reply.answer())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::Request;
    use axum::routing::{get, post};
    use http::Method;

    /// A router that echoes what it received.
    fn echo() -> Router {
        Router::new().route(
            "/dev/echo",
            post(|request: Request| async move {
                let (parts, body) = request.into_parts();
                let body = axum::body::to_bytes(body, 1 << 16).await.unwrap();
                let seen = serde_json::json!({
                    "method": parts.method.as_str(),
                    "path": parts.uri.path(),
                    "query": parts.uri.query(),
                    "auth": parts.headers.get("authorization").and_then(|v| v.to_str().ok()),
                    "type": parts.headers.get("content-type").and_then(|v| v.to_str().ok()),
                    "body": String::from_utf8_lossy(&body),
                });
                (axum::http::StatusCode::CREATED, seen.to_string())
            }),
        )
    }

    #[test]
    fn site_relative_api_urls_are_dispatched_in_process() {
        assert_eq!(in_process_path("/api/dev/gateway/stripe/v1/refunds"), Some("/dev/gateway/stripe/v1/refunds"));
        assert_eq!(in_process_path("/api/notice/pay/13?x=1"), Some("/notice/pay/13?x=1"));
        for other in ["/apix/y", "/api", "//api/x", "/api//evil.test/x", "https://mall.test/api/x", "api/x", "/x"] {
            assert_eq!(in_process_path(other), None, "{other}");
        }
        assert!(is_http_url("https://api.stripe.com/v1"));
        assert!(is_http_url("HTTP://127.0.0.1:9/x"));
        assert!(!is_http_url("ftp://x"));
        assert!(!is_http_url("/api/x"));
    }

    #[tokio::test]
    async fn in_process_dispatch_carries_method_headers_body_and_query() {
        let request = OutboundRequest::new(Method::POST, "/api/dev/echo?a=1")
            .with_header("authorization", "Bearer t")
            .with_body("application/json", r#"{"x":1}"#);
        let reply = dispatch(echo(), &request, in_process_path(&request.url).unwrap()).await.unwrap();
        assert_eq!(reply.status, 201);
        let seen: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!(seen["method"], "POST");
        assert_eq!(seen["path"], "/dev/echo");
        assert_eq!(seen["query"], "a=1");
        assert_eq!(seen["auth"], "Bearer t");
        assert_eq!(seen["type"], "application/json");
        assert_eq!(seen["body"], r#"{"x":1}"#);
        assert_eq!(reply.answer().status, 201);

        let missing = OutboundRequest::new(Method::GET, "/api/dev/nothing");
        let reply = dispatch(echo(), &missing, "/dev/nothing").await.unwrap();
        assert_eq!(reply.status, 404);

        let bad_header = OutboundRequest::new(Method::POST, "/api/dev/echo").with_header("x-bad", "a\nb");
        assert!(matches!(
            dispatch(echo(), &bad_header, "/dev/echo").await,
            Err(TransportError::InvalidHeader("x-bad"))
        ));
    }

    #[tokio::test]
    async fn absolute_urls_go_over_the_network_without_following_redirects() {
        let app = Router::new()
            .route("/moved", get(|| async { axum::response::Redirect::to("/elsewhere") }))
            .route("/big", get(|| async { vec![b'x'; MAX_ANSWER_BYTES + 1] }))
            .merge(echo());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let server = tokio::spawn(async move { axum::serve(listener, app).await });
        let base = format!("http://{addr}");

        let request = OutboundRequest::new(Method::POST, format!("{base}/dev/echo"))
            .with_header("authorization", "Basic x")
            .with_body("application/x-www-form-urlencoded", "a=b");
        let reply = over_network(&request).await.unwrap();
        assert_eq!(reply.status, 201);
        let seen: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!((seen["auth"].as_str(), seen["body"].as_str()), (Some("Basic x"), Some("a=b")));

        let moved = over_network(&OutboundRequest::new(Method::GET, format!("{base}/moved"))).await.unwrap();
        assert_eq!(moved.status, 303, "a redirect is an answer, never followed");

        let big = over_network(&OutboundRequest::new(Method::GET, format!("{base}/big"))).await;
        assert!(matches!(big, Err(TransportError::TooLarge { .. })), "{big:?}");
        server.abort();

        let closed = over_network(&OutboundRequest::new(Method::GET, format!("{base}/dev/echo"))).await;
        assert!(matches!(closed, Err(TransportError::Network { .. })), "{closed:?}");
    }

    #[test]
    fn token_keys_differ_by_credentials_and_hide_them() {
        let a = OutboundRequest::new(Method::POST, "/t").with_header("authorization", "Basic secret-a");
        let b = OutboundRequest::new(Method::POST, "/t").with_header("authorization", "Basic secret-b");
        assert_ne!(token_key(&a), token_key(&b));
        assert!(!token_key(&a).contains("secret"));
    }

    #[test]
    fn refusals_are_told_from_failures_to_check() {
        assert!(TransportError::Verify(VerifyError::BadSignature).is_refusal());
        assert!(TransportError::NotConfigured(13).is_refusal());
        assert!(!TransportError::Verify(VerifyError::CertificateRequired).is_refusal());
        assert!(!TransportError::Certificate { url: "/c".into(), status: 500 }.is_refusal());
        assert!(!TransportError::Network { method: "GET".into(), url: "/c".into(), detail: "x".into() }.is_refusal());
    }
}
