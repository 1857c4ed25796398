//! The wallet's calls: the signed-in buyer's own balance and records only (the session names
//! the buyer; no id is taken from the request).

use crate::db::paging::page_of;
use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiQuery;
use crate::http::paging::PageQuery;
use crate::state::AppState;
use crate::wallet::ledger::holdings;
use crate::wallet::repo;
use api::catalog::Page;
use api::money::Price;
use api::payments::{RECHARGE_MAX, RECHARGE_MIN};
use api::wallet::{
    day_of, sign_in_reward, sign_in_strip, BalanceInfo, BalanceRecord, ScoreInfo, ScoreRecord, SignInResult,
    CENTS_PER_EARNED_POINT, POINTS_VALID_YEARS, REVIEW_POINTS,
};
use axum::extract::State;

/// `GET /p/userBalance/info`: the balance and the top-up limits.
pub(super) async fn balance_info(user: AuthUser, State(state): State<AppState>) -> ApiResult<BalanceInfo> {
    let (balance, _) = holdings(&state.db, user.user_id).await?;
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

/// `GET /p/score/scoreInfo`: the points, today's sign-in and the 7-day strip.
pub(super) async fn score_info(user: AuthUser, State(state): State<AppState>) -> ApiResult<ScoreInfo> {
    let (_, score) = holdings(&state.db, user.user_id).await?;
    let (streak, signed_today) = repo::sign_in_state(&state.db, user.user_id, day_of(state.db.now())).await?;
    ok(ScoreInfo {
        score,
        signed_today,
        streak,
        today_reward: sign_in_reward(if signed_today { streak } else { streak + 1 }),
        days: sign_in_strip(streak, signed_today),
        valid_years: POINTS_VALID_YEARS,
        cents_per_point: CENTS_PER_EARNED_POINT,
        review_points: REVIEW_POINTS,
    })
}

/// `POST /p/score/signIn`: today's sign-in, once a day (a second one is refused and changes
/// nothing).
pub(super) async fn sign_in(user: AuthUser, State(state): State<AppState>) -> ApiResult<SignInResult> {
    let now = state.db.now();
    let Some((points, streak)) = repo::sign_in(&state.db, user.user_id, day_of(now), now).await? else {
        return Err(ApiError::bad("error-sign-in-done"));
    };
    let (_, score) = holdings(&state.db, user.user_id).await?;
    ok(SignInResult { points, streak, score })
}

/// `GET /p/score/page?current=&size=`: the points' records, newest first.
pub(super) async fn score_page(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<ScoreRecord>> {
    let (current, size) = query.resolve()?;
    let (records, total) = repo::score_records(&state.db, user.user_id, current, size).await?;
    ok(page_of(records, total, current, size))
}
