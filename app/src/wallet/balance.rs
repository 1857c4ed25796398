//! `/user-center/uc-balance?current=`: the balance with the top-up form (0.01 to 100000, paid
//! through an online gateway of the pay switch; the gateway sends the buyer back to the
//! checkout counter, which shows the result) and the balance's records a page at a time.

#[cfg(feature = "ssr")]
use crate::lazy_islands::{RecordsIsland, RecordsPart};
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
    wallet::rules::balance_reason_key,
};
#[cfg(feature = "ssr")]
use api::wallet::{BalanceInfo, BalanceRecord};
use leptos::prelude::*;

/// Records per page.
#[cfg(feature = "ssr")]
const PAGE_SIZE: i64 = 10;

/// The texts of the top-up form.
#[cfg(feature = "ssr")]
const KEYS: &[&str] = &[
    "wallet-top-up",
    "wallet-top-up-amount",
    "wallet-top-up-method",
    "wallet-top-up-submit",
    "wallet-top-up-starting",
    "wallet-top-up-amount-empty",
    "wallet-top-up-amount-invalid",
    "wallet-top-up-no-method",
    "wallet-top-up-scan",
    "wallet-top-up-check",
];

#[cfg(feature = "ssr")]
fn requested_page(query: &str) -> i64 {
    query_param(query, "current").and_then(|p| p.trim().parse::<i64>().ok()).filter(|p| *p >= 1).unwrap_or(1)
}

#[cfg(feature = "ssr")]
#[component]
pub fn BalancePage() -> impl IntoView {
    let ctx = page_ctx();
    let current = requested_page(&ctx.prefs.query);
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
                let mut texts = Texts::of(&ctx, KEYS, &[]);
                texts.0.insert("wallet-top-up-amount-range".into(), range.clone());
                view! {
                    <section class="wallet-summary" data-testid="wallet-balance-card">
                        <div class="wallet-summary__figure">
                            <span class="wallet-summary__label">{ctx.t("wallet-balance")}</span>
                            <strong class="wallet-summary__value" data-testid="wallet-balance">
                                {match &info { Ok(i) => balance_text(&ctx, i.balance), Err(_) => "–".into() }}
                            </strong>
                        </div>
                        <RecordsIsland part={RecordsPart::TopUpForm(TopUpForm { texts, methods, currency: ctx.currency.code.clone(), hint: range })} />
                    </section>
                    <h2 class="uc-section__title wallet-records__title">{ctx.t("wallet-balance-records")}</h2>
                    {match page {
                        Ok(page) if !page.records.is_empty() => {
                            let pages = page.pages;
                            view! {
                                <table class="wallet-records" data-testid="wallet-balance-records">
                                    <thead>
                                        <tr>
                                            <th scope="col">{ctx.t("wallet-record-time")}</th>
                                            <th scope="col">{ctx.t("wallet-record-type")}</th>
                                            <th scope="col">{ctx.t("wallet-record-detail")}</th>
                                            <th scope="col" class="wallet-records__amount">{ctx.t("wallet-record-change")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>{page.records.into_iter().map(|r| balance_row(&ctx, r)).collect_view()}</tbody>
                                </table>
                                <Pager current=current pages=pages href=move |p| format!("/user-center/uc-balance?current={p}") />
                            }.into_any()
                        }
                        Ok(_) => view! {
                            <EmptyState kind=EmptyKind::Order title=ctx.t("wallet-balance-empty") test_id="wallet-balance-empty" />
                        }.into_any(),
                        Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("wallet-load-failed")}</p> }.into_any(),
                    }}
                }
            })}
        </Suspense>
    }
}

/// The balance as what the buyer holds: an empty balance is zero.
#[cfg(feature = "ssr")]
fn balance_text(ctx: &PageCtx, balance: api::money::Price) -> String {
    ctx.currency.format_held(balance)
}

/// One record: when, why, what it concerned, and the signed change.
#[cfg(feature = "ssr")]
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

/// The top-up form: an amount in dollars and an online method; going on to the gateway (or its
/// QR code, with a link to the counter that checks the payment).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct TopUpForm {
    pub texts: Texts,
    pub methods: Vec<(i32, String)>,
    pub currency: String,
    pub hint: String,
}

/// Renders [`TopUpForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn top_up_form(props: TopUpForm) -> impl IntoView {
    let TopUpForm { texts, methods, currency, hint } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    // What was typed or chosen before the island hydrated stands (`typed_or`).
    let amount = RwSignal::new(crate::components::typed_or("wallet-top-up-amount", ""));
    let ticked = crate::components::chosen_before_hydration::<i32>("input[name=wallet-top-up-method]");
    let chosen =
        RwSignal::new(ticked.filter(|code| methods.iter().any(|m| m.0 == *code)).or(methods.first().map(|m| m.0)));
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let qr = RwSignal::new(None::<(String, String)>);
    let no_method = methods.is_empty();
    let currency = StoredValue::new(currency);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let cents = match crate::wallet::rules::top_up_amount(&amount.get_untracked()) {
            Ok(c) => c,
            Err(key) => {
                error.set(Some(t(key)));
                return;
            }
        };
        let Some(pay_type) = chosen.get_untracked() else {
            error.set(Some(t("wallet-top-up-no-method")));
            return;
        };
        error.set(None);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(browser::start(
            api::payments::RechargeParam { amount: cents, pay_type, currency: currency.get_value() },
            error,
            busy,
            qr,
        ));
        #[cfg(not(feature = "hydrate"))]
        let _ = (cents, pay_type, currency);
    };

    view! {
        <form class="uc-form wallet-top-up" on:submit=submit novalidate data-testid="wallet-top-up-form">
            <h2 class="wallet-top-up__title">{t("wallet-top-up")}</h2>
            <div class="uc-form-row">
                <label class="uc-form-row__label" for="wallet-top-up-amount">{t("wallet-top-up-amount")}</label>
                <div class="uc-form-row__field">
                    <span class="wallet-top-up__amount">
                        <span aria-hidden="true">"$"</span>
                        <input id="wallet-top-up-amount" type="text" inputmode="decimal" autocomplete="off" maxlength="12"
                            data-testid="wallet-top-up-amount" aria-describedby="wallet-top-up-hint wallet-top-up-error"
                            aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                            value={untrack(|| amount.get())} prop:value=move || amount.get()
                            on:input=move |ev| { amount.set(event_target_value(&ev)); error.set(None); } />
                    </span>
                    <p class="uc-form-row__hint" id="wallet-top-up-hint">{hint}</p>
                </div>
            </div>
            <fieldset class="uc-form-row uc-choice">
                <legend class="uc-form-row__label">{t("wallet-top-up-method")}</legend>
                <div class="uc-form-row__field">
                    {no_method.then(|| view! { <p class="uc-notice" role="status">{t("wallet-top-up-no-method")}</p> })}
                    {methods.into_iter().map(|(code, name)| view! {
                        <label class="uc-choice__option">
                            <input type="radio" name="wallet-top-up-method" value=code.to_string() data-testid=format!("wallet-top-up-method-{code}")
                                checked={untrack(|| chosen.get() == Some(code))} prop:checked=move || chosen.get() == Some(code) on:change=move |_| chosen.set(Some(code)) />
                            " "{name}
                        </label>
                    }).collect_view()}
                </div>
            </fieldset>
            <div class="uc-form-row">
                <span class="uc-form-row__label"></span>
                <div class="uc-form-row__field">
                    <p class="uc-form-row__error" id="wallet-top-up-error" role="alert" data-testid="wallet-top-up-error" hidden=move || error.get().is_none()>
                        {move || error.get().unwrap_or_default()}
                    </p>
                    <button type="submit" class="button button--primary" data-testid="wallet-top-up-submit" disabled=move || busy.get() || no_method>
                        {move || if busy.get() { t("wallet-top-up-starting") } else { t("wallet-top-up-submit") }}
                    </button>
                </div>
            </div>
            {move || qr.get().map(|(image, pay_no)| view! {
                <div class="wallet-top-up__qr" data-testid="wallet-top-up-qr">
                    <p>{t("wallet-top-up-scan")}</p>
                    <img src=image alt="" width="180" height="180" />
                    <a class="button" href=format!("/payment?payNo={pay_no}")>{t("wallet-top-up-check")}</a>
                </div>
            })}
        </form>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::*;
    use crate::api_client::{browser as client, ApiFailure};
    use api::payments::{PayResult, RechargeParam};

    /// Starts the top-up and does what its gateway asks: go there, post its form, or show its
    /// QR code (only an image `data:` URL) with the counter's link.
    pub async fn start(
        body: RechargeParam,
        error: RwSignal<Option<String>>,
        busy: RwSignal<bool>,
        qr: RwSignal<Option<(String, String)>>,
    ) {
        let options = client::CallOptions { handle_error: true, silent_auth: false };
        match client::post::<PayResult, _>(api::paths::BALANCE_RECHARGE, &body, options).await {
            Ok(result) => crate::payments::web::follow_gateway(result, busy, qr),
            Err(failure) => {
                busy.set(false);
                if let ApiFailure::Rejected { msg, .. } = failure {
                    error.set(Some(msg));
                }
            }
        }
    }
}
