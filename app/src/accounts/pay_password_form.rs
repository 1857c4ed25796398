//! The [`PayPasswordForm`] island of `/user-center/uc-pay-password`
//! (`crate::accounts::pay_password`): the payment password (exactly 6 digits, spec section 5)
//! set, changed with the current one, or reset with a one-time code.

use crate::accounts::resend::{send_security_code, ResendCountdown};
use crate::components::texts::Texts;
use crate::components::typed_or;
use api::payments::PAY_PASSWORD_DIGITS;
use leptos::prelude::*;

/// What the form does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// No payment password yet.
    Set,
    /// With the current payment password.
    Change,
    /// With a code to the bound e-mail or phone.
    Reset,
}

/// The digits of what was typed (anything else is dropped), at most six.
pub fn digits(input: &str) -> String {
    input.chars().filter(char::is_ascii_digit).take(PAY_PASSWORD_DIGITS).collect()
}

/// The Fluent key of what is wrong with a new payment password and its confirmation, or `None`.
pub fn pay_password_problem(password: &str, confirm: &str) -> Option<&'static str> {
    if password.len() != PAY_PASSWORD_DIGITS || !password.bytes().all(|b| b.is_ascii_digit()) {
        Some("uc-pay-password-rule")
    } else if confirm != password {
        Some("uc-password-mismatch")
    } else {
        None
    }
}

/// Set, change or reset the payment password, as the account allows.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct PayPasswordForm {
    pub texts: Texts,
    pub has_pay_password: bool,
    pub has_password: bool,
    pub mail: Option<String>,
    pub mobile: Option<String>,
}

/// Renders [`PayPasswordForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn pay_password_form(props: PayPasswordForm) -> impl IntoView {
    let PayPasswordForm { texts, has_pay_password, has_password, mail, mobile } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let has = RwSignal::new(has_pay_password);
    let mode = RwSignal::new(if has_pay_password { Mode::Change } else { Mode::Set });
    // What was typed before the island hydrated stands (`typed_or`), as the fields take it. The
    // code is asked for in the reset mode only, which a tab of the island opens.
    let sign_in = RwSignal::new(typed_or("uc-pay-sign-in", ""));
    let current = RwSignal::new(digits(&typed_or("uc-pay-current", "")));
    let password = RwSignal::new(digits(&typed_or("uc-pay-new", "")));
    let confirm = RwSignal::new(digits(&typed_or("uc-pay-confirm", "")));
    let code = RwSignal::new(String::new());
    let target = RwSignal::new(if mail.is_some() { "mail" } else { "mobile" });
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let countdown = ResendCountdown::new();
    let no_contact = mail.is_none() && mobile.is_none();

    let choose = move |m: Mode| {
        mode.set(m);
        error.set(None);
        done.set(false);
        for s in [sign_in, current, password, confirm, code] {
            s.set(String::new());
        }
    };

    let send_code = move |_: leptos::ev::MouseEvent| {
        let purpose = api::users::code_purpose::PAY_PASSWORD;
        send_security_code(purpose, target.get_untracked(), t("uc-password-code-sent"), countdown, error);
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let m = mode.get_untracked();
        let problem = match m {
            Mode::Set if has_password && sign_in.get_untracked().is_empty() => Some("uc-password-current-empty"),
            Mode::Change if current.get_untracked().len() != PAY_PASSWORD_DIGITS => Some("uc-pay-password-rule"),
            Mode::Reset if code.get_untracked().trim().is_empty() => Some("uc-password-code-empty"),
            _ => pay_password_problem(&password.get_untracked(), &confirm.get_untracked()),
        };
        if let Some(key) = problem {
            error.set(Some(t(key)));
            return;
        }
        error.set(None);
        done.set(false);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        {
            let call = match m {
                Mode::Set => browser::Call::Set(api::payments::PayPasswordParam {
                    pay_password: password.get_untracked(),
                    password: sign_in.get_untracked(),
                }),
                Mode::Change => browser::Call::Change(api::users::UpdatePayPasswordParam {
                    old_pay_password: current.get_untracked(),
                    pay_password: password.get_untracked(),
                }),
                Mode::Reset => browser::Call::Reset(api::users::ResetPayPasswordParam {
                    target: target.get_untracked().to_string(),
                    valid_code: code.get_untracked().trim().to_string(),
                    pay_password: password.get_untracked(),
                }),
            };
            leptos::task::spawn_local(async move {
                if browser::submit(call, error, busy).await {
                    choose(Mode::Change);
                    has.set(true);
                    done.set(true);
                }
            });
        }
    };

    let digits_field = move |id: &'static str, key: &'static str, signal: RwSignal<String>| {
        view! {
            <div class="uc-form-row">
                <label class="uc-form-row__label" for=id>{t(key)}</label>
                <div class="uc-form-row__field">
                    <input id=id class="uc-pay-digits" type="password" inputmode="numeric" pattern="[0-9]*" autocomplete="off"
                        maxlength=PAY_PASSWORD_DIGITS.to_string() data-testid=id aria-describedby="uc-pay-password-error"
                        value={untrack(|| signal.get())} prop:value=move || signal.get()
                        on:input=move |ev| { signal.set(digits(&event_target_value(&ev))); error.set(None); } />
                </div>
            </div>
        }
    };

    let tab = move |m: Mode, key: &'static str, testid: &'static str| {
        view! {
            <button type="button" role="tab" class="tabs__tab" class:is-current=move || mode.get() == m
                aria-selected=move || if mode.get() == m { "true" } else { "false" } data-testid=testid on:click=move |_| choose(m)>
                {t(key)}
            </button>
        }
    };
    let mail_label = mail.clone().unwrap_or_default();
    let mobile_label = mobile.clone().unwrap_or_default();

    view! {
        <p class="uc-pay-status" data-testid="uc-pay-password-status">
            {move || if has.get() { t("uc-pay-password-status-set") } else { t("uc-pay-password-status-unset") }}
        </p>
        <div class="tabs" role="tablist">
            {move || if has.get() {
                view! { {tab(Mode::Change, "uc-pay-password-mode-change", "uc-pay-mode-change")} }.into_any()
            } else {
                view! { {tab(Mode::Set, "uc-pay-password-mode-set", "uc-pay-mode-set")} }.into_any()
            }}
            {tab(Mode::Reset, "uc-pay-password-mode-reset", "uc-pay-mode-reset")}
        </div>
        <form class="uc-form" on:submit=submit novalidate data-testid="uc-pay-password-form">
            <Show when=move || mode.get() == Mode::Set && has_password>
                <div class="uc-form-row">
                    <label class="uc-form-row__label" for="uc-pay-sign-in">{t("uc-pay-password-sign-in")}</label>
                    <div class="uc-form-row__field">
                        <input id="uc-pay-sign-in" type="password" autocomplete="current-password" maxlength="64" data-testid="uc-pay-sign-in"
                            value={untrack(|| sign_in.get())} prop:value=move || sign_in.get() on:input=move |ev| { sign_in.set(event_target_value(&ev)); error.set(None); } />
                    </div>
                </div>
            </Show>
            <Show when=move || mode.get() == Mode::Change>
                {digits_field("uc-pay-current", "uc-pay-password-current", current)}
            </Show>
            <Show when=move || mode.get() == Mode::Reset>
                {no_contact.then(|| view! { <p class="uc-notice" role="status">{t("uc-password-no-contact")}</p> })}
                <fieldset class="uc-form-row uc-choice">
                    <legend class="uc-form-row__label">{t("uc-password-send-to")}</legend>
                    <div class="uc-form-row__field">
                        {(!mail_label.is_empty()).then(|| { let l = mail_label.clone(); view! {
                            <label class="uc-choice__option"><input type="radio" name="uc-pay-target" value="mail"
                                checked={untrack(|| target.get() == "mail")} prop:checked=move || target.get() == "mail" on:change=move |_| target.set("mail") />" "{l}</label>
                        }})}
                        {(!mobile_label.is_empty()).then(|| { let l = mobile_label.clone(); view! {
                            <label class="uc-choice__option"><input type="radio" name="uc-pay-target" value="mobile"
                                checked={untrack(|| target.get() == "mobile")} prop:checked=move || target.get() == "mobile" on:change=move |_| target.set("mobile") />" "{l}</label>
                        }})}
                    </div>
                </fieldset>
                <div class="uc-form-row">
                    <label class="uc-form-row__label" for="uc-pay-code">{t("uc-password-code")}</label>
                    <div class="uc-form-row__field account-form__code">
                        <input id="uc-pay-code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" data-testid="uc-pay-code"
                            value={untrack(|| code.get())} prop:value=move || code.get() on:input=move |ev| { code.set(event_target_value(&ev)); error.set(None); } />
                        <button type="button" class="button" data-testid="uc-pay-send-code" disabled=move || { no_contact || countdown.seconds() > 0 } on:click=send_code>
                            {move || countdown.label(&t("uc-password-send-code"), &t("uc-password-resend-in"))}
                        </button>
                    </div>
                </div>
            </Show>
            {digits_field("uc-pay-new", "uc-pay-password-new", password)}
            {digits_field("uc-pay-confirm", "uc-pay-password-confirm", confirm)}
            <div class="uc-form-row">
                <span class="uc-form-row__label"></span>
                <div class="uc-form-row__field">
                    <p class="uc-form-row__hint">{t("uc-pay-password-rule")}</p>
                    <p class="uc-form-row__error" id="uc-pay-password-error" role="alert" data-testid="uc-pay-password-error" hidden=move || error.get().is_none()>
                        {move || error.get().unwrap_or_default()}
                    </p>
                    <p class="uc-notice uc-notice--success" role="status" data-testid="uc-pay-password-done" hidden=move || !done.get()>
                        {t("uc-pay-password-done")}
                    </p>
                    <button type="submit" class="button button--primary" data-testid="uc-pay-password-submit" disabled=move || busy.get()>
                        {move || if busy.get() { t("uc-password-saving") } else { t("uc-pay-password-submit") }}
                    </button>
                </div>
            </div>
        </form>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::*;
    use crate::api_client::{browser as client, ApiFailure};

    pub enum Call {
        Set(api::payments::PayPasswordParam),
        Change(api::users::UpdatePayPasswordParam),
        Reset(api::users::ResetPayPasswordParam),
    }

    fn options() -> client::CallOptions {
        client::CallOptions { handle_error: true, silent_auth: false }
    }

    /// Sends the call; whether it was accepted (else its message is shown).
    pub async fn submit(call: Call, error: RwSignal<Option<String>>, busy: RwSignal<bool>) -> bool {
        type Ignored = Option<serde::de::IgnoredAny>;
        let result = match &call {
            Call::Set(body) => client::put::<Ignored, _>(api::paths::USER_PAY_PASSWORD, body, options()).await,
            Call::Change(body) => {
                client::put::<Ignored, _>(api::paths::USER_UPDATE_PAY_PASSWORD, body, options()).await
            }
            Call::Reset(body) => client::put::<Ignored, _>(api::paths::USER_RESET_PAY_PASSWORD, body, options()).await,
        };
        busy.set(false);
        match result {
            Ok(_) => true,
            Err(failure) => {
                if let ApiFailure::Rejected { msg, .. } = failure {
                    error.set(Some(msg));
                }
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_passwords_are_six_digits_typed_twice() {
        assert_eq!(digits("12a3 4-56789"), "123456");
        assert_eq!(digits("１２３"), "");
        assert_eq!(pay_password_problem("12345", "12345"), Some("uc-pay-password-rule"));
        assert_eq!(pay_password_problem("123456", "123457"), Some("uc-password-mismatch"));
        assert_eq!(pay_password_problem("123456", "123456"), None);
    }
}
