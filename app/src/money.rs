//! The display rules of money (spec section 9). Amounts are the contract's one money type,
//! [`Price`] (integer cents of USD, from the wire to here); KHR is USD × rate rounded to an
//! integer; USD shows two decimals; a zero price shows as 1 KHR or 0.01.

pub use api::money::Price;
use serde::{Deserialize, Serialize};

/// The display currency with its exchange rate, exact to 1/10,000.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayCurrency {
    pub code: String,
    pub symbol: String,
    /// Units of this currency per USD, times 10,000 (KHR 4100 → 41_000_000).
    pub rate_e4: i64,
}

impl DisplayCurrency {
    /// US dollars, the default.
    pub fn usd() -> Self {
        Self { code: "USD".into(), symbol: "$".into(), rate_e4: 10_000 }
    }

    /// Cambodian riel at the spec's fallback rate of 4100.
    pub fn khr() -> Self {
        Self { code: "KHR".into(), symbol: "៛".into(), rate_e4: 41_000_000 }
    }

    /// Parses a decimal rate such as "4100" or "4100.5" exactly; `None` when malformed.
    pub fn parse_rate(rate: &str) -> Option<i64> {
        let rate = rate.trim();
        let (whole, frac) = rate.split_once('.').unwrap_or((rate, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 4 {
            return None;
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let whole: i64 = whole.parse().ok()?;
        let frac_e4: i64 = format!("{frac:0<4}").parse().ok()?;
        let value = whole.checked_mul(10_000)?.checked_add(frac_e4)?;
        (value > 0).then_some(value)
    }

    /// Whether amounts of this currency are whole numbers (KHR) rather than two decimals.
    fn is_integer_currency(&self) -> bool {
        self.code.eq_ignore_ascii_case("KHR")
    }

    /// Formats `amount` for display, e.g. `$12.50` or `៛51,250`.
    pub fn format(&self, amount: Price) -> String {
        let (sign, units) = self.display_units(amount);
        if self.is_integer_currency() {
            format!("{sign}{}{}", self.symbol, group_thousands(&units.to_string()))
        } else {
            format!("{sign}{}{}.{:02}", self.symbol, group_thousands(&(units / 100).to_string()), units % 100)
        }
    }

    /// `amount` as a plain decimal of this currency, as displayed but without symbol or
    /// grouping, e.g. `12.50` or `51250` (structured data for crawlers).
    pub fn plain(&self, amount: Price) -> String {
        let (sign, units) = self.display_units(amount);
        if self.is_integer_currency() {
            format!("{sign}{units}")
        } else {
            format!("{sign}{}.{:02}", units / 100, units % 100)
        }
    }

    /// The sign and the displayed amount in this currency's smallest shown unit (riel, or
    /// cents), rounded half up; a zero amount shows as one unit.
    fn display_units(&self, amount: Price) -> (&'static str, i128) {
        let sign = if amount.0 < 0 { "-" } else { "" };
        let scaled = (amount.0 as i128).abs() * self.rate_e4 as i128;
        let units = if self.is_integer_currency() {
            // cents × rate_e4 / (100 × 10_000)
            (scaled + 500_000) / 1_000_000
        } else {
            (scaled + 5_000) / 10_000
        };
        (sign, units.max(1))
    }
}

fn group_thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usd_shows_two_decimals() {
        let usd = DisplayCurrency::usd();
        assert_eq!(usd.format(Price(1250)), "$12.50");
        assert_eq!(usd.format(Price(123_456_789)), "$1,234,567.89");
        assert_eq!(usd.format(Price(5)), "$0.05");
    }

    #[test]
    fn khr_is_usd_times_rate_rounded_to_integer() {
        let khr = DisplayCurrency::khr();
        assert_eq!(khr.format(Price(1250)), "៛51,250");
        assert_eq!(khr.format(Price(1)), "៛41");
        // 0.015 USD × 4100 = 61.5 → 62
        let half = DisplayCurrency { rate_e4: 41_000_000, ..DisplayCurrency::khr() };
        assert_eq!(half.format(Price(1)), "៛41");
    }

    #[test]
    fn plain_amounts_are_the_displayed_numbers() {
        assert_eq!(DisplayCurrency::usd().plain(Price(123_456_789)), "1234567.89");
        assert_eq!(DisplayCurrency::khr().plain(Price(1250)), "51250");
        assert_eq!(DisplayCurrency::usd().plain(Price(0)), "0.01");
    }

    #[test]
    fn zero_price_becomes_smallest_unit() {
        assert_eq!(DisplayCurrency::usd().format(Price(0)), "$0.01");
        assert_eq!(DisplayCurrency::khr().format(Price(0)), "៛1");
    }

    #[test]
    fn rates_parse_exactly() {
        assert_eq!(DisplayCurrency::parse_rate("4100"), Some(41_000_000));
        assert_eq!(DisplayCurrency::parse_rate("1"), Some(10_000));
        assert_eq!(DisplayCurrency::parse_rate("0.5"), Some(5_000));
        assert_eq!(DisplayCurrency::parse_rate("abc"), None);
        assert_eq!(DisplayCurrency::parse_rate("-1"), None);
        assert_eq!(DisplayCurrency::parse_rate("0"), None);
        assert_eq!(DisplayCurrency::parse_rate("1.23456"), None);
    }
}
