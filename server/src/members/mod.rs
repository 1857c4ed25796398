//! The home of the member centre (`/member-center/*`): points, the points mall, member levels and the balance wallet.
//!
//! Its router is merged into the API already, so its endpoints land here, next to their
//! repository and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
}
