//! Extractors whose rejections become our envelope (`A00001` with a clear message) instead of
//! axum's plain-text answers, and the request's language.

use crate::http::error::ApiError;
use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use i18n::Lang;
use serde::de::DeserializeOwned;

/// The language of an API request: the `locale` header, else the `lang` cookie, else English.
pub fn request_lang(headers: &HeaderMap) -> Lang {
    headers
        .get("locale")
        .and_then(|v| v.to_str().ok())
        .and_then(Lang::from_code)
        .or_else(|| i18n::lang_from_cookie_header(headers.get(http::header::COOKIE)?.to_str().ok()?))
        .unwrap_or_default()
}

/// The request's language as an extractor.
#[derive(Debug, Clone, Copy)]
pub struct Locale(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for Locale {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Locale(request_lang(&parts.headers)))
    }
}

/// Turns a serde message into a field-level error when it names the field.
fn serde_error(detail: &str) -> ApiError {
    let field = |marker: &str| detail.split(marker).nth(1).and_then(|rest| rest.split('`').next()).map(str::to_string);
    if let Some(name) = field("missing field `") {
        ApiError::bad_with("error-missing-field", vec![("field", name)])
    } else if let Some(name) = field("unknown field `") {
        ApiError::bad_with("error-invalid-field", vec![("field", name)])
    } else if detail.contains("invalid") || detail.contains("expected") || detail.contains("out of range") {
        let name =
            detail.split(':').next().filter(|s| !s.contains(' ')).map(str::to_string).unwrap_or_else(|| "value".into());
        ApiError::bad_with("error-invalid-field", vec![("field", name)])
    } else {
        ApiError::bad("error-invalid-params")
    }
}

/// JSON body; malformed, missing or mistyped bodies answer `A00001`.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(JsonRejection::JsonDataError(e)) => Err(serde_error(&e.body_text())),
            Err(JsonRejection::JsonSyntaxError(_)) => Err(ApiError::bad("error-malformed-json")),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::bad("error-content-type")),
            Err(JsonRejection::BytesRejection(_)) => Err(ApiError::bad("error-body-too-large")),
            Err(_) => Err(ApiError::bad("error-invalid-params")),
        }
    }
}

/// Query string; bad parameters answer `A00001` naming the parameter.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(e)) => Err(serde_error(&e.body_text())),
            Err(_) => Err(ApiError::bad("error-invalid-params")),
        }
    }
}

/// Form-encoded body (used by `/sms/sendLoginCode`); bad bodies answer `A00001`.
pub struct ApiForm<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiForm<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(value)) => Ok(ApiForm(value)),
            Err(FormRejection::FailedToDeserializeForm(e)) => Err(serde_error(&e.body_text())),
            Err(FormRejection::FailedToDeserializeFormBody(e)) => Err(serde_error(&e.body_text())),
            Err(FormRejection::BytesRejection(_)) => Err(ApiError::bad("error-body-too-large")),
            Err(_) => Err(ApiError::bad("error-invalid-params")),
        }
    }
}

/// Path parameters; a segment that is not valid UTF-8 or not of the expected type answers
/// `A00001` in the envelope instead of axum's plain-text 400.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ApiPath(value)),
            Err(PathRejection::FailedToDeserializePathParams(e)) => Err(serde_error(&e.body_text())),
            Err(_) => Err(ApiError::bad("error-invalid-params")),
        }
    }
}
