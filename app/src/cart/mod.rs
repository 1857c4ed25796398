//! The cart (`/cart`, page id 8; spec sections 2, 5, 8): a guest is asked to sign in; a
//! signed-in buyer sees the lines grouped by shop, rendered on the server and handed to one
//! island that selects, changes, removes and settles them.

pub mod cart_island;
#[cfg(feature = "ssr")]
pub mod page;
pub mod selection;

/// The `sessionStorage` key that hands the settled `basketId`s (a JSON array) to `/submit-order`.
pub const SETTLE_KEY: &str = "mall.settle";

/// The few browser calls the cart and order islands share.
#[cfg(feature = "hydrate")]
pub(crate) mod web {
    use crate::api_client::ApiFailure;
    use api::Code;

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

    /// Hands what `/submit-order` is to buy over to it (`key`: [`SETTLE_KEY`](super::SETTLE_KEY)
    /// or [`BUY_NOW_KEY`](crate::orders::BUY_NOW_KEY)): in this tab's `sessionStorage`, which
    /// the page reads (spec section 1), and in a cookie of the same name sent to that page
    /// alone, from which the server renders the confirmation at once. False when storage is
    /// unavailable.
    pub fn hand_over(key: &str, value: &str) -> bool {
        if !session_set(key, value) {
            return false;
        }
        set_handover_cookie(key, &String::from(js_sys::encode_uri_component(value)), "");
        true
    }

    /// Ends a hand-over once its orders are submitted.
    pub fn take_back(key: &str) {
        session_remove(key);
        set_handover_cookie(key, "", "; Max-Age=0");
    }

    fn set_handover_cookie(key: &str, value: &str, expiry: &str) {
        use wasm_bindgen::JsCast;
        let Some(w) = window() else { return };
        let secure = if w.location().protocol().is_ok_and(|p| p == "https:") { "; Secure" } else { "" };
        if let Some(doc) = w.document().and_then(|d| d.dyn_into::<web_sys::HtmlDocument>().ok()) {
            let path = crate::orders::HANDOVER_PATH;
            let _ = doc.set_cookie(&format!("{key}={value}; Path={path}; SameSite=Lax{secure}{expiry}"));
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
        match failure {
            ApiFailure::Rejected { code: Code::BadRequest, msg } => Some(msg.clone()),
            ApiFailure::Rejected { .. } => None,
            ApiFailure::Network(_) => Some(fallback.to_string()),
        }
    }

    /// Shows [`failure_text`] as an error toast (1.5 s, spec section 8).
    pub fn toast_failure(failure: &ApiFailure, fallback: &str) {
        if let Some(text) = failure_text(failure, fallback) {
            crate::api_client::browser::toast("error", &text, api::client_rules::ERROR_TOAST_MS);
        }
    }
}
