//! Islands: the only parts of a page that ship to the browser as wasm. They receive
//! already translated strings as props; everything else is rendered on the server.

/// Replaces a picture that fails to load with the placeholder (spec section 8). The one inline
/// event handler of the site: the Content-Security-Policy allows it by its hash.
pub const IMG_FALLBACK: &str = "this.onerror=null;this.src='/static/placeholder.svg'";

pub mod auth_link;
pub mod buy_box;
pub mod carousel;
pub mod claim_coupon;
pub mod collect_shop;
pub mod copy_link;
pub mod countdown;
pub mod forgot_password;
pub mod gallery;
pub mod search_box;
pub mod sticky_watch;
pub mod third_login;
pub mod visit_tracker;

pub use auth_link::{AuthLink, OpenLoginOnLoad};
pub use buy_box::{BuyBox, BuyBoxLabels, SkuOption};
pub use carousel::Carousel;
pub use claim_coupon::{ClaimCoupon, ClaimLabels};
pub use collect_shop::CollectShop;
pub use copy_link::CopyLink;
pub use countdown::Countdown;
pub use forgot_password::{ForgotLabels, ForgotPassword};
pub use gallery::Gallery;
pub use search_box::{search_url, SearchBox, SearchLabels};
pub use sticky_watch::StickyWatch;
pub use third_login::{ThirdLogin, ThirdLoginLabels};
pub use visit_tracker::VisitTracker;

/// Dispatches a shared event from an island (no-op on the server).
#[allow(unused_variables)]
pub(crate) fn emit(name: &str, fields: &[(&str, crate::events::Detail)]) {
    #[cfg(feature = "hydrate")]
    crate::api_client::browser::emit(name, fields);
}
