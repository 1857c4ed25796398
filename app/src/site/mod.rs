//! Pages of the site itself: the terms and privacy pages (`/terms-page`), the 404 page and
//! the page about the sellers' centre;
//! and what crawlers read of every page (`seo`).

#[cfg(feature = "ssr")]
pub mod not_found;
#[cfg(feature = "ssr")]
pub mod seller_centre;
#[cfg(feature = "ssr")]
pub mod seo;
#[cfg(feature = "ssr")]
pub mod terms;
