//! Member levels and what a buyer holds (spec sections 1 and 6: member levels exist; their
//! details are not shown). A buyer's growth (`users.growth`, each change a `growth_record`
//! row) is earned when an order's receipt is confirmed, one per whole dollar paid, in the
//! transaction that moves the order ([`repo::earn_order_growth`]); it places the buyer on the
//! ladder of `member_level` (four levels seeded by migration 0010). Calls:
//! `GET /p/user/level` (the buyer's level and the way to the next one) and
//! `GET /p/user/assets` (balance and points, for the user centre's overview).
//!
//! The member centre (`/member-center`, `member-equity`, `buy-member`): each level's benefits
//! (percent off goods, free shipping; migration 0021), the paid membership (plans of 1, 3 and 12
//! months, bought with the balance or through a gateway like a top-up, settled once by the
//! payments' settle path) and the equity an order applies (`GET /p/member/info`,
//! `GET /p/member/equity`, `GET /p/member/plans`; buying one, `POST /p/member/buy`, is the
//! payments' `membership.rs`; the rules are pure in `api::members`). Growth, balances and the membership change only inside database
//! transactions.
//!
//! - `handlers.rs`: the calls;
//! - `repo.rs`: the ladder, a buyer's growth and holdings, earning growth on an order, the
//!   levels' benefits, a buyer's equity, membership purchases and their settlement.

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
        .route(paths::MEMBER_INFO, get(handlers::member_info))
        .route(paths::MEMBER_EQUITY, get(handlers::member_equity))
        .route(paths::MEMBER_PLANS, get(handlers::member_plans))
}
