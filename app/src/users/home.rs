//! `/user-center/uc-home`: the buyer's overview: picture, nickname, e-mail, and the way to
//! each user-centre page.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::product_card::IMG_FALLBACK;
use crate::context::page_ctx;
use crate::users::SECTIONS;
use api::account::UserInfo;
use leptos::prelude::*;

#[component]
pub fn UserHomePage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("header-personal-centre") description=String::new() canonical="/user-center/uc-home".to_string() />
        <h1 class="user-center__title">{ctx.t("header-personal-centre")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let info = client.get::<UserInfo>(api::paths::USER_INFO, &[]).await.ok();
                info.map(|info| {
                    let name = if info.nick_name.trim().is_empty() { ctx.t("header-no-nickname") } else { info.nick_name.clone() };
                    view! {
                        <div class="uc-profile" data-testid="uc-profile">
                            <img class="uc-profile__pic" src=info.pic.clone().unwrap_or_else(|| "/static/placeholder.svg".to_string()) onerror=IMG_FALLBACK alt="" width="72" height="72" />
                            <div>
                                <p class="uc-profile__name" data-testid="uc-nickname">{ctx.t_args("uc-home-greeting", &[("name", &name)])}</p>
                                {info.user_mail.clone().map(|mail| view! { <p class="uc-profile__mail">{mail}</p> })}
                            </div>
                        </div>
                        <ul class="uc-links">
                            {SECTIONS.iter().skip(1).map(|s| view! {
                                <li><a class="button" href=format!("/user-center/{}", s.segment)>{ctx.t(s.label)}</a></li>
                            }).collect_view()}
                        </ul>
                    }
                })
            })}
        </Suspense>
    }
}
