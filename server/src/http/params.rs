//! Request parameters shared by the endpoints: required and optional ids, paging, and the
//! optionally signed-in buyer.

use crate::http::auth::{request_token, AuthUser};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::Deserialize;

/// Largest page size of the paged lists; smaller and larger sizes are clamped into 1..=50.
pub const MAX_PAGE_SIZE: i64 = 50;
/// Page size when none is given.
pub const DEFAULT_PAGE_SIZE: i64 = 10;
/// Highest page number accepted (far beyond any real list; keeps offsets small).
pub const MAX_PAGE: i64 = 1_000_000;

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

/// Paging parameters: `current` from 1 (default 1), `size` clamped into 1..=50 (default 10).
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    pub current: Option<String>,
    pub size: Option<String>,
}

impl PageQuery {
    pub fn resolve(&self) -> Result<(i64, i64), ApiError> {
        let number = |raw: &Option<String>, field: &'static str| -> Result<Option<i64>, ApiError> {
            given(raw)
                .map(|v| {
                    let digits = v.strip_prefix('-').unwrap_or(v);
                    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(invalid(field));
                    }
                    v.parse::<i64>().map_err(|_| invalid(field))
                })
                .transpose()
        };
        let current = number(&self.current, "current")?.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&current) {
            return Err(ApiError::bad_with(
                "error-value-out-of-range",
                vec![("field", "current".into()), ("min", "1".into()), ("max", MAX_PAGE.to_string())],
            ));
        }
        let size = number(&self.size, "size")?.unwrap_or(DEFAULT_PAGE_SIZE).clamp(1, MAX_PAGE_SIZE);
        Ok((current, size))
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

    #[test]
    fn paging() {
        let q = |current: Option<&str>, size: Option<&str>| {
            PageQuery { current: current.map(Into::into), size: size.map(Into::into) }.resolve()
        };
        assert_eq!(q(None, None).unwrap(), (1, DEFAULT_PAGE_SIZE));
        assert_eq!(q(Some("2"), Some("500")).unwrap(), (2, MAX_PAGE_SIZE));
        assert_eq!(q(Some("1"), Some("0")).unwrap(), (1, 1));
        assert_eq!(q(Some("1"), Some("-4")).unwrap(), (1, 1));
        for (current, size) in [("0", "2"), ("-1", "2"), ("x", "2"), ("1", "x"), ("99999999999999999999", "2")] {
            assert!(q(Some(current), Some(size)).is_err(), "{current} {size}");
        }
    }
}
