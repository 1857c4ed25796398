//! `/user-center/uc-password`: the sign-in password changed with the current one
//! (`PUT /p/user/updatePwd`; spec section 5's account-centre rule, 6 to 20 characters of at
//! least two kinds), or, for an account that has none (made by code or by a third party), set
//! with a one-time code sent to its bound e-mail or phone (`/p/user/sendSecurityCode`,
//! `PUT /p/user/setPwd`). After the change every other session has ended; the page says so and
//! goes to the account overview after 3 seconds (spec section 9), counting them down.

use crate::accounts::account_info;
use crate::accounts::password_form::PasswordForm;
use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::texts::Texts;
use crate::context::page_ctx;
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use leptos::prelude::*;

/// The texts the form shows.
const KEYS: &[&str] = &[
    "uc-password-current",
    "uc-password-new",
    "uc-password-confirm",
    "uc-password-rule",
    "uc-password-submit",
    "uc-password-saving",
    "uc-password-current-empty",
    "uc-password-new-empty",
    "uc-password-confirm-empty",
    "uc-password-mismatch",
    "uc-password-set-intro",
    "uc-password-send-to",
    "uc-password-code",
    "uc-password-send-code",
    "uc-password-code-sent",
    "uc-password-code-empty",
    "uc-password-set-submit",
    "uc-password-no-contact",
];

#[component]
pub fn PasswordPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("uc-nav-password") description=String::new() canonical="/user-center/uc-password".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-password-title")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                account_info(&client).await.map(|info| {
                    let texts = Texts::of(&ctx, KEYS, &[("uc-password-resend-in", "seconds"), ("uc-password-done", "seconds")]);
                    view! {
                        <SettingsIsland part={SettingsPart::PasswordForm(PasswordForm { texts, has_password: info.has_password, mail: info.user_mail.clone(), mobile: info.user_mobile.clone() })} />
                    }
                })
            })}
        </Suspense>
    }
}
