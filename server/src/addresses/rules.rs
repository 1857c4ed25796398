//! The rules of an address's fields: the api crate's one address rule
//! ([`api::addresses::check_address`]), which the order pages' form applies too; what is
//! stored is trimmed and checked there, once.

use api::addresses::{check_address, AddrParam, AddrProblem};

/// An address's fields as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddrFields {
    pub receiver: String,
    pub mobile: String,
    pub post_code: String,
    pub addr: String,
}

/// Checks and normalizes an address ([`api::addresses::address_problems`]): the receiver and
/// address trimmed (not empty, not all spaces, no control characters, within their lengths),
/// the phone without spaces and dashes (an optional leading `+`, then 6 to 15 digits), the
/// postal code trimmed (optional, up to 10 letters, digits, spaces or dashes). The first
/// field's problem when there are several.
pub fn check(param: &AddrParam) -> Result<AddrFields, AddrProblem> {
    let stored = check_address(param).map_err(|problems| problems[0])?;
    Ok(AddrFields { receiver: stored.receiver, mobile: stored.mobile, post_code: stored.post_code, addr: stored.addr })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases the api crate checks its rule with: what the address book stores.
    #[test]
    fn the_address_book_holds_the_shared_cases() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../../api/tests/address_cases.json")).expect("cases");
        let good = cases["good"].as_object().unwrap();
        for case in cases["cases"].as_array().unwrap() {
            let mut fields = good.clone();
            fields.extend(case["change"].as_object().unwrap().clone());
            let param: AddrParam = serde_json::from_value(serde_json::Value::Object(fields.clone())).unwrap();
            let first = case["problems"].as_array().unwrap().first().map(|p| p.as_str().unwrap().to_string());
            match check(&param) {
                Ok(stored) => {
                    assert_eq!(first, None, "{}", case["why"]);
                    let expected = case["stored"].as_object().cloned().unwrap_or_default();
                    for (field, value) in [
                        ("receiver", &stored.receiver),
                        ("mobile", &stored.mobile),
                        ("postCode", &stored.post_code),
                        ("addr", &stored.addr),
                    ] {
                        if let Some(want) = expected.get(field) {
                            assert_eq!(want.as_str(), Some(value.as_str()), "{}: {field}", case["why"]);
                        }
                    }
                }
                Err(problem) => assert_eq!(first, Some(format!("{problem:?}")), "{}", case["why"]),
            }
        }
    }

    #[test]
    fn a_good_address_is_trimmed_and_its_phone_compacted() {
        let param = AddrParam {
            addr_id: 0,
            receiver: "  Sok Dara ".into(),
            mobile: "+855 12-345-678".into(),
            post_code: " 12000 ".into(),
            addr: "  No. 12, Street 240  ".into(),
        };
        let fields = check(&param).unwrap();
        assert_eq!(fields.receiver, "Sok Dara");
        assert_eq!(fields.mobile, "+85512345678");
        assert_eq!(fields.post_code, "12000");
        assert_eq!(fields.addr, "No. 12, Street 240");
    }
}
