//! Browsing payloads used by the shell: notices and hot search words.

use serde::{Deserialize, Serialize};

/// A notice title of `GET /notice/topNoticeList/{shopId}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
