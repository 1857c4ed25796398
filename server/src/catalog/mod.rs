//! The catalog: the category tree and products (spec section 7, `/category/categoryInfo`,
//! `/prod/prodInfo`, `/prod/isStatus`).

pub mod api;
pub mod repo;

pub use api::router;
