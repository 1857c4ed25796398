//! `/forget-password`: reset a password with a one-time code sent to the account's e-mail or
//! phone (`/user/sendResetCode`, `/user/resetPassword`), then go to /login after 3 seconds.

use super::resend::ResendCountdown;
use crate::components::typed_or;
use api::account::PASSWORD_MAX_LENGTH;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Translated texts of the form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ForgotLabels {
    pub account: String,
    pub account_placeholder: String,
    pub code: String,
    pub send_code: String,
    /// Contains `{seconds}`.
    pub resend_in: String,
    pub password: String,
    pub confirm: String,
    pub submit: String,
    pub invalid_account: String,
    pub code_empty: String,
    pub password_rule: String,
    pub confirm_empty: String,
    pub mismatch: String,
    pub code_sent: String,
    pub done: String,
}

/// `mail` or `mobile` for an identifier: an e-mail address (the server's rule,
/// [`api::account::is_valid_email`]), or a phone number by the server's one phone rule
/// ([`api::account::phone_digits`]: a leading 0 becomes Cambodia's 855, a leading + is
/// dropped, 10 to 15 digits).
pub fn identifier(input: &str) -> Option<(&'static str, String)> {
    let input = input.trim();
    if input.contains('@') {
        return api::account::is_valid_email(input).then(|| ("mail", input.to_string()));
    }
    api::account::phone_digits(input).map(|digits| ("mobile", digits))
}

/// The `(mail, mobile)` fields of a request for an [`identifier`].
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
fn split_identifier(field: &str, value: String) -> (Option<String>, Option<String>) {
    if field == "mail" {
        (Some(value), None)
    } else {
        (None, Some(value))
    }
}

/// The registration password rule of spec section 5: 8-20 printable ASCII characters with
/// letters, digits and special symbols (the server's rule, [`api::account::meets_password_rule`]).
pub fn password_ok(password: &str) -> bool {
    api::account::meets_password_rule(password)
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ForgotPassword {
    pub labels: ForgotLabels,
}

/// Renders [`ForgotPassword`], as one variant of its group's island (`crate::lazy_islands`).
pub fn forgot_password(props: ForgotPassword) -> impl IntoView {
    let ForgotPassword { labels } = props;
    let labels = StoredValue::new(labels);
    // What was typed before the island hydrated stands (`typed_or`).
    let account = RwSignal::new(typed_or("forgot-account", ""));
    let code = RwSignal::new(typed_or("forgot-code", ""));
    let password = RwSignal::new(typed_or("forgot-password", ""));
    let confirm = RwSignal::new(typed_or("forgot-confirm", ""));
    let error = RwSignal::new(None::<String>);
    let countdown = ResendCountdown::new();
    let busy = RwSignal::new(false);
    let done = RwSignal::new(false);
    let label = move |f: fn(&ForgotLabels) -> &String| labels.with_value(|l| f(l).clone());

    let send_code = move |_: leptos::ev::MouseEvent| {
        let Some((field, value)) = identifier(&account.get_untracked()) else {
            error.set(Some(label(|l| &l.invalid_account)));
            return;
        };
        error.set(None);
        // A new send replaces a running countdown, so it never runs twice.
        countdown.start();
        #[cfg(feature = "hydrate")]
        {
            leptos::task::spawn_local(async move {
                use crate::api_client::browser;
                let (mail, mobile) = split_identifier(field, value);
                let body = api::account::SendCodeRequest { mail, mobile };
                match browser::post::<(), _>(api::paths::USER_SEND_RESET_CODE, &body, Default::default()).await {
                    Ok(()) => browser::toast(api::bridge::ToastType::Success, &label(|l| &l.code_sent), 1500),
                    // The block is released when sending fails (spec section 4).
                    Err(_) => countdown.stop(),
                }
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (field, value);
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let problem = if identifier(&account.get_untracked()).is_none() {
            Some(label(|l| &l.invalid_account))
        } else if code.get_untracked().trim().is_empty() {
            Some(label(|l| &l.code_empty))
        } else if !password_ok(&password.get_untracked()) {
            Some(label(|l| &l.password_rule))
        } else if confirm.get_untracked().is_empty() {
            Some(label(|l| &l.confirm_empty))
        } else if confirm.get_untracked() != password.get_untracked() {
            Some(label(|l| &l.mismatch))
        } else {
            None
        };
        if problem.is_some() {
            error.set(problem);
            return;
        }
        error.set(None);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let (field, value) = identifier(&account.get_untracked()).unwrap_or(("mail", String::new()));
            let (mail, mobile) = split_identifier(field, value);
            let body = api::account::ResetPasswordRequest {
                mail,
                mobile,
                valid_code: code.get_untracked().trim().to_string(),
                password: password.get_untracked(),
            };
            if browser::post::<(), _>(api::paths::USER_RESET_PASSWORD, &body, Default::default()).await.is_ok() {
                done.set(true);
                set_timeout(
                    || {
                        let _ = web_sys::window().map(|w| w.location().set_href("/login"));
                    },
                    std::time::Duration::from_secs(3),
                );
            }
            busy.set(false);
        });
    };

    view! {
        <form class="account-form" on:submit=submit novalidate data-testid="forgot-password-form">
            <label>
                <span>{label(|l| &l.account)}</span>
                <input id="forgot-account" type="text" autocomplete="username" maxlength="64" placeholder=label(|l| &l.account_placeholder)
                    data-testid="forgot-account" value={untrack(|| account.get())} prop:value=move || account.get() on:input=move |ev| account.set(event_target_value(&ev)) />
            </label>
            <label>
                <span>{label(|l| &l.code)}</span>
                <span class="account-form__code">
                    <input id="forgot-code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" data-testid="forgot-code"
                        value={untrack(|| code.get())} prop:value=move || code.get() on:input=move |ev| code.set(event_target_value(&ev)) />
                    <button type="button" class="button" disabled=move || { countdown.seconds() > 0 } data-testid="forgot-send-code" on:click=send_code>
                        {move || countdown.label(&label(|l| &l.send_code), &label(|l| &l.resend_in))}
                    </button>
                </span>
            </label>
            <label>
                <span>{label(|l| &l.password)}</span>
                <input id="forgot-password" type="password" autocomplete="new-password" maxlength=PASSWORD_MAX_LENGTH.to_string() data-testid="forgot-password"
                    value={untrack(|| password.get())} prop:value=move || password.get() on:input=move |ev| password.set(event_target_value(&ev)) />
            </label>
            <label>
                <span>{label(|l| &l.confirm)}</span>
                <input id="forgot-confirm" type="password" autocomplete="new-password" maxlength=PASSWORD_MAX_LENGTH.to_string() data-testid="forgot-confirm"
                    value={untrack(|| confirm.get())} prop:value=move || confirm.get() on:input=move |ev| confirm.set(event_target_value(&ev)) />
            </label>
            <p class="account-form__error" role="alert" hidden=move || error.get().is_none()>{move || error.get().unwrap_or_default()}</p>
            <p class="account-form__done" role="status" hidden=move || !done.get()>{label(|l| &l.done)}</p>
            <button type="submit" class="button button--primary" disabled=move || busy.get() data-testid="forgot-submit">{label(|l| &l.submit)}</button>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_mail_or_phone() {
        assert_eq!(identifier(" a@b.co "), Some(("mail", "a@b.co".into())));
        assert_eq!(identifier("a@b.c"), None);
        assert_eq!(identifier("a@b..co"), None);
        assert_eq!(identifier("jos\u{e9}@b.co"), None);
        assert_eq!(identifier("012 345 678"), Some(("mobile", "85512345678".into())));
        assert_eq!(identifier("+85512345678"), Some(("mobile", "85512345678".into())));
        assert_eq!(identifier("12ab"), None);
        assert_eq!(identifier("(012) 345.678"), Some(("mobile", "85512345678".into())));
        assert_eq!(identifier("12345678"), None, "8 digits are too few for the server");
    }

    #[test]
    fn registration_passwords_need_letters_digits_and_symbols() {
        assert!(password_ok("Secret#2024"));
        assert!(!password_ok("secret2024"));
        assert!(!password_ok("S#1"));
        assert!(!password_ok("Secret #2024"));
        // The server takes printable ASCII only.
        assert!(!password_ok("P\u{e4}sswort#2024"));
        assert!(!password_ok("Passwort2024\u{20ac}"));
    }
}
