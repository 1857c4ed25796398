//! `POST /my-coupon/receive`: a coupon card's Claim button as a plain form, the same claim as
//! `/p/myCoupon/receive`, answered by a redirect back with 'Claimed successfully' or the
//! refusal (sold out, already claimed, ended); a guest signs in first and comes back.

use crate::deals::handlers::claim;
use crate::http::auth::MaybeUser;
use crate::http::client::RequestInfo;
use crate::http::error::ApiError;
use crate::http::forms::{refused, see_other, FormFields};
use crate::state::AppState;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `couponId` and `back`.
pub(super) async fn receive(
    MaybeUser(user): MaybeUser,
    State(state): State<AppState>,
    info: RequestInfo,
    form: FormFields,
) -> Response {
    let back = form.back();
    let Some(user) = user else { return refused(ApiError::Unauthorized, &back, info.https) };
    let claimed = match form.id("couponId") {
        Ok(coupon_id) => claim(&state, user, coupon_id, info.lang).await,
        Err(error) => Err(error),
    };
    match claimed {
        Ok(_) => see_other(&back, Some(Flash::success("coupon-claimed-toast")), info.https),
        Err(error) => refused(error, &back, info.https),
    }
}
