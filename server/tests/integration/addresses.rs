//! The address book on every backend: the first address is the default, one default at a
//! time, deleting the default hands it to the newest remaining one, each field's rule refuses
//! with its own message and stores nothing, at most 20 addresses even under a parallel burst,
//! and another buyer's ids answer "address not found" and change nothing.

use crate::common;

use axum::body::Body;
use common::{Answer, TestApp};
use serde_json::{json, Value};

const LIST: &str = api::paths::ADDRESS_LIST;
const ADD: &str = api::paths::ADDRESS_ADD;
const UPDATE: &str = api::paths::ADDRESS_UPDATE;

async fn call(app: &TestApp, method: &str, uri: &str, body: impl Into<Body>, token: &str) -> Answer {
    app.send(common::request(method, uri, "application/json", body, &[("authorization", token)])).await
}

fn address(receiver: &str) -> Value {
    json!({"receiver": receiver, "mobile": "+855 12-345-678", "postCode": "12000", "addr": "No. 12, Street 240, Phnom Penh"})
}

async fn add(app: &TestApp, token: &str, receiver: &str, what: &str) -> i64 {
    let added = call(app, "POST", ADD, address(receiver).to_string(), token).await.ok(what).clone();
    assert_eq!(added["receiver"], receiver, "{what}");
    added["addrId"].as_i64().expect("an id")
}

/// (addrId, commonAddr) of the list, in its order.
async fn list(app: &TestApp, token: &str, what: &str) -> Vec<(i64, i64)> {
    let answer = call(app, "GET", LIST, Body::empty(), token).await;
    answer
        .ok(what)
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["addrId"].as_i64().unwrap(), a["commonAddr"].as_i64().unwrap()))
        .collect()
}

/// Every stored address as (id, user, receiver, common_addr): what a refusal must leave alone.
async fn stored(app: &TestApp) -> Vec<(i64, i64, String, i64)> {
    sqlx::query_as("SELECT addr_id, user_id, receiver, common_addr FROM user_addr ORDER BY addr_id")
        .fetch_all(&app.state.db.pool)
        .await
        .expect("addresses")
}

#[tokio::test]
async fn the_first_address_is_the_default_and_the_list_puts_the_default_first_then_the_newest() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("book").await;
        assert!(list(app, &token, what).await.is_empty(), "{what}");
        let first = add(app, &token, "First", what).await;
        app.state.db.clock.advance(1_000);
        let second = add(app, &token, "Second", what).await;
        app.state.db.clock.advance(1_000);
        let third = add(app, &token, "Third", what).await;
        assert_eq!(list(app, &token, what).await, vec![(first, 1), (third, 0), (second, 0)], "{what}");
        let one = call(app, "GET", &api::paths::address_info(second), Body::empty(), &token).await.ok(what).clone();
        assert_eq!(
            one,
            json!({"addrId": second, "receiver": "Second", "mobile": "+85512345678", "postCode": "12000",
                               "addr": "No. 12, Street 240, Phnom Penh", "commonAddr": 0}),
            "{what}"
        );
    })
    .await;
}

#[tokio::test]
async fn choosing_a_default_clears_the_others_and_deleting_it_hands_it_to_the_newest() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("defaults").await;
        let mut ids = Vec::new();
        for name in ["A", "B", "C", "D"] {
            ids.push(add(app, &token, name, what).await);
            app.state.db.clock.advance(1_000);
        }
        call(app, "PUT", &api::paths::address_default(ids[1]), Body::empty(), &token).await.ok(what);
        assert_eq!(list(app, &token, what).await, vec![(ids[1], 1), (ids[3], 0), (ids[2], 0), (ids[0], 0)], "{what}");
        call(app, "PUT", &api::paths::address_default(ids[1]), Body::empty(), &token).await.ok(what);
        assert_eq!(app.count("SELECT COUNT(*) FROM user_addr WHERE common_addr = 1").await, 1, "{what}");
        call(app, "DELETE", &api::paths::address_delete(ids[1]), Body::empty(), &token).await.ok(what);
        assert_eq!(list(app, &token, what).await, vec![(ids[3], 1), (ids[2], 0), (ids[0], 0)], "{what}");
        call(app, "DELETE", &api::paths::address_delete(ids[2]), Body::empty(), &token).await.ok(what);
        assert_eq!(list(app, &token, what).await, vec![(ids[3], 1), (ids[0], 0)], "{what}: a non-default goes alone");
        call(app, "DELETE", &api::paths::address_delete(ids[3]), Body::empty(), &token).await.ok(what);
        call(app, "DELETE", &api::paths::address_delete(ids[0]), Body::empty(), &token).await.ok(what);
        assert!(list(app, &token, what).await.is_empty(), "{what}");
        let again = add(app, &token, "Again", what).await;
        assert_eq!(list(app, &token, what).await, vec![(again, 1)], "{what}: the first again is the default");
    })
    .await;
}

#[tokio::test]
async fn update_changes_the_fields_and_keeps_the_default_flag() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("mover").await;
        let id = add(app, &token, "Before", what).await;
        let body = json!({"addrId": id, "receiver": "  After ", "mobile": "098 765 432", "postCode": "",
                          "addr": "  Street 51, Siem Reap  "});
        let changed = call(app, "PUT", UPDATE, body.to_string(), &token).await.ok(what).clone();
        assert_eq!(
            changed,
            json!({"addrId": id, "receiver": "After", "mobile": "098765432", "postCode": "",
                                   "addr": "Street 51, Siem Reap", "commonAddr": 1}),
            "{what}"
        );
        let read = call(app, "GET", &api::paths::address_info(id), Body::empty(), &token).await.ok(what).clone();
        assert_eq!(read, changed, "{what}");
    })
    .await;
}

#[tokio::test]
async fn each_bad_field_is_refused_with_its_own_translated_message_and_nothing_is_stored() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("typo").await;
        let id = add(app, &token, "Kept", what).await;
        let before = stored(app).await;
        let with = |field: &str, value: Value| {
            let mut body = address("Someone");
            body[field] = value;
            body
        };
        let cases = [
            ("receiver", with("receiver", json!("   ")), "recipient"),
            ("receiver", with("receiver", json!("x".repeat(21))), "recipient"),
            ("mobile", with("mobile", json!("12345")), "phone"),
            ("mobile", with("mobile", json!("+855 12a45678")), "phone"),
            ("postCode", with("postCode", json!("12345678901")), "postal code"),
            ("postCode", with("postCode", json!("12#45")), "postal code"),
            ("addr", with("addr", json!("abcd")), "detailed address"),
            ("addr", with("addr", json!("      ")), "detailed address"),
            ("addr", with("addr", json!("a".repeat(51))), "detailed address"),
            // A mistyped field: the shared extractor names no field for it.
            ("type", with("mobile", json!(12345678)), "Invalid value"),
        ];
        let mut messages = std::collections::BTreeSet::new();
        for (label, body, needle) in cases {
            for (method, path, body) in [
                ("POST", ADD, body.clone()),
                ("PUT", UPDATE, {
                    let mut b = body.clone();
                    b["addrId"] = json!(id);
                    b
                }),
            ] {
                let en =
                    call(app, method, path, body.to_string(), &token).await.bad(&format!("{what}: {label} {body}"));
                assert!(en.contains(needle), "{what}: {label}: {en}");
                let zh = app
                    .send(common::request(
                        method,
                        path,
                        "application/json",
                        body.to_string(),
                        &[("authorization", &token), ("locale", "zh_CN")],
                    ))
                    .await
                    .bad(what);
                assert_ne!(en, zh, "{what}: {label}: translated");
                messages.insert(en);
            }
        }
        assert!(messages.len() >= 5, "{what}: each field has its own message: {messages:?}");
        for body in ["", "{", "[]", r#"{"addrId": 0}"#] {
            call(app, "PUT", UPDATE, body, &token).await.bad(&format!("{what}: {body}"));
        }
        call(app, "POST", ADD, "{", &token).await.bad(what);
        for path in
            ["/p/address/addrInfo/0", "/p/address/addrInfo/-1", "/p/address/addrInfo/x", "/p/address/deleteAddr/abc"]
        {
            let method = if path.contains("delete") { "DELETE" } else { "GET" };
            call(app, method, path, Body::empty(), &token).await.bad(&format!("{what}: {path}"));
        }
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_parallel_burst_of_30_adds_leaves_exactly_20_addresses() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = app.signed_in_user("hoarder").await;
        let requests = (0..30)
            .map(|i| {
                let body = address(&format!("Buyer {i}")).to_string();
                common::request("POST", ADD, "application/json", body, &[("authorization", &token)])
            })
            .collect();
        let codes = common::burst_codes(app, requests).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 20, "{what}: {codes:?}");
        assert_eq!(codes.iter().filter(|c| *c == "A00001").count(), 10, "{what}: {codes:?}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM user_addr WHERE user_id = {user}")).await, 20, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM user_addr WHERE common_addr = 1").await, 1, "{what}: one default");
        let msg = call(app, "POST", ADD, address("One more").to_string(), &token).await.bad(what);
        assert!(msg.contains("20"), "{what}: {msg}");
    })
    .await;
}

#[tokio::test]
async fn another_buyer_never_reads_or_changes_your_addresses_and_guests_sign_in() {
    common::with_empty_apps(async |app, what| {
        let (_, alice) = app.signed_in_user("alice").await;
        let (_, bob) = app.signed_in_user("bob").await;
        let hers = add(app, &alice, "Alice", what).await;
        let second = add(app, &alice, "Alice 2", what).await;
        let his = add(app, &bob, "Bob", what).await;
        let before = stored(app).await;
        let mut update = address("Bob was here");
        update["addrId"] = json!(hers);
        for (method, path, body) in [
            ("GET", api::paths::address_info(hers), String::new()),
            ("PUT", UPDATE.to_string(), update.to_string()),
            ("DELETE", api::paths::address_delete(hers), String::new()),
            ("PUT", api::paths::address_default(second), String::new()),
            ("GET", api::paths::address_info(999_999), String::new()),
        ] {
            let msg = call(app, method, &path, body, &bob).await.bad(&format!("{what}: {method} {path}"));
            assert_eq!(msg, "This address does not exist", "{what}: {path}");
        }
        assert_eq!(list(app, &bob, what).await, vec![(his, 1)], "{what}: only his own");
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
        for (method, path) in [
            ("GET", LIST.to_string()),
            ("POST", ADD.to_string()),
            ("PUT", UPDATE.to_string()),
            ("DELETE", api::paths::address_delete(hers)),
            ("PUT", api::paths::address_default(hers)),
            ("GET", api::paths::address_info(hers)),
        ] {
            let body = if method == "GET" { String::new() } else { address("Guest").to_string() };
            app.send(common::request(method, &path, "application/json", body, &[]))
                .await
                .failed("A00004", &format!("{what}: {path}"));
        }
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
    })
    .await;
}

#[tokio::test]
async fn the_detail_counts_characters_from_5_to_50_and_the_limit_is_per_buyer_and_freed_by_a_deletion() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("edges").await;
        let (_, other) = app.signed_in_user("neighbour").await;
        // Characters, not bytes: 50 Khmer or Chinese characters are 150 bytes and fit.
        for detail in ["abcde", "ផ្លូវ២", &"街".repeat(50), &"ក".repeat(50), &format!("  {}  ", "a".repeat(50))]
        {
            let mut body = address("Edge");
            body["addr"] = json!(detail);
            let added = call(app, "POST", ADD, body.to_string(), &token).await.ok(&format!("{what}: {detail}")).clone();
            assert_eq!(added["addr"], detail.trim(), "{what}");
        }
        for detail in ["abcd", "\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}", &"街".repeat(51)] {
            let mut body = address("Edge");
            body["addr"] = json!(detail);
            let msg = call(app, "POST", ADD, body.to_string(), &token).await.bad(&format!("{what}: {detail}"));
            assert_eq!(msg, "The detailed address must be 5 to 50 characters", "{what}");
        }
        for i in 5..api::addresses::MAX_ADDRESSES {
            add(app, &token, &format!("Fill {i}"), what).await;
        }
        let msg = call(app, "POST", ADD, address("Too many").to_string(), &token).await.bad(what);
        assert_eq!(msg, "You can keep at most 20 addresses. Delete one first", "{what}");
        // Another buyer is not held back by this one's book.
        add(app, &other, "Neighbour", what).await;
        let ids = list(app, &token, what).await;
        assert_eq!(ids.len(), api::addresses::MAX_ADDRESSES, "{what}");
        call(app, "DELETE", &api::paths::address_delete(ids[3].0), Body::empty(), &token).await.ok(what);
        add(app, &token, "Room again", what).await;
        assert_eq!(list(app, &token, what).await.len(), api::addresses::MAX_ADDRESSES, "{what}");
    })
    .await;
}
