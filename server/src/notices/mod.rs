//! Notices: the top notices of the header bar (guest and signed-in variants), the notice list
//! and one notice (spec section 7, `/notice/topNoticeList/{shopId}`,
//! `/p/notice/topNoticeList/{shopId}`, `/notice/list`, `/notice/info/{id}`).
//!
//! - `handlers.rs`: the calls;
//! - `repo.rs`: the sqlx reads of published notices.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// The notices' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::TOP_NOTICE_LIST, get(handlers::top_notice_list))
        .route(paths::TOP_NOTICE_LIST_SIGNED_IN, get(handlers::top_notice_list_signed_in))
        .route(paths::NOTICE_INFO, get(handlers::notice_info))
        .route(paths::NOTICE_LIST, get(handlers::notice_list))
}
