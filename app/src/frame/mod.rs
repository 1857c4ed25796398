//! The frame around every page: the top bar and main header (with the search box and the
//! sticky variant), the footer, the quick action menu, sign-in-gated links (the my-shop link
//! among them), the live cart count, the mark of a tracked page's visit, the message a form's answer left (flash), and the island that marks the end of hydration.

pub mod auth_link;
pub mod cart_count;
pub mod hydrated;
pub mod my_shop;
pub mod visit_tracker;

ssr_only! {
    pub mod flash;
    pub mod footer;
    pub mod header;
    pub mod quick_menu;
}
