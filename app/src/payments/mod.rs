//! Payments: the checkout counter `/payment?orderNumbers=` (page id 10; spec sections 2, 5, 8,
//! 9), where the buyer pays one or several unpaid orders with one method of the pay switch, and
//! `/payment?payNo=` (`&cancel=1`), where a gateway sends the buyer back. Guests go to /login
//! like on the other order pages.

pub mod counter;
pub mod gateway_form;
#[cfg(feature = "ssr")]
pub mod page;
pub mod rules;
#[cfg(feature = "hydrate")]
pub(crate) mod web;
