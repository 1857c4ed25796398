//! The header search box (spec sections 2, 4, 5, 7, 9): product/shop type toggle, Enter or
//! button to search, the empty-input errors shown for one second, and the suggestions dropdown
//! (debounced 500 ms, limit 15, grouped Products / Shops, loading and empty states, closes
//! 200 ms after blur, arrows / Enter / Escape, combobox and listbox roles). A newer request's
//! answer always wins over an older one.

use crate::money::DisplayCurrency;
use api::search::Suggestion;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Search type: goods.
pub const TYPE_GOODS: u8 = 1;
/// Search type: shops.
pub const TYPE_SHOP: u8 = 2;
/// Suggestion request debounce.
pub const SUGGEST_DEBOUNCE_MS: u64 = 500;
/// Suggestions asked for.
pub const SUGGEST_LIMIT: usize = 15;
/// Delay before the dropdown closes after the input loses focus.
pub const BLUR_CLOSE_MS: u64 = 200;

/// Translated texts of the search box. They travel to the browser as a JSON array: reading
/// an array takes far less wasm than reading an object with fourteen named fields, and this
/// island is on every page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "[String; 14]", into = "[String; 14]")]
pub struct SearchLabels {
    pub goods: String,
    pub shop: String,
    pub button: String,
    pub placeholder_goods: String,
    pub placeholder_shop: String,
    pub empty_goods: String,
    pub empty_shop: String,
    pub type_label: String,
    pub group_products: String,
    pub group_shops: String,
    pub searching: String,
    pub no_suggestions: String,
    /// Contains `{count}`.
    pub followers: String,
    /// Contains `{count}`.
    pub sold: String,
}

impl From<[String; 14]> for SearchLabels {
    fn from(texts: [String; 14]) -> Self {
        let [goods, shop, button, placeholder_goods, placeholder_shop, empty_goods, empty_shop, type_label, group_products, group_shops, searching, no_suggestions, followers, sold] =
            texts;
        Self {
            goods,
            shop,
            button,
            placeholder_goods,
            placeholder_shop,
            empty_goods,
            empty_shop,
            type_label,
            group_products,
            group_shops,
            searching,
            no_suggestions,
            followers,
            sold,
        }
    }
}

impl From<SearchLabels> for [String; 14] {
    fn from(l: SearchLabels) -> Self {
        [
            l.goods,
            l.shop,
            l.button,
            l.placeholder_goods,
            l.placeholder_shop,
            l.empty_goods,
            l.empty_shop,
            l.type_label,
            l.group_products,
            l.group_shops,
            l.searching,
            l.no_suggestions,
            l.followers,
            l.sold,
        ]
    }
}

/// The search form's field naming the type searched (`TYPE_GOODS`, `TYPE_SHOP`).
pub const SEARCH_TYPE_FIELD: &str = "searchType";

/// Where a search goes: `/list?pn=` for goods, `/shop-list?shopName=` for shops.
pub fn search_url(kind: u8, text: &str) -> String {
    let text = crate::url::encode(text.trim());
    if kind == TYPE_SHOP {
        format!("/shop-list?shopName={text}")
    } else {
        format!("/list?pn={text}")
    }
}

/// Where a chosen suggestion goes.
pub fn suggestion_url(s: &Suggestion) -> String {
    if s.kind == "SHOP" {
        format!("/shop-index?sid={}", s.id)
    } else {
        format!("/detail?prodId={}", s.id)
    }
}

/// Products first, then shops: the order the dropdown shows and the arrow keys walk.
pub fn ordered(suggestions: Vec<Suggestion>) -> Vec<Suggestion> {
    let (products, shops): (Vec<_>, Vec<_>) = suggestions.into_iter().partition(|s| s.kind != "SHOP");
    products.into_iter().chain(shops).collect()
}

/// The highlighted row after an arrow key: `None` is the input itself; wraps at both ends.
pub fn move_highlight(current: Option<usize>, down: bool, count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    match (current, down) {
        (None, true) => Some(0),
        (None, false) => Some(count - 1),
        (Some(i), true) => (i + 1 < count).then_some(i + 1),
        (Some(i), false) => i.checked_sub(1),
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

/// Asks for the suggestions of `keyword`.
#[cfg(feature = "hydrate")]
async fn fetch_suggestions(keyword: String) -> Vec<Suggestion> {
    use crate::api_client::browser;
    let options = browser::CallOptions { silent_auth: true, handle_error: true };
    let query = [("keyword", keyword), ("limit", SUGGEST_LIMIT.to_string())];
    browser::get::<Vec<Suggestion>>(api::paths::SEARCH_SUGGESTIONS, &query, options).await.unwrap_or_default()
}

/// What the dropdown shows (results arrive only in the browser).
#[derive(Clone, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Dropdown {
    Closed,
    Loading,
    Results(Vec<Suggestion>),
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
    /// The display currency of suggestion prices.
    currency: DisplayCurrency,
    /// The form's accessible name (the main and the sticky header's forms differ).
    form_label: String,
    /// Hot words `(title, link)` of goods and of shops, shown under the box for the chosen
    /// type (spec section 7: `/search/hotSearch?type=1|2`); none in the sticky header.
    hot_goods: Vec<(String, String)>,
    hot_shops: Vec<(String, String)>,
    hot_label: String,
) -> impl IntoView {
    let kind = RwSignal::new(if initial_type == TYPE_SHOP { TYPE_SHOP } else { TYPE_GOODS });
    // Text typed before the box was interactive stays in it (hydration would set the field
    // back to the signal's first value).
    let initial_text = crate::components::typed_before_hydration(&format!("{id}-input")).unwrap_or(initial_text);
    let text = RwSignal::new(initial_text);
    let error = RwSignal::new(None::<String>);
    let dropdown = RwSignal::new(Dropdown::Closed);
    let highlight = RwSignal::new(None::<usize>);
    let request_seq = StoredValue::new(0u64);
    // Each empty-search message stays its full second, even after an earlier one.
    let error_seq = StoredValue::new(0u64);
    let labels = StoredValue::new(labels);
    let currency = StoredValue::new(currency);
    let listbox_id = format!("{id}-listbox");
    let input_id = format!("{id}-input");
    let id_prefix = StoredValue::new(id.clone());
    let option_id = move |i: usize| format!("{}-option-{i}", id_prefix.get_value());

    let results = move || match dropdown.get() {
        Dropdown::Results(list) => list,
        _ => Vec::new(),
    };

    // Requests suggestions for the current text after the debounce; older answers are dropped.
    let request = move || {
        let keyword = text.get_untracked().trim().to_string();
        request_seq.update_value(|s| *s += 1);
        let seq = request_seq.get_value();
        highlight.set(None);
        if keyword.is_empty() {
            dropdown.set(Dropdown::Closed);
            return;
        }
        dropdown.set(Dropdown::Loading);
        set_timeout(
            move || {
                if request_seq.get_value() != seq {
                    return;
                }
                #[cfg(feature = "hydrate")]
                leptos::task::spawn_local(async move {
                    let list = fetch_suggestions(keyword).await;
                    if request_seq.get_value() == seq && dropdown.get_untracked() != Dropdown::Closed {
                        dropdown.set(Dropdown::Results(ordered(list)));
                    }
                });
                #[cfg(not(feature = "hydrate"))]
                let _ = keyword;
            },
            std::time::Duration::from_millis(SUGGEST_DEBOUNCE_MS),
        );
    };

    let submit = move || {
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
            error_seq.update_value(|n| *n += 1);
            let shown = error_seq.get_value();
            set_timeout(
                move || {
                    if error_seq.get_value() == shown {
                        error.set(None);
                    }
                },
                std::time::Duration::from_millis(1000),
            );
        } else if let Some(choice) = highlight.get_untracked().and_then(|i| results().get(i).cloned()) {
            navigate(&suggestion_url(&choice));
        } else {
            navigate(&search_url(kind.get_untracked(), &value));
        }
    };

    let on_keydown = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "ArrowDown" | "ArrowUp" => {
            ev.prevent_default();
            let count = results().len();
            highlight.update(|h| *h = move_highlight(*h, ev.key() == "ArrowDown", count));
        }
        "Escape" => {
            dropdown.set(Dropdown::Closed);
            highlight.set(None);
        }
        _ => {}
    };

    let close_later = move |_| {
        set_timeout(move || dropdown.set(Dropdown::Closed), std::time::Duration::from_millis(BLUR_CLOSE_MS));
    };

    let row = move |i: usize, s: Suggestion| {
        let is_shop = s.kind == "SHOP";
        let meta = if is_shop {
            let followers =
                labels.with_value(|l| l.followers.replace("{count}", &s.fans_count.unwrap_or(0).to_string()));
            let sold = labels.with_value(|l| l.sold.replace("{count}", &s.sold_num.unwrap_or(0).to_string()));
            format!("{followers} · {sold}")
        } else {
            s.price.map(|p| currency.with_value(|c| c.format(p))).unwrap_or_default()
        };
        let href = suggestion_url(&s);
        view! {
            <li role="option" id=option_id(i) class="suggest__row" class:is-active=move || highlight.get() == Some(i)
                aria-selected=move || (highlight.get() == Some(i)).to_string() data-testid="suggestion">
                <a href=href tabindex="-1" on:mousedown=|ev| ev.prevent_default()>
                    <img src=s.pic.clone() alt="" width="36" height="36" loading="lazy"
                        onerror=crate::components::IMG_FALLBACK />
                    <span class="suggest__name">{s.name.clone()}</span>
                    <span class="suggest__meta" class:is-price=!is_shop>{meta}</span>
                </a>
            </li>
        }
    };

    let has_hot_words = !hot_goods.is_empty() || !hot_shops.is_empty();
    let hot_words = StoredValue::new((hot_goods, hot_shops));
    let hot_list = move || {
        hot_words.with_value(|(goods, shops)| {
            let list = if kind.get() == TYPE_SHOP { shops } else { goods };
            list.iter().map(|(title, href)| view! { <li><a href=href.clone()>{title.clone()}</a></li> }).collect_view()
        })
    };
    view! {
        // A GET form to /list with or without scripts: the type travels as `searchType` (the
        // button pressed, or the current type for Enter and Search), and /list sends a shop
        // search on to /shop-list (`search_url`). Once interactive, the island goes there itself.
        <form class="search-box" role="search" action="/list" method="get" data-testid=id.clone()
            aria-label=form_label on:submit=move |ev| { ev.prevent_default(); submit(); }>
            <button type="submit" name=SEARCH_TYPE_FIELD value=move || kind.get().to_string() class="visually-hidden"
                tabindex="-1" aria-hidden="true">{labels.with_value(|l| l.button.clone())}</button>
            <div class="search-box__types" role="radiogroup" aria-label=move || labels.with_value(|l| l.type_label.clone())>
                {[(TYPE_GOODS, "search-type-goods"), (TYPE_SHOP, "search-type-shop")].into_iter().map(|(value, test_id)| view! {
                    <button type="submit" name=SEARCH_TYPE_FIELD value=value.to_string() role="radio" class="search-box__type"
                        class:is-active=move || kind.get() == value
                        aria-checked=move || (kind.get() == value).to_string()
                        data-testid=test_id
                        on:click=move |ev| { ev.prevent_default(); kind.set(value) }>
                        {labels.with_value(|l| if value == TYPE_GOODS { l.goods.clone() } else { l.shop.clone() })}
                    </button>
                }).collect_view()}
            </div>
            <div class="search-box__field">
                <input id=input_id class="search-box__input" type="search" name="pn" autocomplete="off" maxlength="100"
                    data-testid="search-input" role="combobox" aria-autocomplete="list" aria-controls=listbox_id.clone()
                    aria-expanded=move || (dropdown.get() != Dropdown::Closed).to_string()
                    aria-activedescendant=move || highlight.get().map(option_id)
                    aria-label=move || labels.with_value(|l| if kind.get() == TYPE_SHOP { l.placeholder_shop.clone() } else { l.placeholder_goods.clone() })
                    placeholder=move || labels.with_value(|l| if kind.get() == TYPE_SHOP { l.placeholder_shop.clone() } else { l.placeholder_goods.clone() })
                    value={untrack(|| text.get())} prop:value=move || text.get()
                    on:input=move |ev| { text.set(event_target_value(&ev)); request(); }
                    on:focus=move |_| if !text.get_untracked().trim().is_empty() { request() }
                    on:blur=close_later
                    on:keydown=on_keydown />
                <button type="submit" name=SEARCH_TYPE_FIELD value=move || kind.get().to_string() class="search-box__button" data-testid="search-button">
                    {labels.with_value(|l| l.button.clone())}
                </button>
            </div>
            <p class="search-box__error" role="alert" data-testid="search-error" hidden=move || error.get().is_none()>
                {move || error.get().unwrap_or_default()}
            </p>
            <div class="suggest" hidden=move || dropdown.get() == Dropdown::Closed data-testid="suggestions">
                {move || match dropdown.get() {
                    Dropdown::Closed => ().into_any(),
                    Dropdown::Loading => view! { <p class="suggest__state" role="status">{labels.with_value(|l| l.searching.clone())}</p> }.into_any(),
                    Dropdown::Results(list) if list.is_empty() => view! {
                        <p class="suggest__state suggest__state--empty" role="status">{labels.with_value(|l| l.no_suggestions.clone())}</p>
                    }.into_any(),
                    Dropdown::Results(list) => {
                        let shops_from = list.iter().position(|s| s.kind == "SHOP").unwrap_or(list.len());
                        let rows: Vec<_> = list.into_iter().enumerate().collect();
                        let (products, shops): (Vec<_>, Vec<_>) = rows.into_iter().partition(|(i, _)| *i < shops_from);
                        view! {
                            <ul class="suggest__list" role="listbox" id=listbox_id.clone()>
                                {(!products.is_empty()).then(|| view! {
                                    <li role="presentation" class="suggest__group">{labels.with_value(|l| l.group_products.clone())}</li>
                                })}
                                {products.into_iter().map(|(i, s)| row(i, s)).collect_view()}
                                {(!shops.is_empty()).then(|| view! {
                                    <li role="presentation" class="suggest__group">{labels.with_value(|l| l.group_shops.clone())}</li>
                                })}
                                {shops.into_iter().map(|(i, s)| row(i, s)).collect_view()}
                            </ul>
                        }.into_any()
                    }
                }}
            </div>
        </form>
        {has_hot_words.then(|| view! {
            <ul class="hot-words" data-testid="hot-words" aria-label=hot_label>{hot_list}</ul>
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(kind: &str, id: i64) -> Suggestion {
        Suggestion { kind: kind.into(), id, ..Default::default() }
    }

    #[test]
    fn labels_travel_as_an_array_and_come_back_whole() {
        let texts: [String; 14] = std::array::from_fn(|i| format!("text {i}"));
        let labels = SearchLabels::from(texts.clone());
        assert_eq!((labels.goods.as_str(), labels.sold.as_str()), ("text 0", "text 13"));
        let json = serde_json::to_string(&labels).unwrap();
        assert!(json.starts_with("[\"text 0\","), "{json}");
        assert_eq!(serde_json::from_str::<SearchLabels>(&json).unwrap(), labels);
        assert_eq!(<[String; 14]>::from(labels), texts);
    }

    #[test]
    fn search_urls_follow_the_type() {
        assert_eq!(search_url(TYPE_GOODS, " tea cup "), "/list?pn=tea%20cup");
        assert_eq!(search_url(TYPE_SHOP, "茶"), "/shop-list?shopName=%E8%8C%B6");
        assert_eq!(suggestion_url(&s("SHOP", 3)), "/shop-index?sid=3");
        assert_eq!(suggestion_url(&s("PRODUCT", 9)), "/detail?prodId=9");
    }

    #[test]
    fn products_come_before_shops() {
        let list = ordered(vec![s("SHOP", 1), s("PRODUCT", 2), s("PRODUCT", 3)]);
        assert_eq!(list.iter().map(|x| x.id).collect::<Vec<_>>(), vec![2, 3, 1]);
    }

    #[test]
    fn arrows_walk_the_rows_and_return_to_the_input() {
        assert_eq!(move_highlight(None, true, 3), Some(0));
        assert_eq!(move_highlight(Some(2), true, 3), None);
        assert_eq!(move_highlight(None, false, 3), Some(2));
        assert_eq!(move_highlight(Some(0), false, 3), None);
        assert_eq!(move_highlight(None, true, 0), None);
    }
}
