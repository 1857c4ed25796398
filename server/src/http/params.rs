//! Request parameters shared by the endpoints: required and optional ids and the optionally
//! signed-in buyer. Paging is [`crate::paging`]'s.

use crate::http::auth::{request_token, AuthUser};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// Parses a path id: a non-negative integer, else `A00001` naming the parameter.
pub fn parse_id(raw: &str, field: &'static str) -> Result<i64, ApiError> {
    let raw = raw.trim();
    if raw.is_empty() || raw.len() > 18 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())]));
    }
    raw.parse().map_err(|_| ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())]))
}

pub fn invalid(field: &'static str) -> ApiError {
    ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())])
}

pub fn missing(field: &'static str) -> ApiError {
    ApiError::bad_with("error-missing-field", vec![("field", field.to_string())])
}

/// A present, non-empty parameter value.
pub fn given(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// A required positive id.
pub fn required_id(raw: &Option<String>, field: &'static str) -> Result<i64, ApiError> {
    let id = parse_id(given(raw).ok_or_else(|| missing(field))?, field)?;
    if id <= 0 {
        return Err(invalid(field));
    }
    Ok(id)
}

/// An optional non-negative id, `default` when absent.
pub fn optional_id(raw: &Option<String>, field: &'static str, default: i64) -> Result<i64, ApiError> {
    given(raw).map_or(Ok(default), |v| parse_id(v, field))
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
