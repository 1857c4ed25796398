//! Shops: shop home, product list and qualifications (`/shop-index`, `/shop-prod-list`,
//! `/shop-qualifications`), shop search and preferred shops (`/shop-list`), decorated pages
//! (`/select-decorate`), following a shop, and a buyer's application to open one (the user
//! centre's `uc-freeshop`).

#[cfg(feature = "ssr")]
pub mod apply;
pub mod apply_form;
pub mod collect_shop;
#[cfg(feature = "ssr")]
pub mod decorate;
#[cfg(feature = "ssr")]
pub mod shop;
