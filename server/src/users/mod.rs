//! The user centre's profile, passwords and binding (spec sections 2, 5, 9): the pages
//! `/user-center/uc-account`, `uc-password`, `uc-pay-password` and `uc-bind`. Calls after
//! mall4j's `UserController` (`/p/user/...`):
//!
//! - `GET /p/user/accountInfo`: nickname, avatar, the bound e-mail and phone masked, which
//!   passwords are set, which third-party accounts are bound;
//! - `PUT /p/user/setUserInfo`: nickname (spec section 5) and avatar (a picture the buyer
//!   uploaded as an avatar through `crate::media`);
//! - `PUT /p/user/updatePwd`: the sign-in password changed with the current one (wrong ones
//!   limited like sign-in, counted first); every other session of the buyer ends;
//! - `PUT /p/user/setPwd` and `POST /p/user/sendSecurityCode`: a first sign-in password with a
//!   code sent to the bound e-mail or phone (the code also serves the payment password's reset,
//!   `crate::payments`);
//! - `POST /p/user/sendBindCode`, `PUT /p/user/bindAccount`: a new e-mail or phone proven by a
//!   code sent to it; an address of another account is "already registered" (spec section 8);
//!   the old address is told of the change;
//! - `GET /p/user/bindSocialUrl`, `POST /p/user/unbindSocial`: a Google or Facebook account
//!   bound through the OAuth2 flow (its return calls `/user/registerOrBindUser`, in
//!   `crate::accounts`) or unbound, never the last way to sign in.
//!
//! The other user-centre calls live with their domains (addresses, orders, payments, ...).
//!
//! - `handlers.rs`: the calls; `forms.rs`: the account page's profile as a plain form;
//!   `rules.rs`: the rules without I/O; `repo.rs`: the sqlx reads and writes.

mod forms;
pub mod handlers;
pub mod repo;
pub mod rules;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post, put};
use axum::Router;

/// This domain's endpoints, all signed in only (`/p/`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::USER_ACCOUNT_INFO, get(handlers::account_info))
        .route(paths::USER_SET_USER_INFO, put(handlers::set_user_info))
        .route(paths::USER_UPDATE_PWD, put(handlers::update_password))
        .route(paths::USER_SET_PWD, put(handlers::set_password))
        .route(paths::USER_SEND_SECURITY_CODE, post(handlers::send_security_code))
        .route(paths::USER_SEND_BIND_CODE, post(handlers::send_bind_code))
        .route(paths::USER_BIND_ACCOUNT, put(handlers::bind_account))
        .route(paths::USER_BIND_SOCIAL_URL, get(handlers::bind_social_url))
        .route(paths::USER_UNBIND_SOCIAL, post(handlers::unbind_social))
}

/// The account page's plain form (`api::forms::PROFILE_SAVE`, record 0187).
pub fn form_router() -> Router<AppState> {
    Router::new().route(api::forms::PROFILE_SAVE, post(forms::save))
}
