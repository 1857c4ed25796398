//! Accounts: sign-in by password or one-time code, sign-up, codes, third-party sign-in and
//! binding, the profile, sign-out and password recovery (spec section 7: `/login`,
//! `/mailLogin`, `/mobileLogin`, `/user/signup`, `/user/checkUser`, `/sms/sendLoginCode`,
//! `/user/sendBindSms`, `/bindMailAndThirdLogin`, `/logOut`, `/p/user/userInfo`,
//! `/p/user/centerInfo`, `/getThirdLoginUrl`, `/thirdLogin`, `/user/registerOrBindUser`,
//! `/user/sendResetCode`, `/user/resetPassword`), and the page route `GET /logout`.
//!
//! - `handlers.rs`: the API calls;
//! - `rules.rs`: identifiers, the password rule, one-time codes, sign-in and send budgets, the
//!   session cookie (re-exported here);
//! - `hashing.rs`: Argon2id password hashing with bounded memory, off the async threads;
//! - `oauth.rs`: the OAuth2 code flow with PKCE (Google, Facebook);
//! - `outbox.rs`: mail and SMS delivery through the outbox table;
//! - `repo.rs`: the sqlx reads and writes of users, codes, the outbox, rate-limit counters,
//!   OAuth2 state and third-party identities;
//! - `sessions.rs`: users' sign-in sessions (created, slid forward, ended);
//! - `logout.rs`: `GET /logout`, the header's sign-out link (a page route, mounted by `web`);
//! - `forms.rs`: `POST /login/password`, the `/login` page's sign-in form (HTML first).

pub mod forms;
pub mod handlers;
pub mod hashing;
pub mod limits;
pub mod logout;
pub mod oauth;
pub mod outbox;
pub mod repo;
pub mod rules;
pub mod sessions;

pub use hashing::{hash_password, verify_password};
pub use limits::*;
pub use rules::*;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post, put};
use axum::Router;

/// The accounts' API endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::LOGIN, post(handlers::login))
        .route(paths::MAIL_LOGIN, post(handlers::mail_login))
        .route(paths::MOBILE_LOGIN, post(handlers::mobile_login))
        .route(paths::USER_SIGNUP, post(handlers::signup))
        .route(paths::USER_CHECK_USER, post(handlers::check_user))
        .route(paths::SMS_SEND_LOGIN_CODE, post(handlers::send_login_code))
        .route(paths::USER_SEND_BIND_SMS, put(handlers::send_bind_code))
        .route(paths::BIND_MAIL_AND_THIRD_LOGIN, post(handlers::bind_mail_and_third_login))
        .route(paths::LOG_OUT, post(handlers::log_out))
        .route(paths::USER_INFO, get(handlers::user_info))
        .route(paths::GET_THIRD_LOGIN_URL, get(handlers::third_login_url))
        .route(paths::THIRD_LOGIN, post(handlers::third_login))
        .route(paths::USER_REGISTER_OR_BIND_USER, post(handlers::register_or_bind_user))
        .route(paths::USER_SEND_RESET_CODE, post(handlers::send_reset_code))
        .route(paths::USER_RESET_PASSWORD, post(handlers::reset_password))
}

/// The accounts' HTML-first actions, mounted beside the pages.
pub fn form_router() -> Router<AppState> {
    Router::new()
        .route(api::forms::LOGIN_PASSWORD, post(forms::password))
        .route(api::forms::LOGIN_CODE_SEND, post(forms::send_code))
        .route(api::forms::LOGIN_CODE, post(forms::code))
}
