//! The display rules of money against the cases the TypeScript widgets are checked with too
//! (`money_cases.json`): this side is the reference.

use api::money::{DisplayCurrency, Price};
use serde_json::Value;

fn cases() -> Value {
    serde_json::from_str(include_str!("money_cases.json")).expect("cases")
}

fn currency(cases: &Value, name: &str) -> DisplayCurrency {
    let c = &cases["currencies"][name];
    DisplayCurrency {
        code: c["code"].as_str().expect("code").into(),
        symbol: c["symbol"].as_str().expect("symbol").into(),
        rate_e4: c["rateE4"].as_i64().expect("rateE4"),
    }
}

fn list<'a>(cases: &'a Value, name: &str) -> &'a Vec<Value> {
    cases[name].as_array().expect(name)
}

#[test]
fn amounts_show_as_the_cases_say() {
    let cases = cases();
    assert!(list(&cases, "format").len() >= 30);
    for case in list(&cases, "format") {
        let shown = currency(&cases, case["currency"].as_str().unwrap());
        let amount = Price(case["cents"].as_i64().unwrap());
        assert_eq!(shown.format(amount), case["text"].as_str().unwrap(), "{case}");
        if let Some(plain) = case["plain"].as_str() {
            assert_eq!(shown.plain(amount), plain, "{case}");
        }
    }
}

#[test]
fn what_is_held_shows_as_the_cases_say() {
    let cases = cases();
    for case in list(&cases, "held") {
        let shown = currency(&cases, case["currency"].as_str().unwrap());
        assert_eq!(shown.format_held(Price(case["cents"].as_i64().unwrap())), case["text"].as_str().unwrap(), "{case}");
    }
}

#[test]
fn rates_parse_as_the_cases_say() {
    let cases = cases();
    for case in list(&cases, "rates") {
        assert_eq!(DisplayCurrency::parse_rate(case["rate"].as_str().unwrap()), case["rateE4"].as_i64(), "{case}");
    }
}

#[test]
fn the_named_currencies_are_the_cases_usd_and_khr() {
    let cases = cases();
    assert_eq!(currency(&cases, "USD"), DisplayCurrency::usd());
    assert_eq!(currency(&cases, "KHR"), DisplayCurrency::khr());
}
