//! The frame around every page: the top bar and main header (with the search box and the
//! sticky variant), the footer, the quick action menu, sign-in-gated links (the my-shop link
//! among them), the live cart count, the mark of a tracked page's visit, the message a form's answer left (flash), and the island that marks the end of hydration.

pub mod auth_link;
pub mod cart_count;
#[cfg(feature = "ssr")]
pub mod flash;
#[cfg(feature = "ssr")]
pub mod footer;
#[cfg(feature = "ssr")]
pub mod header;
pub mod hydrated;
pub mod my_shop;
#[cfg(feature = "ssr")]
pub mod quick_menu;
pub mod visit_tracker;
