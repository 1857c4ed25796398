//! The payment password: setting it (`PUT /p/user/payPassword`), changing it
//! (`PUT /p/user/updatePayPassword`), resetting it with a code (`PUT /p/user/resetPayPassword`),
//! and checking it before balance, points or membership pay. Every try of a password that
//! guards payments counts in one budget per buyer, before the password is looked at.

use crate::accounts::repo as limits;
use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiJson;
use crate::http::params::missing;
use crate::payments::{repo, rules};
use crate::state::AppState;
use api::payments::PayPasswordParam;
use axum::extract::State;

/// Counts a try of a password that guards payments (the payment password, or the sign-in
/// password that sets it) before it is looked at; refused once the buyer's tries are used up.
/// Answers the bucket to clear on success.
async fn take_password_try(state: &AppState, user_id: i64) -> Result<String, ApiError> {
    let bucket = format!("pay-password:{user_id}");
    if limits::take(&state.db, &bucket, rules::PAY_PASSWORD_WINDOW_MS, rules::PAY_PASSWORD_FAILURES).await?.is_none() {
        let (_, ends) = limits::peek(&state.db, &bucket, rules::PAY_PASSWORD_WINDOW_MS).await?;
        let minutes = ((ends - state.db.now()).max(0) + 59_999) / 60_000;
        return Err(ApiError::bad_with("error-pay-password-locked", vec![("minutes", minutes.max(1).to_string())]));
    }
    Ok(bucket)
}

/// Checks the payment password, counting the try before looking at it.
pub(crate) async fn check_pay_password(state: &AppState, user_id: i64, password: &str) -> Result<(), ApiError> {
    let bucket = take_password_try(state, user_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let (_, _, hash) = repo::means(&mut conn, user_id).await?;
    drop(conn);
    let Some(hash) = hash else { return Err(ApiError::bad("error-pay-password-unset")) };
    if !crate::accounts::verify_password(password.to_string(), Some(hash)).await? {
        return Err(ApiError::bad("error-pay-password-wrong"));
    }
    limits::clear(&state.db, &bucket).await?;
    Ok(())
}

/// `PUT /p/user/payPassword`: the sign-in password (when the account has one) proves it is the
/// buyer; its tries count with the payment password's.
pub(super) async fn set_pay_password(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<PayPasswordParam>,
) -> ApiResult<()> {
    rules::check_pay_password(&param.pay_password)?;
    if let Some(hash) = repo::password_hash(&state.db, user.user_id).await? {
        if param.password.is_empty() {
            return Err(missing("password"));
        }
        let bucket = take_password_try(&state, user.user_id).await?;
        if !crate::accounts::verify_password(param.password.clone(), Some(hash)).await? {
            return Err(ApiError::bad("error-password-wrong"));
        }
        limits::clear(&state.db, &bucket).await?;
    }
    let hash = crate::accounts::hash_password(param.pay_password).await?;
    repo::set_pay_password(&state.db, user.user_id, &hash).await?;
    ok(())
}

/// `PUT /p/user/updatePayPassword` (the user centre): the current payment password proves it
/// is the buyer; its tries count in the same budget as paying's.
pub(super) async fn update_pay_password(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<api::users::UpdatePayPasswordParam>,
) -> ApiResult<()> {
    rules::check_pay_password(&param.pay_password)?;
    if param.old_pay_password.is_empty() {
        return Err(missing("oldPayPassword"));
    }
    if param.old_pay_password.len() > 32 {
        return Err(ApiError::bad("error-pay-password-wrong"));
    }
    check_pay_password(&state, user.user_id, &param.old_pay_password).await?;
    let hash = crate::accounts::hash_password(param.pay_password).await?;
    repo::set_pay_password(&state.db, user.user_id, &hash).await?;
    ok(())
}

/// `PUT /p/user/resetPayPassword` (the user centre): a new payment password with a code sent to
/// the buyer's bound e-mail or phone (`/p/user/sendSecurityCode`, purpose `payPassword`); the
/// code's tries are limited like sign-in's. A reset also lifts a lock of wrong payment
/// passwords.
pub(super) async fn reset_pay_password(
    user: AuthUser,
    State(state): State<AppState>,
    info: crate::http::client::RequestInfo,
    ApiJson(param): ApiJson<api::users::ResetPayPasswordParam>,
) -> ApiResult<()> {
    let target = crate::users::rules::target(&param.target)?;
    let code = param.valid_code.trim();
    if code.is_empty() {
        return Err(ApiError::bad("error-code-empty"));
    }
    rules::check_pay_password(&param.pay_password)?;
    let account = crate::users::repo::account(&state.db, user.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let id = crate::users::rules::bound(target, account.user_mail, account.user_mobile)?;
    crate::accounts::verify_code(&state.db, &id, crate::accounts::Purpose::PayPassword, code, &info.addr).await?;
    let hash = crate::accounts::hash_password(param.pay_password).await?;
    repo::set_pay_password(&state.db, user.user_id, &hash).await?;
    limits::clear(&state.db, &format!("pay-password:{}", user.user_id)).await?;
    ok(())
}
