//! `POST /collection/add-or-cancel`: the detail page's Collect button as a plain form, the
//! same toggle as `/p/user/collection/addOrCancel`, answered by a redirect back with
//! 'Collection successful' or 'Uncollected' (a guest signs in first and comes back).

use crate::favourites::handlers::toggle_product;
use crate::http::auth::MaybeUser;
use crate::http::client::RequestInfo;
use crate::http::error::ApiError;
use crate::http::forms::{refused, see_other, FormFields};
use crate::state::AppState;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `prodId` and `back`.
pub(super) async fn product(
    MaybeUser(user): MaybeUser,
    State(state): State<AppState>,
    info: RequestInfo,
    form: FormFields,
) -> Response {
    let back = form.back();
    let Some(user) = user else { return refused(ApiError::Unauthorized, &back, info.https) };
    let toggled = match form.id("prodId") {
        Ok(prod_id) => toggle_product(&state, user, prod_id).await,
        Err(error) => Err(error),
    };
    match toggled {
        Ok(true) => see_other(&back, Some(Flash::success("detail-collection-success")), info.https),
        Ok(false) => see_other(&back, Some(Flash::success("detail-uncollected")), info.https),
        Err(error) => refused(error, &back, info.https),
    }
}
