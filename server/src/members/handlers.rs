//! The member calls: the signed-in buyer's level and holdings, the member centre's facts, each
//! level's benefits and the paid membership plans (their own only: the session names the buyer,
//! no id is taken from the request). Buying a plan is the payments' (`payments::membership`).

use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{ok, ApiError, ApiResult};
use crate::members::repo;
use crate::state::AppState;
use api::members::{
    paid_active, standing, MemberEquityInfo, MemberInfo, MemberPlan, UserAssets, UserLevel, PAID_DISCOUNT_PERCENT,
    PAID_FREE_SHIPPING,
};
use api::money::Price;
use axum::extract::State;

/// The buyer's level and the way to the next one.
async fn level_of(state: &AppState, user_id: i64, lang: i18n::Lang) -> Result<UserLevel, ApiError> {
    let levels = repo::levels(&state.db, lang).await?;
    let growth = repo::growth(&state.db, user_id).await?;
    let Some((current, next)) = standing(growth, &levels) else {
        return Err(ApiError::Internal("the member_level table is empty".into()));
    };
    Ok(UserLevel {
        growth,
        level: current.level,
        level_name: current.level_name,
        level_growth: current.need_growth,
        next_level: next,
        levels,
    })
}

/// `GET /p/user/level`: the buyer's growth, the level it reached and the next level.
pub(super) async fn user_level(SignedIn { user, state, lang }: SignedIn) -> ApiResult<UserLevel> {
    ok(level_of(&state, user.user_id, lang).await?)
}

/// `GET /p/user/assets`: the buyer's balance and points.
pub(super) async fn user_assets(user: AuthUser, State(state): State<AppState>) -> ApiResult<UserAssets> {
    let (balance, points) = repo::holdings(&state.db, user.user_id).await?;
    ok(UserAssets { balance: Price(balance), points })
}

/// `GET /p/member/info`: the buyer's level, paid membership and what applies at checkout.
pub(super) async fn member_info(SignedIn { user, state, lang }: SignedIn) -> ApiResult<MemberInfo> {
    let user_level = level_of(&state, user.user_id, lang).await?;
    let now = state.db.now();
    let mut conn = state.db.pool.acquire().await?;
    let end = repo::member_end(&mut conn, user.user_id).await?;
    let equity = repo::equity(&mut conn, user.user_id, now).await?;
    ok(MemberInfo {
        user_level,
        paid_active: paid_active(end, now),
        paid_end_time: end,
        discount_percent: equity.discount_percent,
        free_shipping: equity.free_shipping,
        now,
    })
}

/// `GET /p/member/equity`: every level's benefits and the paid membership's, with the buyer's.
pub(super) async fn member_equity(SignedIn { user, state, lang }: SignedIn) -> ApiResult<MemberEquityInfo> {
    let levels = repo::level_equities(&state.db, lang).await?;
    let growth = repo::growth(&state.db, user.user_id).await?;
    let level = levels.iter().rev().find(|l| growth >= l.need_growth).or(levels.first()).map_or(1, |l| l.level);
    let now = state.db.now();
    let mut conn = state.db.pool.acquire().await?;
    let end = repo::member_end(&mut conn, user.user_id).await?;
    let equity = repo::equity(&mut conn, user.user_id, now).await?;
    ok(MemberEquityInfo {
        levels,
        level,
        paid_discount_percent: PAID_DISCOUNT_PERCENT,
        paid_free_shipping: PAID_FREE_SHIPPING,
        paid_active: paid_active(end, now),
        discount_percent: equity.discount_percent,
        free_shipping: equity.free_shipping,
    })
}

/// `GET /p/member/plans`: the paid membership plans on sale.
pub(super) async fn member_plans(_user: AuthUser) -> ApiResult<Vec<MemberPlan>> {
    ok(api::members::plans())
}
