//! Account and session calls of spec section 7 (plus the password-recovery pair):
//! sign-in by password or one-time code, sign-up, codes, third-party sign-in and binding,
//! profile and sign-out. A successful sign-in answers `{accessToken}` and sets the HttpOnly
//! `token` cookie; any session the request carried is ended first (a new token each time).

use crate::accounts::{self, oauth, Identifier, Purpose};
use crate::accounts::{repo, sessions};
use crate::http::auth::AuthUser;
use crate::http::client::RequestInfo;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiForm, ApiJson, ApiQuery};
use crate::state::AppState;
use api::account::*;
use api::ApiResponse;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// An OAuth2 authorization request must come back within 10 minutes.
const OAUTH_STATE_TTL_MILLIS: i64 = 10 * 60 * 1000;
/// Third-party sign-ins one address may start in [`OAUTH_STATE_TTL_MILLIS`].
const OAUTH_STARTS_PER_ADDRESS: i64 = 60;

/// A successful envelope with a `Set-Cookie` header.
fn with_cookie<T: Serialize>(data: T, cookie: String) -> Response {
    ([(header::SET_COOKIE, cookie)], Json(ApiResponse::ok(data))).into_response()
}

/// Ends the request's old session, if any, and starts a new one for `user_id`.
pub(super) async fn new_session(state: &AppState, info: &RequestInfo, user_id: i64) -> Result<String, ApiError> {
    if let Some(old) = &info.token {
        if let Some(ended) = sessions::delete_session(&state.db, old).await? {
            state.chat.sessions_ended(ended).await;
        }
    }
    Ok(sessions::create_session(&state.db, user_id).await?)
}

/// Signs `user_id` in: `{accessToken}` and the cookie.
async fn sign_in(state: &AppState, info: &RequestInfo, user_id: i64) -> Result<Response, ApiError> {
    let token = new_session(state, info, user_id).await?;
    let cookie = accounts::session_cookie(&token, info.https);
    Ok(with_cookie(TokenData { access_token: token }, cookie))
}

/// [`accounts::check_secret`], a too long one named `passWord` whether a password or a code.
fn bad_secret(secret: &str, empty_key: &'static str) -> Result<(), ApiError> {
    Ok(accounts::check_secret(secret, empty_key, "passWord")?)
}

// ---------------------------------------------------------------- sign-in

/// `POST /login`: e-mail or phone and password.
pub(super) async fn login(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<LoginRequest>,
) -> Result<Response, ApiError> {
    let user_id = check_password_sign_in(&state, &info, &req).await?;
    sign_in(&state, &info, user_id).await
}

/// The user an account and password sign in, counting the attempt before the password is
/// looked at: the JSON call's and the `/login` page form's (`accounts::forms`) one rule.
pub(super) async fn check_password_sign_in(
    state: &AppState,
    info: &RequestInfo,
    req: &LoginRequest,
) -> Result<i64, ApiError> {
    let id = Identifier::parse(&req.user_name)?;
    bad_secret(&req.pass_word, "error-password-empty")?;
    accounts::take_sign_in_attempt(&state.db, &id, &info.addr).await?;
    let user = repo::find_user(&state.db, id.is_mail(), id.value()).await?;
    let (user_id, hash) = match user {
        Some((user_id, hash)) => (Some(user_id), hash),
        None => (None, None),
    };
    let valid = accounts::verify_password(req.pass_word.clone(), hash).await?;
    match user_id {
        Some(user_id) if valid => {
            accounts::sign_in_succeeded(&state.db, &id, &info.addr).await?;
            Ok(user_id)
        }
        _ => Err(ApiError::bad("error-login-failed")),
    }
}

/// Sign-in by a one-time code sent to an existing account. Telling an unknown account apart is
/// what `/user/checkUser` does too (the popup asks it first), so it takes from the same budget.
async fn code_login(state: &AppState, info: &RequestInfo, id: Identifier, code: &str) -> Result<Response, ApiError> {
    let user_id = check_code_sign_in(state, info, &id, code).await?;
    sign_in(state, info, user_id).await
}

/// The account a one-time code signs in (the JSON calls' and the `/login` form's check).
pub(crate) async fn check_code_sign_in(
    state: &AppState,
    info: &RequestInfo,
    id: &Identifier,
    code: &str,
) -> Result<i64, ApiError> {
    bad_secret(code, "error-code-empty")?;
    accounts::limit_account_lookups(&state.db, &info.addr).await?;
    let Some((user_id, _)) = repo::find_user(&state.db, id.is_mail(), id.value()).await? else {
        return Err(ApiError::bad("error-account-not-found"));
    };
    accounts::verify_code(&state.db, id, Purpose::Login, code, &info.addr).await?;
    Ok(user_id)
}

/// Sends a sign-in code to `id`, within its budget (the JSON call's and the `/login` form's).
pub(crate) async fn send_sign_in_code(state: &AppState, info: &RequestInfo, id: &Identifier) -> Result<(), ApiError> {
    accounts::take_send_budget(&state.db, id, Purpose::Login, &info.addr).await?;
    accounts::issue_code(&state.db, id, Purpose::Login, &info.addr, info.lang).await?;
    Ok(())
}

/// `POST /mailLogin`: e-mail and the code sent to it.
pub(super) async fn mail_login(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<LoginRequest>,
) -> Result<Response, ApiError> {
    let id = Identifier::mail(&req.user_name)?;
    code_login(&state, &info, id, &req.pass_word).await
}

/// `POST /mobileLogin`: phone digits and the code sent to them.
pub(super) async fn mobile_login(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<LoginRequest>,
) -> Result<Response, ApiError> {
    let id = Identifier::mobile(&req.user_name)?;
    code_login(&state, &info, id, &req.pass_word).await
}

/// `POST /user/signup`: a new account from a code-verified e-mail or phone; signs it in.
pub(super) async fn signup(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<SignupRequest>,
) -> Result<Response, ApiError> {
    let id = Identifier::from_pair(req.mail.as_deref(), req.mobile.as_deref())?;
    bad_secret(req.valid_code.trim(), "error-code-empty")?;
    accounts::check_new_password(&req.password)?;
    // "Already registered" is the catalogue's answer (spec section 8); like `/user/checkUser`,
    // it takes from the address's budget of account lookups, and leaves the code unused.
    accounts::limit_account_lookups(&state.db, &info.addr).await?;
    if repo::find_user(&state.db, id.is_mail(), id.value()).await?.is_some() {
        return Err(ApiError::bad("error-already-registered"));
    }
    accounts::verify_code(&state.db, &id, Purpose::Login, &req.valid_code, &info.addr).await?;
    let hash = accounts::hash_password(req.password).await?;
    let (mail, mobile) = if id.is_mail() { (Some(id.value()), None) } else { (None, Some(id.value())) };
    let Some(user_id) = repo::create_user(&state.db, mail, mobile, Some(&hash), "", None).await? else {
        return Err(ApiError::bad("error-already-registered"));
    };
    sign_in(&state, &info, user_id).await
}

/// `POST /user/checkUser?input=`: `Exit` 1 when the account exists.
pub(super) async fn check_user(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiQuery(q): ApiQuery<CheckUserQuery>,
) -> ApiResult<CheckUserData> {
    accounts::limit_account_lookups(&state.db, &info.addr).await?;
    let id = Identifier::parse(&q.input)?;
    let exists = repo::find_user(&state.db, id.is_mail(), id.value()).await?.is_some();
    ok(CheckUserData { exit: i64::from(exists) })
}

/// `POST /sms/sendLoginCode` (form data `mail` or `mobile`): a code for sign-in or sign-up.
pub(super) async fn send_login_code(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiForm(req): ApiForm<SendCodeRequest>,
) -> ApiResult<()> {
    let id = Identifier::from_pair(req.mail.as_deref(), req.mobile.as_deref())?;
    send_sign_in_code(&state, &info, &id).await?;
    ok(())
}

/// `PUT /user/sendBindSms`: a code to the e-mail being bound to a third-party sign-in.
pub(super) async fn send_bind_code(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<SendBindCodeRequest>,
) -> ApiResult<()> {
    let id = Identifier::mail(&req.mail)?;
    accounts::take_send_budget(&state.db, &id, Purpose::Bind, &info.addr).await?;
    accounts::issue_code(&state.db, &id, Purpose::Bind, &info.addr, info.lang).await?;
    ok(())
}

/// `POST /logOut`: ends the session and clears the cookie.
pub(super) async fn log_out(State(state): State<AppState>, info: RequestInfo) -> Result<Response, ApiError> {
    if let Some(token) = &info.token {
        if let Some(ended) = sessions::delete_session(&state.db, token).await? {
            // Its chat sockets close now, on every node.
            state.chat.sessions_ended(ended).await;
        }
    }
    Ok(with_cookie((), accounts::clear_session_cookie(info.https)))
}

// ---------------------------------------------------------------- profile

/// `GET /p/user/userInfo`: the signed-in buyer's own profile.
pub(super) async fn user_info(State(state): State<AppState>, user: AuthUser) -> ApiResult<UserInfo> {
    let Some((nick_name, pic, user_mail)) = repo::user_profile(&state.db, user.user_id).await? else {
        return Err(ApiError::Unauthorized);
    };
    ok(UserInfo { nick_name, pic, user_id: user.user_id, user_mail })
}

// ---------------------------------------------------------------- third-party sign-in

/// Who answers for a social type: its configured provider, or, in development with no client
/// id configured, the stand-in provider ([`AppState::dev_sign_in`]).
enum Provider<'a> {
    Real(&'a crate::config::OAuthProvider),
    Dev(oauth::StandIn),
}

fn provider(state: &AppState, social_type: i64) -> Result<Provider<'_>, ApiError> {
    let provider = state.config.oauth_provider(social_type).ok_or_else(|| ApiError::bad("error-social-type"))?;
    match provider.client_id {
        Some(_) => Ok(Provider::Real(provider)),
        None => state.dev_sign_in().map(Provider::Dev).ok_or_else(|| ApiError::bad("error-social-not-configured")),
    }
}

/// `GET /getThirdLoginUrl?socialType&callbackUrl`: the provider's authorization URL (with a
/// fresh state and PKCE challenge).
pub(super) async fn third_login_url(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiQuery(q): ApiQuery<ThirdLoginUrlQuery>,
) -> ApiResult<String> {
    ok(authorization_url_for(&state, &info, q.social_type, &q.callback_url, None).await?)
}

/// The provider's authorization URL of a new sign-in (with a fresh state and PKCE challenge);
/// with `bind_user`, one whose return binds the account to that buyer (the user centre's
/// `/p/user/bindSocialUrl`).
pub(crate) async fn authorization_url_for(
    state: &AppState,
    info: &RequestInfo,
    social_type: i64,
    callback_url: &str,
    bind_user: Option<i64>,
) -> Result<String, ApiError> {
    let provider = provider(state, social_type)?;
    accounts::limit_address(&state.db, "oauth-start", &info.addr, OAUTH_STARTS_PER_ADDRESS, OAUTH_STATE_TTL_MILLIS)
        .await?;
    oauth::check_callback_url(callback_url, &info.headers)?;
    let oauth_state = accounts::random_hex();
    let (verifier, challenge) = oauth::pkce_pair();
    repo::insert_oauth_state(&state.db, &oauth_state, &verifier, social_type, callback_url.trim(), bind_user).await?;
    let url = match provider {
        Provider::Real(provider) => oauth::authorization_url(provider, &oauth_state, &challenge, callback_url.trim()),
        Provider::Dev(stand_in) => {
            let name = if social_type == SOCIAL_GOOGLE { "Google" } else { "Facebook" };
            let dev = crate::config::OAuthProvider {
                auth_url: stand_in.authorize_path.into(),
                client_id: Some(format!("development {name}")),
                scope: "email profile".into(),
                ..Default::default()
            };
            oauth::authorization_url(&dev, &oauth_state, &challenge, callback_url.trim())
        }
    };
    Ok(url)
}

/// The parameters of the provider's redirect (`?code=...&state=...`, or a whole URL).
fn callback_params(auth_callback: &str) -> Vec<(String, String)> {
    let raw = auth_callback.trim();
    let query = match raw.split_once('?') {
        Some((_, q)) => q,
        None => raw,
    };
    let query = query.split('#').next().unwrap_or_default();
    serde_urlencoded::from_str(query).unwrap_or_default()
}

/// `POST /thirdLogin`: exchanges the provider's code; a bound account is signed in, an
/// unbound one gets a loginKey for the bind-email dialog.
pub(super) async fn third_login(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<ThirdLoginRequest>,
) -> Result<Response, ApiError> {
    state.config.oauth_provider(req.social_type).ok_or_else(|| ApiError::bad("error-social-type"))?;
    let params = callback_params(&req.auth_callback);
    let param = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty());
    if param("error").is_some() {
        return Err(ApiError::bad("error-third-login-denied"));
    }
    let (Some(code), Some(oauth_state)) = (param("code"), param("state")) else {
        return Err(ApiError::bad("error-third-login-failed"));
    };
    let Some(pending) = repo::take_oauth_state(&state.db, oauth_state).await? else {
        return Err(ApiError::bad("error-third-login-expired"));
    };
    if pending.social_type != req.social_type
        || pending.callback_url != req.callback_url.trim()
        || pending.created_at + OAUTH_STATE_TTL_MILLIS < state.db.now()
    {
        return Err(ApiError::bad("error-third-login-expired"));
    }
    let exchanged = match provider(&state, pending.social_type)? {
        Provider::Real(provider) => {
            oauth::exchange(provider, code, &pending.callback_url, &pending.pkce_verifier).await
        }
        Provider::Dev(stand_in) => (stand_in.exchange)(code, &pending.callback_url, &pending.pkce_verifier),
    };
    let profile = exchanged.map_err(|e| {
        tracing::warn!(error = %e, social_type = pending.social_type, "third-party sign-in failed");
        ApiError::bad("error-third-login-failed")
    })?;
    // Started by the bind page: the same buyer must still be signed in; nobody is signed in
    // here, the account is bound by `/user/registerOrBindUser` with the loginKey.
    let binding = pending.bind_user_id.is_some();
    if let Some(bind_user) = pending.bind_user_id {
        let current = match &info.token {
            Some(token) => sessions::touch_session(&state.db, token).await?,
            None => None,
        };
        if current != Some(bind_user) {
            return Err(ApiError::bad("error-third-login-bind-session"));
        }
    }
    if let (false, Some(user_id)) =
        (binding, repo::identity_user(&state.db, pending.social_type, &profile.subject).await?)
    {
        let token = new_session(&state, &info, user_id).await?;
        let cookie = accounts::session_cookie(&token, info.https);
        return Ok(with_cookie(ThirdLoginData { access_token: Some(token), third_login_vo: None }, cookie));
    }
    let login_key = accounts::random_hex();
    // The dialog starts from the provider's address when it is one the mall accepts.
    let email = profile.email.clone().filter(|mail| api::account::is_valid_email(mail));
    let row = repo::LoginKeyRow {
        social_type: pending.social_type,
        subject: profile.subject,
        email: profile.email,
        nick_name: profile.name,
        pic: profile.pic,
    };
    repo::insert_login_key(
        &state.db,
        &accounts::sha256_hex(&login_key),
        &row,
        state.db.now() + accounts::LOGIN_KEY_TTL_MILLIS,
    )
    .await?;
    Ok(Json(ApiResponse::ok(ThirdLoginData {
        access_token: None,
        third_login_vo: Some(ThirdLoginVo { login_key, bind: binding, email: email.filter(|_| !binding) }),
    }))
    .into_response())
}

/// Binds a pending provider account to `user_id`; refuses one bound to somebody else.
async fn bind(state: &AppState, key_hash: &str, pending: &repo::LoginKeyRow, user_id: i64) -> Result<(), ApiError> {
    if !repo::use_login_key(&state.db, key_hash).await? {
        return Err(ApiError::bad("error-login-key-invalid"));
    }
    if !repo::bind_identity(&state.db, pending.social_type, &pending.subject, user_id, pending.email.as_deref()).await?
        && repo::identity_user(&state.db, pending.social_type, &pending.subject).await? != Some(user_id)
    {
        return Err(ApiError::bad("error-identity-bound"));
    }
    Ok(())
}

fn login_key_hash(login_key: &str) -> Result<String, ApiError> {
    let key = login_key.trim();
    if key.is_empty() || key.len() > 128 {
        return Err(ApiError::bad("error-login-key-invalid"));
    }
    Ok(accounts::sha256_hex(key))
}

/// `POST /bindMailAndThirdLogin`: proves the e-mail with a code, binds the provider account to
/// the buyer with that e-mail (created when new) and signs them in.
pub(super) async fn bind_mail_and_third_login(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<BindMailRequest>,
) -> Result<Response, ApiError> {
    let id = Identifier::mail(&req.mail)?;
    bad_secret(req.valid_code.trim(), "error-code-empty")?;
    let key_hash = login_key_hash(&req.login_key)?;
    let Some(pending) = repo::find_login_key(&state.db, &key_hash).await? else {
        return Err(ApiError::bad("error-login-key-invalid"));
    };
    accounts::verify_code(&state.db, &id, Purpose::Bind, &req.valid_code, &info.addr).await?;
    let user_id = match repo::find_user(&state.db, true, id.value()).await? {
        Some((user_id, _)) => user_id,
        None => {
            match repo::create_user(&state.db, Some(id.value()), None, None, &pending.nick_name, pending.pic.as_deref())
                .await?
            {
                Some(user_id) => user_id,
                None => repo::find_user(&state.db, true, id.value())
                    .await?
                    .map(|(u, _)| u)
                    .ok_or_else(|| ApiError::Internal("user vanished".into()))?,
            }
        }
    };
    bind(&state, &key_hash, &pending, user_id).await?;
    sign_in(&state, &info, user_id).await
}

/// `POST /user/registerOrBindUser` (signed in): binds the provider account of `loginKey` to
/// the signed-in buyer (the user centre's bind page).
pub(super) async fn register_or_bind_user(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(req): ApiJson<RegisterOrBindRequest>,
) -> ApiResult<()> {
    let key_hash = login_key_hash(&req.login_key)?;
    let Some(pending) = repo::find_login_key(&state.db, &key_hash).await? else {
        return Err(ApiError::bad("error-login-key-invalid"));
    };
    // One provider account of each kind per buyer: the bind page shows each as bound or not.
    let bound_to = repo::identity_user(&state.db, pending.social_type, &pending.subject).await?;
    if bound_to.is_none() && repo::identity_types(&state.db, user.user_id).await?.contains(&pending.social_type) {
        return Err(ApiError::bad("error-social-type-bound"));
    }
    bind(&state, &key_hash, &pending, user.user_id).await?;
    ok(())
}

// ---------------------------------------------------------------- password recovery

/// `POST /user/sendResetCode` (`mail` or `mobile`): a recovery code to an existing account.
/// The answer is the same whether the account exists or not (a code is only sent when it
/// does), and the send budget is taken either way.
pub(super) async fn send_reset_code(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<SendCodeRequest>,
) -> ApiResult<()> {
    let id = Identifier::from_pair(req.mail.as_deref(), req.mobile.as_deref())?;
    accounts::limit_account_lookups(&state.db, &info.addr).await?;
    accounts::take_send_budget(&state.db, &id, Purpose::Reset, &info.addr).await?;
    if repo::find_user(&state.db, id.is_mail(), id.value()).await?.is_some() {
        accounts::issue_code(&state.db, &id, Purpose::Reset, &info.addr, info.lang).await?;
    }
    ok(())
}

/// `POST /user/resetPassword`: a new password with the recovery code; every session of the
/// account ends.
pub(super) async fn reset_password(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(req): ApiJson<ResetPasswordRequest>,
) -> ApiResult<()> {
    let id = Identifier::from_pair(req.mail.as_deref(), req.mobile.as_deref())?;
    bad_secret(req.valid_code.trim(), "error-code-empty")?;
    accounts::check_new_password(&req.password)?;
    // Codes are only issued to existing accounts, so a right code proves both.
    accounts::verify_code(&state.db, &id, Purpose::Reset, &req.valid_code, &info.addr).await?;
    let Some((user_id, _)) = repo::find_user(&state.db, id.is_mail(), id.value()).await? else {
        return Err(ApiError::bad("error-code-invalid"));
    };
    let hash = accounts::hash_password(req.password).await?;
    repo::set_password(&state.db, user_id, &hash).await?;
    repo::delete_sessions_of(&state.db, user_id).await?;
    state.chat.sessions_ended(user_id).await;
    ok(())
}
