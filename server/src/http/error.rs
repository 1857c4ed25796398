//! The one error type of the API layer. Every failure becomes the envelope of spec section 8:
//! bad input `A00001` with a translated message, not signed in `A00004`, internal `A00005`
//! (logged with detail, answered generically). Never a 500 page, never a stack trace.
//!
//! Messages are Fluent keys; they are translated in [`translate_errors`], which knows the
//! request's language, so handlers and extractors only name what went wrong.

use api::{ApiResponse, Code};
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use i18n::Lang;

/// What went wrong, in terms a client can act on.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Bad input or a broken business rule: `A00001` with the message `key` (Fluent) and `args`.
    #[error("bad request: {key}")]
    BadRequest { key: &'static str, args: Vec<(&'static str, String)> },
    /// Not signed in or the session ended: `A00004`.
    #[error("not signed in")]
    Unauthorized,
    /// An unknown `/api` path: HTTP 404 with `A00001` in the envelope.
    #[error("not found")]
    NotFound,
    /// Anything unexpected: logged, answered `A00005`.
    #[error("internal: {0}")]
    Internal(String),
}

pub type ApiResult<T> = Result<Json<ApiResponse<T>>, ApiError>;

/// Wraps data in a successful envelope.
pub fn ok<T>(data: T) -> ApiResult<T> {
    Ok(Json(ApiResponse::ok(data)))
}

/// A handler's answer as its data, for a form action that calls the JSON handler itself.
pub fn answer_data<T>(answer: ApiResult<T>) -> Result<Option<T>, ApiError> {
    answer.map(|Json(envelope)| envelope.data)
}

/// Answers a record looked up by an id the caller gave; an unknown id is the caller's mistake
/// (`A00001` with the message `key`), not a server error.
pub fn found<T>(record: Option<T>, key: &'static str) -> ApiResult<T> {
    record.map_or_else(|| Err(ApiError::bad(key)), ok)
}

impl ApiError {
    /// A bad-request error with a Fluent message key.
    pub fn bad(key: &'static str) -> Self {
        ApiError::BadRequest { key, args: Vec::new() }
    }

    /// A bad-request error with a Fluent message key and arguments.
    pub fn bad_with(key: &'static str, args: Vec<(&'static str, String)>) -> Self {
        ApiError::BadRequest { key, args }
    }
}

impl From<crate::refusal::Refusal> for ApiError {
    fn from(refusal: crate::refusal::Refusal) -> Self {
        ApiError::BadRequest { key: refusal.key, args: refusal.args }
    }
}

impl From<crate::refusal::DomainError> for ApiError {
    fn from(err: crate::refusal::DomainError) -> Self {
        use crate::refusal::DomainError;
        match err {
            DomainError::Refused(refusal) => refusal.into(),
            DomainError::Busy => ApiError::bad(crate::refusal::BUSY_KEY),
            DomainError::Db(err) => err.into(),
            DomainError::Internal(detail) => ApiError::Internal(detail),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        ApiError::Internal(format!("database: {err}"))
    }
}

/// The untranslated error, carried in the response extensions to [`translate_errors`].
#[derive(Debug, Clone)]
pub(crate) struct PendingError {
    code: Code,
    key: &'static str,
    args: Vec<(&'static str, String)>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // Business errors travel with HTTP 200 like successes: the spec's clients read the
        // envelope code (section 8). Only an unknown path answers 404.
        let (status, pending) = match self {
            ApiError::BadRequest { key, args } => (StatusCode::OK, PendingError { code: Code::BadRequest, key, args }),
            ApiError::Unauthorized => {
                (StatusCode::OK, PendingError { code: Code::Unauthorized, key: "error-unauthorized", args: vec![] })
            }
            ApiError::NotFound => {
                (StatusCode::NOT_FOUND, PendingError { code: Code::BadRequest, key: "error-not-found", args: vec![] })
            }
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (StatusCode::OK, PendingError { code: Code::Internal, key: "error-server-hiccup", args: vec![] })
            }
        };
        // A fallback body in English, replaced by the translated one in `translate_errors`.
        let body = envelope_body(Lang::En, &pending);
        let mut response = (status, body).into_response();
        response.extensions_mut().insert(pending);
        response
    }
}

fn envelope_body(lang: Lang, pending: &PendingError) -> Json<ApiResponse<()>> {
    let args: Vec<(&str, &str)> = pending.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let msg = i18n::t_args(lang, pending.key, &args);
    Json(ApiResponse::fail(pending.code, msg))
}

/// Middleware: renders error envelopes in the request's language (`locale` header, then the
/// `lang` cookie, then English).
pub async fn translate_errors(request: Request, next: Next) -> Response {
    let lang = crate::http::extract::request_lang(request.headers());
    let mut response = next.run(request).await;
    if let Some(pending) = response.extensions_mut().remove::<PendingError>() {
        let status = response.status();
        return (status, envelope_body(lang, &pending)).into_response();
    }
    response
}

/// Turns a panic inside a handler into `A00005` instead of a dropped connection or a 500.
pub fn panic_to_envelope(err: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = err
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into());
    ApiError::Internal(format!("panic: {detail}")).into_response()
}
