//! Building blocks shared by the pages: server-rendered components (cards, empty states,
//! skeletons, pager, page head) and the islands several domains use (carousel, countdown).

pub mod address_form;
pub mod carousel;
pub mod countdown;
pub mod form_call;
pub mod link;
pub mod pictures;
pub mod texts;

ssr_only! {
    pub mod banner_carousel;
    pub mod empty_state;
    pub mod icon;
    pub mod page_meta;
    pub mod pager;
    pub mod product_card;
    pub mod skeleton;
}

/// Replaces a picture that fails to load with the placeholder (spec section 8). The one inline
/// event handler of the site: the Content-Security-Policy allows it by its hash.
pub const IMG_FALLBACK: &str = "this.onerror=null;this.src='/static/placeholder.svg'";

/// Dispatches a shared event from an island (no-op on the server).
#[allow(unused_variables)]
pub(crate) fn emit<D: crate::events::EventDetail>(detail: &D) {
    #[cfg(feature = "hydrate")]
    crate::api_client::browser::emit(detail);
}

/// For a guest, opens the login popup and answers true: the action waits for a sign-in
/// (spec section 6).
pub fn guest_must_sign_in(signed_in: bool) -> bool {
    if !signed_in {
        emit(&crate::events::OpenLoginDetail::default());
    }
    !signed_in
}

/// Sends a buyer's one-tap action from its form's submit (collect a product or a shop, claim a
/// coupon): the form's own post is stopped, a guest is asked to sign in; otherwise `busy`
/// while `body` is posted to `path` from the browser, and a success toast of what `done` makes
/// of the answer. A failure changes nothing: the shared client rules have told the buyer.
pub fn buyer_tap<T, B>(
    ev: leptos::ev::SubmitEvent,
    signed_in: bool,
    busy: leptos::prelude::RwSignal<bool>,
    (path, body): (&'static str, B),
    done: impl FnOnce(T) -> String + 'static,
) where
    T: serde::de::DeserializeOwned + 'static,
    B: serde::Serialize + 'static,
{
    use leptos::prelude::Set;
    ev.prevent_default();
    if guest_must_sign_in(signed_in) {
        return;
    }
    busy.set(true);
    #[cfg(feature = "hydrate")]
    leptos::task::spawn_local(async move {
        use crate::api_client::browser;
        if let Ok(answer) = browser::post::<T, _>(path, &body, Default::default()).await {
            browser::toast(api::bridge::ToastType::Success, &done(answer), 1500);
        }
        busy.set(false);
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = (path, body, done);
}

/// What the visitor typed into the field `id` before its island hydrated (`None` on the
/// server, or without such a field). Hydration sets a `prop:value` field back to its signal, so
/// an island whose field may be typed in first starts its signal from this (record 0165).
#[allow(unused_variables)]
pub fn typed_before_hydration(id: &str) -> Option<String> {
    #[cfg(feature = "hydrate")]
    {
        // An input's or a textarea's `value`, read alike.
        let field = web_sys::window()?.document()?.get_element_by_id(id)?;
        js_sys::Reflect::get(&field, &"value".into()).ok()?.as_string()
    }
    #[cfg(not(feature = "hydrate"))]
    None
}

/// The values of the boxes matching `selector` that the visitor ticked before their island
/// hydrated (none on the server), for the same reason as [`typed_before_hydration`].
#[allow(unused_variables)]
pub fn ticked_before_hydration(selector: &str) -> Vec<String> {
    #[cfg(feature = "hydrate")]
    {
        use wasm_bindgen::JsCast;
        let Some(nodes) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector_all(&format!("{selector}:checked")).ok())
        else {
            return Vec::new();
        };
        (0..nodes.length())
            .filter_map(|i| nodes.item(i)?.dyn_into::<web_sys::HtmlInputElement>().ok())
            .map(|input| input.value())
            .collect()
    }
    #[cfg(not(feature = "hydrate"))]
    Vec::new()
}

/// What was typed into the field `id` before its island hydrated, else `default` (always
/// `default` on the server): the first value of a signal bound to the field's `prop:value`, so
/// that hydration writes back what the field holds instead of clearing it.
pub fn typed_or(id: &str, default: impl Into<String>) -> String {
    typed_before_hydration(id).unwrap_or_else(|| default.into())
}

/// The value of the radio button matching `selector` that the visitor chose before its island
/// hydrated, read as a `T` (`None` on the server, when none is chosen, or when it does not read
/// as a `T`), for the same reason as [`typed_before_hydration`].
pub fn chosen_before_hydration<T: std::str::FromStr>(selector: &str) -> Option<T> {
    ticked_before_hydration(selector).first()?.parse().ok()
}

/// Runs `restore` once, right after the island hydrates (an effect's first run; never on the
/// server). For a field whose value also shows elsewhere in its island (a count, a hint, a
/// class, a branch): hydration takes the server's markup as it is, so a signal started from
/// what was entered would leave those stale or mismatched; the island starts as the server
/// rendered it and takes what was entered right after, as the cart does with its ticked lines.
pub fn after_hydration(restore: impl FnOnce() + 'static) {
    let mut restore = Some(restore);
    leptos::prelude::Effect::new(move |_| {
        if let Some(restore) = restore.take() {
            restore();
        }
    });
}

/// Caps a badge count: above `max` shows `{max}+` (999+ in the main header, 99+ elsewhere).
pub fn badge_count(count: i64, max: i64) -> String {
    if count > max {
        format!("{max}+")
    } else {
        count.max(0).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::badge_count;

    #[test]
    fn badges_cap() {
        assert_eq!(badge_count(999, 999), "999");
        assert_eq!(badge_count(1000, 999), "999+");
        assert_eq!(badge_count(100, 99), "99+");
        assert_eq!(badge_count(-3, 99), "0");
    }
}
