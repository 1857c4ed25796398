//! The wallet's calls: the signed-in buyer's own balance and records only (the session names
//! the buyer; no id is taken from the request).

use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiResult};
use crate::http::extract::ApiQuery;
use crate::http::paging::{page_of, PageQuery};
use crate::members::repo as members;
use crate::state::AppState;
use crate::wallet::repo;
use api::catalog::Page;
use api::money::Price;
use api::payments::{RECHARGE_MAX, RECHARGE_MIN};
use api::wallet::{BalanceInfo, BalanceRecord};
use axum::extract::State;

/// `GET /p/userBalance/info`: the balance and the top-up limits.
pub(super) async fn balance_info(user: AuthUser, State(state): State<AppState>) -> ApiResult<BalanceInfo> {
    let (balance, _) = members::holdings(&state.db, user.user_id).await?;
    ok(BalanceInfo { balance: Price(balance), recharge_min: RECHARGE_MIN, recharge_max: RECHARGE_MAX })
}

/// `GET /p/userBalance/page?current=&size=`: the balance's records, newest first.
pub(super) async fn balance_page(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<BalanceRecord>> {
    let (current, size) = query.resolve()?;
    let (records, total) = repo::balance_records(&state.db, user.user_id, current, size).await?;
    ok(page_of(records, total, current, size))
}
