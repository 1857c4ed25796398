//! The cart's actions as plain forms, each answered by a redirect back with a message (a guest
//! signs in first and comes back); the islands send the same changes as JSON calls once the
//! page is interactive:
//!
//! - `POST /cart/add`: the product page's Add to Cart ('Successfully added to cart');
//! - `POST /cart/set`: a cart line's quantity (the field, or a stepper button's `to`);
//! - `POST /cart/remove`: a cart line taken out ('Removed from the cart').

use crate::cart::handlers::apply_change;
use crate::cart::repo;
use crate::http::error::ApiError;
use crate::http::forms::FormAction;
use crate::state::AppState;
use api::cart::ChangeItemRequest;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// Fields: `prodId`, `shopId`, `skuId`, `count` (units to add) and `back`.
pub(super) async fn add(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, _| {
            let request = ChangeItemRequest {
                basket_id: 0,
                count: form.number("count").unwrap_or(0),
                prod_id: form.number("prodId").unwrap_or(0),
                shop_id: form.number("shopId").unwrap_or(0),
                shop_name: String::new(),
                sku_id: form.number("skuId").unwrap_or(0),
            };
            apply_change(&state, user, &request).await?;
            Ok(Some(Flash::success("cart-added")))
        })
        .await
}

/// Fields: `basketId`, `count` (the units wanted) or `to` (a stepper button's, first), `back`.
pub(super) async fn set(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, _| {
            let basket_id = form.id("basketId")?;
            let wanted = form
                .number("to")
                .or_else(|| form.number("count"))
                .filter(|n| *n >= 1)
                .ok_or_else(|| ApiError::bad("error-cart-count-invalid"))?;
            let (prod_id, shop_id, sku_id, units) = repo::line_of(&state.db, user.user_id, basket_id)
                .await?
                .ok_or_else(|| ApiError::bad("error-cart-line-not-found"))?;
            if wanted != units {
                let count = wanted - units;
                let request =
                    ChangeItemRequest { basket_id, count, prod_id, shop_id, shop_name: String::new(), sku_id };
                apply_change(&state, user, &request).await?;
            }
            Ok(None)
        })
        .await
}

/// Fields: `basketId` and `back`. A line that is not the buyer's changes nothing.
pub(super) async fn remove(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, form, _| {
            repo::delete_items(&state.db, user.user_id, &[form.id("basketId")?]).await?;
            Ok(Some(Flash::success("cart-removed")))
        })
        .await
}
