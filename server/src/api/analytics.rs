//! placeholder module, being written
pub fn router() -> axum::Router<crate::AppState> { axum::Router::new() }
