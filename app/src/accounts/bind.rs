//! `/user-center/uc-bind`: the e-mail and the phone bound or changed by a one-time code sent to
//! the new address (`/p/user/sendBindCode`, `PUT /p/user/bindAccount`; an address of another
//! account is "already registered", spec section 8), and the Google and Facebook accounts
//! bound through the OAuth2 flow (`/p/user/bindSocialUrl`; the provider returns to
//! `/google/callback` or `/oauth-callback`, whose page binds with `/user/registerOrBindUser`
//! and comes back here, spec section 2) or unbound (`/p/user/unbindSocial`; never the last way
//! to sign in).

use crate::accounts::account_info;
use crate::accounts::bind_forms::{ContactBind, SocialBind};
use crate::accounts::social::social_name_key;
use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::texts::Texts;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use crate::url::query_param;
use api::account::{SOCIAL_FACEBOOK, SOCIAL_GOOGLE};
use leptos::prelude::*;

const CONTACT_KEYS: &[&str] = &[
    "uc-bind-new-mail",
    "uc-bind-new-phone",
    "uc-bind-phone-placeholder",
    "uc-bind-mail-placeholder",
    "uc-bind-change",
    "uc-bind-bind",
    "uc-bind-cancel",
    "uc-bind-submit",
    "uc-bind-saving",
    "uc-bind-not-bound",
    "uc-password-code",
    "uc-password-send-code",
    "uc-password-code-sent",
    "uc-password-code-empty",
    "uc-bind-invalid-mail",
    "uc-bind-invalid-phone",
];

const SOCIAL_KEYS: &[&str] = &[
    "uc-bind-google",
    "uc-bind-facebook",
    "uc-bind-social-bound",
    "uc-bind-social-unbound",
    "uc-bind-social-bind",
    "uc-bind-social-unbind",
    "uc-bind-social-unavailable",
    "uc-bind-social-confirm",
    "uc-bind-social-done",
    "uc-bind-social-failed",
];

fn contact_texts(ctx: &PageCtx) -> Texts {
    Texts::of(ctx, CONTACT_KEYS, &[("uc-password-resend-in", "seconds")])
}

#[component]
pub fn BindPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    let saved = query_param(&ctx.prefs.query, "saved");
    let bound = query_param(&ctx.prefs.query, "bound").and_then(|b| b.trim().parse::<i64>().ok());
    let notice = match (saved.as_deref(), bound) {
        (Some("mail"), _) => Some(ctx.t("uc-bind-mail-saved")),
        (Some("mobile"), _) => Some(ctx.t("uc-bind-phone-saved")),
        (_, Some(t @ (SOCIAL_GOOGLE | SOCIAL_FACEBOOK))) => {
            Some(ctx.t_args("uc-bind-social-done", &[("name", &ctx.t(social_name_key(t)))]))
        }
        _ => None,
    };
    view! {
        <PageMeta title=ctx.t("uc-nav-bind") description=String::new() canonical="/user-center/uc-bind".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-bind-title")}</h1>
        {notice.map(|text| view! { <p class="uc-notice uc-notice--success" role="status" data-testid="uc-bind-notice">{text}</p> })}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                account_info(&client).await.map(|info| {
                    let social_texts = Texts::of(&ctx, SOCIAL_KEYS, &[]);
                    view! {
                        <section class="uc-bind" data-testid="uc-bind">
                            <h2 class="uc-subtitle">{ctx.t("uc-bind-contacts")}</h2>
                            <ul class="uc-bind__list">
                                <li class="uc-bind__item">
                                    <span class="uc-bind__name">{ctx.t("uc-account-email")}</span>
                                    <SettingsIsland part={SettingsPart::ContactBind(ContactBind { texts: contact_texts(&ctx), mail: true, current: info.user_mail.clone() })} />
                                </li>
                                <li class="uc-bind__item">
                                    <span class="uc-bind__name">{ctx.t("uc-account-phone")}</span>
                                    <SettingsIsland part={SettingsPart::ContactBind(ContactBind { texts: contact_texts(&ctx), mail: false, current: info.user_mobile.clone() })} />
                                </li>
                            </ul>
                            <h2 class="uc-subtitle">{ctx.t("uc-bind-socials")}</h2>
                            <SettingsIsland part={SettingsPart::SocialBind(SocialBind { texts: social_texts, socials: info.socials.clone() })} />
                        </section>
                    }
                })
            })}
        </Suspense>
    }
}
