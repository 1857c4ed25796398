//! The product detail page's favourites and footprints (spec sections 2, 6, 7, 8): the collect
//! button (guests get the login popup; a signed-in buyer toggles it through
//! `/p/user/collection/addOrCancel` and sees prodDetail.collectionSuccess or
//! prodDetail.uncollected), and the record of the view for a signed-in buyer's footprints
//! (`/p/user/recentBrowse`, form-encoded), sent once the page is interactive and never waited
//! for.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The collect button's translated texts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CollectLabels {
    pub collect: String,
    pub collected: String,
    pub collected_toast: String,
    pub uncollected_toast: String,
}

/// Collect (favourite) or uncollect a product. `collected` is the buyer's state as the server
/// rendered it; `can_collect` is false for a product off the shelf, which can only be
/// uncollected.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct CollectProduct {
    pub prod_id: i64,
    /// The page's address, where the form returns.
    pub back: String,
    pub collected: bool,
    pub signed_in: bool,
    pub can_collect: bool,
    pub labels: CollectLabels,
}

/// Renders [`CollectProduct`], as one variant of its group's island (`crate::lazy_islands`).
pub fn collect_product(props: CollectProduct) -> impl IntoView {
    let CollectProduct { prod_id, back, collected, signed_in, can_collect, labels } = props;
    let collected = RwSignal::new(collected);
    let busy = RwSignal::new(false);
    let labels = StoredValue::new(labels);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        let call = (api::paths::USER_COLLECTION_ADD_OR_CANCEL, api::favourites::CollectProductRequest { prod_id });
        let done = move |now: bool| {
            collected.set(now);
            labels.with_value(|l| if now { l.collected_toast.clone() } else { l.uncollected_toast.clone() })
        };
        crate::components::buyer_tap(ev, signed_in, busy, call, done);
    };
    // A plain form (`api::forms::COLLECT_PRODUCT`) until the island is interactive.
    view! {
        <form class="collect-product__form" method="post" action=api::forms::COLLECT_PRODUCT on:submit=on_submit>
            <input type="hidden" name="prodId" value=prod_id />
            <input type="hidden" name=api::forms::FIELD_BACK value=back />
            <button type="submit" class="button collect-product" class:is-collected=move || collected.get()
                aria-pressed=move || collected.get().to_string()
                disabled=move || busy.get() || (signed_in && !can_collect && !collected.get())
                data-login-first=(!signed_in).then_some("") data-testid="collect-product">
                <span class="collect-product__icon" aria-hidden="true">{move || if collected.get() { "\u{2665}" } else { "\u{2661}" }}</span>
                {move || labels.with_value(|l| if collected.get() { l.collected.clone() } else { l.collect.clone() })}
            </button>
        </form>
    }
}

/// Records that the signed-in buyer viewed the product: a mark the widgets' loader posts once
/// the page has loaded (`widgets/src/visits.ts`), whether or not the visitor touches the page;
/// the answer is not waited for and a failure shows nothing.
#[component]
pub fn RecordFootprint(prod_id: i64) -> impl IntoView {
    view! { <span hidden data-footprint=prod_id data-footprint-endpoint=api::paths::RECENT_BROWSE></span> }
}
