//! The buyer's delivery addresses: the user centre's `uc-address` page and its address book
//! island. The form itself (`crate::components::address_form`) is shared with the order
//! confirmation.

pub mod book;
#[cfg(feature = "ssr")]
pub mod page;
