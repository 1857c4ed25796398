//! `/user-center/uc-account`: the nickname and the avatar (spec section 5: nickname at most 15
//! characters, not empty, not all spaces; avatar up to 2 MB, compressed in the browser), and the
//! bound e-mail and phone shown masked.
//!
//! The profile is a plain form (record 0187) posted to `api::forms::PROFILE_SAVE`, which saves
//! it like `PUT /p/user/setUserInfo` and comes back here with `?saved=1`, so the header's
//! nickname and every avatar of the page are the server's new ones; a refused nickname comes
//! back with its message under the field. The avatar is the `image-upload` React widget (kind
//! `avatar`); the frame's script keeps the form's hidden `pic` at the path it reports
//! (`data-images-of`, `watchImageFields` in `widgets/src/formFields.ts`), and checks an empty
//! nickname before the form is sent (`data-empty-message`, `onFieldCheck`). Without script the
//! avatar stays as it is and the server checks the nickname.

use crate::accounts::account_info;
use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::url::query_param;
use api::bridge::{widget_props, ImageUploadProps, UploadKind};
use api::forms::{Flash, FlashKind, FLASH_AT, PROFILE_PAGE, PROFILE_SAVE};
use api::users::{AVATAR_MAX_BYTES, NICKNAME_MAX_CHARS};
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

/// The message of a refused nickname the form's answer left for this page (a flash marked for
/// the field `nickName`, `api::forms::FLASH_AT`), in the page's language.
fn nickname_refusal(ctx: &PageCtx) -> Option<String> {
    let flash: &Flash = ctx.prefs.flash.as_ref()?;
    let at_field = flash.args.iter().any(|(name, value)| name == FLASH_AT && value == "nickName");
    if flash.kind != FlashKind::Error || !at_field || !flash.key.starts_with("error-nickname-") {
        return None;
    }
    let args: Vec<(&str, &str)> = flash.args.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    Some(ctx.t_args(&flash.key, &args))
}

/// The nickname and the save button, a plain form; the avatar's path is its hidden `pic`, kept
/// at the widget's by the frame's script (`data-images-of`).
fn profile_form(ctx: &PageCtx, nick_name: &str, pic: Option<&str>) -> impl IntoView {
    let refusal = nickname_refusal(ctx);
    let invalid = refusal.is_some().then_some("true");
    let hidden = refusal.is_none();
    view! {
        <form class="uc-form" method="post" action=PROFILE_SAVE novalidate data-testid="uc-profile-form">
            <input type="hidden" name=api::forms::FIELD_BACK value=PROFILE_PAGE />
            <input type="hidden" name="pic" value=pic.unwrap_or_default().to_string() data-images-of="pic" data-testid="uc-avatar-path" />
            <div class="uc-form-row">
                <label class="uc-form-row__label" for="uc-nickname">{ctx.t("uc-account-nickname")}</label>
                <div class="uc-form-row__field">
                    <input id="uc-nickname" name="nickName" type="text" required maxlength=NICKNAME_MAX_CHARS.to_string()
                        autocomplete="nickname" data-testid="uc-nickname-input" aria-describedby="uc-nickname-hint uc-nickname-error"
                        aria-invalid=invalid value=nick_name.to_string()
                        data-empty-message=ctx.t("error-nickname-empty") data-error-in="uc-nickname-error" />
                    <p class="uc-form-row__hint" id="uc-nickname-hint">{ctx.t("uc-account-nickname-hint")}</p>
                    <p class="uc-form-row__error" id="uc-nickname-error" role="alert" data-testid="uc-nickname-error" hidden=hidden>
                        {refusal}
                    </p>
                </div>
            </div>
            <div class="uc-form-row uc-form-row--actions">
                <span class="uc-form-row__label"></span>
                <div class="uc-form-row__field">
                    <button type="submit" class="button button--primary" data-testid="uc-profile-save">{ctx.t("uc-account-save")}</button>
                </div>
            </div>
        </form>
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
                    view! {
                        <div class="uc-account" data-testid="uc-account">
                            <div class="uc-form-row">
                                <span class="uc-form-row__label" id="uc-avatar-label">{ctx.t("uc-account-avatar")}</span>
                                <div class="uc-form-row__field" role="group" aria-labelledby="uc-avatar-label">
                                    <mall-widget name={api::bridge::widget::IMAGE_UPLOAD} data-load="visible" data-testid="uc-avatar-widget"
                                        data-props=avatar_widget_props(info.pic.as_deref())></mall-widget>
                                    <p class="uc-form-row__hint">{ctx.t("uc-account-avatar-hint")}</p>
                                </div>
                            </div>
                            {profile_form(&ctx, &info.nick_name, info.pic.as_deref())}
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
