//! Search: hot search words, suggestions, the product and shop search page and the products of
//! decorated blocks (spec section 7, `/search/hotSearch`, `/search/suggestions`,
//! `/search/page`, `/search/renovationPage`), over an embedded full-text index (tantivy, in
//! RAM) of products and shops in English, Chinese and Khmer, built from the database at start
//! and kept current from the `search_change` feed.
//!
//! - `handlers.rs`: the calls and their parameter rules;
//! - `schema.rs`: the index's fields and engines; `tokenize.rs`: the tokenizers;
//! - `indexing.rs`: documents, builds and following the change feed;
//! - `queries.rs`: turning a search into a query, ranking, reading hits;
//! - `repo.rs`: the sqlx reads (hot words, the rows documents are built from, the feed).
//!
//! - **Documents.** One per product (names and briefs in the three languages, the three category
//!   levels, price, sales, its shop's rating and online flag, status, type, the window of its
//!   flash sale or group buy, listing time) and one per shop (name, logo, followers, sales,
//!   rating, status, type). Tokenizers: [`tokenize`].
//! - **Queries.** Latin words match exactly, as a prefix (as-you-type) and within a Levenshtein
//!   distance of 1 (4-7 letters) or 2 (8 or more) for typos; Chinese and Khmer runs match as
//!   substrings through their n-grams. Every word or run must match.
//! - **Ranking.** Text relevance times a popularity factor from sales and shop rating
//!   ([`popularity`]); other sorts (price, sales, newest) use relevance as the tie-break.
//! - **Freshness.** [`SearchIndex::reindex_product`] / [`SearchIndex::reindex_shop`] apply a
//!   change at once on this node; database triggers note every change of products, shops and
//!   activities in `search_change`, which every node polls every [`POLL_INTERVAL`]
//!   ([`SearchIndex::sync_changes`]), so all nodes of a PostgreSQL deployment converge within
//!   about one interval. A full rebuild runs every [`REBUILD_INTERVAL`] as a safety net.

pub mod handlers;
pub mod indexing;
pub mod queries;
pub mod repo;
pub mod schema;
pub mod tokenize;

pub use indexing::{
    popularity, BuildReport, SearchIndex, CHANGE_RETENTION_MS, MAX_CHANGE_BATCH, POLL_INTERVAL, REBUILD_INTERVAL,
    SUGGEST_CACHE_ENTRIES, SUGGEST_CACHE_TTL,
};
pub use queries::{typo_distance, Hit, Hits, SearchQuery, Sort, MAX_WINDOW};

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// Errors of the index (logged by callers; the API answers `A00005`).
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("index task: {0}")]
    Task(String),
}

/// The result of an index operation.
pub type SearchResult<T> = Result<T, SearchError>;

/// The search endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::HOT_SEARCH, get(handlers::hot_search))
        .route(paths::SEARCH_SUGGESTIONS, get(handlers::suggestions))
        .route(paths::SEARCH_PAGE, get(handlers::search_page))
        .route(paths::SEARCH_RENOVATION_PAGE, get(handlers::renovation_page))
}
