//! The home of the cart (`/cart`): `/p/shopCart/changeItem`, `/p/shopCart/prodCount`, and the cart details, selection and settlement calls named after mall4j's `/p/shopCart/*`.
//!
//! Its router is merged into the API already, so its endpoints land here, next to their
//! repository and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
}
