//! The cart's one island: selection (per line, per shop, all), quantities within stock through
//! `/p/shopCart/changeItem` (a signed difference; a refusal keeps the old value), removal through
//! `/p/shopCart/deleteItem`, the selection's totals in the buyer's currency, and Settle (at most
//! 50 lines) to `/submit-order`. Every change tells the page frame (`mall:cart-changed`).

use crate::cart::selection::{self, SettleRefusal};
use crate::money::DisplayCurrency;
use api::cart::{availability, ShopCart, ShopCartItem};
use api::money::Price;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The translated texts of the cart. `{name}`, `{shop}`, `{count}` and `{amount}` are filled in
/// by the island.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CartLabels {
    pub select_all: String,
    pub select_shop: String,
    pub select_item: String,
    pub product: String,
    pub unit_price: String,
    pub quantity: String,
    pub subtotal: String,
    pub actions: String,
    pub quantity_of: String,
    pub decrease: String,
    pub increase: String,
    pub update: String,
    pub stock: String,
    pub remove: String,
    pub remove_item: String,
    pub remove_selected: String,
    pub remove_confirm: String,
    pub removed: String,
    pub remove_failed: String,
    pub change_failed: String,
    pub off_shelf: String,
    pub out_of_stock: String,
    pub shop_offline: String,
    pub selected: String,
    pub total: String,
    pub savings: String,
    pub settle: String,
    pub settle_none: String,
    pub settle_limit: String,
    pub busy: String,
    pub empty: String,
    pub go_shopping: String,
    pub empty_image: String,
}

impl CartLabels {
    fn reason(&self, code: i32) -> Option<String> {
        match code {
            availability::AVAILABLE => None,
            availability::OFF_SHELF => Some(self.off_shelf.clone()),
            availability::OUT_OF_STOCK => Some(self.out_of_stock.clone()),
            _ => Some(self.shop_offline.clone()),
        }
    }
}

fn find(shops: &[ShopCart], basket_id: i64) -> Option<(&ShopCart, &ShopCartItem)> {
    shops.iter().find_map(|s| s.shop_cart_items.iter().find(|i| i.basket_id == basket_id).map(|i| (s, i)))
}

#[island(lazy)]
pub fn CartView(shops: Vec<ShopCart>, currency: DisplayCurrency, labels: CartLabels) -> impl IntoView {
    let shops = RwSignal::new(shops);
    let selected = RwSignal::new(BTreeSet::<i64>::new());
    // Lines ticked before the island hydrated are ticked again right after it: hydration itself
    // must meet the server's markup (nothing selected), then clears the boxes.
    let ticked: BTreeSet<i64> = crate::components::ticked_before_hydration("input.cart-check")
        .iter()
        .filter_map(|id| id.parse().ok())
        .collect();
    if !ticked.is_empty() {
        Effect::new(move |_| selected.set(ticked.clone()));
    }
    // Set while a change is on its way.
    let busy = RwSignal::new(false);
    let notice = RwSignal::new(None::<String>);
    let labels = StoredValue::new(labels);
    let currency = StoredValue::new(currency);
    let label = move |pick: fn(&CartLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let money = move |p: Price| currency.with_value(|c| c.format(p));

    let totals = Memo::new(move |_| shops.with(|s| selected.with(|sel| selection::totals(s, sel))));
    let all_ids = Memo::new(move |_| shops.with(|s| selection::selectable_ids(s)));

    // Sets a line to `wanted` units (within 1..=stock) by the signed difference.
    let change = move |basket_id: i64, wanted: i64| {
        let Some((shop_name, item)) =
            shops.with_untracked(|s| find(s, basket_id).map(|(s, i)| (s.shop_name.clone(), i.clone())))
        else {
            return;
        };
        let count = selection::clamp_count(wanted, item.stocks);
        let diff = count - item.prod_count;
        if diff == 0 || busy.get_untracked() {
            // Puts the shown value back.
            shops.update(|_| {});
            return;
        }
        let request = api::cart::ChangeItemRequest {
            basket_id,
            count: diff,
            prod_id: item.prod_id,
            shop_id: item.shop_id,
            shop_name,
            sku_id: item.sku_id,
        };
        busy.set(true);
        notice.set(None);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            match browser::post::<serde::de::IgnoredAny, _>(api::paths::SHOP_CART_CHANGE_ITEM, &request, options).await
            {
                Ok(_) => {
                    shops.update(|s| {
                        if let Some(line) =
                            s.iter_mut().flat_map(|s| s.shop_cart_items.iter_mut()).find(|i| i.basket_id == basket_id)
                        {
                            line.prod_count = count;
                        }
                    });
                    browser::emit(&crate::events::CartChangedDetail::default());
                }
                Err(failure) => {
                    crate::cart::web::toast_failure(&failure, &label(|l| &l.change_failed));
                    shops.update(|_| {});
                }
            }
            busy.set(false);
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = request;
    };

    // Removes lines (after the buyer confirms, for a selection).
    let remove = move |ids: Vec<i64>, ask: bool| {
        if ids.is_empty() || busy.get_untracked() {
            return;
        }
        #[cfg(feature = "hydrate")]
        {
            if ask && !crate::cart::web::confirm(&label(|l| &l.remove_confirm)) {
                return;
            }
            busy.set(true);
            notice.set(None);
            leptos::task::spawn_local(async move {
                use crate::api_client::browser;
                let options = browser::CallOptions { silent_auth: false, handle_error: true };
                match browser::delete::<serde::de::IgnoredAny, _>(api::paths::SHOP_CART_DELETE_ITEM, &ids, options)
                    .await
                {
                    Ok(_) => {
                        shops.update(|s| selection::without_lines(s, &ids));
                        selected.update(|sel| sel.retain(|id| !ids.contains(id)));
                        browser::emit(&crate::events::CartChangedDetail::default());
                        browser::toast(api::bridge::ToastType::Success, &label(|l| &l.removed), 1500);
                    }
                    Err(failure) => crate::cart::web::toast_failure(&failure, &label(|l| &l.remove_failed)),
                }
                busy.set(false);
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (ids, ask);
    };

    let settle = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let totals = totals.get_untracked();
        match selection::check_settle(&totals) {
            Err(SettleRefusal::Nothing) => notice.set(Some(label(|l| &l.settle_none))),
            Err(SettleRefusal::TooMany) => notice.set(Some(label(|l| &l.settle_limit))),
            Ok(()) => {
                let ids: Vec<i64> = all_ids.with_untracked(|all| {
                    selected.with_untracked(|sel| all.iter().copied().filter(|id| sel.contains(id)).collect())
                });
                #[cfg(feature = "hydrate")]
                {
                    // The entry of spec section 1; the address names the lines too.
                    if let Ok(json) = serde_json::to_string(&ids) {
                        crate::cart::web::session_set(crate::cart::SETTLE_KEY, &json);
                    }
                    busy.set(true);
                    crate::cart::web::go(&crate::orders::rules::settle_href(&ids));
                }
                #[cfg(not(feature = "hydrate"))]
                let _ = ids;
            }
        }
    };

    let line_view = move |basket_id: i64| {
        let Some((_, item)) = shops.with_untracked(|s| find(s, basket_id).map(|(s, i)| (s.shop_id, i.clone()))) else {
            return ().into_any();
        };
        let ok = selection::selectable(&item);
        let reason = labels.with_value(|l| l.reason(item.availability));
        let href = format!("/detail?prodId={}", item.prod_id);
        let name = item.prod_name.clone();
        let fill = |template: String| template.replace("{name}", &name);
        let select_label = fill(label(|l| &l.select_item));
        let quantity_label = fill(label(|l| &l.quantity_of));
        let remove_label = fill(label(|l| &l.remove_item));
        let stocks = item.stocks;
        let count = move || shops.with(|s| find(s, basket_id).map(|(_, i)| i.prod_count)).unwrap_or(0);
        let price = item.price;
        let ori = (item.ori_price > item.price).then(|| money(item.ori_price));
        view! {
            <li class="cart-line" class:is-unavailable=!ok data-testid="cart-line" data-basket-id=basket_id>
                <input type="checkbox" class="cart-check" name="basketId" form=crate::cart::SETTLE_FORM value=basket_id
                    aria-label=select_label disabled=move || !ok || busy.get()
                    checked={untrack(|| ok && selected.with(|s| s.contains(&basket_id)))} prop:checked=move || ok && selected.with(|s| s.contains(&basket_id))
                    data-testid="cart-line-check"
                    on:change=move |_| { notice.set(None); selected.update(|s| { if !s.remove(&basket_id) { s.insert(basket_id); } }) } />
                <a class="cart-line__media" href=href.clone() tabindex="-1" aria-hidden="true">
                    <img src=item.pic.clone() alt="" width="80" height="80" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                </a>
                <div class="cart-line__info">
                    <a class="cart-line__name" href=href>{item.prod_name.clone()}</a>
                    {(!item.sku_name.is_empty()).then(|| view! { <span class="cart-line__sku">{item.sku_name.clone()}</span> })}
                    {reason.map(|r| view! { <span class="tag tag--offline cart-line__reason" data-testid="cart-line-reason">{r}</span> })}
                </div>
                <div class="cart-line__price">
                    <strong>{money(price)}</strong>
                    {ori.map(|o| view! { <del>{o}</del> })}
                </div>
                <div class="cart-line__qty">
                    {if ok {
                        // A plain form (`api::forms::CART_SET`) until the island is interactive:
                        // Enter sends the field (the hidden first button is the form's default),
                        // a stepper button its own `to`. The island then changes the line in place.
                        let stepped = untrack(count);
                        view! {
                            <form class="stepper" method="post" action=api::forms::CART_SET
                                on:submit=move |ev| ev.prevent_default()>
                                <input type="hidden" name="basketId" value=basket_id />
                                <input type="hidden" name=api::forms::FIELD_BACK value="/cart" />
                                <button type="submit" class="visually-hidden" tabindex="-1">{label(|l| &l.update)}</button>
                                <button type="submit" name="to" value={stepped - 1} aria-label=label(|l| &l.decrease)
                                    disabled=move || { busy.get() || count() <= 1 }
                                    on:click=move |ev| { ev.prevent_default(); change(basket_id, count() - 1) }>"−"</button>
                                <input type="number" name="count" inputmode="numeric" min="1" max=stocks.to_string() aria-label=quantity_label
                                    value={untrack(|| count().to_string())} prop:value=move || count().to_string() disabled=move || busy.get() data-testid="cart-line-count"
                                    on:change=move |ev| {
                                        let wanted = event_target_value(&ev).trim().parse().unwrap_or(count());
                                        change(basket_id, wanted);
                                    } />
                                <button type="submit" name="to" value={stepped + 1} aria-label=label(|l| &l.increase)
                                    disabled=move || { busy.get() || count() >= stocks }
                                    on:click=move |ev| { ev.prevent_default(); change(basket_id, count() + 1) }>"+"</button>
                            </form>
                            <span class="cart-line__stock">{label(|l| &l.stock).replace("{count}", &stocks.to_string())}</span>
                        }.into_any()
                    } else {
                        view! { <span class="cart-line__count">{move || format!("× {}", count())}</span> }.into_any()
                    }}
                </div>
                <div class="cart-line__subtotal" data-testid="cart-line-subtotal">{move || money(Price(price.0 * count()))}</div>
                <form class="cart-line__actions" method="post" action=api::forms::CART_REMOVE
                    on:submit=move |ev| { ev.prevent_default(); remove(vec![basket_id], false) }>
                    <input type="hidden" name="basketId" value=basket_id />
                    <input type="hidden" name=api::forms::FIELD_BACK value="/cart" />
                    <button type="submit" class="link-button" aria-label=remove_label disabled=move || busy.get()
                        data-testid="cart-line-remove">{label(|l| &l.remove)}</button>
                </form>
            </li>
        }
        .into_any()
    };

    let shop_view = move |shop_id: i64| {
        let Some((name, logo)) = shops.with_untracked(|s| {
            s.iter().find(|s| s.shop_id == shop_id).map(|s| (s.shop_name.clone(), s.shop_logo.clone()))
        }) else {
            return ().into_any();
        };
        let shop_ids =
            Memo::new(move |_| shops.with(|s| selection::selectable_ids(s.iter().filter(|s| s.shop_id == shop_id))));
        let lines = move || {
            shops
                .with(|s| {
                    s.iter()
                        .find(|s| s.shop_id == shop_id)
                        .map(|s| s.shop_cart_items.iter().map(|i| i.basket_id).collect::<Vec<_>>())
                })
                .unwrap_or_default()
        };
        let select_label = label(|l| &l.select_shop).replace("{shop}", &name);
        view! {
            <section class="cart-shop" data-testid="cart-shop">
                <header class="cart-shop__head">
                    <input type="checkbox" class="cart-check" aria-label=select_label data-testid="cart-shop-check"
                        disabled=move || busy.get() || shop_ids.with(|ids| ids.is_empty())
                        checked={untrack(|| shop_ids.with(|ids| selected.with(|s| selection::all_selected(ids, s))))} prop:checked=move || shop_ids.with(|ids| selected.with(|s| selection::all_selected(ids, s)))
                        on:change=move |_| { notice.set(None); shop_ids.with_untracked(|ids| selected.update(|s| selection::toggle_group(ids, s))) } />
                    <a class="cart-shop__link" href=format!("/shop-index?sid={shop_id}")>
                        <img src=logo alt="" width="24" height="24" onerror=crate::components::IMG_FALLBACK />
                        <span>{name}</span>
                    </a>
                </header>
                <ul class="cart-shop__lines">
                    <For each=lines key=|id| *id children=line_view />
                </ul>
            </section>
        }
        .into_any()
    };

    let shop_ids = move || shops.with(|s| s.iter().map(|s| s.shop_id).collect::<Vec<_>>());
    let empty = move || shops.with(|s| s.is_empty());
    view! {
        <div class="cart" data-testid="cart" aria-busy=move || busy.get().to_string()>
            <Show when=move || !empty() fallback=move || view! {
                <section class="empty-state" data-testid="cart-empty" data-kind="cart">
                    <img class="empty-state__image" src=label(|l| &l.empty_image) alt="" width="200" height="160" />
                    <p class="empty-state__title">{label(|l| &l.empty)}</p>
                    <a class="button button--primary" href="/">{label(|l| &l.go_shopping)}</a>
                </section>
            }>
                <div class="cart-columns" aria-hidden="true">
                    <span class="cart-columns__product">{label(|l| &l.product)}</span>
                    <span>{label(|l| &l.unit_price)}</span>
                    <span>{label(|l| &l.quantity)}</span>
                    <span>{label(|l| &l.subtotal)}</span>
                    <span>{label(|l| &l.actions)}</span>
                </div>
                <For each=shop_ids key=|id| *id children=shop_view />
                // Settle is a GET form naming the chosen lines (their checkboxes join it by their
                // `form` attribute): `/submit-order?basketId=…` with or without scripts.
                <form class="cart-bar" data-testid="cart-bar" id=crate::cart::SETTLE_FORM method="get"
                    action="/submit-order" on:submit=settle>
                    <label class="cart-bar__all">
                        <input type="checkbox" class="cart-check" data-testid="cart-select-all"
                            disabled=move || busy.get() || all_ids.with(|ids| ids.is_empty())
                            checked={untrack(|| all_ids.with(|ids| selected.with(|s| selection::all_selected(ids, s))))} prop:checked=move || all_ids.with(|ids| selected.with(|s| selection::all_selected(ids, s)))
                            on:change=move |_| { notice.set(None); all_ids.with_untracked(|ids| selected.update(|s| selection::toggle_group(ids, s))) } />
                        <span>{label(|l| &l.select_all)}</span>
                    </label>
                    <button type="button" class="link-button" data-testid="cart-remove-selected"
                        disabled=move || busy.get() || totals.with(|t| t.lines == 0)
                        on:click=move |_| remove(selected.get_untracked().into_iter().collect(), true)>{label(|l| &l.remove_selected)}</button>
                    <span class="cart-bar__spacer"></span>
                    <span class="cart-bar__selected" data-testid="cart-selected-count">
                        {move || label(|l| &l.selected).replace("{count}", &totals.with(|t| t.lines).to_string())}
                    </span>
                    <span class="cart-bar__total">
                        {label(|l| &l.total)} " "
                        <strong data-testid="cart-total">{move || totals.with(|t| (t.lines > 0).then(|| money(t.total)))}</strong>
                    </span>
                    {move || totals.with(|t| (t.savings.0 > 0).then(|| {
                        let text = label(|l| &l.savings).replace("{amount}", &money(t.savings));
                        view! { <span class="cart-bar__savings" data-testid="cart-savings">{text}</span> }
                    }))}
                    // Never disabled for want of a choice: without scripts the boxes are ticked
                    // with the button as rendered; settling none says so (here, or on the page).
                    <button type="submit" class="button button--primary cart-bar__settle" data-testid="cart-settle"
                        disabled=move || busy.get()>{label(|l| &l.settle)}</button>
                </form>
                <p class="cart-notice" role="alert" data-testid="cart-notice">{move || notice.get()}</p>
                <p class="visually-hidden" role="status">{move || busy.get().then(|| label(|l| &l.busy))}</p>
            </Show>
        </div>
    }
}
