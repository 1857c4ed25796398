//! Money on the wire: a JSON number of US dollars with at most two decimals (`12.5`), made
//! from and read back into integer cents, so no arithmetic ever happens in floating point.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount in US cents that travels as a dollar number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct Price(pub i64);

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Price {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some("US dollars with at most two decimals (12.5); a string of one is read too."))
            .examples([serde_json::json!(12.5)])
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Price {}

impl Serialize for Price {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Every cent value below 2^53 has an exact nearest f64 that prints back as itself.
        serializer.serialize_f64(self.0 as f64 / 100.0)
    }
}

impl<'de> Deserialize<'de> for Price {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(PriceVisitor)
    }
}

/// Reads a dollar number, or a dollar number in a string (as some clients send it). A visitor
/// rather than an untagged enum, which would buffer every value first and costs the browser's
/// wasm several kilobytes.
struct PriceVisitor;

impl PriceVisitor {
    fn from_dollars<E: serde::de::Error>(dollars: f64) -> Result<Price, E> {
        if !dollars.is_finite() || dollars.abs() > 9.0e13 {
            return Err(E::custom("price out of range"));
        }
        Ok(Price((dollars * 100.0).round() as i64))
    }
}

impl serde::de::Visitor<'_> for PriceVisitor {
    type Value = Price;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a dollar amount")
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Price, E> {
        Self::from_dollars(v)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Price, E> {
        Self::from_dollars(v as f64)
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Price, E> {
        Self::from_dollars(v as f64)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Price, E> {
        Self::from_dollars(v.trim().parse::<f64>().map_err(E::custom)?)
    }
}

#[cfg(test)]
mod tests {
    use super::Price;

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
