//! The header search box: product/shop type toggle, Enter or button to search, and the
//! empty-input errors shown for one second (spec sections 2, 4 and 5).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Search type: goods.
pub const TYPE_GOODS: u8 = 1;
/// Search type: shops.
pub const TYPE_SHOP: u8 = 2;

/// Translated texts of the search box.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchLabels {
    pub goods: String,
    pub shop: String,
    pub button: String,
    pub placeholder_goods: String,
    pub placeholder_shop: String,
    pub empty_goods: String,
    pub empty_shop: String,
    pub type_label: String,
}

/// Where a search goes: `/list?pn=` for goods, `/shop-list?shopName=` for shops.
pub fn search_url(kind: u8, text: &str) -> String {
    let text = crate::api_client::encode(text.trim());
    if kind == TYPE_SHOP {
        format!("/shop-list?shopName={text}")
    } else {
        format!("/list?pn={text}")
    }
}

/// Goes to `url` (a full page load; pages are rendered on the server).
fn navigate(url: &str) {
    #[cfg(feature = "hydrate")]
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_href(url);
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = url;
}

/// The search form. Works as a plain GET form without JavaScript.
#[island]
pub fn SearchBox(
    labels: SearchLabels,
    /// 1 goods, 2 shop; follows the route (/shop-list sets shop).
    initial_type: u8,
    /// The current search text, kept in the box on result pages.
    initial_text: String,
    /// `id` prefix, so the main and sticky headers' boxes stay distinct.
    id: String,
) -> impl IntoView {
    let kind = RwSignal::new(if initial_type == TYPE_SHOP { TYPE_SHOP } else { TYPE_GOODS });
    let text = RwSignal::new(initial_text);
    let error = RwSignal::new(None::<String>);
    let labels = StoredValue::new(labels);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let value = text.get_untracked();
        if value.trim().is_empty() {
            let message = labels.with_value(|l| {
                if kind.get_untracked() == TYPE_SHOP {
                    l.empty_shop.clone()
                } else {
                    l.empty_goods.clone()
                }
            });
            error.set(Some(message));
            set_timeout(move || error.set(None), std::time::Duration::from_millis(1000));
        } else {
            navigate(&search_url(kind.get_untracked(), &value));
        }
    };
    let input_id = format!("{id}-input");
    view! {
        <form class="search-box" role="search" action="/list" method="get" on:submit=on_submit data-testid=format!("{id}")>
            <div class="search-box__types" role="radiogroup" aria-label=move || labels.with_value(|l| l.type_label.clone())>
                <button type="button" role="radio" class="search-box__type"
                    class:is-active=move || kind.get() == TYPE_GOODS
                    aria-checked=move || (kind.get() == TYPE_GOODS).to_string()
                    data-testid="search-type-goods"
                    on:click=move |_| kind.set(TYPE_GOODS)>
                    {labels.with_value(|l| l.goods.clone())}
                </button>
                <button type="button" role="radio" class="search-box__type"
                    class:is-active=move || kind.get() == TYPE_SHOP
                    aria-checked=move || (kind.get() == TYPE_SHOP).to_string()
                    data-testid="search-type-shop"
                    on:click=move |_| kind.set(TYPE_SHOP)>
                    {labels.with_value(|l| l.shop.clone())}
                </button>
            </div>
            <div class="search-box__field">
                <input id=input_id class="search-box__input" type="search" name="pn" autocomplete="off" maxlength="100"
                    data-testid="search-input"
                    aria-label=move || labels.with_value(|l| if kind.get() == TYPE_SHOP { l.placeholder_shop.clone() } else { l.placeholder_goods.clone() })
                    placeholder=move || labels.with_value(|l| if kind.get() == TYPE_SHOP { l.placeholder_shop.clone() } else { l.placeholder_goods.clone() })
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev)) />
                <button type="submit" class="search-box__button" data-testid="search-button">
                    {labels.with_value(|l| l.button.clone())}
                </button>
            </div>
            <p class="search-box__error" role="alert" data-testid="search-error" hidden=move || error.get().is_none()>
                {move || error.get().unwrap_or_default()}
            </p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_urls_follow_the_type() {
        assert_eq!(search_url(TYPE_GOODS, " tea cup "), "/list?pn=tea%20cup");
        assert_eq!(search_url(TYPE_SHOP, "茶"), "/shop-list?shopName=%E8%8C%B6");
    }
}
