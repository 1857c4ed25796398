//! `POST /shop/collection/add-or-cancel`: the shop page's Follow button as a plain form, the
//! same toggle as `/p/shop/collection/addOrCancel`, answered by a redirect back with the
//! follow or unfollow message (a guest signs in first and comes back).

use crate::http::forms::FormAction;
use crate::shops::handlers::toggle_follow;
use crate::state::AppState;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `shopId` and `back`.
pub(super) async fn follow(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, _| {
            let following = toggle_follow(&state, user, form.id("shopId")?).await?;
            Ok(Some(Flash::success(if following { "shop-collect-success" } else { "shop-uncollected" })))
        })
        .await
}
