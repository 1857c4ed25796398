//! Collect (follow) or uncollect a shop (spec sections 2 "Shop pages", 4, 6): guests get the
//! login popup; signed-in buyers toggle through `/p/shop/collection/addOrCancel`.

use leptos::prelude::*;

/// Marks a shop's follower count on the page (its value is the shop id); the element's
/// `data-count` is the number and `data-template` its text with `{count}`. Following or
/// unfollowing updates every marked count of that shop at once.
pub const FANS_ATTR: &str = "data-shop-fans";

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct CollectShop {
    pub shop_id: i64,
    /// The page's address, where the form returns.
    pub back: String,
    pub collected: bool,
    pub signed_in: bool,
    pub collect_label: String,
    pub collected_label: String,
    pub collected_toast: String,
    pub uncollected_toast: String,
}

/// Renders [`CollectShop`], as one variant of its group's island (`crate::lazy_islands`).
pub fn collect_shop(props: CollectShop) -> impl IntoView {
    let CollectShop {
        shop_id,
        back,
        collected,
        signed_in,
        collect_label,
        collected_label,
        collected_toast,
        uncollected_toast,
    } = props;
    let collected = RwSignal::new(collected);
    let busy = RwSignal::new(false);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        let call = (api::paths::SHOP_COLLECTION_ADD_OR_CANCEL, api::catalog::CollectShopRequest { shop_id });
        let (collected_toast, uncollected_toast) = (collected_toast.clone(), uncollected_toast.clone());
        let done = move |now: bool| {
            #[cfg(feature = "hydrate")]
            if now != collected.get_untracked() {
                followers::shift(shop_id, if now { 1 } else { -1 });
            }
            collected.set(now);
            if now {
                collected_toast
            } else {
                uncollected_toast
            }
        };
        crate::components::buyer_tap(ev, signed_in, busy, call, done);
    };
    // A plain form (`api::forms::COLLECT_SHOP`) until the island is interactive.
    view! {
        <form class="collect-shop__form" method="post" action=api::forms::COLLECT_SHOP on:submit=on_submit>
            <input type="hidden" name="shopId" value=shop_id />
            <input type="hidden" name=api::forms::FIELD_BACK value=back />
            <button type="submit" class="button collect-shop" class:is-collected=move || collected.get()
                aria-pressed=move || collected.get().to_string() disabled=move || busy.get()
                data-login-first=(!signed_in).then_some("") data-testid="collect-shop">
                {move || if collected.get() { collected_label.clone() } else { collect_label.clone() }}
            </button>
        </form>
    }
}

#[cfg(feature = "hydrate")]
mod followers {
    use super::FANS_ATTR;
    use wasm_bindgen::JsCast;

    /// Adds `by` to every follower count of `shop_id` on the page.
    pub fn shift(shop_id: i64, by: i64) {
        let selector = format!("[{FANS_ATTR}=\"{shop_id}\"]");
        let Some(nodes) =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector_all(&selector).ok())
        else {
            return;
        };
        for i in 0..nodes.length() {
            let Some(el) = nodes.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
            let count = el.get_attribute("data-count").and_then(|c| c.parse::<i64>().ok()).unwrap_or(0);
            let count = (count + by).max(0);
            let _ = el.set_attribute("data-count", &count.to_string());
            if let Some(template) = el.get_attribute("data-template") {
                el.set_text_content(Some(&template.replace("{count}", &count.to_string())));
            }
        }
    }
}
