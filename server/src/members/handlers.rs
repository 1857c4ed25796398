//! The member calls: the signed-in buyer's level and holdings (their own only: the session
//! names the buyer, no id is taken from the request).

use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::Locale;
use crate::members::repo;
use crate::state::AppState;
use api::members::{standing, UserAssets, UserLevel};
use api::money::Price;
use axum::extract::State;

/// `GET /p/user/level`: the buyer's growth, the level it reached and the next level.
pub(super) async fn user_level(
    user: AuthUser,
    State(state): State<AppState>,
    Locale(lang): Locale,
) -> ApiResult<UserLevel> {
    let levels = repo::levels(&state.db, lang).await?;
    let growth = repo::growth(&state.db, user.user_id).await?;
    let Some((current, next)) = standing(growth, &levels) else {
        return Err(ApiError::Internal("the member_level table is empty".into()));
    };
    ok(UserLevel {
        growth,
        level: current.level,
        level_name: current.level_name,
        level_growth: current.need_growth,
        next_level: next,
        levels,
    })
}

/// `GET /p/user/assets`: the buyer's balance and points.
pub(super) async fn user_assets(user: AuthUser, State(state): State<AppState>) -> ApiResult<UserAssets> {
    let (balance, points) = repo::holdings(&state.db, user.user_id).await?;
    ok(UserAssets { balance: Price(balance), points })
}
