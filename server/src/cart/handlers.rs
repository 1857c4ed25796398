//! The cart calls. Every path is under `/p/`: a guest gets `A00004` from [`AuthUser`], and each
//! call reads or changes only the signed-in buyer's lines.

use crate::cart::repo;
use crate::cart::rules::{Change, Refusal, MAX_LINES};
use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiJson;
use crate::http::params::invalid;
use crate::state::AppState;
use api::cart::{ChangeItemRequest, ShopCart, MAX_LINE_COUNT};
use axum::extract::State;
use serde_json::Value;

/// `GET /p/shopCart/info`: the buyer's lines grouped by shop.
pub(super) async fn info(SignedIn { user, state, lang }: SignedIn) -> ApiResult<Vec<ShopCart>> {
    ok(repo::info(&state.db, user.user_id, lang).await?)
}

/// The shape checks of a change, before the database is asked.
fn checked_change(request: &ChangeItemRequest) -> Result<Change, ApiError> {
    if request.count == 0 || !(-MAX_LINE_COUNT..=MAX_LINE_COUNT).contains(&request.count) {
        return Err(ApiError::bad_with("error-cart-count", vec![("max", MAX_LINE_COUNT.to_string())]));
    }
    if request.basket_id < 0 {
        return Err(invalid("basketId"));
    }
    if request.sku_id <= 0 {
        return Err(invalid("skuId"));
    }
    if request.prod_id <= 0 {
        return Err(invalid("prodId"));
    }
    if request.shop_id <= 0 {
        return Err(invalid("shopId"));
    }
    Ok(Change { prod_id: request.prod_id, shop_id: request.shop_id, count: request.count })
}

/// `POST /p/shopCart/changeItem`: adds (positive `count`) or takes away (negative) units of a
/// line; `basketId` 0 names the buyer's line of `skuId`. `shopName` is the client's copy and
/// not trusted.
pub(super) async fn change_item(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ChangeItemRequest>,
) -> ApiResult<()> {
    apply_change(&state, user, &request).await?;
    ok(())
}

/// A change of the buyer's cart, checked and applied: the JSON call's and the Add to Cart
/// form's (`cart::forms`) one rule.
pub(super) async fn apply_change(
    state: &AppState,
    user: AuthUser,
    request: &ChangeItemRequest,
) -> Result<(), ApiError> {
    let change = checked_change(request)?;
    match repo::change_item(&state.db, user.user_id, request.basket_id, request.sku_id, change).await? {
        Ok(()) => Ok(()),
        Err(Refusal::UnknownSku) => Err(ApiError::bad("error-cart-sku-not-found")),
        Err(Refusal::LineNotFound) => Err(ApiError::bad("error-cart-line-not-found")),
        Err(Refusal::OffShelf) => Err(ApiError::bad("error-cart-off-shelf")),
        Err(Refusal::ShopOffline) => Err(ApiError::bad("error-cart-shop-offline")),
        Err(Refusal::Insufficient { stocks }) => {
            Err(ApiError::bad_with("error-cart-insufficient-inventory", vec![("stocks", stocks.to_string())]))
        }
        Err(Refusal::LineLimit) => {
            Err(ApiError::bad_with("error-cart-line-limit", vec![("max", MAX_LINE_COUNT.to_string())]))
        }
        Err(Refusal::TooManyLines) => {
            Err(ApiError::bad_with("error-cart-too-many-lines", vec![("max", MAX_LINES.to_string())]))
        }
    }
}

/// The lines a delete names: a non-empty JSON array of at most [`MAX_LINES`] positive ids
/// (numbers, or numbers in strings), without repeats.
fn basket_ids(body: &Value) -> Result<Vec<i64>, ApiError> {
    let bad = || ApiError::bad("error-cart-basket-ids");
    let list = body.as_array().filter(|l| !l.is_empty()).ok_or_else(bad)?;
    if list.len() > MAX_LINES as usize {
        return Err(ApiError::bad_with(
            "error-too-many-values",
            vec![("field", "basketIds".to_string()), ("max", MAX_LINES.to_string())],
        ));
    }
    let mut ids = Vec::with_capacity(list.len());
    for value in list {
        let id = match value {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        }
        .filter(|id| *id > 0)
        .ok_or_else(bad)?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// `DELETE /p/shopCart/deleteItem` with `[basketId, ...]`: removes those of the buyer's lines;
/// ids of lines that are not the buyer's change nothing.
pub(super) async fn delete_item(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<()> {
    let ids = basket_ids(&body)?;
    repo::delete_items(&state.db, user.user_id, &ids).await?;
    ok(())
}

/// `GET /p/shopCart/prodCount`: the units in the buyer's cart, a number.
pub(super) async fn prod_count(user: AuthUser, State(state): State<AppState>) -> ApiResult<i64> {
    ok(repo::prod_count(&state.db, user.user_id).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(count: i64) -> ChangeItemRequest {
        ChangeItemRequest { basket_id: 0, count, prod_id: 1, shop_id: 1, shop_name: String::new(), sku_id: 11 }
    }

    #[test]
    fn a_change_names_a_sku_and_a_count() {
        assert!(checked_change(&request(1)).is_ok());
        assert!(checked_change(&request(-999)).is_ok());
        for count in [0, 1000, -1000, i64::MIN, i64::MAX] {
            assert!(checked_change(&request(count)).is_err(), "{count}");
        }
        assert!(checked_change(&ChangeItemRequest { sku_id: 0, ..request(1) }).is_err());
        assert!(checked_change(&ChangeItemRequest { prod_id: -1, ..request(1) }).is_err());
        assert!(checked_change(&ChangeItemRequest { shop_id: 0, ..request(1) }).is_err());
        assert!(checked_change(&ChangeItemRequest { basket_id: -4, ..request(1) }).is_err());
    }

    #[test]
    fn a_delete_names_a_list_of_ids() {
        assert_eq!(basket_ids(&json!([3, "4", 3])).unwrap(), vec![3, 4]);
        for bad in [json!([]), json!({"basketIds": [1]}), json!(5), json!([0]), json!([1.5]), json!([[1]]), json!(null)]
        {
            assert!(basket_ids(&bad).is_err(), "{bad}");
        }
        assert!(basket_ids(&json!((1..=201).collect::<Vec<_>>())).is_err());
    }
}
