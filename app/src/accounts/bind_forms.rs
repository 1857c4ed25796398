//! The islands of `/user-center/uc-bind` (`crate::accounts::bind`): [`ContactBind`], the
//! e-mail or the phone bound or changed by a one-time code sent to the new address
//! (`/p/user/sendBindCode`, `PUT /p/user/bindAccount`), and [`SocialBind`], the Google and
//! Facebook accounts bound through the provider (`/p/user/bindSocialUrl`) or unbound
//! (`/p/user/unbindSocial`).

use crate::accounts::resend::ResendCountdown;
use crate::accounts::social::social_name_key;
use crate::components::texts::Texts;
use api::account::SOCIAL_GOOGLE;
use api::users::SocialBinding;
use leptos::prelude::*;

/// The phone as the server takes it: the one phone rule of the api crate (a leading 0
/// standing for Cambodia's 855, a leading `+` dropped, separators dropped).
pub use api::account::phone_digits;

/// One address (the e-mail, or the phone): shown masked, and a form to bind a new one.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ContactBind {
    pub texts: Texts,
    pub mail: bool,
    pub current: Option<String>,
}

/// Renders [`ContactBind`], as one variant of its group's island (`crate::lazy_islands`).
pub fn contact_bind(props: ContactBind) -> impl IntoView {
    let ContactBind { texts, mail, current } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let kind = if mail { "mail" } else { "mobile" };
    let open = RwSignal::new(false);
    // What was typed before the island hydrated stands (`typed_or`).
    let address = RwSignal::new(crate::components::typed_or(&format!("uc-bind-{kind}-address"), ""));
    let code = RwSignal::new(crate::components::typed_or(&format!("uc-bind-{kind}-code"), ""));
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let countdown = ResendCountdown::new();
    let has_current = current.is_some();

    // The address as the server takes it, or the message of what is wrong with it.
    let checked = move || -> Result<String, String> {
        let typed = address.get_untracked();
        if mail {
            let typed = typed.trim().to_string();
            if api::account::is_valid_email(&typed) {
                Ok(typed)
            } else {
                Err(t("uc-bind-invalid-mail"))
            }
        } else {
            phone_digits(&typed).ok_or_else(|| t("uc-bind-invalid-phone"))
        }
    };

    let send_code = move |_: leptos::ev::MouseEvent| {
        if countdown.is_running() {
            return;
        }
        match checked() {
            Err(message) => error.set(Some(message)),
            Ok(value) => {
                error.set(None);
                countdown.start();
                #[cfg(feature = "hydrate")]
                leptos::task::spawn_local(browser::send_code(
                    mail,
                    value,
                    t("uc-password-code-sent"),
                    countdown,
                    error,
                ));
                #[cfg(not(feature = "hydrate"))]
                let _ = value;
            }
        }
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let value = match checked() {
            Ok(value) => value,
            Err(message) => return error.set(Some(message)),
        };
        if code.get_untracked().trim().is_empty() {
            return error.set(Some(t("uc-password-code-empty")));
        }
        error.set(None);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(browser::bind(mail, value, code.get_untracked().trim().to_string(), error, busy));
        #[cfg(not(feature = "hydrate"))]
        let _ = value;
    };

    let id = |part: &str| format!("uc-bind-{kind}-{part}");
    view! {
        <div class="uc-bind__contact" data-testid=format!("uc-bind-{kind}")>
            <span class="uc-bind__value" class:uc-contact--none=!has_current data-testid=id("current")>
                {current.clone().unwrap_or_else(|| t("uc-bind-not-bound"))}
            </span>
            <button type="button" class="link-button uc-bind__toggle" data-testid=id("open") aria-expanded=move || open.get().to_string()
                aria-controls=id("form") on:click=move |_| { open.update(|o| *o = !*o); error.set(None); }>
                {move || if open.get() { t("uc-bind-cancel") } else if has_current { t("uc-bind-change") } else { t("uc-bind-bind") }}
            </button>
            <form class="uc-form uc-bind__form" id=id("form") on:submit=submit novalidate hidden=move || !open.get()>
                <div class="uc-form-row">
                    <label class="uc-form-row__label" for=id("address")>{t(if mail { "uc-bind-new-mail" } else { "uc-bind-new-phone" })}</label>
                    <div class="uc-form-row__field">
                        <input id=id("address") type=if mail { "email" } else { "tel" } autocomplete=if mail { "email" } else { "tel" }
                            maxlength=if mail { "100" } else { "20" } data-testid=id("address")
                            placeholder=t(if mail { "uc-bind-mail-placeholder" } else { "uc-bind-phone-placeholder" })
                            value={untrack(|| address.get())} prop:value=move || address.get() on:input=move |ev| { address.set(event_target_value(&ev)); error.set(None); } />
                    </div>
                </div>
                <div class="uc-form-row">
                    <label class="uc-form-row__label" for=id("code")>{t("uc-password-code")}</label>
                    <div class="uc-form-row__field account-form__code">
                        <input id=id("code") type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" data-testid=id("code")
                            value={untrack(|| code.get())} prop:value=move || code.get() on:input=move |ev| { code.set(event_target_value(&ev)); error.set(None); } />
                        <button type="button" class="button" data-testid=id("send-code") disabled=move || { countdown.seconds() > 0 } on:click=send_code>
                            {move || countdown.label(&t("uc-password-send-code"), &t("uc-password-resend-in"))}
                        </button>
                    </div>
                </div>
                <div class="uc-form-row">
                    <span class="uc-form-row__label"></span>
                    <div class="uc-form-row__field">
                        <p class="uc-form-row__error" role="alert" data-testid=id("error") hidden=move || error.get().is_none()>
                            {move || error.get().unwrap_or_default()}
                        </p>
                        <button type="submit" class="button button--primary" data-testid=id("submit") disabled=move || busy.get()>
                            {move || if busy.get() { t("uc-bind-saving") } else { t("uc-bind-submit") }}
                        </button>
                    </div>
                </div>
            </form>
        </div>
    }
}

/// The Google and Facebook accounts: bound or not, bind (through the provider) or unbind.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct SocialBind {
    pub texts: Texts,
    pub socials: Vec<SocialBinding>,
}

/// Renders [`SocialBind`], as one variant of its group's island (`crate::lazy_islands`).
pub fn social_bind(props: SocialBind) -> impl IntoView {
    let SocialBind { texts, socials } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    Effect::new(move |_| {
        // A binding that failed on the return page left its message here.
        #[cfg(feature = "hydrate")]
        if let Some(message) = browser::take_bind_error() {
            error.set(Some(message));
        }
    });
    let act = move |social_type: i64, bound: bool| {
        if busy.get_untracked() {
            return;
        }
        #[cfg(feature = "hydrate")]
        {
            if bound {
                let name = t(social_name_key(social_type));
                let question = t("uc-bind-social-confirm").replace("{name}", &name);
                if !web_sys::window().and_then(|w| w.confirm_with_message(&question).ok()).unwrap_or(false) {
                    return;
                }
            }
            busy.set(true);
            error.set(None);
            leptos::task::spawn_local(browser::social(social_type, bound, error, busy));
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (social_type, bound);
    };
    view! {
        <ul class="uc-bind__list" data-testid="uc-bind-socials">
            {socials.into_iter().map(|s| {
                let name = t(social_name_key(s.social_type));
                let testid = if s.social_type == SOCIAL_GOOGLE { "uc-bind-social-google" } else { "uc-bind-social-facebook" };
                view! {
                    <li class="uc-bind__item" data-testid=testid data-bound=s.bound.to_string()>
                        <span class="uc-bind__name">{name}</span>
                        <span class="uc-bind__contact">
                            <span class="uc-bind__value" class:uc-contact--none=!s.bound>
                                {if s.bound { t("uc-bind-social-bound") } else { t("uc-bind-social-unbound") }}
                            </span>
                            {if s.available || s.bound {
                                view! {
                                    <button type="button" class="link-button uc-bind__toggle" disabled=move || busy.get()
                                        on:click=move |_| act(s.social_type, s.bound)>
                                        {if s.bound { t("uc-bind-social-unbind") } else { t("uc-bind-social-bind") }}
                                    </button>
                                }.into_any()
                            } else {
                                view! { <span class="uc-bind__unavailable">{t("uc-bind-social-unavailable")}</span> }.into_any()
                            }}
                        </span>
                    </li>
                }
            }).collect_view()}
        </ul>
        <p class="uc-form-row__error" role="alert" data-testid="uc-bind-social-error" hidden=move || error.get().is_none()>
            {move || error.get().unwrap_or_default()}
        </p>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::*;
    use crate::accounts::social::{callback_path, BIND_ERROR_KEY, BIND_PAGE, SOCIAL_REDIRECT_KEY, SOCIAL_TYPE_KEY};
    use crate::api_client::{browser as client, ApiFailure};

    fn options() -> client::CallOptions {
        client::CallOptions { handle_error: true, silent_auth: false }
    }

    fn window() -> web_sys::Window {
        web_sys::window().expect("window")
    }

    fn show(error: RwSignal<Option<String>>, failure: ApiFailure) {
        if let ApiFailure::Rejected { msg, .. } = failure {
            error.set(Some(msg));
        }
    }

    fn contact(mail: bool, value: String) -> (Option<String>, Option<String>) {
        if mail {
            (Some(value), None)
        } else {
            (None, Some(value))
        }
    }

    pub async fn send_code(
        mail: bool,
        value: String,
        sent: String,
        countdown: ResendCountdown,
        error: RwSignal<Option<String>>,
    ) {
        let (mail_value, mobile) = contact(mail, value);
        let body = api::users::BindCodeParam { mail: mail_value, mobile };
        match client::post::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_SEND_BIND_CODE, &body, options()).await
        {
            Ok(_) => client::toast(api::bridge::ToastType::Success, &sent, 1500),
            Err(failure) => {
                countdown.stop();
                show(error, failure);
            }
        }
    }

    pub async fn bind(mail: bool, value: String, code: String, error: RwSignal<Option<String>>, busy: RwSignal<bool>) {
        let (mail_value, mobile) = contact(mail, value);
        let body = api::users::BindAccountParam { mail: mail_value, mobile, valid_code: code };
        match client::put::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_BIND_ACCOUNT, &body, options()).await {
            Ok(_) => {
                let saved = if mail { "mail" } else { "mobile" };
                let _ = window().location().set_href(&format!("/user-center/uc-bind?saved={saved}"));
            }
            Err(failure) => {
                show(error, failure);
                busy.set(false);
            }
        }
    }

    /// The message a failed binding left on the return page, taken out of storage.
    pub fn take_bind_error() -> Option<String> {
        let storage = window().session_storage().ok().flatten()?;
        let message = storage.get_item(BIND_ERROR_KEY).ok().flatten();
        let _ = storage.remove_item(BIND_ERROR_KEY);
        message.filter(|m| !m.is_empty())
    }

    /// Unbinds (then the page again), or leaves for the provider to bind.
    pub async fn social(social_type: i64, bound: bool, error: RwSignal<Option<String>>, busy: RwSignal<bool>) {
        if bound {
            let body = api::users::UnbindSocialParam { social_type };
            match client::post::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_UNBIND_SOCIAL, &body, options())
                .await
            {
                Ok(_) => {
                    let _ = window().location().reload();
                }
                Err(failure) => {
                    show(error, failure);
                    busy.set(false);
                }
            }
            return;
        }
        if let Some(storage) = window().session_storage().ok().flatten() {
            let _ = storage.set_item(SOCIAL_TYPE_KEY, &social_type.to_string());
            let _ = storage.set_item(SOCIAL_REDIRECT_KEY, BIND_PAGE);
        }
        let origin = window().location().origin().unwrap_or_default();
        let query = [
            ("socialType", social_type.to_string()),
            ("callbackUrl", format!("{origin}{}", callback_path(social_type))),
        ];
        match client::get::<String>(api::paths::USER_BIND_SOCIAL_URL, &query, options()).await {
            Ok(url) if url.starts_with('/') || url.starts_with("https://") || url.starts_with("http://") => {
                let _ = window().location().set_href(&url);
            }
            Ok(_) => busy.set(false),
            Err(failure) => {
                show(error, failure);
                busy.set(false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_taken_as_the_server_takes_them() {
        assert_eq!(phone_digits("012 345 678").as_deref(), Some("85512345678"));
        assert_eq!(phone_digits("+855 12-345-678").as_deref(), Some("85512345678"));
        assert_eq!(phone_digits("(086) 1234 5678").as_deref(), Some("8558612345678"));
        assert_eq!(phone_digits("12ab"), None);
        assert_eq!(phone_digits("12345"), None);
        assert_eq!(phone_digits(""), None);
    }
}
