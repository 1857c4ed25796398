//! The live cart count of the page frame. Every cart count the server renders (top bar, main
//! and sticky header, quick menu, shop header) is a [`CartCount`], marked with
//! `data-cart-count`; one [`CartCountWatch`] island per page listens for `mall:cart-changed` and
//! brings all of them up to date without a reload: from the event's `detail.count` when given,
//! otherwise from `GET /p/shopCart/prodCount` (a call that never opens the login popup; a
//! failure leaves the counts as they are, spec section 8).

use crate::components::badge_count;
use leptos::prelude::*;

/// Marks a cart count; its value is the count's cap (999 shows `999+` from 1000 on).
pub const COUNT_ATTR: &str = "data-cart-count";
/// Marks a cart count that is hidden while the cart is empty (the badges).
pub const HIDE_ZERO_ATTR: &str = "data-cart-hide-zero";

/// A cart count as the server renders it: capped at `cap`, and hidden at 0 when `badge`.
#[component]
pub fn CartCount(
    count: i64,
    /// 999 in the header, 99 in the quick menu and the shop header (spec section 9).
    cap: i64,
    /// A badge: a pill that is hidden while the cart is empty.
    #[prop(optional)]
    badge: bool,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <span class=badge.then_some("badge") data-testid=testid data-cart-count=cap
            data-cart-hide-zero=badge.then_some("") hidden=badge && count <= 0>
            {badge_count(count, cap)}
        </span>
    }
}

/// Listens for `mall:cart-changed` and refreshes every marked cart count of the page.
#[island]
pub fn CartCountWatch() -> impl IntoView {
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| browser::listen());
    view! { <span class="cart-count-watch" hidden></span> }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::{badge_count, COUNT_ATTR, HIDE_ZERO_ATTR};
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::{JsCast, JsValue};

    /// The count an event carries in `detail.count`, if it is a count.
    fn given_count(event: &web_sys::Event) -> Option<i64> {
        let detail = event.dyn_ref::<web_sys::CustomEvent>()?.detail();
        if !detail.is_object() {
            return None;
        }
        let count = js_sys::Reflect::get(&detail, &JsValue::from_str("count")).ok()?.as_f64()?;
        (count.is_finite() && count >= 0.0).then_some(count as i64)
    }

    /// Writes `count` into every marked cart count of the page.
    fn show(count: i64) {
        let Some(nodes) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector_all(&format!("[{COUNT_ATTR}]")).ok())
        else {
            return;
        };
        for i in 0..nodes.length() {
            let Some(el) = nodes.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
            let cap = el.get_attribute(COUNT_ATTR).and_then(|c| c.parse::<i64>().ok()).unwrap_or(99);
            el.set_text_content(Some(&badge_count(count, cap)));
            if el.has_attribute(HIDE_ZERO_ATTR) {
                let _ = el.toggle_attribute_with_force("hidden", count <= 0);
            }
        }
    }

    /// Registers the page's one listener.
    pub fn listen() {
        let Some(window) = web_sys::window() else { return };
        // Only the answer to the latest change is shown (answers can arrive out of order).
        let latest = Rc::new(Cell::new(0u32));
        let on_change =
            wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                let this = latest.get().wrapping_add(1);
                latest.set(this);
                if let Some(count) = given_count(&event) {
                    show(count);
                    return;
                }
                let latest = latest.clone();
                leptos::task::spawn_local(async move {
                    use crate::api_client::browser::{get, CallOptions};
                    let options = CallOptions { silent_auth: true, handle_error: true };
                    if let Ok(count) = get::<i64>(api::paths::SHOP_CART_PROD_COUNT, &[], options).await {
                        if latest.get() == this {
                            show(count);
                        }
                    }
                });
            });
        let _ =
            window.add_event_listener_with_callback(crate::events::CART_CHANGED, on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
}
