//! Search calls (spec section 7): hot search words, suggestions as you type, the search page
//! (products, or shops with sort 12) and the products of decorated blocks.

use crate::db::paging::page_of;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiQuery, Locale};
use crate::http::params::{optional_id, out_of_range};
use crate::search::{SearchQuery, Sort};
use crate::state::AppState;
use api::browse::{hot_search_type, HotSearch};
use api::catalog::{Page, ProductCard};
use api::money::Price;
use api::search::{SearchPage, SearchRecord, Suggestion};
use axum::extract::{RawQuery, State};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub(super) struct HotSearchQuery {
    #[serde(rename = "type")]
    kind: i32,
    #[serde(rename = "shopId")]
    shop_id: Option<String>,
}

/// `GET /search/hotSearch?type=1|2&shopId=`: hot words (products or shops) in the request's
/// language: the shop's own with `shopId` (none when it has none), else the mall's.
pub(super) async fn hot_search(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<HotSearchQuery>,
) -> ApiResult<Vec<HotSearch>> {
    if query.kind != hot_search_type::PRODUCT && query.kind != hot_search_type::SHOP {
        return Err(ApiError::bad_with(
            "error-value-out-of-range",
            vec![("field", "type".into()), ("min", "1".into()), ("max", "2".into())],
        ));
    }
    let shop_id = optional_id(&query.shop_id, "shopId", 0)?;
    ok(super::repo::hot_search(&state.db, shop_id, i64::from(query.kind), lang).await?)
}

/// Most suggestions (spec section 9) and the default.
pub const SUGGESTION_LIMIT: i64 = 15;
/// Most shops among the suggestions.
pub const SUGGESTION_SHOPS: usize = 5;
/// Longest keyword considered (longer ones are cut).
pub const MAX_KEYWORD_CHARS: usize = 100;

fn invalid(field: &str) -> ApiError {
    ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())])
}

fn keyword(raw: Option<&str>) -> Option<String> {
    let trimmed = raw?.trim();
    (!trimmed.is_empty()).then(|| trimmed.chars().take(MAX_KEYWORD_CHARS).collect())
}

fn search_failed(e: crate::search::SearchError) -> ApiError {
    ApiError::Internal(format!("search: {e}"))
}

#[derive(Debug, Deserialize)]
pub(super) struct SuggestionQuery {
    keyword: Option<String>,
    limit: Option<i64>,
}

/// `GET /search/suggestions?keyword=&limit=`: products then shops whose names match the typed
/// text, names in the request's language. A blank keyword answers an empty list.
pub(super) async fn suggestions(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<SuggestionQuery>,
) -> ApiResult<Vec<Suggestion>> {
    let limit = query.limit.unwrap_or(SUGGESTION_LIMIT);
    if limit < 1 {
        return Err(out_of_range("limit", 1, SUGGESTION_LIMIT));
    }
    let limit = limit.min(SUGGESTION_LIMIT) as usize;
    let Some(text) = keyword(query.keyword.as_deref()) else { return ok(Vec::new()) };
    let shops = state.search.suggest(&text, SUGGESTION_SHOPS.min(limit), true).map_err(search_failed)?;
    let products = state.search.suggest(&text, limit, false).map_err(search_failed)?;
    let shop_count = shops.hits.len().min(limit.saturating_sub(products.hits.len()).max(limit / 3));
    let product_count = limit - shop_count;
    let mut out: Vec<Suggestion> = products
        .hits
        .iter()
        .take(product_count)
        .map(|h| Suggestion {
            kind: "PRODUCT".into(),
            id: h.id,
            name: h.name(lang).to_string(),
            pic: h.pic.clone(),
            price: Some(Price(h.price)),
            fans_count: None,
            sold_num: None,
        })
        .collect();
    out.extend(shops.hits.iter().take(shop_count).map(|h| Suggestion {
        kind: "SHOP".into(),
        id: h.id,
        name: h.name(lang).to_string(),
        pic: h.pic.clone(),
        price: None,
        fans_count: Some(h.fans),
        sold_num: Some(h.sold),
    }));
    ok(out)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PageQuery {
    current: Option<i64>,
    size: Option<i64>,
    sort: Option<i64>,
    order_by: Option<i64>,
    prod_type: Option<i64>,
    is_active: Option<i64>,
    /// Accepted; results are not personalised.
    #[allow(dead_code)]
    user_id: Option<String>,
    shop_id: Option<i64>,
    coupon_id: Option<i64>,
    keyword: Option<String>,
    /// A category of the shop's own list (`/shop/shopCategory`): a platform category of any level.
    shop_category_id: Option<i64>,
    is_all_prod_type: Option<String>,
    /// Shop search: 0 general shops, 1 preferred shops.
    shop_type: Option<i64>,
    /// Top-level category (`cpid` of `/list`).
    primary_category_id: Option<i64>,
    /// Second-level category (`cid`).
    secondary_category_id: Option<i64>,
    /// Third-level category (`thCid`).
    category_id: Option<i64>,
}

/// Sort codes of `/search/page`.
pub mod sort_code {
    pub const RELEVANCE: i64 = 0;
    pub const PRICE: i64 = 1;
    pub const HOT: i64 = 2;
    pub const SHOP_SEARCH: i64 = 12;
    pub const NEW: i64 = 21;
}

/// `GET /search/page`: products matching the keyword and filters, in `records[0].products`;
/// with `sort=12` shops instead, in `records[0].shops`. Paging and bad input: docs/decisions/0044-search-page-parameters.md.
pub(super) async fn search_page(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<SearchPage> {
    let (current, size) = crate::http::paging::resolve(query.current, query.size)?;
    let sort_value = query.sort.unwrap_or(sort_code::RELEVANCE);
    let order_by = query.order_by.unwrap_or(0);
    if !(0..=1).contains(&order_by) {
        return Err(out_of_range("orderBy", 0, 1));
    }
    let sort = match sort_value {
        sort_code::RELEVANCE | sort_code::SHOP_SEARCH => Sort::Relevance,
        sort_code::PRICE if order_by == 1 => Sort::PriceDesc,
        sort_code::PRICE => Sort::PriceAsc,
        sort_code::HOT => Sort::Sold,
        sort_code::NEW => Sort::Newest,
        _ => return Err(invalid("sort")),
    };
    let all_types = match query.is_all_prod_type.as_deref().map(str::trim) {
        None | Some("") | Some("false") | Some("0") => false,
        Some("true") | Some("1") => true,
        Some(_) => return Err(invalid("isAllProdType")),
    };
    if let Some(t) = query.prod_type {
        if !(0..=2).contains(&t) {
            return Err(out_of_range("prodType", 0, 2));
        }
    }
    if let Some(a) = query.is_active {
        if !(0..=1).contains(&a) {
            return Err(out_of_range("isActive", 0, 1));
        }
    }
    if let Some(t) = query.shop_type {
        if !(0..=1).contains(&t) {
            return Err(out_of_range("shopType", 0, 1));
        }
    }
    for (name, id) in [
        ("shopId", query.shop_id),
        ("couponId", query.coupon_id),
        ("primaryCategoryId", query.primary_category_id),
        ("secondaryCategoryId", query.secondary_category_id),
        ("categoryId", query.category_id),
        ("shopCategoryId", query.shop_category_id),
    ] {
        if id.is_some_and(|id| id < 0) {
            return Err(invalid(name));
        }
    }
    let mut shop_id = query.shop_id.filter(|id| *id > 0);
    if let Some(coupon) = query.coupon_id.filter(|id| *id > 0) {
        match super::repo::coupon_shop(&state.db, coupon).await? {
            // A shop's coupon applies to that shop's products; a platform coupon to all.
            Some(0) => {}
            Some(coupon_shop) if shop_id.is_none_or(|s| s == coupon_shop) => shop_id = Some(coupon_shop),
            _ => return ok(page_of(vec![SearchRecord::default()], 0, current, size)),
        }
    }
    let shops = sort_value == sort_code::SHOP_SEARCH;
    let search = SearchQuery {
        text: keyword(query.keyword.as_deref()),
        shops,
        shop_id,
        category_ids: [
            query.primary_category_id,
            query.secondary_category_id,
            query.category_id,
            query.shop_category_id,
        ]
        .into_iter()
        .flatten()
        .filter(|id| *id > 0)
        .collect(),
        prod_type: if all_types { None } else { query.prod_type },
        active_at: (!shops && query.is_active == Some(1)).then(|| state.db.now()),
        shop_type: if shops { query.shop_type } else { None },
        with_brief: true,
        sort,
        offset: ((current - 1) * size) as usize,
        limit: size as usize,
    };
    let hits = state.search.search(&search).map_err(search_failed)?;
    let ids: Vec<i64> = hits.hits.iter().map(|h| h.id).collect();
    let mut record = SearchRecord::default();
    if shops {
        record.shops = crate::shops::repo::shop_cards(&state.db.pool, &ids).await?;
    } else {
        record.products = super::repo::product_cards(&state.db, &ids, lang, state.db.now(), false).await?;
    }
    ok(page_of(vec![record], hits.total as i64, current, size))
}

/// Most product ids one `/search/renovationPage` call takes.
pub const MAX_RENOVATION_IDS: usize = 200;

/// `GET /search/renovationPage?prodIds=1,2,3&current=&size=&getDelete=`: the products of a
/// decorated block, in the order given (repeated `prodIds` and `prodIds[]` work too).
/// `getDelete=true` keeps off-shelf products (the block shows them as such).
pub(super) async fn renovation_page(
    State(state): State<AppState>,
    Locale(lang): Locale,
    RawQuery(raw): RawQuery,
) -> ApiResult<Page<ProductCard>> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(raw.as_deref().unwrap_or_default())
        .map_err(|_| ApiError::bad("error-invalid-params"))?;
    let value = |name: &str| pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string());
    let number = |name: &str| -> Result<Option<i64>, ApiError> {
        match value(name).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| invalid(name)),
        }
    };
    let (current, size) = crate::http::paging::resolve(number("current")?, number("size")?)?;
    let with_deleted = match value("getDelete").as_deref() {
        None | Some("") | Some("false") | Some("0") => false,
        Some("true") | Some("1") => true,
        Some(_) => return Err(invalid("getDelete")),
    };
    let mut ids: Vec<i64> = Vec::new();
    for (_, v) in pairs.iter().filter(|(k, _)| k == "prodIds" || k == "prodIds[]") {
        for part in v.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let id: i64 = part.parse().ok().filter(|id| *id > 0).ok_or_else(|| invalid("prodIds"))?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    if ids.len() > MAX_RENOVATION_IDS {
        return Err(ApiError::bad_with(
            "error-value-too-long",
            vec![("field", "prodIds".into()), ("max", MAX_RENOVATION_IDS.to_string())],
        ));
    }
    let cards = super::repo::product_cards(&state.db, &ids, lang, state.db.now(), with_deleted).await?;
    let total = cards.len() as i64;
    let start = ((current - 1) * size) as usize;
    let records = cards.into_iter().skip(start).take(size as usize).collect();
    ok(page_of(records, total, current, size))
}
