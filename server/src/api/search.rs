//! Search support calls: hot search words.

use super::extract::{ApiQuery, Locale};
use crate::db;
use crate::error::{ok, ApiError, ApiResult};
use crate::state::AppState;
use api::browse::{hot_search_type, HotSearch};
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

pub fn router() -> Router<AppState> {
    Router::new().route("/search/hotSearch", get(hot_search))
}

#[derive(Debug, Deserialize)]
struct HotSearchQuery {
    #[serde(rename = "type")]
    kind: i32,
}

/// `GET /search/hotSearch?type=1|2`: hot words (products or shops) in the request's language.
async fn hot_search(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<HotSearchQuery>,
) -> ApiResult<Vec<HotSearch>> {
    if query.kind != hot_search_type::PRODUCT && query.kind != hot_search_type::SHOP {
        return Err(ApiError::bad_with(
            "error-value-out-of-range",
            vec![("field", "type".into()), ("min", "1".into()), ("max", "2".into())],
        ));
    }
    ok(db::search::hot_search(&state.db, i64::from(query.kind), lang).await?)
}
