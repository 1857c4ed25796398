//! The profile, password and binding calls. Every one is for the signed-in buyer alone: the
//! buyer is the session's, never a field of the request.

use crate::accounts::{self, repo as accounts_repo, sessions, Identifier, Purpose};
use crate::http::auth::AuthUser;
use crate::http::client::RequestInfo;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::params::invalid;
use crate::media;
use crate::state::AppState;
use crate::users::repo::{self, Account, Unbind};
use crate::users::rules::{self, Target};
use api::account::{SOCIAL_FACEBOOK, SOCIAL_GOOGLE};
use api::users::*;
use axum::extract::State;

async fn account_of(state: &AppState, user: &AuthUser) -> Result<Account, ApiError> {
    repo::account(&state.db, user.user_id).await?.ok_or(ApiError::Unauthorized)
}

// ---------------------------------------------------------------- profile

/// `GET /p/user/accountInfo`.
pub(super) async fn account_info(State(state): State<AppState>, user: AuthUser) -> ApiResult<AccountInfo> {
    let account = account_of(&state, &user).await?;
    let bound = accounts_repo::identity_types(&state.db, user.user_id).await?;
    let socials = [SOCIAL_GOOGLE, SOCIAL_FACEBOOK]
        .into_iter()
        .map(|social_type| SocialBinding {
            social_type,
            bound: bound.contains(&social_type),
            available: state
                .config
                .oauth_provider(social_type)
                .is_some_and(|p| p.client_id.is_some() || state.config.dev_mode),
        })
        .collect();
    ok(AccountInfo {
        nick_name: account.nick_name,
        pic: account.pic,
        user_mail: account.user_mail.as_deref().map(mask_mail),
        user_mobile: account.user_mobile.as_deref().map(mask_mobile),
        has_password: account.password_hash.is_some(),
        has_pay_password: account.pay_password_hash.is_some(),
        socials,
    })
}

/// `PUT /p/user/setUserInfo`: the nickname, and the avatar when one is given: the current
/// picture unchanged, or a picture this buyer uploaded as an avatar.
pub(super) async fn set_user_info(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(param): ApiJson<UserInfoParam>,
) -> ApiResult<()> {
    save_profile(&state, &user, &param).await?;
    ok(())
}

/// Saves the profile of [`set_user_info`] (also the account page's form, `super::forms`):
/// nothing changes when the nickname or the avatar is refused.
pub(super) async fn save_profile(state: &AppState, user: &AuthUser, param: &UserInfoParam) -> Result<(), ApiError> {
    let nick_name = rules::nickname(&param.nick_name)?;
    let account = account_of(state, user).await?;
    let pic = match param.pic.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        None => account.pic.clone(),
        Some(p) if Some(p) == account.pic.as_deref() => account.pic.clone(),
        Some(p) => {
            let name = media::store::name_of_path(p).ok_or_else(|| ApiError::bad("error-avatar-not-uploaded"))?;
            if !media::repo::uploaded_by(&state.db, name, user.user_id, upload_kind::AVATAR).await? {
                return Err(ApiError::bad("error-avatar-not-uploaded"));
            }
            Some(p.to_string())
        }
    };
    repo::set_profile(&state.db, user.user_id, &nick_name, pic.as_deref()).await?;
    Ok(())
}

// ---------------------------------------------------------------- sign-in password

/// The bucket of wrong current passwords, limited like sign-in's per account.
fn password_bucket(user_id: i64) -> String {
    format!("password-change:{user_id}")
}

/// `PUT /p/user/updatePwd`: the current password proves it is the buyer; its tries are counted
/// before it is looked at. Every other session of the buyer ends; this one stays.
pub(super) async fn update_password(
    State(state): State<AppState>,
    user: AuthUser,
    info: RequestInfo,
    ApiJson(param): ApiJson<UpdatePasswordParam>,
) -> ApiResult<()> {
    accounts::check_secret(&param.old_password, "error-old-password-empty", "oldPassword")?;
    rules::new_password(&param.new_password)?;
    let account = account_of(&state, &user).await?;
    let Some(old_hash) = account.password_hash else { return Err(ApiError::bad("error-password-not-set")) };
    let bucket = password_bucket(user.user_id);
    let taken =
        accounts_repo::take(&state.db, &bucket, accounts::LOGIN_WINDOW_MILLIS, accounts::LOGIN_FAILURES_PER_IDENTIFIER)
            .await?;
    if taken.is_none() {
        let (_, ends) = accounts_repo::peek(&state.db, &bucket, accounts::LOGIN_WINDOW_MILLIS).await?;
        let minutes = ((ends - state.db.now()).max(0) + 59_999) / 60_000;
        return Err(ApiError::bad_with("error-too-many-failures", vec![("minutes", minutes.max(1).to_string())]));
    }
    if !accounts::verify_password(param.old_password.clone(), Some(old_hash.clone())).await? {
        return Err(ApiError::bad("error-old-password-wrong"));
    }
    accounts_repo::clear(&state.db, &bucket).await?;
    if param.new_password == param.old_password {
        return Err(ApiError::bad("error-password-same"));
    }
    let new_hash = accounts::hash_password(param.new_password).await?;
    if !repo::replace_password(&state.db, user.user_id, Some(&old_hash), &new_hash).await? {
        return Err(ApiError::bad("error-password-changed-meanwhile"));
    }
    end_other_sessions(&state, &user, &info).await?;
    ok(())
}

async fn end_other_sessions(state: &AppState, user: &AuthUser, info: &RequestInfo) -> Result<(), ApiError> {
    let keep = info.token.as_deref().map(sessions::token_hash).unwrap_or_default();
    let ended = accounts_repo::delete_other_sessions(&state.db, user.user_id, &keep).await?;
    state.chat.sessions_ended(user.user_id).await;
    tracing::info!(user_id = user.user_id, ended, "password changed; other sessions ended");
    Ok(())
}

/// The buyer's bound e-mail or phone of `target`.
fn bound(account: &Account, target: Target) -> Result<Identifier, crate::refusal::Refusal> {
    rules::bound(target, account.user_mail.clone(), account.user_mobile.clone())
}

/// `POST /p/user/sendSecurityCode`: a code to the buyer's own e-mail or phone, to set a first
/// sign-in password or to reset the payment password.
pub(super) async fn send_security_code(
    State(state): State<AppState>,
    user: AuthUser,
    info: RequestInfo,
    ApiJson(param): ApiJson<SecurityCodeParam>,
) -> ApiResult<()> {
    let target = rules::target(&param.target)?;
    let purpose = rules::purpose(&param.purpose)?;
    let account = account_of(&state, &user).await?;
    let id = bound(&account, target)?;
    if purpose == Purpose::Password && account.password_hash.is_some() {
        return Err(ApiError::bad("error-password-already-set"));
    }
    accounts::take_send_budget(&state.db, &id, purpose, &info.addr).await?;
    accounts::issue_code(&state.db, &id, purpose, &info.addr, info.lang).await?;
    ok(())
}

/// `PUT /p/user/setPwd`: a first sign-in password, with a code sent to the bound e-mail or
/// phone (accounts made by code or by a third party have none).
pub(super) async fn set_password(
    State(state): State<AppState>,
    user: AuthUser,
    info: RequestInfo,
    ApiJson(param): ApiJson<SetPasswordParam>,
) -> ApiResult<()> {
    let target = rules::target(&param.target)?;
    accounts::check_secret(param.valid_code.trim(), "error-code-empty", "validCode")?;
    rules::new_password(&param.new_password)?;
    let account = account_of(&state, &user).await?;
    if account.password_hash.is_some() {
        return Err(ApiError::bad("error-password-already-set"));
    }
    let id = bound(&account, target)?;
    accounts::verify_code(&state.db, &id, Purpose::Password, &param.valid_code, &info.addr).await?;
    let hash = accounts::hash_password(param.new_password).await?;
    if !repo::replace_password(&state.db, user.user_id, None, &hash).await? {
        return Err(ApiError::bad("error-password-already-set"));
    }
    end_other_sessions(&state, &user, &info).await?;
    ok(())
}

// ---------------------------------------------------------------- e-mail and phone

/// The address of a bind call that is new to the buyer and nobody else's: counted against the
/// address's budget of account lookups (it tells whether an account has it, like
/// `/user/checkUser`).
async fn new_address(
    state: &AppState,
    info: &RequestInfo,
    account: &Account,
    user: &AuthUser,
    mail: Option<&str>,
    mobile: Option<&str>,
) -> Result<Identifier, ApiError> {
    let id = Identifier::from_pair(mail, mobile)?;
    let current = if id.is_mail() { account.user_mail.as_deref() } else { account.user_mobile.as_deref() };
    if current == Some(id.value()) {
        return Err(ApiError::bad("error-contact-unchanged"));
    }
    accounts::limit_account_lookups(&state.db, &info.addr).await?;
    if repo::taken_by_other(&state.db, id.is_mail(), id.value(), user.user_id).await? {
        return Err(ApiError::bad("error-already-registered"));
    }
    Ok(id)
}

/// `POST /p/user/sendBindCode`: a code to the e-mail or phone to bind.
pub(super) async fn send_bind_code(
    State(state): State<AppState>,
    user: AuthUser,
    info: RequestInfo,
    ApiJson(param): ApiJson<BindCodeParam>,
) -> ApiResult<()> {
    let account = account_of(&state, &user).await?;
    let id = new_address(&state, &info, &account, &user, param.mail.as_deref(), param.mobile.as_deref()).await?;
    accounts::take_send_budget(&state.db, &id, Purpose::Contact, &info.addr).await?;
    accounts::issue_code(&state.db, &id, Purpose::Contact, &info.addr, info.lang).await?;
    ok(())
}

/// `PUT /p/user/bindAccount`: binds (or changes) the e-mail or phone proven by its code; the
/// address it replaces is told.
pub(super) async fn bind_account(
    State(state): State<AppState>,
    user: AuthUser,
    info: RequestInfo,
    ApiJson(param): ApiJson<BindAccountParam>,
) -> ApiResult<()> {
    let account = account_of(&state, &user).await?;
    let id = new_address(&state, &info, &account, &user, param.mail.as_deref(), param.mobile.as_deref()).await?;
    accounts::check_secret(param.valid_code.trim(), "error-code-empty", "validCode")?;
    accounts::verify_code(&state.db, &id, Purpose::Contact, &param.valid_code, &info.addr).await?;
    if !repo::set_contact(&state.db, user.user_id, id.is_mail(), id.value()).await? {
        return Err(ApiError::bad("error-already-registered"));
    }
    let old = if id.is_mail() {
        account.user_mail.map(Identifier::Mail)
    } else {
        account.user_mobile.map(Identifier::Mobile)
    };
    if let Some(old) = old {
        tell_old_address(&state, &info, &old, &id).await?;
    }
    ok(())
}

/// Tells the address that was replaced, so a buyer whose session was misused learns of it.
async fn tell_old_address(
    state: &AppState,
    info: &RequestInfo,
    old: &Identifier,
    new: &Identifier,
) -> Result<(), ApiError> {
    let shown = if new.is_mail() { mask_mail(new.value()) } else { mask_mobile(new.value()) };
    let args = [("address", shown.as_str())];
    let (subject, body) = if old.is_mail() {
        (
            i18n::t(info.lang, "mail-contact-changed-subject"),
            i18n::t_args(info.lang, "mail-contact-changed-body", &args),
        )
    } else {
        (String::new(), i18n::t_args(info.lang, "sms-contact-changed-body", &args))
    };
    accounts_repo::enqueue(&state.db, old.channel(), old.value(), &subject, &body).await?;
    Ok(())
}

// ---------------------------------------------------------------- third-party accounts

/// `GET /p/user/bindSocialUrl?socialType&callbackUrl`: the provider's authorization URL of an
/// account to bind to the buyer.
pub(super) async fn bind_social_url(
    State(state): State<AppState>,
    user: AuthUser,
    info: RequestInfo,
    ApiQuery(query): ApiQuery<BindSocialUrlQuery>,
) -> ApiResult<String> {
    let url = accounts::handlers::authorization_url_for(
        &state,
        &info,
        query.social_type,
        &query.callback_url,
        Some(user.user_id),
    )
    .await?;
    ok(url)
}

/// `POST /p/user/unbindSocial`: never the last way to sign in.
pub(super) async fn unbind_social(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(param): ApiJson<UnbindSocialParam>,
) -> ApiResult<()> {
    if ![SOCIAL_GOOGLE, SOCIAL_FACEBOOK].contains(&param.social_type) {
        return Err(invalid("socialType"));
    }
    match repo::unbind(&state.db, user.user_id, param.social_type).await? {
        Unbind::Done => ok(()),
        Unbind::NotBound => Err(ApiError::bad("error-social-not-bound")),
        Unbind::LastWay => Err(ApiError::bad("error-unbind-last")),
    }
}
