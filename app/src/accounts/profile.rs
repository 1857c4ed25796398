//! `/user-center/uc-account`: the nickname and the avatar (spec section 5: nickname at most 15
//! characters, not empty, not all spaces; avatar up to 2 MB, compressed in the browser), saved
//! with `PUT /p/user/setUserInfo`, and the bound e-mail and phone shown masked.
//!
//! The avatar is the `image-upload` React widget (kind `avatar`); the [`ProfileForm`] island
//! hears its uploaded path through `mall:images-changed` and saves it with the nickname. After
//! a save the page is loaded again (`?saved=1`), so the header's nickname and every avatar of
//! the page are the server's new ones.

use crate::accounts::account_info;
use crate::accounts::profile_form::ProfileForm;
use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::texts::Texts;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use crate::url::query_param;
use api::bridge::{widget_props, ImageUploadProps, UploadKind};
use api::users::AVATAR_MAX_BYTES;
use leptos::prelude::*;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
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
}
