//! `/user-center/uc-integral?current=`: the points, the daily sign-in with its 7-day strip
//! (today's reward, the streak, a new cycle after a missed day), the rules of earning and
//! expiry, and the points' records a page at a time. No island: the sign-in is a plain form
//! (`crate::wallet::sign_in_box`, record 0186).

use crate::money::grouped;
use crate::wallet::sign_in_box::sign_in_box;
use crate::{
    api_client::ApiClient,
    components::empty_state::EmptyKind,
    components::page_meta::PageMeta,
    context::{page_ctx, PageCtx},
    notices::pages::format_time,
    wallet::rules::points_reason_key,
};
use api::wallet::{ScoreInfo, ScoreRecord};
use leptos::prelude::*;

const PAGE_SIZE: i64 = 10;

#[component]
pub fn IntegralPage() -> impl IntoView {
    let ctx = page_ctx();
    let current = crate::wallet::requested_page(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("uc-nav-integral") description=String::new() canonical="/user-center/uc-integral".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-integral")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let query = vec![("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
                let info = client.get::<ScoreInfo>(api::paths::SCORE_INFO, &[]).await;
                let page = client.get::<api::catalog::Page<ScoreRecord>>(api::paths::SCORE_PAGE, &query).await;
                view! {
                    {match info {
                        Ok(info) => {
                            let rules = points_rules(&ctx, &info);
                            view! {
                                {sign_in_box(&ctx, info)}
                                {rules}
                            }.into_any()
                        }
                        Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("wallet-load-failed")}</p> }.into_any(),
                    }}
                    <h2 class="uc-section__title wallet-records__title">{ctx.t("wallet-points-records")}</h2>
                    {crate::wallet::records_table(&ctx, page, current, crate::wallet::RecordsTable {
                        test_id: "wallet-points-records",
                        change_key: "wallet-points",
                        path: "/user-center/uc-integral",
                        empty_kind: EmptyKind::Coupon,
                        empty_key: "wallet-points-empty",
                        empty_test_id: "wallet-points-empty",
                    }, points_row)}
                }
            })}
        </Suspense>
    }
}

/// How points are earned, used and expire, with the numbers the server answers.
fn points_rules(ctx: &PageCtx, info: &ScoreInfo) -> impl IntoView {
    // The spend that earns a point, in the currency the buyer reads prices in.
    let spend = ctx.money(api::money::Price(info.cents_per_point));
    let items = [
        ctx.t_args("wallet-rule-orders", &[("amount", &spend)]),
        ctx.t_args("wallet-rule-reviews", &[("points", &info.review_points.to_string())]),
        ctx.t_args(
            "wallet-rule-use",
            &[
                ("step", &api::orders::POINTS_STEP.to_string()),
                ("value", &ctx.money(api::money::Price(api::orders::CENTS_PER_POINT))),
            ],
        ),
        ctx.t_args("wallet-rule-expiry", &[("years", &info.valid_years.to_string())]),
    ];
    view! {
        <section class="uc-section wallet-rules" data-testid="wallet-points-rules">
            <h2 class="uc-section__title">{ctx.t("wallet-rules-title")}</h2>
            <ul>{items.into_iter().map(|text| view! { <li>{text}</li> }).collect_view()}</ul>
        </section>
    }
}

fn points_row(ctx: &PageCtx, r: ScoreRecord) -> impl IntoView {
    let credit = r.change >= 0;
    let detail = match &r.order_number {
        Some(number) if number.bytes().all(|b| b.is_ascii_digit()) && number.len() > 4 => view! {
            <a href=format!("/order-detail?orderNumber={number}")>{ctx.t_args("wallet-record-order", &[("number", number)])}</a>
        }
        .into_any(),
        _ => view! { <span>"–"</span> }.into_any(),
    };
    view! {
        <tr data-testid="wallet-points-record" data-reason=r.reason>
            <td>{format_time(r.create_time)}</td>
            <td>{ctx.t(points_reason_key(r.reason))}</td>
            <td>{detail}</td>
            <td class="wallet-records__amount" class:is-credit=credit class:is-debit=!credit>
                {if credit { "+" } else { "−" }}{grouped(r.change.abs())}
            </td>
        </tr>
    }
}
