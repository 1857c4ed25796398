//! Browsing payloads used by the shell: notices and hot search words.

use serde::{Deserialize, Serialize};

/// A notice title of `GET /notice/topNoticeList/{shopId}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub id: i64,
    pub title: String,
}

/// A hot search word of `GET /search/hotSearch?type=`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HotSearch {
    pub title: String,
    pub content: String,
}

/// A notice of `GET /notice/info/{id}`, for the notice detail page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeDetail {
    pub id: i64,
    pub title: String,
    /// The notice text in the request's language (plain text with line breaks).
    pub content: String,
    /// Unix milliseconds.
    pub publish_time: i64,
    /// 0 for platform notices.
    pub shop_id: i64,
}

/// Hot search word types of `GET /search/hotSearch?type=`.
pub mod hot_search_type {
    pub const PRODUCT: i32 = 1;
    pub const SHOP: i32 = 2;
}
