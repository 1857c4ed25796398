//! The user centre, still to come. Pages of spec section 2 under `/user-center/*`: uc-home,
//! uc-collection, uc-coupons, uc-freeshop, uc-footprint, uc-comments, uc-account, uc-address,
//! uc-bind, uc-password, uc-pay-password. Calls: `/p/user/recentBrowse` (named by spec section
//! 7), and mall4j's `/p/address/*` (addresses), `/p/user/collection/*` (favourites),
//! `/p/prodComm/*` (reviews), profile and password changes. The profile calls already served
//! (`/p/user/userInfo`, `/p/user/centerInfo`) stay with sign-in in `crate::accounts`.
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
