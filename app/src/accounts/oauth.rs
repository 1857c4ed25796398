//! The returns of third-party sign-in (spec section 2): `/google/callback` and
//! `/oauth-callback`. The work happens in the [`ThirdLogin`] island; without JavaScript the
//! page says so.

use crate::accounts::third_login::ThirdLogin;
use crate::accounts::third_login::ThirdLoginLabels;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use leptos::prelude::*;

/// `/google/callback` and `/oauth-callback`.
#[component]
pub fn OAuthCallbackPage() -> impl IntoView {
    let ctx = page_ctx();
    let labels = ThirdLoginLabels {
        working: ctx.t("third-login-working"),
        signed_in: ctx.t("third-login-signed-in"),
        failed: ctx.t("third-login-failed"),
        back: ctx.t("third-login-back"),
        bind_title: ctx.t("bind-title"),
        bind_text: ctx.t("bind-text"),
        email: ctx.t("bind-email"),
        email_placeholder: ctx.t("bind-email-placeholder"),
        code: ctx.t("bind-code"),
        code_placeholder: ctx.t("bind-code-placeholder"),
        get_code: ctx.t("bind-get-code"),
        resend_in: ctx.t_args("bind-resend-in", &[("seconds", "{seconds}")]),
        submit: ctx.t("bind-submit"),
        code_sent: ctx.t("bind-code-sent"),
        email_invalid: ctx.t("bind-email-invalid"),
        code_empty: ctx.t("bind-code-empty"),
        bind_success: ctx.t("bind-success"),
    };
    view! {
        <PageMeta title=ctx.t("third-login-title") description=ctx.t("third-login-text") canonical=ctx.prefs.path.clone() />
        <section class="login-page" data-testid="third-login-page">
            <h1>{ctx.t("third-login-title")}</h1>
            <noscript>
                <p class="account-form__error" data-testid="third-login-nojs">{ctx.t("third-login-nojs")}</p>
                <p><a href="/login">{ctx.t("third-login-back")}</a></p>
            </noscript>
            <SettingsIsland part={SettingsPart::ThirdLogin(ThirdLogin { labels })} />
        </section>
    }
}
