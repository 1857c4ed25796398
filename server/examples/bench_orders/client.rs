//! The benchmark's HTTP client (keep-alive connections shared by the attempts) and its replies.

use super::*;

/// What the server answered, or why it did not.
pub(super) enum Reply {
    Ok(Value),
    /// `A00001` with its message.
    Refused(String),
    /// Anything else: another status or code, a body that is no envelope, a transport error.
    Failed(String),
}

pub(super) struct Http {
    pub(super) client: reqwest::Client,
    pub(super) base: String,
}

impl Http {
    pub(super) fn new(base: &str, connections: usize) -> Result<Self, String> {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(connections)
            .pool_idle_timeout(Duration::from_secs(120))
            .tcp_nodelay(true)
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Http { client, base: base.to_string() })
    }

    pub(super) async fn call(&self, method: reqwest::Method, path: &str, token: &str, body: Option<&Value>) -> Reply {
        let mut request = self.client.request(method, format!("{}/api{path}", self.base)).header("locale", "en");
        if !token.is_empty() {
            request = request.header("authorization", token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = match request.send().await {
            Ok(response) => response,
            Err(e) => return Reply::Failed(format!("transport: {}", short(&e))),
        };
        let status = response.status();
        let bytes = match response.bytes().await {
            Ok(bytes) => bytes,
            Err(e) => return Reply::Failed(format!("transport: {}", short(&e))),
        };
        if status != reqwest::StatusCode::OK {
            return Reply::Failed(format!("HTTP {status}"));
        }
        let Ok(envelope) = serde_json::from_slice::<Value>(&bytes) else {
            return Reply::Failed("not an envelope".into());
        };
        let msg = envelope["msg"].as_str().unwrap_or_default().to_string();
        match envelope["code"].as_str().unwrap_or_default() {
            "00000" if envelope["success"] == true => Reply::Ok(envelope["data"].clone()),
            "A00001" => Reply::Refused(msg),
            code => Reply::Failed(format!("{code} {msg}")),
        }
    }

    pub(super) async fn post(&self, path: &str, token: &str, body: &Value) -> Reply {
        self.call(reqwest::Method::POST, path, token, Some(body)).await
    }
}

/// A transport error without the URL (the same for every request).
fn short(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connect"
    } else if e.is_body() || e.is_decode() {
        "body"
    } else {
        "request"
    };
    kind.to_string()
}
