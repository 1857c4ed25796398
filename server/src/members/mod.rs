//! The member centre, still to come. Pages of spec section 2 under `/member-center/*`
//! (integral-mall, buy-member, member-equity) and the user centre's uc-balance and
//! uc-integral: points and the points mall, member levels and their benefits, the balance
//! wallet and its top-up, with calls in mall4j's style under `/p/`. Points and balances change
//! only inside database transactions.
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
