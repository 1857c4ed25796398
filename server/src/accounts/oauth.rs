//! The OAuth2 authorization-code flow with state and PKCE (RFC 6749, RFC 7636 S256) against
//! configurable endpoints: the authorization URL, the code-for-token exchange and the profile.

use crate::config::OAuthProvider;
use crate::http::error::ApiError;
use axum::http::{header, HeaderMap};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::time::Duration;

/// Timeout of each call to the provider.
const PROVIDER_TIMEOUT: Duration = Duration::from_secs(10);

/// What the provider tells about the account.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// The provider's stable account id (`sub` for OpenID Connect, `id` for Facebook).
    pub subject: String,
    /// A verified e-mail, if the provider gave one.
    pub email: Option<String>,
    pub name: String,
    pub pic: Option<String>,
}

/// A stand-in sign-in provider for development, answering for a provider without a client id.
/// The root hands it in ([`AppState::dev_sign_in`](crate::state::AppState::dev_sign_in)), so
/// sign-in does not depend on the development tools.
#[derive(Clone, Copy)]
pub struct StandIn {
    /// Its authorization page (relative to the site).
    pub authorize_path: &'static str,
    /// Exchanges one of its codes (code, redirect URI, PKCE verifier) for the profile granted.
    pub exchange: fn(&str, &str, &str) -> Result<Profile, String>,
}

/// A PKCE verifier (256 random bits, base64url) and its S256 challenge.
pub fn pkce_pair() -> (String, String) {
    let verifier = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    (verifier.clone(), pkce_challenge(&verifier))
}

/// `BASE64URL(SHA256(verifier))`.
pub fn pkce_challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// The provider URL the browser is sent to.
pub fn authorization_url(provider: &OAuthProvider, state: &str, challenge: &str, redirect_uri: &str) -> String {
    let query = serde_urlencoded::to_string([
        ("response_type", "code"),
        ("client_id", provider.client_id.as_deref().unwrap_or_default()),
        ("redirect_uri", redirect_uri),
        ("scope", provider.scope.as_str()),
        ("state", state),
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
    ])
    .unwrap_or_default();
    let sep = if provider.auth_url.contains('?') { '&' } else { '?' };
    format!("{}{sep}{query}", provider.auth_url)
}

fn client() -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .timeout(PROVIDER_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| e.to_string())
}

/// Exchanges an authorization code for a token and reads the account's profile.
pub async fn exchange(
    provider: &OAuthProvider,
    code: &str,
    redirect_uri: &str,
    verifier: &str,
) -> Result<Profile, String> {
    let client = client()?;
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect_uri),
        ("client_id", provider.client_id.as_deref().unwrap_or_default()),
        ("code_verifier", verifier),
    ];
    if let Some(secret) = provider.client_secret.as_deref() {
        form.push(("client_secret", secret));
    }
    let response = client
        .post(&provider.token_url)
        .header(reqwest::header::ACCEPT, "application/json")
        .form(&form)
        .send()
        .await
        .map_err(|e| format!("token endpoint: {e}"))?;
    let status = response.status();
    let token: Value = response.json().await.map_err(|e| format!("token endpoint answer: {e}"))?;
    let access_token = token["access_token"]
        .as_str()
        .filter(|t| status.is_success() && !t.is_empty())
        .ok_or_else(|| format!("token endpoint refused ({status}): {}", token["error"]))?;
    let response = client
        .get(&provider.userinfo_url)
        .bearer_auth(access_token)
        .header(reqwest::header::ACCEPT, "application/json")
        .send()
        .await
        .map_err(|e| format!("profile endpoint: {e}"))?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("profile endpoint refused ({status})"));
    }
    let info: Value = response.json().await.map_err(|e| format!("profile answer: {e}"))?;
    profile_from(&info).ok_or_else(|| "profile without an account id".to_string())
}

/// Reads an OpenID Connect (`sub`, `email`, `email_verified`, `picture`) or Facebook (`id`,
/// `email`, `picture.data.url`) profile.
pub fn profile_from(info: &Value) -> Option<Profile> {
    let text = |v: &Value| match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let subject = text(&info["sub"]).or_else(|| text(&info["id"]))?;
    let verified = info["email_verified"].as_bool().unwrap_or(true);
    let email = text(&info["email"]).filter(|_| verified).map(|e| e.to_lowercase());
    let name: String = text(&info["name"]).unwrap_or_default().chars().take(15).collect();
    let pic = text(&info["picture"]).or_else(|| text(&info["picture"]["data"]["url"]));
    Some(Profile { subject, email, name, pic })
}

/// A callback URL must be an http(s) URL of this site's `/oauth-callback` or `/google/callback`.
pub fn check_callback_url(url: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    let invalid = || ApiError::bad_with("error-invalid-field", vec![("field", "callbackUrl".into())]);
    let parsed = reqwest::Url::parse(url.trim()).map_err(|_| invalid())?;
    let path_ok = matches!(parsed.path(), "/oauth-callback" | "/google/callback");
    if !matches!(parsed.scheme(), "http" | "https") || !path_ok || url.len() > 512 {
        return Err(invalid());
    }
    let host = parsed.host_str().unwrap_or_default();
    let authority = match parsed.port() {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    };
    let mut origin_headers = HeaderMap::new();
    if let Ok(v) = format!("{}://{authority}", parsed.scheme()).parse() {
        origin_headers.insert(header::ORIGIN, v);
    }
    for name in [header::HOST.as_str(), "x-forwarded-host"] {
        if let Some(v) = headers.get(name) {
            origin_headers.insert(name.parse::<header::HeaderName>().map_err(|_| invalid())?, v.clone());
        }
    }
    let has_host = headers.contains_key(header::HOST) || headers.contains_key("x-forwarded-host");
    if has_host && !crate::http::csrf::same_origin(&axum::http::Method::POST, None, &origin_headers) {
        return Err(invalid());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pkce_matches_rfc7636_example() {
        assert_eq!(
            pkce_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        let (v, c) = pkce_pair();
        assert_eq!(v.len(), 43);
        assert_eq!(pkce_challenge(&v), c);
    }

    #[test]
    fn profiles() {
        let google = serde_json::json!({"sub": "42", "email": "A@B.cc", "email_verified": true, "name": "Ann", "picture": "https://p/a.png"});
        let p = profile_from(&google).unwrap();
        assert_eq!((p.subject.as_str(), p.email.as_deref()), ("42", Some("a@b.cc")));
        let fb = serde_json::json!({"id": 7, "name": "Bo", "picture": {"data": {"url": "https://p/b.png"}}});
        let p = profile_from(&fb).unwrap();
        assert_eq!((p.subject.as_str(), p.pic.as_deref(), p.email), ("7", Some("https://p/b.png"), None));
        assert!(profile_from(&serde_json::json!({"name": "x"})).is_none());
    }
}
