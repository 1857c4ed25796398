//! Shows the sticky header variant after the page scrolled more than 200 px (spec section 9).

use leptos::prelude::*;

/// Scroll distance after which the sticky header appears.
pub const STICKY_AFTER_PX: f64 = 200.0;

/// Toggles `is-scrolled` on `<body>`; the CSS shows the sticky header from it.
#[island]
pub fn StickyWatch() -> impl IntoView {
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        use wasm_bindgen::JsCast;
        let Some(window) = web_sys::window() else { return };
        let update = {
            let window = window.clone();
            move || {
                let scrolled = window.scroll_y().unwrap_or(0.0) > STICKY_AFTER_PX;
                if let Some(body) = window.document().and_then(|d| d.body()) {
                    let _ = body.class_list().toggle_with_force("is-scrolled", scrolled);
                }
            }
        };
        update();
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(update);
        let _ = window.add_event_listener_with_callback("scroll", closure.as_ref().unchecked_ref());
        closure.forget();
    });
    view! { <span class="sticky-watch" aria-hidden="true"></span> }
}
