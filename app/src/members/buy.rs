//! `/member-center/buy-member`: the paid membership plans (1, 3 and 12 months, priced in US
//! cents and shown in the buyer's currency) and how to pay: the balance with the payment
//! password (settled at once), or an online gateway of the pay switch (its page, or its QR code
//! with the checkout counter's link; the counter sends the buyer back to the member centre,
//! which shows the result). The form is an island; the server prices the plan, never the page.

use crate::components::texts::Texts;
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::members::buy_form::BuyMemberForm;
use crate::{
    api_client::ApiClient,
    components::page_meta::PageMeta,
    context::page_ctx,
    members::{day_text, member_nav},
};
use api::config::pay_type;
use api::members::{MemberInfo, MemberPlan};
use leptos::prelude::*;

pub const PATH: &str = "/member-center/buy-member";

/// The texts of the purchase form.
const KEYS: &[&str] = &[
    "member-plan",
    "member-method",
    "member-pay-password",
    "member-pay-password-hint",
    "member-pay-password-invalid",
    "member-pay-password-unset",
    "member-set-pay-password",
    "member-no-method",
    "member-no-plan",
    "member-submit",
    "member-starting",
    "wallet-top-up-scan",
    "wallet-top-up-check",
];

#[component]
pub fn BuyMemberPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("member-nav-buy") description=String::new() canonical=PATH.to_string() />
        <h1 class="user-center__title">{ctx.t("member-nav-buy")}</h1>
        {member_nav(&ctx, PATH)}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let plans = client.get::<Vec<MemberPlan>>(api::paths::MEMBER_PLANS, &[]).await;
                let info = client.get::<MemberInfo>(api::paths::MEMBER_INFO, &[]).await;
                let switches = client.get::<api::config::PaySwitchInfo>(api::paths::SYS_PAY_SWITCH, &[]).await;
                let account = client.get::<api::users::AccountInfo>(api::paths::USER_ACCOUNT_INFO, &[]).await;
                let balance = client.get::<api::wallet::BalanceInfo>(api::paths::USER_BALANCE_INFO, &[]).await;
                let (Ok(plans), Ok(info)) = (plans, info) else {
                    return view! { <p class="uc-notice" role="alert">{ctx.t("member-load-failed")}</p> }.into_any();
                };
                // What the buyer holds (an empty balance is zero, not the smallest price).
                let balance_text = balance.map(|b| ctx.currency.format_held(b.balance)).unwrap_or_default();
                let methods: Vec<(i32, String)> = switches
                    .map(|s| s.pay_switches)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|s| s.enabled && s.pay_type != pay_type::SCOREPAY)
                    .map(|s| {
                        let name = ctx.t(crate::payments::page::method_key(s.pay_type));
                        let name = if s.pay_type == pay_type::BALANCEPAY && !balance_text.is_empty() {
                            ctx.t_args("member-method-balance", &[("method", &name), ("balance", &balance_text)])
                        } else {
                            name
                        };
                        (s.pay_type, name)
                    })
                    .collect();
                let plan_views: Vec<(i32, String, String)> = plans
                    .iter()
                    .map(|p| {
                        let name = if p.months == 1 {
                            ctx.t("member-plan-month")
                        } else {
                            ctx.t_args("member-plan-months", &[("months", &p.months.to_string())])
                        };
                        (p.plan_id, name, ctx.money(p.price))
                    })
                    .collect();
                let state = match (info.paid_active, info.paid_end_time) {
                    (true, Some(end)) => ctx.t_args("member-renew-from", &[("date", &day_text(end))]),
                    _ => ctx.t("member-starts-now"),
                };
                let texts = Texts::of(&ctx, KEYS, &[]);
                let has_pay_password = account.map(|a| a.has_pay_password).unwrap_or(false);
                view! {
                    <section class="member-card member-perks" data-testid="member-perks">
                        <h2 class="uc-section__title">{ctx.t("member-paid-title")}</h2>
                        <ul>
                            <li>{ctx.t_args("member-perk-discount", &[("percent", &api::members::PAID_DISCOUNT_PERCENT.to_string())])}</li>
                            <li>{ctx.t("member-perk-shipping")}</li>
                            <li>{ctx.t("member-perk-best")}</li>
                        </ul>
                        <p class="member-card__state" data-testid="member-buy-state">{state}</p>
                    </section>
                    <RecordsIsland part={RecordsPart::BuyMemberForm(BuyMemberForm { texts, plans: plan_views, methods, has_pay_password, currency: ctx.currency.code.clone() })} />
                }
                .into_any()
            })}
        </Suspense>
    }
}
