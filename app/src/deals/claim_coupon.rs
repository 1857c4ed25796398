//! Claim a coupon (spec section 2 "/coupons", `/coupon/{id}`): guests get the login popup;
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

#[island(lazy)]
pub fn ClaimCoupon(
    coupon_id: i64,
    received: bool,
    available: bool,
    signed_in: bool,
    labels: ClaimLabels,
) -> impl IntoView {
    let received = RwSignal::new(received);
    let busy = RwSignal::new(false);
    let claimed_toast = labels.claimed_toast.clone();
    let on_click = move |_| {
        if crate::components::guest_must_sign_in(signed_in) {
            return;
        }
        busy.set(true);
        #[cfg(feature = "hydrate")]
        {
            let claimed_toast = claimed_toast.clone();
            leptos::task::spawn_local(async move {
                use crate::api_client::browser;
                let body = api::catalog::ReceiveCouponRequest { coupon_id };
                let claimed =
                    browser::post::<serde::de::IgnoredAny, _>(api::paths::MY_COUPON_RECEIVE, &body, Default::default());
                if claimed.await.is_ok() {
                    received.set(true);
                    browser::toast("success", &claimed_toast, 1500);
                }
                busy.set(false);
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (coupon_id, &claimed_toast);
    };
    let ClaimLabels { claim, claimed, unavailable, .. } = labels;
    view! {
        <button type="button" class="button button--primary claim-coupon" class:is-claimed=move || received.get()
            disabled=move || busy.get() || received.get() || !available
            data-testid="claim-coupon" on:click=on_click>
            {move || if received.get() { claimed.clone() } else if available { claim.clone() } else { unavailable.clone() }}
        </button>
    }
}
