//! Money on the wire: a JSON number of US dollars with at most two decimals (`12.5`), made
//! from and read back into integer cents, so no arithmetic ever happens in floating point.

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
    use super::{DiscountRate, Price};

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
}
