//! The countdown digits against the cases the TypeScript widgets are checked with too
//! (`countdown_cases.json`).

use api::countdown::{clock_text, remaining_hms};
use serde_json::Value;

#[test]
fn the_shared_cases_hold() {
    let cases: Value = serde_json::from_str(include_str!("countdown_cases.json")).expect("cases");
    let hms = cases["hms"].as_array().expect("hms");
    assert!(hms.len() >= 10);
    for case in hms {
        let left = remaining_hms(case["endMs"].as_i64().unwrap(), case["nowMs"].as_i64().unwrap());
        let want: Vec<i64> = case["hms"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        assert_eq!(vec![left.0, left.1, left.2], want, "{case}");
    }
    let clock = cases["clock"].as_array().expect("clock");
    assert!(clock.len() >= 10);
    for case in clock {
        assert_eq!(clock_text(case["remainingMs"].as_i64().unwrap()), case["text"].as_str().unwrap(), "{case}");
    }
}
