//! The cart, still to come. The page `/cart` (spec section 2; a guest gets the login dialog
//! instead) and the header's cart count. Calls of spec section 7: `POST /p/shopCart/changeItem`
//! (basketId, count, prodId, shopId, shopName, skuId) and `GET /p/shopCart/prodCount`; with
//! them mall4j's other cart calls: `POST /p/shopCart/info`, `POST /p/shopCart/totalPay`,
//! `DELETE /p/shopCart/deleteItem`, `DELETE /p/shopCart/deleteAll`,
//! `GET /p/shopCart/expiryProdList`.
//!
//! Its router is merged into the API already (`crate::http::api_router`), so its endpoints
//! land here, next to their repository (`repo.rs`) and rules, and nowhere else.

use crate::state::AppState;
use axum::Router;

/// This domain's endpoints (none yet).
pub fn router() -> Router<AppState> {
    Router::new()
}
