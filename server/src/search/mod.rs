//! Search: hot search words, suggestions, the product and shop search page and the products of
//! decorated blocks (spec section 7, `/search/*`), over an embedded full-text index kept
//! current from the database's change log.

pub mod api;
pub mod index;
pub mod repo;
pub mod tokenize;

pub use api::router;
pub use index::*;
