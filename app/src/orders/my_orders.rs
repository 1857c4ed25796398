//! `/user-center/uc-order?status=&prodName=&current=` (page id 13): the buyer's orders from
//! `GET /p/myOrder/myOrder`, by status tab (all, pending payment, pending delivery, pending
//! receipt, pending evaluation, completed, canceled, grouping), searched by product name, a
//! page at a time. Tabs, search and pages are plain links and a GET form, so the page works
//! without JavaScript; each order card has the actions of its state: Pay (the checkout
//! counter), Cancel and Confirm receipt (the order page's own island, each after a
//! confirmation), View details.

use crate::api_client::{ApiClient, ApiFailure};
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::components::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::frame::visit_tracker::VisitTracker;
use crate::notices::pages::format_time;
use crate::orders::order_actions::{order_actions, OrderActions};
use crate::orders::rules::status_key;
use crate::url::{encode, query_param};
use api::analytics::page_id;
use api::catalog::Page;
use api::orders::{order_status, MyOrder, OrderCount};
use leptos::prelude::*;

/// The path of this page.
pub const PATH: &str = "/user-center/uc-order";

/// Orders per page.
pub const PAGE_SIZE: i64 = 10;

/// The results region that shows skeletons while the next tab or page loads.
const RESULTS_REGION: &str = "uc-order-results";

/// The tabs in order: the list's status code (0 for all) and the tab's Fluent label.
pub const TABS: [(i32, &str); 8] = [
    (0, "uc-order-tab-all"),
    (order_status::UNPAID, "order-status-unpaid"),
    (order_status::PAID, "order-status-paid"),
    (order_status::SHIPPED, "order-status-shipped"),
    (order_status::RECEIVED, "order-status-received"),
    (order_status::COMPLETED, "order-status-completed"),
    (order_status::CANCELED, "order-status-canceled"),
    (order_status::GROUPING, "order-status-grouping"),
];

/// What the page was asked for: the tab, the name searched (trimmed; empty for none) and the
/// page. An unknown tab or page is the first one; the name is sent as typed (the server
/// refuses one too long, and the page shows why).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub status: i32,
    pub prod_name: String,
    pub current: i64,
}

/// Reads the page's query.
pub fn requested(query: &str) -> Request {
    let status = query_param(query, "status")
        .and_then(|s| s.trim().parse::<i32>().ok())
        .filter(|s| TABS.iter().any(|(code, _)| code == s))
        .unwrap_or(0);
    let prod_name = query_param(query, "prodName").map(|n| n.trim().to_string()).unwrap_or_default();
    let current =
        query_param(query, "current").and_then(|p| p.trim().parse::<i64>().ok()).filter(|p| *p >= 1).unwrap_or(1);
    Request { status, prod_name, current }
}

/// The address of a tab's page `current` with a name search (empty for none); defaults are
/// left out, so the first page of all orders is the bare path.
pub fn href(status: i32, prod_name: &str, current: i64) -> String {
    let mut query = Vec::new();
    if status != 0 {
        query.push(format!("status={status}"));
    }
    if !prod_name.is_empty() {
        query.push(format!("prodName={}", encode(prod_name)));
    }
    if current > 1 {
        query.push(format!("current={current}"));
    }
    if query.is_empty() {
        PATH.to_string()
    } else {
        format!("{PATH}?{}", query.join("&"))
    }
}

/// The number of the buyer's orders in a tab's state (`None` for all).
pub fn count_of(counts: &OrderCount, status: i32) -> Option<i64> {
    match status {
        order_status::UNPAID => Some(counts.un_pay),
        order_status::PAID => Some(counts.payed),
        order_status::SHIPPED => Some(counts.consignment),
        order_status::RECEIVED => Some(counts.confirm),
        order_status::COMPLETED => Some(counts.success),
        order_status::CANCELED => Some(counts.close),
        order_status::GROUPING => Some(counts.grouping),
        _ => None,
    }
}

/// Whether a tab shows how many orders wait in it: the states the buyer or a shop still acts on.
fn counted(status: i32) -> bool {
    matches!(
        status,
        order_status::UNPAID
            | order_status::PAID
            | order_status::SHIPPED
            | order_status::RECEIVED
            | order_status::GROUPING
    )
}

/// The Fluent key of a tab's empty state.
pub fn empty_key(status: i32) -> &'static str {
    match status {
        order_status::UNPAID => "uc-order-empty-unpaid",
        order_status::PAID => "uc-order-empty-paid",
        order_status::SHIPPED => "uc-order-empty-shipped",
        order_status::RECEIVED => "uc-order-empty-received",
        order_status::COMPLETED => "uc-order-empty-completed",
        order_status::CANCELED => "uc-order-empty-canceled",
        order_status::GROUPING => "uc-order-empty-grouping",
        _ => "uc-order-empty-all",
    }
}

#[component]
pub fn MyOrdersPage() -> impl IntoView {
    let ctx = page_ctx();
    let request = requested(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let mut query = vec![
        ("status", request.status.to_string()),
        ("current", request.current.to_string()),
        ("size", PAGE_SIZE.to_string()),
    ];
    if !request.prod_name.is_empty() {
        query.push(("prodName", request.prod_name.clone()));
    }
    let title = ctx.t("uc-nav-orders");
    let (status, name) = (request.status, request.prod_name.clone());
    let (tab_name, form_name) = (name.clone(), name.clone());
    let counts_client = client.clone();
    view! {
        <PageMeta title=title.clone() description=String::new() canonical=PATH.to_string() />
        <VisitTracker page_id=page_id::USER_ORDERS signed_in=true />
        <h1 class="user-center__title">{title.clone()}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new({
                let name = tab_name.clone();
                let title = title.clone();
                async move {
                    let ctx = page_ctx();
                    let counts = counts_client.get::<OrderCount>(api::paths::MY_ORDER_COUNT, &[]).await.ok();
                    view! {
                        <nav class="tabs uc-order-tabs" aria-label=title data-testid="uc-order-tabs">
                            {TABS.iter().map(|(code, label)| {
                                let here = *code == status;
                                let count = counts.as_ref().and_then(|c| count_of(c, *code)).filter(|n| *n > 0 && counted(*code));
                                view! {
                                    <a class="tabs__tab" class:is-current=here aria-current=here.then_some("page")
                                        href=href(*code, &name, 1) data-skeleton=RESULTS_REGION
                                        data-testid=format!("uc-order-tab-{code}")>
                                        {ctx.t(label)}
                                        {count.map(|n| view! { <span class="tabs__count" data-testid="uc-order-tab-count">{n}</span> })}
                                    </a>
                                }
                            }).collect_view()}
                        </nav>
                    }
                }
            })}
        </Suspense>
        <SearchForm status=status name=form_name />
        <OrdersSkeleton />
        <div id=RESULTS_REGION data-testid="uc-order-results">
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    match client.get::<Page<MyOrder>>(api::paths::MY_ORDER_LIST, &query).await {
                        Ok(page) if !page.records.is_empty() => {
                            let pages = page.pages;
                            let name = name.clone();
                            view! {
                                <ul class="uc-orders" data-testid="uc-orders">
                                    {page.records.into_iter().map(|order| order_card(&ctx, order)).collect_view()}
                                </ul>
                                <Pager current=request.current pages=pages skeleton=RESULTS_REGION
                                    href=move |p| href(status, &name, p) />
                            }
                            .into_any()
                        }
                        // A page past the last one (an old link): the way back to the first.
                        Ok(page) if page.total > 0 => view! {
                            <EmptyState kind=EmptyKind::Order title=ctx.t("uc-order-past-last")
                                action=(ctx.t("uc-order-first-page"), href(status, &name, 1)) test_id="uc-order-empty" />
                        }
                        .into_any(),
                        Ok(_) if !name.is_empty() => view! {
                            <EmptyState kind=EmptyKind::Search
                                title=ctx.t_args("uc-order-empty-search", &[("name", &name)])
                                action=(ctx.t("uc-order-search-clear"), href(status, "", 1)) test_id="uc-order-empty" />
                        }
                        .into_any(),
                        Ok(_) => view! {
                            <EmptyState kind=EmptyKind::Order title=ctx.t(empty_key(status))
                                action=(ctx.t("cart-go-shopping"), "/".to_string()) test_id="uc-order-empty" />
                        }
                        .into_any(),
                        Err(failure) => load_failed(&ctx, failure, status).into_any(),
                    }
                })}
            </Suspense>
        </div>
    }
}

/// The search by product name: a GET form that keeps the tab.
#[component]
fn SearchForm(status: i32, name: String) -> impl IntoView {
    let ctx = page_ctx();
    let searching = !name.is_empty();
    view! {
        <form class="uc-order-search" method="get" action=PATH role="search" data-testid="uc-order-search">
            {(status != 0).then(|| view! { <input type="hidden" name="status" value=status.to_string() /> })}
            <label class="visually-hidden" for="uc-order-name">{ctx.t("uc-order-search-label")}</label>
            <input id="uc-order-name" class="uc-order-search__input" type="search" name="prodName" value=name.clone()
                placeholder=ctx.t("uc-order-search-placeholder") autocomplete="off" enterkeyhint="search"
                data-testid="uc-order-search-input" />
            <button class="button button--primary" type="submit">{ctx.t("uc-order-search")}</button>
            {searching.then(|| view! {
                <a class="uc-order-search__clear" href=href(status, "", 1) data-testid="uc-order-search-clear">
                    {ctx.t("uc-order-search-clear")}
                </a>
            })}
        </form>
    }
}

/// Why the orders are not shown: the server's message (already in the page's language) for
/// a refused query, else a translated "could not load"; with a way on.
fn load_failed(ctx: &PageCtx, failure: ApiFailure, status: i32) -> impl IntoView {
    let (message, retry) = match failure {
        ApiFailure::Rejected { msg, .. } => (msg, (ctx.t("uc-order-show-all"), href(status, "", 1))),
        ApiFailure::Network(_) => {
            let here = if ctx.prefs.query.is_empty() {
                ctx.prefs.path.clone()
            } else {
                format!("{}?{}", ctx.prefs.path, ctx.prefs.query)
            };
            (ctx.t("uc-order-load-failed"), (ctx.t("uc-order-retry"), here))
        }
    };
    view! {
        <div class="uc-order-error" role="alert" data-testid="uc-order-error">
            <p>{message}</p>
            <a class="button" href=retry.1>{retry.0}</a>
        </div>
    }
}

/// One order: shop, number, time and state; its items; the total and what can be done.
fn order_card(ctx: &PageCtx, order: MyOrder) -> impl IntoView {
    let number = order.order_number.clone();
    // points-mall: paid with points, shown in points
    let points = crate::points_mall::is_points_order(order.order_type);
    let price = |item: &api::orders::OrderItem| {
        if points {
            crate::points_mall::points_text(
                ctx,
                crate::points_mall::points_per_unit(order.order_score, item.prod_count),
            )
        } else {
            ctx.money(item.price)
        }
    };
    let total =
        if points { crate::points_mall::points_text(ctx, order.order_score) } else { ctx.money(order.actual_total) };
    let pay = (order.status == order_status::UNPAID).then(|| crate::payments::rules::payment_href(&number)).flatten();
    let detail = crate::payments::rules::order_href(&number);
    view! {
        <li class="uc-order" data-testid="uc-order" data-order-number=number.clone() data-status=order.status>
            <header class="uc-order__head">
                <a class="uc-order__shop" href=format!("/shop-index?sid={}", order.shop_id)>{order.shop_name.clone()}</a>
                <span class="uc-order__number">{ctx.t_args("order-number", &[("number", &number)])}</span>
                <time class="uc-order__time">{format_time(order.create_time)}</time>
                <strong class="uc-order__status" data-testid="uc-order-status">{ctx.t(status_key(order.status))}</strong>
            </header>
            <ul class="uc-order__items">
                {order.order_item_dtos.iter().map(|item| view! {
                    <li class="uc-order__item" data-testid="uc-order-item">
                        <img src=item.pic.clone() alt="" width="64" height="64" loading="lazy" onerror=IMG_FALLBACK />
                        <span class="uc-order__name">
                            <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                            {(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}
                        </span>
                        <span class="uc-order__price" data-testid="uc-order-price">{price(item)}</span>
                        <span class="uc-order__count">{format!("× {}", item.prod_count)}</span>
                    </li>
                }).collect_view()}
            </ul>
            <footer class="uc-order__foot">
                <span class="uc-order__total">
                    {ctx.t_args("uc-order-quantity", &[("count", &order.total_count.to_string())])}
                    " "
                    {ctx.t("uc-order-total")}
                    " "
                    <strong data-testid="uc-order-total">{total}</strong>
                </span>
                <div class="uc-order__actions">
                    {pay.map(|href| view! {
                        <a class="button button--primary" href=href data-testid="uc-order-pay">{ctx.t("payment-pay-now")}</a>
                    })}
                    {order_actions(OrderActions { order_number: number.clone(), actions: crate::orders::detail::actions(ctx, order.status), asking: None })}
                    // reviews: a received order has items to review (the last review completes it)
                    {(order.status == order_status::RECEIVED).then(|| view! {
                        <a class="button button--primary" href=crate::reviews::pages::write_href(&number) data-testid="uc-order-review">{ctx.t("reviews-action")}</a>
                    })}
                    // invoices: a paid order's invoice, to request or to view
                    {(crate::invoices::invoiceable(order.status) && !points).then(|| view! {
                        <a class="button" href=crate::invoices::detail_href(&number) data-testid="uc-order-invoice">{ctx.t("invoice-action")}</a>
                    })}
                    // refunds: a paid order may have a refund application
                    {crate::refunds::pages::apply_action(ctx, &number, order.status, order.order_type, "uc-order-refund")}
                    <a class="button" href=detail data-testid="uc-order-detail">{ctx.t("uc-order-details")}</a>
                </div>
            </footer>
        </li>
    }
}

/// What the results show while the next tab or page loads.
#[component]
fn OrdersSkeleton() -> impl IntoView {
    let ctx = page_ctx();
    view! {
        <template data-skeleton-for=RESULTS_REGION>
            <div role="status" class="skeleton-status">
                <span class="visually-hidden">{ctx.t("loading")}</span>
                {(0..3).map(|_| view! {
                    <div class="uc-order skeleton" aria-hidden="true">
                        <span class="skeleton__bar skeleton__bar--short"></span>
                        <div class="uc-order__item">
                            <span class="skeleton__block uc-order__skeleton-pic"></span>
                            <span class="skeleton__bar"></span>
                        </div>
                        <span class="skeleton__bar skeleton__bar--price"></span>
                    </div>
                }).collect_view()}
            </div>
        </template>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tab_search_and_page_come_from_the_query() {
        let all = Request { status: 0, prod_name: String::new(), current: 1 };
        assert_eq!(requested(""), all);
        assert_eq!(
            requested("status=3&prodName=%20Silk%20&current=2"),
            Request { status: 3, prod_name: "Silk".into(), current: 2 }
        );
        assert_eq!(requested("status=9&current=0"), all);
        assert_eq!(requested("status=x&current=x&prodName="), all);
        assert_eq!(requested("status=7").status, 7);
    }

    #[test]
    fn links_keep_the_tab_and_search_and_leave_out_defaults() {
        assert_eq!(href(0, "", 1), "/user-center/uc-order");
        assert_eq!(href(1, "", 1), "/user-center/uc-order?status=1");
        assert_eq!(href(3, "rice cooker", 2), "/user-center/uc-order?status=3&prodName=rice%20cooker&current=2");
        assert_eq!(href(0, "a&b", 1), "/user-center/uc-order?prodName=a%26b");
        assert_eq!(
            requested(href(5, "丝巾 & co", 3).split_once('?').unwrap().1),
            Request { status: 5, prod_name: "丝巾 & co".into(), current: 3 }
        );
    }

    #[test]
    fn every_tab_has_a_count_but_all_and_an_empty_state() {
        let counts = OrderCount {
            all_count: 28,
            un_pay: 1,
            payed: 2,
            consignment: 3,
            confirm: 4,
            success: 5,
            close: 6,
            grouping: 7,
        };
        for (code, _) in TABS {
            assert_eq!(count_of(&counts, code), (code != 0).then_some(code as i64), "{code}");
        }
        let keys: std::collections::BTreeSet<_> = TABS.iter().map(|(code, _)| empty_key(*code)).collect();
        assert_eq!(keys.len(), TABS.len());
        assert!(counted(order_status::UNPAID) && !counted(order_status::COMPLETED) && !counted(0));
    }
}
