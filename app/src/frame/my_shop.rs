//! The header's my-shop link (spec section 4 "My-shop link: shopStatus 1 opens it; 0 means
//! under review; -1 means rejected or another tip; otherwise the store is offline", section 6
//! "guests clicking ... the shop link get the login popup", section 8 "Shop link tips").
//!
//! Its `href` is the buyer centre's shop page (`/user-center/uc-freeshop`), which shows every
//! state, so the link works without JavaScript. Interactive, a guest gets the login popup; a
//! signed-in buyer's click asks `GET /p/user/centerInfo` at that moment and opens the shop when
//! it is open, shows the state's tip otherwise, and goes to the shop page when they have
//! neither a shop nor an application.

use api::shop_apply::my_shop_status;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Where the link goes (and where a buyer without a shop is sent).
pub const FREE_SHOP_PATH: &str = "/user-center/uc-freeshop";

/// The link's translated texts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MyShopLabels {
    pub link: String,
    /// `collection.storeReviewTips1`: under review.
    pub review: String,
    /// `collection.storeReviewTips2`: rejected.
    pub rejected: String,
    /// `userCenter.theStoreOffline`.
    pub offline: String,
}

/// What a click on the link does, from the buyer's `(shopStatus, shopId)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MyShopAction {
    /// Go to this page.
    Go(String),
    /// Show this tip (a warning toast).
    Tip(Tip),
}

/// The tips of section 8 "Shop link tips".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tip {
    Review,
    Rejected,
    Offline,
}

/// The action of spec section 4's my-shop link.
pub fn action(shop_status: Option<i64>, shop_id: Option<i64>) -> MyShopAction {
    match (shop_status, shop_id) {
        (None, _) => MyShopAction::Go(FREE_SHOP_PATH.to_string()),
        (Some(my_shop_status::OPEN), Some(id)) if id > 0 => MyShopAction::Go(format!("/shop-index?sid={id}")),
        (Some(my_shop_status::UNDER_REVIEW), _) => MyShopAction::Tip(Tip::Review),
        (Some(my_shop_status::REJECTED), _) => MyShopAction::Tip(Tip::Rejected),
        _ => MyShopAction::Tip(Tip::Offline),
    }
}

/// How long a tip stays (spec section 9 "Toast durations 1.5 to 4 s").
pub const TIP_MS: u32 = 3000;

/// Asks the server for the buyer's shop state, on the first click.
#[cfg(feature = "hydrate")]
async fn fetch_center_info() -> Result<api::account::CenterInfo, crate::api_client::ApiFailure> {
    use crate::api_client::browser;
    let options = browser::CallOptions { silent_auth: false, handle_error: true };
    browser::get::<api::account::CenterInfo>(api::paths::USER_CENTER_INFO, &[], options).await
}

#[island]
pub fn MyShopLink(labels: MyShopLabels, signed_in: bool) -> impl IntoView {
    let labels = StoredValue::new(labels);
    let asking = RwSignal::new(false);
    let on_click = move |ev: leptos::ev::MouseEvent| {
        // A new tab or window opens the page itself.
        if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
            return;
        }
        ev.prevent_default();
        if !signed_in {
            crate::components::emit(&crate::events::OpenLoginDetail {
                redirect: Some(FREE_SHOP_PATH.to_string()),
                mode: None,
            });
            return;
        }
        if asking.get_untracked() {
            return;
        }
        asking.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let answer = fetch_center_info().await;
            asking.set(false);
            let go = |href: &str| {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().set_href(href);
                }
            };
            match answer {
                Ok(info) => match action(info.shop_status, info.shop_id) {
                    MyShopAction::Go(href) => go(&href),
                    MyShopAction::Tip(tip) => {
                        let text = labels.with_value(|l| match tip {
                            Tip::Review => l.review.clone(),
                            Tip::Rejected => l.rejected.clone(),
                            Tip::Offline => l.offline.clone(),
                        });
                        browser::toast(api::bridge::ToastType::Warning, &text, TIP_MS);
                    }
                },
                // Signed out: the shared client rules have reacted.
                Err(ApiFailure::Rejected { code: api::Code::Unauthorized, .. }) => {}
                // Anything else: the page that shows every state.
                Err(_) => go(FREE_SHOP_PATH),
            }
        });
    };
    view! {
        <a class="topbar__link" href=FREE_SHOP_PATH data-testid="my-shop-link" on:click=on_click
            aria-busy=move || asking.get().to_string()>
            {labels.with_value(|l| l.link.clone())}
        </a>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_follows_the_states_of_section_4() {
        assert_eq!(action(None, None), MyShopAction::Go(FREE_SHOP_PATH.into()));
        assert_eq!(action(Some(1), Some(7)), MyShopAction::Go("/shop-index?sid=7".into()));
        assert_eq!(action(Some(0), None), MyShopAction::Tip(Tip::Review));
        assert_eq!(action(Some(-1), None), MyShopAction::Tip(Tip::Rejected));
        assert_eq!(action(Some(2), Some(7)), MyShopAction::Tip(Tip::Offline));
        assert_eq!(action(Some(5), None), MyShopAction::Tip(Tip::Offline), "otherwise offline");
        assert_eq!(action(Some(1), None), MyShopAction::Tip(Tip::Offline), "open without a shop is not openable");
    }
}
