//! Pages of the site itself: the terms and privacy pages (`/terms-page`), the 404 page and
//! the page about the sellers' centre;
//! and what crawlers read of every page (`seo`).

ssr_only! {
    pub mod not_found;
    pub mod seller_centre;
    pub mod seo;
    pub mod terms;
}
