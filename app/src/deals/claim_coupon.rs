//! Claim a coupon (spec section 2 "/coupons", `/coupon/{id}`): a plain form posted to
//! `/my-coupon/receive` until the island is interactive; then guests get the login popup and
//! signed-in buyers claim through `POST /p/myCoupon/receive`, and the button then reads
//! "Claimed". Refusals (sold out, already claimed, ended) come back translated and are toasted.

use leptos::prelude::*;

/// The translated texts of the claim button.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ClaimLabels {
    pub claim: String,
    pub claimed: String,
    pub claimed_toast: String,
    pub unavailable: String,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ClaimCoupon {
    pub coupon_id: i64,
    /// The page's address, where the form returns.
    pub back: String,
    pub received: bool,
    pub available: bool,
    pub signed_in: bool,
    pub labels: ClaimLabels,
}

/// Renders [`ClaimCoupon`], as one variant of its group's island (`crate::lazy_islands`).
pub fn claim_coupon(props: ClaimCoupon) -> impl IntoView {
    let ClaimCoupon { coupon_id, back, received, available, signed_in, labels } = props;
    let received = RwSignal::new(received);
    let busy = RwSignal::new(false);
    let claimed_toast = labels.claimed_toast.clone();
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        let call = (api::paths::MY_COUPON_RECEIVE, api::catalog::ReceiveCouponRequest { coupon_id });
        let claimed_toast = claimed_toast.clone();
        let done = move |_: serde::de::IgnoredAny| {
            received.set(true);
            claimed_toast
        };
        crate::components::buyer_tap(ev, signed_in, busy, call, done);
    };
    let ClaimLabels { claim, claimed, unavailable, .. } = labels;
    // A plain form (`api::forms::CLAIM_COUPON`) until the island is interactive.
    view! {
        <form class="claim-coupon__form" method="post" action=api::forms::CLAIM_COUPON on:submit=on_submit>
            <input type="hidden" name="couponId" value=coupon_id />
            <input type="hidden" name=api::forms::FIELD_BACK value=back />
            <button type="submit" class="button button--primary claim-coupon" class:is-claimed=move || received.get()
                disabled=move || busy.get() || received.get() || !available
                data-login-first=(!signed_in).then_some("") data-testid="claim-coupon">
                {move || if received.get() { claimed.clone() } else if available { claim.clone() } else { unavailable.clone() }}
            </button>
        </form>
    }
}
