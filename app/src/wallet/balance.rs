//! `/user-center/uc-balance?current=`: the balance with the top-up form (0.01 to 100000, paid
//! through an online gateway of the pay switch; the gateway sends the buyer back to the
//! checkout counter, which shows the result) and the balance's records a page at a time. No
//! island: the top-up is a plain form (`crate::wallet::top_up`, record 0186).

use crate::wallet::top_up::top_up_form;
use crate::{
    api_client::ApiClient,
    components::empty_state::EmptyKind,
    components::page_meta::PageMeta,
    context::{page_ctx, PageCtx},
    notices::pages::format_time,
    wallet::rules::balance_reason_key,
};
use api::wallet::{BalanceInfo, BalanceRecord};
use leptos::prelude::*;

/// Records per page.
const PAGE_SIZE: i64 = 10;

#[component]
pub fn BalancePage() -> impl IntoView {
    let ctx = page_ctx();
    let current = crate::wallet::requested_page(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("uc-nav-balance") description=String::new() canonical="/user-center/uc-balance".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-balance")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let query = vec![("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
                let info = client.get::<BalanceInfo>(api::paths::USER_BALANCE_INFO, &[]).await;
                let switches = client.get::<api::config::PaySwitchInfo>(api::paths::SYS_PAY_SWITCH, &[]).await;
                let page = client.get::<api::catalog::Page<BalanceRecord>>(api::paths::USER_BALANCE_PAGE, &query).await;
                let methods: Vec<(i32, String)> = switches
                    .map(|s| s.pay_switches)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|s| s.enabled && !matches!(s.pay_type, api::config::pay_type::BALANCEPAY | api::config::pay_type::SCOREPAY))
                    .map(|s| (s.pay_type, ctx.t(crate::payments::page::method_key(s.pay_type))))
                    .collect();
                let range = ctx.t_args("wallet-top-up-amount-range", &[
                    ("min", &crate::money::DisplayCurrency::usd().format(api::payments::RECHARGE_MIN)),
                    ("max", &crate::money::DisplayCurrency::usd().format(api::payments::RECHARGE_MAX)),
                ]);
                view! {
                    <section class="wallet-summary" data-testid="wallet-balance-card">
                        <div class="wallet-summary__figure">
                            <span class="wallet-summary__label">{ctx.t("wallet-balance")}</span>
                            <strong class="wallet-summary__value" data-testid="wallet-balance">
                                {match &info { Ok(i) => balance_text(&ctx, i.balance), Err(_) => "–".into() }}
                            </strong>
                        </div>
                        {top_up_form(&ctx, methods, range)}
                    </section>
                    <h2 class="uc-section__title wallet-records__title">{ctx.t("wallet-balance-records")}</h2>
                    {crate::wallet::records_table(&ctx, page, current, crate::wallet::RecordsTable {
                        test_id: "wallet-balance-records",
                        change_key: "wallet-record-change",
                        path: "/user-center/uc-balance",
                        empty_kind: EmptyKind::Order,
                        empty_key: "wallet-balance-empty",
                        empty_test_id: "wallet-balance-empty",
                    }, balance_row)}
                }
            })}
        </Suspense>
    }
}

/// The balance as what the buyer holds: an empty balance is zero.
fn balance_text(ctx: &PageCtx, balance: api::money::Price) -> String {
    ctx.currency.format_held(balance)
}

/// One record: when, why, what it concerned, and the signed change.
fn balance_row(ctx: &PageCtx, r: BalanceRecord) -> impl IntoView {
    let credit = r.change.0 >= 0;
    let amount = ctx.money(api::money::Price(r.change.0.abs()));
    let detail = match (&r.order_number, &r.pay_no) {
        (Some(number), _) => view! {
            <a href=format!("/order-detail?orderNumber={number}")>{ctx.t_args("wallet-record-order", &[("number", number)])}</a>
        }
        .into_any(),
        (None, Some(pay_no)) => view! { <span>{ctx.t_args("wallet-record-pay-no", &[("number", pay_no)])}</span> }.into_any(),
        (None, None) => view! { <span>"–"</span> }.into_any(),
    };
    view! {
        <tr data-testid="wallet-balance-record" data-reason=r.reason>
            <td>{format_time(r.create_time)}</td>
            <td>{ctx.t(balance_reason_key(r.reason))}</td>
            <td>{detail}</td>
            <td class="wallet-records__amount" class:is-credit=credit class:is-debit=!credit>
                {if credit { "+" } else { "−" }}{amount}
            </td>
        </tr>
    }
}
