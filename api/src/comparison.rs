//! Price comparison across shops (spec sections 2 "Price comparison sidebar" and
//! `/product-comparison`, 3 "Comparison product", 4 "Comparison sidebar", 7 "Comparison", 9):
//! the offers of the same product by other shops (`/comparison/matchProducts`), similar
//! products (`/comparison/similarProducts`, `/product/compare/similar`) and a product's price
//! history (`/product/price/history`).
//!
//! Prices are [`Price`]s (US cents, a dollar number on the wire) that clients show in the
//! chosen currency; times are Unix milliseconds; a shop's rating is in stars with one decimal.

use crate::money::Price;
use api_macros::wire;

crate::constants! {
    /// The comparison's constants (spec section 9 "Comparison"), shared by the server, the
    /// `/product-comparison` page and the comparison sidebar (exported to the widgets'
    /// TypeScript as constants of the same names).
    pub mod compare_limits: i64 {
        /// Offers and similar products asked for in one call (spec: "page size 10").
        COMPARE_PAGE_SIZE = 10;
        /// Offers the table shows at first; the rest wait in the supplier picker.
        COMPARE_SHOWN_OFFERS = 5;
        /// Similar products the sidebar shows; the similar-product modal offers them all.
        COMPARE_SHOWN_SIMILAR = 5;
        /// Skeleton rows while the comparison loads.
        COMPARE_SKELETON_ROWS = 5;
        /// The artificial delay before the sidebar loads, in milliseconds (spec: 2 s). A
        /// configuration constant: the widget takes `loadDelayMs` instead when given (0 in
        /// tests).
        COMPARE_LOAD_DELAY_MS = 2000;
        /// The closing animation of the sidebar's modals, in milliseconds.
        COMPARE_MODAL_CLOSE_MS = 300;
        /// The delivery estimate of an offer whose shop states none, in days.
        COMPARE_DELIVERY_DAYS = crate::orders::DELIVERY_ESTIMATE_DAYS;
        /// The most similar products one product has (the similar set a page is cut from).
        COMPARE_MAX_SIMILAR = 50;
    }
}

pub use compare_limits::*;

/// The sort columns of `columns` (comma-separated, in priority order, each with the `asc` or
/// `desc` of the same place in `orders`; spec section 7: `orders=asc,asc`,
/// `columns=price,shop_rating`).
pub const SORT_COLUMNS: [&str; 4] = ["price", "shop_rating", "sold", "stock"];

/// The periods of `/product/price/history` and their length in days; `month` is the default.
pub const PRICE_PERIODS: [(&str, i64); 4] = [("week", 7), ("month", 30), ("quarter", 91), ("year", 365)];

/// The default period of `/product/price/history`.
pub const DEFAULT_PRICE_PERIOD: &str = "month";

/// The shop of an offer (spec section 3 "Comparison product": `shop {id, name, logoUrl,
/// rating, followerCount}`).
#[wire(default)]
pub struct ComparisonShop {
    pub id: i64,
    pub name: String,
    pub logo_url: String,
    /// Stars, one decimal (4.8).
    pub rating: f64,
    pub follower_count: i64,
}

/// One SKU of an offer: what Add to Cart and Buy Now buy (the first one in stock).
#[wire(default)]
pub struct ComparisonSku {
    pub sku_id: i64,
    /// `Colour:Black;Size:M` in the request's language.
    pub properties: String,
    pub price: Price,
    pub stocks: i64,
}

/// An offer, or the compared product itself (spec section 3 "Comparison product"). `id` and
/// `prodId` are both the product id; `imageUrl` and `image` both its picture; `shopId`,
/// `shopName`, `shopLogo` and `followers` repeat `shop`. `isUserAdded`, `isRemoved` and
/// `canRemove` are the sidebar's state: the server answers `false`, `false` and `true` (the
/// compared product itself: `canRemove` false).
#[wire(default)]
pub struct ComparisonProduct {
    pub id: i64,
    pub prod_id: i64,
    /// The name in the request's language.
    pub name: String,
    /// The brief in the request's language (the name when it has none).
    pub description: String,
    /// The price of the cheapest SKU.
    pub price: Price,
    pub image_url: String,
    pub image: String,
    /// Units in stock over every SKU.
    pub stock_qty: i64,
    pub sold_qty: i64,
    /// Units per pack.
    pub qty: i64,
    pub delivery_estimate_days: i64,
    pub sku_list: Vec<ComparisonSku>,
    pub shop: ComparisonShop,
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    pub followers: i64,
    pub is_user_added: bool,
    pub is_removed: bool,
    pub can_remove: bool,
    /// The third-level category.
    pub category_id: i64,
}

/// `GET /comparison/matchProducts` and `GET /comparison/similarProducts`: the compared
/// product and one page of offers (or similar products), sorted by `columns`.
#[wire(default)]
pub struct ComparisonPage {
    /// The compared product (`null` never: an unknown product is `A00001`).
    pub product: Option<ComparisonProduct>,
    pub records: Vec<ComparisonProduct>,
    pub total: i64,
    pub current: i64,
    pub size: i64,
    pub pages: i64,
}

/// `GET /comparison/matchProducts` and `GET /comparison/similarProducts`.
#[wire(query, default)]
pub struct ComparisonQuery {
    /// The compared product.
    pub product_id: Option<i64>,
    /// From 1 (default 1).
    pub current: Option<i64>,
    /// From 1 (default 10, at most 100 served).
    pub size: Option<i64>,
    /// `asc` or `desc` for each of `columns`, comma-separated (default `asc`).
    pub orders: Option<String>,
    /// Sort columns, comma-separated, in priority order: `price`, `shop_rating`, `sold`,
    /// `stock` (default `price,shop_rating`; similar products without it: most similar first).
    pub columns: Option<String>,
}

/// `GET /product/compare/similar`: similar products of `productId`, narrowed by a text.
#[wire(query, default)]
pub struct CompareSimilarQuery {
    pub product_id: Option<i64>,
    /// Words the similar products' names must hold (any language); blank: the most similar.
    pub keyword: Option<String>,
    /// Most products answered, 1 to 50 (default 10).
    pub size: Option<i64>,
}

/// `GET /product/price/history`.
#[wire(query, default)]
pub struct PriceHistoryQuery {
    pub product_id: Option<i64>,
    /// `week`, `month` (the default), `quarter` or `year`.
    pub period: Option<String>,
}

/// The price from `time` on.
#[wire(default)]
pub struct PricePoint {
    pub time: i64,
    pub price: Price,
}

/// `GET /product/price/history`: the product's price over the period ending now, as a step
/// line: the price at `from`, each change after it, and the price now at `to`.
#[wire(default)]
pub struct PriceHistory {
    pub product_id: i64,
    pub period: String,
    pub from: i64,
    pub to: i64,
    pub points: Vec<PricePoint>,
    pub current_price: Price,
    pub lowest_price: Price,
    pub highest_price: Price,
    /// Price changes within the period.
    pub changes: i64,
}

impl PriceHistory {
    /// Fills the summary (current, lowest, highest, changes) from `points`.
    pub fn summarize(mut self) -> Self {
        let prices = self.points.iter().map(|p| p.price);
        self.lowest_price = prices.clone().min().unwrap_or_default();
        self.highest_price = prices.max().unwrap_or_default();
        self.current_price = self.points.last().map(|p| p.price).unwrap_or_default();
        self.changes = self.points.windows(2).filter(|w| w[0].price != w[1].price).count() as i64;
        self
    }
}

/// The days of a period of `/product/price/history`, `None` when unknown.
pub fn period_days(period: &str) -> Option<i64> {
    PRICE_PERIODS.iter().find(|(name, _)| *name == period).map(|(_, days)| *days)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_summarizes_its_points() {
        let point = |time, cents| PricePoint { time, price: Price(cents) };
        let history = PriceHistory {
            points: vec![point(0, 500), point(5, 450), point(9, 450), point(10, 520)],
            ..Default::default()
        }
        .summarize();
        assert_eq!(
            (history.lowest_price, history.highest_price, history.current_price),
            (Price(450), Price(520), Price(520))
        );
        assert_eq!(history.changes, 2);
        assert_eq!(PriceHistory::default().summarize().changes, 0);
    }

    #[test]
    fn periods_have_their_days() {
        assert_eq!(period_days("week"), Some(7));
        assert_eq!(period_days(DEFAULT_PRICE_PERIOD), Some(30));
        assert_eq!(period_days("decade"), None);
        assert_eq!(COMPARE_DELIVERY_DAYS, 7);
    }
}
