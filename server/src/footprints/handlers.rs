//! The footprints' calls. Every path is under `/p/`: a guest gets `A00004` from [`AuthUser`];
//! every read and delete names the signed-in buyer, and an entry of another buyer is "not
//! found" like an unknown one.

use super::repo;
use crate::db::paging::page_of;
use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiPath, ApiQuery};
use crate::http::paging::PageQuery;
use crate::http::params::{given, id_in_query_or_body, invalid, missing, parse_id};
use crate::state::AppState;
use api::catalog::Page;
use api::favourites::{parse_day, Footprint};
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ProdQuery {
    prod_id: Option<String>,
}

/// `POST /p/user/recentBrowse` with `prodId` (form-encoded as the spec's client sends it; a
/// JSON body or the query work too): records the view of the product now.
pub(super) async fn record(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ProdQuery>,
    body: Bytes,
) -> ApiResult<()> {
    let prod_id = id_in_query_or_body(&query.prod_id, &body, "prodId")?;
    if repo::record(&state.db, user.user_id, prod_id).await? {
        ok(())
    } else {
        Err(ApiError::bad("error-product-not-found"))
    }
}

/// `GET /p/user/recentBrowse/page?current&size`: the buyer's footprints, newest first.
pub(super) async fn page(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<Footprint>> {
    let (current, size) = query.resolve()?;
    let (records, total) = repo::page(&state.db, user.user_id, lang, current, size).await?;
    ok(page_of(records, total, current, size))
}

/// `DELETE /p/user/recentBrowse/delete/{id}`: removes one of the buyer's footprints.
pub(super) async fn delete_one(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<i64> {
    let id = parse_id(&id, "id")?;
    if id <= 0 {
        return Err(invalid("id"));
    }
    match repo::delete_one(&state.db, user.user_id, id).await? {
        0 => Err(ApiError::bad("error-footprint-not-found")),
        n => ok(n),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct DayQuery {
    day: Option<String>,
}

/// The day of `?day=YYYY-MM-DD`, as a day number.
fn day_param(raw: &Option<String>) -> Result<i64, ApiError> {
    parse_day(given(raw).ok_or_else(|| missing("day"))?).ok_or_else(|| invalid("day"))
}

/// `DELETE /p/user/recentBrowse/deleteDay?day=YYYY-MM-DD`: removes the buyer's footprints of
/// that day; answers how many.
pub(super) async fn delete_day(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<DayQuery>,
) -> ApiResult<i64> {
    let day = day_param(&query.day)?;
    ok(repo::delete_day(&state.db, user.user_id, day).await?)
}

/// `DELETE /p/user/recentBrowse/clear`: removes all the buyer's footprints; answers how many.
pub(super) async fn clear(user: AuthUser, State(state): State<AppState>) -> ApiResult<i64> {
    ok(repo::clear(&state.db, user.user_id).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_dates_in_one_form() {
        assert_eq!(day_param(&Some(" 1970-01-02 ".into())).unwrap(), 1);
        for bad in [None, Some(""), Some("2026-02-30"), Some("20260101"), Some("yesterday"), Some("2026-1-1")] {
            assert!(day_param(&bad.map(String::from)).is_err(), "{bad:?}");
        }
    }
}
