//! Account entry pages: `/login` (where guests land from protected links; returns them where
//! they were going), `/register` (the one-time-code tab; afterwards to /) and
//! `/forget-password` (reset by one-time code).

use crate::accounts::forgot_password::ForgotLabels;
use crate::accounts::forgot_password::ForgotPassword;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::events::{EmitOnLoad, LoginMode, OpenLoginDetail};
use crate::frame::auth_link::AuthLink;
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use crate::url::query_param;
use leptos::prelude::*;

/// `/login` and `/register`: the page opens the login popup on arrival and offers a button to
/// reopen it.
#[component]
pub fn LoginPage(#[prop(optional)] register: bool) -> impl IntoView {
    let ctx = page_ctx();
    // Only paths of this site are followed after sign-in.
    let redirect = query_param(&ctx.prefs.query, "redirect")
        .filter(|r| api::redirect::safe_redirect(r).is_some())
        .unwrap_or_else(|| "/".into());
    let (title, text, path) = if register {
        (ctx.t("register-title"), ctx.t("register-text"), "/register")
    } else {
        (ctx.t("login-title"), ctx.t("login-text"), "/login")
    };
    // On /login the form above signs in by password; the popup offers the other ways.
    let open_label = if register { ctx.t("header-register") } else { ctx.t("login-other-ways") };
    let open_class = if register { "button button--primary" } else { "button button--outline" };
    // `/register` opens the popup on its one-time-code tab.
    let open_login = OpenLoginDetail { redirect: Some(redirect.clone()), mode: register.then_some(LoginMode::Code) };
    // Sign-in by password as a plain form (`api::forms::LOGIN_PASSWORD`): it works before any
    // script and with scripts off; the popup, opened on arrival, is the enhanced way.
    let password_form = (!register).then(|| {
        view! {
            <form class="account-form login-page__form" method="post" action=api::forms::LOGIN_PASSWORD
                data-testid="login-form">
                <input type="hidden" name=api::forms::FIELD_REDIRECT value=redirect.clone() />
                <label class="account-form__field">
                    <span>{ctx.t("login-form-account")}</span>
                    <input type="text" name="userName" autocomplete="username" required data-testid="login-form-account" />
                </label>
                <label class="account-form__field">
                    <span>{ctx.t("login-form-password")}</span>
                    <input type="password" name="passWord" autocomplete="current-password" required
                        data-testid="login-form-password" />
                </label>
                <button type="submit" class="button button--primary" data-testid="login-form-submit">
                    {ctx.t("login-form-submit")}
                </button>
            </form>
        }
    });
    // Sign-in by one-time code, the same way: Send Code comes back here with the account
    // filled in (`account=`); Enter in a field signs in (the hidden first button).
    let account = query_param(&ctx.prefs.query, api::forms::FIELD_ACCOUNT).unwrap_or_default();
    let code_form = (!register).then(|| {
        view! {
            <form class="account-form login-page__form" method="post" action=api::forms::LOGIN_CODE
                data-testid="login-code-form">
                <h2 class="account-form__title">{ctx.t("login-code-title")}</h2>
                <button type="submit" class="visually-hidden" tabindex="-1" aria-hidden="true">{ctx.t("login-code-submit")}</button>
                <input type="hidden" name=api::forms::FIELD_REDIRECT value=redirect.clone() />
                <label class="account-form__field">
                    <span>{ctx.t("login-form-account")}</span>
                    <input type="text" name=api::forms::FIELD_ACCOUNT autocomplete="username" value=account
                        data-testid="login-code-account" />
                </label>
                <button type="submit" class="button button--outline" formaction=api::forms::LOGIN_CODE_SEND
                    data-testid="login-code-send">{ctx.t("forgot-send-code")}</button>
                <label class="account-form__field">
                    <span>{ctx.t("login-code-label")}</span>
                    <input type="text" name="code" inputmode="numeric" autocomplete="one-time-code"
                        data-testid="login-code-code" />
                </label>
                <button type="submit" class="button button--primary" data-testid="login-code-submit">
                    {ctx.t("login-code-submit")}
                </button>
            </form>
        }
    });
    view! {
        <PageMeta title=title.clone() description=text.clone() canonical=path.to_string() />
        <section class="login-page" data-testid=if register { "register-page" } else { "login-page" }>
            <h1>{title}</h1>
            <p>{text}</p>
            {password_form}
            {code_form}
            <AuthLink href=path.to_string() class=open_class.to_string()
                testid="login-page-open".to_string() protected=true signed_in=false>
                {open_label}
            </AuthLink>
            <p class="login-page__links">
                <a href="/forget-password">{ctx.t("forgot-link")}</a>
            </p>
            <EmitOnLoad detail=open_login />
        </section>
    }
}

/// `/forget-password`.
#[component]
pub fn ForgetPasswordPage() -> impl IntoView {
    let ctx = page_ctx();
    let labels = ForgotLabels {
        account: ctx.t("forgot-account"),
        account_placeholder: ctx.t("forgot-account-placeholder"),
        code: ctx.t("forgot-code"),
        send_code: ctx.t("forgot-send-code"),
        resend_in: ctx.t_args("forgot-resend-in", &[("seconds", "{seconds}")]),
        password: ctx.t("forgot-new-password"),
        confirm: ctx.t("forgot-confirm-password"),
        submit: ctx.t("forgot-submit"),
        invalid_account: ctx.t("forgot-invalid-account"),
        code_empty: ctx.t("forgot-code-empty"),
        password_rule: ctx.t("forgot-password-rule"),
        confirm_empty: ctx.t("forgot-confirm-empty"),
        mismatch: ctx.t("forgot-mismatch"),
        code_sent: ctx.t("forgot-code-sent"),
        done: ctx.t("forgot-done"),
    };
    view! {
        <PageMeta title=ctx.t("forgot-title") description=ctx.t("forgot-text") canonical="/forget-password".to_string() />
        <section class="login-page" data-testid="forget-password-page">
            <h1>{ctx.t("forgot-title")}</h1>
            <p>{ctx.t("forgot-text")}</p>
            <SettingsIsland part={SettingsPart::ForgotPassword(ForgotPassword { labels })} />
        </section>
    }
}
