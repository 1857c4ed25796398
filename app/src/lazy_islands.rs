//! The islands that share a split wasm module: one lazy island per group of pages, which
//! hydrates the island it is given.
//!
//! The wasm splitter writes a shared file for every set of split modules that share code, so
//! the number of files grows with the number of lazy boundaries, not with the code. Leptos
//! names each `#[island(lazy)]` a module of its own, so the page-specific islands of a family of
//! pages are one lazy island here, with the island as an enum of serializable props. Five lazy
//! islands in all (these four and the cart's) keep the whole build to at most 1 + 5 + 26 wasm
//! files, and a page that uses one group to at most 17
//! (docs/decisions/0164-build-tools-as-upstream-ships-them.md).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Declares a group: the enum of its islands' props and the lazy island that renders one.
macro_rules! island_group {
    ($(#[$doc:meta])* $island:ident($part:ident) { $($variant:ident($props:path) => $render:path,)* }) => {
        $(#[$doc])*
        // One value per island, built once and serialized into the page: boxing the large
        // variants would save nothing.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Serialize, Deserialize)]
        pub enum $part {
            $($variant($props),)*
        }

        impl $part {
            /// The island's view, which the server also renders outside any island where the
            /// page needs no wasm for it ([`BrowseAction`]).
            pub fn render(self) -> AnyView {
                match self {
                    $($part::$variant(props) => $render(props).into_any(),)*
                }
            }
        }

        /// One island of the group; its code loads with the others of its enum.
        #[island(lazy)]
        pub fn $island(part: $part) -> impl IntoView {
            part.render()
        }
    };
}

island_group! {
    /// The islands of the pages a buyer browses: a product, a shop, the coupons.
    BrowseIsland(BrowsePart) {
        BuyBox(crate::catalog::buy_box::BuyBox) => crate::catalog::buy_box::buy_box,
        CollectProduct(crate::catalog::collect_product::CollectProduct) => crate::catalog::collect_product::collect_product,
        CollectShop(crate::shops::collect_shop::CollectShop) => crate::shops::collect_shop::collect_shop,
        ClaimCoupon(crate::deals::claim_coupon::ClaimCoupon) => crate::deals::claim_coupon::claim_coupon,
    }
}

impl BrowsePart {
    /// A guest's claim or collect button, whose island would only open the login popup: the
    /// frame's script does that for `data-login-first` without any wasm, and without script the
    /// form posts and the server sends the guest to `/login` and back (record 0184). Likewise a
    /// guest's buy box outside a group buy: its buttons ask the guest to sign in, and the SKU's
    /// price, stock and quantity follow the choice through the frame's script (record 0190).
    fn only_signs_in(&self) -> bool {
        match self {
            BrowsePart::ClaimCoupon(p) => !p.signed_in,
            BrowsePart::CollectShop(p) => !p.signed_in,
            BrowsePart::CollectProduct(p) => !p.signed_in,
            BrowsePart::BuyBox(p) => !p.needs_island(),
        }
    }
}

/// A browsing action: its island, or for a guest the same form without one where the island
/// would only ask them to sign in, so that a guest's home, shop, coupon and product pages fetch
/// none of the browsing group's wasm.
#[component]
pub fn BrowseAction(part: BrowsePart) -> impl IntoView {
    if part.only_signs_in() {
        part.render()
    } else {
        view! { <BrowseIsland part /> }.into_any()
    }
}

island_group! {
    /// The islands of the two steps after the cart: the order confirmation and the payment
    /// counter. One module, so the counter's code is in the browser's cache when the order is
    /// submitted.
    CheckoutIsland(CheckoutPart) {
        Checkout(crate::orders::checkout::Checkout) => crate::orders::checkout::checkout,
        PaymentCounter(crate::payments::counter::PaymentCounter) => crate::payments::counter::payment_counter,
    }
}

island_group! {
    /// The islands of the buyer's settings: contacts and bindings, passwords, addresses, the shop
    /// application, and the sign-in pages' forms (forgotten password, third-party sign-in). The
    /// profile needs no island (`accounts::profile`, record 0187).
    SettingsIsland(SettingsPart) {
        PayPasswordForm(crate::accounts::pay_password_form::PayPasswordForm) => crate::accounts::pay_password_form::pay_password_form,
        ShopApplyForm(crate::shops::apply_form::ShopApplyForm) => crate::shops::apply_form::shop_apply_form,
        StoreAccountForm(crate::shops::apply_form::StoreAccountForm) => crate::shops::apply_form::store_account_form,
        ContactBind(crate::accounts::bind_forms::ContactBind) => crate::accounts::bind_forms::contact_bind,
        SocialBind(crate::accounts::bind_forms::SocialBind) => crate::accounts::bind_forms::social_bind,
        PasswordForm(crate::accounts::password_form::PasswordForm) => crate::accounts::password_form::password_form,
        ThirdLogin(crate::accounts::third_login::ThirdLogin) => crate::accounts::third_login::third_login,
        ForgotPassword(crate::accounts::forgot_password::ForgotPassword) => crate::accounts::forgot_password::forgot_password,
    }
}

island_group! {
    /// The islands of the buyer's records: refunds, reviews and invoices, the points mall and
    /// membership, favourites and footprints (an order's actions need no island:
    /// `orders::order_actions`, record 0185; nor the wallet's sign-in and top-up:
    /// `wallet::sign_in_box`, `wallet::top_up`, record 0186).
    RecordsIsland(RecordsPart) {
        FootprintList(crate::favourites::footprint_list::FootprintList) => crate::favourites::footprint_list::footprint_list,
        FavouriteList(crate::favourites::collection_list::FavouriteList) => crate::favourites::collection_list::favourite_list,
        InvoiceForm(crate::invoices::form::InvoiceForm) => crate::invoices::form::invoice_form,
        ReviewForm(crate::reviews::form::ReviewForm) => crate::reviews::form::review_form,
        RedeemForm(crate::points_mall::redeem_form::RedeemForm) => crate::points_mall::redeem_form::redeem_form,
        RefundApplyForm(crate::refunds::form::ApplyForm) => crate::refunds::form::apply_form,
        ProofForm(crate::refunds::proof_form::ProofForm) => crate::refunds::proof_form::proof_form,
        RefundActions(crate::refunds::refund_actions::RefundActions) => crate::refunds::refund_actions::refund_actions,
        BuyMemberForm(crate::members::buy_form::BuyMemberForm) => crate::members::buy_form::buy_member_form,
    }
}
