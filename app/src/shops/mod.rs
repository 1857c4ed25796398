//! Shops: shop home, product list and qualifications (`/shop-index`, `/shop-prod-list`,
//! `/shop-qualifications`), shop search and preferred shops (`/shop-list`), decorated pages
//! (`/select-decorate`), following a shop, and a buyer's application to open one (the user
//! centre's `uc-freeshop`).

pub mod apply_form;
pub mod collect_shop;

ssr_only! {
    pub mod apply;
    pub mod decorate;
    pub mod shop;
}
