//! The points mall (spec sections 1, 2, 5 and 9): `/member-center/integral-mall` (the items
//! offered for points, the buyer's points) and `/submit-integral-order` (one item, its
//! quantity and the delivery address; the order is paid with points, SCOREPAY, as it is
//! placed). Prices are in points alone, positive multiples of 10 (spec section 5: "points use
//! must be a multiple of 10"). Paths after mall4j's naming: `/score/...` for the public list,
//! `/p/scoreOrder/...` for the signed-in redemption.

use crate::money::Price;
use api_macros::wire;

/// Most units of one item a redemption takes.
pub const SCORE_ORDER_MAX_COUNT: i64 = 99;
/// Most characters of the message to the merchant (the order confirmation's limit).
pub const SCORE_ORDER_REMARKS_MAX_CHARS: usize = crate::orders::REMARKS_MAX_CHARS;

/// Whether `points` is a price the points mall may ask: positive and a multiple of 10.
pub fn points_price_allowed(points: i64) -> bool {
    points > 0 && points % crate::orders::POINTS_STEP == 0
}

/// Whether `count` units may be redeemed at once: 1 to [`SCORE_ORDER_MAX_COUNT`].
pub fn count_allowed(count: i64) -> bool {
    (1..=SCORE_ORDER_MAX_COUNT).contains(&count)
}

/// An item of the points mall, in the request's language.
#[wire(default)]
pub struct ScoreProd {
    pub score_prod_id: i64,
    pub prod_id: i64,
    pub sku_id: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub prod_name: String,
    /// The SKU's properties (`Colour: Black, Size: M`); empty for a product of one SKU.
    pub sku_name: String,
    pub pic: String,
    /// Its price in points (a positive multiple of 10).
    pub score_price: i64,
    /// What the shop sells it for, for reference.
    pub price: Price,
    /// Units left for the points mall (0: sold out).
    pub stocks: i64,
    pub sold_num: i64,
}

/// `GET /score/prodInfo?scoreProdId=`.
#[wire(query, default)]
pub struct ScoreProdQuery {
    pub score_prod_id: i64,
}

/// `POST /p/scoreOrder/submit`: what to redeem and where to send it; every number is the
/// server's (the price in points, what the buyer holds, the stock).
#[wire(default)]
pub struct ScoreOrderParam {
    pub score_prod_id: i64,
    /// 1 to [`SCORE_ORDER_MAX_COUNT`].
    pub prod_count: i64,
    /// The buyer's delivery address; 0 for the default one.
    pub addr_id: i64,
    /// A message to the merchant, at most [`SCORE_ORDER_REMARKS_MAX_CHARS`] characters.
    pub remarks: String,
}

/// The answer of `/p/scoreOrder/submit`: the new order, paid with points.
#[wire]
#[derive(Default)]
pub struct ScoreOrderResult {
    pub order_number: String,
    /// The points it took.
    pub score: i64,
    /// The buyer's points after it.
    pub user_score: i64,
}

/// The points `count` units of an item priced `score_price` take.
pub fn points_needed(score_price: i64, count: i64) -> i64 {
    score_price.saturating_mul(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_multiples_of_ten() {
        assert!(points_price_allowed(10));
        assert!(points_price_allowed(1_500));
        assert!(!points_price_allowed(0));
        assert!(!points_price_allowed(15));
        assert!(!points_price_allowed(-10));
    }

    #[test]
    fn counts_and_needed_points() {
        assert!(!count_allowed(0));
        assert!(count_allowed(1));
        assert!(count_allowed(SCORE_ORDER_MAX_COUNT));
        assert!(!count_allowed(SCORE_ORDER_MAX_COUNT + 1));
        assert_eq!(points_needed(120, 3), 360);
    }
}
