//! The Leptos storefront UI.

pub mod events;
pub mod i18n;
