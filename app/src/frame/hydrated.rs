//! The end of hydration. Leptos hydrates the islands in document order after the wasm entry has
//! run, waiting for each lazily loaded island's chunk on the way; this island is the page's last,
//! so when it hydrates every island before it is interactive. Only then may the React widgets
//! mount and may a script (or a test) treat the page as ready.

use leptos::prelude::*;

/// Sets `window.__mallHydrated` and dispatches [`crate::events::HYDRATED`].
#[island]
pub fn HydrationDone() -> impl IntoView {
    #[cfg(feature = "hydrate")]
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"__mallHydrated".into(), &true.into());
        crate::api_client::browser::announce(crate::events::HYDRATED);
    }
    view! { <span hidden></span> }
}
