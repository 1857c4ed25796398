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
        /// A paid membership bought with the balance (members).
        MEMBER_BOUGHT = 5;
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

/// The cents of a top-up amount typed in dollars ("25", "25.5", "0.01"), or the Fluent key of
/// what is wrong with it: empty, or not a plain decimal with at most two places. Whether it is
/// within 0.01 to 100000 is [`recharge_allowed`]'s.
pub fn typed_dollars(input: &str) -> Result<Price, &'static str> {
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
    Ok(Price(whole * 100 + frac))
}

/// Points one sign-in gives on each day of the 7-day cycle (spec section 9 names the cycle,
/// not the amounts): day 1 to day 7 of consecutive sign-ins; a missed day starts again at
/// day 1, and after day 7 the cycle starts again.
pub const SIGN_IN_REWARDS: [i64; 7] = [10, 10, 20, 20, 30, 30, 50];
/// Points a review earns (once per reviewed item).
pub const REVIEW_POINTS: i64 = 10;
/// Spend that earns one point when an order's receipt is confirmed: one point per whole
/// dollar of what was paid.
pub const CENTS_PER_EARNED_POINT: i64 = 100;
/// Points are valid this many years (spec section 9: "expire within a set number of years")...
pub const POINTS_VALID_YEARS: i64 = 2;
/// ...counted as days after they were earned.
pub const POINTS_VALID_DAYS: i64 = POINTS_VALID_YEARS * 365;
/// The mall's day starts at midnight in Phnom Penh (UTC+7), as the pages show times.
pub const DAY_OFFSET_MS: i64 = crate::calendar::MALL_UTC_OFFSET_SECS * 1000;
const DAY_MS: i64 = 86_400_000;

/// The mall's day number (days since 1970-01-01 in UTC+7) of a Unix millisecond time.
pub fn day_of(ms: i64) -> i64 {
    (ms + DAY_OFFSET_MS).div_euclid(DAY_MS)
}

/// The points an order paid with `actual_total` earns on receipt.
pub fn points_of(actual_total: Price) -> i64 {
    (actual_total.0 / CENTS_PER_EARNED_POINT).max(0)
}

/// The points an order's refunds take back: of `earned` (what its receipt earned, less what
/// refunds took back already), all but what is left paid earns (`actual_total − refunded`);
/// none when nothing was earned.
pub fn points_taken_back(earned: i64, actual_total: Price, refunded: Price) -> i64 {
    (earned - points_of(Price(actual_total.0 - refunded.0))).max(0)
}

/// The day of the cycle (1 to 7) of the `streak`th consecutive sign-in (from 1).
pub fn cycle_day(streak: i64) -> i64 {
    (streak.max(1) - 1) % 7 + 1
}

/// The points of the `streak`th consecutive sign-in.
pub fn sign_in_reward(streak: i64) -> i64 {
    SIGN_IN_REWARDS[(cycle_day(streak) - 1) as usize]
}

/// The 7-day strip: for each day of the cycle, its points, whether it is signed, whether it is
/// today. `streak` counts the consecutive days signed up to today (today included when
/// `signed_today`, else up to yesterday; 0 after a missed day).
pub fn sign_in_strip(streak: i64, signed_today: bool) -> Vec<SignInDay> {
    let today = if signed_today { cycle_day(streak) } else { cycle_day(streak + 1) };
    // A finished cycle (day 7 yesterday) starts again: nothing of it is shown as done.
    let done_through = if signed_today { today } else { today - 1 };
    (1..=7)
        .map(|day| SignInDay {
            day: day as i32,
            points: SIGN_IN_REWARDS[(day - 1) as usize],
            signed: day <= done_through,
            today: day == today,
        })
        .collect()
}

crate::constants! {
    /// Why points changed (`ScoreRecord.reason`).
    pub mod points_reason: i32 {
        /// Spent on an order at checkout.
        SPENT = 1;
        /// Given back by a cancelled order.
        RETURNED = 2;
        /// Granted by the mall.
        GRANTED = 3;
        /// Paid for a points-mall order.
        PAID_ORDER = 4;
        /// Given back by a cancelled points-mall order.
        REFUNDED_ORDER = 5;
        /// The daily sign-in.
        SIGN_IN = 6;
        /// Earned by an order's receipt (one per whole dollar paid).
        ORDER_EARNED = 7;
        /// Earned by a review.
        REVIEW = 8;
        /// Expired.
        EXPIRED = 9;
        /// Taken back by a refund of an order that earned them.
        REFUND_TAKEN = 10;
    }
}

/// One day of the sign-in strip.
#[wire(default)]
pub struct SignInDay {
    /// The day of the cycle, 1 to 7.
    pub day: i32,
    pub points: i64,
    /// Signed in on this day of the current cycle.
    pub signed: bool,
    /// Today's place in the cycle.
    pub today: bool,
}

/// `GET /p/score/scoreInfo`: the points, today's sign-in and the 7-day strip.
#[wire(default)]
pub struct ScoreInfo {
    pub score: i64,
    pub signed_today: bool,
    /// Consecutive days signed in (today included once signed; 0 after a missed day).
    pub streak: i64,
    /// What today's sign-in gives (or gave).
    pub today_reward: i64,
    pub days: Vec<SignInDay>,
    /// The rules as numbers: points valid this many years after they are earned,
    pub valid_years: i64,
    /// one point per this much paid (cents),
    pub cents_per_point: i64,
    /// and this many points per review.
    pub review_points: i64,
}

/// `POST /p/score/signIn`: what today's sign-in gave.
#[wire(default)]
pub struct SignInResult {
    pub points: i64,
    pub streak: i64,
    /// The points held now.
    pub score: i64,
}

/// One change of the points, newest first in its page.
#[wire(default)]
pub struct ScoreRecord {
    pub record_id: i64,
    /// Positive for points in, negative for points out.
    pub change: i64,
    /// A [`points_reason`].
    pub reason: i32,
    pub order_number: Option<String>,
    pub create_time: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refund_takes_back_the_points_its_amount_earned() {
        // 350.97 paid earned 350; 116.99 refunded leaves 233.98, which earns 233.
        assert_eq!(points_taken_back(350, Price(35097), Price(11699)), 117);
        // Then the rest of what was earned, as more is refunded.
        assert_eq!(points_taken_back(350 - 117, Price(35097), Price(23398)), 117);
        assert_eq!(points_taken_back(350 - 234, Price(35097), Price(35097)), 116);
        assert_eq!(points_taken_back(0, Price(35097), Price(35097)), 0, "nothing earned, nothing taken");
        assert_eq!(points_taken_back(350, Price(35097), Price(0)), 0);
        assert_eq!(points_taken_back(350, Price(35097), Price(50)), 0, "less than a point's worth");
    }

    #[test]
    fn a_top_up_is_one_cent_to_one_hundred_thousand() {
        assert!(!recharge_allowed(Price(0)));
        assert!(recharge_allowed(Price(1)));
        assert!(recharge_allowed(Price(10_000_000)));
        assert!(!recharge_allowed(Price(10_000_001)));
        assert!(!recharge_allowed(Price(-100)));
    }

    #[test]
    fn a_top_up_is_typed_in_dollars_with_at_most_two_places() {
        assert_eq!(typed_dollars("25"), Ok(Price(2_500)));
        assert_eq!(typed_dollars(" 25.5 "), Ok(Price(2_550)));
        assert_eq!(typed_dollars("0.01"), Ok(Price(1)));
        assert_eq!(typed_dollars(".5"), Ok(Price(50)));
        assert_eq!(typed_dollars("100000"), Ok(Price(10_000_000)));
        assert_eq!(typed_dollars(""), Err("wallet-top-up-amount-empty"));
        for bad in ["abc", "1.234", "-5", "1e3", "1,000", ".", "12345678901"] {
            assert_eq!(typed_dollars(bad), Err("wallet-top-up-amount-invalid"), "{bad}");
        }
        for out in ["0", "0.00", "100000.01", "200000"] {
            assert!(!recharge_allowed(typed_dollars(out).unwrap()), "{out}");
        }
    }

    #[test]
    fn the_sign_in_cycle_is_seven_days_and_starts_again() {
        assert_eq!((cycle_day(1), cycle_day(7), cycle_day(8), cycle_day(15)), (1, 7, 1, 1));
        assert_eq!((sign_in_reward(1), sign_in_reward(7), sign_in_reward(9)), (10, 50, 10));
        let strip = sign_in_strip(0, false);
        assert_eq!(strip.iter().filter(|d| d.signed).count(), 0);
        assert!(strip[0].today);
        let strip = sign_in_strip(3, true);
        assert_eq!(strip.iter().map(|d| d.signed).collect::<Vec<_>>(), [true, true, true, false, false, false, false]);
        assert!(strip[2].today);
        let strip = sign_in_strip(2, false);
        assert_eq!(strip.iter().filter(|d| d.signed).count(), 2);
        assert!(strip[2].today && !strip[2].signed);
        // Day 7 was yesterday: a new cycle begins today.
        let strip = sign_in_strip(7, false);
        assert!(strip[0].today && strip.iter().all(|d| !d.signed));
    }

    #[test]
    fn days_turn_at_midnight_in_phnom_penh_and_points_are_one_per_dollar() {
        let midnight_utc7 = 1_700_000_000_000 - (1_700_000_000_000 + DAY_OFFSET_MS).rem_euclid(DAY_MS);
        assert_eq!(day_of(midnight_utc7) - day_of(midnight_utc7 - 1), 1);
        assert_eq!((points_of(Price(99)), points_of(Price(4_599)), points_of(Price(-1))), (0, 45, 0));
    }
}
