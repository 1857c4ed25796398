//! The live cart count of the page frame. Every cart count the server renders (top bar, main
//! and sticky header, quick menu, shop header) is a [`CartCount`], marked with
//! `data-cart-count`; the frame's script (`widgets/src/frame.ts`) hears `mall:cart-changed` and
//! brings all of them up to date without a reload: from the event's `detail.count` when given,
//! otherwise from `GET /p/shopCart/prodCount` (a call that never opens the login popup; a
//! failure leaves the counts as they are, spec section 8).

use crate::components::badge_count;
use leptos::prelude::*;

/// A cart count as the server renders it: capped at `cap`, and hidden at 0 when `badge`. Its
/// `data-cart-count` holds the cap (999 shows `999+` from 1000 on); `data-cart-hide-zero` marks
/// a badge.
#[component]
pub fn CartCount(
    count: i64,
    /// 999 in the header, 99 in the quick menu and the shop header (spec section 9).
    cap: i64,
    /// A badge: a pill that is hidden while the cart is empty.
    #[prop(optional)]
    badge: bool,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <span class=badge.then_some("badge") data-testid=testid data-cart-count=cap
            data-cart-hide-zero=badge.then_some("") hidden=badge && count <= 0>
            {badge_count(count, cap)}
        </span>
    }
}
