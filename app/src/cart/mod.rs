//! The cart (`/cart`, page id 8; spec sections 2, 5, 8): a guest is asked to sign in; a
//! signed-in buyer sees the lines grouped by shop, rendered on the server and handed to one
//! island that selects, changes, removes and settles them.

pub mod cart_island;
#[cfg(feature = "ssr")]
pub mod page;
pub mod selection;

/// The `sessionStorage` key that hands the settled `basketId`s (a JSON array) to `/submit-order`.
pub const SETTLE_KEY: &str = "mall.settle";

/// The id of the cart's Settle form, which the lines' checkboxes name as theirs.
pub const SETTLE_FORM: &str = "cart-settle-form";

/// The few browser calls the cart and order islands share.
#[cfg(feature = "hydrate")]
pub(crate) mod web {
    use crate::api_client::ApiFailure;
    use crate::components::form_call::Refusal;

    fn window() -> Option<web_sys::Window> {
        web_sys::window()
    }

    /// A `sessionStorage` entry.
    pub fn session_get(key: &str) -> Option<String> {
        window()?.session_storage().ok().flatten()?.get_item(key).ok().flatten()
    }

    /// Sets a `sessionStorage` entry; false when storage is unavailable.
    pub fn session_set(key: &str, value: &str) -> bool {
        window().and_then(|w| w.session_storage().ok().flatten()).is_some_and(|s| s.set_item(key, value).is_ok())
    }

    /// Removes a `sessionStorage` entry.
    pub fn session_remove(key: &str) {
        if let Some(storage) = window().and_then(|w| w.session_storage().ok().flatten()) {
            let _ = storage.remove_item(key);
        }
    }

    /// When the browser started loading this page (Unix milliseconds): the moment closest to
    /// the server's render that the browser knows, to set its clock by the server's.
    pub fn page_start_ms() -> i64 {
        window().and_then(|w| w.performance()).map_or_else(now_ms, |p| p.time_origin() as i64)
    }

    /// The browser's confirm dialog; true when the buyer agrees.
    pub fn confirm(message: &str) -> bool {
        window().and_then(|w| w.confirm_with_message(message).ok()).unwrap_or(false)
    }

    /// Goes to another page.
    pub fn go(href: &str) {
        if let Some(w) = window() {
            let _ = w.location().set_href(href);
        }
    }

    /// Reloads the page.
    pub fn reload() {
        if let Some(w) = window() {
            let _ = w.location().reload();
        }
    }

    /// The browser's clock (Unix milliseconds).
    pub fn now_ms() -> i64 {
        js_sys::Date::now() as i64
    }

    /// What to tell the buyer about a failed call: the server's message of a business error
    /// (A00001), the `fallback` for a network failure, nothing when the shared client rules
    /// already reacted (sign-in, hiccup toast).
    pub fn failure_text(failure: &ApiFailure, fallback: &str) -> Option<String> {
        Refusal::of(failure).map(|r| r.text(|| fallback.to_string()))
    }

    /// Shows [`failure_text`] as an error toast (1.5 s, spec section 8).
    pub fn toast_failure(failure: &ApiFailure, fallback: &str) {
        if let Some(text) = failure_text(failure, fallback) {
            crate::api_client::browser::toast(api::bridge::ToastType::Error, &text, api::client_rules::ERROR_TOAST_MS);
        }
    }
}
