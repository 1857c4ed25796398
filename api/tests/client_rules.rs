//! The client rules against the cases the TypeScript widgets are checked with too
//! (`client_rules_cases.json`).

use api::client_rules::{is_protected_path, react, CallOptions, Reaction};
use serde_json::Value;

fn cases() -> Value {
    serde_json::from_str(include_str!("client_rules_cases.json")).expect("cases")
}

fn kind(reaction: &Reaction) -> (&'static str, Option<&str>) {
    match reaction {
        Reaction::Accept => ("accept", None),
        Reaction::SignInPage(href) => ("sign-in-page", Some(href)),
        Reaction::LoginPopup => ("login-popup", None),
        Reaction::SessionEnded => ("session-ended", None),
        Reaction::ErrorToast(text) => ("error-toast", Some(text)),
        Reaction::Hiccup => ("hiccup", None),
        Reaction::Reject => ("reject", None),
    }
}

#[test]
fn every_answer_gets_the_shared_reaction() {
    let cases = cases();
    let answers = cases["answers"].as_array().unwrap();
    assert!(answers.len() > 15);
    for case in answers {
        let options = CallOptions {
            silent_auth: case["silentAuth"].as_bool().unwrap_or(false),
            handle_error: case["handleError"].as_bool().unwrap_or(false),
        };
        let reaction = react(
            case["code"].as_str().unwrap(),
            case["msg"].as_str(),
            case["call"].as_str().unwrap(),
            case["page"].as_str().unwrap(),
            options,
        );
        let expected = (case["expect"]["kind"].as_str().unwrap(), case["expect"]["value"].as_str());
        assert_eq!(kind(&reaction), expected, "{case}");
    }
}

#[test]
fn protected_links_are_the_shared_ones() {
    let cases = cases();
    for case in cases["protectedLinks"].as_array().unwrap() {
        let link = case["link"].as_str().unwrap();
        assert_eq!(is_protected_path(link), case["protected"].as_bool().unwrap(), "{link}");
    }
}

#[test]
fn every_wire_code_of_the_contract_is_covered() {
    let cases = cases();
    let tried: Vec<&str> = cases["answers"].as_array().unwrap().iter().filter_map(|c| c["code"].as_str()).collect();
    for code in
        [api::Code::Ok, api::Code::BadRequest, api::Code::Passthrough, api::Code::Unauthorized, api::Code::Internal]
    {
        assert!(tried.contains(&code.as_str()), "{code:?}");
    }
}
