//! The pricing of a purchase, pure so it can be tested alone: lines grouped into one order per
//! shop, the chosen or best coupons, freight, the member discount, the points and each order's
//! share of what is shared, and the confirmation a buyer is shown. The database's part (prices,
//! held coupons, points) is read by `repo` and handed in; nothing here touches it.

use crate::orders::error::{OrderError, OrderResult};
use crate::orders::rules::{self, CouponTerms};
use api::addresses::UserAddr;
use api::money::Price;
use api::orders::{CouponOrder, OrderConfirmation, OrderItem, PointsUse, ShopCartOrder, DELIVERY_ESTIMATE_DAYS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

// ---------------------------------------------------------------- what is bought

/// One line of a purchase: a SKU and its count (and the cart line it came from, 0 for buy now).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Line {
    pub basket_id: i64,
    pub prod_id: i64,
    pub sku_id: i64,
    pub shop_id: i64,
    pub count: i64,
    /// The unit price the confirmation showed (cents). Kept as a record of what the buyer saw:
    /// the submission prices every line again from the database.
    #[serde(default)]
    pub price: i64,
}

/// What a confirmation stores for its submission (`order_confirmation.content`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Purchase {
    pub lines: Vec<Line>,
    pub basket_ids: Vec<i64>,
    pub order_type: i32,
    pub seckill_id: Option<i64>,
    pub group_activity_id: Option<i64>,
    /// The open group a group-buy purchase joins (none: it opens a new group).
    #[serde(default)]
    pub group_team_id: Option<i64>,
}

/// A line priced from the database, with what an order line shows.
#[derive(Debug, Clone)]
pub struct PricedLine {
    pub line: Line,
    pub shop_name: String,
    pub prod_name: String,
    pub sku_name: String,
    pub pic: String,
    pub price: Price,
}

impl PricedLine {
    /// The line's goods: unit price times units.
    pub fn amount(&self) -> Price {
        Price(self.price.0 * self.line.count)
    }

    fn item(&self) -> OrderItem {
        OrderItem {
            prod_id: self.line.prod_id,
            sku_id: self.line.sku_id,
            prod_name: self.prod_name.clone(),
            sku_name: self.sku_name.clone(),
            pic: self.pic.clone(),
            price: self.price,
            prod_count: self.line.count,
            product_total_amount: self.amount(),
            basket_id: self.line.basket_id,
        }
    }
}

// ---------------------------------------------------------------- coupons, amounts

/// A coupon the buyer holds, unused and valid now.
#[derive(Debug, Clone)]
pub struct HeldCoupon {
    pub user_coupon_id: i64,
    pub coupon_id: i64,
    pub shop_id: i64,
    pub name: String,
    pub terms: CouponTerms,
    pub valid_until: i64,
}

/// Which coupons to apply: the best ones, or exactly those the buyer named (`couponId`s).
#[derive(Debug, Clone)]
pub enum CouponChoice {
    Best,
    Exactly(Vec<i64>),
}

/// One shop's part of a computation: it becomes one order.
#[derive(Debug, Clone)]
pub struct ShopPart {
    pub shop_id: i64,
    pub shop_name: String,
    pub lines: Vec<PricedLine>,
    pub total: Price,
    pub count: i64,
    /// The shop's coupon applied (an index into the held coupons) and what it takes off.
    pub coupon: Option<(usize, Price)>,
    pub transfee: Price,
    /// This order's share of the platform coupon and of the points.
    pub platform_share: Price,
    pub points: i64,
    /// members: the member discount on this order's goods after its coupons.
    pub member_reduce: Price,
}

impl ShopPart {
    fn after_shop_coupon(&self) -> Price {
        Price(self.total.0 - self.coupon.map_or(0, |c| c.1 .0))
    }

    /// Every coupon's reduction on this order (its own and its share of the platform's).
    pub fn coupon_reduce(&self) -> Price {
        Price(self.coupon.map_or(0, |c| c.1 .0) + self.platform_share.0)
    }

    /// What this order costs: goods − coupons − member discount − points + freight.
    pub fn actual_total(&self) -> Price {
        Price(
            self.total.0 - self.coupon_reduce().0 - self.member_reduce.0 - rules::points_reduce(self.points).0
                + self.transfee.0,
        )
    }
}

/// Every amount of a purchase, computed from the database's prices and the buyer's coupons.
#[derive(Debug, Clone)]
pub struct Computation {
    pub shops: Vec<ShopPart>,
    pub held: Vec<HeldCoupon>,
    pub platform: Option<(usize, Price)>,
    pub user_points: i64,
    pub max_usable_points: i64,
    pub use_points: i64,
}

impl Computation {
    fn sum(&self, f: impl Fn(&ShopPart) -> i64) -> i64 {
        self.shops.iter().map(f).sum()
    }
}

/// Computes a purchase: goods per shop, the chosen or best coupons (a shop's on its goods, the
/// platform's on every shop's goods after their coupons), freight per shop, the points within
/// their cap, and each order's share of the platform coupon and of the points (in proportion
/// to its goods after its own coupon, resp. after every coupon; the last order takes the
/// remainder).
pub fn compute(
    lines: Vec<PricedLine>,
    held: Vec<HeldCoupon>,
    choice: &CouponChoice,
    use_points: i64,
    user_points: i64,
    equity: api::members::Equity,
) -> OrderResult<Computation> {
    let mut by_shop: BTreeMap<i64, ShopPart> = BTreeMap::new();
    for line in lines {
        let part = by_shop.entry(line.line.shop_id).or_insert_with(|| ShopPart {
            shop_id: line.line.shop_id,
            shop_name: line.shop_name.clone(),
            lines: Vec::new(),
            total: Price(0),
            count: 0,
            coupon: None,
            transfee: Price(0),
            platform_share: Price(0),
            points: 0,
            member_reduce: Price(0),
        });
        part.total.0 += line.amount().0;
        part.count += line.line.count;
        part.lines.push(line);
    }
    if let CouponChoice::Exactly(ids) = choice {
        for (i, id) in ids.iter().enumerate() {
            let known = held.iter().find(|c| c.coupon_id == *id);
            let usable = known.is_some_and(|c| c.shop_id == 0 || by_shop.contains_key(&c.shop_id));
            if !usable || ids[..i].contains(id) {
                return Err(OrderError::CouponUnusable);
            }
        }
    }
    let pick = |shop_id: i64, goods: Price| -> OrderResult<Option<(usize, Price)>> {
        let candidates: Vec<usize> = (0..held.len()).filter(|&i| held[i].shop_id == shop_id).collect();
        match choice {
            CouponChoice::Best => {
                let terms: Vec<CouponTerms> = candidates.iter().map(|&i| held[i].terms).collect();
                Ok(rules::best_coupon(&terms, goods).map(|(k, reduce)| (candidates[k], reduce)))
            }
            CouponChoice::Exactly(ids) => {
                let chosen: Vec<usize> = candidates.into_iter().filter(|&i| ids.contains(&held[i].coupon_id)).collect();
                match chosen.as_slice() {
                    [] => Ok(None),
                    [i] => held[*i].terms.reduce(goods).map(|r| Some((*i, r))).ok_or(OrderError::CouponUnusable),
                    _ => Err(OrderError::CouponUnusable),
                }
            }
        }
    };
    for part in by_shop.values_mut() {
        part.coupon = pick(part.shop_id, part.total)?;
        part.transfee = if equity.free_shipping { Price(0) } else { rules::freight(part.after_shop_coupon()) };
    }
    let mut shops: Vec<ShopPart> = by_shop.into_values().collect();
    let after_shop: Vec<i64> = shops.iter().map(|p| p.after_shop_coupon().0).collect();
    let platform = pick(0, Price(after_shop.iter().sum()))?;
    for (part, share) in shops.iter_mut().zip(rules::split(platform.map_or(0, |p| p.1 .0), &after_shop)) {
        part.platform_share = Price(share);
    }
    // members: the member discount on each order's goods after its coupons.
    for part in shops.iter_mut() {
        part.member_reduce =
            api::members::member_reduce(Price(part.total.0 - part.coupon_reduce().0), equity.discount_percent);
    }
    let after_coupons: Vec<i64> = shops.iter().map(|p| p.total.0 - p.coupon_reduce().0 - p.member_reduce.0).collect();
    let max_usable_points = rules::max_usable_points(Price(after_coupons.iter().sum()));
    rules::check_points(use_points, user_points, max_usable_points).map_err(OrderError::Points)?;
    for (part, points) in shops.iter_mut().zip(rules::split(use_points, &after_coupons)) {
        part.points = points;
    }
    Ok(Computation { shops, held, platform, user_points, max_usable_points, use_points })
}

/// The coupons of `shop_id` the buyer holds, as a confirmation offers them for `goods`.
fn offered(c: &Computation, shop_id: i64, goods: Price, chosen: Option<usize>) -> Vec<CouponOrder> {
    c.held
        .iter()
        .enumerate()
        .filter(|(_, h)| h.shop_id == shop_id)
        .map(|(i, h)| {
            let reduce = h.terms.reduce(goods);
            CouponOrder {
                coupon_id: h.coupon_id,
                coupon_name: h.name.clone(),
                shop_id: h.shop_id,
                coupon_type: h.terms.coupon_type,
                cash_condition: h.terms.cash_condition,
                reduce_amount: h.terms.reduce_amount,
                coupon_discount: h.terms.discount,
                valid_until: h.valid_until,
                can_use: reduce.is_some(),
                choose: chosen == Some(i),
                reduce: reduce.unwrap_or_default(),
            }
        })
        .collect()
}

/// The answer of a confirmation.
pub fn confirmation(
    c: &Computation,
    token: String,
    expires_at: i64,
    user_addr: Option<UserAddr>,
    order_type: i32,
) -> OrderConfirmation {
    let shop_cart_orders = c
        .shops
        .iter()
        .map(|p| ShopCartOrder {
            shop_id: p.shop_id,
            shop_name: p.shop_name.clone(),
            items: p.lines.iter().map(PricedLine::item).collect(),
            total: p.total,
            total_count: p.count,
            transfee: p.transfee,
            coupon_reduce: Price(p.coupon.map_or(0, |x| x.1 .0)),
            actual_total: Price(p.after_shop_coupon().0 + p.transfee.0),
            coupons: offered(c, p.shop_id, p.total, p.coupon.map(|x| x.0)),
            delivery_estimate_days: DELIVERY_ESTIMATE_DAYS,
        })
        .collect();
    let after_shop = Price(c.sum(|p| p.after_shop_coupon().0));
    let coupon_reduce = Price(c.sum(|p| p.coupon_reduce().0));
    let points_reduce = rules::points_reduce(c.use_points);
    let member_reduce = Price(c.sum(|p| p.member_reduce.0));
    let order_reduce = Price(coupon_reduce.0 + member_reduce.0 + points_reduce.0);
    let total = Price(c.sum(|p| p.total.0));
    let transfee = Price(c.sum(|p| p.transfee.0));
    OrderConfirmation {
        order_token: token,
        expires_at,
        user_addr,
        shop_cart_orders,
        coupons: offered(c, 0, after_shop, c.platform.map(|x| x.0)),
        total,
        total_count: c.sum(|p| p.count),
        transfee,
        coupon_reduce,
        member_reduce,
        points_reduce,
        order_reduce,
        actual_total: Price(total.0 + transfee.0 - order_reduce.0),
        points: PointsUse {
            user_points: c.user_points,
            max_usable_points: c.max_usable_points,
            use_points: c.use_points,
        },
        order_type,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::rules::{PointsRefusal, COUPON_CASH, COUPON_PERCENT};
    use api::members::Equity;
    use api::money::DiscountRate;

    fn line(shop_id: i64, sku_id: i64, price: i64, count: i64) -> PricedLine {
        PricedLine {
            line: Line { basket_id: 0, prod_id: sku_id, sku_id, shop_id, count, price },
            shop_name: format!("Shop {shop_id}"),
            prod_name: format!("Product {sku_id}"),
            sku_name: String::new(),
            pic: String::new(),
            price: Price(price),
        }
    }

    fn held(coupon_id: i64, shop_id: i64, coupon_type: i32, condition: i64, reduce: i64, rate: i64) -> HeldCoupon {
        HeldCoupon {
            user_coupon_id: 100 + coupon_id,
            coupon_id,
            shop_id,
            name: format!("Coupon {coupon_id}"),
            terms: CouponTerms {
                coupon_type,
                cash_condition: Price(condition),
                reduce_amount: Price(reduce),
                discount: DiscountRate(rate),
            },
            valid_until: 0,
        }
    }

    /// Shop 1: 2 × $10.00 + 1 × $5.00; shop 2: 1 × $60.00.
    fn two_shops() -> Vec<PricedLine> {
        vec![line(1, 11, 1000, 2), line(2, 21, 6000, 1), line(1, 12, 500, 1)]
    }

    fn best(lines: Vec<PricedLine>, coupons: Vec<HeldCoupon>) -> Computation {
        compute(lines, coupons, &CouponChoice::Best, 0, 0, Equity::default()).unwrap()
    }

    /// The confirmation's total always equals what the orders it becomes cost together.
    fn confirmed(c: &Computation) -> OrderConfirmation {
        let answer = confirmation(c, "token".into(), 0, None, 0);
        assert_eq!(answer.actual_total.0, c.shops.iter().map(|p| p.actual_total().0).sum::<i64>());
        answer
    }

    #[test]
    fn two_shops_make_two_orders_each_with_its_own_freight() {
        let c = best(two_shops(), vec![]);
        let parts: Vec<(i64, i64, i64, i64)> =
            c.shops.iter().map(|p| (p.shop_id, p.total.0, p.count, p.transfee.0)).collect();
        assert_eq!(parts, vec![(1, 2500, 3, 300), (2, 6000, 1, 0)], "the $49 threshold is per shop");
        let answer = confirmed(&c);
        assert_eq!((answer.total.0, answer.total_count, answer.transfee.0), (8500, 4, 300));
        assert_eq!((answer.order_reduce.0, answer.actual_total.0), (0, 8800));
        assert_eq!(answer.shop_cart_orders[0].items.len(), 2);
        assert_eq!(answer.shop_cart_orders[0].items[0].product_total_amount, Price(2000));
    }

    #[test]
    fn the_best_shop_coupon_applies_and_can_lift_the_freight() {
        // $25.00 at shop 1: $2.00 off from $20 or 10 % off ($2.50); the shop-2 coupon is not offered there.
        let coupons = vec![held(1, 1, COUPON_CASH, 2000, 200, 0), held(2, 1, COUPON_PERCENT, 0, 0, 90)];
        let c = best(two_shops(), coupons);
        assert_eq!(c.shops[0].coupon, Some((1, Price(250))));
        assert_eq!(c.shops[1].coupon, None);
        let answer = confirmed(&c);
        assert_eq!(answer.shop_cart_orders[0].coupon_reduce, Price(250));
        assert_eq!(answer.shop_cart_orders[0].actual_total, Price(2250 + 300));
        let offered: Vec<(i64, bool, bool)> =
            answer.shop_cart_orders[0].coupons.iter().map(|c| (c.coupon_id, c.can_use, c.choose)).collect();
        assert_eq!(offered, vec![(1, true, false), (2, true, true)]);
        // $50.00 at one shop, $5.00 off from $50: $45 after the coupon pays freight again.
        let c = best(vec![line(1, 11, 5000, 1)], vec![held(1, 1, COUPON_CASH, 5000, 500, 0)]);
        assert_eq!((c.shops[0].coupon_reduce().0, c.shops[0].transfee.0), (500, 300));
    }

    #[test]
    fn the_platform_coupon_is_shared_by_goods_after_shop_coupons() {
        let coupons = vec![held(1, 1, COUPON_CASH, 0, 500, 0), held(9, 0, COUPON_CASH, 1000, 1000, 0)];
        let c = best(two_shops(), coupons);
        // After shop coupons: $20.00 and $60.00; $10.00 shared 1 : 3.
        let shares: Vec<i64> = c.shops.iter().map(|p| p.platform_share.0).collect();
        assert_eq!(shares, vec![250, 750]);
        assert_eq!(c.shops[0].coupon_reduce(), Price(750));
        let answer = confirmed(&c);
        assert_eq!(answer.coupon_reduce, Price(1500));
        assert_eq!(answer.coupons.len(), 1);
        assert!(answer.coupons[0].choose);
        assert_eq!(answer.actual_total, Price(8500 - 1500 + 300));
    }

    #[test]
    fn money_is_rounded_in_whole_cents_in_the_buyers_favour() {
        // 85 % of $19.99 is $16.9915: $3.00 off; a platform $1.00 over three equal orders is 33 + 33 + 34.
        let c = best(vec![line(1, 11, 1999, 1)], vec![held(1, 1, COUPON_PERCENT, 0, 0, 85)]);
        assert_eq!(c.shops[0].coupon, Some((0, Price(300))));
        let lines = vec![line(1, 11, 5000, 1), line(2, 21, 5000, 1), line(3, 31, 5000, 1)];
        let c = best(lines, vec![held(9, 0, COUPON_CASH, 0, 100, 0)]);
        let shares: Vec<i64> = c.shops.iter().map(|p| p.platform_share.0).collect();
        assert_eq!(shares, vec![33, 33, 34]);
        // A 5 % member discount on $19.99: pays $18.99 (rounded down), so $1.00 off.
        let member = Equity { discount_percent: 5, free_shipping: false };
        let c = compute(vec![line(1, 11, 1999, 1)], vec![], &CouponChoice::Best, 0, 0, member).unwrap();
        assert_eq!(c.shops[0].member_reduce, Price(100));
        assert_eq!(confirmed(&c).actual_total, Price(1899 + 300));
    }

    #[test]
    fn member_discount_comes_after_coupons_and_free_shipping_waives_freight() {
        let member = Equity { discount_percent: 10, free_shipping: true };
        let coupons = vec![held(1, 1, COUPON_CASH, 0, 500, 0)];
        let c = compute(two_shops(), coupons, &CouponChoice::Best, 0, 0, member).unwrap();
        let parts: Vec<(i64, i64)> = c.shops.iter().map(|p| (p.member_reduce.0, p.transfee.0)).collect();
        assert_eq!(parts, vec![(200, 0), (600, 0)]);
        let answer = confirmed(&c);
        assert_eq!((answer.member_reduce.0, answer.order_reduce.0), (800, 1300));
        assert_eq!(answer.actual_total, Price(8500 - 1300));
    }

    #[test]
    fn points_are_capped_checked_and_shared_by_goods_after_every_reduction() {
        let spend = |points: i64, held_points: i64| {
            compute(two_shops(), vec![], &CouponChoice::Best, points, held_points, Equity::default())
        };
        let c = spend(1000, 5000).unwrap();
        assert_eq!(c.max_usable_points, 4250, "half of $85.00 in points");
        let points: Vec<i64> = c.shops.iter().map(|p| p.points).collect();
        assert_eq!(points, vec![294, 706], "the last order takes the remainder");
        let answer = confirmed(&c);
        assert_eq!(answer.points_reduce, rules::points_reduce(1000));
        assert_eq!(answer.points.use_points, 1000);
        assert!(matches!(spend(15, 5000), Err(OrderError::Points(PointsRefusal::NotAStep))));
        assert!(matches!(spend(5000, 9000), Err(OrderError::Points(PointsRefusal::TooMany { max: 4250 }))));
        assert!(matches!(spend(1000, 999), Err(OrderError::Points(PointsRefusal::TooMany { max: 990 }))));
    }

    #[test]
    fn coupons_named_by_the_buyer_must_all_apply() {
        let coupons = || {
            vec![
                held(1, 1, COUPON_CASH, 0, 200, 0),
                held(2, 1, COUPON_CASH, 0, 300, 0),
                held(3, 5, COUPON_CASH, 0, 100, 0),
            ]
        };
        let exactly =
            |ids: Vec<i64>| compute(two_shops(), coupons(), &CouponChoice::Exactly(ids), 0, 0, Equity::default());
        // The buyer may take a smaller one than the best.
        assert_eq!(exactly(vec![1]).unwrap().shops[0].coupon, Some((0, Price(200))));
        assert_eq!(exactly(vec![]).unwrap().shops[0].coupon, None, "none named, none applied");
        for ids in [vec![7], vec![1, 1], vec![1, 2], vec![3]] {
            assert!(matches!(exactly(ids.clone()), Err(OrderError::CouponUnusable)), "{ids:?}");
        }
        let far = vec![held(4, 1, COUPON_CASH, 10_000, 500, 0)];
        let c = compute(two_shops(), far, &CouponChoice::Exactly(vec![4]), 0, 0, Equity::default());
        assert!(matches!(c, Err(OrderError::CouponUnusable)), "its threshold is not reached");
    }
}
