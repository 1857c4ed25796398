//! `POST /collection/add-or-cancel`: the detail page's Collect button as a plain form, the
//! same toggle as `/p/user/collection/addOrCancel`, answered by a redirect back with
//! 'Collection successful' or 'Uncollected' (a guest signs in first and comes back).

use crate::favourites::handlers::toggle_product;
use crate::http::forms::FormAction;
use crate::state::AppState;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `prodId` and `back`.
pub(super) async fn product(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, _| {
            let collected = toggle_product(&state, user, form.id("prodId")?).await?;
            Ok(Some(Flash::success(if collected { "detail-collection-success" } else { "detail-uncollected" })))
        })
        .await
}
