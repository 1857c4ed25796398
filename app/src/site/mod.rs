//! Pages of the site itself: the terms and privacy pages (`/terms-page`) and the 404 page.

#[cfg(feature = "ssr")]
pub mod not_found;
#[cfg(feature = "ssr")]
pub mod terms;
