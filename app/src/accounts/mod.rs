//! Accounts: `/login`, `/register`, `/forget-password`, the third-party sign-in return pages
//! (`/oauth-callback`, `/google/callback`) and their islands; in the user centre, the profile
//! (`uc-account`), the bound e-mail, phone and social accounts (`uc-bind`), and the sign-in and
//! payment passwords (`uc-password`, `uc-pay-password`). The login popup itself is a React
//! widget (`widgets/src/login-popup`).

pub mod bind_forms;
pub mod forgot_password;
pub mod password_form;
pub mod pay_password_form;
pub mod resend;
pub mod social;
pub mod third_login;

ssr_only! {
    pub mod bind;
    pub mod login;
    pub mod oauth;
    pub mod password;
    pub mod pay_password;
    pub mod profile;
}

/// The account facts of the page, or `None` when the call failed (the layout already sent
/// guests to /login).
#[cfg(feature = "ssr")]
pub async fn account_info(client: &crate::api_client::ApiClient) -> Option<api::users::AccountInfo> {
    client.get::<api::users::AccountInfo>(api::paths::USER_ACCOUNT_INFO, &[]).await.ok()
}
