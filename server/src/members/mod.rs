//! Member levels and what a buyer holds (spec sections 1 and 6: member levels exist; their
//! details are not shown). A buyer's growth (`users.growth`, each change a `growth_record`
//! row) is earned when an order's receipt is confirmed, one per whole dollar paid, in the
//! transaction that moves the order ([`repo::earn_order_growth`]); it places the buyer on the
//! ladder of `member_level` (four levels seeded by migration 0010). Calls:
//! `GET /p/user/level` (the buyer's level and the way to the next one) and
//! `GET /p/user/assets` (balance and points, for the user centre's overview).
//!
//! Still to come here with the member centre (`/member-center/*`, uc-balance, uc-integral):
//! each level's benefits, points and the points mall, the balance wallet's records. Growth,
//! points and balances change only inside database transactions.
//!
//! - `handlers.rs`: the calls;
//! - `repo.rs`: the ladder, a buyer's growth and holdings, earning growth on an order.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// This domain's endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::USER_LEVEL, get(handlers::user_level))
        .route(paths::USER_ASSETS, get(handlers::user_assets))
}
