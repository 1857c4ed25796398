//! The redirect rule against the cases the TypeScript widgets are checked with too
//! (`redirect_cases.json`), and against a real URL parser: whatever it accepts resolves to
//! this site's own origin.

use api::redirect::safe_redirect;
use serde_json::Value;

#[test]
fn the_shared_cases_hold() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("redirect_cases.json")).expect("cases");
    assert!(cases.len() > 20);
    let base = url::Url::parse("https://mall.test/somewhere/page?x=1").unwrap();
    for case in cases {
        let value = case["value"].as_str().unwrap();
        let ok = case["ok"].as_bool().unwrap();
        assert_eq!(safe_redirect(value).is_some(), ok, "{value:?}");
        if ok {
            assert_eq!(safe_redirect(value), Some(value), "accepted values are kept as they are");
            let resolved = base.join(value).expect("resolves");
            assert_eq!(resolved.origin(), base.origin(), "{value:?} stays on the site");
        }
        // Whatever a browser-grade parser would send elsewhere is refused.
        if base.join(value).map(|u| u.origin() != base.origin()).unwrap_or(false) {
            assert!(safe_redirect(value).is_none(), "{value:?}");
        }
    }
}

#[test]
fn long_values_are_refused() {
    assert!(safe_redirect(&format!("/{}", "a".repeat(api::redirect::MAX_REDIRECT_LEN))).is_none());
}
