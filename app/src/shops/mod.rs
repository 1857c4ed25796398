//! Shops: shop home, product list and qualifications (`/shop-index`, `/shop-prod-list`,
//! `/shop-qualifications`), shop search and preferred shops (`/shop-list`), decorated pages
//! (`/select-decorate`), and following a shop.

pub mod collect_shop;
#[cfg(feature = "ssr")]
pub mod decorate;
#[cfg(feature = "ssr")]
pub mod shop;
