//! The favourites' calls. Every path is under `/p/`: a guest gets `A00004` from [`AuthUser`];
//! each read and write names the signed-in buyer, so no buyer sees or changes another's.

use super::repo::{self, Toggle};
use crate::db::paging::page_of;
use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiPath, ApiQuery};
use crate::http::paging::PageQuery;
use crate::http::params::{id_in_query_or_body, invalid, parse_id, required_id};
use crate::state::AppState;
use api::catalog::Page;
use api::favourites::{CollectionProduct, CollectionShop};
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ProdQuery {
    prod_id: Option<String>,
}

/// A positive id of a path segment.
fn path_id(raw: &str, field: &'static str) -> Result<i64, ApiError> {
    let id = parse_id(raw, field)?;
    if id <= 0 {
        return Err(invalid(field));
    }
    Ok(id)
}

/// `GET /p/user/collection/page?current&size`: the buyer's favourite products, newest first.
pub(super) async fn product_page(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<CollectionProduct>> {
    let (current, size) = query.resolve()?;
    let (records, total) = repo::products(&state.db, user.user_id, lang, current, size).await?;
    ok(page_of(records, total, current, size))
}

/// `GET /p/user/collection/isCollection?prodId=`: whether the product is a favourite of the
/// buyer; an unknown product is `A00001`, as in mall4j.
pub(super) async fn is_collection(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ProdQuery>,
) -> ApiResult<bool> {
    let prod_id = required_id(&query.prod_id, "prodId")?;
    match repo::is_collected(&state.db, user.user_id, prod_id).await? {
        Some(collected) => ok(collected),
        None => Err(ApiError::bad("error-product-not-found")),
    }
}

/// `POST /p/user/collection/addOrCancel` with the product id in the query or the body (a bare
/// number or string, `{"prodId"}` or a form): collects it, or uncollects it when collected;
/// answers whether it is now collected.
pub(super) async fn add_or_cancel(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ProdQuery>,
    body: Bytes,
) -> ApiResult<bool> {
    let prod_id = id_in_query_or_body(&query.prod_id, &body, "prodId")?;
    ok(toggle_product(&state, user, prod_id).await?)
}

/// Makes the product a favourite of the buyer, or no longer one; whether it now is. The JSON
/// call's and the detail page form's (`favourites::forms`) one rule.
pub(super) async fn toggle_product(state: &AppState, user: AuthUser, prod_id: i64) -> Result<bool, ApiError> {
    match repo::toggle(&state.db, user.user_id, prod_id).await? {
        Toggle::Done(collected) => Ok(collected),
        Toggle::UnknownProduct => Err(ApiError::bad("error-product-not-found")),
        Toggle::OffShelf => Err(ApiError::bad("error-collection-off-shelf")),
    }
}

/// `GET /p/user/collection/count`: the number of the buyer's favourite products.
pub(super) async fn count(user: AuthUser, State(state): State<AppState>) -> ApiResult<i64> {
    ok(repo::count(&state.db, user.user_id).await?)
}

/// `DELETE /p/user/collection/cancel/{prodId}`: the product is no longer a favourite (nothing
/// to do when it was not one); answers `false`.
pub(super) async fn cancel(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(prod_id): ApiPath<String>,
) -> ApiResult<bool> {
    let prod_id = path_id(&prod_id, "prodId")?;
    repo::cancel(&state.db, user.user_id, prod_id).await?;
    ok(false)
}

/// `GET /p/shop/collection/page?current&size`: the shops the buyer follows, newest first.
pub(super) async fn shop_page(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<CollectionShop>> {
    let (current, size) = query.resolve()?;
    let (records, total) = repo::shops(&state.db, user.user_id, current, size).await?;
    ok(page_of(records, total, current, size))
}

/// `DELETE /p/shop/collection/cancel/{shopId}`: unfollows the shop (nothing to do when not
/// followed); answers `false`.
pub(super) async fn cancel_shop(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(shop_id): ApiPath<String>,
) -> ApiResult<bool> {
    let shop_id = path_id(&shop_id, "shopId")?;
    repo::cancel_shop(&state.db, user.user_id, shop_id).await?;
    ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_ids_are_positive_numbers() {
        assert_eq!(path_id("12", "prodId").unwrap(), 12);
        for bad in ["0", "-1", "x", "", " ", "1.5", "99999999999999999999"] {
            assert!(path_id(bad, "prodId").is_err(), "{bad}");
        }
    }
}
