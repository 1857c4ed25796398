//! The order confirmation island of `/submit-order`: it shows the server's confirmation of what
//! to buy, rendered by the server from the hand-over cookie ([`CheckoutStart`]) or, without
//! one, asked of `/p/order/confirm` as it starts from what `sessionStorage` holds. The buyer picks an
//! address (or adds one), coupons and points, each change asking for a fresh confirmation
//! (`userChangeCoupon=1`), writes a message to each merchant, and submits once; the new orders
//! (one per shop) then go to the checkout counter, `/payment?orderNumbers=`.
//!
//! When the server rendered a confirmation, the page shows it without the island (`plain`,
//! record 0192): the buyer's choices (the address, the coupons, the points) and messages are
//! fields of the Submit Order form, whose Update button asks the server for the confirmation
//! of those choices again (a GET of `/submit-order` with them in the query); the page's script
//! presses it as a choice changes (`widgets/src/checkout.ts`). A new address is added in the
//! address book, which comes back here with it chosen.
//!
//! Submit Order is a plain form (`api::forms::ORDER_SUBMIT`) whose fields (the address, the
//! coupons, the points, the messages) join it by their `form` attribute: before the island is
//! interactive, or with scripts off, the browser posts the buyer's choices; the island then
//! submits the same choices as the JSON call.

use crate::components::address_form::{AddressForm, AddressFormLabels};
use crate::money::DisplayCurrency;
use crate::orders::rules;
use api::addresses::{AddrParam, UserAddr};
use api::money::Price;
use api::orders::{CouponOrder, OrderConfirmation, OrderParam, POINTS_STEP, REMARKS_MAX_CHARS};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The translated texts of the order confirmation. `{count}`, `{max}`, `{days}`, `{points}`
/// and `{step}` are filled in by the island.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckoutLabels {
    pub loading: String,
    pub missing: String,
    pub back_to_cart: String,
    pub failed: String,
    pub retry: String,
    pub address: String,
    pub address_default: String,
    pub address_add: String,
    pub address_none: String,
    /// The shared address form's texts.
    pub address_form: AddressFormLabels,
    pub address_saved: String,
    /// "{count} items", in the form the count takes.
    pub item_count: i18n::CountText,
    pub remarks: String,
    pub remarks_placeholder: String,
    /// "Estimated delivery in {days} days", in the form the count takes.
    pub delivery: i18n::CountText,
    pub freight: String,
    pub freight_free: String,
    pub shop_coupon: String,
    pub platform_coupon: String,
    pub no_coupon: String,
    pub points: String,
    pub points_have: String,
    pub points_step: String,
    pub goods_total: String,
    pub coupons_total: String,
    pub member_discount: String,
    pub points_reduce: String,
    pub actual_total: String,
    pub submit: String,
    pub submitting: String,
    pub updating: String,
    pub expired: String,
    pub submit_failed: String,
    pub empty_image: String,
    /// The plain confirmation's button that prices the choices again.
    #[serde(default)]
    pub update: String,
}

/// What the server rendered the confirmation from: the hand-over (the JSON `sessionStorage`
/// holds, as its cookie carried it), the server's confirmation of it and the buyer's addresses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckoutStart {
    pub entry: String,
    pub confirmation: OrderConfirmation,
    pub addresses: Vec<UserAddr>,
    /// The messages to each shop the buyer typed before asking for this confirmation.
    #[serde(default)]
    pub remarks: BTreeMap<i64, String>,
}

/// The id of the Submit Order form, which the confirmation's fields name as theirs.
const SUBMIT_FORM: &str = "checkout-submit-form";

/// Where the page is (`Ready` when the server rendered a confirmation, else `Loading` until the
/// browser moves on).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Phase {
    Loading,
    /// Nothing to buy in `sessionStorage`.
    Missing,
    /// The first confirmation failed, with what to tell the buyer.
    Failed(String),
    Ready,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Checkout {
    /// `?orderEntry=1`: the buy-now item rather than the settled cart lines.
    pub buy_now: bool,
    pub currency: DisplayCurrency,
    /// The render time, so the token's expiry is judged by the server's clock.
    pub server_now_ms: i64,
    pub labels: CheckoutLabels,
    /// The confirmation the server rendered, if any.
    pub start: Option<CheckoutStart>,
    /// This page's address, where a refused submission returns.
    pub back: String,
    /// Rendered by the server outside the island: choices are re-confirmed by the Update button.
    #[serde(default)]
    pub plain: bool,
    /// Why the server could not confirm the goods (the plain page shows it, with Try again).
    #[serde(default)]
    pub refusal: Option<String>,
}

/// Renders [`Checkout`], as one variant of its group's island (`crate::lazy_islands`).
pub fn checkout(props: Checkout) -> impl IntoView {
    let Checkout { buy_now, currency, server_now_ms, labels, start, back, plain, refusal } = props;
    let labels = StoredValue::new(labels);
    let currency = StoredValue::new(currency);
    let back = StoredValue::new(back);
    let label = move |pick: fn(&CheckoutLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let money = move |p: Price| currency.with_value(|c| c.format(p));

    let (rendered_entry, first, first_addresses, first_remarks) = match start {
        Some(s) => (Some(s.entry), Some(s.confirmation), s.addresses, s.remarks),
        None => (None, None, Vec::new(), BTreeMap::new()),
    };
    // What names the entry in the plain page's query, so that Update asks for the same goods.
    let entry_fields = StoredValue::new(if plain {
        rendered_entry.as_deref().map(|entry| rules::entry_fields(buy_now, entry)).unwrap_or_default()
    } else {
        Vec::new()
    });
    let phase = RwSignal::new(match (&first, refusal) {
        (Some(_), _) => Phase::Ready,
        (None, Some(why)) => Phase::Failed(why),
        (None, None) => Phase::Loading,
    });
    let base = StoredValue::new(None::<OrderParam>);
    let addr_id = RwSignal::new(first.as_ref().and_then(|c| c.user_addr.as_ref()).map_or(0, |a| a.addr_id));
    let conf = RwSignal::new(first);
    let addresses = RwSignal::new(first_addresses);
    let remarks = RwSignal::new(first_remarks);
    let confirming = RwSignal::new(false);
    let submitting = RwSignal::new(false);
    let clock_offset = StoredValue::new(0i64);
    let notice = RwSignal::new(None::<String>);
    // The address form.
    let form_open = RwSignal::new(false);

    // Asks for a confirmation: `coupons` None lets the server choose (the first time).
    let confirm = move |coupons: Option<Vec<i64>>, use_points: i64| {
        let Some(mut param) = base.get_value() else { return };
        param.addr_id = addr_id.get_untracked();
        param.user_change_coupon = i32::from(coupons.is_some());
        param.coupon_ids = coupons.unwrap_or_default();
        param.use_points = use_points;
        confirming.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            match browser::post::<OrderConfirmation, _>(api::paths::ORDER_CONFIRM, &param, options).await {
                Ok(answer) => {
                    if let Some(addr) = &answer.user_addr {
                        addr_id.set(addr.addr_id);
                    }
                    conf.set(Some(answer));
                    phase.set(Phase::Ready);
                }
                Err(failure) => {
                    if conf.with_untracked(Option::is_none) {
                        let text = crate::cart::web::failure_text(&failure, &label(|l| &l.failed));
                        phase.set(Phase::Failed(text.unwrap_or_else(|| label(|l| &l.failed))));
                    } else {
                        crate::cart::web::toast_failure(&failure, &label(|l| &l.failed));
                    }
                }
            }
            confirming.set(false);
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = param;
    };
    // A fresh confirmation with the buyer's current choices.
    let reconfirm = move || {
        let choices = conf.with_untracked(|c| c.as_ref().map(|c| (rules::chosen_coupons(c), c.points.use_points)));
        let (coupons, points) = choices.unwrap_or_default();
        confirm(Some(coupons), points);
    };

    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        clock_offset.set_value(server_now_ms - crate::cart::web::page_start_ms());
        let key = if buy_now { crate::orders::BUY_NOW_KEY } else { crate::cart::SETTLE_KEY };
        if let Some(entry) = &rendered_entry {
            // The server rendered what the address names: this tab buys that.
            crate::cart::web::session_set(key, entry);
            base.set_value(rules::order_param(buy_now, Some(entry)));
            return;
        }
        let stored = crate::cart::web::session_get(key);
        let Some(param) = rules::order_param(buy_now, stored.as_deref()) else {
            conf.set(None);
            phase.set(Phase::Missing);
            return;
        };
        base.set_value(Some(param));
        // Nothing rendered: start from this tab's entry.
        conf.set(None);
        addresses.set(Vec::new());
        phase.set(Phase::Loading);
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            if let Ok(list) = browser::get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[], options).await {
                addresses.set(list);
            }
        });
        confirm(None, 0);
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = (buy_now, server_now_ms, &clock_offset, rendered_entry);

    let choose_address = move |id: i64| {
        if id != addr_id.get_untracked() {
            addr_id.set(id);
            reconfirm();
        }
    };

    let address_saved = move |added: UserAddr| {
        addr_id.set(added.addr_id);
        addresses.update(|list| list.push(added));
        form_open.set(false);
        #[cfg(feature = "hydrate")]
        crate::api_client::browser::toast(api::bridge::ToastType::Success, &label(|l| &l.address_saved), 1500);
        reconfirm();
    };

    let choose_coupon = move |shop_id: i64, value: String| {
        let coupon = value.parse::<i64>().ok().filter(|id| *id > 0);
        let choices =
            conf.with_untracked(|c| c.as_ref().map(|c| (rules::with_coupon(c, shop_id, coupon), c.points.use_points)));
        if let Some((coupons, points)) = choices {
            confirm(Some(coupons), points);
        }
    };

    let choose_points = move |value: String| {
        let choices = conf.with_untracked(|c| {
            c.as_ref().map(|c| {
                let wanted = value.trim().parse::<i64>().unwrap_or(0);
                (rules::chosen_coupons(c), rules::round_points(wanted, rules::usable_points(&c.points)))
            })
        });
        if let Some((coupons, points)) = choices {
            // Shows the rounded value even when it equals the previous one.
            conf.update(|_| {});
            confirm(Some(coupons), points);
        }
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if submitting.get_untracked() || confirming.get_untracked() {
            return;
        }
        let Some(c) = conf.get_untracked() else { return };
        if c.user_addr.is_none() {
            notice.set(Some(label(|l| &l.address_none)));
            return;
        }
        notice.set(None);
        #[cfg(feature = "hydrate")]
        {
            let now = crate::cart::web::now_ms() + clock_offset.get_value();
            if now >= c.expires_at {
                crate::api_client::browser::toast(api::bridge::ToastType::Warning, &label(|l| &l.expired), 3000);
                reconfirm();
                return;
            }
            let body = api::orders::SubmitOrderParam {
                order_token: c.order_token.clone(),
                addr_id: c.user_addr.as_ref().map_or(0, |a| a.addr_id),
                coupon_ids: rules::chosen_coupons(&c),
                use_points: c.points.use_points,
                order_shop_param: remarks.with_untracked(|r| {
                    c.shop_cart_orders
                        .iter()
                        .map(|s| api::orders::OrderShopParam {
                            shop_id: s.shop_id,
                            remarks: r.get(&s.shop_id).map(|t| t.trim().to_string()).unwrap_or_default(),
                        })
                        .collect()
                }),
            };
            submitting.set(true);
            leptos::task::spawn_local(async move {
                use crate::api_client::browser;
                let options = browser::CallOptions { silent_auth: false, handle_error: true };
                let answer =
                    browser::post::<api::orders::OrderNumbers, _>(api::paths::ORDER_SUBMIT, &body, options).await;
                // Every new order (one per shop) is paid at once at the checkout counter.
                match answer.map(|n| crate::payments::rules::payment_href(&n.order_numbers)) {
                    Ok(Some(counter)) => {
                        let key = if buy_now { crate::orders::BUY_NOW_KEY } else { crate::cart::SETTLE_KEY };
                        crate::cart::web::session_remove(key);
                        browser::emit(&crate::events::CartChangedDetail::default());
                        crate::cart::web::go(&counter);
                    }
                    Ok(None) => {
                        browser::toast(
                            api::bridge::ToastType::Error,
                            &label(|l| &l.submit_failed),
                            api::client_rules::ERROR_TOAST_MS,
                        );
                        submitting.set(false);
                    }
                    Err(failure) => {
                        crate::cart::web::toast_failure(&failure, &label(|l| &l.submit_failed));
                        submitting.set(false);
                        // A spent or expired token, stock or prices that changed: start afresh.
                        reconfirm();
                    }
                }
            });
        }
    };

    let busy = move || confirming.get() || submitting.get();

    let address_view = move || {
        let list = addresses.get();
        let chosen = addr_id.get();
        let chosen_addr = conf.with(|c| c.as_ref().and_then(|c| c.user_addr.clone()));
        // The confirmation's address is shown even when the list did not load.
        let list = if list.is_empty() { chosen_addr.into_iter().collect() } else { list };
        view! {
            <div class="address-cards" role="radiogroup" aria-label=label(|l| &l.address) data-testid="checkout-addresses">
                {list.into_iter().map(|a| {
                    let id = a.addr_id;
                    let checked = id == chosen;
                    view! {
                        <label class="address-card" data-testid="checkout-address">
                            <input type="radio" name="addrId" form=SUBMIT_FORM value=id.to_string() checked=checked
                                disabled=busy data-checkout-choice=plain.then_some("") on:change=move |_| choose_address(id) />
                            <span class="address-card__who">
                                <strong>{a.receiver.clone()}</strong>" "<span>{a.mobile.clone()}</span>
                                {(a.common_addr == 1).then(|| view! { <span class="tag tag--self">{label(|l| &l.address_default)}</span> })}
                            </span>
                            <span class="address-card__where">{a.addr.clone()}" "{a.post_code.clone()}</span>
                        </label>
                    }
                }).collect_view()}
            </div>
        }
    };

    let address_form = move || {
        view! {
            <AddressForm labels=labels.with_value(|l| l.address_form.clone()) initial=AddrParam::default()
                on_saved=Callback::new(address_saved) on_cancel=Callback::new(move |()| form_open.set(false)) />
        }
    };

    let coupon_select = move |shop_id: i64, coupons: Vec<CouponOrder>, title: String| {
        let usable: Vec<CouponOrder> = coupons.into_iter().filter(|c| c.can_use).collect();
        if usable.is_empty() {
            return ().into_any();
        }
        let chosen = usable.iter().find(|c| c.choose).map_or(0, |c| c.coupon_id);
        view! {
            <label class="checkout-line checkout-coupon">
                <span>{title}</span>
                <select name="couponIds" form=SUBMIT_FORM disabled=busy data-testid="checkout-coupon"
                    data-checkout-choice=plain.then_some("") on:change=move |ev| choose_coupon(shop_id, event_target_value(&ev))>
                    <option value="0" selected=chosen == 0>{label(|l| &l.no_coupon)}</option>
                    {usable.into_iter().map(|c| {
                        let text = if c.reduce.0 > 0 { format!("{} (−{})", c.coupon_name, money(c.reduce)) } else { c.coupon_name.clone() };
                        view! { <option value=c.coupon_id.to_string() selected=c.coupon_id == chosen>{text}</option> }
                    }).collect_view()}
                </select>
            </label>
        }
        .into_any()
    };

    let ready_view = move || {
        let Some(c) = conf.get() else { return ().into_any() };
        let shops = c.shop_cart_orders.clone();
        let points = c.points.clone();
        let usable_points = rules::usable_points(&points);
        let show_points = usable_points > 0 || points.use_points > 0;
        let show_discounts = show_points || c.coupons.iter().any(|coupon| coupon.can_use);
        let line = |name: String, value: String, test: &'static str| {
            view! {
                <div class="checkout-total__line"><span>{name}</span><span data-testid=test>{value}</span></div>
            }
        };
        view! {
            <section class="checkout-section" data-testid="checkout-address-section">
                <h2 class="checkout-section__title">{label(|l| &l.address)}</h2>
                {address_view}
                {move || (c_has_no_address(conf)).then(|| view! { <p class="checkout-warning" role="status">{label(|l| &l.address_none)}</p> })}
                {if plain {
                    // The address book's form, which comes back here with the new address chosen.
                    let href = format!("{}?add=1&{}={}", api::forms::ADDRESS_PAGE, api::forms::FIELD_BACK,
                        back.with_value(|b| api::url::encode(b)));
                    view! { <a class="button button--outline" href=href data-testid="address-add">{label(|l| &l.address_add)}</a> }.into_any()
                } else {
                    view! {
                        <Show when=move || form_open.get() fallback=move || view! {
                            <button type="button" class="button button--outline" data-testid="address-add"
                                on:click=move |_| form_open.set(true)>{label(|l| &l.address_add)}</button>
                        }>
                            {address_form}
                        </Show>
                    }.into_any()
                }}
            </section>
            {shops.into_iter().map(|shop| {
                let shop_id = shop.shop_id;
                let count = labels.with_value(|l| l.item_count.fill("count", shop.total_count));
                let delivery = labels.with_value(|l| l.delivery.fill("days", shop.delivery_estimate_days));
                let freight = if shop.transfee.0 > 0 { money(shop.transfee) } else { label(|l| &l.freight_free) };
                let remarks_id = format!("remarks-{shop_id}");
                // A remark typed before the island hydrated stands (`typed_before_hydration`).
                if let Some(typed) = crate::components::typed_before_hydration(&remarks_id).filter(|t| !t.is_empty()) {
                    remarks.update_untracked(|r| {
                        r.entry(shop_id).or_insert(typed);
                    });
                }
                view! {
                    <section class="checkout-section checkout-shop" data-testid="checkout-shop">
                        <h2 class="checkout-section__title">
                            <a href=format!("/shop-index?sid={shop_id}")>{shop.shop_name.clone()}</a>
                            <span class="checkout-shop__count">{count}</span>
                        </h2>
                        <ul class="checkout-items">
                            {shop.items.into_iter().map(|item| view! {
                                <li class="checkout-item" data-testid="checkout-item">
                                    <img src=item.pic.clone() alt="" width="64" height="64" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                                    <span class="checkout-item__name">
                                        <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                                        {(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}
                                    </span>
                                    <span class="checkout-item__price">{money(item.price)}" × "{item.prod_count}</span>
                                    <strong class="checkout-item__total">{money(item.product_total_amount)}</strong>
                                </li>
                            }).collect_view()}
                        </ul>
                        <div class="checkout-line"><span>{label(|l| &l.freight)}</span><span>{freight}</span></div>
                        <p class="checkout-line checkout-line--muted">{delivery}</p>
                        {coupon_select(shop_id, shop.coupons.clone(), label(|l| &l.shop_coupon))}
                        <div class="checkout-remarks">
                            <label for=remarks_id.clone()>{label(|l| &l.remarks)}</label>
                            {if plain {
                                // The typed message stands across Update (the query carries it). Leptos
                                // writes a textarea's text children unescaped, so it is escaped here.
                                let typed = remarks.with_untracked(|r| r.get(&shop_id).map(|t| html_escape::encode_text(t).into_owned()).unwrap_or_default());
                                view! {
                                    <textarea id=remarks_id name=format!("remarks.{shop_id}") form=SUBMIT_FORM rows="2" maxlength=REMARKS_MAX_CHARS.to_string()
                                        placeholder=label(|l| &l.remarks_placeholder) data-testid="checkout-remarks" data-count-in=format!("remarks-count-{shop_id}") inner_html=typed></textarea>
                                }.into_any()
                            } else {
                                view! {
                                    <textarea id=remarks_id name=format!("remarks.{shop_id}") form=SUBMIT_FORM rows="2" maxlength=REMARKS_MAX_CHARS.to_string()
                                        placeholder=label(|l| &l.remarks_placeholder) data-testid="checkout-remarks"
                                        prop:value=move || remarks.with(|r| r.get(&shop_id).cloned().unwrap_or_default())
                                        on:input=move |ev| {
                                            let text: String = event_target_value(&ev).chars().take(REMARKS_MAX_CHARS).collect();
                                            remarks.update(|r| { r.insert(shop_id, text); });
                                        }></textarea>
                                }.into_any()
                            }}
                            <span class="checkout-remarks__count" aria-live="polite" id=format!("remarks-count-{shop_id}")>
                                {move || format!("{}/{REMARKS_MAX_CHARS}", remarks.with(|r| r.get(&shop_id).map_or(0, |t| t.chars().count())))}
                            </span>
                        </div>
                    </section>
                }
            }).collect_view()}
            // The platform's coupons and points, when the buyer has any to use.
            {show_discounts.then(|| view! {
                <section class="checkout-section" data-testid="checkout-discounts">
                    {coupon_select(0, c.coupons.clone(), label(|l| &l.platform_coupon))}
                    {show_points.then(|| view! {
                        <label class="checkout-line checkout-points">
                            <span>{label(|l| &l.points)}</span>
                            <input type="number" name="usePoints" form=SUBMIT_FORM min="0" step=POINTS_STEP.to_string() max=usable_points.to_string()
                                inputmode="numeric" disabled=busy data-testid="checkout-points" data-checkout-choice=plain.then_some("")
                                value={untrack(|| conf.with(|c| c.as_ref().map(|c| c.points.use_points).unwrap_or(0).to_string()))} prop:value=move || conf.with(|c| c.as_ref().map(|c| c.points.use_points).unwrap_or(0).to_string())
                                on:change=move |ev| choose_points(event_target_value(&ev)) />
                            <small>
                                {label(|l| &l.points_have).replace("{points}", &points.user_points.to_string()).replace("{max}", &usable_points.to_string())}
                                " "{label(|l| &l.points_step).replace("{step}", &POINTS_STEP.to_string())}
                            </small>
                        </label>
                    })}
                </section>
            })}
            <section class="checkout-section checkout-total" data-testid="checkout-total" aria-live="polite">
                {line(label(|l| &l.goods_total), money(c.total), "checkout-goods-total")}
                {line(label(|l| &l.freight), if c.transfee.0 > 0 { money(c.transfee) } else { label(|l| &l.freight_free) }, "checkout-freight")}
                {(c.coupon_reduce.0 > 0).then(|| line(label(|l| &l.coupons_total), format!("−{}", money(c.coupon_reduce)), "checkout-coupon-reduce"))}
                {(c.member_reduce.0 > 0).then(|| line(label(|l| &l.member_discount), format!("−{}", money(c.member_reduce)), "checkout-member-reduce"))}
                {(c.points_reduce.0 > 0).then(|| line(label(|l| &l.points_reduce), format!("−{}", money(c.points_reduce)), "checkout-points-reduce"))}
                <div class="checkout-total__pay">
                    <span>{label(|l| &l.actual_total)}</span>
                    <strong data-testid="checkout-actual-total">{money(c.actual_total)}</strong>
                </div>
                <p class="cart-notice" role="alert">{move || notice.get()}</p>
                <form id=SUBMIT_FORM method="post" action=api::forms::ORDER_SUBMIT on:submit=submit
                    data-busy-label=plain.then(|| label(|l| &l.submitting))>
                    <input type="hidden" name="orderToken" value=c.order_token.clone() />
                    <input type="hidden" name=api::forms::FIELD_BACK value=back.get_value() />
                    {plain.then(|| view! {
                        {entry_fields.get_value().into_iter().map(|(name, value)| view! { <input type="hidden" name=name value=value /> }).collect_view()}
                        <button type="submit" class="button checkout-update" formmethod="get" formaction="/submit-order" formnovalidate
                            data-busy-label=label(|l| &l.updating) data-checkout-update="" data-testid="checkout-update">
                            {label(|l| &l.update)}
                        </button>
                    })}
                    <button type="submit" class="button button--primary checkout-submit" data-testid="checkout-submit"
                        disabled=move || busy() || c_has_no_address(conf)>
                        {move || if submitting.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                    </button>
                </form>
            </section>
        }
        .into_any()
    };

    view! {
        <div class="checkout" data-testid="checkout" aria-busy=move || busy().to_string()>
            {move || match phase.get() {
                Phase::Loading => view! {
                    <div class="checkout-loading" role="status" data-testid="checkout-loading">
                        <div class="skeleton__block checkout-skeleton"></div>
                        <div class="skeleton__block checkout-skeleton"></div>
                        <span class="visually-hidden">{label(|l| &l.loading)}</span>
                    </div>
                }.into_any(),
                Phase::Missing => view! {
                    <section class="empty-state" data-testid="checkout-missing" data-kind="order">
                        <img class="empty-state__image" src=label(|l| &l.empty_image) alt="" width="200" height="160" />
                        <p class="empty-state__title">{label(|l| &l.missing)}</p>
                        <a class="button button--primary" href="/cart">{label(|l| &l.back_to_cart)}</a>
                    </section>
                }.into_any(),
                Phase::Failed(text) => view! {
                    <section class="empty-state" data-testid="checkout-failed" data-kind="order">
                        <img class="empty-state__image" src=label(|l| &l.empty_image) alt="" width="200" height="160" />
                        <p class="empty-state__title" role="alert">{text}</p>
                        <div class="empty-state__actions">
                            {if plain {
                                view! { <a class="button" href=back.get_value() data-testid="checkout-retry">{label(|l| &l.retry)}</a> }.into_any()
                            } else {
                                view! { <button type="button" class="button" data-testid="checkout-retry" on:click=move |_| { phase.set(Phase::Loading); confirm(None, 0); }>{label(|l| &l.retry)}</button> }.into_any()
                            }}
                            <a class="button button--primary" href="/cart">{label(|l| &l.back_to_cart)}</a>
                        </div>
                    </section>
                }.into_any(),
                Phase::Ready => ready_view().into_any(),
            }}
            <p class="visually-hidden" role="status">{move || confirming.get().then(|| label(|l| &l.updating))}</p>
        </div>
    }
}

/// Whether the confirmation has no address to deliver to.
fn c_has_no_address(conf: RwSignal<Option<OrderConfirmation>>) -> bool {
    conf.with(|c| c.as_ref().is_some_and(|c| c.user_addr.is_none()))
}
