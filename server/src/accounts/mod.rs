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
//! - `logout.rs`: `GET /logout`, the header's sign-out link (a page route, mounted by `web`).

pub mod handlers;
pub mod hashing;
pub mod logout;
pub mod oauth;
pub mod outbox;
pub mod repo;
pub mod rules;
pub mod sessions;

pub use hashing::{hash_password, verify_password};
pub use rules::*;

use crate::state::AppState;
use axum::routing::{get, post, put};
use axum::Router;

/// The accounts' API endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/login", post(handlers::login))
        .route("/mailLogin", post(handlers::mail_login))
        .route("/mobileLogin", post(handlers::mobile_login))
        .route("/user/signup", post(handlers::signup))
        .route("/user/checkUser", post(handlers::check_user))
        .route("/sms/sendLoginCode", post(handlers::send_login_code))
        .route("/user/sendBindSms", put(handlers::send_bind_code))
        .route("/bindMailAndThirdLogin", post(handlers::bind_mail_and_third_login))
        .route("/logOut", post(handlers::log_out))
        .route("/p/user/userInfo", get(handlers::user_info))
        .route("/p/user/centerInfo", get(handlers::center_info))
        .route("/getThirdLoginUrl", get(handlers::third_login_url))
        .route("/thirdLogin", post(handlers::third_login))
        .route("/user/registerOrBindUser", post(handlers::register_or_bind_user))
        .route("/user/sendResetCode", post(handlers::send_reset_code))
        .route("/user/resetPassword", post(handlers::reset_password))
}
