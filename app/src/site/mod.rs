//! Pages of the site itself: the terms and privacy pages (`/terms-page`) and the 404 page;
//! and what crawlers read of every page (`seo`).

#[cfg(feature = "ssr")]
pub mod not_found;
#[cfg(feature = "ssr")]
pub mod terms;
#[cfg(feature = "ssr")]
pub mod seo;
