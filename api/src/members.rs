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
}
