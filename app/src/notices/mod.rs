//! Notices: `/notice-list` and `/notice-detail` (shopId 0 for the platform's).

#[cfg(feature = "ssr")]
pub mod pages;
