//! Opening the comparison sidebar: from any compare link of the page ([`CompareLinks`], once
//! per page, in the frame) and as soon as `/product-comparison` has loaded (its
//! [`EmitOnLoad`](crate::events::EmitOnLoad) mark). Both only dispatch `mall:open-compare` (`app/src/events.rs`); the
//! widget loader loads the sidebar on the first one.

use leptos::prelude::*;

/// Turns a plain click on any `[data-compare]` link of the page into `mall:open-compare`
/// with its `prodId` (a click with a modifier key, or another button, still follows the link).
///
/// The listener is installed while the island hydrates (not in an effect, which runs a tick
/// later), so a click right after the page became interactive already opens the sidebar.
#[island]
pub fn CompareLinks() -> impl IntoView {
    #[cfg(feature = "hydrate")]
    listen();
    view! { <span hidden></span> }
}

#[cfg(feature = "hydrate")]
fn listen() {
    use crate::events::{Detail, OPEN_COMPARE};
    use wasm_bindgen::{closure::Closure, JsCast};
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    // The same closure type as the other listeners of the main module (no new glue), an
    // integer id (no float parsing): this island stays a few hundred bytes.
    let on_click = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
        let Some(mouse) = event.dyn_ref::<web_sys::MouseEvent>() else { return };
        if event.default_prevented()
            || mouse.button() != 0
            || mouse.ctrl_key()
            || mouse.meta_key()
            || mouse.shift_key()
            || mouse.alt_key()
        {
            return;
        }
        let link = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-compare]").ok().flatten());
        let Some(prod_id) = link.and_then(|l| l.get_attribute("data-compare")).and_then(|v| v.parse::<i64>().ok())
        else {
            return;
        };
        event.prevent_default();
        crate::components::emit(OPEN_COMPARE, &[("prodId", Detail::Number(prod_id as f64))]);
    });
    let _ = document.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    on_click.forget();
}
