//! `/user-center/uc-pay-password`: the payment password (exactly 6 digits, spec section 5):
//! set when there is none (`PUT /p/user/payPassword`, with the sign-in password when the
//! account has one, as the checkout counter does), changed with the current one
//! (`PUT /p/user/updatePayPassword`), or reset with a one-time code sent to the bound e-mail or
//! phone (`/p/user/sendSecurityCode`, `PUT /p/user/resetPayPassword`).

use crate::accounts::account_info;
use crate::accounts::pay_password_form::PayPasswordForm;
use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::texts::Texts;
use crate::context::page_ctx;
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use leptos::prelude::*;

/// The texts the form shows.
const KEYS: &[&str] = &[
    "uc-pay-password-status-set",
    "uc-pay-password-status-unset",
    "uc-pay-password-mode-set",
    "uc-pay-password-mode-change",
    "uc-pay-password-mode-reset",
    "uc-pay-password-sign-in",
    "uc-pay-password-current",
    "uc-pay-password-new",
    "uc-pay-password-confirm",
    "uc-pay-password-rule",
    "uc-pay-password-submit",
    "uc-pay-password-done",
    "uc-password-saving",
    "uc-password-mismatch",
    "uc-password-current-empty",
    "uc-password-send-to",
    "uc-password-code",
    "uc-password-send-code",
    "uc-password-code-sent",
    "uc-password-code-empty",
    "uc-password-no-contact",
];

#[component]
pub fn PayPasswordPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("uc-nav-pay-password") description=String::new() canonical="/user-center/uc-pay-password".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-pay-password-title")}</h1>
        <p class="uc-form__intro">{ctx.t("uc-pay-password-intro")}</p>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                account_info(&client).await.map(|info| {
                    let texts = Texts::of(&ctx, KEYS, &[("uc-password-resend-in", "seconds")]);
                    view! {
                        <SettingsIsland part={SettingsPart::PayPasswordForm(PayPasswordForm { texts, has_pay_password: info.has_pay_password, has_password: info.has_password, mail: info.user_mail.clone(), mobile: info.user_mobile.clone() })} />
                    }
                })
            })}
        </Suspense>
    }
}
