//! `POST /shop/collection/add-or-cancel`: the shop page's Follow button as a plain form, the
//! same toggle as `/p/shop/collection/addOrCancel`, answered by a redirect back with the
//! follow or unfollow message (a guest signs in first and comes back).

use crate::http::auth::MaybeUser;
use crate::http::client::RequestInfo;
use crate::http::error::ApiError;
use crate::http::forms::{refused, see_other, FormFields};
use crate::shops::handlers::toggle_follow;
use crate::state::AppState;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `shopId` and `back`.
pub(super) async fn follow(
    MaybeUser(user): MaybeUser,
    State(state): State<AppState>,
    info: RequestInfo,
    form: FormFields,
) -> Response {
    let back = form.back();
    let Some(user) = user else { return refused(ApiError::Unauthorized, &back, info.https) };
    let toggled = match form.id("shopId") {
        Ok(shop_id) => toggle_follow(&state, user, shop_id).await,
        Err(error) => Err(error),
    };
    match toggled {
        Ok(true) => see_other(&back, Some(Flash::success("shop-collect-success")), info.https),
        Ok(false) => see_other(&back, Some(Flash::success("shop-uncollected")), info.https),
        Err(error) => refused(error, &back, info.https),
    }
}
