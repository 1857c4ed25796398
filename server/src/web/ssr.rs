//! Server-side rendering: every path that is not `/api` or an asset renders the Leptos app.
//! The frame data is loaded through the same API client the pages use, in-process.

use crate::cache::TtlCache;
use crate::state::AppState;
use api::in_process::VerifiedSession;
use app::api_client::{ApiClient, ApiHost};
use app::context::{load_shell_data, PageCtx, WidgetAssets};
use app::prefs::{Prefs, CURRENCY_COOKIE, LANG_COOKIE};
use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use i18n::Lang;
use leptos::config::LeptosOptions;
use leptos::prelude::provide_context;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a guest page or the guest page frame is reused.
const PUBLIC_TTL: Duration = Duration::from_secs(5);
/// Largest page kept in the page cache.
const MAX_CACHED_PAGE: usize = 1024 * 1024;

/// A guest page: the same for every visitor with the same URL, language and currency.
#[derive(Clone, PartialEq, Eq, Hash)]
struct PageKey {
    path_and_query: String,
    lang: Lang,
    /// The default address names itself as canonical, a chosen language its own URL.
    lang_default: bool,
    currency: String,
}

#[derive(Clone)]
struct CachedPage {
    status: StatusCode,
    headers: http::HeaderMap,
    body: bytes::Bytes,
    /// The currency the page was rendered in (the request's, if enabled).
    currency: String,
}

/// What the page handler needs, shared by all requests.
#[derive(Clone)]
pub struct SsrState {
    options: LeptosOptions,
    host: ApiHost,
    /// The database whose sessions the in-process API checks; `None` with a remote API host,
    /// which checks its own.
    sessions: Option<crate::db::Db>,
    widgets: WidgetAssets,
    /// The site's public origin, for absolute URLs in pages.
    origin: String,
    /// The header's Sellers' Centre link.
    seller_centre_url: String,
    bench_mode: bool,
    /// Guest pages, reused for a few seconds.
    pages: Arc<TtlCache<PageKey, CachedPage>>,
    /// The guest page frame per language.
    frames: Arc<TtlCache<Lang, app::context::ShellData>>,
    /// The country's default language (`/lang/default`).
    country_lang: Arc<TtlCache<(), Lang>>,
    /// Bench only: page bytes kept in memory, to measure the HTTP stack's limit.
    memory: Arc<Mutex<HashMap<String, (HeaderValue, bytes::Bytes)>>>,
}

impl SsrState {
    pub fn new(state: AppState, options: LeptosOptions, api: Router) -> Self {
        let host = match &state.config.api_base {
            Some(base) => ApiHost::Remote { client: reqwest_client(), base: base.clone() },
            // Page rendering calls the API in-process, reusing the answers that are the same
            // for everyone (see `web::shared_answers`) unless `MALL_SHARED_ANSWERS=0`.
            None => ApiHost::InProcess {
                router: api,
                shared: state.config.shared_answers.then(|| {
                    Arc::new(super::shared_answers::SharedValues::default()) as Arc<dyn app::api_client::SharedAnswers>
                }),
            },
        };
        let sessions = matches!(host, ApiHost::InProcess { .. }).then(|| state.db.clone());
        Self {
            options,
            host,
            sessions,
            widgets: super::assets::widget_assets(&state.config.widgets_dir),
            origin: state.config.public_url.clone(),
            seller_centre_url: state
                .config
                .seller_centre_url
                .clone()
                .unwrap_or_else(|| app::site::seller_centre::PAGE.to_string()),
            bench_mode: state.config.bench_mode,
            pages: Arc::new(TtlCache::new(PUBLIC_TTL, 4096)),
            frames: Arc::new(TtlCache::new(PUBLIC_TTL, 8)),
            country_lang: Arc::new(TtlCache::new(Duration::from_secs(60), 1)),
            memory: Default::default(),
        }
    }
}

fn reqwest_client() -> reqwest::Client {
    reqwest::Client::builder().timeout(std::time::Duration::from_secs(30)).build().unwrap_or_default()
}

/// The page routes: everything not matched before.
pub fn router(state: SsrState) -> Router {
    let mut router = Router::new();
    if state.bench_mode {
        router = router.route("/__bench/memory", get(serve_from_memory));
    }
    router.fallback(get(render_page)).with_state(state)
}

/// A cookie that keeps a preference for a year.
fn pref_cookie(name: &str, value: &str) -> Option<HeaderValue> {
    HeaderValue::from_str(&format!("{name}={value}; Path=/; Max-Age=31536000; SameSite=Lax")).ok()
}

async fn render_page(State(state): State<SsrState>, mut request: Request) -> Response {
    let path = request.uri().path().to_string();
    let query = request.uri().query().map(String::from);
    let cookie = request.headers().get(header::COOKIE).and_then(|v| v.to_str().ok()).map(String::from);

    let mut prefs = Prefs::from_request(&path, query.as_deref(), cookie.as_deref(), Lang::En);
    if prefs.lang_switched && !query.as_deref().unwrap_or_default().contains("lang=") {
        // First visit: apply the country's default language once (spec section 4).
        prefs.lang = country_lang(&state).await;
    }
    let mut cookies = Vec::new();
    if prefs.lang_switched {
        cookies.extend(pref_cookie(LANG_COOKIE, prefs.lang.code()));
    }
    let currency_switched = prefs.currency_switched;
    // A form's message is shown by this page only, once.
    if prefs.flash.is_some() {
        cookies.push(crate::http::forms::clear_flash_cookie());
    }

    // Guests see public pages: reuse one rendered a moment ago (never one with a message).
    let cacheable = !prefs.has_session && prefs.flash.is_none() && request.method() == http::Method::GET;
    let page_key = cacheable.then(|| PageKey {
        path_and_query: request.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default(),
        lang: prefs.lang,
        lang_default: prefs.lang_default,
        currency: prefs.currency.clone(),
    });
    if let Some(page) = page_key.as_ref().and_then(|key| state.pages.get(key)) {
        if currency_switched {
            cookies.extend(pref_cookie(CURRENCY_COOKIE, &page.currency));
        }
        return page_response(page.status, page.headers, page.body, cookies);
    }

    // A buyer's page: their session is looked up once, for all the render's API calls.
    let session = if page_key.is_none() { verified_session(&state, request.headers()).await } else { None };
    if let Some(session) = &session {
        request.extensions_mut().insert(session.clone());
    }

    let shell_data = match (page_key.is_some(), state.frames.get(&prefs.lang)) {
        (true, Some(frame)) => frame,
        (guest, _) => {
            let client = ApiClient::new(state.host.clone(), prefs.lang, cookie, session);
            let frame = load_shell_data(&client, &prefs).await;
            if guest {
                state.frames.insert(prefs.lang, frame.clone());
            }
            frame
        }
    };
    let ctx =
        PageCtx::new(prefs, shell_data, state.widgets.clone(), state.origin.clone(), state.seller_centre_url.clone());
    let currency = ctx.currency.code.clone();
    if currency_switched {
        cookies.extend(pref_cookie(CURRENCY_COOKIE, &currency));
    }

    let host = state.host.clone();
    let options = state.options.clone();
    let context_options = options.clone();
    let handler = leptos_axum::render_app_async_with_context(
        move || {
            provide_context(host.clone());
            provide_context(ctx.clone());
            provide_context(context_options.clone());
        },
        move || app::shell::shell(options.clone()),
    );
    let (parts, body) = handler(request).await.into_parts();
    let (status, headers) = (parts.status, parts.headers);
    let Ok(body) = axum::body::to_bytes(body, 16 * MAX_CACHED_PAGE).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    if let Some(key) = page_key {
        if (status == StatusCode::OK || status == StatusCode::NOT_FOUND) && body.len() <= MAX_CACHED_PAGE {
            let page = CachedPage { status, headers: headers.clone(), body: body.clone(), currency };
            state.pages.insert(key, page);
        }
    }
    page_response(status, headers, body, cookies)
}

/// The page request's session, as the in-process API's sign-in check would find it (sliding
/// its expiry the same way), handed to the render's API calls ([`VerifiedSession`]). `None`
/// without a token, with a remote API host, or when the lookup fails: each call then looks the
/// session up itself and answers as it always did.
async fn verified_session(state: &SsrState, headers: &http::HeaderMap) -> Option<VerifiedSession> {
    let db = state.sessions.as_ref()?;
    let token = crate::http::auth::request_token(headers)?;
    match crate::accounts::sessions::touch_session(db, &token).await {
        Ok(user_id) => Some(VerifiedSession { token, user_id }),
        Err(error) => {
            tracing::warn!(%error, "session lookup for a page failed; its API calls look it up again");
            None
        }
    }
}

/// The country's default language, looked up at most once a minute.
async fn country_lang(state: &SsrState) -> Lang {
    if let Some(lang) = state.country_lang.get(&()) {
        return lang;
    }
    let client = ApiClient::new(state.host.clone(), Lang::En, None, None);
    let lang = match client.get::<api::config::LangDefault>("/lang/default", &[]).await {
        Ok(default) => default.country_lang.as_deref().and_then(Lang::from_code).unwrap_or_default(),
        Err(_) => Lang::En,
    };
    state.country_lang.insert((), lang);
    lang
}

fn page_response(
    status: StatusCode,
    headers: http::HeaderMap,
    body: bytes::Bytes,
    cookies: Vec<HeaderValue>,
) -> Response {
    let mut response = (status, body).into_response();
    *response.headers_mut() = headers;
    let headers = response.headers_mut();
    headers.entry(header::CONTENT_TYPE).or_insert(HeaderValue::from_static("text/html; charset=utf-8"));
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("Cookie, Accept-Encoding"));
    response
}

/// Bench mode only: serves the bytes of a page, rendered once (for the request's cookie, so a
/// signed-in buyer's page too), from memory. Its throughput is the ceiling the SSR throughput
/// is compared with.
async fn serve_from_memory(
    State(state): State<SsrState>,
    Query(params): Query<HashMap<String, String>>,
    headers: http::HeaderMap,
) -> Response {
    let Some(path) = params.get("path").filter(|p| p.starts_with('/')).cloned() else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let cookie = headers.get(header::COOKIE).cloned();
    let key = format!("{path} {}", cookie.as_ref().and_then(|c| c.to_str().ok()).unwrap_or_default());
    let cached = state.memory.lock().ok().and_then(|m| m.get(&key).cloned());
    let (content_type, body) = match cached {
        Some(hit) => hit,
        None => {
            let mut request = Request::builder().uri(&path);
            if let Some(cookie) = cookie {
                request = request.header(header::COOKIE, cookie);
            }
            let request = request.body(Body::empty()).unwrap_or_default();
            let response = render_page(State(state.clone()), request).await;
            let content_type = response
                .headers()
                .get(header::CONTENT_TYPE)
                .cloned()
                .unwrap_or(HeaderValue::from_static("text/html; charset=utf-8"));
            let body = axum::body::to_bytes(response.into_body(), 16 * 1024 * 1024).await.unwrap_or_default();
            if let Ok(mut memory) = state.memory.lock() {
                memory.insert(key, (content_type.clone(), body.clone()));
            }
            (content_type, body)
        }
    };
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}
