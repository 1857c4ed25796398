//! Chat with a shop or the platform's customer service (issue 20): the full page
//! `/chat?shopId=` (signed-in buyers; guests sign in and come back), the agent console
//! `/chat-agent` (only for shop and platform service accounts, everyone else gets the 404
//! page), the floating panel opened from the quick menu, the shop header's contact service and
//! the header's Messages link, and the unread badges.
//!
//! On /detail the quick menu's link names only the product (the page's shop is not known when
//! the menu renders): the widget opens the conversation with the product's shop.
//!
//! Everything interactive is the one React widget `chat` (`widgets/src/chat/`): the pages
//! mount it as a page (`mode` buyer or agent), the frame hosts it as a panel that loads on
//! the first `mall:open-chat`. A chat link is a plain link to `/chat?shopId=` carrying
//! `data-chat` (and `data-login-first` for a guest); the frame's script
//! (`widgets/src/frame.ts`) turns a click on it into `mall:open-chat` where the page has the
//! panel (or the login popup for a guest). The unread total is rendered by the server from
//! `GET /p/chat/unread` and kept current by the same script, which hears the widget's
//! `mall:chat-unread`.

#[cfg(feature = "ssr")]
pub mod pages;
pub mod unread;

#[cfg(feature = "ssr")]
pub use pages::{ChatAgentPage, ChatHost, ChatLink, ChatPage};

/// The page of the conversation with `shop_id` (0 = the platform's customer service; none:
/// the shop of `prod_id`, or just the list), `prod_id` offered as a card.
pub fn chat_href(shop_id: Option<i64>, prod_id: Option<i64>) -> String {
    match (shop_id, prod_id) {
        (Some(shop), Some(prod)) => format!("/chat?shopId={shop}&prodId={prod}"),
        (Some(shop), None) => format!("/chat?shopId={shop}"),
        (None, Some(prod)) => format!("/chat?prodId={prod}"),
        (None, None) => "/chat".to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn chat_links_name_the_shop_and_the_product() {
        assert_eq!(super::chat_href(Some(0), None), "/chat?shopId=0");
        assert_eq!(super::chat_href(Some(7), Some(1)), "/chat?shopId=7&prodId=1");
        assert_eq!(super::chat_href(None, Some(1)), "/chat?prodId=1");
        assert_eq!(super::chat_href(None, None), "/chat");
    }
}
