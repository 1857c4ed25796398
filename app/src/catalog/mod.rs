//! The catalog: the product list by category or name (`/list`), the product detail page
//! (`/detail`, `/detail/{link}`), and their islands (SKU picker and buy box, gallery, share
//! link).

pub mod buy_box;
pub mod collect_product;
pub mod copy_link;
#[cfg(feature = "ssr")]
pub mod detail;
pub mod gallery;
#[cfg(feature = "ssr")]
pub mod list;
