//! Search payloads (spec sections 3 "Search suggestion" and 7 `/search/*`).

use crate::catalog::{Page, ProductCard, ShopCard};
use crate::money::Price;
use api_macros::wire;

/// One record of `GET /search/page`: clients read `records[0].products` (and `shops` for a
/// shop search).
#[wire(default)]
pub struct SearchRecord {
    pub products: Vec<ProductCard>,
    pub shops: Vec<ShopCard>,
}

/// `GET /search/page`.
pub type SearchPage = Page<SearchRecord>;

crate::constants! {
    /// Sort codes of `GET /search/page` (`sort`, spec section 7), the ones the server
    /// implements; any other answers `A00001`.
    pub mod sort_code: i64 {
        /// Relevance to the keyword, then popularity (the default; the list's "recommended").
        RELEVANCE = 0;
        /// Price, ascending with `orderBy=0`, descending with `orderBy=1`.
        PRICE = 1;
        /// Best-selling first (the hot list).
        HOT = 2;
        /// Shops instead of products, in `records[0].shops` (the shop search).
        SHOP_SEARCH = 12;
        /// Newest first (new arrivals).
        NEW = 21;
    }
}

/// `GET /search/page`: every parameter is optional. Paging follows the one paging policy
/// (`current` from 1, `size` 10 by default, at most 100 served).
#[wire(query, default)]
pub struct SearchPageQuery {
    pub current: Option<i64>,
    pub size: Option<i64>,
    /// A [`sort_code`].
    pub sort: Option<i64>,
    /// With sort [`sort_code::PRICE`]: 0 ascending, 1 descending.
    pub order_by: Option<i64>,
    /// 0 normal, 1 flash sale, 2 group buy.
    pub prod_type: Option<i64>,
    /// 1: only products whose activity is running now.
    pub is_active: Option<i64>,
    /// Accepted; results are not personalised.
    pub user_id: Option<String>,
    /// Only this shop's products.
    pub shop_id: Option<i64>,
    /// Only products this coupon applies to.
    pub coupon_id: Option<i64>,
    pub keyword: Option<String>,
    /// A category of the shop's own list (`/shop/shopCategory`).
    pub shop_category_id: Option<i64>,
    /// `true`: every product type, whatever `prodType` says.
    pub is_all_prod_type: Option<bool>,
    /// Shop search: 0 general shops, 1 preferred shops.
    pub shop_type: Option<i64>,
    /// Top-level category (`cpid` of `/list`).
    pub primary_category_id: Option<i64>,
    /// Second-level category (`cid` of `/list`).
    pub secondary_category_id: Option<i64>,
    /// Third-level category (`thCid` of `/list`).
    pub category_id: Option<i64>,
}

/// `GET /search/suggestions`.
#[wire(query, default)]
pub struct SuggestionQuery {
    /// The typed text; a blank keyword answers an empty list.
    pub keyword: Option<String>,
    /// Most suggestions, 1 to 15 (the default).
    pub limit: Option<i64>,
}

/// `GET /search/renovationPage`.
#[wire(query, default)]
pub struct RenovationPageQuery {
    /// Product ids, comma-separated (`1,2,3`; repeated `prodIds` work too), at most 200.
    pub prod_ids: String,
    pub current: Option<i64>,
    pub size: Option<i64>,
    /// `true` keeps off-shelf products (the block shows them as such).
    pub get_delete: Option<bool>,
}

/// One row of `GET /search/suggestions`.
#[wire(default)]
pub struct Suggestion {
    /// `PRODUCT` or `SHOP`.
    #[serde(rename = "type")]
    pub kind: String,
    pub id: i64,
    pub name: String,
    pub pic: String,
    pub price: Option<Price>,
    pub fans_count: Option<i64>,
    pub sold_num: Option<i64>,
}
