//! The comparison's calls. Every one is public (comparing needs no account), reads only and
//! names the compared product by `productId`; an unknown product answers `A00001` "This
//! product does not exist". Bad `current`, `size`, `columns`, `orders`, `period` or `size`
//! answer `A00001` naming the parameter.

use super::matching;
use super::repo::{self, Target};
use super::rules::{self, SortError, SortKey, DEFAULT_SORT};
use crate::db::paging::page_of;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiQuery, Locale};
use crate::http::paging::PageQuery;
use crate::http::params::{given, invalid, out_of_range, required_id};
use crate::search::{Hit, SearchQuery};
use crate::state::AppState;
use api::comparison::{
    period_days, ComparisonPage, ComparisonProduct, PriceHistory, COMPARE_MAX_SIMILAR, COMPARE_PAGE_SIZE,
    DEFAULT_PRICE_PERIOD,
};
use axum::extract::State;
use i18n::Lang;
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};

const NOT_FOUND: &str = "error-product-not-found";

/// Most candidates read from the search index per category.
const CANDIDATES: usize = 500;

/// `/comparison/matchProducts` and `/comparison/similarProducts`, read as text.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CompareQuery {
    product_id: Option<String>,
    current: Option<String>,
    size: Option<String>,
    orders: Option<String>,
    columns: Option<String>,
}

impl CompareQuery {
    fn sort(&self) -> Result<Option<Vec<SortKey>>, ApiError> {
        rules::parse_sort(given(&self.columns), given(&self.orders)).map_err(|e| match e {
            SortError::Columns => invalid("columns"),
            SortError::Orders => invalid("orders"),
        })
    }

    fn paging(&self) -> Result<(i64, i64), ApiError> {
        PageQuery { current: self.current.clone(), size: self.size.clone() }.resolve()
    }
}

async fn target_of(state: &AppState, raw: &Option<String>) -> Result<Target, ApiError> {
    let prod_id = required_id(raw, "productId")?;
    repo::target(&state.db, prod_id).await?.ok_or_else(|| ApiError::bad(NOT_FOUND))
}

/// The ids of the other listings of the target's product.
async fn offer_ids(state: &AppState, target: &Target) -> Result<BTreeSet<i64>, ApiError> {
    let listings = repo::listings(&state.db, target).await?;
    let mut ids = matching::same_product(target.prod_id, &listings);
    ids.remove(&target.prod_id);
    Ok(ids)
}

/// The compared product as the banner shows it: not removable.
async fn banner_product(state: &AppState, target: &Target, lang: Lang) -> Result<ComparisonProduct, ApiError> {
    let mut product =
        repo::products(&state.db, &[target.prod_id], lang).await?.pop().ok_or_else(|| ApiError::bad(NOT_FOUND))?;
    product.can_remove = false;
    Ok(product)
}

/// One page of `products` (already in their order).
fn page(product: ComparisonProduct, products: Vec<ComparisonProduct>, current: i64, size: i64) -> ComparisonPage {
    let total = products.len() as i64;
    let skip = usize::try_from(crate::db::paging::offset(current, size)).unwrap_or(usize::MAX);
    let records: Vec<ComparisonProduct> = products.into_iter().skip(skip).take(size as usize).collect();
    let page = page_of(records, total, current, size);
    ComparisonPage {
        product: Some(product),
        records: page.records,
        total: page.total,
        current: page.current,
        size: page.size,
        pages: page.pages,
    }
}

/// What both comparison pages start from, checked in this order: the target, the page, the
/// sort (`None` when not given) and the product as the banner shows it.
struct Compared {
    target: Target,
    current: i64,
    size: i64,
    sort: Option<Vec<SortKey>>,
    product: ComparisonProduct,
}

async fn compared(state: &AppState, query: &CompareQuery, lang: Lang) -> Result<Compared, ApiError> {
    let target = target_of(state, &query.product_id).await?;
    let (current, size) = query.paging()?;
    let sort = query.sort()?;
    let product = banner_product(state, &target, lang).await?;
    Ok(Compared { target, current, size, sort, product })
}

/// `GET /comparison/matchProducts?productId=&current=&size=&orders=&columns=`: the product and
/// a page of the same product's offers by other listings (shared identity, or titles that
/// agree on brand, model and specification in any language), sorted by `columns` (default
/// price, then shop rating, both ascending).
pub(super) async fn match_products(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<CompareQuery>,
) -> ApiResult<ComparisonPage> {
    let Compared { target, current, size, sort, product } = compared(&state, &query, lang).await?;
    let sort = sort.unwrap_or_else(|| DEFAULT_SORT.to_vec());
    let ids: Vec<i64> = offer_ids(&state, &target).await?.into_iter().collect();
    let mut offers = repo::products(&state.db, &ids, lang).await?;
    rules::sort_products(&mut offers, &sort);
    ok(page(product, offers, current, size))
}

/// The similar products of the target, most similar first: on shelf (the search index holds
/// nothing else), not the target's own offers, in the price band, from its third-level
/// category (its second-level one when that holds too few); with `keyword`, those of its
/// top-level category whose names hold the keyword, whatever their price.
async fn similar_ids(state: &AppState, target: &Target, keyword: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let mut excluded = offer_ids(state, target).await?;
    excluded.insert(target.prod_id);
    let signature = target.signature();
    let child = repo::parent_category(&state.db, target.category_id).await?.unwrap_or(0);
    let search = |category: i64, text: Option<&str>| -> Result<Vec<Hit>, ApiError> {
        if category <= 0 {
            return Ok(Vec::new());
        }
        let query = SearchQuery {
            text: text.map(str::to_string),
            category_ids: vec![category],
            limit: CANDIDATES,
            ..Default::default()
        };
        Ok(state.search.search(&query).map_err(|e| ApiError::Internal(format!("similar products: {e}")))?.hits)
    };
    let mut scored: HashMap<i64, f64> = HashMap::new();
    let consider = |scored: &mut HashMap<i64, f64>, hits: Vec<Hit>, same_leaf: &dyn Fn(i64) -> bool, band: bool| {
        for hit in hits {
            if excluded.contains(&hit.id) || scored.contains_key(&hit.id) {
                continue;
            }
            if band && !rules::in_price_band(hit.price, target.price) {
                continue;
            }
            let candidate = matching::Signature::of([&hit.names[0], &hit.names[1], &hit.names[2]]);
            let score = rules::similarity(&signature, target.price, &candidate, hit.price, same_leaf(hit.id));
            scored.insert(hit.id, score);
        }
    };
    match keyword {
        Some(keyword) => {
            let top = repo::parent_category(&state.db, child).await?.unwrap_or(0);
            let leaf: BTreeSet<i64> = search(target.category_id, None)?.into_iter().map(|h| h.id).collect();
            consider(&mut scored, search(top.max(child), Some(keyword))?, &|id| leaf.contains(&id), false);
        }
        None => {
            consider(&mut scored, search(target.category_id, None)?, &|_| true, true);
            if scored.len() < COMPARE_PAGE_SIZE as usize {
                consider(&mut scored, search(child, None)?, &|_| false, true);
            }
        }
    }
    let mut ranked: Vec<(i64, f64)> = scored.into_iter().collect();
    ranked.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal).then(a.0.cmp(&b.0)));
    Ok(ranked.into_iter().take(COMPARE_MAX_SIMILAR as usize).map(|(id, _)| id).collect())
}

/// `GET /comparison/similarProducts?productId=&current=&size=&orders=&columns=`: the product
/// and a page of its similar products (at most 50), sorted by `columns`, or most similar first
/// without it.
pub(super) async fn similar_products(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<CompareQuery>,
) -> ApiResult<ComparisonPage> {
    let Compared { target, current, size, sort, product } = compared(&state, &query, lang).await?;
    let ids = similar_ids(&state, &target, None).await?;
    let mut similar = repo::products(&state.db, &ids, lang).await?;
    if let Some(sort) = sort {
        rules::sort_products(&mut similar, &sort);
    }
    ok(page(product, similar, current, size))
}

/// `/product/compare/similar`, read as text.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SimilarQuery {
    product_id: Option<String>,
    keyword: Option<String>,
    size: Option<String>,
}

/// Most products `/product/compare/similar` answers.
const MAX_SIMILAR_SIZE: i64 = 50;

/// `GET /product/compare/similar?productId=&keyword=&size=`: similar products of the product,
/// most similar first; with `keyword` (words of any language, all of them matched as the
/// search does), those of its top-level category whose names hold it.
pub(super) async fn compare_similar(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<SimilarQuery>,
) -> ApiResult<Vec<ComparisonProduct>> {
    let target = target_of(&state, &query.product_id).await?;
    let size = match given(&query.size) {
        None => COMPARE_PAGE_SIZE,
        Some(raw) => {
            let size: i64 = raw.parse().map_err(|_| invalid("size"))?;
            if !(1..=MAX_SIMILAR_SIZE).contains(&size) {
                return Err(out_of_range("size", 1, MAX_SIMILAR_SIZE));
            }
            size
        }
    };
    let keyword = given(&query.keyword);
    if keyword.is_some_and(|k| k.chars().count() > 100) {
        return Err(ApiError::bad_with(
            "error-value-too-long",
            vec![("field", "keyword".into()), ("max", "100".into())],
        ));
    }
    let ids: Vec<i64> = similar_ids(&state, &target, keyword).await?.into_iter().take(size as usize).collect();
    ok(repo::products(&state.db, &ids, lang).await?)
}

/// `/product/price/history`, read as text.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct HistoryQuery {
    product_id: Option<String>,
    period: Option<String>,
}

/// `GET /product/price/history?productId=&period=`: the product's price over the period (week,
/// month by default, quarter, year) ending now, with the lowest, highest and current price.
pub(super) async fn price_history(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> ApiResult<PriceHistory> {
    let prod_id = required_id(&query.product_id, "productId")?;
    let period = given(&query.period).map(str::to_ascii_lowercase).unwrap_or_else(|| DEFAULT_PRICE_PERIOD.to_string());
    let days = period_days(&period).ok_or_else(|| invalid("period"))?;
    let target = repo::target(&state.db, prod_id).await?.ok_or_else(|| ApiError::bad(NOT_FOUND))?;
    let to = state.db.now();
    let from = to - days * 24 * 60 * 60 * 1000;
    let changes = repo::price_changes(&state.db, prod_id, from, to).await?;
    ok(rules::price_history(prod_id, &period, from, to, &changes, target.price))
}
