//! The server-rendered refund pages: `/user-center/uc-return`, `/user-center/apply-return`,
//! `/user-center/return-proof`, `/return-detail` and `/return-detail/components/refund-progress`.

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::components::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::notices::pages::format_time;
use crate::orders::buyers_order::{fetch_buyers_order, order_not_found, order_number_param};
use crate::refunds::fields::{message_start, FieldMessage};
use crate::refunds::form::{ApplyForm, ApplyLabels};
use crate::refunds::proof_form::{ProofForm, ProofLabels};
use crate::refunds::refund_actions::{ActionLabels, RefundActions};
use crate::refunds::{
    apply_href, detail_href, proof_href, reason_key, status_key, step_key, steps_to_come, DETAIL_PATH, PROGRESS_PATH,
    REASONS, TABS, UC_PATH,
};
use crate::reviews::pages::page_param;
use crate::url::{encode, query_param};
use api::catalog::Page;
use api::refunds::{
    apply_type, refund_filter, OrderRefund, OrderRefundDetail, RefundableOrder, CARRIER_MAX_CHARS,
    MAX_INTERVENTION_VOUCHERS, MAX_VOUCHERS, MOBILE_DIGITS, NOTE_MAX_CHARS, TRACKING_MAX_CHARS,
};
use leptos::prelude::*;

/// Applications per page.
pub const PAGE_SIZE: i64 = 10;

/// The fields of the server's messages, by their translated start.
fn field_messages(ctx: &PageCtx, keys: &[(&str, &str)]) -> Vec<FieldMessage> {
    let placeholder = "\u{1}";
    keys.iter()
        .map(|(field, key)| FieldMessage {
            field: field.to_string(),
            start: message_start(
                &ctx.t_args(key, &[("max", placeholder), ("digits", placeholder), ("min", placeholder)]),
            ),
        })
        .collect()
}

fn apply_labels(ctx: &PageCtx) -> ApplyLabels {
    let note_max = NOTE_MAX_CHARS.to_string();
    ApplyLabels {
        scope: ctx.t("refund-scope"),
        whole_order: ctx.t("refund-whole-order"),
        kind: ctx.t("refund-kind"),
        refund_only: ctx.t("refund-type-refund-only"),
        return_and_refund: ctx.t("refund-type-return"),
        not_shipped_hint: ctx.t("refund-not-shipped-hint"),
        reason: ctx.t("refund-reason"),
        reason_choose: ctx.t("refund-reason-choose"),
        reasons: REASONS.iter().map(|(code, key)| (*code, ctx.t(key))).collect(),
        goods: ctx.t("refund-goods"),
        goods_hint: ctx.t_args("refund-goods-hint", &[("max", "{max}")]),
        amount: ctx.t("refund-amount"),
        amount_hint: ctx.t_args("refund-amount-hint", &[("max", "{max}")]),
        note: ctx.t("refund-note"),
        note_placeholder: ctx.t("refund-note-placeholder"),
        count: ctx.t_args("refund-note-count", &[("count", "{count}"), ("max", &note_max)]),
        vouchers: ctx.t("refund-vouchers"),
        vouchers_hint: ctx.t_args("refund-vouchers-hint", &[("max", &MAX_VOUCHERS.to_string())]),
        submit: ctx.t("refund-submit"),
        submitting: ctx.t("refund-submitting"),
        failed: ctx.t("refund-failed"),
        reason_missing: ctx.t("error-refund-reason"),
        goods_min: ctx.t("error-refund-goods-min"),
        goods_max: ctx.t_args("error-refund-goods-max", &[("max", "{max}")]),
        amount_min: ctx.t("error-refund-amount-min"),
        amount_max: ctx.t_args("error-refund-amount-max", &[("max", "{max}")]),
        note_long: ctx.t_args("error-refund-note", &[("max", &note_max)]),
        messages: field_messages(
            ctx,
            &[
                ("type", "error-refund-apply-type"),
                ("type", "error-refund-not-shipped"),
                ("reason", "error-refund-reason"),
                ("goods", "error-refund-goods-min"),
                ("goods", "error-refund-goods-max"),
                ("amount", "error-refund-amount-min"),
                ("amount", "error-refund-amount-max"),
                ("note", "error-refund-note"),
                ("note", "error-refund-note-control"),
                ("vouchers", "error-refund-vouchers"),
                ("vouchers", "error-refund-voucher"),
            ],
        ),
    }
}

fn proof_labels(ctx: &PageCtx) -> ProofLabels {
    let digits = MOBILE_DIGITS.to_string();
    ProofLabels {
        carrier: ctx.t("refund-carrier"),
        tracking: ctx.t("refund-tracking"),
        mobile: ctx.t("refund-mobile"),
        mobile_hint: ctx.t_args("refund-mobile-hint", &[("digits", &digits)]),
        submit: ctx.t("refund-proof-submit"),
        submitting: ctx.t("refund-submitting"),
        failed: ctx.t("refund-failed"),
        carrier_error: ctx.t_args("error-refund-carrier", &[("max", &CARRIER_MAX_CHARS.to_string())]),
        tracking_error: ctx.t_args("error-refund-tracking", &[("max", &TRACKING_MAX_CHARS.to_string())]),
        mobile_error: ctx.t_args("error-refund-mobile", &[("digits", &digits)]),
        messages: field_messages(
            ctx,
            &[
                ("carrier", "error-refund-carrier"),
                ("tracking", "error-refund-tracking"),
                ("mobile", "error-refund-mobile"),
            ],
        ),
    }
}

fn action_labels(ctx: &PageCtx) -> ActionLabels {
    let max = NOTE_MAX_CHARS.to_string();
    ActionLabels {
        withdraw: ctx.t("refund-withdraw"),
        withdraw_confirm: ctx.t("refund-withdraw-confirm"),
        intervene: ctx.t("refund-intervene"),
        reason: ctx.t("refund-intervene-reason"),
        count: ctx.t_args("refund-note-count", &[("count", "{count}"), ("max", &max)]),
        vouchers: ctx.t("refund-vouchers"),
        vouchers_hint: ctx.t_args("refund-vouchers-hint", &[("max", &MAX_INTERVENTION_VOUCHERS.to_string())]),
        submit: ctx.t("refund-intervene-submit"),
        submitting: ctx.t("refund-submitting"),
        cancel: ctx.t("refund-cancel"),
        failed: ctx.t("refund-failed"),
        reason_missing: ctx.t_args("error-refund-intervention-reason", &[("max", &max)]),
        reason_long: ctx.t_args("error-refund-intervention-reason", &[("max", &max)]),
    }
}

fn type_key(kind: i32) -> &'static str {
    if kind == apply_type::RETURN_AND_REFUND {
        "refund-type-return"
    } else {
        "refund-type-refund-only"
    }
}

/// `/user-center/uc-return?status=&current=`: the buyer's applications by status, newest first.
#[component]
pub fn MyReturnsPage() -> impl IntoView {
    let ctx = page_ctx();
    let status = query_param(&ctx.prefs.query, "status")
        .and_then(|s| s.trim().parse::<i32>().ok())
        .filter(|s| TABS.iter().any(|(code, _)| code == s))
        .unwrap_or(refund_filter::EVERY);
    let current = page_param(&ctx.prefs.query, "current");
    let client = ApiClient::from_context(ctx.lang());
    let query = vec![("status", status.to_string()), ("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
    let href = move |code: i32, page: i64| {
        if page > 1 {
            format!("{UC_PATH}?status={code}&current={page}")
        } else {
            format!("{UC_PATH}?status={code}")
        }
    };
    let title = ctx.t("uc-nav-return");
    view! {
        <PageMeta title=title.clone() description=String::new() canonical=UC_PATH.to_string() />
        <h1 class="user-center__title">{title.clone()}</h1>
        <nav class="tabs uc-return-tabs" aria-label=title data-testid="uc-return-tabs">
            {TABS.iter().map(|(code, label)| {
                let here = *code == status;
                view! {
                    <a class="tabs__tab" class:is-current=here aria-current=here.then_some("page") href=href(*code, 1)
                        data-testid=format!("uc-return-tab-{code}")>{ctx.t(label)}</a>
                }
            }).collect_view()}
        </nav>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                match client.get::<Page<OrderRefund>>(api::paths::ORDER_REFUND_LIST, &query).await {
                    Ok(page) if !page.records.is_empty() => {
                        let pages = page.pages;
                        view! {
                            <ul class="uc-returns" data-testid="uc-returns">
                                {page.records.into_iter().map(|r| refund_card(&ctx, r)).collect_view()}
                            </ul>
                            {(pages > 1).then(|| view! { <Pager current=current pages=pages href=move |p| href(status, p) /> })}
                        }.into_any()
                    }
                    Ok(_) => {
                        let key = match status {
                            refund_filter::PROCEEDING => "refund-empty-proceeding",
                            refund_filter::COMPLETED => "refund-empty-completed",
                            refund_filter::CLOSED => "refund-empty-closed",
                            _ => "refund-empty-all",
                        };
                        view! {
                            <EmptyState kind=EmptyKind::Order title=ctx.t(key)
                                action=(ctx.t("uc-nav-orders"), "/user-center/uc-order".to_string()) test_id="uc-returns-empty" />
                        }.into_any()
                    }
                    Err(_) => view! {
                        <EmptyState kind=EmptyKind::Order title=ctx.t("refund-load-failed")
                            action=(ctx.t("uc-order-retry"), href(status, current)) test_id="uc-returns-failed" />
                    }.into_any(),
                }
            })}
        </Suspense>
    }
}

fn refund_card(ctx: &PageCtx, r: OrderRefund) -> impl IntoView {
    let detail = detail_href(&r.refund_sn);
    view! {
        <li class="uc-return" data-testid="uc-return" data-sn=r.refund_sn.clone() data-status=r.refund_sts>
            <header class="uc-return__head">
                <span>{r.shop_name.clone()}</span>
                <span>{ctx.t_args("refund-sn", &[("number", &r.refund_sn)])}</span>
                <time>{format_time(r.apply_time)}</time>
                <strong class="uc-return__status" data-testid="uc-return-status">{ctx.t(status_key(r.refund_sts))}</strong>
            </header>
            <div class="uc-return__body">
                <img src=r.pic.clone() alt="" width="64" height="64" loading="lazy" onerror=IMG_FALLBACK />
                <span class="uc-return__name">
                    {r.prod_name.clone()}
                    {(r.order_item_id == 0).then(|| view! { <small>{ctx.t("refund-whole-order")}</small> })}
                    {(!r.sku_name.is_empty() && r.order_item_id != 0).then(|| view! { <small>{r.sku_name.clone()}</small> })}
                </span>
                <span>{ctx.t(type_key(r.apply_type))}</span>
                <span>{ctx.t_args("uc-order-quantity", &[("count", &r.goods_num.to_string())])}</span>
                <strong data-testid="uc-return-amount">{ctx.money(r.refund_amount)}</strong>
                <a class="button" href=detail data-testid="uc-return-detail">{ctx.t("uc-order-details")}</a>
            </div>
        </li>
    }
}

/// `/user-center/apply-return?orderNumber=&orderItemId=`: the application form of one of the
/// buyer's orders.
#[component]
pub fn ApplyReturnPage() -> impl IntoView {
    let ctx = page_ctx();
    let number = order_number_param(&ctx);
    let item_id = query_param(&ctx.prefs.query, "orderItemId").and_then(|i| i.trim().parse::<i64>().ok()).unwrap_or(0);
    let client = ApiClient::from_context(ctx.lang());
    let title = ctx.t("refund-apply-title");
    view! {
        <PageMeta title=title.clone() description=String::new() canonical=crate::refunds::APPLY_PATH.to_string() />
        <h1 class="user-center__title">{title}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let path = api::paths::ORDER_REFUND_REFUNDABLE;
                match fetch_buyers_order::<RefundableOrder>(&client, path, &number).await {
                    None => order_not_found(&ctx, "error-refund-order-not-found", "refund-apply-missing"),
                    Some(order) => {
                        let detail = crate::payments::rules::order_href(&order.order_number);
                        let open = order.refundable;
                        view! {
                            <p class="refund-apply__order">
                                <a href=detail.clone()>{ctx.t_args("order-number", &[("number", &order.order_number)])}</a>
                                " · "
                                {ctx.t("refund-paid")}" "<strong>{ctx.money(order.actual_total)}</strong>
                            </p>
                            <p class="field__hint">{ctx.t("refund-reply-rule")}</p>
                            {if open {
                                view! { <RecordsIsland part={RecordsPart::RefundApplyForm(ApplyForm { order, item_id, labels: apply_labels(&ctx) })} /> }.into_any()
                            } else {
                                view! {
                                    <p class="refund-apply__closed" role="status" data-testid="refund-apply-closed">{ctx.t("error-refund-not-refundable")}</p>
                                    <p><a class="button" href=UC_PATH>{ctx.t("uc-nav-return")}</a>" "<a class="button" href=detail>{ctx.t("uc-order-details")}</a></p>
                                }.into_any()
                            }}
                        }.into_any()
                    }
                }
            })}
        </Suspense>
    }
}

async fn detail_of(client: &ApiClient, sn: &str) -> Option<OrderRefundDetail> {
    if sn.is_empty() {
        return None;
    }
    client.get::<OrderRefundDetail>(api::paths::ORDER_REFUND_INFO, &[("refundSn", sn.to_string())]).await.ok()
}

fn missing(ctx: &PageCtx, test_id: &'static str) -> AnyView {
    view! {
        <EmptyState kind=EmptyKind::NotFound title=ctx.t("error-refund-not-found")
            action=(ctx.t("uc-nav-return"), UC_PATH.to_string()) test_id=test_id />
    }
    .into_any()
}

/// `/user-center/return-proof?refundSn=`: the return shipment of an accepted return.
#[component]
pub fn ReturnProofPage() -> impl IntoView {
    let ctx = page_ctx();
    let sn = query_param(&ctx.prefs.query, "refundSn").map(|n| n.trim().to_string()).unwrap_or_default();
    let client = ApiClient::from_context(ctx.lang());
    let title = ctx.t("refund-proof-title");
    view! {
        <PageMeta title=title.clone() description=String::new() canonical=crate::refunds::PROOF_PATH.to_string() />
        <h1 class="user-center__title">{title}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                match detail_of(&client, &sn).await {
                    None => missing(&ctx, "refund-proof-missing"),
                    Some(d) => {
                        let back = detail_href(&d.refund.refund_sn);
                        view! {
                            <p><a href=back.clone()>{ctx.t_args("refund-sn", &[("number", &d.refund.refund_sn)])}</a>
                                " · "{d.refund.prod_name.clone()}</p>
                            {if d.can_ship {
                                view! {
                                    <p class="field__hint">{ctx.t("refund-proof-hint")}</p>
                                    <RecordsIsland part={RecordsPart::ProofForm(ProofForm { refund_sn: d.refund.refund_sn.clone(), labels: proof_labels(&ctx) })} />
                                }.into_any()
                            } else {
                                view! {
                                    <p role="status" data-testid="refund-proof-closed">{ctx.t("refund-proof-not-now")}</p>
                                    <p><a class="button" href=back>{ctx.t("uc-order-details")}</a></p>
                                }.into_any()
                            }}
                        }.into_any()
                    }
                }
            })}
        </Suspense>
    }
}

/// The progress of an application: every step that happened with its time (and what was said
/// with it), then the steps still to come.
#[component]
pub fn RefundProgress(detail: OrderRefundDetail) -> impl IntoView {
    let ctx = page_ctx();
    let to_come = steps_to_come(detail.refund.apply_type, detail.refund.refund_sts);
    view! {
        <section class="order-section refund-progress" data-testid="refund-progress" aria-labelledby="refund-progress-title">
            <h2 class="order-section__title" id="refund-progress-title">{ctx.t("refund-progress")}</h2>
            <ol class="refund-steps">
                {detail.steps.iter().map(|s| view! {
                    <li class="refund-steps__step is-done" data-testid="refund-step" data-step=s.step>
                        <span class="refund-steps__name">{ctx.t(step_key(s.step))}</span>
                        <time>{format_time(s.time)}</time>
                        {(!s.note.is_empty()).then(|| view! { <p class="refund-steps__note">{s.note.clone()}</p> })}
                    </li>
                }).collect_view()}
                {to_come.into_iter().map(|step| view! {
                    <li class="refund-steps__step is-pending" data-testid="refund-step-pending" data-step=step>
                        <span class="refund-steps__name">{ctx.t(step_key(step))}</span>
                        <span class="refund-steps__pending">{ctx.t("refund-step-pending")}</span>
                    </li>
                }).collect_view()}
            </ol>
            {detail.auto_refunded.then(|| view! {
                <p class="refund-progress__note" data-testid="refund-auto">{ctx.t("refund-auto-refunded")}</p>
            })}
            {(detail.reply_deadline > 0).then(|| view! {
                <p class="refund-progress__note" data-testid="refund-deadline">
                    {ctx.t_args("refund-reply-by", &[("time", &format_time(detail.reply_deadline))])}
                </p>
            })}
        </section>
    }
}

/// `/return-detail?refundSn=`: an application, its progress and what the buyer may do.
#[component]
pub fn ReturnDetailPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let sn = query_param(&ctx.prefs.query, "refundSn").map(|n| n.trim().to_string()).unwrap_or_default();
    let client = ApiClient::from_context(ctx.lang());
    let canonical = format!("{DETAIL_PATH}?refundSn={}", encode(&sn));
    view! {
        <PageMeta title=ctx.t("refund-detail-title") description=String::new() canonical=canonical />
        <div class="container order-page refund-detail" data-testid="refund-detail">
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    match detail_of(&client, &sn).await {
                        None => view! { <h1>{ctx.t("refund-detail-title")}</h1> {missing(&ctx, "refund-detail-missing")} }.into_any(),
                        Some(d) => detail_view(&ctx, d).into_any(),
                    }
                })}
            </Suspense>
        </div>
    }
    .into_any()
}

fn pictures(ctx: &PageCtx, pics: &[String]) -> impl IntoView {
    let count = pics.len().to_string();
    view! {
        <ul class="review__pics" data-testid="refund-vouchers-shown">
            {pics.iter().enumerate().map(|(i, pic)| {
                let alt = ctx.t_args("refund-voucher-alt", &[("number", &(i + 1).to_string()), ("count", &count)]);
                view! { <li><a href=pic.clone() target="_blank" rel="noopener">
                    <img src=pic.clone() alt=alt width="72" height="72" loading="lazy" onerror=IMG_FALLBACK />
                </a></li> }
            }).collect_view()}
        </ul>
    }
}

fn detail_view(ctx: &PageCtx, d: OrderRefundDetail) -> impl IntoView {
    let r = d.refund.clone();
    let order = crate::payments::rules::order_href(&r.order_number);
    view! {
        <header class="order-head">
            <div>
                <h1 class="order-head__title">{ctx.t("refund-detail-title")}</h1>
                <p class="order-head__number">{ctx.t_args("refund-sn", &[("number", &r.refund_sn)])}</p>
            </div>
            <p class="order-head__status" data-testid="refund-status" data-status=r.refund_sts>{ctx.t(status_key(r.refund_sts))}</p>
            {d.can_ship.then(|| view! {
                <a class="button button--primary" href=proof_href(&r.refund_sn) data-testid="refund-proof-link">{ctx.t("refund-proof-title")}</a>
            })}
        </header>
        <RecordsIsland part={RecordsPart::RefundActions(RefundActions { refund_sn: r.refund_sn.clone(), can_withdraw: d.can_withdraw, can_intervene: d.can_intervene, labels: action_labels(ctx) })} />
        <RefundProgress detail=d.clone() />
        <section class="order-section">
            <h2 class="order-section__title">{ctx.t("refund-application")}</h2>
            <dl class="refund-facts" data-testid="refund-facts">
                <dt>{ctx.t("refund-order")}</dt>
                <dd><a href=order>{r.order_number.clone()}</a></dd>
                <dt>{ctx.t("refund-goods-label")}</dt>
                <dd>
                    <img src=r.pic.clone() alt="" width="40" height="40" loading="lazy" onerror=IMG_FALLBACK />
                    " "{r.prod_name.clone()}
                    {(r.order_item_id == 0).then(|| view! { " · "{ctx.t("refund-whole-order")} })}
                </dd>
                <dt>{ctx.t("refund-kind")}</dt>
                <dd>{ctx.t(type_key(r.apply_type))}</dd>
                <dt>{ctx.t("refund-reason")}</dt>
                <dd>{ctx.t(reason_key(r.buyer_reason))}</dd>
                <dt>{ctx.t("refund-goods")}</dt>
                <dd>{r.goods_num}</dd>
                <dt>{ctx.t("refund-amount-label")}</dt>
                <dd><strong data-testid="refund-amount-shown">{ctx.money(r.refund_amount)}</strong></dd>
                <dt>{ctx.t("refund-applied-at")}</dt>
                <dd>{format_time(r.apply_time)}</dd>
                {(!d.buyer_msg.is_empty()).then(|| view! {
                    <dt>{ctx.t("refund-note")}</dt>
                    <dd class="refund-facts__text">{d.buyer_msg.clone()}</dd>
                })}
                {(!d.photo_files.is_empty()).then(|| view! {
                    <dt>{ctx.t("refund-vouchers")}</dt>
                    <dd>{pictures(ctx, &d.photo_files)}</dd>
                })}
                {(!d.express_no.is_empty()).then(|| view! {
                    <dt>{ctx.t("refund-shipment")}</dt>
                    <dd data-testid="refund-shipment">{format!("{} · {} · {}", d.express_name, d.express_no, d.mobile)}</dd>
                })}
                {(!d.intervention_msg.is_empty()).then(|| view! {
                    <dt>{ctx.t("refund-intervention")}</dt>
                    <dd class="refund-facts__text">{d.intervention_msg.clone()}</dd>
                })}
                {(!d.intervention_files.is_empty()).then(|| view! {
                    <dt>{ctx.t("refund-vouchers")}</dt>
                    <dd>{pictures(ctx, &d.intervention_files)}</dd>
                })}
            </dl>
        </section>
        <p class="refund-detail__links">
            <a class="button" href=UC_PATH>{ctx.t("uc-nav-return")}</a>
            " "
            <a class="button" href=format!("{PROGRESS_PATH}?refundSn={}", encode(&r.refund_sn))>{ctx.t("refund-progress")}</a>
        </p>
    }
}

/// `/return-detail/components/refund-progress?refundSn=`: an application's progress alone.
#[component]
pub fn RefundProgressPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let sn = query_param(&ctx.prefs.query, "refundSn").map(|n| n.trim().to_string()).unwrap_or_default();
    let client = ApiClient::from_context(ctx.lang());
    let canonical = format!("{PROGRESS_PATH}?refundSn={}", encode(&sn));
    view! {
        <PageMeta title=ctx.t("refund-progress") description=String::new() canonical=canonical />
        <div class="container order-page refund-detail" data-testid="refund-progress-page">
            <h1>{ctx.t("refund-progress")}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    match detail_of(&client, &sn).await {
                        None => missing(&ctx, "refund-progress-missing"),
                        Some(d) => {
                            let back = detail_href(&d.refund.refund_sn);
                            let summary = format!("{} · {}", ctx.t(status_key(d.refund.refund_sts)), ctx.money(d.refund.refund_amount));
                            view! {
                                <p><a href=back>{ctx.t_args("refund-sn", &[("number", &d.refund.refund_sn)])}</a>" · "{summary}</p>
                                <RefundProgress detail=d />
                            }.into_any()
                        }
                    }
                })}
            </Suspense>
        </div>
    }
    .into_any()
}

/// The "Apply for refund" link of an order, where it may have one.
pub fn apply_action(
    ctx: &PageCtx,
    order_number: &str,
    status: i32,
    order_type: i32,
    test_id: &'static str,
) -> impl IntoView {
    crate::refunds::refundable(status, order_type).then(|| {
        view! { <a class="button" href=apply_href(order_number, 0) data-testid=test_id>{ctx.t("refund-action")}</a> }
    })
}
