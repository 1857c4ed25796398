//! Browsing payloads used by the shell: notices and hot search words.

use api_macros::wire;
use serde::{Deserialize, Serialize};

/// A notice title of `GET /notice/topNoticeList/{shopId}`.
#[wire]
#[derive(Default)]
pub struct Notice {
    pub id: i64,
    pub title: String,
}

/// A hot search word of `GET /search/hotSearch?type=`.
#[wire]
pub struct HotSearch {
    pub title: String,
    pub content: String,
}

/// `GET /notice/list`: a shop's notices (0 = platform), a page at a time.
#[wire(query, default)]
pub struct NoticeListQuery {
    pub shop_id: Option<i64>,
    pub current: Option<i64>,
    pub size: Option<i64>,
}

/// `GET /search/hotSearch`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema, utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct HotSearchQuery {
    /// A [`hot_search_type`].
    #[serde(rename = "type")]
    pub kind: i32,
    /// The shop whose own words are asked for (its header's search); 0 or left out: the
    /// mall's words.
    #[serde(rename = "shopId", default, skip_serializing_if = "Option::is_none")]
    pub shop_id: Option<i64>,
}

/// A notice of `GET /notice/info/{id}`, for the notice detail page.
#[wire]
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

crate::constants! {
    /// Hot search word types: `type` of `GET /search/hotSearch`.
    pub mod hot_search_type: i32 {
        /// Words that search products.
        PRODUCT = 1;
        /// Words that search shops.
        SHOP = 2;
    }
}
