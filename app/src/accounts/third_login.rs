//! The return of a Google or Facebook sign-in (`/google/callback`, `/oauth-callback`): hands
//! the provider's answer to `POST /thirdLogin`; a bound account is signed in and taken back
//! where it started, a new one gets the bind-email dialog (`PUT /user/sendBindSms`,
//! `POST /bindMailAndThirdLogin`). A failure clears the address query and shows the error.

use super::resend::ResendCountdown;
use api::account::{SOCIAL_FACEBOOK, SOCIAL_GOOGLE};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Length of the bind code.
pub const CODE_LENGTH: usize = 6;

/// Translated texts of the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThirdLoginLabels {
    pub working: String,
    pub signed_in: String,
    pub failed: String,
    pub back: String,
    pub bind_title: String,
    pub bind_text: String,
    pub email: String,
    pub email_placeholder: String,
    pub code: String,
    pub code_placeholder: String,
    pub get_code: String,
    /// Contains `{seconds}`.
    pub resend_in: String,
    pub submit: String,
    pub code_sent: String,
    pub email_invalid: String,
    pub code_empty: String,
    pub bind_success: String,
}

/// The social type of a return path: Google for `/google/callback`, else the stored type
/// (3 or 4), else Facebook.
pub fn social_type(path: &str, stored: Option<&str>) -> i64 {
    if path == "/google/callback" {
        return SOCIAL_GOOGLE;
    }
    match stored.and_then(|s| s.trim().parse::<i64>().ok()) {
        Some(t @ (SOCIAL_GOOGLE | SOCIAL_FACEBOOK)) => t,
        _ => SOCIAL_FACEBOOK,
    }
}

/// Pages a finished sign-in never returns to.
const ENTRY_PAGES: [&str; 5] = ["/login", "/register", "/forget-password", "/google/callback", "/oauth-callback"];

/// Where to go once signed in: the stored path when it is a path of this site (and not a
/// sign-in page), else `/`.
pub fn return_path(stored: Option<&str>) -> String {
    match stored.and_then(api::redirect::safe_redirect) {
        Some(p) if !ENTRY_PAGES.contains(&p.split(['?', '#']).next().unwrap_or_default()) => p.to_string(),
        _ => "/".to_string(),
    }
}

/// An e-mail address whose top-level part has at least 2 letters (spec section 5): the
/// server's rule ([`api::account::is_valid_email`]) on the trimmed input.
pub fn is_valid_email(input: &str) -> bool {
    api::account::is_valid_email(input.trim())
}

/// What the page shows (only the browser moves past `Working`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Stage {
    Working,
    Bind(String),
    Done(String),
    Failed(String),
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ThirdLogin {
    pub labels: ThirdLoginLabels,
}

/// Renders [`ThirdLogin`], as one variant of its group's island (`crate::lazy_islands`).
pub fn third_login(props: ThirdLogin) -> impl IntoView {
    let ThirdLogin { labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |f: fn(&ThirdLoginLabels) -> &String| labels.with_value(|l| f(l).clone());
    let stage = RwSignal::new(Stage::Working);
    let mail = RwSignal::new(String::new());
    let code = RwSignal::new(String::new());
    let mail_error = RwSignal::new(None::<String>);
    let code_error = RwSignal::new(None::<String>);
    let bind_error = RwSignal::new(None::<String>);
    let countdown = ResendCountdown::new();
    let busy = RwSignal::new(false);

    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(browser::exchange(stage, mail, label(|l| &l.failed), label(|l| &l.signed_in)));
    });

    let check_mail = move || {
        let ok = is_valid_email(&mail.get_untracked());
        mail_error.set((!ok).then(|| label(|l| &l.email_invalid)));
        ok
    };

    let get_code = move |_: leptos::ev::MouseEvent| {
        if countdown.is_running() || !check_mail() {
            return;
        }
        countdown.start();
        #[cfg(feature = "hydrate")]
        {
            let body = api::account::SendBindCodeRequest { mail: mail.get_untracked().trim().to_string() };
            let sent = label(|l| &l.code_sent);
            leptos::task::spawn_local(async move {
                use crate::api_client::browser as client;
                match client::put::<Option<serde::de::IgnoredAny>, _>(
                    ::api::paths::USER_SEND_BIND_SMS,
                    &body,
                    Default::default(),
                )
                .await
                {
                    Ok(_) => client::toast(api::bridge::ToastType::Success, &sent, 1500),
                    // The countdown is released when sending fails (spec section 4).
                    Err(_) => countdown.stop(),
                }
            });
        }
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let mail_ok = check_mail();
        let code_ok = !code.get_untracked().trim().is_empty();
        code_error.set((!code_ok).then(|| label(|l| &l.code_empty)));
        let Stage::Bind(login_key) = stage.get_untracked() else { return };
        if !mail_ok || !code_ok {
            return;
        }
        bind_error.set(None);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        {
            let body = api::account::BindMailRequest {
                mail: mail.get_untracked().trim().to_string(),
                valid_code: code.get_untracked().trim().to_string(),
                login_key,
            };
            let (success, failed) = (label(|l| &l.bind_success), label(|l| &l.failed));
            leptos::task::spawn_local(browser::bind(body, stage, bind_error, busy, success, failed));
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = login_key;
    };

    let failed_view = move || match stage.get() {
        Stage::Failed(message) => Some(view! {
            <div class="third-login__error" role="alert" data-testid="third-login-error">
                <p>{message}</p>
                <a href="/login" class="button button--primary">{label(|l| &l.back)}</a>
            </div>
        }),
        _ => None,
    };

    let status = move || match stage.get() {
        Stage::Working => Some(label(|l| &l.working)),
        Stage::Done(text) => Some(text),
        _ => None,
    };

    let bind_view = move || {
        matches!(stage.get(), Stage::Bind(_)).then(|| {
            view! {
                <div class="bind-dialog__mask">
                    <div class="bind-dialog" role="dialog" aria-modal="true" aria-labelledby="bind-dialog-title" data-testid="bind-dialog">
                        <h2 id="bind-dialog-title">{label(|l| &l.bind_title)}</h2>
                        <p>{label(|l| &l.bind_text)}</p>
                        <form class="account-form" on:submit=submit novalidate>
                            <label>
                                <span>{label(|l| &l.email)}</span>
                                <input type="email" autocomplete="email" maxlength="100" data-testid="bind-email"
                                    placeholder=label(|l| &l.email_placeholder)
                                    aria-invalid=move || mail_error.get().map(|_| "true")
                                    value={untrack(|| mail.get())} prop:value=move || mail.get()
                                    on:input=move |ev| { mail.set(event_target_value(&ev)); mail_error.set(None); }
                                    on:blur=move |_| { if !mail.get_untracked().trim().is_empty() { check_mail(); } } />
                            </label>
                            <p class="account-form__error" role="alert" data-testid="bind-email-error" hidden=move || mail_error.get().is_none()>
                                {move || mail_error.get().unwrap_or_default()}
                            </p>
                            <label>
                                <span>{label(|l| &l.code)}</span>
                                <span class="account-form__code">
                                    <input type="text" inputmode="numeric" autocomplete="one-time-code" maxlength=CODE_LENGTH.to_string()
                                        data-testid="bind-code" placeholder=label(|l| &l.code_placeholder)
                                        aria-invalid=move || code_error.get().map(|_| "true")
                                        value={untrack(|| code.get())} prop:value=move || code.get()
                                        on:input=move |ev| {
                                            code.set(event_target_value(&ev).trim().chars().take(CODE_LENGTH).collect());
                                            code_error.set(None);
                                        } />
                                    <button type="button" class="button" data-testid="bind-get-code"
                                        disabled=move || { countdown.seconds() > 0 } on:click=get_code>
                                        {move || countdown.label(&label(|l| &l.get_code), &label(|l| &l.resend_in))}
                                    </button>
                                </span>
                            </label>
                            <p class="account-form__error" role="alert" data-testid="bind-code-error" hidden=move || code_error.get().is_none()>
                                {move || code_error.get().unwrap_or_default()}
                            </p>
                            <p class="account-form__error" role="alert" data-testid="bind-error" hidden=move || bind_error.get().is_none()>
                                {move || bind_error.get().unwrap_or_default()}
                            </p>
                            <button type="submit" class="button button--primary" data-testid="bind-submit" disabled=move || busy.get()>
                                {label(|l| &l.submit)}
                            </button>
                        </form>
                    </div>
                </div>
            }
        })
    };

    view! {
        <div class="third-login">
            <p class="third-login__status" role="status" data-testid="third-login-status">{status}</p>
            {failed_view}
            {bind_view}
        </div>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    //! The browser half: storage, the address bar and the calls.
    use super::*;
    use crate::accounts::social::{BIND_ERROR_KEY, BIND_PAGE, SOCIAL_REDIRECT_KEY, SOCIAL_TYPE_KEY};
    use crate::api_client::{browser as client, ApiFailure};
    use ::api::account::{ThirdLoginData, TokenData};

    fn window() -> web_sys::Window {
        web_sys::window().expect("window")
    }

    fn session_get(key: &str) -> Option<String> {
        window().session_storage().ok().flatten().and_then(|s| s.get_item(key).ok().flatten())
    }

    /// The stored return path; the stored entries are used up.
    fn take_return_path() -> String {
        let path = return_path(session_get(SOCIAL_REDIRECT_KEY).as_deref());
        if let Some(storage) = window().session_storage().ok().flatten() {
            let _ = storage.remove_item(SOCIAL_REDIRECT_KEY);
            let _ = storage.remove_item(SOCIAL_TYPE_KEY);
        }
        path
    }

    /// Signed in: tell the widgets and go back where the sign-in started.
    fn go_back() {
        client::emit(&crate::events::LoggedInDetail::default());
        let _ = window().location().replace(&take_return_path());
    }

    fn failure_text(failure: &ApiFailure, fallback: &str) -> String {
        match failure {
            ApiFailure::Rejected { msg, .. } if !msg.is_empty() => msg.clone(),
            _ => fallback.to_string(),
        }
    }

    /// Shows the error and clears the address query (spec section 8).
    fn fail(stage: RwSignal<Stage>, message: String) {
        let location = window().location();
        let path = location.pathname().unwrap_or_else(|_| "/".into());
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
        stage.set(Stage::Failed(message));
    }

    /// `POST /thirdLogin` with the provider's answer from the address bar.
    pub async fn exchange(stage: RwSignal<Stage>, mail: RwSignal<String>, failed: String, signed_in: String) {
        let location = window().location();
        let path = location.pathname().unwrap_or_default();
        let origin = location.origin().unwrap_or_default();
        let query = location.search().unwrap_or_default().trim_start_matches('?').to_string();
        let body = api::account::ThirdLoginRequest {
            social_type: social_type(&path, session_get(SOCIAL_TYPE_KEY).as_deref()),
            callback_url: format!("{origin}{path}"),
            auth_callback: query,
        };
        let options = client::CallOptions { handle_error: true, silent_auth: true };
        match client::post::<ThirdLoginData, _>(::api::paths::THIRD_LOGIN, &body, options).await {
            Ok(ThirdLoginData { access_token: Some(_), .. }) => {
                stage.set(Stage::Done(signed_in));
                go_back();
            }
            Ok(ThirdLoginData { third_login_vo: Some(vo), .. }) if vo.bind => {
                bind_to_buyer(vo.login_key, body.social_type, &failed).await
            }
            Ok(ThirdLoginData { third_login_vo: Some(vo), .. }) => {
                // The dialog starts from the address the provider returned.
                if let Some(email) = vo.email.filter(|e| !e.trim().is_empty()) {
                    mail.set(email);
                }
                stage.set(Stage::Bind(vo.login_key))
            }
            Ok(_) => fail(stage, failed),
            Err(failure) if binding() => back_to_bind_page(Err(failure_text(&failure, &failed))),
            Err(failure) => fail(stage, failure_text(&failure, &failed)),
        }
    }

    /// The user centre's bind page started this sign-in.
    fn binding() -> bool {
        session_get(SOCIAL_REDIRECT_KEY).as_deref() == Some(BIND_PAGE)
    }

    /// Back to the bind page: with the bound social type, or with the message of the failure
    /// (kept in session storage for the page to show).
    fn back_to_bind_page(outcome: Result<i64, String>) {
        let _ = take_return_path();
        let target = match outcome {
            Ok(social_type) => format!("{}?bound={social_type}", BIND_PAGE),
            Err(message) => {
                if let Some(storage) = window().session_storage().ok().flatten() {
                    let _ = storage.set_item(BIND_ERROR_KEY, &message);
                }
                BIND_PAGE.to_string()
            }
        };
        let _ = window().location().replace(&target);
    }

    /// `POST /user/registerOrBindUser`: the provider account becomes the signed-in buyer's
    /// (started by the user centre's bind page); then back there.
    async fn bind_to_buyer(login_key: String, social_type: i64, failed: &str) {
        let body = api::account::RegisterOrBindRequest { login_key };
        let options = client::CallOptions { handle_error: true, silent_auth: false };
        let bound =
            client::post::<Option<serde::de::IgnoredAny>, _>(::api::paths::USER_REGISTER_OR_BIND_USER, &body, options)
                .await;
        back_to_bind_page(bound.map(|_| social_type).map_err(|failure| failure_text(&failure, failed)));
    }

    /// `POST /bindMailAndThirdLogin`: signed in, or the error in the dialog.
    pub async fn bind(
        body: api::account::BindMailRequest,
        stage: RwSignal<Stage>,
        bind_error: RwSignal<Option<String>>,
        busy: RwSignal<bool>,
        success: String,
        failed: String,
    ) {
        let options = client::CallOptions { handle_error: true, silent_auth: true };
        match client::post::<TokenData, _>(::api::paths::BIND_MAIL_AND_THIRD_LOGIN, &body, options).await {
            Ok(_) => {
                client::toast(api::bridge::ToastType::Success, &success, 1500);
                stage.set(Stage::Done(success));
                set_timeout(go_back, std::time::Duration::from_millis(800));
            }
            Err(failure) => {
                bind_error.set(Some(failure_text(&failure, &failed)));
                busy.set(false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn social_type_follows_the_return_path() {
        assert_eq!(social_type("/google/callback", Some("4")), SOCIAL_GOOGLE);
        assert_eq!(social_type("/oauth-callback", Some("3")), SOCIAL_GOOGLE);
        assert_eq!(social_type("/oauth-callback", Some("4")), SOCIAL_FACEBOOK);
        assert_eq!(social_type("/oauth-callback", Some("9")), SOCIAL_FACEBOOK);
        assert_eq!(social_type("/oauth-callback", None), SOCIAL_FACEBOOK);
    }

    #[test]
    fn only_same_site_paths_are_followed() {
        assert_eq!(return_path(Some("/cart?x=1")), "/cart?x=1");
        assert_eq!(return_path(Some("//evil.example")), "/");
        assert_eq!(return_path(Some("/\\evil.example")), "/");
        assert_eq!(return_path(Some("https://evil.example")), "/");
        assert_eq!(return_path(Some("/\t/evil.example")), "/");
        assert_eq!(return_path(Some("/%0A/evil.example")), "/");
        assert_eq!(return_path(None), "/");
        assert_eq!(return_path(Some("/login?redirect=/cart")), "/");
        assert_eq!(return_path(Some("/google/callback")), "/");
    }

    #[test]
    fn emails_need_a_top_level_part_of_two_letters() {
        assert!(is_valid_email(" buyer@shop.kh "));
        assert!(is_valid_email("a.b+c@mail.example.com"));
        assert!(!is_valid_email("a@b"));
        assert!(!is_valid_email("a@b.c"));
        assert!(!is_valid_email("a@b.c1"));
        assert!(!is_valid_email("@b.co"));
        assert!(!is_valid_email("a b@c.co"));
        assert!(!is_valid_email("a@-b.co"));
        assert!(!is_valid_email(&format!("{}@shop.kh", "a".repeat(65))));
    }
}
