//! Amounts as the mall charges them: a [`Currency`] and [`Money`] in its smallest unit.

use api::money::Price;
use serde_json::Value;
use std::fmt;

/// A currency the mall charges in (spec section 9: USD and KHR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Currency {
    Usd,
    Khr,
}

impl Currency {
    /// The ISO 4217 code, upper case.
    pub const fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Khr => "KHR",
        }
    }

    /// Reads an ISO 4217 code in any case ("usd", "KHR").
    pub fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_uppercase().as_str() {
            "USD" => Some(Currency::Usd),
            "KHR" => Some(Currency::Khr),
            _ => None,
        }
    }

    /// Decimals of the amounts the mall charges: 2 for USD, 0 for KHR (whole riel).
    pub const fn decimals(self) -> u32 {
        match self {
            Currency::Usd => 2,
            Currency::Khr => 0,
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An amount in its currency's smallest unit as the mall charges it: US cents, or whole riel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Money {
    pub currency: Currency,
    pub minor: i64,
}

impl Money {
    pub const fn usd(cents: i64) -> Self {
        Money { currency: Currency::Usd, minor: cents }
    }

    pub const fn khr(riel: i64) -> Self {
        Money { currency: Currency::Khr, minor: riel }
    }

    /// A mall price charged in USD.
    pub const fn from_price(price: Price) -> Self {
        Money::usd(price.0)
    }

    /// A mall price charged in KHR at `rate_e4` riel per dollar times 10,000 (4100 →
    /// 41_000_000): cents × rate rounded half up to whole riel, as the storefront displays it.
    /// `None` for a negative price or rate, or an overflow.
    pub fn khr_from_price(price: Price, rate_e4: i64) -> Option<Self> {
        if price.0 < 0 || rate_e4 <= 0 {
            return None;
        }
        let scaled = (price.0 as i128).checked_mul(rate_e4 as i128)?;
        let riel = (scaled + 500_000) / 1_000_000;
        i64::try_from(riel).ok().map(Money::khr)
    }

    /// The amount as a decimal string with the currency's decimals: "12.50", "0.05", "51250".
    pub fn decimal(&self) -> String {
        let sign = if self.minor < 0 { "-" } else { "" };
        let abs = self.minor.unsigned_abs();
        match self.currency.decimals() {
            0 => format!("{sign}{abs}"),
            _ => format!("{sign}{}.{:02}", abs / 100, abs % 100),
        }
    }

    /// Reads a non-negative decimal amount ("12.5", "12.50", "51250", "51250.00"). Digits beyond
    /// the currency's decimals must be zeros: "12.505" USD or "5.5" KHR is `None`, never
    /// rounded, so a gateway can never report a different amount than it charged.
    pub fn parse_decimal(currency: Currency, text: &str) -> Option<Self> {
        let text = text.trim();
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || whole.len() > 15 || !digits(whole) || !digits(frac) {
            return None;
        }
        let decimals = currency.decimals() as usize;
        let (kept, rest) = frac.split_at(frac.len().min(decimals));
        if !rest.bytes().all(|b| b == b'0') {
            return None;
        }
        let mut minor: i64 = whole.parse().ok()?;
        for i in 0..decimals {
            let digit = kept.as_bytes().get(i).map_or(0, |b| i64::from(b - b'0'));
            minor = minor.checked_mul(10)?.checked_add(digit)?;
        }
        Some(Money { currency, minor })
    }

    /// Reads an amount a gateway sent as a JSON string or number (`"12.50"`, `12.5`, `51250`).
    pub fn from_json(currency: Currency, value: &Value) -> Option<Self> {
        match value {
            Value::String(s) => Money::parse_decimal(currency, s),
            Value::Number(n) => Money::parse_decimal(currency, &n.to_string()),
            _ => None,
        }
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.decimal(), self.currency)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usd_amounts_have_two_decimals() {
        assert_eq!(Money::usd(1250).decimal(), "12.50");
        assert_eq!(Money::usd(5).decimal(), "0.05");
        assert_eq!(Money::usd(100_000_000).decimal(), "1000000.00");
        assert_eq!(Money::usd(-1).decimal(), "-0.01");
        assert_eq!(Money::parse_decimal(Currency::Usd, "12.5"), Some(Money::usd(1250)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "12.50"), Some(Money::usd(1250)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "12"), Some(Money::usd(1200)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "0.01"), Some(Money::usd(1)));
        assert_eq!(Money::parse_decimal(Currency::Usd, "12.500"), Some(Money::usd(1250)));
    }

    #[test]
    fn khr_amounts_are_whole_riel() {
        assert_eq!(Money::khr(51_250).decimal(), "51250");
        assert_eq!(Money::parse_decimal(Currency::Khr, "51250"), Some(Money::khr(51_250)));
        assert_eq!(Money::parse_decimal(Currency::Khr, "51250.00"), Some(Money::khr(51_250)));
        assert_eq!(Money::parse_decimal(Currency::Khr, "51250.5"), None);
    }

    #[test]
    fn amounts_are_never_rounded_when_read() {
        for bad in ["12.505", "-1", "", ".5", "1e3", "1,000", "12.5.0", " 12 .5", "abc", "9999999999999999"] {
            assert_eq!(Money::parse_decimal(Currency::Usd, bad), None, "{bad}");
        }
        assert_eq!(Money::from_json(Currency::Usd, &serde_json::json!(0.1)), Some(Money::usd(10)));
        assert_eq!(Money::from_json(Currency::Usd, &serde_json::json!("7.25")), Some(Money::usd(725)));
        assert_eq!(Money::from_json(Currency::Khr, &serde_json::json!(4100)), Some(Money::khr(4100)));
        assert_eq!(Money::from_json(Currency::Usd, &serde_json::json!(null)), None);
    }

    #[test]
    fn khr_charges_are_what_the_storefront_shows() {
        let shown = api::money::DisplayCurrency::khr();
        for cents in [1, 49, 50, 99, 1250, 12_345, 99_999_999] {
            let charged = Money::khr_from_price(Price(cents), shown.rate_e4).unwrap();
            let digits: String = shown.format(Price(cents)).chars().filter(char::is_ascii_digit).collect();
            assert_eq!(charged.decimal(), digits, "{cents} cents");
        }
        // Half a riel rounds up, as the display does (1 cent at 50 riel per dollar).
        assert_eq!(Money::khr_from_price(Price(1), 500_000), Some(Money::khr(1)));
        assert_eq!(Money::khr_from_price(Price(1), 499_999), Some(Money::khr(0)));
        assert_eq!(Money::khr_from_price(Price(-1), 41_000_000), None);
        assert_eq!(Money::khr_from_price(Price(1), 0), None);
        assert_eq!(Money::from_price(Price(1250)), Money::usd(1250));
    }

    #[test]
    fn currencies_read_their_codes_in_any_case() {
        assert_eq!(Currency::from_code("usd"), Some(Currency::Usd));
        assert_eq!(Currency::from_code("KHR"), Some(Currency::Khr));
        assert_eq!(Currency::from_code("EUR"), None);
        assert_eq!(Currency::Khr.to_string(), "KHR");
        assert_eq!(Money::khr(100).to_string(), "100 KHR");
    }
}
