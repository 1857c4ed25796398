//! The balance wallet and points (spec sections 1, 2, 5 and 9): `/user-center/uc-balance` (the
//! balance, its records, top-up 0.01 to 100000 through the checkout counter's gateways) and
//! `/user-center/uc-integral` (points, their records, the daily sign-in over a 7-day cycle).
//! Both holdings are ledgers (`balance_record`, `points_record`): every change is a record
//! written with it, so a buyer's records add up to what they hold. Paths after mall4j's
//! naming: `/p/userBalance/...` and `/p/score/...`.

use crate::money::Price;
use api_macros::wire;

crate::constants! {
    /// Why a balance changed (`BalanceRecord.reason`).
    pub mod balance_reason: i32 {
        /// Orders paid with the balance.
        PAID = 1;
        /// Money given back to the balance (a cancelled or refunded order).
        REFUNDED = 2;
        /// A top-up through a gateway.
        RECHARGED = 3;
        /// Granted by the mall.
        GRANTED = 4;
    }
}

/// One change of the balance, newest first in its page.
#[wire(default)]
pub struct BalanceRecord {
    pub record_id: i64,
    /// The change: positive for money in, negative for money out.
    pub change: Price,
    /// A [`balance_reason`].
    pub reason: i32,
    /// The order it paid or refunded, if any.
    pub order_number: Option<String>,
    /// The pay attempt (a top-up's number), if any.
    pub pay_no: Option<String>,
    /// When (Unix milliseconds).
    pub create_time: i64,
}

/// `GET /p/userBalance/info`: the balance and the top-up limits (spec sections 5 and 9).
#[wire(default)]
pub struct BalanceInfo {
    pub balance: Price,
    /// The least one top-up takes (0.01).
    pub recharge_min: Price,
    /// The most one top-up takes (100000).
    pub recharge_max: Price,
}

/// Whether `amount` may be topped up at once: 0.01 to 100000 (spec section 5).
pub fn recharge_allowed(amount: Price) -> bool {
    (crate::payments::RECHARGE_MIN..=crate::payments::RECHARGE_MAX).contains(&amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_top_up_is_one_cent_to_one_hundred_thousand() {
        assert!(!recharge_allowed(Price(0)));
        assert!(recharge_allowed(Price(1)));
        assert!(recharge_allowed(Price(10_000_000)));
        assert!(!recharge_allowed(Price(10_000_001)));
        assert!(!recharge_allowed(Price(-100)));
    }
}
