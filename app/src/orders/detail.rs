//! `/order-detail?orderNumber=` (page id 9): one of the buyer's orders from
//! `/p/myOrder/orderDetail`: its state in words, its progress, the address, items, amounts and
//! message, the payment deadline of an unpaid order, and what the buyer can do with it. Guests
//! go to /login; an unknown order, or another buyer's, is the 404 page.

use crate::api_client::ApiClient;
use crate::components::countdown::Countdown;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::frame::visit_tracker::VisitTracker;
use crate::notices::pages::format_time;
use crate::orders::order_actions::OrderAction;
use crate::orders::order_actions::{order_actions, OrderActions};
use crate::orders::rules::status_key;
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::analytics::page_id;
use api::orders::{order_status, OrderDetail};
use leptos::prelude::*;

/// The progress of an order: each step's Fluent key and time, in order, those that happened.
pub fn timeline(order: &OrderDetail) -> Vec<(&'static str, i64)> {
    let finished = if order.status == order_status::CANCELED { None } else { order.finally_time };
    [
        ("order-time-created", Some(order.create_time)),
        ("order-time-paid", order.pay_time),
        ("order-time-shipped", order.dvy_time),
        ("order-time-finished", finished),
        ("order-time-canceled", order.cancel_time),
    ]
    .into_iter()
    .filter_map(|(key, time)| time.filter(|t| *t > 0).map(|t| (key, t)))
    .collect()
}

/// What the buyer can do with an order in this state: cancel while unpaid, confirm receipt
/// once shipped.
pub fn action_kinds(status: i32) -> &'static [&'static str] {
    match status {
        order_status::UNPAID => &["cancel"],
        order_status::SHIPPED => &["receipt"],
        _ => &[],
    }
}

/// The actions the buyer has on an order in `status`, with their texts (the order's page and
/// the user centre's list).
pub(crate) fn actions(ctx: &PageCtx, status: i32) -> Vec<OrderAction> {
    action_kinds(status)
        .iter()
        .map(|kind| OrderAction {
            kind: kind.to_string(),
            label: ctx.t(&format!("order-{kind}")),
            confirm: ctx.t(&format!("order-{kind}-confirm")),
            keep: ctx.t("order-action-keep"),
        })
        .collect()
}

#[component]
pub fn OrderDetailPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let number = query_param(&ctx.prefs.query, "orderNumber").map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let Some(number) = number else { return view! { <NotFoundPage /> }.into_any() };
                let query = [("orderNumber", number)];
                match client.get::<OrderDetail>(api::paths::MY_ORDER_DETAIL, &query).await {
                    Ok(order) => view! { <Order order=order /> }.into_any(),
                    Err(_) => view! { <NotFoundPage /> }.into_any(),
                }
            })}
        </Suspense>
    }
    .into_any()
}

#[component]
fn Order(order: OrderDetail) -> impl IntoView {
    let ctx = page_ctx();
    let status = ctx.t(status_key(order.status));
    let number = order.order_number.clone();
    let canonical = format!("/order-detail?orderNumber={}", crate::url::encode(&number));
    let minus = |p: api::money::Price| format!("−{}", ctx.money(p));
    let deadline = order.expire_time.filter(|_| order.status == order_status::UNPAID);
    let amount = |key: &str, value: String, test: &'static str| {
        view! { <div class="order-amounts__line"><dt>{ctx.t(key)}</dt><dd data-testid=test>{value}</dd></div> }
    };
    let freight = if order.transfee.0 > 0 { ctx.money(order.transfee) } else { ctx.t("order-freight-free") };
    let points = order.use_points.to_string();
    // points-mall: paid with points, shown in points, neither refunded nor invoiced
    let points_order = crate::points_mall::is_points_order(order.order_type);
    let points_each = |units: i64| crate::points_mall::points_per_unit(order.order_score, units);
    let unit_price = |item: &api::orders::OrderItem| {
        if points_order {
            crate::points_mall::points_text(&ctx, points_each(item.prod_count))
        } else {
            ctx.money(item.price)
        }
    };
    let line_total = |item: &api::orders::OrderItem| {
        if points_order {
            crate::points_mall::points_text(&ctx, points_each(item.prod_count) * item.prod_count)
        } else {
            ctx.money(item.product_total_amount)
        }
    };
    let addr = order.user_addr.clone();
    let group = order.group_team.clone().map(|team| {
        let needed = (team.group_number - team.joined_count).max(0).to_string();
        let state = match team.status {
            api::orders::group_team_status::WAITING => ctx.t("order-group-waiting"),
            api::orders::group_team_status::OPEN => ctx.t_args("order-group-open", &[("count", &needed)]),
            api::orders::group_team_status::FILLED => ctx.t("order-group-filled"),
            _ => ctx.t("order-group-failed"),
        };
        let places = ctx.t_args(
            "order-group-places",
            &[("joined", &team.joined_count.to_string()), ("places", &team.group_number.to_string())],
        );
        view! {
            <section class="order-section" data-testid="order-group">
                <h2 class="order-section__title">{ctx.t("order-group-title")}</h2>
                <p data-testid="order-group-state" data-status=team.status>{state}</p>
                <p class="order-group__places">{places}</p>
            </section>
        }
    });
    view! {
        <PageMeta title=ctx.t("order-detail-title") description=status.clone() canonical=canonical />
        <VisitTracker page_id=page_id::ORDER_DETAIL biz_data=number.clone() signed_in=true />
        <div class="container order-page" data-testid="order-detail">
            <header class="order-head">
                <div>
                    <h1 class="order-head__title">{ctx.t("order-detail-title")}</h1>
                    <p class="order-head__number">{ctx.t_args("order-number", &[("number", &number)])}</p>
                </div>
                <p class="order-head__status" data-testid="order-status" data-status=order.status>{status}</p>
                // points-mall
                {crate::points_mall::order_badge(&ctx, order.order_type)}
                {deadline.map(|end| view! {
                    <Countdown end_ms=end server_now_ms=crate::context::now_ms() label=ctx.t("order-pay-within") />
                })}
                {(order.status == order_status::UNPAID).then(|| view! {
                    <a class="button button--primary order-pay" data-testid="order-pay"
                        href=crate::payments::rules::payment_href(&number).unwrap_or_else(|| "/payment".into())>
                        {ctx.t("payment-pay-now")}
                    </a>
                })}
                {order_actions(OrderActions { order_number: number.clone(), actions: actions(&ctx, order.status), asking: query_param(&ctx.prefs.query, api::forms::ASK_QUERY) })}
                // invoices
                {(!points_order).then(|| view! { <crate::invoices::pages::InvoiceAction order_number=number.clone() status=order.status /> })}
                // refunds
                {crate::refunds::pages::apply_action(&ctx, &number, order.status, order.order_type, "order-refund")}
            </header>
            <section class="order-section">
                <h2 class="order-section__title">{ctx.t("order-timeline")}</h2>
                <ol class="order-timeline" data-testid="order-timeline">
                    {timeline(&order).into_iter().map(|(key, time)| view! {
                        <li><span>{ctx.t(key)}</span><time>{format_time(time)}</time></li>
                    }).collect_view()}
                </ol>
            </section>
            {group}
            <section class="order-section">
                <h2 class="order-section__title">{ctx.t("order-address")}</h2>
                <p class="order-address" data-testid="order-address">
                    <strong>{addr.receiver}</strong>" "<span>{addr.mobile}</span><br />
                    <span>{addr.addr}</span>" "<span>{addr.post_code}</span>
                </p>
            </section>
            <section class="order-section">
                <h2 class="order-section__title">
                    <a href=format!("/shop-index?sid={}", order.shop_id)>{order.shop_name.clone()}</a>
                </h2>
                <ul class="checkout-items" data-testid="order-items">
                    {order.order_item_dtos.iter().map(|item| view! {
                        <li class="checkout-item">
                            <img src=item.pic.clone() alt="" width="64" height="64" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                            <span class="checkout-item__name">
                                <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                                {(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}
                            </span>
                            <span class="checkout-item__price" data-testid="order-item-price">{unit_price(item)}" × "{item.prod_count}</span>
                            <strong class="checkout-item__total" data-testid="order-item-total">{line_total(item)}</strong>
                        </li>
                    }).collect_view()}
                </ul>
                {(!order.remarks.trim().is_empty()).then(|| view! {
                    <p class="order-remarks"><strong>{ctx.t("order-remarks")}</strong>" "<span data-testid="order-remarks">{order.remarks.clone()}</span></p>
                })}
            </section>
            {points_order.then(|| view! {
                <section class="order-section">
                    <dl class="order-amounts" data-testid="order-amounts">
                        <div class="order-amounts__line order-amounts__line--total">
                            <dt>{ctx.t("order-points-paid")}</dt>
                            <dd data-testid="order-points-paid">{crate::points_mall::points_text(&ctx, order.order_score)}</dd>
                        </div>
                    </dl>
                </section>
            })}
            {(!points_order).then(|| view! {
            <section class="order-section">
                <dl class="order-amounts" data-testid="order-amounts">
                    {amount("order-goods-total", ctx.money(order.total), "order-goods-total")}
                    {amount("order-freight", freight, "order-freight")}
                    {(order.coupon_reduce.0 > 0).then(|| amount("order-coupons-total", minus(order.coupon_reduce), "order-coupon-reduce"))}
                    {(order.member_reduce.0 > 0).then(|| amount("order-member-discount", minus(order.member_reduce), "order-member-reduce"))}
                    {(order.points_reduce.0 > 0).then(|| view! {
                        <div class="order-amounts__line">
                            <dt>{ctx.t_args("order-points-used", &[("points", &points)])}</dt>
                            <dd data-testid="order-points-reduce">{minus(order.points_reduce)}</dd>
                        </div>
                    })}
                    <div class="order-amounts__line order-amounts__line--total">
                        <dt>{ctx.t("order-actual-total")}</dt>
                        <dd data-testid="order-actual-total">{ctx.money(order.actual_total)}</dd>
                    </div>
                </dl>
            </section>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::addresses::UserAddr;

    fn order(status: i32) -> OrderDetail {
        OrderDetail {
            order_number: "1".into(),
            shop_id: 1,
            status,
            create_time: 1000,
            expire_time: Some(2000),
            user_addr: UserAddr { addr_id: 1, common_addr: 1, ..Default::default() },
            ..Default::default()
        }
    }

    #[test]
    fn the_timeline_lists_what_happened_in_order() {
        let mut o = order(order_status::COMPLETED);
        o.pay_time = Some(1100);
        o.dvy_time = Some(1200);
        o.finally_time = Some(1300);
        let keys: Vec<_> = timeline(&o).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["order-time-created", "order-time-paid", "order-time-shipped", "order-time-finished"]);
        let mut canceled = order(order_status::CANCELED);
        canceled.cancel_time = Some(1500);
        canceled.finally_time = Some(1500);
        let keys: Vec<_> = timeline(&canceled).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["order-time-created", "order-time-canceled"]);
    }

    #[test]
    fn unpaid_orders_cancel_and_shipped_ones_confirm_receipt() {
        assert_eq!(action_kinds(order_status::UNPAID), ["cancel"]);
        assert_eq!(action_kinds(order_status::SHIPPED), ["receipt"]);
        assert!(action_kinds(order_status::COMPLETED).is_empty());
        assert!(action_kinds(order_status::CANCELED).is_empty());
    }
}
