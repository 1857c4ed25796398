//! `/member-center` (`?payNo=` after paying for a membership): the buyer's level with the way
//! to the next one, the paid membership (active until when, or not a member), what applies to
//! their next order, the result of a membership just paid, and the ways on: the benefits, buying
//! a membership and the points mall.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::members::{day_text, discount_text, member_nav, shipping_text};
use crate::users::home::level_progress;
use api::members::MemberInfo;
use api::payments::{pay_kind, pay_status, PayStatus};
use leptos::prelude::*;

pub const PATH: &str = "/member-center";

#[component]
pub fn MemberCenterPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    let pay_no = crate::url::query_param(&ctx.prefs.query, "payNo")
        .map(|p| crate::payments::page::clean_pay_no(&p))
        .filter(|p| !p.is_empty());
    view! {
        <PageMeta title=ctx.t("header-membership-centre") description=String::new() canonical=PATH.to_string() />
        <h1 class="user-center__title">{ctx.t("header-membership-centre")}</h1>
        {member_nav(&ctx, PATH)}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                // The payment first: asking its status settles a late one before the facts are read.
                let paid = match &pay_no {
                    Some(pay_no) => client
                        .get::<PayStatus>(api::paths::ORDER_PAY_STATUS, &[("payNo", pay_no.clone())])
                        .await
                        .ok()
                        .filter(|s| s.pay_kind == pay_kind::MEMBER),
                    None => None,
                };
                let info = client.get::<MemberInfo>(api::paths::MEMBER_INFO, &[]).await;
                match info {
                    Ok(info) => view! {
                        {paid.map(|status| payment_result(&ctx, &status, &info))}
                        {level_card(&ctx, &info)}
                        {membership_card(&ctx, &info)}
                        {links(&ctx)}
                    }
                    .into_any(),
                    Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("member-load-failed")}</p> }.into_any(),
                }
            })}
        </Suspense>
    }
}

/// What became of the membership just paid for.
fn payment_result(ctx: &PageCtx, status: &PayStatus, info: &MemberInfo) -> impl IntoView {
    let (kind, text) = match status.status {
        pay_status::PAID => {
            ("paid", ctx.t_args("member-paid", &[("date", &info.paid_end_time.map(day_text).unwrap_or_default())]))
        }
        pay_status::PENDING => ("pending", ctx.t("member-payment-pending")),
        _ => ("failed", ctx.t("member-payment-failed")),
    };
    view! {
        <p class=format!("member-result member-result--{kind}") role="status" data-testid="member-payment-result" data-status=kind>
            {text}
            {(kind == "pending").then(|| view! {
                " "<a href=format!("{PATH}?payNo={}", status.pay_no)>{ctx.t("member-payment-check")}</a>
            })}
            {(kind == "failed").then(|| view! {
                " "<a href="/member-center/buy-member">{ctx.t("member-buy-again")}</a>
            })}
        </p>
    }
}

/// The level, the growth and the way to the next level.
fn level_card(ctx: &PageCtx, info: &MemberInfo) -> impl IntoView {
    view! {
        <section class="member-card" data-testid="member-level">
            <h2 class="uc-section__title">{ctx.t("member-level-title")}</h2>
            {level_progress(ctx, &info.user_level, "member", None)}
        </section>
    }
}

/// The paid membership and what applies to the next order.
fn membership_card(ctx: &PageCtx, info: &MemberInfo) -> impl IntoView {
    let state = match (info.paid_active, info.paid_end_time) {
        (true, Some(end)) => ctx.t_args("member-active-until", &[("date", &day_text(end))]),
        (false, Some(end)) => ctx.t_args("member-ended", &[("date", &day_text(end))]),
        _ => ctx.t("member-not-member"),
    };
    let action = if info.paid_active { ctx.t("member-renew") } else { ctx.t("member-join") };
    view! {
        <section class="member-card" data-testid="member-membership" data-active=info.paid_active.to_string()>
            <h2 class="uc-section__title">{ctx.t("member-paid-title")}</h2>
            <p class="member-card__state" data-testid="member-state">{state}</p>
            <dl class="member-benefits" data-testid="member-current-equity">
                <div>
                    <dt>{ctx.t("member-your-discount")}</dt>
                    <dd data-testid="member-discount">{discount_text(ctx, info.discount_percent)}</dd>
                </div>
                <div>
                    <dt>{ctx.t("member-your-shipping")}</dt>
                    <dd data-testid="member-shipping">{shipping_text(ctx, info.free_shipping)}</dd>
                </div>
            </dl>
            <a class="button button--primary" href="/member-center/buy-member" data-testid="member-buy-link">{action}</a>
        </section>
    }
}

/// The ways on.
fn links(ctx: &PageCtx) -> impl IntoView {
    view! {
        <ul class="uc-tiles member-links">
            <li>
                <a class="uc-tile" href="/member-center/member-equity" data-testid="member-equity-link">
                    <strong class="uc-tile__label member-links__title">{ctx.t("member-nav-equity")}</strong>
                    <span class="uc-tile__label">{ctx.t("member-equity-lead")}</span>
                </a>
            </li>
            <li>
                <a class="uc-tile" href="/member-center/buy-member">
                    <strong class="uc-tile__label member-links__title">{ctx.t("member-nav-buy")}</strong>
                    <span class="uc-tile__label">{ctx.t("member-buy-lead")}</span>
                </a>
            </li>
            <li>
                <a class="uc-tile" href="/member-center/integral-mall" data-testid="member-points-mall-link">
                    <strong class="uc-tile__label member-links__title">{ctx.t("member-nav-points-mall")}</strong>
                    <span class="uc-tile__label">{ctx.t("member-points-mall-lead")}</span>
                </a>
            </li>
        </ul>
    }
}
