//! The answers of the HTML-first actions (`api::forms`): a plain form post, handled by the same
//! domain code as its JSON call, answers `303 See Other` back to a page of this site with a
//! one-shot message (the flash cookie) that the next page shows. A refusal's message is the
//! API's own (its catalogue key and arguments); a guest is sent to `/login`, which returns
//! to the page after signing in.

use crate::http::auth::{AuthUser, MaybeUser};
use crate::http::client::RequestInfo;
use crate::http::error::ApiError;
use crate::state::AppState;
use api::forms::{Flash, FLASH_COOKIE, FLASH_MAX_AGE_SECONDS};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;

/// Largest form body read (the buying path's forms are a few fields).
pub const MAX_FORM_BYTES: usize = 16 * 1024;

/// The fields of an `application/x-www-form-urlencoded` body; [`get`](Self::get) reads a
/// field's first value, [`all`](Self::all) every value of a field named more than once. A body
/// that is not a form reads as no fields, which each action refuses as missing input.
pub struct FormFields(HashMap<String, Vec<String>>);

impl FormFields {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).and_then(|values| values.first()).map(String::as_str)
    }

    /// Every value of a field, in the form's order.
    pub fn all(&self, name: &str) -> impl Iterator<Item = &str> {
        self.0.get(name).into_iter().flatten().map(String::as_str)
    }

    /// The fields whose names start with `prefix`, with the rest of each name
    /// (`remarks.5` → `("5", value)`).
    pub fn prefixed<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> {
        self.0.iter().filter_map(move |(name, values)| {
            Some((name.strip_prefix(prefix)?, values.first().map(String::as_str).unwrap_or_default()))
        })
    }

    /// A whole number field, `None` when missing or not a number.
    pub fn number(&self, name: &str) -> Option<i64> {
        self.get(name).and_then(|v| v.trim().parse().ok())
    }

    /// A positive id field, else the API's refusal naming the field.
    pub fn id(&self, name: &'static str) -> Result<i64, ApiError> {
        self.number(name).filter(|id| *id > 0).ok_or_else(|| crate::http::params::invalid(name))
    }

    /// The page the form returns to (its `back` field, a path of this site, else `/`).
    pub fn back(&self) -> String {
        api::forms::back_to(self.get(api::forms::FIELD_BACK))
    }
}

impl<S: Send + Sync> FromRequest<S> for FormFields {
    type Rejection = std::convert::Infallible;

    async fn from_request(request: Request, _: &S) -> Result<Self, Self::Rejection> {
        let is_form = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let body = axum::body::to_bytes(request.into_body(), MAX_FORM_BYTES).await.unwrap_or_default();
        let mut fields = HashMap::new();
        if is_form {
            for (name, value) in serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default() {
                fields.entry(name).or_insert_with(Vec::new).push(value);
            }
        }
        Ok(FormFields(fields))
    }
}

/// A form post as its handler needs it: who sent it (a buyer or a guest), the request's
/// address, scheme and language, and the fields.
pub struct FormAction {
    pub user: Option<AuthUser>,
    pub info: RequestInfo,
    pub form: FormFields,
}

impl FromRequest<AppState> for FormAction {
    type Rejection = std::convert::Infallible;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = request.into_parts();
        let Ok(MaybeUser(user)) = MaybeUser::from_request_parts(&mut parts, state).await;
        let info = match RequestInfo::from_request_parts(&mut parts, state).await {
            Ok(info) => info,
            Err(_) => RequestInfo {
                addr: String::new(),
                https: false,
                lang: crate::http::extract::request_lang(&parts.headers),
                token: None,
                headers: parts.headers.clone(),
            },
        };
        let Ok(form) = FormFields::from_request(Request::from_parts(parts, body), state).await;
        Ok(FormAction { user, info, form })
    }
}

/// Where a signed-in action goes once done, with the message the page there shows.
pub struct Done {
    pub to: Option<String>,
    pub flash: Option<Flash>,
}

impl Done {
    /// Goes on to another page of this site.
    pub fn to(to: String, flash: Option<Flash>) -> Self {
        Done { to: Some(to), flash }
    }

    /// Returns to the form's page.
    pub fn back(flash: Option<Flash>) -> Self {
        Done { to: None, flash }
    }
}

impl FormAction {
    /// The shape of every signed-in action: a guest goes to `/login` and comes back to the
    /// form's page; otherwise `action` runs, and its message, or its refusal's, returns there.
    pub async fn signed_in(
        self,
        action: impl AsyncFnOnce(AuthUser, &FormFields, &RequestInfo) -> Result<Option<Flash>, ApiError>,
    ) -> Response {
        self.signed_in_then(async |user, form, info| action(user, form, info).await.map(Done::back)).await
    }

    /// [`signed_in`](Self::signed_in) for an action that goes on elsewhere once done (an
    /// order's checkout counter); a refusal still returns to the form's page.
    pub async fn signed_in_then(
        self,
        action: impl AsyncFnOnce(AuthUser, &FormFields, &RequestInfo) -> Result<Done, ApiError>,
    ) -> Response {
        let back = self.form.back();
        let https = self.info.https;
        let Some(user) = self.user else { return refused(ApiError::Unauthorized, &back, https) };
        match action(user, &self.form, &self.info).await {
            Ok(Done { to, flash }) => see_other(to.as_deref().unwrap_or(&back), flash, https),
            Err(error) => refused(error, &back, https),
        }
    }
}

/// `303 See Other` to `to` (a path of this site), never cached, with a flash for the next page.
pub fn see_other(to: &str, flash: Option<Flash>, https: bool) -> Response {
    let to = api::forms::back_to(Some(to));
    let mut response =
        (StatusCode::SEE_OTHER, [(header::LOCATION, to.as_str()), (header::CACHE_CONTROL, "no-store")]).into_response();
    if let Some(cookie) = flash.and_then(|f| flash_cookie(&f, https)) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// Appends a `Set-Cookie` to an answer (a sign-in's session cookie).
pub fn with_cookie(mut response: Response, cookie: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}

/// The answer to a refused action: a guest goes to `/login` (and back to `back` afterwards);
/// a broken rule or bad input returns to `back` with the API's message; anything unexpected
/// is logged and returns with the catalogue's hiccup message.
pub fn refused(error: ApiError, back: &str, https: bool) -> Response {
    match error {
        ApiError::Unauthorized => see_other(&login_page(back), None, https),
        ApiError::BadRequest { key, args } => {
            let args = args.into_iter().map(|(name, value)| (name.to_string(), value)).collect();
            let flash = Flash::error(key, args);
            // An argument that cannot travel in the cookie (free text) leaves the message's
            // general form.
            let flash = if flash.encode().is_some() { flash } else { Flash::error(key, Vec::new()) };
            see_other(back, Some(flash), https)
        }
        ApiError::NotFound => see_other(back, Some(Flash::error("error-not-found", Vec::new())), https),
        ApiError::Internal(detail) => {
            tracing::error!(%detail, "form action failed");
            see_other(back, Some(Flash::error("error-server-hiccup", Vec::new())), https)
        }
    }
}

/// `/login?redirect=<back>`: the sign-in page that returns to `back`.
pub fn login_page(back: &str) -> String {
    format!("/login?{}={}", api::forms::FIELD_REDIRECT, api::url::encode(back))
}

/// The flash cookie: read by the next page only (HttpOnly, this site's pages, a minute).
fn flash_cookie(flash: &Flash, https: bool) -> Option<HeaderValue> {
    let secure = if https { "; Secure" } else { "" };
    let value = flash.encode()?;
    HeaderValue::from_str(&format!(
        "{FLASH_COOKIE}={value}; Path=/; Max-Age={FLASH_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax{secure}"
    ))
    .ok()
}

/// The `Set-Cookie` that removes the flash once a page has shown it.
pub fn clear_flash_cookie() -> HeaderValue {
    HeaderValue::from_static("flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn location(response: &Response) -> &str {
        response.headers().get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }

    fn cookie(response: &Response) -> String {
        response.headers().get(header::SET_COOKIE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
    }

    #[test]
    fn a_refusal_returns_with_the_apis_message() {
        let answer = refused(
            ApiError::bad_with("error-cart-insufficient-inventory", vec![("stocks", "2".into())]),
            "/detail?prodId=1",
            false,
        );
        assert_eq!(answer.status(), StatusCode::SEE_OTHER);
        assert_eq!(location(&answer), "/detail?prodId=1");
        assert!(cookie(&answer).starts_with("flash=e~error-cart-insufficient-inventory~stocks.2; Path=/;"));
        // Free text in an argument does not travel: the message's general form does.
        let answer = refused(ApiError::bad_with("error-x", vec![("name", "a b".into())]), "/", true);
        assert!(cookie(&answer).starts_with("flash=e~error-x; ") && cookie(&answer).ends_with("; Secure"));
    }

    #[test]
    fn a_guest_signs_in_and_comes_back() {
        let answer = refused(ApiError::Unauthorized, "/detail?prodId=1&x=2", false);
        assert_eq!(location(&answer), "/login?redirect=%2Fdetail%3FprodId%3D1%26x%3D2");
        assert_eq!(cookie(&answer), "");
    }

    #[test]
    fn a_field_named_twice_keeps_every_value_in_order() {
        let mut fields = HashMap::new();
        for (name, value) in [("couponIds", "3"), ("remarks.5", "hi"), ("couponIds", "0"), ("remarks.7", "")] {
            fields.entry(name.to_string()).or_insert_with(Vec::new).push(value.to_string());
        }
        let form = FormFields(fields);
        assert_eq!(form.get("couponIds"), Some("3"));
        assert_eq!(form.all("couponIds").collect::<Vec<_>>(), ["3", "0"]);
        assert_eq!(form.all("missing").count(), 0);
        let mut remarks: Vec<_> = form.prefixed("remarks.").collect();
        remarks.sort();
        assert_eq!(remarks, [("5", "hi"), ("7", "")]);
    }

    #[test]
    fn an_answer_never_leaves_the_site() {
        assert_eq!(location(&see_other("https://evil.example/", None, false)), "/");
        assert_eq!(location(&see_other("//evil.example/", None, false)), "/");
    }
}
