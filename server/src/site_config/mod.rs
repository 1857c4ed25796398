//! Site configuration: currencies, the PC web config, the default language and the pay
//! switches (spec section 7, "Configuration").

pub mod api;
pub mod repo;

pub use api::router;
