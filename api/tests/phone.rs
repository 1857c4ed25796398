//! The phone rule against the cases the TypeScript widgets are checked with too
//! (`phone_cases.json`).

use api::account::{phone_digits, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS};
use serde_json::Value;

#[test]
fn the_shared_cases_hold() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("phone_cases.json")).expect("cases");
    assert!(cases.len() >= 30);
    for case in cases {
        let value = case["value"].as_str().unwrap();
        let digits = case["digits"].as_str();
        assert_eq!(phone_digits(value).as_deref(), digits, "{value:?}: {}", case["why"]);
    }
}

#[test]
fn what_it_reads_it_reads_again_the_same() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("phone_cases.json")).expect("cases");
    for case in cases {
        if let Some(digits) = case["digits"].as_str() {
            assert!((PHONE_MIN_DIGITS..=PHONE_MAX_DIGITS).contains(&digits.len()));
            assert_eq!(phone_digits(digits).as_deref(), Some(digits), "{digits}");
            assert_eq!(phone_digits(&format!("+{digits}")).as_deref(), Some(digits), "+{digits}");
        }
    }
}
