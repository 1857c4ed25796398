//! Notices: the top list of the header bar (guest and signed-in variants) and the detail page.

use super::repo;
use crate::http::auth::AuthUser;
use crate::http::error::{found, ok, ApiResult};
use crate::http::extract::ApiQuery;
use crate::http::extract::{ApiPath, Locale};
use crate::http::paging::PageQuery;
use crate::http::params::{optional_id, parse_id};
use crate::state::AppState;
use api::browse::{Notice, NoticeDetail};
use api::catalog::Page;
use axum::extract::State;
use serde::Deserialize;

/// `GET /notice/topNoticeList/{shopId}`: up to 10 titles, pinned first, newest first.
pub(super) async fn top_notice_list(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiPath(shop_id): ApiPath<String>,
) -> ApiResult<Vec<Notice>> {
    let shop_id = parse_id(&shop_id, "shopId")?;
    ok(super::repo::top_notices(&state.db, shop_id, lang).await?)
}

/// `GET /p/notice/topNoticeList/{shopId}`: the same for a signed-in user.
pub(super) async fn top_notice_list_signed_in(
    _user: AuthUser,
    state: State<AppState>,
    locale: Locale,
    shop_id: ApiPath<String>,
) -> ApiResult<Vec<Notice>> {
    top_notice_list(state, locale, shop_id).await
}

/// `GET /notice/info/{id}`: one notice for the detail page.
pub(super) async fn notice_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<NoticeDetail> {
    let id = parse_id(&id, "id")?;
    found(super::repo::notice(&state.db, id, lang).await?, "error-notice-not-found")
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct NoticeListQuery {
    shop_id: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
}

/// `GET /notice/list?shopId=&current=&size=`: published notices of a shop (0 = platform) for
/// the notice list page, pinned first, then newest first.
pub(super) async fn notice_list(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<NoticeListQuery>,
) -> ApiResult<Page<Notice>> {
    let shop_id = optional_id(&query.shop_id, "shopId", 0)?;
    let (current, size) = query.page.resolve()?;
    ok(repo::notices(&state.db, shop_id, lang, current, size).await?)
}
