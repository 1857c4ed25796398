//! The [`PasswordForm`] island of `/user-center/uc-password` (`crate::accounts::password`):
//! the sign-in password changed with the current one (`PUT /p/user/updatePwd`), or set with a
//! one-time code for an account that has none (`/p/user/sendSecurityCode`, `PUT /p/user/setPwd`),
//! then the countdown to the account overview (spec section 9).

use crate::accounts::resend::{send_security_code, ResendCountdown};
use crate::components::texts::Texts;
use crate::components::{chosen_before_hydration, typed_or};
use api::users::{ACCOUNT_PASSWORD_MAX_LENGTH, PASSWORD_REDIRECT_SECONDS};
use leptos::prelude::*;

/// Where the page goes after a change.
pub const AFTER_CHANGE: &str = "/user-center/uc-home";

/// The Fluent key of what is wrong with a new password and its confirmation, or `None`.
pub fn new_password_problem(password: &str, confirm: &str) -> Option<&'static str> {
    if password.is_empty() {
        Some("uc-password-new-empty")
    } else if !api::users::meets_account_password_rule(password) {
        Some("uc-password-rule")
    } else if confirm.is_empty() {
        Some("uc-password-confirm-empty")
    } else if confirm != password {
        Some("uc-password-mismatch")
    } else {
        None
    }
}
/// The change (or first set) of the sign-in password, then the countdown to the overview.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct PasswordForm {
    pub texts: Texts,
    pub has_password: bool,
    pub mail: Option<String>,
    pub mobile: Option<String>,
}

/// Renders [`PasswordForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn password_form(props: PasswordForm) -> impl IntoView {
    let PasswordForm { texts, has_password, mail, mobile } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    // What was typed or chosen before the island hydrated stands (`typed_or`).
    let current = RwSignal::new(typed_or("uc-password-current", ""));
    let password = RwSignal::new(typed_or("uc-password-new", ""));
    let confirm = RwSignal::new(typed_or("uc-password-confirm", ""));
    let code = RwSignal::new(typed_or("uc-password-code", ""));
    let chosen = chosen_before_hydration::<String>("input[name=uc-password-target]");
    let target = RwSignal::new(match chosen.as_deref() {
        Some("mail") => "mail",
        Some("mobile") => "mobile",
        _ if mail.is_some() => "mail",
        _ => "mobile",
    });
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    // Seconds left before going on; `Some` once the password was changed.
    let done = RwSignal::new(None::<u64>);
    let countdown = ResendCountdown::new();
    let no_contact = mail.is_none() && mobile.is_none();

    let send_code = move |_: leptos::ev::MouseEvent| {
        let purpose = api::users::code_purpose::PASSWORD;
        send_security_code(purpose, target.get_untracked(), t("uc-password-code-sent"), countdown, error);
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() || done.get_untracked().is_some() {
            return;
        }
        let problem = if has_password && current.get_untracked().is_empty() {
            Some("uc-password-current-empty")
        } else if !has_password && code.get_untracked().trim().is_empty() {
            Some("uc-password-code-empty")
        } else {
            new_password_problem(&password.get_untracked(), &confirm.get_untracked())
        };
        if let Some(key) = problem {
            error.set(Some(t(key)));
            return;
        }
        error.set(None);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        {
            let request = if has_password {
                browser::Change::Update(api::users::UpdatePasswordParam {
                    old_password: current.get_untracked(),
                    new_password: password.get_untracked(),
                })
            } else {
                browser::Change::Set(api::users::SetPasswordParam {
                    target: target.get_untracked().to_string(),
                    valid_code: code.get_untracked().trim().to_string(),
                    new_password: password.get_untracked(),
                })
            };
            leptos::task::spawn_local(browser::submit(request, error, busy, done));
        }
    };

    let password_field = move |id: &'static str,
                               key: &'static str,
                               signal: RwSignal<String>,
                               autocomplete: &'static str| {
        view! {
            <div class="uc-form-row">
                <label class="uc-form-row__label" for=id>{t(key)}</label>
                <div class="uc-form-row__field">
                    <input id=id type="password" autocomplete=autocomplete maxlength=ACCOUNT_PASSWORD_MAX_LENGTH.to_string()
                        data-testid=id aria-describedby="uc-password-error"
                        value={untrack(|| signal.get())} prop:value=move || signal.get() on:input=move |ev| { signal.set(event_target_value(&ev)); error.set(None); } />
                </div>
            </div>
        }
    };

    let mail_label = mail.clone().unwrap_or_default();
    let mobile_label = mobile.clone().unwrap_or_default();
    let code_rows = (!has_password).then(move || {
        view! {
            <p class="uc-form__intro">{t("uc-password-set-intro")}</p>
            <fieldset class="uc-form-row uc-choice">
                <legend class="uc-form-row__label">{t("uc-password-send-to")}</legend>
                <div class="uc-form-row__field">
                    {(!mail_label.is_empty()).then(|| view! {
                        <label class="uc-choice__option"><input type="radio" name="uc-password-target" value="mail" data-testid="uc-password-target-mail"
                            checked={untrack(|| target.get() == "mail")} prop:checked=move || target.get() == "mail" on:change=move |_| target.set("mail") />" "{mail_label.clone()}</label>
                    })}
                    {(!mobile_label.is_empty()).then(|| view! {
                        <label class="uc-choice__option"><input type="radio" name="uc-password-target" value="mobile" data-testid="uc-password-target-mobile"
                            checked={untrack(|| target.get() == "mobile")} prop:checked=move || target.get() == "mobile" on:change=move |_| target.set("mobile") />" "{mobile_label.clone()}</label>
                    })}
                </div>
            </fieldset>
            <div class="uc-form-row">
                <label class="uc-form-row__label" for="uc-password-code">{t("uc-password-code")}</label>
                <div class="uc-form-row__field account-form__code">
                    <input id="uc-password-code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" data-testid="uc-password-code"
                        value={untrack(|| code.get())} prop:value=move || code.get() on:input=move |ev| { code.set(event_target_value(&ev)); error.set(None); } />
                    <button type="button" class="button" data-testid="uc-password-send-code" disabled=move || { countdown.seconds() > 0 } on:click=send_code>
                        {move || countdown.label(&t("uc-password-send-code"), &t("uc-password-resend-in"))}
                    </button>
                </div>
            </div>
        }
    });

    view! {
        <form class="uc-form" on:submit=submit novalidate data-testid="uc-password-form">
            {(no_contact && !has_password).then(|| view! { <p class="uc-notice" role="status">{t("uc-password-no-contact")}</p> })}
            {code_rows}
            {has_password.then(|| password_field("uc-password-current", "uc-password-current", current, "current-password"))}
            {password_field("uc-password-new", "uc-password-new", password, "new-password")}
            {password_field("uc-password-confirm", "uc-password-confirm", confirm, "new-password")}
            <div class="uc-form-row">
                <span class="uc-form-row__label"></span>
                <div class="uc-form-row__field">
                    <p class="uc-form-row__hint">{t("uc-password-rule")}</p>
                    <p class="uc-form-row__error" id="uc-password-error" role="alert" data-testid="uc-password-error" hidden=move || error.get().is_none()>
                        {move || error.get().unwrap_or_default()}
                    </p>
                    <p class="uc-notice uc-notice--success" role="status" data-testid="uc-password-done" hidden=move || done.get().is_none()>
                        {move || done.get().map(|s| texts.with_value(|t| t.fill("uc-password-done", "seconds", &s.to_string()))).unwrap_or_default()}
                    </p>
                    <button type="submit" class="button button--primary" data-testid="uc-password-submit"
                        disabled=move || busy.get() || done.get().is_some() || (no_contact && !has_password)>
                        {move || if busy.get() { t("uc-password-saving") } else if has_password { t("uc-password-submit") } else { t("uc-password-set-submit") }}
                    </button>
                </div>
            </div>
        </form>
    }
}

/// Counts `done` down a second at a time from [`PASSWORD_REDIRECT_SECONDS`], then goes on.
#[cfg(feature = "hydrate")]
fn count_down_then_leave(done: RwSignal<Option<u64>>) {
    done.set(Some(PASSWORD_REDIRECT_SECONDS));
    fn tick(done: RwSignal<Option<u64>>) {
        set_timeout(
            move || {
                let left = done.get_untracked().unwrap_or(0).saturating_sub(1);
                done.set(Some(left));
                if left == 0 {
                    let _ = web_sys::window().map(|w| w.location().set_href(AFTER_CHANGE));
                } else {
                    tick(done);
                }
            },
            std::time::Duration::from_secs(1),
        );
    }
    tick(done);
}

#[cfg(not(feature = "hydrate"))]
#[allow(dead_code)]
fn count_down_then_leave(_done: RwSignal<Option<u64>>) {
    let _ = PASSWORD_REDIRECT_SECONDS;
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::*;
    use crate::api_client::{browser as client, ApiFailure};

    pub enum Change {
        Update(api::users::UpdatePasswordParam),
        Set(api::users::SetPasswordParam),
    }

    fn options() -> client::CallOptions {
        client::CallOptions { handle_error: true, silent_auth: false }
    }

    fn show(error: RwSignal<Option<String>>, failure: ApiFailure) {
        if let ApiFailure::Rejected { msg, .. } = failure {
            error.set(Some(msg));
        }
    }

    pub async fn submit(
        change: Change,
        error: RwSignal<Option<String>>,
        busy: RwSignal<bool>,
        done: RwSignal<Option<u64>>,
    ) {
        let result = match &change {
            Change::Update(body) => {
                client::put::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_UPDATE_PWD, body, options()).await
            }
            Change::Set(body) => {
                client::put::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_SET_PWD, body, options()).await
            }
        };
        busy.set(false);
        match result {
            Ok(_) => count_down_then_leave(done),
            Err(failure) => show(error, failure),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_passwords_follow_the_account_centre_rule_and_match() {
        assert_eq!(new_password_problem("", ""), Some("uc-password-new-empty"));
        assert_eq!(new_password_problem("abcdef", "abcdef"), Some("uc-password-rule"));
        assert_eq!(new_password_problem("abc12", "abc12"), Some("uc-password-rule"));
        assert_eq!(new_password_problem("abc123", ""), Some("uc-password-confirm-empty"));
        assert_eq!(new_password_problem("abc123", "abc124"), Some("uc-password-mismatch"));
        assert_eq!(new_password_problem("abc123", "abc123"), None);
        assert_eq!(PASSWORD_REDIRECT_SECONDS, 3, "spec section 9");
    }
}
