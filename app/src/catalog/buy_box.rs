//! The detail page's SKU picker, quantity and Add to Cart / Buy Now (spec sections 2, 5, 8):
//! guests get the login popup; signed-in buyers add through `/p/shopCart/changeItem`.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// One SKU with its prices already formatted in the visitor's currency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkuOption {
    pub sku_id: i64,
    pub label: String,
    pub price: String,
    pub ori_price: Option<String>,
    pub stocks: i64,
}

/// Translated texts of the buy box.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BuyBoxLabels {
    pub spec: String,
    pub quantity: String,
    pub stock: String,
    pub add_to_cart: String,
    pub buy_now: String,
    pub added: String,
    pub add_failed: String,
    pub buy_failed: String,
    pub sold_out: String,
    pub off_shelf: String,
    pub decrease: String,
    pub increase: String,
}

/// The quantity after a change, kept within 1..=stock (at least 1).
pub fn clamp_quantity(wanted: i64, stock: i64) -> i64 {
    wanted.clamp(1, stock.max(1))
}

#[island(lazy)]
pub fn BuyBox(
    prod_id: i64,
    shop_id: i64,
    shop_name: String,
    skus: Vec<SkuOption>,
    on_shelf: bool,
    signed_in: bool,
    labels: BuyBoxLabels,
) -> impl IntoView {
    let skus = StoredValue::new(skus);
    let labels = StoredValue::new(labels);
    let shop_name = StoredValue::new(shop_name);
    let selected = RwSignal::new(0usize);
    let quantity = RwSignal::new(1i64);
    let busy = RwSignal::new(false);
    let current = move || skus.with_value(|s| s.get(selected.get()).cloned());
    let stock = move || current().map(|s| s.stocks).unwrap_or(0);
    // Disabled until this (lazily loaded) island is interactive, so no click is lost.
    let interactive = RwSignal::new(false);
    Effect::new(move |_| interactive.set(true));
    let can_buy = move || interactive.get() && on_shelf && stock() > 0 && !busy.get();

    let act = move |buy_now: bool| {
        if crate::components::guest_must_sign_in(signed_in) {
            return;
        }
        let Some(sku) = current() else { return };
        let item = api::cart::ChangeItemRequest {
            basket_id: 0,
            count: quantity.get_untracked(),
            prod_id,
            shop_id,
            shop_name: shop_name.get_value(),
            sku_id: sku.sku_id,
        };
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            if buy_now {
                let entry = api::cart::BuyNowEntry {
                    prod_count: item.count,
                    prod_id,
                    shop_id,
                    shop_name: item.shop_name,
                    sku_id: item.sku_id,
                    ..Default::default()
                };
                let stored = serde_json::to_string(&entry).ok().is_some_and(|entry| {
                    web_sys::window()
                        .and_then(|w| w.session_storage().ok().flatten())
                        .is_some_and(|s| s.set_item("mall.buyNow", &entry).is_ok())
                });
                if stored {
                    let _ = web_sys::window().map(|w| w.location().set_href("/submit-order?orderEntry=1"));
                } else {
                    browser::toast("error", &labels.with_value(|l| l.buy_failed.clone()), 1500);
                }
            } else {
                let options = browser::CallOptions { silent_auth: false, handle_error: true };
                match browser::post::<serde::de::IgnoredAny, _>(api::paths::SHOP_CART_CHANGE_ITEM, &item, options).await
                {
                    Ok(_) => {
                        browser::toast("success", &labels.with_value(|l| l.added.clone()), 1500);
                        browser::emit(crate::events::CART_CHANGED, &[]);
                    }
                    Err(_) => browser::toast("error", &labels.with_value(|l| l.add_failed.clone()), 1500),
                }
            }
            busy.set(false);
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = (item, buy_now);
    };

    view! {
        <div class="buy-box" data-testid="buy-box">
            <div class="buy-box__row">
                <span class="buy-box__label">{labels.with_value(|l| l.spec.clone())}</span>
                <div class="buy-box__skus" role="radiogroup" aria-label=labels.with_value(|l| l.spec.clone())>
                    {skus.with_value(|s| s.iter().enumerate().map(|(i, sku)| {
                        let label = sku.label.clone();
                        view! {
                            <button type="button" role="radio" class="sku-option" class:is-active=move || selected.get() == i
                                aria-checked=move || (selected.get() == i).to_string()
                                disabled={ sku.stocks <= 0 }
                                data-testid="sku-option"
                                on:click=move |_| { selected.set(i); quantity.update(|q| *q = clamp_quantity(*q, stock())); }>
                                {label}
                            </button>
                        }
                    }).collect_view())}
                </div>
            </div>
            <p class="buy-box__price" data-testid="sku-price">
                <strong>{move || current().map(|s| s.price).unwrap_or_default()}</strong>
                {move || current().and_then(|s| s.ori_price).map(|p| view! { <del>{p}</del> })}
            </p>
            <div class="buy-box__row">
                <span class="buy-box__label">{labels.with_value(|l| l.quantity.clone())}</span>
                <div class="stepper">
                    <button type="button" aria-label=labels.with_value(|l| l.decrease.clone())
                        on:click=move |_| quantity.update(|q| *q = clamp_quantity(*q - 1, stock()))>"−"</button>
                    <input type="number" inputmode="numeric" min="1" prop:value=move || quantity.get().to_string()
                        aria-label=labels.with_value(|l| l.quantity.clone()) data-testid="quantity"
                        on:change=move |ev| {
                            let wanted = event_target_value(&ev).trim().parse().unwrap_or(1);
                            quantity.set(clamp_quantity(wanted, stock()));
                        } />
                    <button type="button" aria-label=labels.with_value(|l| l.increase.clone())
                        on:click=move |_| quantity.update(|q| *q = clamp_quantity(*q + 1, stock()))>"+"</button>
                </div>
                <span class="buy-box__stock" data-testid="stock">
                    {move || if stock() > 0 {
                        labels.with_value(|l| l.stock.replace("{count}", &stock().to_string()))
                    } else {
                        labels.with_value(|l| l.sold_out.clone())
                    }}
                </span>
            </div>
            {(!on_shelf).then(|| view! { <p class="buy-box__warning" role="status">{labels.with_value(|l| l.off_shelf.clone())}</p> })}
            <div class="buy-box__actions">
                <button type="button" class="button button--outline" disabled=move || !can_buy()
                    data-testid="add-to-cart" on:click=move |_| act(false)>{labels.with_value(|l| l.add_to_cart.clone())}</button>
                <button type="button" class="button button--primary" disabled=move || !can_buy()
                    data-testid="buy-now" on:click=move |_| act(true)>{labels.with_value(|l| l.buy_now.clone())}</button>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::clamp_quantity;

    #[test]
    fn quantity_stays_within_stock() {
        assert_eq!(clamp_quantity(0, 5), 1);
        assert_eq!(clamp_quantity(9, 5), 5);
        assert_eq!(clamp_quantity(3, 0), 1);
    }
}
