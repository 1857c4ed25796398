//! The order pages' pure rules: what the order page buys (from its address or `sessionStorage`),
//! points in steps of 10, the coupons chosen, and the order to open after submission. The
//! address form's checks are the api crate's one address rule (`api::addresses::address_problems`).

use api::cart::{BuyNowEntry, MAX_SETTLEMENT_ITEMS};
use api::orders::{order_status, OrderConfirmation, OrderParam, PointsUse, POINTS_STEP};

/// What `/submit-order` buys: the buy-now item (`?orderEntry=1`) or the settled cart lines;
/// `None` when the entry is missing, empty or unreadable.
pub fn order_param(buy_now: bool, stored: Option<&str>) -> Option<OrderParam> {
    let stored = stored?;
    if buy_now {
        let item: BuyNowEntry = serde_json::from_str(stored).ok()?;
        (item.prod_id > 0 && item.sku_id > 0 && item.prod_count > 0)
            .then(|| OrderParam { order_item: Some(item), ..Default::default() })
    } else {
        let ids: Vec<i64> = serde_json::from_str(stored).ok()?;
        let ok = !ids.is_empty() && ids.len() <= MAX_SETTLEMENT_ITEMS && ids.iter().all(|id| *id > 0);
        ok.then(|| OrderParam { basket_ids: ids, ..Default::default() })
    }
}

/// What `/submit-order?…` names to buy, as the `sessionStorage` entry's JSON: every
/// `basketId` the cart's Settle form sent, or with `orderEntry=1` the buy-now item the buy
/// box's Buy Now form sent (`prodId`, `shopId`, `skuId`, `count`, and `seckillId`,
/// `groupActivityId`, `groupTeamId` in an activity). `None` when the address names nothing.
pub fn entry_from_query(buy_now: bool, query: &str) -> Option<String> {
    let number = |name: &str| api::url::query_param(query, name).and_then(|v| v.trim().parse::<i64>().ok());
    let entry = if buy_now {
        let item = BuyNowEntry {
            prod_count: number("count")?,
            prod_id: number("prodId")?,
            shop_id: number("shopId").unwrap_or(0),
            shop_name: String::new(),
            sku_id: number("skuId")?,
            seckill_id: number("seckillId"),
            group_activity_id: number("groupActivityId"),
            group_team_id: number("groupTeamId"),
        };
        serde_json::to_string(&item).ok()?
    } else {
        let ids: Vec<i64> = api::url::query_params(query, "basketId").filter_map(|v| v.trim().parse().ok()).collect();
        if ids.is_empty() {
            return None;
        }
        serde_json::to_string(&ids).ok()?
    };
    order_param(buy_now, Some(&entry)).map(|_| entry)
}

/// The query fields naming `entry` (as [`entry_from_query`] reads them), for a form that asks
/// for the same goods' confirmation again.
pub fn entry_fields(buy_now: bool, entry: &str) -> Vec<(&'static str, String)> {
    let mut fields = Vec::new();
    if buy_now {
        let Ok(item) = serde_json::from_str::<BuyNowEntry>(entry) else { return fields };
        fields.push(("orderEntry", "1".to_string()));
        for (name, value) in
            [("prodId", item.prod_id), ("shopId", item.shop_id), ("skuId", item.sku_id), ("count", item.prod_count)]
        {
            fields.push((name, value.to_string()));
        }
        for (name, value) in [
            ("seckillId", item.seckill_id),
            ("groupActivityId", item.group_activity_id),
            ("groupTeamId", item.group_team_id),
        ] {
            if let Some(value) = value {
                fields.push((name, value.to_string()));
            }
        }
    } else if let Ok(ids) = serde_json::from_str::<Vec<i64>>(entry) {
        fields.extend(ids.into_iter().map(|id| ("basketId", id.to_string())));
    }
    fields
}

/// The address of the confirmation of `entry`.
pub fn entry_href(buy_now: bool, entry: &str) -> String {
    let query: Vec<String> =
        entry_fields(buy_now, entry).into_iter().map(|(name, value)| format!("{name}={value}")).collect();
    format!("/submit-order?{}", query.join("&"))
}

/// The address of the confirmation of a buy-now item (what the Buy Now form sends).
pub fn buy_now_href(item: &BuyNowEntry) -> String {
    entry_href(true, &serde_json::to_string(item).unwrap_or_default())
}

/// The address of the confirmation of settled cart lines (what the Settle form sends).
pub fn settle_href(basket_ids: &[i64]) -> String {
    entry_href(false, &serde_json::to_string(basket_ids).unwrap_or_default())
}

/// Points to spend: a multiple of [`POINTS_STEP`] (rounded down) within `0..=max`.
pub fn round_points(wanted: i64, max: i64) -> i64 {
    let max = max.max(0) - max.max(0) % POINTS_STEP;
    let wanted = wanted.clamp(0, max);
    wanted - wanted % POINTS_STEP
}

/// The most points the buyer can spend on this order: the order's cap, within the points the
/// buyer holds, in multiples of [`POINTS_STEP`].
pub fn usable_points(points: &PointsUse) -> i64 {
    round_points(points.user_points, points.max_usable_points)
}

/// The coupons a confirmation applied: every shop's and the platform's.
pub fn chosen_coupons(conf: &OrderConfirmation) -> Vec<i64> {
    conf.shop_cart_orders
        .iter()
        .flat_map(|s| &s.coupons)
        .chain(&conf.coupons)
        .filter(|c| c.choose)
        .map(|c| c.coupon_id)
        .collect()
}

/// The applied coupons with the one of `shop_id` (0 for the platform) replaced by `coupon_id`
/// (none when `None`).
pub fn with_coupon(conf: &OrderConfirmation, shop_id: i64, coupon_id: Option<i64>) -> Vec<i64> {
    let mine: Vec<i64> = if shop_id == 0 {
        conf.coupons.iter().map(|c| c.coupon_id).collect()
    } else {
        conf.shop_cart_orders
            .iter()
            .filter(|s| s.shop_id == shop_id)
            .flat_map(|s| &s.coupons)
            .map(|c| c.coupon_id)
            .collect()
    };
    let mut ids: Vec<i64> = chosen_coupons(conf).into_iter().filter(|id| !mine.contains(id)).collect();
    ids.extend(coupon_id);
    ids
}

/// The Fluent key of an order state (spec section 4 "Orders").
pub fn status_key(status: i32) -> &'static str {
    match status {
        order_status::UNPAID => "order-status-unpaid",
        order_status::PAID => "order-status-paid",
        order_status::SHIPPED => "order-status-shipped",
        order_status::RECEIVED => "order-status-received",
        order_status::COMPLETED => "order-status-completed",
        order_status::CANCELED => "order-status-canceled",
        _ => "order-status-grouping",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::money::{DiscountRate, Price};
    use api::orders::{CouponOrder, PointsUse, ShopCartOrder};

    #[test]
    fn the_address_names_what_to_buy_as_the_forms_send_it() {
        let settle = entry_from_query(false, "basketId=3&basketId=4&x=1").unwrap();
        assert_eq!(settle, "[3,4]");
        assert_eq!(entry_from_query(false, "basketId=0"), None, "ids are positive");
        assert_eq!(entry_from_query(false, ""), None);
        let query = "prodId=1&shopId=2&back=%2Fdetail&skuId=7&count=3&orderEntry=1";
        let item = order_param(true, entry_from_query(true, query).as_deref()).unwrap().order_item.unwrap();
        assert_eq!((item.prod_id, item.shop_id, item.sku_id, item.prod_count, item.seckill_id), (1, 2, 7, 3, None));
        assert_eq!(entry_from_query(true, "prodId=1&skuId=7&count=0"), None, "at least one unit");
        assert_eq!(entry_from_query(true, "prodId=1&count=2"), None, "a SKU is named");
        let flash =
            BuyNowEntry { prod_count: 1, prod_id: 5, shop_id: 2, sku_id: 9, seckill_id: Some(4), ..Default::default() };
        let href = buy_now_href(&flash);
        assert_eq!(href, "/submit-order?orderEntry=1&prodId=5&shopId=2&skuId=9&count=1&seckillId=4");
        let back = order_param(true, entry_from_query(true, href.split_once('?').unwrap().1).as_deref()).unwrap();
        let entry = entry_from_query(true, href.split_once('?').unwrap().1).unwrap();
        assert_eq!(entry_href(true, &entry), href, "the plain confirmation names the same item");
        let settled = entry_from_query(false, "basketId=3&basketId=4").unwrap();
        assert_eq!(entry_href(false, &settled), settle_href(&[3, 4]));
        assert_eq!(back.order_item.unwrap().seckill_id, Some(4));
        assert_eq!(settle_href(&[3, 4]), "/submit-order?basketId=3&basketId=4");
    }

    #[test]
    fn the_entry_comes_from_session_storage() {
        let settle = order_param(false, Some("[3,4]")).unwrap();
        assert_eq!((settle.basket_ids, settle.order_item), (vec![3, 4], None));
        assert!(order_param(false, Some("[]")).is_none());
        assert!(order_param(false, Some("nonsense")).is_none());
        assert!(order_param(false, None).is_none());
        let too_many = serde_json::to_string(&(1..=51).collect::<Vec<i64>>()).unwrap();
        assert!(order_param(false, Some(&too_many)).is_none());
        let buy = r#"{"prodCount":2,"prodId":1,"shopId":1,"shopName":"S","skuId":7}"#;
        let buy_now = order_param(true, Some(buy)).unwrap();
        assert_eq!(buy_now.order_item.map(|i| (i.sku_id, i.prod_count)), Some((7, 2)));
        assert!(buy_now.basket_ids.is_empty());
        assert!(order_param(true, Some(r#"{"prodCount":0,"prodId":1,"shopId":1,"shopName":"S","skuId":7}"#)).is_none());
    }

    #[test]
    fn points_go_in_steps_of_ten_up_to_the_maximum() {
        assert_eq!(round_points(57, 100), 50);
        assert_eq!(round_points(500, 120), 120);
        assert_eq!(round_points(-5, 100), 0);
        assert_eq!(round_points(100, 95), 90);
        assert_eq!(round_points(10, 0), 0);
    }

    #[test]
    fn only_the_points_held_can_be_spent() {
        let points = |user_points, max_usable_points| PointsUse { user_points, max_usable_points, use_points: 0 };
        assert_eq!(usable_points(&points(0, 14_840)), 0);
        assert_eq!(usable_points(&points(465, 14_840)), 460);
        assert_eq!(usable_points(&points(1_280, 990)), 990);
        assert_eq!(usable_points(&points(9, 990)), 0);
    }

    fn coupon(coupon_id: i64, shop_id: i64, choose: bool) -> CouponOrder {
        CouponOrder {
            coupon_id,
            coupon_name: String::new(),
            shop_id,
            coupon_type: 1,
            cash_condition: Price(0),
            reduce_amount: Price(100),
            coupon_discount: DiscountRate(0),
            valid_until: 0,
            can_use: true,
            choose,
            reduce: Price(100),
        }
    }

    fn confirmation() -> OrderConfirmation {
        let shop = |shop_id: i64, coupons: Vec<CouponOrder>| ShopCartOrder {
            shop_id,
            coupons,
            delivery_estimate_days: 7,
            ..Default::default()
        };
        OrderConfirmation {
            order_token: "t".into(),
            shop_cart_orders: vec![
                shop(1, vec![coupon(11, 1, true), coupon(12, 1, false)]),
                shop(2, vec![coupon(21, 2, false)]),
            ],
            coupons: vec![coupon(90, 0, true)],
            ..Default::default()
        }
    }

    #[test]
    fn one_coupon_per_shop_and_one_of_the_platform() {
        let conf = confirmation();
        assert_eq!(chosen_coupons(&conf), vec![11, 90]);
        assert_eq!(with_coupon(&conf, 1, Some(12)), vec![90, 12]);
        assert_eq!(with_coupon(&conf, 1, None), vec![90]);
        assert_eq!(with_coupon(&conf, 2, Some(21)), vec![11, 90, 21]);
        assert_eq!(with_coupon(&conf, 0, None), vec![11]);
    }

    #[test]
    fn every_state_has_words() {
        let keys: std::collections::BTreeSet<_> = (1..=7).map(status_key).collect();
        assert_eq!(keys.len(), 7);
    }
}
