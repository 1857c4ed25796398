//! Collect (follow) or uncollect a shop (spec sections 2 "Shop pages", 4, 6): guests get the
//! login popup; signed-in buyers toggle through `/p/shop/collection/addOrCancel`.

use leptos::prelude::*;

#[island(lazy)]
pub fn CollectShop(
    shop_id: i64,
    collected: bool,
    signed_in: bool,
    collect_label: String,
    collected_label: String,
    collected_toast: String,
    uncollected_toast: String,
) -> impl IntoView {
    let collected = RwSignal::new(collected);
    let busy = crate::components::busy_until_interactive();
    let on_click = move |_| {
        if crate::components::guest_must_sign_in(signed_in) {
            return;
        }
        busy.set(true);
        #[cfg(feature = "hydrate")]
        {
            let (collected_toast, uncollected_toast) = (collected_toast.clone(), uncollected_toast.clone());
            leptos::task::spawn_local(async move {
                use crate::api_client::browser;
                let body = api::catalog::CollectShopRequest { shop_id };
                if let Ok(now) =
                    browser::post::<bool, _>(api::paths::SHOP_COLLECTION_ADD_OR_CANCEL, &body, Default::default()).await
                {
                    collected.set(now);
                    browser::toast("success", if now { &collected_toast } else { &uncollected_toast }, 1500);
                }
                busy.set(false);
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (shop_id, &collected_toast, &uncollected_toast);
    };
    view! {
        <button type="button" class="button collect-shop" class:is-collected=move || collected.get()
            aria-pressed=move || collected.get().to_string() disabled=move || busy.get()
            data-testid="collect-shop" on:click=on_click>
            {move || if collected.get() { collected_label.clone() } else { collect_label.clone() }}
        </button>
    }
}
