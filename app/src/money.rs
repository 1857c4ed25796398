//! The display rules of money (spec section 9) live in the contract crate, so the server's
//! payments and the widgets' case file check the same code the pages show with.

pub use api::money::{grouped, DisplayCurrency, Price};
