//! The shops' calls: hot shops, the shop header, shop cards of decorated
//! blocks, following a shop, decorated pages (`/shopRenovation/homepage`) and banners
//! (`/indexImgs/{shopId}`).

use super::repo::{self, Collect};
use crate::http::auth::{AuthUser, MaybeUser};
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiPath, ApiQuery, Locale};
use crate::http::params::parse_id;
use crate::http::params::{given, id_in_query_or_body, invalid, missing, optional_id, required_id};
use crate::state::AppState;
use api::catalog::{Banner, RenovationPage, ShopCard, ShopHeadInfo};
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use serde::Deserialize;

/// Most shop ids one `GET /shop/listRenovationShop` may ask for.
pub const MAX_SHOP_IDS: usize = 50;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BannerQuery {
    img_type: Option<String>,
}

/// `GET /indexImgs/{shopId}?imgType=1`: the carousel banners of a shop (0 = platform).
pub(super) async fn index_imgs(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiPath(shop_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<BannerQuery>,
) -> ApiResult<Vec<Banner>> {
    let shop_id = parse_id(&shop_id, "shopId")?;
    let img_type = optional_id(&query.img_type, "imgType", 1)?;
    ok(repo::banners(&state.db, shop_id, img_type, lang).await?)
}

/// `GET /shop/hotShops`: up to 10 online shops, best-selling first.
pub(super) async fn hot_shops(State(state): State<AppState>) -> ApiResult<Vec<ShopCard>> {
    ok(repo::hot_shops(&state.db).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ShopQuery {
    shop_id: Option<String>,
}

/// `GET /shop/headInfo?shopId=`: the shop header; `collected` for the signed-in buyer.
pub(super) async fn shop_head_info(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ShopQuery>,
) -> ApiResult<ShopHeadInfo> {
    let shop_id = required_id(&query.shop_id, "shopId")?;
    found(repo::shop_head(&state.db, shop_id, user.map(|u| u.user_id), lang).await?, "error-shop-not-found")
}

/// The shop ids of `?shopIds=1,2,3` (also repeated `shopIds=` or `shopIds[]=`), de-duplicated
/// in their given order.
fn shop_id_list(raw_query: Option<&str>) -> Result<Vec<i64>, ApiError> {
    const FIELD: &str = "shopIds";
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(raw_query.unwrap_or_default()).map_err(|_| invalid(FIELD))?;
    let mut ids = Vec::new();
    for (_, value) in pairs.iter().filter(|(k, _)| k == FIELD || k == "shopIds[]") {
        for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let id = parse_id(part, FIELD)?;
            if id <= 0 {
                return Err(invalid(FIELD));
            }
            if !ids.contains(&id) {
                ids.push(id);
            }
            if ids.len() > MAX_SHOP_IDS {
                return Err(ApiError::bad_with(
                    "error-too-many-values",
                    vec![("field", FIELD.into()), ("max", MAX_SHOP_IDS.to_string())],
                ));
            }
        }
    }
    if ids.is_empty() {
        return Err(missing(FIELD));
    }
    Ok(ids)
}

/// `GET /shop/listRenovationShop?shopIds=1,2,3`: shop cards in the given order (offline shops
/// included, so that decorated pages can show them as not enterable; unknown ids skipped).
pub(super) async fn list_renovation_shop(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Vec<ShopCard>> {
    let ids = shop_id_list(raw.as_deref())?;
    ok(repo::shop_cards(&state.db.pool, &ids).await?)
}

/// The shop id of a follow request: `?shopId=`, else a body that is a bare number (`5`), a
/// JSON string (`"5"`), a JSON object `{"shopId": 5}` or a form `shopId=5`.
fn collection_shop_id(query: &ShopQuery, body: &[u8]) -> Result<i64, ApiError> {
    id_in_query_or_body(&query.shop_id, body, "shopId")
}

/// `POST /p/shop/collection/addOrCancel`: follows the shop, or unfollows it when already
/// followed; answers whether the buyer now follows it.
pub(super) async fn collection_add_or_cancel(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ShopQuery>,
    body: Bytes,
) -> ApiResult<bool> {
    let shop_id = collection_shop_id(&query, &body)?;
    ok(toggle_follow(&state, user, shop_id).await?)
}

/// Follows the shop, or unfollows it; whether the buyer now follows it. The JSON call's and
/// the shop page form's (`shops::forms`) one rule.
pub(super) async fn toggle_follow(state: &AppState, user: AuthUser, shop_id: i64) -> Result<bool, ApiError> {
    match repo::toggle_collection(&state.db, user.user_id, shop_id).await? {
        Collect::Done(collected) => Ok(collected),
        Collect::UnknownShop => Err(ApiError::bad("error-shop-not-found")),
        Collect::OfflineShop => Err(ApiError::bad("error-shop-offline")),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RenovationQuery {
    renovation_type: Option<String>,
    renovation_id: Option<String>,
    shop_id: Option<String>,
}

/// `GET /shopRenovation/homepage?renovationType=1[&renovationId=][&shopId=]`: without
/// `renovationId`, the active decorated home of `shopId` (0 = platform) or `null`; with it,
/// that page (`A00001` pageNotFound when missing).
pub(super) async fn renovation_homepage(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<RenovationQuery>,
) -> ApiResult<Option<RenovationPage>> {
    let renovation_type = optional_id(&query.renovation_type, "renovationType", 1)?;
    let shop_id = optional_id(&query.shop_id, "shopId", 0)?;
    if given(&query.renovation_id).is_none() {
        return ok(repo::home_renovation(&state.db, shop_id, renovation_type, lang).await?);
    }
    let renovation_id = required_id(&query.renovation_id, "renovationId")?;
    // A shop id of 0 (or none) does not narrow the page: links often carry only the page id.
    let owner = (shop_id > 0).then_some(shop_id);
    found(
        repo::renovation(&state.db, renovation_id, renovation_type, owner, lang).await?.map(Some),
        "error-page-not-found",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(query: &str) -> Result<Vec<i64>, ApiError> {
        shop_id_list(Some(query))
    }

    #[test]
    fn shop_id_lists() {
        assert_eq!(ids("shopIds=3,1,2").unwrap(), vec![3, 1, 2]);
        assert_eq!(ids("shopIds=3&shopIds=1&shopIds=3").unwrap(), vec![3, 1]);
        assert_eq!(ids("shopIds%5B%5D=4&shopIds%5B%5D=5").unwrap(), vec![4, 5]);
        assert_eq!(ids("shopIds=%201%20,%202").unwrap(), vec![1, 2]);
        for bad in
            ["", "shopIds=", "shopIds=a", "shopIds=-1", "shopIds=0", "shopIds=1,,x", "shopIds=99999999999999999999"]
        {
            assert!(ids(bad).is_err(), "{bad}");
        }
        let many = (1..=51).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert!(ids(&format!("shopIds={many}")).is_err());
        let fifty = (1..=50).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(ids(&format!("shopIds={fifty}")).unwrap().len(), 50);
    }

    #[test]
    fn follow_request_bodies() {
        let none = ShopQuery::default();
        assert_eq!(collection_shop_id(&none, b"5").unwrap(), 5);
        assert_eq!(collection_shop_id(&none, b" \"7\" ").unwrap(), 7);
        assert_eq!(collection_shop_id(&none, br#"{"shopId": 9}"#).unwrap(), 9);
        assert_eq!(collection_shop_id(&none, br#"{"shopId": "10"}"#).unwrap(), 10);
        assert_eq!(collection_shop_id(&none, b"shopId=11").unwrap(), 11);
        let query = ShopQuery { shop_id: Some("12".into()) };
        assert_eq!(collection_shop_id(&query, b"").unwrap(), 12);
        for bad in
            [&b""[..], b"-3", b"0", b"1.5", b"abc", b"{}", br#"{"shopId": null}"#, b"[1]", b"99999999999999999999"]
        {
            assert!(collection_shop_id(&none, bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
