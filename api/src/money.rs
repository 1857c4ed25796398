//! Money on the wire: a JSON number of US dollars with at most two decimals (`12.5`), made
//! from and read back into integer cents, so no arithmetic ever happens in floating point.
//! And money on display ([`DisplayCurrency`]): the one rule of the pages, the server's
//! payments and the widgets (`widgets/src/money.ts`, checked on `api/tests/money_cases.json`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How a newtype over an integer count of `1 / scale` units travels: as a decimal number (a
/// string of one is read too, as some clients send it), refused outside `min..=max`. Reading
/// is a visitor rather than an untagged enum, which would buffer every value first and costs
/// the browser's wasm several kilobytes.
#[derive(Clone, Copy)]
struct FixedPoint {
    scale: f64,
    min: f64,
    max: f64,
    expecting: &'static str,
    /// The OpenAPI description and example (read only when the document is built).
    #[cfg_attr(not(feature = "openapi"), allow(dead_code))]
    description: &'static str,
    #[cfg_attr(not(feature = "openapi"), allow(dead_code))]
    example: f64,
}

/// The wire format of a fixed-point newtype with a `WIRE` constant: serde both ways and its
/// OpenAPI schema, written once for money and rates.
macro_rules! fixed_point_number {
    ($type:ident) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                // Every unit count below 2^53 has an exact nearest f64 that prints back as itself.
                serializer.serialize_f64(self.0 as f64 / Self::WIRE.scale)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_any(Self::WIRE).map($type)
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $type {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                Self::WIRE.schema()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $type {}
    };
}

/// An amount in US cents that travels as a dollar number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct Price(pub i64);

impl Price {
    const WIRE: FixedPoint = FixedPoint {
        scale: 100.0,
        min: -9.0e13,
        max: 9.0e13,
        expecting: "a dollar amount",
        description: "US dollars with at most two decimals (12.5); a string of one is read too.",
        example: 12.5,
    };
}

fixed_point_number!(Price);

/// A "折" discount rate in tenths: what is paid, 85 = 8.5 折 = 85 % of the price (15 % off).
/// It travels as a number with one decimal (`8.5`), like the coupons' `couponDiscount`; the
/// display rule of spec section 4 is [`DiscountRate::zhe`] and [`DiscountRate::percent_off`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct DiscountRate(pub i64);

impl DiscountRate {
    const WIRE: FixedPoint = FixedPoint {
        scale: 10.0,
        min: 0.0,
        max: 10.0,
        expecting: "a discount rate from 0 to 10",
        description: "A discount rate (折) with one decimal: 8.5 means 85 % of the price is paid.",
        example: 8.5,
    };

    /// The rate as Chinese shows it: `8.5`, or `8` for a whole number.
    pub fn zhe(self) -> String {
        let tenths = self.0.clamp(0, 100);
        if tenths % 10 == 0 {
            (tenths / 10).to_string()
        } else {
            format!("{}.{}", tenths / 10, tenths % 10)
        }
    }

    /// The percent taken off, as other languages show it: (10 − rate) × 10, 8.5 → 15.
    pub fn percent_off(self) -> i64 {
        100 - self.0.clamp(0, 100)
    }

    /// The percent paid, as a percent coupon shows it: rate × 10, 8.5 → 85.
    pub fn percent_paid(self) -> i64 {
        self.0.clamp(0, 100)
    }
}

fixed_point_number!(DiscountRate);

// The display rules of money (spec section 9): KHR is USD × rate rounded to an integer; USD
// shows two decimals; a zero price shows as 1 KHR or 0.01. The pages (`app`), the server's
// payments and, through `api/tests/money_cases.json`, the widgets' `money.ts` show the same.

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

    /// This currency as the widgets' props carry it ([`crate::bridge`]).
    pub fn for_widgets(&self) -> crate::bridge::DisplayCurrency {
        crate::bridge::DisplayCurrency { code: self.code.clone(), rate_e4: self.rate_e4, symbol: self.symbol.clone() }
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
        self.format_units(self.display_units(amount))
    }

    /// Formats what a buyer holds (a balance, "My assets"): like [`Self::format`], except that
    /// nothing shows as nothing (`$0.00`, `៛0`). Spec section 9's "a zero price becomes 0.01
    /// or 1 KHR" is a rule for prices, not for what is held.
    pub fn format_held(&self, amount: Price) -> String {
        if amount.0 == 0 {
            self.format_units(("", 0))
        } else {
            self.format(amount)
        }
    }

    fn format_units(&self, (sign, units): (&'static str, i128)) -> String {
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

    /// `text` with the amounts written in it shown in this currency. A text the mall stores
    /// (a coupon's or discount's name, a product's brief) writes amounts in the base currency,
    /// USD, as `$` and a number (`$5`, `$20.50`, `$1,000`), in every language; in another
    /// currency each becomes that amount as [`format`](Self::format) shows it, so a text never
    /// names dollars beside prices in riel. In USD the text is shown as written.
    pub fn amounts_in_text(&self, text: &str) -> String {
        if self.code.eq_ignore_ascii_case("USD") || !text.contains('$') {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        while let Some(at) = rest.find('$') {
            out.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            match usd_amount(after) {
                Some((cents, len)) => {
                    out.push_str(&self.format(Price(cents)));
                    rest = &after[len..];
                }
                None => {
                    out.push('$');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
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

/// The USD amount at the start of `text` (what follows a `$`): digits with optional
/// thousands commas and an optional one- or two-digit fraction. Its cents and length in bytes.
fn usd_amount(text: &str) -> Option<(i64, usize)> {
    let bytes = text.as_bytes();
    let mut end = 0;
    let mut whole: i64 = 0;
    while end < bytes.len() {
        match bytes[end] {
            b'0'..=b'9' => whole = whole.checked_mul(10)?.checked_add(i64::from(bytes[end] - b'0'))?,
            // A comma groups thousands only between digits followed by three more.
            b',' if end > 0
                && bytes.len() >= end + 4
                && bytes[end + 1..end + 4].iter().all(u8::is_ascii_digit)
                && !bytes.get(end + 4).is_some_and(u8::is_ascii_digit) => {}
            _ => break,
        }
        end += 1;
    }
    if end == 0 {
        return None;
    }
    let mut cents = whole.checked_mul(100)?;
    if bytes.get(end) == Some(&b'.') {
        let digits = bytes[end + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 1 || digits == 2 {
            let frac: i64 = text[end + 1..end + 1 + digits].parse().ok()?;
            cents += if digits == 1 { frac * 10 } else { frac };
            end += 1 + digits;
        }
    }
    Some((cents, end))
}

/// `n` with thousands separators (`12,345`): points, growth and other counts, the same
/// everywhere they show (pages and islands).
pub fn grouped(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}", group_thousands(&n.unsigned_abs().to_string()))
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

impl FixedPoint {
    #[cfg(feature = "openapi")]
    fn schema(self) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .minimum(Some(self.min))
            .maximum(Some(self.max))
            .description(Some(self.description))
            .examples([serde_json::json!(self.example)])
            .into()
    }

    fn units<E: serde::de::Error>(&self, value: f64) -> Result<i64, E> {
        if !value.is_finite() || value < self.min || value > self.max {
            return Err(E::custom(format_args!("{} is out of range", self.expecting)));
        }
        Ok((value * self.scale).round() as i64)
    }
}

impl serde::de::Visitor<'_> for FixedPoint {
    type Value = i64;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<i64, E> {
        self.units(v)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i64, E> {
        self.units(v as f64)
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i64, E> {
        self.units(v as f64)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<i64, E> {
        self.units(v.trim().parse::<f64>().map_err(E::custom)?)
    }
}

#[cfg(test)]
mod tests {
    use super::{DiscountRate, DisplayCurrency, Price};

    #[test]
    fn discount_rates_travel_with_one_decimal_and_display_by_the_rule() {
        assert_eq!(serde_json::to_string(&DiscountRate(85)).unwrap(), "8.5");
        assert_eq!(serde_json::from_str::<DiscountRate>("8.5").unwrap(), DiscountRate(85));
        assert_eq!(serde_json::from_str::<DiscountRate>("\"9\"").unwrap(), DiscountRate(90));
        for bad in ["-1", "10.5", "\"x\"", "true"] {
            assert!(serde_json::from_str::<DiscountRate>(bad).is_err(), "{bad}");
        }
        assert_eq!((DiscountRate(85).zhe(), DiscountRate(80).zhe()), ("8.5".to_string(), "8".to_string()));
        assert_eq!((DiscountRate(85).percent_off(), DiscountRate(85).percent_paid()), (15, 85));
    }

    #[test]
    fn prices_travel_as_dollar_numbers() {
        assert_eq!(serde_json::to_string(&Price(1250)).unwrap(), "12.5");
        assert_eq!(serde_json::to_string(&Price(1999)).unwrap(), "19.99");
        assert_eq!(serde_json::from_str::<Price>("19.99").unwrap(), Price(1999));
        assert_eq!(serde_json::from_str::<Price>("\"0.07\"").unwrap(), Price(7));
        for cents in [0, 1, 10, 99, 101, 123_456_789] {
            let text = serde_json::to_string(&Price(cents)).unwrap();
            assert_eq!(serde_json::from_str::<Price>(&text).unwrap(), Price(cents));
        }
        assert_eq!(serde_json::from_str::<Price>("12").unwrap(), Price(1200));
        assert!(serde_json::from_str::<Price>("\"abc\"").is_err());
        assert!(serde_json::from_str::<Price>("1e300").is_err());
        assert!(serde_json::from_str::<Price>("true").is_err());
    }

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
    fn amounts_in_text_follow_the_currency() {
        let khr = DisplayCurrency::khr();
        // The coupon and brief texts testers saw in dollars beside prices in riel.
        assert_eq!(khr.amounts_in_text("$5 off orders over $50"), "៛20,500 off orders over ៛205,000");
        assert_eq!(khr.amounts_in_text("满$50减$5"), "满៛205,000减៛20,500");
        assert_eq!(khr.amounts_in_text("Free shipping over $20"), "Free shipping over ៛82,000");
        assert_eq!(khr.amounts_in_text("បញ្ចុះ $10 ពេលទិញ $99"), "បញ្ចុះ ៛41,000 ពេលទិញ ៛405,900");
        // Decimals and thousands separators are read as amounts; the sentence's own
        // punctuation is not.
        assert_eq!(khr.amounts_in_text("$1,000.50 or $0.5."), "៛4,102,050 or ៛2,050.");
        assert_eq!(khr.amounts_in_text("$15, then $2.999"), "៛61,500, then ៛8,200.999");
        assert_eq!(khr.amounts_in_text("$1,00 and $12,3456"), "៛4,100,00 and ៛49,200,3456");
        // A dollar sign without a number stays as written.
        assert_eq!(khr.amounts_in_text("US$ and $ alone, $x"), "US$ and $ alone, $x");
        // USD, the currency the texts are written in, shows them as written.
        let usd = DisplayCurrency::usd();
        assert_eq!(usd.amounts_in_text("$5 off orders over $50"), "$5 off orders over $50");
        // Any other configured currency converts at its own rate.
        let other = DisplayCurrency { code: "EUR".into(), symbol: "€".into(), rate_e4: 9_000 };
        assert_eq!(other.amounts_in_text("$10 off"), "€9.00 off");
    }

    #[test]
    fn zero_price_becomes_smallest_unit() {
        assert_eq!(DisplayCurrency::usd().format(Price(0)), "$0.01");
        assert_eq!(DisplayCurrency::khr().format(Price(0)), "៛1");
    }

    #[test]
    fn nothing_held_shows_as_nothing() {
        assert_eq!(DisplayCurrency::usd().format_held(Price(0)), "$0.00");
        assert_eq!(DisplayCurrency::khr().format_held(Price(0)), "៛0");
        assert_eq!(DisplayCurrency::usd().format_held(Price(1)), "$0.01");
        assert_eq!(DisplayCurrency::khr().format_held(Price(1)), "៛41");
        assert_eq!(DisplayCurrency::usd().format_held(Price(123_456)), "$1,234.56");
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
