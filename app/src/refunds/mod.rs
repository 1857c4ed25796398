//! Refunds and returns (spec section 2): `/user-center/uc-return` (the buyer's applications by
//! status, a page at a time), `/user-center/apply-return?orderNumber=&orderItemId=` (the
//! application form), `/user-center/return-proof?refundSn=` (the return shipment),
//! `/return-detail?refundSn=` (an application, its progress and what the buyer may do) and
//! `/return-detail/components/refund-progress?refundSn=` (the progress alone); the "Apply for
//! refund" action of My Orders and the order page.
//!
//! - `form.rs`: the islands (the application form, the return shipment form, withdrawing and
//!   the platform-intervention form), posting to `/p/orderRefund/*` from the browser;
//! - `pages.rs`: the server-rendered pages.

pub mod fields;
pub mod form;
#[cfg(feature = "ssr")]
pub mod pages;
pub mod proof_form;
pub mod refund_actions;

use crate::url::encode;
use api::orders::order_status;
use api::refunds::{refund_filter, refund_reason, refund_step, refund_sts};

/// The buyer's applications.
pub const UC_PATH: &str = "/user-center/uc-return";
/// The application form.
pub const APPLY_PATH: &str = "/user-center/apply-return";
/// The return shipment form.
pub const PROOF_PATH: &str = "/user-center/return-proof";
/// An application's page.
pub const DETAIL_PATH: &str = "/return-detail";
/// An application's progress alone.
pub const PROGRESS_PATH: &str = "/return-detail/components/refund-progress";

/// The application form for an order (and one of its items, 0 for the whole order).
pub fn apply_href(order_number: &str, order_item_id: i64) -> String {
    if order_item_id > 0 {
        format!("{APPLY_PATH}?orderNumber={}&orderItemId={order_item_id}", encode(order_number))
    } else {
        format!("{APPLY_PATH}?orderNumber={}", encode(order_number))
    }
}

/// An application's page.
pub fn detail_href(refund_sn: &str) -> String {
    format!("{DETAIL_PATH}?refundSn={}", encode(refund_sn))
}

/// The return shipment form of an application.
pub fn proof_href(refund_sn: &str) -> String {
    format!("{PROOF_PATH}?refundSn={}", encode(refund_sn))
}

/// Whether an order in `status` of `order_type` may have a refund application: paid, shipped,
/// received or completed (the form says so when nothing is left to ask for), and not paid with
/// points in the points mall (never refunded after sale).
pub fn refundable(status: i32, order_type: i32) -> bool {
    matches!(status, order_status::PAID | order_status::SHIPPED | order_status::RECEIVED | order_status::COMPLETED)
        && !crate::points_mall::is_points_order(order_type)
}

/// The list's tabs: filter and label.
pub const TABS: [(i32, &str); 4] = [
    (refund_filter::EVERY, "refund-tab-all"),
    (refund_filter::PROCEEDING, "refund-tab-proceeding"),
    (refund_filter::COMPLETED, "refund-tab-completed"),
    (refund_filter::CLOSED, "refund-tab-closed"),
];

/// The label of an application's status.
pub fn status_key(status: i32) -> &'static str {
    match status {
        refund_sts::APPLIED => "refund-sts-applied",
        refund_sts::ACCEPTED => "refund-sts-accepted",
        refund_sts::SHIPPED => "refund-sts-shipped",
        refund_sts::SUCCESS => "refund-sts-success",
        refund_sts::WITHDRAWN => "refund-sts-withdrawn",
        refund_sts::REFUSED => "refund-sts-refused",
        refund_sts::INTERVENTION => "refund-sts-intervention",
        _ => "refund-sts-closed",
    }
}

/// The label of a progress step.
pub fn step_key(step: i32) -> &'static str {
    match step {
        refund_step::BUYER_APPLIES => "refund-step-applies",
        refund_step::SELLER_ACCEPTS => "refund-step-accepts",
        refund_step::BUYER_SHIPS => "refund-step-ships",
        refund_step::SELLER_RECEIVES => "refund-step-receives",
        refund_step::REFUND_SUCCESS => "refund-step-success",
        refund_step::BUYER_WITHDRAWS => "refund-step-withdraws",
        refund_step::MERCHANT_REFUSES => "refund-step-refuses",
        refund_step::PLATFORM_INTERVENTION => "refund-step-intervention",
        _ => "refund-step-closed",
    }
}

/// The reasons offered, with their labels.
pub const REASONS: [(i32, &str); 6] = [
    (refund_reason::NOT_WANTED, "refund-reason-not-wanted"),
    (refund_reason::NOT_AS_DESCRIBED, "refund-reason-not-as-described"),
    (refund_reason::QUALITY, "refund-reason-quality"),
    (refund_reason::MISSING_PARTS, "refund-reason-missing-parts"),
    (refund_reason::NOT_RECEIVED, "refund-reason-not-received"),
    (refund_reason::OTHER, "refund-reason-other"),
];

/// The label of a reason.
pub fn reason_key(reason: i32) -> &'static str {
    REASONS.iter().find(|(r, _)| *r == reason).map_or("refund-reason-other", |(_, k)| k)
}

/// The steps still to come after the last one that happened (a normal course: applied,
/// accepted, for a return shipped back and received, refunded); none once it ended.
pub fn steps_to_come(apply_type: i32, status: i32) -> Vec<i32> {
    use api::refunds::apply_type as kind;
    let course: &[i32] = if apply_type == kind::RETURN_AND_REFUND {
        &[
            refund_step::SELLER_ACCEPTS,
            refund_step::BUYER_SHIPS,
            refund_step::SELLER_RECEIVES,
            refund_step::REFUND_SUCCESS,
        ]
    } else {
        &[refund_step::SELLER_ACCEPTS, refund_step::REFUND_SUCCESS]
    };
    let from = match status {
        refund_sts::APPLIED | refund_sts::INTERVENTION => 0,
        refund_sts::ACCEPTED => 1,
        refund_sts::SHIPPED => 2,
        _ => return Vec::new(),
    };
    course.iter().skip(from).copied().collect()
}

/// Cents as a dollar amount to type in (`40.00`).
pub fn dollars(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// A typed dollar amount in cents: digits with at most two decimals; none otherwise.
pub fn parse_dollars(text: &str) -> Option<i64> {
    let text = text.trim().trim_start_matches('$');
    let (whole, cents) = match text.split_once('.') {
        Some((w, c)) => (w, c),
        None => (text, ""),
    };
    if whole.is_empty() && cents.is_empty() || cents.len() > 2 {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !cents.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 9 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let cents: i64 = if cents.is_empty() { 0 } else { format!("{cents:0<2}").parse().ok()? };
    Some(whole * 100 + cents)
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::refunds::apply_type;

    #[test]
    fn links() {
        assert_eq!(apply_href("2026 1", 0), "/user-center/apply-return?orderNumber=2026%201");
        assert_eq!(apply_href("2026", 7), "/user-center/apply-return?orderNumber=2026&orderItemId=7");
        assert_eq!(detail_href("R12"), "/return-detail?refundSn=R12");
        let normal = api::orders::order_type::NORMAL;
        assert!(refundable(order_status::PAID, normal) && refundable(order_status::COMPLETED, normal));
        assert!(!refundable(order_status::UNPAID, normal) && !refundable(order_status::CANCELED, normal));
        assert!(!refundable(order_status::PAID, api::orders::order_type::POINTS_MALL), "paid with points");
    }

    #[test]
    fn amounts_are_typed_in_dollars() {
        assert_eq!(parse_dollars("40"), Some(4000));
        assert_eq!(parse_dollars(" 40.5 "), Some(4050));
        assert_eq!(parse_dollars("$0.01"), Some(1));
        assert_eq!(parse_dollars(".5"), Some(50));
        for bad in ["", "1.234", "-1", "1e3", "a", "."] {
            assert_eq!(parse_dollars(bad), None, "{bad}");
        }
        assert_eq!(dollars(4005), "40.05");
    }

    #[test]
    fn the_steps_to_come_follow_the_kind() {
        assert_eq!(steps_to_come(apply_type::REFUND_ONLY, refund_sts::APPLIED), [2, 5]);
        assert_eq!(steps_to_come(apply_type::RETURN_AND_REFUND, refund_sts::ACCEPTED), [3, 4, 5]);
        assert!(steps_to_come(apply_type::RETURN_AND_REFUND, refund_sts::SUCCESS).is_empty());
    }
}
