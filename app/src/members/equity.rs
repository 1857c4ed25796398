//! `/member-center/member-equity`: what each member level gives at checkout (percent off goods,
//! free shipping) and what the paid membership gives, the buyer's own level and membership
//! marked, and how the two combine (the better percent, free shipping from either).

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::members::{discount_text, member_nav, shipping_text};
use crate::users::home::grouped;
use api::members::MemberEquityInfo;
use leptos::prelude::*;

pub const PATH: &str = "/member-center/member-equity";

#[component]
pub fn MemberEquityPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("member-nav-equity") description=String::new() canonical=PATH.to_string() />
        <h1 class="user-center__title">{ctx.t("member-nav-equity")}</h1>
        {member_nav(&ctx, PATH)}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let Ok(info) = client.get::<MemberEquityInfo>(api::paths::MEMBER_EQUITY, &[]).await else {
                    return view! { <p class="uc-notice" role="alert">{ctx.t("member-load-failed")}</p> }.into_any();
                };
                let yours = ctx.t("member-yours");
                view! {
                    <p class="member-lead">{ctx.t("member-equity-intro")}</p>
                    <table class="member-levels" data-testid="member-levels">
                        <caption class="visually-hidden">{ctx.t("member-levels-caption")}</caption>
                        <thead>
                            <tr>
                                <th scope="col">{ctx.t("member-col-level")}</th>
                                <th scope="col">{ctx.t("member-col-growth")}</th>
                                <th scope="col">{ctx.t("member-col-discount")}</th>
                                <th scope="col">{ctx.t("member-col-shipping")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {info.levels.iter().map(|l| {
                                let current = l.level == info.level;
                                view! {
                                    <tr class:is-current=current data-testid="member-level-row" data-level=l.level
                                        data-current=current.to_string() aria-current=current.then_some("true")>
                                        <th scope="row">
                                            <span class="uc-level-badge">{l.level_name.clone()}</span>
                                            {current.then(|| view! { " "<span class="member-yours">{yours.clone()}</span> })}
                                        </th>
                                        <td>{ctx.t_args("member-growth-from", &[("growth", &grouped(l.need_growth))])}</td>
                                        <td>{discount_text(&ctx, l.discount_percent)}</td>
                                        <td>{shipping_text(&ctx, l.free_shipping)}</td>
                                    </tr>
                                }
                            }).collect_view()}
                            <tr class="member-levels__paid" class:is-current=info.paid_active data-testid="member-paid-row"
                                data-current=info.paid_active.to_string()>
                                <th scope="row">
                                    <span class="member-paid-badge">{ctx.t("member-paid-title")}</span>
                                    {info.paid_active.then(|| view! { " "<span class="member-yours">{yours.clone()}</span> })}
                                </th>
                                <td>{ctx.t("member-paid-how")}</td>
                                <td>{discount_text(&ctx, info.paid_discount_percent)}</td>
                                <td>{shipping_text(&ctx, info.paid_free_shipping)}</td>
                            </tr>
                        </tbody>
                    </table>
                    <section class="member-card" data-testid="member-equity-now">
                        <h2 class="uc-section__title">{ctx.t("member-equity-now")}</h2>
                        <dl class="member-benefits">
                            <div>
                                <dt>{ctx.t("member-your-discount")}</dt>
                                <dd data-testid="member-discount">{discount_text(&ctx, info.discount_percent)}</dd>
                            </div>
                            <div>
                                <dt>{ctx.t("member-your-shipping")}</dt>
                                <dd data-testid="member-shipping">{shipping_text(&ctx, info.free_shipping)}</dd>
                            </div>
                        </dl>
                        <p class="uc-level__how">{ctx.t("member-equity-rule")}</p>
                        {(!info.paid_active).then(|| view! {
                            <a class="button button--primary" href="/member-center/buy-member">{ctx.t("member-join")}</a>
                        })}
                    </section>
                }
                .into_any()
            })}
        </Suspense>
    }
}
