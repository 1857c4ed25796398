//! The one typed client of the provider API. During SSR it dispatches in-process into the
//! embedded API router (or over HTTP when `MALL_API_BASE` names a remote provider); after
//! hydration it uses the browser's fetch. Envelope codes are handled as spec section 8 says.

use api::{ApiResponse, Code};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a call produced no data.
#[derive(Debug, Clone, PartialEq)]
pub enum ApiFailure {
    /// The API answered with a non-success code.
    Rejected { code: Code, msg: String },
    /// The network or the body failed; callers treat it as "no data" (errors are swallowed).
    Network(String),
}

pub type ApiCallResult<T> = Result<T, ApiFailure>;

fn unwrap_envelope<T>(envelope: ApiResponse<T>) -> ApiCallResult<T>
where
    T: DeserializeOwned,
{
    match envelope.code {
        // A null `data` is a valid answer for calls whose type accepts it (`()`, `Option<_>`).
        Code::Ok | Code::Passthrough => match envelope.data {
            Some(data) => Ok(data),
            None => {
                // As JSON `null`: accepted by `()` and `Option<_>`, refused by everything else.
                let null = serde::de::value::UnitDeserializer::<serde::de::value::Error>::new();
                T::deserialize(null).map_err(|_| ApiFailure::Network("empty data".into()))
            }
        },
        code => Err(ApiFailure::Rejected { code, msg: envelope.msg.unwrap_or_else(|| "Error".into()) }),
    }
}

use crate::url::encode;

fn query_string(query: &[(&str, String)]) -> String {
    if query.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = query.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect();
    format!("?{}", pairs.join("&"))
}

#[cfg(feature = "ssr")]
pub use server_side::{ApiClient, ApiHost, SharedAnswers, SharedKey};

#[cfg(feature = "ssr")]
mod server_side {
    use super::*;
    use crate::i18n::Lang;
    use api::in_process::VerifiedSession;
    use axum::body::Body;
    use http::{header, Method, Request};
    use tower::ServiceExt;

    /// What names a shared answer: the path with its query, the language, and the type it is
    /// read as.
    pub type SharedKey = (String, Lang, std::any::TypeId);

    /// The answers that are the same for everyone (the API marks them `Cache-Control: public`,
    /// see `api::paths::SHARED_ANSWERS`), kept by the server for a few seconds as the values
    /// pages read them as: a page reusing one skips the router, the handler and the JSON.
    /// Nothing else is kept, so nothing of one buyer is.
    pub trait SharedAnswers: Send + Sync {
        fn get(&self, key: &SharedKey) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>;
        fn insert(&self, key: SharedKey, value: std::sync::Arc<dyn std::any::Any + Send + Sync>);
    }

    /// Where the provider API lives, provided as context by the server for each request.
    #[derive(Clone)]
    pub enum ApiHost {
        /// The API router embedded in this process: no network hop; with the shared answers
        /// unless they are turned off.
        InProcess { router: axum::Router, shared: Option<std::sync::Arc<dyn SharedAnswers>> },
        /// A remote provider host (`MALL_API_BASE`), reached over HTTP.
        Remote { client: reqwest::Client, base: String },
    }

    /// A client bound to the current request (its language and session cookie).
    #[derive(Clone)]
    pub struct ApiClient {
        host: ApiHost,
        lang: Lang,
        cookie: Option<String>,
        /// The page request's session as the page handler verified it, handed to in-process
        /// calls so the API does not look it up again.
        session: Option<VerifiedSession>,
    }

    /// Largest API answer read during SSR.
    const MAX_BODY: usize = 8 * 1024 * 1024;

    impl ApiClient {
        /// A client for a request with this language, `Cookie` header and, when the page
        /// handler has looked it up, the request's session.
        pub fn new(host: ApiHost, lang: Lang, cookie: Option<String>, session: Option<VerifiedSession>) -> Self {
            Self { host, lang, cookie, session }
        }

        /// The client for the request being rendered. Call it synchronously in a component.
        pub fn from_context(lang: Lang) -> Self {
            let host = leptos::prelude::expect_context::<ApiHost>();
            let parts = leptos::prelude::use_context::<http::request::Parts>();
            let cookie = parts
                .as_ref()
                .and_then(|parts| parts.headers.get(header::COOKIE).and_then(|v| v.to_str().ok()).map(String::from));
            let session = parts.and_then(|parts| parts.extensions.get::<VerifiedSession>().cloned());
            Self { host, lang, cookie, session }
        }

        /// `GET /api{path}?{query}`; a shared answer is reused while it is fresh.
        pub async fn get<T>(&self, path: &str, query: &[(&str, String)]) -> ApiCallResult<T>
        where
            T: DeserializeOwned + Clone + Send + Sync + 'static,
        {
            let ApiHost::InProcess { shared: Some(shared), .. } = &self.host else {
                return self.send::<T, ()>(Method::GET, path, query, None).await.map(|(value, _)| value);
            };
            let key = (format!("{path}{}", query_string(query)), self.lang, std::any::TypeId::of::<T>());
            if let Some(kept) = shared.get(&key).and_then(|kept| kept.downcast_ref::<T>().cloned()) {
                return Ok(kept);
            }
            let answer = self.send::<T, ()>(Method::GET, path, query, None).await;
            if let Ok((value, true)) = &answer {
                shared.insert(key, std::sync::Arc::new(value.clone()));
            }
            answer.map(|(value, _)| value)
        }

        /// `GET /api{path}?{param}={id}`: one record, or `None` without an id or when the call
        /// fails (the page then shows its not-found state).
        pub async fn record<T>(&self, path: &str, param: &str, id: Option<i64>) -> Option<T>
        where
            T: DeserializeOwned + Clone + Send + Sync + 'static,
        {
            self.get::<T>(path, &[(param, id?.to_string())]).await.ok()
        }

        /// `POST /api{path}` with a JSON body.
        pub async fn post<T: DeserializeOwned, B: Serialize>(&self, path: &str, body: &B) -> ApiCallResult<T> {
            self.send(Method::POST, path, &[], Some(body)).await.map(|(value, _)| value)
        }

        /// The call's data, and whether the API marked the answer the same for everyone.
        async fn send<T: DeserializeOwned, B: Serialize>(
            &self,
            method: Method,
            path: &str,
            query: &[(&str, String)],
            body: Option<&B>,
        ) -> ApiCallResult<(T, bool)> {
            let path_and_query = format!("{path}{}", query_string(query));
            let body = match body {
                Some(b) => serde_json::to_vec(b).map_err(|e| ApiFailure::Network(e.to_string()))?,
                None => Vec::new(),
            };
            let (bytes, public) = match &self.host {
                ApiHost::InProcess { router, .. } => {
                    let mut request = Request::builder()
                        .method(method)
                        .uri(&path_and_query)
                        .header("locale", self.lang.code())
                        .header(header::CONTENT_TYPE, "application/json");
                    if let Some(cookie) = &self.cookie {
                        request = request.header(header::COOKIE, cookie);
                    }
                    if let Some(session) = &self.session {
                        request = request.extension(session.clone());
                    }
                    let request = request.body(Body::from(body)).map_err(|e| ApiFailure::Network(e.to_string()))?;
                    let response =
                        router.clone().oneshot(request).await.map_err(|e| ApiFailure::Network(e.to_string()))?;
                    let public = response.status() == http::StatusCode::OK
                        && response
                            .headers()
                            .get(header::CACHE_CONTROL)
                            .and_then(|v| v.to_str().ok())
                            .is_some_and(|v| v.split(',').any(|d| d.trim() == "public"));
                    let bytes = axum::body::to_bytes(response.into_body(), MAX_BODY)
                        .await
                        .map_err(|e| ApiFailure::Network(e.to_string()))?;
                    (bytes, public)
                }
                ApiHost::Remote { client, base } => {
                    let mut request = client
                        .request(method, format!("{}/api{path_and_query}", base.trim_end_matches('/')))
                        .header("locale", self.lang.code())
                        .header(header::CONTENT_TYPE, "application/json")
                        .timeout(std::time::Duration::from_secs(30))
                        .body(body);
                    if let Some(cookie) = &self.cookie {
                        request = request.header(header::COOKIE, cookie);
                    }
                    let response = request.send().await.map_err(|e| ApiFailure::Network(e.to_string()))?;
                    // Answers from a remote provider are not kept.
                    (response.bytes().await.map_err(|e| ApiFailure::Network(e.to_string()))?, false)
                }
            };
            let envelope: ApiResponse<T> =
                serde_json::from_slice(&bytes).map_err(|e| ApiFailure::Network(format!("bad envelope: {e}")))?;
            let result = unwrap_envelope(envelope);
            if let Err(ApiFailure::Rejected { code, msg }) = &result {
                if *code == Code::Internal {
                    tracing::warn!(path, %msg, "API call failed during SSR");
                }
            }
            result.map(|value| (value, public))
        }
    }
}

#[cfg(feature = "hydrate")]
pub mod browser {
    //! The browser side: fetch with credentials, the `locale` header, a 30 s timeout, and the
    //! client rules of spec section 8 (toasts, login redirect or popup).
    use super::*;
    use crate::events::{self, EventDetail, OpenLoginDetail, ToastDetail, ToastType};
    use api::client_rules::{self, Reaction};
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    /// Options of one call: the silent-auth and handle-error flags of the shared client rules.
    pub use api::client_rules::CallOptions;

    fn window() -> web_sys::Window {
        web_sys::window().expect("window")
    }

    /// The interface language of the page (`<html lang>`), as an API locale code.
    fn locale() -> String {
        let tag = window()
            .document()
            .and_then(|d| d.document_element())
            .and_then(|e| e.get_attribute("lang"))
            .unwrap_or_else(|| "en".into());
        crate::i18n::Lang::from_code(&tag).unwrap_or_default().code().to_string()
    }

    /// A translated client message rendered by the server into `#mall-client-i18n`.
    pub fn client_text(key: &str) -> String {
        let text = window()
            .document()
            .and_then(|d| d.get_element_by_id("mall-client-i18n"))
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        js_sys::JSON::parse(&text)
            .and_then(|texts| js_sys::Reflect::get(&texts, &JsValue::from_str(key)))
            .ok()
            .and_then(|text| text.as_string())
            .unwrap_or_else(|| key.to_string())
    }

    /// Dispatches the event of `detail` on `window`.
    pub fn emit<D: EventDetail>(detail: &D) {
        let detail = js_sys::JSON::parse(&api::bridge::event_detail(detail)).unwrap_or(JsValue::NULL);
        dispatch(D::EVENT, &detail);
    }

    /// Dispatches an event without a detail (`HYDRATED`, `LOGGED_OUT`).
    pub fn announce(name: &str) {
        dispatch(name, &JsValue::NULL);
    }

    fn dispatch(name: &str, detail: &JsValue) {
        let init = web_sys::CustomEventInit::new();
        init.set_detail(detail);
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(name, &init) {
            let _ = window().dispatch_event(&event);
        }
    }

    /// Shows a toast through the shared toast event.
    pub fn toast(kind: ToastType, message: &str, duration_ms: u32) {
        emit(&ToastDetail { kind, message: message.to_string(), duration: Some(duration_ms) });
    }

    /// Applies the shared client rules (`api::client_rules`) to a failed call of `call_path`.
    fn apply_rules(call_path: &str, failure: &ApiFailure, options: CallOptions) {
        let ApiFailure::Rejected { code, msg } = failure else { return };
        let location = window().location();
        let page = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
        match client_rules::react(code.as_str(), Some(msg), call_path, &page, options) {
            Reaction::SignInPage(href) => {
                announce(events::LOGGED_OUT);
                let _ = location.set_href(&href);
            }
            Reaction::LoginPopup => {
                announce(events::LOGGED_OUT);
                emit(&OpenLoginDetail::default());
            }
            Reaction::SessionEnded => announce(events::LOGGED_OUT),
            Reaction::ErrorToast(text) => toast(ToastType::Error, &text, client_rules::ERROR_TOAST_MS),
            Reaction::Hiccup => toast(ToastType::Error, &client_text("hiccup"), client_rules::ERROR_TOAST_MS),
            Reaction::Accept | Reaction::Reject => {}
        }
    }

    /// `GET /api{path}?{query}` from the browser.
    pub async fn get<T: DeserializeOwned>(
        path: &str,
        query: &[(&str, String)],
        options: CallOptions,
    ) -> ApiCallResult<T> {
        call::<T>("GET", &format!("{path}{}", query_string(query)), None, options).await
    }

    /// `POST /api{path}` with a JSON body from the browser.
    pub async fn post<T: DeserializeOwned, B: Serialize>(
        path: &str,
        body: &B,
        options: CallOptions,
    ) -> ApiCallResult<T> {
        call_with_body("POST", path, body, options).await
    }

    /// `PUT /api{path}` with a JSON body from the browser.
    pub async fn put<T: DeserializeOwned, B: Serialize>(
        path: &str,
        body: &B,
        options: CallOptions,
    ) -> ApiCallResult<T> {
        call_with_body("PUT", path, body, options).await
    }

    /// `DELETE /api{path}` with a JSON body from the browser (the cart's `basketId` list).
    pub async fn delete<T: DeserializeOwned, B: Serialize>(
        path: &str,
        body: &B,
        options: CallOptions,
    ) -> ApiCallResult<T> {
        call_with_body("DELETE", path, body, options).await
    }

    /// `POST /api{path}` with a form-encoded body from the browser (the recent-browse call of
    /// spec section 7).
    pub async fn post_form<T: DeserializeOwned>(
        path: &str,
        form: &[(&str, String)],
        options: CallOptions,
    ) -> ApiCallResult<T> {
        let body = query_string(form).trim_start_matches('?').to_string();
        let result = fetch_json::<T>("POST", path, Some(body), "application/x-www-form-urlencoded").await;
        if let Err(failure) = &result {
            apply_rules(path, failure, options);
        }
        result
    }

    async fn call_with_body<T: DeserializeOwned, B: Serialize>(
        method: &str,
        path: &str,
        body: &B,
        options: CallOptions,
    ) -> ApiCallResult<T> {
        let body = serde_json::to_string(body).map_err(|e| ApiFailure::Network(e.to_string()))?;
        call::<T>(method, path, Some(body), options).await
    }

    async fn call<T: DeserializeOwned>(
        method: &str,
        path: &str,
        body: Option<String>,
        options: CallOptions,
    ) -> ApiCallResult<T> {
        let result = fetch_json::<T>(method, path, body, "application/json").await;
        if let Err(failure) = &result {
            apply_rules(path, failure, options);
        }
        result
    }

    async fn fetch_json<T: DeserializeOwned>(
        method: &str,
        path: &str,
        body: Option<String>,
        content_type: &str,
    ) -> ApiCallResult<T> {
        let network = |e: JsValue| ApiFailure::Network(format!("{e:?}"));
        let init = web_sys::RequestInit::new();
        init.set_method(method);
        init.set_credentials(web_sys::RequestCredentials::Include);
        let headers = web_sys::Headers::new().map_err(network)?;
        headers.set("locale", &locale()).map_err(network)?;
        headers.set("Content-Type", content_type).map_err(network)?;
        init.set_headers(&headers);
        if let Some(body) = &body {
            init.set_body(&JsValue::from_str(body));
        }
        let controller = web_sys::AbortController::new().map_err(network)?;
        init.set_signal(Some(&controller.signal()));
        let abort = controller.clone();
        let timeout = gloo_timeout(30_000, move || abort.abort());
        let request = web_sys::Request::new_with_str_and_init(&format!("/api{path}"), &init).map_err(network)?;
        let response = JsFuture::from(window().fetch_with_request(&request)).await.map_err(network);
        drop(timeout);
        let response: web_sys::Response = response?.dyn_into().map_err(network)?;
        let text = JsFuture::from(response.text().map_err(network)?).await.map_err(network)?;
        let text = text.as_string().unwrap_or_default();
        let envelope: ApiResponse<T> = serde_json::from_str(&text).map_err(|e| ApiFailure::Network(e.to_string()))?;
        unwrap_envelope(envelope)
    }

    /// A `setTimeout` that is cleared when dropped.
    struct Timeout(i32, #[allow(dead_code)] wasm_bindgen::closure::Closure<dyn FnMut()>);

    impl Drop for Timeout {
        fn drop(&mut self) {
            window().clear_timeout_with_handle(self.0);
        }
    }

    fn gloo_timeout(ms: i32, f: impl FnMut() + 'static) -> Timeout {
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(f);
        let id = window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(closure.as_ref().unchecked_ref(), ms)
            .unwrap_or(0);
        Timeout(id, closure)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_components_are_encoded() {
        assert_eq!(query_string(&[("pn", "a b&c".into()), ("x", "无".into())]), "?pn=a%20b%26c&x=%E6%97%A0");
        assert_eq!(query_string(&[]), "");
    }

    #[test]
    fn envelope_codes_map_to_results() {
        let ok: ApiResponse<i32> = ApiResponse::ok(1);
        assert_eq!(unwrap_envelope(ok), Ok(1));
        let bad: ApiResponse<i32> = ApiResponse::fail(Code::BadRequest, "nope");
        assert_eq!(unwrap_envelope(bad), Err(ApiFailure::Rejected { code: Code::BadRequest, msg: "nope".into() }));
        let unit: ApiResponse<()> = ApiResponse { success: true, code: Code::Ok, msg: None, data: None };
        assert_eq!(unwrap_envelope(unit), Ok(()));
        let none: ApiResponse<Option<i32>> = ApiResponse { success: true, code: Code::Ok, msg: None, data: None };
        assert_eq!(unwrap_envelope(none), Ok(None));
        let missing: ApiResponse<Vec<i32>> = ApiResponse { success: true, code: Code::Ok, msg: None, data: None };
        assert!(unwrap_envelope(missing).is_err());
    }
}
