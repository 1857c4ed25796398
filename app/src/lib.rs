#![recursion_limit = "512"]
//! The Leptos storefront UI. Pages render on the server; only islands (`islands/`) ship to
//! the browser as wasm, together with the React widgets mounted into `<mall-widget>`s.

/// Declares items only the server build has (`#[cfg(feature = "ssr")]` on each): a domain's
/// server-rendered pages and what only they use, listed in one block apart from the modules
/// the browser build (its islands) needs too.
macro_rules! ssr_only {
    ($($item:item)*) => {
        $(
            #[cfg(feature = "ssr")]
            $item
        )*
    };
}

// Shared foundations.
pub mod api_client;
pub mod components;
#[cfg(feature = "ssr")]
pub mod context;
pub mod events;
pub mod i18n;
pub mod money;
pub mod prefs;
#[cfg(feature = "ssr")]
pub mod renovation;
#[cfg(feature = "ssr")]
pub mod routes;
#[cfg(feature = "ssr")]
pub mod shell;
pub mod url;

// The lazily loaded islands, grouped so that a build writes few wasm files.
pub mod lazy_islands;

// The page frame and one folder per domain: its pages, its islands, its data calls.
pub mod accounts;
pub mod addresses;
pub mod cart;
pub mod catalog;
// chat
pub mod chat;
pub mod comparison;
pub mod deals;
pub mod demo;
pub mod favourites;
pub mod frame;
pub mod home;
pub mod invoices;
// members
pub mod members;
pub mod notices;
pub mod orders;
pub mod payments;
// points-mall
pub mod points_mall;
pub mod refunds;
pub mod reviews;
pub mod search;
pub mod shops;
pub mod site;
#[cfg(feature = "ssr")]
pub mod users;
// wallet, points and membership
pub mod wallet;

/// The wasm entry: prepares the reactive root; Leptos's island script then hydrates the islands
/// one by one, and the last of them ([`frame::hydrated::HydrationDone`]) tells the widgets they
/// may mount.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    leptos::mount::hydrate_islands();
}
