//! Member levels (spec sections 1 and 6: "member levels exist"; their details are not shown):
//! a buyer's growth, earned on completed orders, places them on a ladder of levels, which the
//! user centre shows and the member centre builds its benefits on. Also what the buyer holds
//! (balance and points) for the user centre's overview.
//!
//! The level rule ([`standing`]) is pure and shared by the server (which answers the level)
//! and any client that draws the way to the next one.

use crate::money::Price;
use api_macros::wire;

/// Growth earned per whole unit of money paid: one growth per whole dollar (100 cents) of an
/// order's `actualTotal`, earned when its receipt is confirmed.
pub const CENTS_PER_GROWTH: i64 = 100;

/// The growth an order paid with `actual_total` earns: one per whole dollar, never negative.
pub fn growth_of(actual_total: Price) -> i64 {
    (actual_total.0 / CENTS_PER_GROWTH).max(0)
}

/// A step of the ladder: the level number (from 1), its name in the request's language and
/// the growth that reaches it.
#[wire]
pub struct MemberLevel {
    pub level: i32,
    pub level_name: String,
    pub need_growth: i64,
}

/// `GET /p/user/level`: the buyer's level and the way to the next one.
#[wire]
pub struct UserLevel {
    /// The buyer's growth.
    pub growth: i64,
    /// The level reached (1 when the buyer has no growth yet).
    pub level: i32,
    pub level_name: String,
    /// The growth that reached this level.
    pub level_growth: i64,
    /// The next level; `null` at the top of the ladder.
    pub next_level: Option<MemberLevel>,
    /// Every level, lowest first.
    pub levels: Vec<MemberLevel>,
}

/// `GET /p/user/assets`: what the buyer holds, for the user centre's overview.
#[wire]
pub struct UserAssets {
    /// The balance wallet.
    pub balance: Price,
    /// Points (1 point = 1 cent at checkout).
    pub points: i64,
}

/// Where `growth` stands on `levels` (any order): the index of the level reached (the highest
/// whose `need_growth` it meets, or the lowest level when it meets none) and of the next one,
/// in `levels` sorted by `need_growth`. `None` for an empty ladder.
pub fn standing(growth: i64, levels: &[MemberLevel]) -> Option<(MemberLevel, Option<MemberLevel>)> {
    let mut sorted = levels.to_vec();
    sorted.sort_by_key(|l| (l.need_growth, l.level));
    let reached = sorted.iter().rposition(|l| growth >= l.need_growth).unwrap_or(0);
    let current = sorted.get(reached)?.clone();
    Some((current, sorted.get(reached + 1).cloned()))
}

/// How far `growth` has come from `from` towards `to`, in whole percent (0 to 100); 100 when
/// there is nowhere further to go.
pub fn progress_percent(growth: i64, from: i64, to: Option<i64>) -> i64 {
    match to {
        Some(to) if to > from => ((growth - from).clamp(0, to - from) * 100) / (to - from),
        _ => 100,
    }
}

// ---------------------------------------------------------------- member centre

/// A day in Unix milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The percent off goods a paid membership gives (the level's own percent applies when it is
/// larger; the two do not add up).
pub const PAID_DISCOUNT_PERCENT: i64 = 5;
/// Whether a paid membership gives free shipping.
pub const PAID_FREE_SHIPPING: bool = true;

/// The largest member discount any equity may give, in percent (a bound on stored levels).
pub const MAX_DISCOUNT_PERCENT: i64 = 50;

/// A paid membership plan (`GET /p/member/plans`): its id, its length in months (what the
/// page names) and in days (what it adds: 30 a month, 365 for twelve), and its price in
/// cents (US dollars; shown in the buyer's currency).
#[wire]
pub struct MemberPlan {
    pub plan_id: i32,
    pub months: i32,
    pub days: i64,
    pub price: Price,
}

/// The plans on sale: 1, 3 and 12 months.
pub fn plans() -> Vec<MemberPlan> {
    [(1, 1, 30, 499), (2, 3, 90, 1_299), (3, 12, 365, 3_999)]
        .into_iter()
        .map(|(plan_id, months, days, cents)| MemberPlan { plan_id, months, days, price: Price(cents) })
        .collect()
}

/// The plan `plan_id`, if it is on sale.
pub fn plan(plan_id: i32) -> Option<MemberPlan> {
    plans().into_iter().find(|p| p.plan_id == plan_id)
}

/// What a member level gives (`GET /p/member/equity`).
#[wire]
pub struct LevelEquity {
    pub level: i32,
    pub level_name: String,
    pub need_growth: i64,
    /// Percent off goods at checkout (0 for none).
    pub discount_percent: i64,
    /// Whether orders ship free.
    pub free_shipping: bool,
}

/// `GET /p/member/equity`: every level's benefits, the paid membership's, and which apply to
/// the buyer now.
#[wire]
pub struct MemberEquityInfo {
    /// Every level, lowest first.
    pub levels: Vec<LevelEquity>,
    /// The buyer's level.
    pub level: i32,
    /// What a paid membership gives.
    pub paid_discount_percent: i64,
    pub paid_free_shipping: bool,
    /// Whether the buyer's paid membership is active now.
    pub paid_active: bool,
    /// What applies to the buyer's next order: the better of their level and their paid
    /// membership.
    pub discount_percent: i64,
    pub free_shipping: bool,
}

/// `GET /p/member/info`: the member centre's facts about the buyer.
#[wire]
pub struct MemberInfo {
    /// The buyer's level and the way to the next one.
    pub user_level: UserLevel,
    /// Whether the paid membership is active now.
    pub paid_active: bool,
    /// When the paid membership ends (Unix milliseconds); `null` when never bought. In the
    /// past when it has ended.
    pub paid_end_time: Option<i64>,
    /// What applies to the buyer's next order.
    pub discount_percent: i64,
    pub free_shipping: bool,
    /// The server's clock (Unix milliseconds).
    pub now: i64,
}

/// `POST /p/member/buy`: buys a paid membership plan with one method.
#[wire(default)]
pub struct BuyMemberParam {
    /// A [`MemberPlan`]'s id.
    pub plan_id: i32,
    /// A [`pay_type`](crate::config::pay_type) code: the balance (with `payPassword`) or an
    /// online gateway.
    pub pay_type: i32,
    /// BALANCEPAY: the 6-digit payment password.
    pub pay_password: String,
    /// The currency to charge in ("USD", "KHR"); a gateway that does not take it charges USD.
    pub currency: String,
}

/// What applies to a buyer's order: percent off goods and free shipping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Equity {
    pub discount_percent: i64,
    pub free_shipping: bool,
}

/// The equity of a buyer whose level gives `level` and whose paid membership is `paid_active`:
/// the larger percent of the two (never added up) and free shipping when either gives it;
/// the percent is kept within 0 to [`MAX_DISCOUNT_PERCENT`].
pub fn equity_of(level: Equity, paid_active: bool) -> Equity {
    let (paid_percent, paid_free) = if paid_active { (PAID_DISCOUNT_PERCENT, PAID_FREE_SHIPPING) } else { (0, false) };
    Equity {
        discount_percent: level.discount_percent.max(paid_percent).clamp(0, MAX_DISCOUNT_PERCENT),
        free_shipping: level.free_shipping || paid_free,
    }
}

/// What the member discount of `percent` takes off `goods` (an order's goods after its
/// coupons), in whole cents, rounded in the buyer's favour like a percent coupon: the price
/// left to pay rounds down, so the reduction rounds up. Never more than the goods, never
/// negative.
pub fn member_reduce(goods: Price, percent: i64) -> Price {
    if goods.0 <= 0 || percent <= 0 {
        return Price(0);
    }
    let percent = percent.min(100) as i128;
    let paid = goods.0 as i128 * (100 - percent) / 100;
    Price(goods.0 - paid as i64)
}

/// Whether a paid membership ending at `end` is active at `now`.
pub fn paid_active(end: Option<i64>, now: i64) -> bool {
    end.is_some_and(|end| end > now)
}

/// When a paid membership ends after buying `days` more at `now`: the period runs on from the
/// later of now and the current end (a lapsed membership starts again now).
pub fn membership_end(now: i64, current_end: Option<i64>, days: i64) -> i64 {
    current_end.unwrap_or(now).max(now) + days * DAY_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder() -> Vec<MemberLevel> {
        [(3, 2000), (1, 0), (4, 10_000), (2, 500)]
            .into_iter()
            .map(|(level, need_growth)| MemberLevel { level, level_name: format!("L{level}"), need_growth })
            .collect()
    }

    fn levels_of(growth: i64) -> (i32, Option<i32>) {
        let (current, next) = standing(growth, &ladder()).unwrap();
        (current.level, next.map(|n| n.level))
    }

    #[test]
    fn the_level_is_the_highest_one_the_growth_reaches() {
        assert_eq!(levels_of(0), (1, Some(2)));
        assert_eq!(levels_of(499), (1, Some(2)));
        assert_eq!(levels_of(500), (2, Some(3)));
        assert_eq!(levels_of(1999), (2, Some(3)));
        assert_eq!(levels_of(2000), (3, Some(4)));
        assert_eq!(levels_of(10_000), (4, None));
        assert_eq!(levels_of(i64::MAX), (4, None));
        // Below the lowest threshold (a ladder not starting at 0): the lowest level.
        let high: Vec<_> = ladder().into_iter().filter(|l| l.need_growth > 0).collect();
        assert_eq!(standing(10, &high).unwrap().0.level, 2);
        assert!(standing(10, &[]).is_none());
    }

    #[test]
    fn progress_is_a_whole_percent_of_the_way_to_the_next_level() {
        assert_eq!(progress_percent(0, 0, Some(500)), 0);
        assert_eq!(progress_percent(250, 0, Some(500)), 50);
        assert_eq!(progress_percent(1999, 500, Some(2000)), 99);
        assert_eq!(progress_percent(2000, 500, Some(2000)), 100);
        assert_eq!(progress_percent(-5, 0, Some(500)), 0);
        assert_eq!(progress_percent(12_000, 10_000, None), 100);
        assert_eq!(progress_percent(5, 10, Some(10)), 100);
    }

    #[test]
    fn one_growth_per_whole_dollar_paid() {
        assert_eq!(growth_of(Price(0)), 0);
        assert_eq!(growth_of(Price(99)), 0);
        assert_eq!(growth_of(Price(100)), 1);
        assert_eq!(growth_of(Price(4_599)), 45);
        assert_eq!(growth_of(Price(-300)), 0);
    }

    #[test]
    fn the_better_of_the_level_and_the_paid_membership_applies() {
        let none = Equity::default();
        let gold = Equity { discount_percent: 5, free_shipping: true };
        let diamond = Equity { discount_percent: 8, free_shipping: true };
        let silver = Equity { discount_percent: 2, free_shipping: false };
        assert_eq!(equity_of(none, false), Equity::default());
        assert_eq!(equity_of(none, true), Equity { discount_percent: PAID_DISCOUNT_PERCENT, free_shipping: true });
        assert_eq!(equity_of(silver, false), silver);
        assert_eq!(equity_of(silver, true), Equity { discount_percent: 5, free_shipping: true });
        assert_eq!(equity_of(gold, true), gold);
        assert_eq!(equity_of(diamond, true), diamond);
        assert_eq!(equity_of(Equity { discount_percent: 90, free_shipping: false }, false).discount_percent, 50);
        assert_eq!(equity_of(Equity { discount_percent: -3, free_shipping: false }, false).discount_percent, 0);
    }

    #[test]
    fn the_member_discount_rounds_in_the_buyers_favour() {
        assert_eq!(member_reduce(Price(10_000), 5), Price(500));
        // 5 % of 19.99 is 0.9995: the buyer pays 18.99, 1.00 off.
        assert_eq!(member_reduce(Price(1_999), 5), Price(100));
        assert_eq!(member_reduce(Price(1), 5), Price(1));
        assert_eq!(member_reduce(Price(1_000), 0), Price(0));
        assert_eq!(member_reduce(Price(0), 5), Price(0));
        assert_eq!(member_reduce(Price(-500), 5), Price(0));
        assert_eq!(member_reduce(Price(700), 100), Price(700));
        assert_eq!(member_reduce(Price(700), 150), Price(700));
        for goods in 1..2_000 {
            let off = member_reduce(Price(goods), 8).0;
            assert!(off * 100 >= goods * 8 && (off - 1) * 100 < goods * 8, "{goods}: {off}");
        }
    }

    #[test]
    fn a_membership_runs_on_from_the_later_of_now_and_its_end() {
        let now = 1_000 * DAY_MS;
        assert_eq!(membership_end(now, None, 30), now + 30 * DAY_MS);
        assert_eq!(membership_end(now, Some(now - DAY_MS), 30), now + 30 * DAY_MS);
        assert_eq!(membership_end(now, Some(now + 10 * DAY_MS), 90), now + 100 * DAY_MS);
        assert!(paid_active(Some(now + 1), now));
        assert!(!paid_active(Some(now), now));
        assert!(!paid_active(None, now));
    }

    #[test]
    fn three_plans_of_one_three_and_twelve_months() {
        let months: Vec<i32> = plans().iter().map(|p| p.months).collect();
        assert_eq!(months, [1, 3, 12]);
        assert!(plans().iter().all(|p| p.price.0 > 0 && p.days >= 30 * p.months as i64 - 1));
        assert_eq!(plan(3).map(|p| p.days), Some(365));
        assert!(plan(0).is_none() && plan(4).is_none());
    }
}
