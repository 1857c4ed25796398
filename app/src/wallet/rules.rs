//! The wallet's record reasons as Fluent keys (a top-up amount's rule is
//! `api::wallet::typed_dollars`, shared with the server's form).

/// The Fluent key of a balance record's reason.
pub fn balance_reason_key(reason: i32) -> &'static str {
    use api::wallet::balance_reason;
    match reason {
        balance_reason::PAID => "wallet-reason-paid",
        balance_reason::REFUNDED => "wallet-reason-refunded",
        balance_reason::RECHARGED => "wallet-reason-recharged",
        // members
        balance_reason::MEMBER_BOUGHT => "member-reason-bought",
        _ => "wallet-reason-granted",
    }
}

/// The Fluent key of a points record's reason.
pub fn points_reason_key(reason: i32) -> &'static str {
    use api::wallet::points_reason;
    match reason {
        points_reason::SPENT => "wallet-points-spent",
        points_reason::RETURNED => "wallet-points-returned",
        points_reason::PAID_ORDER => "wallet-points-paid-order",
        points_reason::REFUNDED_ORDER => "wallet-points-refunded-order",
        points_reason::SIGN_IN => "wallet-points-sign-in",
        points_reason::ORDER_EARNED => "wallet-points-order-earned",
        points_reason::REVIEW => "wallet-points-review",
        points_reason::EXPIRED => "wallet-points-expired",
        points_reason::REFUND_TAKEN => "wallet-points-refund-taken",
        _ => "wallet-points-granted",
    }
}
