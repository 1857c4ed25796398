//! Chat with shops and the platform's customer service, still to come: the page
//! `/chat?shopId` (spec section 2; signed-in buyers only) and the quick menu's chat on
//! `/detail` and `/shop-index`. History lives in the database; with PostgreSQL, messages fan
//! out between nodes through LISTEN/NOTIFY (nothing may assume a single process).
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
