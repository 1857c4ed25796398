//! Notices: the top list of the header bar (guest and signed-in variants) and the detail page.

use super::auth::AuthUser;
use super::extract::{ApiPath, Locale};
use crate::db;
use crate::error::{ok, ApiError, ApiResult};
use crate::state::AppState;
use api::browse::{Notice, NoticeDetail};
use axum::extract::State;
use axum::routing::get;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/notice/topNoticeList/{shop_id}", get(top_notice_list))
        .route("/p/notice/topNoticeList/{shop_id}", get(top_notice_list_signed_in))
        .route("/notice/info/{id}", get(notice_info))
}

/// Parses a path id: a non-negative integer, else `A00001` naming the parameter.
pub fn parse_id(raw: &str, field: &'static str) -> Result<i64, ApiError> {
    let raw = raw.trim();
    if raw.is_empty() || raw.len() > 18 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())]));
    }
    raw.parse().map_err(|_| ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())]))
}

/// `GET /notice/topNoticeList/{shopId}`: up to 10 titles, pinned first, newest first.
async fn top_notice_list(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiPath(shop_id): ApiPath<String>,
) -> ApiResult<Vec<Notice>> {
    let shop_id = parse_id(&shop_id, "shopId")?;
    ok(db::notice::top_notices(&state.db, shop_id, lang).await?)
}

/// `GET /p/notice/topNoticeList/{shopId}`: the same for a signed-in user.
async fn top_notice_list_signed_in(
    _user: AuthUser,
    state: State<AppState>,
    locale: Locale,
    shop_id: ApiPath<String>,
) -> ApiResult<Vec<Notice>> {
    top_notice_list(state, locale, shop_id).await
}

/// `GET /notice/info/{id}`: one notice for the detail page.
async fn notice_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<NoticeDetail> {
    let id = parse_id(&id, "id")?;
    match db::notice::notice(&state.db, id, lang).await? {
        Some(notice) => ok(notice),
        None => Err(ApiError::bad("error-notice-not-found")),
    }
}
