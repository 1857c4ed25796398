//! Orders: the confirmation the server computes, the submission that turns it into one order
//! per shop, and the buyer's orders (spec sections 2, 4, 5, 7; paths after mall4j's
//! `/p/order` and `/p/myOrder`).
//!
//! Every amount here is the server's: a client shows them and sends back only what the buyer
//! chose (address, coupons, points, messages) with the confirmation's `orderToken`.

use crate::addresses::UserAddr;
use crate::cart::BuyNowEntry;
use crate::money::{DiscountRate, Price};
use api_macros::wire;

/// Points are spent in multiples of this (spec section 5).
pub const POINTS_STEP: i64 = 10;
/// What one point is worth, in cents: 100 points take one dollar off.
pub const CENTS_PER_POINT: i64 = 1;
/// Points take off at most this percent of an order's goods after coupons.
pub const POINTS_MAX_PERCENT: i64 = 50;
/// A shop's freight when its goods (after its coupon) come below [`FREE_FREIGHT_FROM`].
pub const FLAT_FREIGHT: Price = Price(300);
/// A shop's goods from this amount ship free.
pub const FREE_FREIGHT_FROM: Price = Price(4900);
/// The delivery estimate shown per shop, in days.
pub const DELIVERY_ESTIMATE_DAYS: i64 = 7;
/// Most characters of a message to the merchant (spec section 5 "up to 100 or 200").
pub const REMARKS_MAX_CHARS: usize = 200;
/// How long a confirmation can be submitted, and an unpaid order paid (milliseconds).
pub const CONFIRMATION_TTL_MS: i64 = 30 * 60 * 1000;
pub const UNPAID_TTL_MS: i64 = 30 * 60 * 1000;
/// How long a group stays open for others to join after its opener paid (milliseconds), cut
/// short by the end of its group buy.
pub const GROUP_TEAM_TTL_MS: i64 = 24 * 60 * 60 * 1000;
/// Most open groups `GET /groupTeam/joinList` answers.
pub const GROUP_TEAM_LIST_MAX: i64 = 20;

crate::constants! {
    /// The states of an order (spec section 4 "Orders"), numbered as mall4j numbers them.
    pub mod order_status: i32 {
        /// Pending payment.
        UNPAID = 1;
        /// Paid, pending delivery.
        PAID = 2;
        /// Shipped, pending receipt.
        SHIPPED = 3;
        /// Received, pending evaluation.
        RECEIVED = 4;
        /// Evaluated: completed.
        COMPLETED = 5;
        /// Canceled (by the buyer, or unpaid in time, or a group that did not fill).
        CANCELED = 6;
        /// Paid into a group buy that has not filled yet.
        GROUPING = 7;
    }
}

crate::constants! {
    /// What kind of purchase an order is (`orderType`).
    pub mod order_type: i32 {
        NORMAL = 0;
        GROUP_BUY = 1;
        FLASH_SALE = 2;
        /// Redeemed in the points mall, paid with points.
        POINTS_MALL = 3;
    }
}

/// `POST /p/order/confirm`: what to buy (cart lines, or the buy-now item) and the buyer's
/// choices so far; answers an [`OrderConfirmation`].
#[wire(default)]
pub struct OrderParam {
    /// The cart lines to settle (at most 50 items); empty with `orderItem`.
    pub basket_ids: Vec<i64>,
    /// The buy-now item (`/submit-order?orderEntry=1`).
    pub order_item: Option<BuyNowEntry>,
    /// The delivery address; 0 for the default one.
    pub addr_id: i64,
    /// 1 when `couponIds` is the buyer's own choice; 0 lets the server pick the best coupons.
    pub user_change_coupon: i32,
    /// The coupons (`couponId`) the buyer chose, at most one per shop and one of the platform.
    pub coupon_ids: Vec<i64>,
    /// Points to spend, a multiple of 10.
    pub use_points: i64,
}

/// `POST /p/order/submit`: the confirmation to turn into orders and the buyer's final choices
/// (recomputed by the server); answers [`OrderNumbers`].
#[wire(default)]
pub struct SubmitOrderParam {
    pub order_token: String,
    pub addr_id: i64,
    pub coupon_ids: Vec<i64>,
    pub use_points: i64,
    /// A message to each shop's merchant.
    pub order_shop_param: Vec<OrderShopParam>,
}

/// A message to one shop's merchant.
#[wire(default)]
pub struct OrderShopParam {
    pub shop_id: i64,
    pub remarks: String,
}

/// The answer of `/p/order/submit`: the new orders' numbers, comma-separated, one per shop.
#[wire]
#[derive(Default)]
pub struct OrderNumbers {
    pub order_numbers: String,
}

/// The answer of `/p/order/confirm`: every amount, per shop and in total.
#[wire]
#[derive(Default)]
pub struct OrderConfirmation {
    /// Names this computation for `/p/order/submit`, for 30 minutes and once.
    pub order_token: String,
    /// When the token expires (Unix milliseconds).
    pub expires_at: i64,
    /// The chosen address; none when the buyer has none yet.
    pub user_addr: Option<UserAddr>,
    pub shop_cart_orders: Vec<ShopCartOrder>,
    /// The platform's coupons the buyer holds, with whether each applies.
    pub coupons: Vec<CouponOrder>,
    /// The goods at their prices.
    pub total: Price,
    pub total_count: i64,
    pub transfee: Price,
    /// Every shop's and the platform's coupon reductions.
    pub coupon_reduce: Price,
    /// The member discount (none until member levels exist).
    pub member_reduce: Price,
    /// What the spent points take off.
    pub points_reduce: Price,
    /// Everything taken off: coupons, member discount, points.
    pub order_reduce: Price,
    /// What the buyer pays.
    pub actual_total: Price,
    pub points: PointsUse,
    pub order_type: i32,
}

/// The points side of a confirmation.
#[wire]
#[derive(Default)]
pub struct PointsUse {
    /// The buyer's points.
    pub user_points: i64,
    /// The most this order can take (a multiple of 10).
    pub max_usable_points: i64,
    /// The points spent on this confirmation.
    pub use_points: i64,
}

/// One shop's part of a confirmation: it becomes one order.
#[wire]
#[derive(Default)]
pub struct ShopCartOrder {
    pub shop_id: i64,
    pub shop_name: String,
    pub items: Vec<OrderItem>,
    pub total: Price,
    pub total_count: i64,
    pub transfee: Price,
    pub coupon_reduce: Price,
    /// Goods minus its coupon plus freight (before the platform's coupon and points).
    pub actual_total: Price,
    /// The shop's coupons the buyer holds, with whether each applies.
    pub coupons: Vec<CouponOrder>,
    pub delivery_estimate_days: i64,
}

/// A line of a confirmation or an order.
#[wire]
#[derive(Default)]
pub struct OrderItem {
    pub prod_id: i64,
    pub sku_id: i64,
    pub prod_name: String,
    pub sku_name: String,
    pub pic: String,
    /// The unit price paid.
    pub price: Price,
    pub prod_count: i64,
    /// `price × prodCount`.
    pub product_total_amount: Price,
    /// The cart line it came from (0 for buy now and in orders).
    pub basket_id: i64,
}

/// A coupon the buyer holds, as a confirmation offers it.
#[wire]
pub struct CouponOrder {
    pub coupon_id: i64,
    pub coupon_name: String,
    /// 0 for the platform's.
    pub shop_id: i64,
    /// 1 cash, 2 percent.
    pub coupon_type: i32,
    pub cash_condition: Price,
    pub reduce_amount: Price,
    pub coupon_discount: DiscountRate,
    /// The end of its validity (Unix milliseconds).
    pub valid_until: i64,
    /// Whether it applies to this order (threshold reached, valid now).
    pub can_use: bool,
    /// Whether it is applied.
    pub choose: bool,
    /// What it takes off this order when applied.
    pub reduce: Price,
}

/// `GET /p/myOrder/orderDetail?orderNumber=`.
#[wire(query)]
#[derive(Default)]
pub struct OrderNumberQuery {
    pub order_number: String,
}

/// `GET /p/myOrder/myOrder?status=&prodName=&current=&size=`.
#[wire(query, default)]
pub struct MyOrderQuery {
    /// An [`order_status`]; 0 or none for every order.
    pub status: Option<i32>,
    /// Only orders with an item whose name contains this (case-insensitive), as the order
    /// recorded it or as the product is named in the request's language; blank for all. At
    /// most [`PROD_NAME_SEARCH_MAX_CHARS`] characters.
    pub prod_name: Option<String>,
    pub current: Option<i64>,
    pub size: Option<i64>,
}

/// Most characters of the order list's product-name search.
pub const PROD_NAME_SEARCH_MAX_CHARS: usize = 50;

/// An order of the buyer's list.
#[wire]
#[derive(Default)]
pub struct MyOrder {
    pub order_number: String,
    pub shop_id: i64,
    pub shop_name: String,
    pub status: i32,
    pub order_type: i32,
    pub actual_total: Price,
    /// Points paid for a points-mall order (`orderType` 3); 0 for others.
    pub order_score: i64,
    pub total_count: i64,
    pub create_time: i64,
    pub order_item_dtos: Vec<OrderItem>,
}

/// `GET /p/myOrder/orderDetail`: one order of the signed-in buyer.
#[wire]
#[derive(Default)]
pub struct OrderDetail {
    pub order_number: String,
    pub shop_id: i64,
    pub shop_name: String,
    pub status: i32,
    pub order_type: i32,
    pub create_time: i64,
    /// The payment deadline of an unpaid order (Unix milliseconds).
    pub expire_time: Option<i64>,
    pub pay_time: Option<i64>,
    pub dvy_time: Option<i64>,
    pub finally_time: Option<i64>,
    pub cancel_time: Option<i64>,
    pub total: Price,
    pub total_count: i64,
    pub transfee: Price,
    pub coupon_reduce: Price,
    pub member_reduce: Price,
    pub points_reduce: Price,
    pub use_points: i64,
    pub reduce_amount: Price,
    pub actual_total: Price,
    /// Points paid for a points-mall order (`orderType` 3); 0 for others.
    pub order_score: i64,
    pub remarks: String,
    /// The address as it was when the order was placed.
    pub user_addr: UserAddr,
    pub order_item_dtos: Vec<OrderItem>,
    /// The group of a group-buy order, once it has one.
    pub group_team: Option<GroupTeam>,
}

crate::constants! {
    /// The states of a group-buy group (`GroupTeam.status`).
    pub mod group_team_status: i32 {
        /// Opened; waiting for its opener's payment, not listed yet.
        WAITING = 0;
        /// Open for others to join until it fills or its time runs out.
        OPEN = 1;
        /// Every place paid: its orders go on to delivery.
        FILLED = 2;
        /// Its time ran out before it filled: its orders are cancelled.
        FAILED = 3;
    }
}

/// A group of a group buy, as the detail page lists open ones and an order shows its own.
#[wire]
pub struct GroupTeam {
    pub group_team_id: i64,
    pub group_activity_id: i64,
    /// The opener's nickname, masked (`Li***`).
    pub leader_nick_name: String,
    /// Places in the group, and how many are paid.
    pub group_number: i64,
    pub joined_count: i64,
    pub status: i32,
    /// When the group closes (Unix milliseconds).
    pub end_time: i64,
}

/// `GET /groupTeam/joinList?groupActivityId=&size=`.
#[wire(query, default)]
pub struct GroupTeamQuery {
    pub group_activity_id: i64,
    pub size: Option<i64>,
}

/// `GET /p/myOrder/orderCount`: the buyer's orders per state.
#[wire]
#[derive(Default)]
pub struct OrderCount {
    pub all_count: i64,
    pub un_pay: i64,
    pub payed: i64,
    pub consignment: i64,
    pub confirm: i64,
    pub success: i64,
    pub close: i64,
    pub grouping: i64,
}
