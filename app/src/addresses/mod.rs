//! The buyer's delivery addresses: the user centre's `uc-address` page, plain forms without an
//! island (record 0189). The order confirmation's address form (`crate::components::address_form`)
//! stays an island of its own pages.

#[cfg(feature = "ssr")]
pub mod page;
