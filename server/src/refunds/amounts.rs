//! What of an order may still be refunded, pure so it can be tested alone: what each item was
//! paid, what an application may ask for its units, which states hold their amount on the
//! order, and why an application is refused. The database's facts are read by `repo`; the
//! conditional updates there hold the same limits under concurrent applications.

use crate::refunds::rules::ApplyFields;
use api::config::pay_type;
use api::money::Price;
use api::orders::order_status;
use api::refunds::{apply_type, refund_sts, RefundableItem, RefundableOrder};

/// The states that hold their amount and units on the order.
const HOLDING: [i32; 5] =
    [refund_sts::APPLIED, refund_sts::ACCEPTED, refund_sts::SHIPPED, refund_sts::INTERVENTION, refund_sts::SUCCESS];

/// Whether an application in `status` holds its amount and units on its order.
pub fn holding(status: i32) -> bool {
    HOLDING.contains(&status)
}

/// Whether the buyer may withdraw an application in `status`.
pub fn can_withdraw(status: i32) -> bool {
    [refund_sts::APPLIED, refund_sts::ACCEPTED, refund_sts::REFUSED, refund_sts::INTERVENTION].contains(&status)
}

/// The order states an application may be made in: paid, shipped, received, completed.
fn refundable_status(status: i32) -> bool {
    (order_status::PAID..=order_status::COMPLETED).contains(&status)
}

/// An order as an application sees it (cents and units, with what applications hold of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderFacts {
    pub order_id: i64,
    pub shop_id: i64,
    pub status: i32,
    pub actual_total: i64,
    pub transfee: i64,
    pub total_count: i64,
    pub held: i64,
    pub goods_held: i64,
    pub pay_type: Option<i64>,
}

/// An order's item as an application sees it, named for its reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemFacts {
    pub order_item_id: i64,
    pub prod_name: String,
    pub sku_name: String,
    pub pic: String,
    pub count: i64,
    /// The item's goods at their prices (cents).
    pub total: i64,
    pub held: i64,
    pub goods_held: i64,
}

/// What an item's buyer paid for it: the order's amount without freight, shared by the items'
/// prices (rounded down, so the items together never exceed the order). The freight is only
/// given back by an application for the whole order.
pub fn item_paid(actual_total: i64, transfee: i64, item_total: i64, items_total: i64) -> i64 {
    if items_total <= 0 {
        return 0;
    }
    let goods = (actual_total - transfee).max(0);
    ((goods as i128 * item_total as i128) / items_total as i128) as i64
}

/// The most `units` of what is left may ask back: their share (the contract's rule, which the
/// application form shows as its hint).
pub use api::refunds::amount_for_units;

/// What of the order may still be refunded: per item, what it was paid less what is held
/// (never more than is left of the order), and for the whole order what is left. A points-mall
/// order is not refunded after sale.
pub fn refundable(order_number: &str, order: &OrderFacts, items: &[ItemFacts]) -> RefundableOrder {
    let items_total: i64 = items.iter().map(|i| i.total).sum();
    let order_left = (order.actual_total - order.held).max(0);
    let items = items
        .iter()
        .map(|i| {
            let paid = item_paid(order.actual_total, order.transfee, i.total, items_total);
            RefundableItem {
                order_item_id: i.order_item_id,
                prod_name: i.prod_name.clone(),
                sku_name: i.sku_name.clone(),
                pic: i.pic.clone(),
                prod_count: i.count,
                max_goods: (i.count - i.goods_held).max(0),
                max_amount: Price((paid - i.held).clamp(0, order_left)),
            }
        })
        .collect();
    let max_goods = (order.total_count - order.goods_held).max(0);
    RefundableOrder {
        order_number: order_number.to_string(),
        status: order.status,
        refundable: refundable_status(order.status)
            && order.pay_type != Some(pay_type::SCOREPAY as i64)
            && order_left > 0
            && max_goods > 0,
        shipped: order.status >= order_status::SHIPPED,
        actual_total: Price(order.actual_total),
        max_goods,
        max_amount: Price(order_left),
        items,
    }
}

/// Why an application was refused after its fields passed their rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// No such order or item of the buyer's.
    Unknown,
    /// The order cannot be refunded (unpaid, canceled, a points-mall order, nothing left).
    NotRefundable,
    /// Goods that never left the shop cannot be returned.
    NotShipped,
    /// More units than are left (the most that are).
    GoodsNum(i64),
    /// More than is left to refund (the most that is, in cents).
    Amount(i64),
}

/// The most units and cents an application of `order_item_id` (0: the whole order) may ask.
fn left_for(view: &RefundableOrder, order_item_id: i64) -> (i64, i64) {
    match view.items.iter().find(|i| i.order_item_id == order_item_id) {
        Some(i) => (i.max_goods, i.max_amount.0),
        None => (view.max_goods, view.max_amount.0),
    }
}

/// Checks an application against what is left of its order; answers the index of its item in
/// `view.items` (none for the whole order).
pub fn check_application(view: &RefundableOrder, f: &ApplyFields) -> Result<Option<usize>, Refused> {
    if !view.refundable {
        return Err(Refused::NotRefundable);
    }
    if f.apply_type == apply_type::RETURN_AND_REFUND && !view.shipped {
        return Err(Refused::NotShipped);
    }
    let item = if f.order_item_id == 0 {
        None
    } else {
        Some(view.items.iter().position(|i| i.order_item_id == f.order_item_id).ok_or(Refused::Unknown)?)
    };
    let (max_goods, max_amount) = left_for(view, f.order_item_id);
    if f.goods_num > max_goods {
        return Err(Refused::GoodsNum(max_goods));
    }
    // The units' share of what is left, not all that is left of the line or order.
    let max_amount = amount_for_units(Price(max_amount), max_goods, f.goods_num).0;
    if f.amount > max_amount {
        return Err(Refused::Amount(max_amount));
    }
    Ok(item)
}

/// The refusal of an application that lost a race to another, from what is left now (`None`:
/// the order is not the buyer's).
pub fn refused_now(view: Option<&RefundableOrder>, f: &ApplyFields) -> Refused {
    let Some(view) = view else { return Refused::Unknown };
    let (goods, amount) = left_for(view, f.order_item_id);
    if !view.refundable {
        return Refused::NotRefundable;
    }
    if f.goods_num > goods {
        Refused::GoodsNum(goods)
    } else {
        Refused::Amount(amount_for_units(Price(amount), goods, f.goods_num).0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A paid order of $53.00 with $3.00 freight: 2 × $20.00 and 1 × $10.00.
    fn order() -> OrderFacts {
        OrderFacts {
            order_id: 1,
            shop_id: 1,
            status: order_status::PAID,
            actual_total: 5300,
            transfee: 300,
            total_count: 3,
            held: 0,
            goods_held: 0,
            pay_type: Some(pay_type::BALANCEPAY as i64),
        }
    }

    fn items() -> Vec<ItemFacts> {
        let item = |id: i64, count: i64, total: i64| ItemFacts {
            order_item_id: id,
            prod_name: format!("Product {id}"),
            sku_name: String::new(),
            pic: String::new(),
            count,
            total,
            held: 0,
            goods_held: 0,
        };
        vec![item(7, 2, 4000), item(8, 1, 1000)]
    }

    fn apply(order_item_id: i64, goods_num: i64, amount: i64) -> ApplyFields {
        ApplyFields {
            order_number: "1".into(),
            order_item_id,
            apply_type: apply_type::REFUND_ONLY,
            buyer_reason: 1,
            goods_num,
            amount,
            buyer_msg: String::new(),
            photo_files: Vec::new(),
        }
    }

    #[test]
    fn items_share_what_was_paid_without_freight() {
        assert_eq!(item_paid(5300, 300, 2000, 5000), 2000);
        assert_eq!(item_paid(4300, 300, 2000, 5000), 1600, "a coupon's discount is shared");
        assert_eq!(item_paid(100, 0, 1, 3), 33, "rounded down");
        assert_eq!(item_paid(100, 0, 1, 0), 0);
    }

    #[test]
    fn an_order_offers_each_item_what_it_was_paid_less_what_is_held() {
        let view = refundable("1", &order(), &items());
        assert!(view.refundable && !view.shipped);
        assert_eq!((view.max_goods, view.max_amount), (3, Price(5300)), "the whole order gives the freight back");
        let left: Vec<(i64, i64)> = view.items.iter().map(|i| (i.max_goods, i.max_amount.0)).collect();
        assert_eq!(left, vec![(2, 4000), (1, 1000)]);
        // $45.00 of it held already by another application for one unit of the first item.
        let mut held = items();
        held[0].held = 3800;
        held[0].goods_held = 1;
        let view = refundable("1", &OrderFacts { held: 4500, goods_held: 1, ..order() }, &held);
        let left: Vec<(i64, i64)> = view.items.iter().map(|i| (i.max_goods, i.max_amount.0)).collect();
        assert_eq!(left, vec![(1, 200), (1, 800)], "never more than is left of the order");
        assert_eq!((view.max_goods, view.max_amount), (2, Price(800)));
    }

    #[test]
    fn unpaid_points_mall_and_fully_held_orders_are_not_refundable() {
        let not = |o: OrderFacts| !refundable("1", &o, &items()).refundable;
        assert!(not(OrderFacts { status: order_status::UNPAID, ..order() }));
        assert!(not(OrderFacts { status: order_status::CANCELED, ..order() }));
        assert!(not(OrderFacts { pay_type: Some(pay_type::SCOREPAY as i64), ..order() }));
        assert!(not(OrderFacts { held: 5300, ..order() }));
        assert!(not(OrderFacts { goods_held: 3, ..order() }));
        let shipped = refundable("1", &OrderFacts { status: order_status::SHIPPED, ..order() }, &items());
        assert!(shipped.refundable && shipped.shipped);
    }

    #[test]
    fn an_application_asks_at_most_its_units_share_of_what_is_left() {
        let view = refundable("1", &order(), &items());
        assert_eq!(check_application(&view, &apply(7, 1, 2000)), Ok(Some(0)));
        assert_eq!(check_application(&view, &apply(7, 1, 2001)), Err(Refused::Amount(2000)));
        assert_eq!(check_application(&view, &apply(7, 3, 100)), Err(Refused::GoodsNum(2)));
        assert_eq!(check_application(&view, &apply(0, 3, 5300)), Ok(None));
        assert_eq!(check_application(&view, &apply(9, 1, 100)), Err(Refused::Unknown));
        let ret = ApplyFields { apply_type: apply_type::RETURN_AND_REFUND, ..apply(7, 1, 100) };
        assert_eq!(check_application(&view, &ret), Err(Refused::NotShipped));
        let closed = refundable("1", &OrderFacts { status: order_status::CANCELED, ..order() }, &items());
        assert_eq!(check_application(&closed, &apply(7, 1, 100)), Err(Refused::NotRefundable));
    }

    #[test]
    fn a_lost_race_is_answered_with_what_is_left_now() {
        assert_eq!(refused_now(None, &apply(7, 1, 100)), Refused::Unknown);
        let view = refundable("1", &order(), &items());
        assert_eq!(refused_now(Some(&view), &apply(7, 3, 100)), Refused::GoodsNum(2));
        assert_eq!(refused_now(Some(&view), &apply(7, 1, 9999)), Refused::Amount(2000));
        let gone = refundable("1", &OrderFacts { held: 5300, ..order() }, &items());
        assert_eq!(refused_now(Some(&gone), &apply(7, 1, 100)), Refused::NotRefundable);
    }

    #[test]
    fn only_open_applications_hold_and_may_be_withdrawn() {
        assert!(holding(refund_sts::APPLIED) && holding(refund_sts::SUCCESS));
        assert!(!holding(refund_sts::REFUSED) && !holding(refund_sts::WITHDRAWN));
        assert!(can_withdraw(refund_sts::REFUSED) && !can_withdraw(refund_sts::SHIPPED));
        assert!(!can_withdraw(refund_sts::SUCCESS));
    }
}
