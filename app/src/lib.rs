#![recursion_limit = "512"]
//! The Leptos storefront UI. Pages render on the server; only islands (`islands/`) ship to
//! the browser as wasm, together with the React widgets mounted into `<mall-widget>`s.

pub mod api_client;
pub mod events;
pub mod i18n;
pub mod islands;
pub mod money;
pub mod prefs;
pub mod url;

#[cfg(feature = "ssr")]
pub mod components;
#[cfg(feature = "ssr")]
pub mod pages;
#[cfg(feature = "ssr")]
pub mod routes;
#[cfg(feature = "ssr")]
pub mod shell;

/// The wasm entry: hydrates the islands, then tells the widgets they may mount.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    leptos::mount::hydrate_islands();
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"__mallHydrated".into(), &true.into());
        api_client::browser::emit(events::HYDRATED, &[]);
    }
}
