//! `/user-center/uc-integral?current=`: the points, the daily sign-in with its 7-day strip
//! (today's reward, the streak, a new cycle after a missed day), the rules of earning and
//! expiry, and the points' records a page at a time.

#[cfg(feature = "ssr")]
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::money::grouped;
use crate::users::account::Texts;
#[cfg(feature = "ssr")]
use crate::{
    api_client::ApiClient,
    components::empty_state::{EmptyKind, EmptyState},
    components::page_meta::PageMeta,
    components::pager::Pager,
    context::{page_ctx, PageCtx},
    notices::pages::format_time,
    url::query_param,
    wallet::rules::points_reason_key,
};
#[cfg(feature = "ssr")]
use api::wallet::{ScoreInfo, ScoreRecord};
use leptos::prelude::*;

#[cfg(feature = "ssr")]
const PAGE_SIZE: i64 = 10;

/// The texts of the sign-in island.
#[cfg(feature = "ssr")]
const KEYS: &[&str] =
    &["wallet-points", "wallet-sign-in-title", "wallet-sign-in-submit", "wallet-sign-in-busy", "wallet-sign-in-signed"];
/// Its texts with a placeable, and the placeable's name.
#[cfg(feature = "ssr")]
const SLOTS: &[(&str, &str)] = &[
    ("wallet-sign-in-streak", "days"),
    ("wallet-sign-in-today", "points"),
    ("wallet-sign-in-done", "points"),
    ("wallet-sign-in-day", "day"),
    ("wallet-points-plus", "points"),
];

#[cfg(feature = "ssr")]
#[component]
pub fn IntegralPage() -> impl IntoView {
    let ctx = page_ctx();
    let current = query_param(&ctx.prefs.query, "current")
        .and_then(|p| p.trim().parse::<i64>().ok())
        .filter(|p| *p >= 1)
        .unwrap_or(1);
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
                let texts = Texts::of(&ctx, KEYS, SLOTS);
                view! {
                    {match info {
                        Ok(info) => {
                            let rules = points_rules(&ctx, &info);
                            view! {
                                <RecordsIsland part={RecordsPart::SignInBox(SignInBox { texts, info })} />
                                {rules}
                            }.into_any()
                        }
                        Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("wallet-load-failed")}</p> }.into_any(),
                    }}
                    <h2 class="uc-section__title wallet-records__title">{ctx.t("wallet-points-records")}</h2>
                    {match page {
                        Ok(page) if !page.records.is_empty() => {
                            let pages = page.pages;
                            view! {
                                <table class="wallet-records" data-testid="wallet-points-records">
                                    <thead>
                                        <tr>
                                            <th scope="col">{ctx.t("wallet-record-time")}</th>
                                            <th scope="col">{ctx.t("wallet-record-type")}</th>
                                            <th scope="col">{ctx.t("wallet-record-detail")}</th>
                                            <th scope="col" class="wallet-records__amount">{ctx.t("wallet-points")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>{page.records.into_iter().map(|r| points_row(&ctx, r)).collect_view()}</tbody>
                                </table>
                                <Pager current=current pages=pages href=move |p| format!("/user-center/uc-integral?current={p}") />
                            }.into_any()
                        }
                        Ok(_) => view! {
                            <EmptyState kind=EmptyKind::Coupon title=ctx.t("wallet-points-empty") test_id="wallet-points-empty" />
                        }.into_any(),
                        Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("wallet-load-failed")}</p> }.into_any(),
                    }}
                }
            })}
        </Suspense>
    }
}

/// How points are earned, used and expire, with the numbers the server answers.
#[cfg(feature = "ssr")]
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

#[cfg(feature = "ssr")]
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

/// The points held and the daily sign-in: the 7-day strip, today's reward or the streak, and
/// the button (once a day; the server refuses a second one in the buyer's language).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct SignInBox {
    pub texts: Texts,
    pub info: api::wallet::ScoreInfo,
}

/// Renders [`SignInBox`], as one variant of its group's island (`crate::lazy_islands`).
pub fn sign_in_box(props: SignInBox) -> impl IntoView {
    let SignInBox { texts, info } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let fill = move |key: &str, name: &str, value: String| texts.with_value(|t| t.fill(key, name, &value));
    let score = RwSignal::new(info.score);
    let signed = RwSignal::new(info.signed_today);
    let streak = RwSignal::new(info.streak);
    let reward = RwSignal::new(info.today_reward);
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let days = move || api::wallet::sign_in_strip(streak.get(), signed.get());

    let submit = move |_: leptos::ev::MouseEvent| {
        if busy.get_untracked() || signed.get_untracked() {
            return;
        }
        busy.set(true);
        error.set(None);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser as client, ApiFailure};
            let options = client::CallOptions { handle_error: true, silent_auth: false };
            let answer = client::post::<api::wallet::SignInResult, _>(api::paths::SCORE_SIGN_IN, &(), options).await;
            busy.set(false);
            match answer {
                Ok(result) => {
                    streak.set(result.streak);
                    reward.set(result.points);
                    score.set(result.score);
                    signed.set(true);
                    // The records below are the page's, rendered by the server: load it again
                    // so they list today's sign-in with everything else.
                    if let Some(window) = web_sys::window() {
                        let _ = window.location().reload();
                    }
                }
                Err(ApiFailure::Rejected { msg, .. }) => error.set(Some(msg)),
                Err(_) => {}
            }
        });
    };

    view! {
        <section class="wallet-summary sign-in-box" data-testid="wallet-sign-in">
            <div class="wallet-summary__figure">
                <span class="wallet-summary__label">{t("wallet-points")}</span>
                <strong class="wallet-summary__value" data-testid="wallet-points">{move || grouped(score.get())}</strong>
            </div>
            <div class="sign-in-box">
                <h2 class="wallet-top-up__title">{t("wallet-sign-in-title")}</h2>
                <ol class="sign-in-strip" data-testid="sign-in-strip">
                    {move || days().into_iter().map(|d| view! {
                        <li class="sign-in-strip__day" class:is-done=d.signed class:is-today=d.today
                            data-testid="sign-in-day" data-signed=d.signed.to_string() data-today=d.today.to_string()
                            aria-current=d.today.then_some("date")>
                            <span>{fill("wallet-sign-in-day", "day", d.day.to_string())}</span>
                            <strong>{fill("wallet-points-plus", "points", d.points.to_string())}</strong>
                        </li>
                    }).collect_view()}
                </ol>
                <p class="sign-in-box__status" data-testid="wallet-sign-in-status" role="status">
                    {move || if signed.get() {
                        format!("{} {}", fill("wallet-sign-in-done", "points", reward.get().to_string()), texts.with_value(|t| t.fill_count("wallet-sign-in-streak", "days", streak.get())))
                    } else {
                        fill("wallet-sign-in-today", "points", reward.get().to_string())
                    }}
                </p>
                <p class="uc-form-row__error" role="alert" data-testid="wallet-sign-in-error" hidden=move || error.get().is_none()>
                    {move || error.get().unwrap_or_default()}
                </p>
                <button type="button" class="button button--primary" data-testid="wallet-sign-in-submit"
                    disabled=move || busy.get() || signed.get() on:click=submit>
                    {move || if busy.get() { t("wallet-sign-in-busy") } else if signed.get() { t("wallet-sign-in-signed") } else { t("wallet-sign-in-submit") }}
                </button>
            </div>
        </section>
    }
}
