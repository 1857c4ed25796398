//! `/user-center/uc-account`: the nickname and the avatar (spec section 5: nickname at most 15
//! characters, not empty, not all spaces; avatar up to 2 MB, compressed in the browser), saved
//! with `PUT /p/user/setUserInfo`, and the bound e-mail and phone shown masked.
//!
//! The avatar is the `image-upload` React widget (kind `avatar`); the [`ProfileForm`] island
//! hears its uploaded path through `mall:images-changed` and saves it with the nickname. After
//! a save the page is loaded again (`?saved=1`), so the header's nickname and every avatar of
//! the page are the server's new ones.
//!
//! [`Texts`] is how the user centre's islands of this part receive their translated texts.

#[cfg(feature = "ssr")]
use crate::api_client::ApiClient;
#[cfg(feature = "ssr")]
use crate::components::page_meta::PageMeta;
#[cfg(feature = "ssr")]
use crate::context::{page_ctx, PageCtx};
#[cfg(feature = "ssr")]
use crate::lazy_islands::{SettingsIsland, SettingsPart};
#[cfg(feature = "ssr")]
use crate::url::query_param;
#[cfg(feature = "ssr")]
use api::bridge::{widget_props, ImageUploadProps, UploadKind};
use api::users::NICKNAME_MAX_CHARS;
#[cfg(feature = "ssr")]
use api::users::{AccountInfo, AVATAR_MAX_BYTES};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The suffix of the key under which [`Texts`] keeps a text's form for the count 1.
const ONE_FORM: &str = "#one";

/// Translated texts handed to an island, by Fluent key (a `{name}` stays for the island to
/// fill in).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Texts(pub BTreeMap<String, String>);

impl Texts {
    /// The texts of `keys` in the page's language; `(key, name)` keeps the placeable `{name}`.
    #[cfg(feature = "ssr")]
    pub fn of(ctx: &PageCtx, keys: &[&str], with_slot: &[(&str, &str)]) -> Self {
        let mut texts: BTreeMap<String, String> = keys.iter().map(|k| (k.to_string(), ctx.t(k))).collect();
        for (key, name) in with_slot {
            let counted = crate::i18n::count_text(ctx.lang(), key, name);
            if let Some(one) = counted.one {
                texts.insert(format!("{key}{ONE_FORM}"), one);
            }
            texts.insert(key.to_string(), counted.other);
        }
        Texts(texts)
    }

    /// The text of `key` (the key itself if it was not handed over).
    pub fn get(&self, key: &str) -> String {
        self.0.get(key).cloned().unwrap_or_else(|| key.to_string())
    }

    /// The text of `key` with `{name}` filled in.
    pub fn fill(&self, key: &str, name: &str, value: &str) -> String {
        self.get(key).replace(&format!("{{{name}}}"), value)
    }

    /// The text of `key` with the count `{name}` filled in, in the form the count takes
    /// (`1 day in a row`, `2 days in a row`; see [`i18n::CountText`]).
    pub fn fill_count(&self, key: &str, name: &str, count: i64) -> String {
        let one = self.0.get(&format!("{key}{ONE_FORM}")).cloned();
        i18n::CountText { other: self.get(key), one, zero: None }.fill(name, count)
    }
}

#[cfg(feature = "ssr")]
/// The account facts of the page, or `None` when the call failed (the layout already sent
/// guests to /login).
pub async fn account_info(client: &ApiClient) -> Option<AccountInfo> {
    client.get::<AccountInfo>(api::paths::USER_ACCOUNT_INFO, &[]).await.ok()
}

/// The nickname's problem (spec section 5), as the Fluent key of its message, or `None`.
pub fn nickname_problem(nick: &str) -> Option<&'static str> {
    api::users::nickname_problem(nick)
}

#[cfg(feature = "ssr")]
/// The JSON `data-props` of the avatar's image-upload widget.
pub fn avatar_widget_props(pic: Option<&str>) -> String {
    let value = pic.filter(|p| !p.trim().is_empty()).map(str::to_string).into_iter().collect();
    widget_props(&ImageUploadProps {
        field: "pic".into(),
        kind: UploadKind::Avatar,
        label: None,
        max: 1,
        max_bytes: Some(AVATAR_MAX_BYTES),
        value,
    })
}

#[cfg(feature = "ssr")]
/// A masked address, or "Not bound" with the way to bind it.
fn contact_row(ctx: &PageCtx, label: &str, value: Option<String>, testid: &'static str) -> impl IntoView {
    let bound = value.is_some();
    view! {
        <div class="uc-contact">
            <dt>{ctx.t(label)}</dt>
            <dd>
                <span data-testid=testid class:uc-contact--none=!bound>
                    {value.unwrap_or_else(|| ctx.t("uc-account-not-bound"))}
                </span>
                <a class="uc-contact__link" href="/user-center/uc-bind">
                    {ctx.t(if bound { "uc-account-change" } else { "uc-account-bind" })}
                </a>
            </dd>
        </div>
    }
}

#[cfg(feature = "ssr")]
#[component]
pub fn AccountPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    let saved = query_param(&ctx.prefs.query, "saved").is_some();
    view! {
        <PageMeta title=ctx.t("uc-nav-account") description=String::new() canonical="/user-center/uc-account".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-account-title")}</h1>
        {saved.then(|| view! { <p class="uc-notice uc-notice--success" role="status" data-testid="uc-account-saved">{ctx.t("uc-account-saved")}</p> })}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                account_info(&client).await.map(|info| {
                    let texts = Texts::of(
                        &ctx,
                        &["uc-account-nickname", "uc-account-nickname-hint", "uc-account-save", "uc-account-saving", "error-nickname-empty", "error-nickname-invalid"],
                        &[("error-nickname-too-long", "max")],
                    );
                    view! {
                        <div class="uc-account" data-testid="uc-account">
                            <div class="uc-form-row">
                                <span class="uc-form-row__label" id="uc-avatar-label">{ctx.t("uc-account-avatar")}</span>
                                <div class="uc-form-row__field" role="group" aria-labelledby="uc-avatar-label">
                                    <mall-widget name="image-upload" data-load="visible" data-testid="uc-avatar-widget"
                                        data-props=avatar_widget_props(info.pic.as_deref())></mall-widget>
                                    <p class="uc-form-row__hint">{ctx.t("uc-account-avatar-hint")}</p>
                                </div>
                            </div>
                            <SettingsIsland part={SettingsPart::ProfileForm(ProfileForm { texts, nick_name: info.nick_name.clone(), pic: info.pic.clone() })} />
                            <h2 class="uc-subtitle">{ctx.t("uc-account-sign-in-details")}</h2>
                            <dl class="uc-contacts">
                                {contact_row(&ctx, "uc-account-email", info.user_mail.clone(), "uc-account-mail")}
                                {contact_row(&ctx, "uc-account-phone", info.user_mobile.clone(), "uc-account-mobile")}
                            </dl>
                        </div>
                    }
                })
            })}
        </Suspense>
    }
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
    #[cfg(not(feature = "hydrate"))]
    let _ = pic;
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| browser::listen_for_avatar(pic));
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
    use wasm_bindgen::{JsCast, JsValue};

    /// Keeps `pic` at the avatar widget's uploaded path (`mall:images-changed`, field `pic`).
    pub fn listen_for_avatar(pic: RwSignal<Option<String>>) {
        let Some(window) = web_sys::window() else { return };
        let on_change =
            wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                let Some(detail) = event.dyn_ref::<web_sys::CustomEvent>().map(|e| e.detail()) else { return };
                let field = js_sys::Reflect::get(&detail, &JsValue::from_str("field")).ok().and_then(|f| f.as_string());
                if field.as_deref() != Some("pic") {
                    return;
                }
                let paths = js_sys::Reflect::get(&detail, &JsValue::from_str("paths")).unwrap_or(JsValue::UNDEFINED);
                let first = js_sys::Array::from(&paths).get(0).as_string();
                let _ = pic.try_set(first);
            });
        let _ =
            window.add_event_listener_with_callback(crate::events::IMAGES_CHANGED, on_change.as_ref().unchecked_ref());
        on_change.forget();
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "ssr")]
    fn the_avatar_widget_is_told_its_kind_limit_and_picture() {
        let props: serde_json::Value = serde_json::from_str(&avatar_widget_props(Some("/media/a.png"))).unwrap();
        assert_eq!(props["field"], "pic");
        assert_eq!(props["kind"], "avatar");
        assert_eq!(props["max"], 1);
        assert_eq!(props["maxBytes"], 2 * 1024 * 1024);
        assert_eq!(props["value"], serde_json::json!(["/media/a.png"]));
        let none: serde_json::Value = serde_json::from_str(&avatar_widget_props(None)).unwrap();
        assert_eq!(none["value"], serde_json::json!([]));
    }

    #[test]
    fn texts_keep_their_placeables_for_the_island() {
        let mut texts = Texts::default();
        texts.0.insert("k".into(), "At most {max} characters".into());
        assert_eq!(texts.fill("k", "max", "15"), "At most 15 characters");
        assert_eq!(texts.get("missing"), "missing");
    }
}
