//! The catalog's calls: the category tree (`/category/categoryInfo`) and products
//! (`/prod/prodInfo`, `/prod/isStatus`).

use super::repo::{self, CategoryTree};
use crate::cache::TtlCache;
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiQuery, Locale};
use crate::http::params::{optional_id, required_id};
use crate::state::AppState;
use api::catalog::{Category, CategoryInfo, ProductDetail};
use axum::extract::State;
use i18n::Lang;
use serde::Deserialize;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// How long the category tree is served from memory; it is read on every home page render.
pub const CATEGORY_TTL: Duration = Duration::from_secs(30);

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CategoryQuery {
    parent_id: Option<String>,
}

/// Category trees per (database, language), shared by all requests for [`CATEGORY_TTL`].
fn category_cache() -> &'static TtlCache<(String, Lang), Arc<CategoryTree>> {
    static CACHE: OnceLock<TtlCache<(String, Lang), Arc<CategoryTree>>> = OnceLock::new();
    CACHE.get_or_init(|| TtlCache::new(CATEGORY_TTL, 64))
}

pub async fn category_tree(state: &AppState, lang: Lang) -> Result<Arc<CategoryTree>, ApiError> {
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
pub(super) async fn category_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<CategoryQuery>,
) -> ApiResult<CategoryInfo> {
    let parent_id = optional_id(&query.parent_id, "parentId", 0)?;
    let tree = category_tree(&state, lang).await?;
    ok(CategoryInfo { category_info: tree.children_of(parent_id) })
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ProdQuery {
    prod_id: Option<String>,
}

/// `GET /prod/prodInfo?prodId=`: the detail page's product; off-shelf products are answered
/// too (status 0), unknown ones with `A00001`.
pub(super) async fn prod_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ProdQuery>,
) -> ApiResult<ProductDetail> {
    let prod_id = required_id(&query.prod_id, "prodId")?;
    found(repo::product_detail(&state.db, prod_id, lang).await?, "error-product-not-found")
}

/// `GET /prod/isStatus?prodId=`: whether the product can be opened (on shelf, shop online).
pub(super) async fn prod_is_status(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ProdQuery>,
) -> ApiResult<bool> {
    let prod_id = required_id(&query.prod_id, "prodId")?;
    ok(repo::product_open(&state.db, prod_id).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ShopIdQuery {
    shop_id: Option<String>,
}

/// `GET /shop/shopCategory?shopId=`: the shop's two-level category list (the platform's second-
/// and third-level categories its on-shelf products are in), for the shop header's category
/// menu; a category id filters `/search/page` through `shopCategoryId`. It is the catalog's
/// (the shops sit below it: a product shows its shop's card).
pub(super) async fn shop_category(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ShopIdQuery>,
) -> ApiResult<Vec<Category>> {
    let shop_id = required_id(&query.shop_id, "shopId")?;
    if crate::shops::repo::shop_head(&state.db, shop_id, None, lang).await?.is_none() {
        return Err(ApiError::bad("error-shop-not-found"));
    }
    let leaves = repo::shop_leaf_categories(&state.db, shop_id).await?;
    let tree = category_tree(&state, lang).await?;
    ok(tree.shop_categories(&leaves))
}
