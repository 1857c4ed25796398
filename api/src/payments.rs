//! Payments: the checkout counter `/payment` (spec sections 2, 3, 5, 8, 9), one pay call for
//! one or several orders, the balance top-up and the payment password. Paths follow mall4j's
//! `PayController` (`POST /p/order/pay` with `orderNumbers` and `payType`) and its notify
//! controller (`/notice/pay/...`).
//!
//! Every amount is read from the database: a pay call names the orders and the method, never
//! an amount. A pay attempt (`payNo`) is the idempotency key of everything a gateway reports
//! about it.

use crate::money::Price;
use api_macros::wire;

/// The payment password: exactly this many digits (spec section 5).
pub const PAY_PASSWORD_DIGITS: usize = 6;
/// The smallest top-up, in cents (0.01, spec section 5).
pub const RECHARGE_MIN: Price = Price(1);
/// The largest top-up, in cents (100000, spec section 5).
pub const RECHARGE_MAX: Price = Price(10_000_000);
/// How long a gateway's payment link or QR code is offered before it expires (15 minutes,
/// never past the orders' own deadline).
pub const PAY_ATTEMPT_TTL_MS: i64 = 15 * 60 * 1000;

crate::constants! {
    /// Where a pay attempt stands (`PayStatus.status`).
    pub mod pay_status: i32 {
        /// Waiting for the buyer or the gateway.
        PENDING = 0;
        /// Paid: the orders (or the top-up) are settled.
        PAID = 1;
        /// Declined by the gateway or given up: nothing was taken; pay again.
        FAILED = 2;
        /// The link or QR code expired before it was paid; start again.
        EXPIRED = 3;
        /// Paid after its orders were cancelled or expired: the money is being (or was) given
        /// back through the gateway.
        REFUNDED = 4;
    }
}

crate::constants! {
    /// What a pay attempt pays for (`PayStatus.payKind`).
    pub mod pay_kind: i32 {
        /// One or several orders.
        ORDERS = 1;
        /// A top-up of the buyer's balance.
        RECHARGE = 2;
        /// A paid membership (members: `POST /p/member/buy`).
        MEMBER = 3;
    }
}

/// `GET /p/order/getOrderPayInfoByOrderNumber?orderNumbers=`: what the checkout counter shows.
#[wire(query)]
#[derive(Default)]
pub struct OrderNumbersQuery {
    /// The order numbers, comma-separated (as `/p/order/submit` returned them).
    pub order_numbers: String,
}

/// The checkout counter's facts about the orders to pay and the buyer's means.
#[wire]
pub struct OrderPayInfo {
    /// The orders, in the order they were named.
    pub orders: Vec<PayOrder>,
    /// What is due for every order still unpaid.
    pub total_fee: Price,
    /// Points due (points-mall orders, paid with SCOREPAY).
    pub total_score: i64,
    /// The earliest payment deadline of the unpaid orders (Unix milliseconds); none when
    /// nothing is left to pay.
    pub end_time: Option<i64>,
    /// The buyer's balance.
    pub balance: Price,
    /// The buyer's points.
    pub score: i64,
    /// Whether the buyer has set a payment password (needed for BALANCEPAY).
    pub has_pay_password: bool,
    /// The server's clock (Unix milliseconds), for the countdown.
    pub now: i64,
}

/// One order at the checkout counter.
#[wire]
pub struct PayOrder {
    pub order_number: String,
    pub shop_name: String,
    /// An [`order_status`](crate::orders::order_status).
    pub status: i32,
    pub actual_total: Price,
    pub score: i64,
    /// The first item's name, to tell orders apart.
    pub prod_name: String,
    pub total_count: i64,
}

/// `POST /p/order/pay`: pays the named orders with one method.
#[wire(default)]
pub struct PayParam {
    /// The order numbers, comma-separated; each must be the buyer's and unpaid.
    pub order_numbers: String,
    /// A [`pay_type`](crate::config::pay_type) code.
    pub pay_type: i32,
    /// BALANCEPAY: the 6-digit payment password.
    pub pay_password: String,
    /// The currency to charge in ("USD", "KHR"); a gateway that does not take it charges USD.
    pub currency: String,
}

/// `POST /p/balance/recharge`: tops the balance up through a gateway.
#[wire(default)]
pub struct RechargeParam {
    /// 0.01 to 100000 ([`RECHARGE_MIN`] to [`RECHARGE_MAX`]).
    pub amount: Price,
    /// An online [`pay_type`](crate::config::pay_type) code (not balance, not points).
    pub pay_type: i32,
    pub currency: String,
}

/// The answer of a pay call: settled at once (balance, points) or what the browser does next.
#[wire]
pub struct PayResult {
    /// The pay attempt's number: poll `GET /p/order/payStatus?payNo=` with it.
    pub pay_no: String,
    pub pay_type: i32,
    /// A [`pay_status`].
    pub status: i32,
    /// The amount in the mall's money.
    pub amount: Price,
    /// What is charged, in the charged currency: "USD" or "KHR".
    pub charge_currency: String,
    /// The charged amount as a decimal in that currency ("12.50", "51250").
    pub charge_amount: String,
    /// For a gateway: what the browser does to pay.
    pub action: Option<PayAction>,
    /// When the link or QR code stops working (Unix milliseconds).
    pub expire_time: i64,
}

crate::constants! {
    /// What the browser does to pay through a gateway (`PayAction.kind`).
    pub mod pay_action: &'static str {
        /// Go to `url`.
        REDIRECT = "redirect";
        /// Post `fields` to `url` from a form.
        FORM = "form";
        /// Show `qrImage` to scan; `deeplink` opens the app on this device.
        QR = "qr";
        /// Open `deeplink` (an app), with `qrImage` for another device.
        APP = "app";
    }
}

/// What the browser does to pay through a gateway.
#[wire]
pub struct PayAction {
    /// A [`pay_action`].
    pub kind: String,
    pub url: String,
    pub fields: Vec<PayFormField>,
    /// A QR code as an image (`data:image/svg+xml;base64,...`).
    pub qr_image: String,
    pub deeplink: String,
}

/// A field of a form posted to a gateway.
#[wire]
pub struct PayFormField {
    pub name: String,
    pub value: String,
}

/// `GET /p/order/payStatus?payNo=`.
#[wire(query)]
#[derive(Default)]
pub struct PayNoQuery {
    pub pay_no: String,
}

/// Where a pay attempt stands. While it is pending, asking asks the gateway too (at most every
/// few seconds), so a late or lost notification never leaves a paid order unpaid.
#[wire]
pub struct PayStatus {
    pub pay_no: String,
    pub pay_type: i32,
    /// A [`pay_kind`].
    pub pay_kind: i32,
    /// A [`pay_status`].
    pub status: i32,
    pub amount: Price,
    /// The orders it pays, comma-separated (empty for a top-up).
    pub order_numbers: String,
    pub expire_time: i64,
    /// While it is pending: what the browser does to pay through its gateway, as the pay call
    /// answered it (the checkout counter takes this step when a form sends the buyer there
    /// with `?gateway=1`: a top-up's QR code or the form it posts to the gateway).
    pub action: Option<PayAction>,
}

/// `PUT /p/user/payPassword`: sets or changes the payment password.
#[wire(default)]
pub struct PayPasswordParam {
    /// Exactly 6 digits.
    pub pay_password: String,
    /// The account's sign-in password, when the account has one.
    pub password: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_follow_mall4j() {
        let pay = serde_json::to_value(PayParam {
            order_numbers: "1,2".into(),
            pay_type: 9,
            pay_password: "123456".into(),
            currency: "USD".into(),
        })
        .unwrap();
        assert_eq!(pay["orderNumbers"], "1,2");
        assert_eq!(pay["payType"], 9);
        assert_eq!(pay["payPassword"], "123456");
        let query: OrderNumbersQuery = serde_json::from_str(r#"{"orderNumbers":"7"}"#).unwrap();
        assert_eq!(query.order_numbers, "7");
        assert_eq!(RECHARGE_MAX, Price(10_000_000));
    }
}
