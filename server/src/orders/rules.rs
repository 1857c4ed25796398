//! The amount rules of an order, pure so they can be tested alone: what a coupon takes off,
//! the freight, the points cap and how one amount is shared between the orders of one
//! submission. Every amount is integer cents ([`Price`]); nothing here is floating point.
//!
//! Rounding is in the buyer's favour throughout: a percent coupon's price to pay rounds down
//! to the cent (so its reduction rounds up), the points cap rounds down to whole steps.

use api::money::{DiscountRate, Price};
use api::orders::{CENTS_PER_POINT, FLAT_FREIGHT, FREE_FREIGHT_FROM, POINTS_MAX_PERCENT, POINTS_STEP};

/// `coupon_type` of a cash coupon: `reduce_amount` off once `cash_condition` is reached.
pub const COUPON_CASH: i32 = 1;
/// `coupon_type` of a percent coupon: the goods cost `coupon_discount` tenths of their price.
pub const COUPON_PERCENT: i32 = 2;

/// What a coupon offers, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CouponTerms {
    pub coupon_type: i32,
    pub cash_condition: Price,
    pub reduce_amount: Price,
    pub discount: DiscountRate,
}

impl CouponTerms {
    /// What the coupon takes off `goods`, or `None` when it does not apply (threshold not
    /// reached, nothing to buy, an unknown type). Never more than the goods.
    pub fn reduce(&self, goods: Price) -> Option<Price> {
        if goods.0 <= 0 || goods < self.cash_condition {
            return None;
        }
        match self.coupon_type {
            COUPON_CASH => Some(Price(self.reduce_amount.0.clamp(0, goods.0))),
            COUPON_PERCENT => Some(percent_reduce(goods, self.discount)),
            _ => None,
        }
    }
}

/// The reduction of a percent coupon: the goods cost `rate` tenths of their price (85 = pay
/// 85 %), the price to pay rounded down to the cent.
pub fn percent_reduce(goods: Price, rate: DiscountRate) -> Price {
    let paid = goods.0 as i128 * rate.percent_paid() as i128 / 100;
    Price(goods.0 - paid as i64)
}

/// The best of `candidates` (index and reduction) for `goods`: the largest reduction, the
/// first one listed among equals; `None` when none applies.
pub fn best_coupon(candidates: &[CouponTerms], goods: Price) -> Option<(usize, Price)> {
    let mut best: Option<(usize, Price)> = None;
    for (i, terms) in candidates.iter().enumerate() {
        if let Some(reduce) = terms.reduce(goods) {
            if reduce.0 > 0 && best.is_none_or(|(_, b)| reduce > b) {
                best = Some((i, reduce));
            }
        }
    }
    best
}

/// A shop's freight for its goods after its coupon: free from [`FREE_FREIGHT_FROM`].
pub fn freight(goods_after_coupon: Price) -> Price {
    if goods_after_coupon >= FREE_FREIGHT_FROM {
        Price(0)
    } else {
        FLAT_FREIGHT
    }
}

/// The most points an order may take: [`POINTS_MAX_PERCENT`] of its goods after coupons, in
/// points, rounded down to a multiple of [`POINTS_STEP`].
pub fn max_usable_points(goods_after_coupons: Price) -> i64 {
    let cents = goods_after_coupons.0.max(0) as i128 * POINTS_MAX_PERCENT as i128 / 100;
    let points = (cents / CENTS_PER_POINT as i128) as i64;
    points - points % POINTS_STEP
}

/// Why a number of points cannot be spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsRefusal {
    /// Negative or not a multiple of [`POINTS_STEP`].
    NotAStep,
    /// More than the buyer holds, or more than the order's cap (the cap that applies).
    TooMany { max: i64 },
}

/// Checks `use_points` against the buyer's points and the order's cap.
pub fn check_points(use_points: i64, user_points: i64, max_usable: i64) -> Result<(), PointsRefusal> {
    if use_points < 0 || use_points % POINTS_STEP != 0 {
        return Err(PointsRefusal::NotAStep);
    }
    let max = max_usable.min(user_points - user_points.rem_euclid(POINTS_STEP)).max(0);
    if use_points > max {
        return Err(PointsRefusal::TooMany { max });
    }
    Ok(())
}

/// What `points` take off, in cents.
pub fn points_reduce(points: i64) -> Price {
    Price(points * CENTS_PER_POINT)
}

/// Shares `total` between parts in proportion to `weights`: every part but the last rounds
/// down, the last takes the remainder, so the shares always add up to `total` exactly. With no
/// weight at all, the last part takes everything.
pub fn split(total: i64, weights: &[i64]) -> Vec<i64> {
    let Some(last) = weights.len().checked_sub(1) else { return Vec::new() };
    let sum: i128 = weights.iter().map(|w| (*w).max(0) as i128).sum();
    let mut shares = Vec::with_capacity(weights.len());
    let mut given = 0i64;
    for (i, weight) in weights.iter().enumerate() {
        let share = if i == last {
            total - given
        } else if sum == 0 {
            0
        } else {
            (total as i128 * (*weight).max(0) as i128 / sum) as i64
        };
        given += share;
        shares.push(share);
    }
    shares
}

pub use api::catalog::sku_name;

/// The names an order line shows its reader: the product's name and the SKU's properties in
/// the reader's language (`name` and `properties` as the catalogue has them now, `None` when
/// the product or SKU is gone), else the names recorded when it was ordered. What was bought
/// (product, SKU, price, units) is the order's; only its names are translated.
pub fn line_names(
    ordered_name: String,
    ordered_sku: String,
    name: Option<&str>,
    properties: Option<&str>,
) -> (String, String) {
    let name = name.map(str::trim).filter(|n| !n.is_empty()).map_or(ordered_name, str::to_string);
    let sku = properties.map(str::trim).filter(|p| !p.is_empty()).map_or(ordered_sku, sku_name);
    (name, sku)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cash(condition: i64, reduce: i64) -> CouponTerms {
        CouponTerms {
            coupon_type: COUPON_CASH,
            cash_condition: Price(condition),
            reduce_amount: Price(reduce),
            discount: DiscountRate(0),
        }
    }

    fn percent(condition: i64, rate: i64) -> CouponTerms {
        CouponTerms {
            coupon_type: COUPON_PERCENT,
            cash_condition: Price(condition),
            reduce_amount: Price(0),
            discount: DiscountRate(rate),
        }
    }

    #[test]
    fn cash_coupons_need_their_threshold_and_never_take_more_than_the_goods() {
        assert_eq!(cash(5000, 500).reduce(Price(4999)), None);
        assert_eq!(cash(5000, 500).reduce(Price(5000)), Some(Price(500)));
        assert_eq!(cash(0, 2000).reduce(Price(1500)), Some(Price(1500)));
        assert_eq!(cash(0, 500).reduce(Price(0)), None, "nothing to buy");
        let unknown = CouponTerms { coupon_type: 9, ..cash(0, 100) };
        assert_eq!(unknown.reduce(Price(1000)), None);
    }

    #[test]
    fn percent_coupons_round_the_price_to_pay_down() {
        // 85 % of $19.99 is $16.9915: the buyer pays $16.99, so $3.00 off.
        assert_eq!(percent(0, 85).reduce(Price(1999)), Some(Price(300)));
        assert_eq!(percent(0, 90).reduce(Price(1000)), Some(Price(100)));
        assert_eq!(percent(0, 85).reduce(Price(1)), Some(Price(1)), "one cent at 85 % is free");
        assert_eq!(percent(0, 100).reduce(Price(1234)), Some(Price(0)));
        assert_eq!(percent(2000, 80).reduce(Price(1999)), None, "threshold");
    }

    #[test]
    fn the_best_coupon_takes_off_the_most() {
        let list = [cash(5000, 500), percent(0, 90), cash(10000, 2000)];
        assert_eq!(best_coupon(&list, Price(4000)), Some((1, Price(400))));
        assert_eq!(best_coupon(&list, Price(6000)), Some((1, Price(600))));
        assert_eq!(best_coupon(&list, Price(10000)), Some((2, Price(2000))));
        assert_eq!(best_coupon(&[cash(5000, 500), cash(5000, 500)], Price(5000)), Some((0, Price(500))));
        assert_eq!(best_coupon(&[cash(5000, 500)], Price(100)), None);
        assert_eq!(best_coupon(&[], Price(100)), None);
    }

    #[test]
    fn freight_is_flat_below_the_free_threshold() {
        assert_eq!(freight(Price(4899)), FLAT_FREIGHT);
        assert_eq!(freight(Price(4900)), Price(0));
        assert_eq!(freight(Price(100_000)), Price(0));
    }

    #[test]
    fn points_are_capped_at_half_the_goods_in_whole_steps() {
        assert_eq!(max_usable_points(Price(1999)), 990);
        assert_eq!(max_usable_points(Price(20)), 10);
        assert_eq!(max_usable_points(Price(19)), 0);
        assert_eq!(max_usable_points(Price(-5)), 0);
        assert_eq!(check_points(0, 0, 0), Ok(()));
        assert_eq!(check_points(15, 100, 100), Err(PointsRefusal::NotAStep));
        assert_eq!(check_points(-10, 100, 100), Err(PointsRefusal::NotAStep));
        assert_eq!(check_points(110, 105, 500), Err(PointsRefusal::TooMany { max: 100 }));
        assert_eq!(check_points(600, 1000, 500), Err(PointsRefusal::TooMany { max: 500 }));
        assert_eq!(check_points(500, 1000, 500), Ok(()));
        assert_eq!(points_reduce(500), Price(500 * CENTS_PER_POINT));
    }

    #[test]
    fn shares_add_up_exactly_and_the_last_takes_the_remainder() {
        assert_eq!(split(100, &[1, 1, 1]), vec![33, 33, 34]);
        assert_eq!(split(1000, &[3000, 1000]), vec![750, 250]);
        assert_eq!(split(7, &[0, 0]), vec![0, 7]);
        assert_eq!(split(0, &[5, 5]), vec![0, 0]);
        assert_eq!(split(5, &[]), Vec::<i64>::new());
        for (total, weights) in [(999, vec![1234, 777, 5]), (1, vec![1, 1]), (12345, vec![10, 20, 30, 40])] {
            assert_eq!(split(total, &weights).iter().sum::<i64>(), total);
        }
    }

    #[test]
    fn order_lines_are_named_in_the_readers_language() {
        let ordered = || ("ប្លុកតម្រៀបអប់រំ Zenith".to_string(), "ពណ៌: បៃតង".to_string());
        let (name, sku) = ordered();
        assert_eq!(
            line_names(name, sku, Some("Zenith Stacking Blocks"), Some("Colour:Green")),
            ("Zenith Stacking Blocks".to_string(), "Colour: Green".to_string())
        );
        let (name, sku) = ordered();
        assert_eq!(line_names(name, sku, None, None), ordered(), "a product gone keeps the names ordered");
        let (name, sku) = ordered();
        assert_eq!(line_names(name, sku, Some(" "), Some("")), ordered(), "no translation keeps them too");
        assert_eq!(line_names("Plain".into(), String::new(), Some("Plain"), Some("")).1, "", "a plain SKU");
    }

    #[test]
    fn sku_names_read_as_labels() {
        assert_eq!(sku_name("Colour:Black;Size:M"), "Colour: Black, Size: M");
        assert_eq!(sku_name(""), "");
        assert_eq!(sku_name("Plain"), "Plain");
    }
}
