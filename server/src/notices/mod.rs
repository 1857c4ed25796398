//! Notices: the top notices of the header, the notice list and one notice (spec section 7,
//! `/notice/*`, `/p/notice/topNoticeList/{shopId}`).

pub mod api;
pub mod repo;

pub use api::router;
