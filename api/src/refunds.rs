//! Refunds and returns after a purchase (spec section 2 `/user-center/uc-return`,
//! `apply-return`, `return-proof`, `/return-detail`; section 4 refund statuses and steps;
//! section 5 refund rules; section 9 the merchant's 7 days). Field names after mall4j's
//! `OrderRefund` (`refundSn`, `applyType`, `orderItemId` 0 for the whole order, `goodsNum`,
//! `refundAmount`, `buyerMsg`, `photoFiles`, `expressName`, `expressNo`); paths under
//! `/p/orderRefund/`.

use crate::money::Price;
use api_macros::wire;

/// Most characters of a refund's note and of a platform-intervention reason (spec section 5).
pub const NOTE_MAX_CHARS: usize = 200;
/// Most voucher pictures of an application (spec section 5).
pub const MAX_VOUCHERS: usize = 5;
/// Most voucher pictures of a platform-intervention request (spec section 5).
pub const MAX_INTERVENTION_VOUCHERS: usize = 3;
/// Digits of the mobile number given with a return shipment (spec section 5).
pub const MOBILE_DIGITS: usize = 11;
/// Most characters of a carrier's name.
pub const CARRIER_MAX_CHARS: usize = 30;
/// Most characters of a tracking number.
pub const TRACKING_MAX_CHARS: usize = 30;
/// The merchant answers within this many days, otherwise the platform refunds (spec section 9).
pub const REPLY_DAYS: i64 = 7;
/// Largest page of applications served.
pub const PAGE_SIZE_MAX: i64 = 50;

crate::constants! {
    /// What the buyer asks for (`applyType`).
    pub mod apply_type: i32 {
        /// The money only (the goods stay with the buyer or were never sent).
        REFUND_ONLY = 1;
        /// The goods go back, then the money.
        RETURN_AND_REFUND = 2;
    }
}

crate::constants! {
    /// Where an application stands (`refundSts`).
    pub mod refund_sts: i32 {
        /// Applied; waiting for the merchant.
        APPLIED = 1;
        /// The merchant accepted a return; waiting for the buyer to ship the goods back.
        ACCEPTED = 2;
        /// The buyer shipped the goods back; waiting for the merchant to receive them.
        SHIPPED = 3;
        /// Refunded.
        SUCCESS = 4;
        /// Withdrawn by the buyer.
        WITHDRAWN = 5;
        /// Refused by the merchant (the buyer may ask the platform to intervene).
        REFUSED = 6;
        /// The buyer asked the platform to intervene; waiting for its decision.
        INTERVENTION = 7;
        /// Closed by the platform after an intervention.
        CLOSED = 8;
    }
}

crate::constants! {
    /// The list filters of `/user-center/uc-return` (spec section 4: proceeding, completed, closed).
    pub mod refund_filter: i32 {
        /// Every application.
        EVERY = 0;
        /// Applied, accepted, shipped back, or under intervention.
        PROCEEDING = 1;
        /// Refunded.
        COMPLETED = 2;
        /// Withdrawn, refused or closed.
        CLOSED = 3;
    }
}

crate::constants! {
    /// The steps of an application's progress (spec section 4).
    pub mod refund_step: i32 {
        BUYER_APPLIES = 1;
        SELLER_ACCEPTS = 2;
        BUYER_SHIPS = 3;
        SELLER_RECEIVES = 4;
        REFUND_SUCCESS = 5;
        BUYER_WITHDRAWS = 6;
        MERCHANT_REFUSES = 7;
        REFUND_CLOSED = 8;
        PLATFORM_INTERVENTION = 9;
    }
}

crate::constants! {
    /// Why the buyer asks (`buyerReason`).
    pub mod refund_reason: i32 {
        NOT_WANTED = 1;
        NOT_AS_DESCRIBED = 2;
        QUALITY = 3;
        MISSING_PARTS = 4;
        NOT_RECEIVED = 5;
        OTHER = 6;
    }
}

/// The filter of an application's status.
pub fn filter_of(status: i32) -> i32 {
    match status {
        refund_sts::SUCCESS => refund_filter::COMPLETED,
        refund_sts::WITHDRAWN | refund_sts::REFUSED | refund_sts::CLOSED => refund_filter::CLOSED,
        _ => refund_filter::PROCEEDING,
    }
}

/// The most that may be asked back for `units` of what is left of a line (or of the whole
/// order): their share of what is left to refund, `left_amount` over `left_units`, rounded
/// down, and everything left for the last units. What was paid for the line was already shared
/// after its discounts, coupon and points; each application taking at most its units' share
/// keeps the average of what is left per unit from falling, so repeated partial returns add up
/// to what was paid at most. Nothing for no units, or when nothing is left.
pub fn amount_for_units(left_amount: Price, left_units: i64, units: i64) -> Price {
    if units <= 0 || left_units <= 0 || left_amount.0 <= 0 {
        return Price(0);
    }
    if units >= left_units {
        return left_amount;
    }
    Price((left_amount.0 as i128 * units as i128 / left_units as i128) as i64)
}

/// `POST /p/orderRefund/apply`: an application for one item of an order or (`orderItemId` 0)
/// the whole order.
#[wire(default)]
pub struct OrderRefundParam {
    pub order_number: String,
    /// An item of the order, or 0 for the whole order.
    pub order_item_id: i64,
    /// See [`apply_type`].
    pub apply_type: i32,
    /// See [`refund_reason`].
    pub buyer_reason: i32,
    /// Units given back: at least 1, at most what was ordered and not asked for already (for
    /// the whole order, every unit not asked for already).
    pub goods_num: i64,
    /// At least 0.01, at most the units' share of what was paid and not asked for already
    /// ([`amount_for_units`]).
    pub refund_amount: Price,
    /// Plain text, up to [`NOTE_MAX_CHARS`] characters after trimming; may be empty.
    pub buyer_msg: String,
    /// Up to [`MAX_VOUCHERS`] paths that `POST /p/file/upload` answered to this buyer.
    pub photo_files: Vec<String>,
}

/// What `POST /p/orderRefund/apply` answers.
#[wire(default)]
pub struct RefundApplied {
    pub refund_sn: String,
}

/// `GET /p/orderRefund/list?status=&current=&size=`.
#[wire(query, default)]
pub struct RefundListQuery {
    /// A [`refund_filter`]; none for every application.
    pub status: Option<i32>,
    pub current: Option<i64>,
    /// At most [`PAGE_SIZE_MAX`] served.
    pub size: Option<i64>,
}

/// `GET /p/orderRefund/info?refundSn=`.
#[wire(query, default)]
pub struct RefundSnQuery {
    pub refund_sn: String,
}

/// One application as lists show it.
#[wire(default)]
pub struct OrderRefund {
    pub refund_sn: String,
    pub order_number: String,
    /// 0 for the whole order.
    pub order_item_id: i64,
    pub shop_name: String,
    /// The item's (or the order's first item's) name and picture as the order recorded them.
    pub prod_name: String,
    pub pic: String,
    pub sku_name: String,
    pub apply_type: i32,
    pub buyer_reason: i32,
    pub goods_num: i64,
    pub refund_amount: Price,
    /// See [`refund_sts`].
    pub refund_sts: i32,
    /// Unix milliseconds.
    pub apply_time: i64,
}

/// One step that happened, with its time.
#[wire(default)]
pub struct RefundStep {
    /// See [`refund_step`].
    pub step: i32,
    /// Unix milliseconds.
    pub time: i64,
    /// What was said with it (the merchant's refusal, the buyer's reason for an intervention).
    pub note: String,
}

/// `GET /p/orderRefund/info?refundSn=`: an application with its progress.
#[wire(default)]
pub struct OrderRefundDetail {
    pub refund: OrderRefund,
    pub buyer_msg: String,
    pub photo_files: Vec<String>,
    /// The steps that happened, oldest first.
    pub steps: Vec<RefundStep>,
    /// The return shipment, once sent.
    pub express_name: String,
    pub express_no: String,
    pub mobile: String,
    /// The platform's intervention request, once made.
    pub intervention_msg: String,
    pub intervention_files: Vec<String>,
    /// When the merchant must answer, else the platform refunds (Unix milliseconds; 0 when
    /// the application waits for nobody but the buyer, or is done).
    pub reply_deadline: i64,
    /// Refunded by the platform because the merchant did not answer in time.
    pub auto_refunded: bool,
    /// What the buyer may do now.
    pub can_withdraw: bool,
    pub can_ship: bool,
    pub can_intervene: bool,
}

/// `POST /p/orderRefund/submitExpress`: the return shipment of an accepted return.
#[wire(default)]
pub struct RefundExpressParam {
    pub refund_sn: String,
    /// The carrier, 1 to [`CARRIER_MAX_CHARS`] characters.
    pub express_name: String,
    /// The tracking number, 1 to [`TRACKING_MAX_CHARS`] letters, digits or dashes.
    pub express_no: String,
    /// [`MOBILE_DIGITS`] digits.
    pub mobile: String,
}

/// `POST /p/orderRefund/applyIntervention`: asks the platform to decide a refused application.
#[wire(default)]
pub struct RefundInterventionParam {
    pub refund_sn: String,
    /// Plain text, 1 to [`NOTE_MAX_CHARS`] characters after trimming.
    pub reason: String,
    /// Up to [`MAX_INTERVENTION_VOUCHERS`] paths that `POST /p/file/upload` answered to this buyer.
    pub photo_files: Vec<String>,
}

/// One item of `GET /p/orderRefund/refundable?orderNumber=`.
#[wire(default)]
pub struct RefundableItem {
    pub order_item_id: i64,
    pub prod_name: String,
    pub sku_name: String,
    pub pic: String,
    pub prod_count: i64,
    /// Units not asked for already.
    pub max_goods: i64,
    /// What may still be asked for this item.
    pub max_amount: Price,
}

/// `GET /p/orderRefund/refundable?orderNumber=`: what of an order may still be refunded.
#[wire(default)]
pub struct RefundableOrder {
    pub order_number: String,
    /// The order's [`order_status`](crate::orders::order_status).
    pub status: i32,
    /// Whether an application may be made now (paid, not a points-mall order, something left).
    pub refundable: bool,
    /// Whether the goods left the shop (only then may they be returned).
    pub shipped: bool,
    pub actual_total: Price,
    /// Units of the whole order not asked for already.
    pub max_goods: i64,
    /// What may still be asked for the whole order.
    pub max_amount: Price,
    pub items: Vec<RefundableItem>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_follows_the_units_and_never_adds_up_to_more_than_was_paid() {
        // Gold Large × 3 at 140.00, 350.97 paid after discounts.
        assert_eq!(amount_for_units(Price(35097), 3, 1), Price(11699));
        assert_eq!(amount_for_units(Price(35097), 3, 2), Price(23398));
        assert_eq!(amount_for_units(Price(35097), 3, 3), Price(35097));
        assert_eq!(amount_for_units(Price(35097), 3, 4), Price(35097), "never more than what is left");
        assert_eq!(amount_for_units(Price(35097), 3, 0), Price(0));
        assert_eq!(amount_for_units(Price(0), 3, 1), Price(0));
        assert_eq!(amount_for_units(Price(100), 0, 1), Price(0));
        // One unit at a time, each taking its whole share: exactly what was paid, no more.
        for (paid, count) in [(35097, 3), (100, 3), (1, 2), (99_999, 7), (10, 10)] {
            let (mut left, mut units, mut back) = (Price(paid), count, 0);
            while units > 0 {
                let share = amount_for_units(left, units, 1);
                back += share.0;
                left = Price(left.0 - share.0);
                units -= 1;
            }
            assert_eq!(back, paid, "{paid} over {count}");
        }
        // A unit asked back for less leaves more for the others, never more than was paid.
        let first = Price(1);
        let rest = amount_for_units(Price(35097 - first.0), 2, 2);
        assert_eq!(first.0 + rest.0, 35097);
    }
}
