//! The cart's actions as plain forms, each answered by a redirect back with a message (a guest
//! signs in first and comes back); the islands send the same changes as JSON calls once the
//! page is interactive:
//!
//! - `POST /cart/add`: the product page's Add to Cart ('Successfully added to cart');
//! - `POST /cart/set`: a cart line's quantity (the field, or a stepper button's `to`);
//! - `POST /cart/remove`: a cart line taken out ('Removed from the cart').

use crate::cart::handlers::apply_change;
use crate::cart::repo;
use crate::http::auth::MaybeUser;
use crate::http::client::RequestInfo;
use crate::http::error::ApiError;
use crate::http::forms::{refused, see_other, FormFields};
use crate::state::AppState;
use api::cart::ChangeItemRequest;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `prodId`, `shopId`, `skuId`, `count` (units to add) and `back`.
pub(super) async fn add(
    MaybeUser(user): MaybeUser,
    State(state): State<AppState>,
    info: RequestInfo,
    form: FormFields,
) -> Response {
    let back = form.back();
    let Some(user) = user else { return refused(ApiError::Unauthorized, &back, info.https) };
    let request = ChangeItemRequest {
        basket_id: 0,
        count: form.number("count").unwrap_or(0),
        prod_id: form.number("prodId").unwrap_or(0),
        shop_id: form.number("shopId").unwrap_or(0),
        shop_name: String::new(),
        sku_id: form.number("skuId").unwrap_or(0),
    };
    match apply_change(&state, user, &request).await {
        Ok(()) => see_other(&back, Some(Flash::success("cart-added")), info.https),
        Err(error) => refused(error, &back, info.https),
    }
}

/// Fields: `basketId`, `count` (the units wanted) or `to` (a stepper button's, first), `back`.
pub(super) async fn set(
    MaybeUser(user): MaybeUser,
    State(state): State<AppState>,
    info: RequestInfo,
    form: FormFields,
) -> Response {
    let back = form.back();
    let Some(user) = user else { return refused(ApiError::Unauthorized, &back, info.https) };
    let basket_id = form.number("basketId").unwrap_or(0);
    let Some(wanted) = form.number("to").or_else(|| form.number("count")) else {
        return refused(ApiError::bad("error-cart-count-invalid"), &back, info.https);
    };
    if wanted < 1 {
        return refused(ApiError::bad("error-cart-count-invalid"), &back, info.https);
    }
    let line = match repo::line_of(&state.db, user.user_id, basket_id).await {
        Ok(Some(line)) => line,
        Ok(None) => return refused(ApiError::bad("error-cart-line-not-found"), &back, info.https),
        Err(error) => return refused(error.into(), &back, info.https),
    };
    let (prod_id, shop_id, sku_id, units) = line;
    if wanted == units {
        return see_other(&back, None, info.https);
    }
    let request = ChangeItemRequest { basket_id, count: wanted - units, prod_id, shop_id, shop_name: String::new(), sku_id };
    match apply_change(&state, user, &request).await {
        Ok(()) => see_other(&back, None, info.https),
        Err(error) => refused(error, &back, info.https),
    }
}

/// Fields: `basketId` and `back`. A line that is not the buyer's changes nothing.
pub(super) async fn remove(
    MaybeUser(user): MaybeUser,
    State(state): State<AppState>,
    info: RequestInfo,
    form: FormFields,
) -> Response {
    let back = form.back();
    let Some(user) = user else { return refused(ApiError::Unauthorized, &back, info.https) };
    let Some(basket_id) = form.number("basketId").filter(|id| *id > 0) else {
        return refused(ApiError::bad("error-cart-basket-ids"), &back, info.https);
    };
    match repo::delete_items(&state.db, user.user_id, &[basket_id]).await {
        Ok(_) => see_other(&back, Some(Flash::success("cart-removed")), info.https),
        Err(error) => refused(error.into(), &back, info.https),
    }
}
