//! The browser's wasm: the storefront's islands and its entry, [`app::hydrate`], built from the
//! `app` crate with its `hydrate` feature.

#[cfg(feature = "hydrate")]
pub use app::hydrate;
