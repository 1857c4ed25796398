//! The favourites list of `/user-center/uc-collection`: products or shops as the server
//! rendered them, each removable (`DELETE /p/user/collection/cancel/{prodId}` or
//! `/p/shop/collection/cancel/{shopId}`) with the entry gone from the list at once; an emptied
//! page shows the empty state, or loads the page before it when there are others.

use super::{empty_view, EmptyView};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Which favourites a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FavouriteKind {
    Products,
    Shops,
}

impl FavouriteKind {
    /// The path that removes the favourite `id` (a product or a shop).
    pub fn cancel_path(self, id: i64) -> String {
        match self {
            FavouriteKind::Products => api::favourites::user_collection_cancel(id),
            FavouriteKind::Shops => api::favourites::shop_collection_cancel(id),
        }
    }
}

/// One favourite as the list shows it, every text already translated and formatted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FavouriteEntry {
    /// The product or shop.
    pub id: i64,
    pub name: String,
    pub pic: String,
    /// Its page (`None`: an offline shop, which cannot be entered).
    pub href: Option<String>,
    /// Products open in a new tab, as from every product card.
    pub new_tab: bool,
    pub price: Option<String>,
    pub ori_price: Option<String>,
    /// The product's shop, or the shop's rating and followers.
    pub meta: String,
    /// Why it cannot be bought or entered now (off the shelf, offline).
    pub unavailable: Option<String>,
    /// When it was collected.
    pub time: String,
}

/// The list's translated texts; `{name}` is filled in by the island.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FavouriteLabels {
    pub list: String,
    pub remove: String,
    pub remove_item: String,
    pub removed: String,
    pub remove_failed: String,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct FavouriteList {
    pub kind: FavouriteKind,
    pub entries: Vec<FavouriteEntry>,
    pub labels: FavouriteLabels,
    /// Where to go once the last entry of this page is removed, when there are other pages.
    pub after_empty: Option<String>,
    /// What an emptied list shows when this was the only page.
    pub empty: EmptyView,
}

/// Renders [`FavouriteList`], as one variant of its group's island (`crate::lazy_islands`).
pub fn favourite_list(props: FavouriteList) -> impl IntoView {
    let FavouriteList { kind, entries, labels, after_empty, empty } = props;
    let entries = RwSignal::new(entries);
    let after_empty = StoredValue::new(after_empty);
    let busy = RwSignal::new(false);
    let labels = StoredValue::new(labels);
    let text = move |pick: fn(&FavouriteLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let remove = move |id: i64| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        #[cfg(feature = "hydrate")]
        {
            leptos::task::spawn_local(async move {
                use crate::api_client::{browser, ApiFailure};
                match browser::delete::<bool, _>(&kind.cancel_path(id), &(), Default::default()).await {
                    Ok(_) => {
                        entries.update(|list| list.retain(|e| e.id != id));
                        browser::toast(api::bridge::ToastType::Success, &text(|l| &l.removed), 1500);
                        if let Some(href) = after_empty.get_value().filter(|_| entries.with_untracked(Vec::is_empty)) {
                            crate::cart::web::go(&href);
                        }
                    }
                    // Refusals are shown by the client rules; a lost connection here.
                    Err(ApiFailure::Network(_)) => {
                        browser::toast(api::bridge::ToastType::Error, &text(|l| &l.remove_failed), 1500)
                    }
                    Err(_) => {}
                }
                busy.set(false);
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (id, kind, after_empty);
    };
    let empty = StoredValue::new(empty);
    view! {
        <Show when=move || entries.with(Vec::is_empty)>{move || empty_view(empty.get_value())}</Show>
        <ul class="favourites" aria-label=text(|l| &l.list) data-testid="favourites" hidden=move || entries.with(Vec::is_empty)>
            <For each=move || entries.get() key=|e| e.id let:entry>
                {
                    let id = entry.id;
                    let remove_label = text(|l| &l.remove_item).replace("{name}", &entry.name);
                    let picture = view! { <img src=entry.pic.clone() alt="" width="80" height="80" loading="lazy" onerror=crate::components::IMG_FALLBACK /> };
                    let (target, rel) = if entry.new_tab { (Some("_blank"), Some("noopener")) } else { (None, None) };
                    let (media, name) = match entry.href.clone() {
                        Some(href) => (
                            view! { <a class="favourite__media" href=href.clone() target=target rel=rel tabindex="-1">{picture}</a> }.into_any(),
                            view! { <a class="favourite__name" href=href target=target rel=rel data-testid="favourite-link">{entry.name.clone()}</a> }.into_any(),
                        ),
                        None => (
                            view! { <span class="favourite__media">{picture}</span> }.into_any(),
                            view! { <span class="favourite__name">{entry.name.clone()}</span> }.into_any(),
                        ),
                    };
                    view! {
                        <li class="favourite" class:is-unavailable=entry.unavailable.is_some() data-testid="favourite" data-id=id>
                            {media}
                            <div class="favourite__body">
                                {name}
                                <span class="favourite__meta">{entry.meta.clone()}</span>
                                <span class="favourite__time">{entry.time.clone()}</span>
                            </div>
                            <div class="favourite__side">
                                {entry.unavailable.clone().map(|why| view! { <span class="tag tag--offline" data-testid="favourite-unavailable">{why}</span> })}
                                {entry.price.clone().map(|price| view! {
                                    <span class="favourite__price"><strong>{price}</strong>
                                        {entry.ori_price.clone().map(|p| view! { <del>{p}</del> })}
                                    </span>
                                })}
                                <button type="button" class="button button--small" aria-label=remove_label
                                    disabled=move || busy.get() data-testid="favourite-remove" on:click=move |_| remove(id)>
                                    {text(|l| &l.remove)}
                                </button>
                            </div>
                        </li>
                    }
                }
            </For>
        </ul>
    }
}
