//! Browsing calls of spec section 7: banners, the category tree, product detail and status,
//! shops (hot list, header, decorated lists, following) and decorated pages.
//!
//! Every parameter is read as text and checked here, so that a missing, negative, non-numeric
//! or oversized value answers `A00001` naming the parameter in the request's language.

use super::auth::{request_token, AuthUser};
use super::extract::{ApiPath, ApiQuery, Locale};
use super::notice::parse_id;
use crate::db::browse::{self as repo, CategoryTree, Collect};
use crate::error::{ok, ApiError, ApiResult};
use crate::state::AppState;
use crate::web::ttl_cache::TtlCache;
use api::browse::Notice;
use api::catalog::{Banner, Category, CategoryInfo, Page, ProductDetail, RenovationPage, ShopCard, ShopHeadInfo};
use axum::body::Bytes;
use axum::extract::{FromRequestParts, RawQuery, State};
use axum::http::request::Parts;
use axum::routing::{get, post};
use axum::Router;
use i18n::Lang;
use serde::Deserialize;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Most shop ids one `GET /shop/listRenovationShop` may ask for.
pub const MAX_SHOP_IDS: usize = 50;
/// Largest page size of the paged lists; smaller and larger sizes are clamped into 1..=50.
pub const MAX_PAGE_SIZE: i64 = 50;
/// Page size when none is given.
pub const DEFAULT_PAGE_SIZE: i64 = 10;
/// Highest page number accepted (far beyond any real list; keeps offsets small).
pub const MAX_PAGE: i64 = 1_000_000;
/// How long the category tree is served from memory; it is read on every home page render.
pub const CATEGORY_TTL: Duration = Duration::from_secs(30);

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/indexImgs/{shop_id}", get(index_imgs))
        .route("/category/categoryInfo", get(category_info))
        .route("/prod/prodInfo", get(prod_info))
        .route("/prod/isStatus", get(prod_is_status))
        .route("/shop/hotShops", get(hot_shops))
        .route("/shop/headInfo", get(shop_head_info))
        .route("/shop/listRenovationShop", get(list_renovation_shop))
        .route("/shop/shopCategory", get(shop_category))
        .route("/p/shop/collection/addOrCancel", post(collection_add_or_cancel))
        .route("/shopRenovation/homepage", get(renovation_homepage))
        .route("/notice/list", get(notice_list))
}

// ---------------------------------------------------------------- parameters

pub(super) fn invalid(field: &'static str) -> ApiError {
    ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())])
}

pub(super) fn missing(field: &'static str) -> ApiError {
    ApiError::bad_with("error-missing-field", vec![("field", field.to_string())])
}

/// A present, non-empty parameter value.
pub(super) fn given(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// A required positive id.
pub(super) fn required_id(raw: &Option<String>, field: &'static str) -> Result<i64, ApiError> {
    let id = parse_id(given(raw).ok_or_else(|| missing(field))?, field)?;
    if id <= 0 {
        return Err(invalid(field));
    }
    Ok(id)
}

/// An optional non-negative id, `default` when absent.
pub(super) fn optional_id(raw: &Option<String>, field: &'static str, default: i64) -> Result<i64, ApiError> {
    given(raw).map_or(Ok(default), |v| parse_id(v, field))
}

/// Paging parameters: `current` from 1 (default 1), `size` clamped into 1..=50 (default 10).
#[derive(Debug, Default, Deserialize)]
pub(super) struct PageQuery {
    pub current: Option<String>,
    pub size: Option<String>,
}

impl PageQuery {
    pub(super) fn resolve(&self) -> Result<(i64, i64), ApiError> {
        let number = |raw: &Option<String>, field: &'static str| -> Result<Option<i64>, ApiError> {
            given(raw)
                .map(|v| {
                    let digits = v.strip_prefix('-').unwrap_or(v);
                    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(invalid(field));
                    }
                    v.parse::<i64>().map_err(|_| invalid(field))
                })
                .transpose()
        };
        let current = number(&self.current, "current")?.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&current) {
            return Err(ApiError::bad_with(
                "error-value-out-of-range",
                vec![("field", "current".into()), ("min", "1".into()), ("max", MAX_PAGE.to_string())],
            ));
        }
        let size = number(&self.size, "size")?.unwrap_or(DEFAULT_PAGE_SIZE).clamp(1, MAX_PAGE_SIZE);
        Ok((current, size))
    }
}

// ---------------------------------------------------------------- signed-in buyer, optionally

/// The signed-in buyer when the request carries a live session, else nobody. Never rejects:
/// public pages answer guests and buyers alike, only some fields differ.
#[derive(Debug, Clone, Copy, Default)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if request_token(&parts.headers).is_none() {
            return Ok(MaybeUser(None));
        }
        match AuthUser::from_request_parts(parts, state).await {
            Ok(user) => Ok(MaybeUser(Some(user))),
            Err(ApiError::Internal(detail)) => {
                tracing::warn!(%detail, "session lookup failed; answering as a guest");
                Ok(MaybeUser(None))
            }
            Err(_) => Ok(MaybeUser(None)),
        }
    }
}

// ---------------------------------------------------------------- banners and categories

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BannerQuery {
    img_type: Option<String>,
}

/// `GET /indexImgs/{shopId}?imgType=1`: the carousel banners of a shop (0 = platform).
async fn index_imgs(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiPath(shop_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<BannerQuery>,
) -> ApiResult<Vec<Banner>> {
    let shop_id = parse_id(&shop_id, "shopId")?;
    let img_type = optional_id(&query.img_type, "imgType", 1)?;
    ok(repo::banners(&state.db, shop_id, img_type, lang).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CategoryQuery {
    parent_id: Option<String>,
}

/// Category trees per (database, language), shared by all requests for [`CATEGORY_TTL`].
fn category_cache() -> &'static TtlCache<(String, Lang), Arc<CategoryTree>> {
    static CACHE: OnceLock<TtlCache<(String, Lang), Arc<CategoryTree>>> = OnceLock::new();
    CACHE.get_or_init(|| TtlCache::new(CATEGORY_TTL, 64))
}

async fn category_tree(state: &AppState, lang: Lang) -> Result<Arc<CategoryTree>, ApiError> {
    // Keyed by the database too, so that servers (and tests) on different databases in one
    // process never see each other's tree.
    let key = (state.config.database_url.clone(), lang);
    if let Some(tree) = category_cache().get(&key) {
        return Ok(tree);
    }
    let tree = Arc::new(repo::category_tree(&state.db, lang).await?);
    category_cache().insert(key, tree.clone());
    Ok(tree)
}

/// `GET /category/categoryInfo?parentId=`: the shown children of `parentId` (0 = top level),
/// each with its children nested down to grade 3, in `seq` order and the request language.
async fn category_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<CategoryQuery>,
) -> ApiResult<CategoryInfo> {
    let parent_id = optional_id(&query.parent_id, "parentId", 0)?;
    let tree = category_tree(&state, lang).await?;
    ok(CategoryInfo { category_info: tree.children_of(parent_id) })
}

// ---------------------------------------------------------------- products

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProdQuery {
    prod_id: Option<String>,
}

/// `GET /prod/prodInfo?prodId=`: the detail page's product; off-shelf products are answered
/// too (status 0), unknown ones with `A00001`.
async fn prod_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ProdQuery>,
) -> ApiResult<ProductDetail> {
    let prod_id = required_id(&query.prod_id, "prodId")?;
    match repo::product_detail(&state.db, prod_id, lang).await? {
        Some(detail) => ok(detail),
        None => Err(ApiError::bad("error-product-not-found")),
    }
}

/// `GET /prod/isStatus?prodId=`: whether the product can be opened (on shelf, shop online).
async fn prod_is_status(State(state): State<AppState>, ApiQuery(query): ApiQuery<ProdQuery>) -> ApiResult<bool> {
    let prod_id = required_id(&query.prod_id, "prodId")?;
    ok(repo::product_open(&state.db, prod_id).await?)
}

// ---------------------------------------------------------------- shops

/// `GET /shop/hotShops`: up to 10 online shops, best-selling first.
async fn hot_shops(State(state): State<AppState>) -> ApiResult<Vec<ShopCard>> {
    ok(repo::hot_shops(&state.db).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ShopQuery {
    shop_id: Option<String>,
}

/// `GET /shop/headInfo?shopId=`: the shop header; `collected` for the signed-in buyer.
async fn shop_head_info(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiQuery(query): ApiQuery<ShopQuery>,
) -> ApiResult<ShopHeadInfo> {
    let shop_id = required_id(&query.shop_id, "shopId")?;
    match repo::shop_head(&state.db, shop_id, user.map(|u| u.user_id)).await? {
        Some(head) => ok(head),
        None => Err(ApiError::bad("error-shop-not-found")),
    }
}

/// `GET /shop/shopCategory?shopId=`: the shop's two-level category list (the platform's second-
/// and third-level categories its on-shelf products are in), for the shop header's category
/// menu; a category id filters `/search/page` through `shopCategoryId`.
async fn shop_category(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ShopQuery>,
) -> ApiResult<Vec<Category>> {
    let shop_id = required_id(&query.shop_id, "shopId")?;
    if repo::shop_head(&state.db, shop_id, None).await?.is_none() {
        return Err(ApiError::bad("error-shop-not-found"));
    }
    let leaves = repo::shop_leaf_categories(&state.db, shop_id).await?;
    let tree = category_tree(&state, lang).await?;
    ok(tree.shop_categories(&leaves))
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
async fn list_renovation_shop(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult<Vec<ShopCard>> {
    let ids = shop_id_list(raw.as_deref())?;
    ok(repo::shop_cards(&state.db, &ids).await?)
}

/// The shop id of a follow request: `?shopId=`, else a body that is a bare number (`5`), a
/// JSON string (`"5"`), a JSON object `{"shopId": 5}` or a form `shopId=5`.
fn collection_shop_id(query: &ShopQuery, body: &[u8]) -> Result<i64, ApiError> {
    const FIELD: &str = "shopId";
    if given(&query.shop_id).is_some() {
        return required_id(&query.shop_id, FIELD);
    }
    let text = std::str::from_utf8(body).map_err(|_| invalid(FIELD))?.trim();
    if text.is_empty() {
        return Err(missing(FIELD));
    }
    let from_json = |value: &serde_json::Value| -> Option<Result<i64, ApiError>> {
        match value {
            serde_json::Value::Number(n) => Some(n.as_i64().ok_or_else(|| invalid(FIELD))),
            serde_json::Value::String(s) => Some(required_id(&Some(s.clone()), FIELD)),
            serde_json::Value::Null => None,
            _ => Some(Err(invalid(FIELD))),
        }
    };
    let id = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(map)) => match map.get(FIELD) {
            Some(value) => from_json(value).unwrap_or_else(|| Err(missing(FIELD)))?,
            None => return Err(missing(FIELD)),
        },
        Ok(value) => from_json(&value).unwrap_or_else(|| Err(missing(FIELD)))?,
        Err(_) => {
            let form: Vec<(String, String)> = serde_urlencoded::from_str(text).map_err(|_| invalid(FIELD))?;
            match form.into_iter().find(|(k, _)| k == FIELD) {
                Some((_, v)) => required_id(&Some(v), FIELD)?,
                None => return Err(invalid(FIELD)),
            }
        }
    };
    if id <= 0 {
        return Err(invalid(FIELD));
    }
    Ok(id)
}

/// `POST /p/shop/collection/addOrCancel`: follows the shop, or unfollows it when already
/// followed; answers whether the buyer now follows it.
async fn collection_add_or_cancel(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ShopQuery>,
    body: Bytes,
) -> ApiResult<bool> {
    let shop_id = collection_shop_id(&query, &body)?;
    match repo::toggle_collection(&state.db, user.user_id, shop_id).await? {
        Collect::Done(collected) => ok(collected),
        Collect::UnknownShop => Err(ApiError::bad("error-shop-not-found")),
        Collect::OfflineShop => Err(ApiError::bad("error-shop-offline")),
    }
}

// ---------------------------------------------------------------- decorated pages

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RenovationQuery {
    renovation_type: Option<String>,
    renovation_id: Option<String>,
    shop_id: Option<String>,
}

/// `GET /shopRenovation/homepage?renovationType=1[&renovationId=][&shopId=]`: without
/// `renovationId`, the active decorated home of `shopId` (0 = platform) or `null`; with it,
/// that page (`A00001` pageNotFound when missing).
async fn renovation_homepage(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<RenovationQuery>,
) -> ApiResult<Option<RenovationPage>> {
    let renovation_type = optional_id(&query.renovation_type, "renovationType", 1)?;
    let shop_id = optional_id(&query.shop_id, "shopId", 0)?;
    if given(&query.renovation_id).is_none() {
        return ok(repo::home_renovation(&state.db, shop_id, renovation_type).await?);
    }
    let renovation_id = required_id(&query.renovation_id, "renovationId")?;
    // A shop id of 0 (or none) does not narrow the page: links often carry only the page id.
    let owner = (shop_id > 0).then_some(shop_id);
    match repo::renovation(&state.db, renovation_id, renovation_type, owner).await? {
        Some(page) => ok(Some(page)),
        None => Err(ApiError::bad("error-page-not-found")),
    }
}

// ---------------------------------------------------------------- notices

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct NoticeListQuery {
    shop_id: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
}

/// `GET /notice/list?shopId=&current=&size=`: published notices of a shop (0 = platform) for
/// the notice list page, pinned first, then newest first.
async fn notice_list(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<NoticeListQuery>,
) -> ApiResult<Page<Notice>> {
    let shop_id = optional_id(&query.shop_id, "shopId", 0)?;
    let (current, size) = query.page.resolve()?;
    ok(repo::notices(&state.db, shop_id, lang, current, size).await?)
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

    #[test]
    fn paging() {
        let q = |current: Option<&str>, size: Option<&str>| {
            PageQuery { current: current.map(Into::into), size: size.map(Into::into) }.resolve()
        };
        assert_eq!(q(None, None).unwrap(), (1, DEFAULT_PAGE_SIZE));
        assert_eq!(q(Some("2"), Some("500")).unwrap(), (2, MAX_PAGE_SIZE));
        assert_eq!(q(Some("1"), Some("0")).unwrap(), (1, 1));
        assert_eq!(q(Some("1"), Some("-4")).unwrap(), (1, 1));
        for (current, size) in [("0", "2"), ("-1", "2"), ("x", "2"), ("1", "x"), ("99999999999999999999", "2")] {
            assert!(q(Some(current), Some(size)).is_err(), "{current} {size}");
        }
    }
}
