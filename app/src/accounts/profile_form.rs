//! The [`ProfileForm`] island of `/user-center/uc-account` (`crate::accounts::profile`): the
//! nickname (spec section 5: at most 15 characters, not empty, not all spaces) saved with
//! `PUT /p/user/setUserInfo` together with the avatar's path, which the `image-upload` widget
//! reports through `mall:images-changed`. After a save the page is loaded again (`?saved=1`).

use crate::components::texts::Texts;
use api::users::NICKNAME_MAX_CHARS;
use leptos::prelude::*;

/// The nickname's problem (spec section 5), as the Fluent key of its message, or `None`.
pub fn nickname_problem(nick: &str) -> Option<&'static str> {
    api::users::nickname_problem(nick)
}

/// The nickname field and the save button; the avatar's path comes from the widget's event.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ProfileForm {
    pub texts: Texts,
    pub nick_name: String,
    pub pic: Option<String>,
}

/// Renders [`ProfileForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn profile_form(props: ProfileForm) -> impl IntoView {
    let ProfileForm { texts, nick_name, pic } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    // A nickname typed before the island hydrated stands (`typed_or`).
    let nick = RwSignal::new(crate::components::typed_or("uc-nickname", nick_name));
    let pic = RwSignal::new(pic);
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    // The avatar widget's uploaded path (its field `pic`).
    crate::components::pictures::listen_pictures("pic", move |paths| {
        let _ = pic.try_set(paths.into_iter().next());
    });
    let check = move || {
        let problem = nickname_problem(&nick.get_untracked()).map(|key| match key {
            "error-nickname-too-long" => texts.with_value(|t| t.fill(key, "max", &NICKNAME_MAX_CHARS.to_string())),
            key => t(key),
        });
        error.set(problem.clone());
        problem.is_none()
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() || !check() {
            return;
        }
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(browser::save(nick.get_untracked(), pic.get_untracked(), error, busy));
    };
    view! {
        <form class="uc-form" on:submit=submit novalidate data-testid="uc-profile-form">
            <div class="uc-form-row">
                <label class="uc-form-row__label" for="uc-nickname">{t("uc-account-nickname")}</label>
                <div class="uc-form-row__field">
                    <input id="uc-nickname" type="text" maxlength=NICKNAME_MAX_CHARS.to_string() autocomplete="nickname"
                        data-testid="uc-nickname-input" aria-describedby="uc-nickname-hint uc-nickname-error"
                        aria-invalid=move || error.get().map(|_| "true")
                        value={untrack(|| nick.get())} prop:value=move || nick.get()
                        on:input=move |ev| { nick.set(event_target_value(&ev)); error.set(None); }
                        on:blur=move |_| { if !nick.get_untracked().is_empty() { check(); } } />
                    <p class="uc-form-row__hint" id="uc-nickname-hint">{t("uc-account-nickname-hint")}</p>
                    <p class="uc-form-row__error" id="uc-nickname-error" role="alert" data-testid="uc-nickname-error" hidden=move || error.get().is_none()>
                        {move || error.get().unwrap_or_default()}
                    </p>
                </div>
            </div>
            <div class="uc-form-row uc-form-row--actions">
                <span class="uc-form-row__label"></span>
                <div class="uc-form-row__field">
                    <button type="submit" class="button button--primary" data-testid="uc-profile-save" disabled=move || busy.get()>
                        {move || if busy.get() { t("uc-account-saving") } else { t("uc-account-save") }}
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

    /// Saves; on success the page comes again with the server's new profile.
    pub async fn save(nick: String, pic: Option<String>, error: RwSignal<Option<String>>, busy: RwSignal<bool>) {
        let body = api::users::UserInfoParam { nick_name: nick.trim().to_string(), pic: Some(pic.unwrap_or_default()) };
        let options = client::CallOptions { handle_error: true, silent_auth: false };
        match client::put::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_SET_USER_INFO, &body, options).await {
            Ok(_) => {
                let _ = web_sys::window().map(|w| w.location().set_href("/user-center/uc-account?saved=1"));
            }
            Err(failure) => {
                if let ApiFailure::Rejected { msg, .. } = failure {
                    error.set(Some(msg));
                }
                busy.set(false);
            }
        }
    }
}
