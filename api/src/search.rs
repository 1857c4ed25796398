//! Search payloads (spec sections 3 "Search suggestion" and 7 `/search/*`).

use crate::catalog::{Page, ProductCard, ShopCard};
use crate::money::Price;
use serde::{Deserialize, Serialize};

/// One record of `GET /search/page`: clients read `records[0].products` (and `shops` for a
/// shop search).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchRecord {
    pub products: Vec<ProductCard>,
    pub shops: Vec<ShopCard>,
}

/// `GET /search/page`.
pub type SearchPage = Page<SearchRecord>;

/// One row of `GET /search/suggestions`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
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
