//! The browser calls of the checkout counter: `localStorage`, a timer to await, the address
//! bar, a form posted to a gateway, and the focus of its dialogs.

use api::payments::PayFormField;
use wasm_bindgen::{JsCast, JsValue};

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn document() -> Option<web_sys::Document> {
    window()?.document()
}

/// A `localStorage` entry.
pub fn local_get(key: &str) -> Option<String> {
    window()?.local_storage().ok().flatten()?.get_item(key).ok().flatten()
}

/// Sets a `localStorage` entry (quietly nothing when storage is unavailable or full).
pub fn local_set(key: &str, value: &str) {
    if let Some(storage) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(key, value);
    }
}

/// Resolves after `ms` milliseconds.
pub async fn sleep(ms: u64) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Goes to `url` (a gateway's page or an app link), keeping this page in the history.
pub fn assign(url: &str) {
    if let Some(w) = window() {
        let _ = w.location().assign(url);
    }
}

/// Shows `path_and_query` in the address bar without loading it.
pub fn replace_address(path_and_query: &str) {
    if let Some(history) = window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(path_and_query));
    }
}

/// Builds a hidden form of `fields` and posts it to `url` (a gateway's checkout).
pub fn post_form(url: &str, fields: &[PayFormField]) -> bool {
    let build = || -> Option<()> {
        let document = document()?;
        let form: web_sys::HtmlFormElement = document.create_element("form").ok()?.dyn_into().ok()?;
        form.set_method("post");
        form.set_action(url);
        form.set_hidden(true);
        for field in fields {
            let input: web_sys::HtmlInputElement = document.create_element("input").ok()?.dyn_into().ok()?;
            input.set_type("hidden");
            input.set_name(&field.name);
            input.set_value(&field.value);
            form.append_child(&input).ok()?;
        }
        document.body()?.append_child(&form).ok()?;
        form.submit().ok()
    };
    build().is_some()
}

/// Moves the focus to the element with this id, if it is there.
pub fn focus_id(id: &str) {
    if let Some(element) = document().and_then(|d| d.get_element_by_id(id)) {
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    }
}

/// Moves the focus to the first element matching `selector` inside `container`.
pub fn focus_within(container: &web_sys::Element, selector: &str) {
    if let Ok(Some(element)) = container.query_selector(selector) {
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    }
}

/// Keeps Tab and Shift+Tab inside `container` (an open dialog): from its last focusable
/// element Tab goes to the first, and back.
pub fn trap_tab(event: &web_sys::KeyboardEvent, container: &web_sys::Element) {
    if event.key() != "Tab" {
        return;
    }
    let Ok(found) = container.query_selector_all(
        "button:not([disabled]), input:not([disabled]):not([type=hidden]), a[href], select:not([disabled]), textarea:not([disabled])",
    ) else {
        return;
    };
    let focusable: Vec<web_sys::HtmlElement> =
        (0..found.length()).filter_map(|i| found.item(i)?.dyn_into::<web_sys::HtmlElement>().ok()).collect();
    let (Some(first), Some(last)) = (focusable.first(), focusable.last()) else { return };
    let active = document().and_then(|d| d.active_element());
    let is = |element: &web_sys::HtmlElement| {
        active.as_ref().is_some_and(|a| a == element.unchecked_ref::<web_sys::Element>())
    };
    let inside = active.as_ref().is_some_and(|a| container.contains(Some(a)));
    if event.shift_key() && (is(first) || !inside) {
        event.prevent_default();
        let _ = last.focus();
    } else if !event.shift_key() && (is(last) || !inside) {
        event.prevent_default();
        let _ = first.focus();
    }
}

/// Goes on with a payment a gateway has started (a top-up or a membership; the checkout
/// counter shows more kinds of step itself): to the gateway's page, or its posted form, or,
/// for a QR code (an image `data:` URL only), shows it through `qr` with the payment's number
/// for the counter's link; anything else, and no step at all, goes to the checkout counter.
/// `busy` is cleared when the buyer stays on the page.
pub fn follow_gateway(
    result: api::payments::PayResult,
    busy: leptos::prelude::RwSignal<bool>,
    qr: leptos::prelude::RwSignal<Option<(String, String)>>,
) {
    use super::rules::safe_gateway_url;
    use api::payments::pay_action;
    use leptos::prelude::Set;
    let counter = format!("/payment?payNo={}", result.pay_no);
    let Some(action) = result.action else {
        assign(&counter);
        return;
    };
    match action.kind.as_str() {
        pay_action::REDIRECT if safe_gateway_url(&action.url) => assign(&action.url),
        pay_action::FORM if safe_gateway_url(&action.url) => {
            if !post_form(&action.url, &action.fields) {
                busy.set(false);
            }
        }
        _ if action.qr_image.starts_with("data:image/") => {
            busy.set(false);
            qr.set(Some((action.qr_image, result.pay_no)));
        }
        _ => assign(&counter),
    }
}
