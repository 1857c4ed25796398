//! `POST /my-coupon/receive`: a coupon card's Claim button as a plain form, the same claim as
//! `/p/myCoupon/receive`, answered by a redirect back with 'Claimed successfully' or the
//! refusal (sold out, already claimed, ended); a guest signs in first and comes back.

use crate::deals::handlers::claim;
use crate::http::forms::FormAction;
use crate::state::AppState;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `couponId` and `back`.
pub(super) async fn receive(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, info| {
            claim(&state, user, form.id("couponId")?, info.lang).await?;
            Ok(Some(Flash::success("coupon-claimed-toast")))
        })
        .await
}
