//! The address rule against its cases (`address_cases.json`), which the server's address book
//! is checked with too.

use api::addresses::{address_problems, check_address, AddrParam};
use serde_json::Value;

fn cases() -> Value {
    serde_json::from_str(include_str!("address_cases.json")).expect("cases")
}

/// The good address with a case's fields changed.
fn param(good: &Value, change: &Value) -> AddrParam {
    let mut fields = good.as_object().unwrap().clone();
    fields.extend(change.as_object().unwrap().clone());
    serde_json::from_value(Value::Object(fields)).expect("an address")
}

#[test]
fn every_case_has_its_problems() {
    let cases = cases();
    let list = cases["cases"].as_array().unwrap();
    assert!(list.len() >= 30);
    for case in list {
        let param = param(&cases["good"], &case["change"]);
        let found: Vec<String> = address_problems(&param).iter().map(|p| format!("{p:?}")).collect();
        let expected: Vec<&str> = case["problems"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
        assert_eq!(found, expected, "{}", case["why"]);
        match check_address(&param) {
            Ok(stored) => {
                assert!(expected.is_empty());
                let stored = serde_json::to_value(stored).unwrap();
                for (field, value) in case["stored"].as_object().into_iter().flatten() {
                    assert_eq!(&stored[field], value, "{}: {field}", case["why"]);
                }
                let again = serde_json::from_value::<AddrParam>(stored.clone()).unwrap();
                assert_eq!(serde_json::to_value(check_address(&again).unwrap()).unwrap(), stored, "stored stays");
            }
            Err(problems) => assert_eq!(problems.len(), expected.len()),
        }
    }
}
