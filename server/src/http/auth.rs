//! The signed-in user of a `/p/` request ([`AuthUser`]), or of a public request that answers
//! buyers a little differently ([`MaybeUser`]).
//!
//! The session token comes from the `Authorization` header (the raw token or `Bearer <token>`)
//! or, failing that, from the `token` cookie. Unknown or expired tokens answer `A00004`; a
//! valid one slides the session's 30-minute idle expiry forward. A page's in-process calls
//! carry the session the page handler verified ([`VerifiedSession`]), which is used instead of
//! a second lookup when the call's token is that session's.

use crate::http::error::ApiError;
use crate::http::extract::Locale;
use crate::state::AppState;
use api::in_process::VerifiedSession;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;

/// Longest token accepted; real tokens are 64 hex characters.
const MAX_TOKEN_LEN: usize = 256;

/// A signed-in user, extracted from the session token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuthUser {
    pub user_id: i64,
}

/// The session token a request carries, if any.
pub fn request_token(headers: &HeaderMap) -> Option<String> {
    let from_header = headers.get(http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()).map(|v| {
        let v = v.trim();
        match v.split_once(' ') {
            Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
            _ => v,
        }
        .to_string()
    });
    let from_cookie = || {
        headers
            .get_all(http::header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|c| i18n::cookie_value(c, "token").map(|t| t.trim().to_string()))
    };
    from_header.filter(|t| !t.is_empty()).or_else(from_cookie).filter(|t| !t.is_empty() && t.len() <= MAX_TOKEN_LEN)
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = request_token(&parts.headers).ok_or(ApiError::Unauthorized)?;
        // A page's in-process call: the page handler has looked this session up already.
        if let Some(verified) = parts.extensions.get::<VerifiedSession>().filter(|v| v.token == token) {
            return verified.user_id.map(|user_id| AuthUser { user_id }).ok_or(ApiError::Unauthorized);
        }
        match crate::accounts::sessions::touch_session(&state.db, &token).await? {
            Some(user_id) => Ok(AuthUser { user_id }),
            None => Err(ApiError::Unauthorized),
        }
    }
}

/// What most of the buyer's handlers take first: the signed-in buyer (rejected as
/// [`AuthUser`] is), the app's state and the request's language.
pub struct SignedIn {
    pub user: AuthUser,
    pub state: AppState,
    pub lang: i18n::Lang,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        let Locale(lang) = Locale::from_request_parts(parts, state).await?;
        Ok(SignedIn { user, state: state.clone(), lang })
    }
}

/// The signed-in buyer when the request carries a live session, else nobody. Never rejects:
/// public pages answer guests and buyers alike, only some fields differ.
#[derive(Debug, Clone, Copy, Default)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if request_token(&parts.headers).is_none() {
            return Ok(MaybeUser(None));
        }
        match AuthUser::from_request_parts(parts, state).await {
            Ok(user) => Ok(MaybeUser(Some(user))),
            Err(ApiError::Internal(detail)) => {
                tracing::warn!(%detail, "session lookup failed; answering as a guest");
                Ok(MaybeUser(None))
            }
            Err(_) => Ok(MaybeUser(None)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::http::header_map as headers;

    #[test]
    fn token_sources() {
        assert_eq!(request_token(&headers(&[("authorization", "abc")])).as_deref(), Some("abc"));
        assert_eq!(request_token(&headers(&[("authorization", "Bearer abc")])).as_deref(), Some("abc"));
        assert_eq!(request_token(&headers(&[("cookie", "lang=km; token=xyz")])).as_deref(), Some("xyz"));
        assert_eq!(request_token(&headers(&[("authorization", "")])), None);
        assert_eq!(request_token(&headers(&[])), None);
        let long = "a".repeat(MAX_TOKEN_LEN + 1);
        assert_eq!(request_token(&headers(&[("authorization", long.as_str())])), None);
    }
}
