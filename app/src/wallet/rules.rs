//! The wallet's form rules, shared by the page and its islands (unit-tested here).

use api::money::Price;

/// The cents of a typed top-up amount in dollars ("25", "25.5", "0.01"), or the Fluent key of
/// what is wrong with it: empty, not a plain decimal with at most two places, or outside
/// 0.01 to 100000 (spec section 5).
pub fn top_up_amount(input: &str) -> Result<Price, &'static str> {
    let input = input.trim();
    if input.is_empty() {
        return Err("wallet-top-up-amount-empty");
    }
    let (whole, frac) = input.split_once('.').unwrap_or((input, ""));
    let plain = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !plain(whole) || !plain(frac) || frac.len() > 2 || whole.len() > 9 {
        return Err("wallet-top-up-amount-invalid");
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| "wallet-top-up-amount-invalid")? };
    let frac: i64 = format!("{frac:0<2}").parse().map_err(|_| "wallet-top-up-amount-invalid")?;
    let cents = Price(whole * 100 + frac);
    if api::wallet::recharge_allowed(cents) {
        Ok(cents)
    } else {
        Err("wallet-top-up-amount-range")
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_top_up_is_typed_in_dollars_with_at_most_two_places() {
        assert_eq!(top_up_amount("25"), Ok(Price(2_500)));
        assert_eq!(top_up_amount(" 25.5 "), Ok(Price(2_550)));
        assert_eq!(top_up_amount("0.01"), Ok(Price(1)));
        assert_eq!(top_up_amount(".5"), Ok(Price(50)));
        assert_eq!(top_up_amount("100000"), Ok(Price(10_000_000)));
        assert_eq!(top_up_amount(""), Err("wallet-top-up-amount-empty"));
        for bad in ["abc", "1.234", "-5", "1e3", "1,000", ".", "12345678901"] {
            assert_eq!(top_up_amount(bad), Err("wallet-top-up-amount-invalid"), "{bad}");
        }
        for out in ["0", "0.00", "100000.01", "200000"] {
            assert_eq!(top_up_amount(out), Err("wallet-top-up-amount-range"), "{out}");
        }
    }
}
