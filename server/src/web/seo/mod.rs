//! What crawlers fetch besides the pages: `robots.txt` (private pages disallowed, the
//! sitemap named) and the sitemaps, an index (`/sitemap.xml`) of per-language sitemaps of
//! the public pages, products, shops, categories, deals and notices
//! (`/sitemaps/{lang}/{kind}-{n}.xml`), split at the protocol's 50,000 URLs, built from the
//! database and kept for an hour.

mod repo;
pub mod sitemap;

use crate::cache::TtlCache;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use i18n::Lang;
use sitemap::{Entry, Kind};
use std::sync::Arc;
use std::time::Duration;

/// How long a sitemap is reused before it is built again from the database.
const SITEMAP_TTL: Duration = Duration::from_secs(3600);

#[derive(Clone)]
struct SeoState {
    app: AppState,
    /// The entries of each kind, in every language's sitemaps alike.
    entries: Arc<TtlCache<Kind, Arc<Vec<Entry>>>>,
}

/// `/robots.txt`, `/sitemap.xml` and `/sitemaps/{lang}/{file}`.
pub fn router(app: AppState) -> Router {
    let state = SeoState { app, entries: Arc::new(TtlCache::new(SITEMAP_TTL, Kind::ALL.len())) };
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(index))
        .route("/sitemaps/{lang}/{file}", get(one_sitemap))
        .with_state(state)
}

async fn robots(State(state): State<SeoState>) -> Response {
    let body = sitemap::robots_txt(&state.app.config.public_url, app::site::seo::PRIVATE_PATHS);
    answer("text/plain; charset=utf-8", body)
}

async fn index(State(state): State<SeoState>) -> Response {
    let mut files = Vec::new();
    for kind in Kind::ALL {
        let Some(entries) = entries(&state, kind).await else {
            return unavailable();
        };
        files.push((kind, sitemap::file_count(entries.len()), sitemap::newest(&entries)));
    }
    answer("application/xml; charset=utf-8", sitemap::index_xml(&state.app.config.public_url, &files))
}

async fn one_sitemap(State(state): State<SeoState>, Path((lang, file)): Path<(String, String)>) -> Response {
    // Only a language's own code names its sitemaps (zh_HK, read as Chinese elsewhere, does not).
    let lang = Lang::ALL.into_iter().find(|l| l.code() == lang);
    let (Some(lang), Some((kind, number))) = (lang, sitemap::parse_file_name(&file)) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Some(entries) = entries(&state, kind).await else {
        return unavailable();
    };
    match sitemap::chunk(&entries, number) {
        Some(chunk) => {
            answer("application/xml; charset=utf-8", sitemap::urlset_xml(&state.app.config.public_url, lang, chunk))
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The entries of `kind`, from the cache or the database; `None` when the database fails.
async fn entries(state: &SeoState, kind: Kind) -> Option<Arc<Vec<Entry>>> {
    if let Some(entries) = state.entries.get(&kind) {
        return Some(entries);
    }
    match repo::entries(&state.app.db, kind).await {
        Ok(entries) => {
            let entries = Arc::new(entries);
            state.entries.insert(kind, entries.clone());
            Some(entries)
        }
        Err(error) => {
            tracing::error!(%error, ?kind, "sitemap entries");
            None
        }
    }
}

fn answer(content_type: &'static str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
        ],
        body,
    )
        .into_response()
}

fn unavailable() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "60")], "").into_response()
}
