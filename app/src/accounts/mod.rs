//! Accounts: `/login`, `/register`, `/forget-password`, the third-party sign-in return pages
//! (`/oauth-callback`, `/google/callback`) and their islands. The login popup itself is a React
//! widget (`widgets/src/login-popup`).

pub mod forgot_password;
#[cfg(feature = "ssr")]
pub mod login;
#[cfg(feature = "ssr")]
pub mod oauth;
pub mod resend;
pub mod third_login;
