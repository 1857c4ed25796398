//! Opening a shop from the buyer centre on every backend: each rule of spec section 5 (store
//! name, description, detail address, contact, main category, qualification pictures, store
//! account and store password) refused with its own translated message and nothing stored; one
//! application at a time even under a parallel burst; the review states through
//! `server shop-review` (the real binary, on the test's database) as `GET /p/shop/apply/info`
//! and `GET /p/user/centerInfo` report them; the store account set once, unique whatever its
//! case, its password hashed with Argon2id; nobody reads or changes another buyer's
//! application, and guests are asked to sign in.

use crate::common;

use axum::body::Body;
use common::{Answer, TestApp};
use serde_json::{json, Value};

const INFO: &str = api::paths::SHOP_APPLY_INFO;
const APPLY: &str = api::paths::SHOP_APPLY;
const ACCOUNT: &str = api::paths::SHOP_APPLY_STORE_ACCOUNT;
const CENTER: &str = api::paths::USER_CENTER_INFO;

/// A 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A 1×1 GIF (another picture, so another stored name).
const GIF: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

async fn call(app: &TestApp, method: &str, uri: &str, body: impl Into<Body>, token: &str) -> Answer {
    app.send(common::request(method, uri, "application/json", body, &[("authorization", token)])).await
}

async fn call_zh(app: &TestApp, method: &str, uri: &str, body: impl Into<Body>, token: &str) -> Answer {
    let headers = [("authorization", token), ("locale", "zh_CN")];
    app.send(common::request(method, uri, "application/json", body, &headers)).await
}

/// Uploads `bytes` as the buyer's picture; its `/media/` path.
async fn upload(app: &TestApp, token: &str, bytes: &[u8], file_name: &str) -> String {
    let boundary = "----mall-test-boundary";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let uri = format!("{}?kind=image", api::paths::FILE_UPLOAD);
    let answer = app.send(common::request("POST", &uri, &content_type, body, &[("authorization", token)])).await;
    answer.ok("upload").as_str().expect("a path").to_string()
}

/// The first shown top-level category, and one of its children.
async fn categories(app: &TestApp) -> (i64, i64) {
    let top = common::first_id(
        app,
        "SELECT category_id FROM category WHERE parent_id = 0 AND status = 1 ORDER BY category_id",
    )
    .await;
    let child = common::first_id(
        app,
        &format!("SELECT category_id FROM category WHERE parent_id = {top} ORDER BY category_id"),
    )
    .await;
    (top, child)
}

fn application(name: &str, category_id: i64, pictures: &[&str]) -> Value {
    json!({
        "shopName": name,
        "intro": "Handmade silk scarves woven in Takeo.",
        "shopAddress": "No. 12, Street 240, Phnom Penh",
        "tel": "+855 12-345-678",
        "categoryId": category_id,
        "qualifications": pictures,
    })
}

/// A signed-in buyer with one uploaded picture: (user id, token, picture path).
async fn applicant(app: &TestApp, nick: &str) -> (i64, String, String) {
    let (user, token) = app.signed_in_user(nick).await;
    let picture = upload(app, &token, PNG, "licence.png").await;
    (user, token, picture)
}

async fn apply(app: &TestApp, token: &str, body: &Value, what: &str) -> Value {
    call(app, "POST", APPLY, body.to_string(), token).await.ok(what).clone()
}

async fn info(app: &TestApp, token: &str, what: &str) -> Value {
    call(app, "GET", INFO, Body::empty(), token).await.ok(what).clone()
}

async fn center(app: &TestApp, token: &str, what: &str) -> Value {
    call(app, "GET", CENTER, Body::empty(), token).await.ok(what).clone()
}

/// Runs `server shop-review <args>` on the test's database: (success, stdout + stderr).
fn shop_review(app: &TestApp, args: &[&str]) -> (bool, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("shop-review")
        .args(args)
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the server binary runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// What the application rows hold: the part a refusal must leave alone.
async fn stored(app: &TestApp) -> Vec<(i64, i64, String, i64, Option<String>)> {
    sqlx::query_as("SELECT apply_id, user_id, shop_name, status, store_account FROM shop_apply ORDER BY apply_id")
        .fetch_all(&app.state.db.pool)
        .await
        .expect("applications")
}

#[tokio::test]
async fn each_rule_of_the_application_is_refused_with_its_own_translated_message_and_nothing_is_stored() {
    common::with_seeded_apps(async |app, what| {
        let (top, child) = categories(app).await;
        let (_, token, picture) = applicant(app, "rules").await;
        let (_, other, others_picture) = {
            let (user, token) = app.signed_in_user("other").await;
            let picture = upload(app, &token, GIF, "id.gif").await;
            (user, token, picture)
        };
        let _ = other;
        let good = application("Dara Crafts", top, &[&picture]);
        let with = |field: &str, value: Value| {
            let mut body = good.clone();
            body[field] = value;
            body
        };
        let cases = [
            (with("shopName", json!("")), "store name"),
            (with("shopName", json!("    ")), "store name"),
            (with("shopName", json!("x".repeat(21))), "store name"),
            (with("shopName", json!("Dara's Shop!")), "store name"),
            (with("shopName", json!("<b>Shop</b>")), "store name"),
            (with("intro", json!("Too short")), "description"),
            (with("intro", json!(" ".repeat(40))), "description"),
            (with("intro", json!("x".repeat(201))), "description"),
            (with("shopAddress", json!("abcd")), "detail address"),
            (with("shopAddress", json!("         ")), "detail address"),
            (with("shopAddress", json!("x".repeat(101))), "detail address"),
            (with("tel", json!("12345")), "phone"),
            (with("tel", json!("+855 12a45678")), "phone"),
            (with("categoryId", json!(0)), "main category"),
            (with("categoryId", json!(child)), "main category"),
            (with("categoryId", json!(999_999)), "main category"),
            (with("qualifications", json!([])), "pictures"),
            (with("qualifications", json!(vec![picture.clone(); 6])), "pictures"),
            (with("qualifications", json!(["https://evil.example/licence.png"])), "pictures"),
            (with("qualifications", json!(["/media/../data/mall.db"])), "pictures"),
            (
                with(
                    "qualifications",
                    json!(["/media/0000000000000000000000000000000000000000000000000000000000000000.png"]),
                ),
                "pictures",
            ),
            // Another buyer's upload is not this buyer's qualification.
            (with("qualifications", json!([others_picture])), "pictures"),
        ];
        let mut messages = std::collections::BTreeSet::new();
        for (body, needle) in cases {
            let en = call(app, "POST", APPLY, body.to_string(), &token).await.bad(&format!("{what}: {body}"));
            assert!(en.to_lowercase().contains(needle), "{what}: {needle}: {en}");
            let zh = call_zh(app, "POST", APPLY, body.to_string(), &token).await.bad(what);
            assert_ne!(en, zh, "{what}: {needle}: translated");
            messages.insert(en);
        }
        assert_eq!(messages.len(), 6, "{what}: one message per field: {messages:?}");
        for body in ["", "{", "[]", r#"{"categoryId": "x"}"#, r#"{"qualifications": "a.png"}"#, "null"] {
            call(app, "POST", APPLY, body, &token).await.bad(&format!("{what}: {body}"));
        }
        assert!(stored(app).await.is_empty(), "{what}: nothing stored");
        assert_eq!(info(app, &token, what).await, Value::Null, "{what}");
        // Names of other scripts, trimmed texts and the phone compacted are taken.
        let khmer = with("shopName", json!("  ហាងស្រីពៅ "));
        let answer = apply(app, &token, &khmer, what).await;
        assert_eq!(answer["shopName"], "ហាងស្រីពៅ", "{what}");
        assert_eq!(answer["tel"], "+85512345678", "{what}");
        assert_eq!(answer["qualifications"], json!([picture]), "{what}");
        assert_eq!(answer["status"], 0, "{what}");
        assert!(!answer["categoryName"].as_str().unwrap_or_default().is_empty(), "{what}: {answer}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_parallel_burst_of_applications_stores_exactly_one() {
    common::with_seeded_apps(async |app, what| {
        let (top, _) = categories(app).await;
        let (user, token, picture) = applicant(app, "eager").await;
        let requests = (0..20)
            .map(|i| {
                let body = application(&format!("Eager Shop {i}"), top, &[&picture]).to_string();
                common::request("POST", APPLY, "application/json", body, &[("authorization", &token)])
            })
            .collect();
        let codes = common::burst_codes(app, requests).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 1, "{what}: {codes:?}");
        assert_eq!(codes.iter().filter(|c| *c == "A00001").count(), 19, "{what}: {codes:?}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM shop_apply WHERE user_id = {user}")).await, 1, "{what}");
        let msg = call(app, "POST", APPLY, application("Again", top, &[&picture]).to_string(), &token).await.bad(what);
        assert!(msg.contains("under review"), "{what}: {msg}");
    })
    .await;
}

#[tokio::test]
async fn the_review_states_follow_the_development_command_through_info_and_center_info() {
    common::with_seeded_apps(async |app, what| {
        let (top, _) = categories(app).await;
        let (user, token, picture) = applicant(app, "merchant").await;
        assert_eq!(info(app, &token, what).await, Value::Null, "{what}: never applied");
        assert_eq!(center(app, &token, what).await, json!({"shopStatus": null, "shopId": null}), "{what}");

        // Under review.
        let first = apply(app, &token, &application("Dara Crafts", top, &[&picture]), what).await;
        let first_id = first["applyId"].as_i64().expect("an id");
        assert_eq!(first["status"], 0, "{what}");
        assert_eq!(first["remarks"], Value::Null, "{what}");
        assert_eq!(first["shopStatus"], Value::Null, "{what}");
        assert_eq!(center(app, &token, what).await, json!({"shopStatus": 0, "shopId": null}), "{what}");
        assert_eq!(info(app, &token, what).await, first, "{what}");

        // Commands that do not apply change nothing.
        let before = stored(app).await;
        for args in [
            vec!["offline", "1"],
            vec!["approve", "999999"],
            vec!["approve", "x"],
            vec!["reject", &first_id.to_string()],
            vec!["reject", &first_id.to_string(), "   "],
            vec!["offline", &first_id.to_string()],
            vec!["close", &first_id.to_string()],
            vec![],
        ] {
            let (done, out) = shop_review(app, &args);
            assert!(!done, "{what}: {args:?}: {out}");
        }
        assert_eq!(stored(app).await, before, "{what}: nothing changed");

        // Rejected with the reason; the buyer applies again.
        let (done, out) = shop_review(app, &["reject", &first_id.to_string(), "The licence photo is blurry."]);
        assert!(done, "{what}: {out}");
        let rejected = info(app, &token, what).await;
        assert_eq!(rejected["status"], -1, "{what}");
        assert_eq!(rejected["remarks"], "The licence photo is blurry.", "{what}");
        assert!(rejected["reviewTime"].as_i64().is_some(), "{what}");
        assert_eq!(center(app, &token, what).await, json!({"shopStatus": -1, "shopId": null}), "{what}");
        let (done, _) = shop_review(app, &["approve", &first_id.to_string()]);
        assert!(!done, "{what}: a rejected application is not approved later");
        let msg = call(
            app,
            "POST",
            ACCOUNT,
            json!({"storeAccount": "dara_shop", "storePassword": "abc123"}).to_string(),
            &token,
        )
        .await
        .bad(what);
        assert!(msg.contains("approved"), "{what}: {msg}");

        let second = apply(app, &token, &application("Dara Silk", top, &[&picture]), what).await;
        let second_id = second["applyId"].as_i64().expect("an id");
        assert_ne!(second_id, first_id, "{what}: a new application");
        assert_eq!(second["status"], 0, "{what}");
        assert_eq!(center(app, &token, what).await["shopStatus"], 0, "{what}");

        // Approved: the shop is open and the buyer's.
        let (done, out) = shop_review(app, &["approve", &second_id.to_string()]);
        assert!(done, "{what}: {out}");
        let approved = info(app, &token, what).await;
        assert_eq!(approved["status"], 1, "{what}");
        assert_eq!(approved["shopStatus"], 1, "{what}");
        assert_eq!(approved["storeAccount"], Value::Null, "{what}");
        let shop_id = approved["shopId"].as_i64().expect("a shop");
        assert_eq!(center(app, &token, what).await, json!({"shopStatus": 1, "shopId": shop_id}), "{what}");
        let owner = app.count(&format!("SELECT owner_user_id FROM shop WHERE shop_id = {shop_id}")).await;
        assert_eq!(owner, user, "{what}");
        assert_eq!(
            common::text(app, &format!("SELECT shop_name FROM shop WHERE shop_id = {shop_id}")).await,
            "Dara Silk"
        );
        let head = app.get_ok(&format!("/shop/headInfo?shopId={shop_id}"), what).await;
        assert_eq!(head["shopName"], "Dara Silk", "{what}");
        let (done, _) = shop_review(app, &["approve", &second_id.to_string()]);
        assert!(!done, "{what}: approved once");
        let msg = call(app, "POST", APPLY, application("Third", top, &[&picture]).to_string(), &token).await.bad(what);
        assert!(msg.contains("already"), "{what}: {msg}");

        // The store account, once; the password as an Argon2id hash.
        let set = call(
            app,
            "POST",
            ACCOUNT,
            json!({"storeAccount": "Dara_Silk", "storePassword": "silk2026"}).to_string(),
            &token,
        )
        .await
        .ok(what)
        .clone();
        assert_eq!(set["storeAccount"], "Dara_Silk", "{what}");
        assert!(set.get("storePassword").is_none(), "{what}: the password is never answered");
        let hash =
            common::text(app, &format!("SELECT store_password_hash FROM shop_apply WHERE apply_id = {second_id}"))
                .await;
        assert!(hash.starts_with("$argon2id$"), "{what}: {hash}");
        assert!(!hash.contains("silk2026"), "{what}");
        let msg = call(
            app,
            "POST",
            ACCOUNT,
            json!({"storeAccount": "other_name", "storePassword": "abc123"}).to_string(),
            &token,
        )
        .await
        .bad(what);
        assert!(msg.contains("already"), "{what}: {msg}");
        assert_eq!(info(app, &token, what).await["storeAccount"], "Dara_Silk", "{what}");

        // Offline.
        let (done, out) = shop_review(app, &["offline", &second_id.to_string()]);
        assert!(done, "{what}: {out}");
        assert_eq!(center(app, &token, what).await, json!({"shopStatus": 2, "shopId": shop_id}), "{what}");
        assert_eq!(info(app, &token, what).await["shopStatus"], 2, "{what}");
    })
    .await;
}

#[tokio::test]
async fn each_rule_of_the_store_account_is_refused_with_its_message_and_accounts_are_unique_in_any_case() {
    common::with_seeded_apps(async |app, what| {
        let (top, _) = categories(app).await;
        let mut tokens = Vec::new();
        for nick in ["first", "second"] {
            let (_, token, picture) = applicant(app, nick).await;
            let id =
                apply(app, &token, &application("Shop", top, &[&picture]), what).await["applyId"].as_i64().unwrap();
            server::shops::application_repo::approve(&app.state.db, id).await.expect("approve");
            tokens.push(token);
        }
        let before = stored(app).await;
        let cases = [
            (json!({"storeAccount": "abc", "storePassword": "abc123"}), "store account"),
            (json!({"storeAccount": "a".repeat(17), "storePassword": "abc123"}), "store account"),
            (json!({"storeAccount": "dara shop", "storePassword": "abc123"}), "store account"),
            (json!({"storeAccount": "dara-shop", "storePassword": "abc123"}), "store account"),
            (json!({"storeAccount": "ដារ៉ាហាង", "storePassword": "abc123"}), "store account"),
            (json!({"storeAccount": "", "storePassword": "abc123"}), "store account"),
            (json!({"storeAccount": "dara_shop", "storePassword": "abc12"}), "store password"),
            (json!({"storeAccount": "dara_shop", "storePassword": "abcdefghijk12"}), "store password"),
            (json!({"storeAccount": "dara_shop", "storePassword": "abc 123"}), "store password"),
            (json!({"storeAccount": "dara_shop", "storePassword": "      "}), "store password"),
        ];
        let mut messages = std::collections::BTreeSet::new();
        for (body, needle) in cases {
            let en = call(app, "POST", ACCOUNT, body.to_string(), &tokens[0]).await.bad(&format!("{what}: {body}"));
            assert!(en.to_lowercase().contains(needle), "{what}: {needle}: {en}");
            let zh = call_zh(app, "POST", ACCOUNT, body.to_string(), &tokens[0]).await.bad(what);
            assert_ne!(en, zh, "{what}: translated");
            messages.insert(en);
        }
        assert_eq!(messages.len(), 2, "{what}: {messages:?}");
        for body in ["", "{", "[]", r#"{"storeAccount": 12345678}"#] {
            call(app, "POST", ACCOUNT, body, &tokens[0]).await.bad(&format!("{what}: {body}"));
        }
        assert_eq!(stored(app).await, before, "{what}: nothing changed");

        call(
            app,
            "POST",
            ACCOUNT,
            json!({"storeAccount": "DaraShop", "storePassword": "abc123"}).to_string(),
            &tokens[0],
        )
        .await
        .ok(what);
        let msg = call(
            app,
            "POST",
            ACCOUNT,
            json!({"storeAccount": "darashop", "storePassword": "abc123"}).to_string(),
            &tokens[1],
        )
        .await
        .bad(what);
        assert!(msg.contains("taken"), "{what}: {msg}");
        assert_eq!(info(app, &tokens[1], what).await["storeAccount"], Value::Null, "{what}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_parallel_burst_for_one_store_account_gives_it_to_one_shop() {
    common::with_seeded_apps(async |app, what| {
        let (top, _) = categories(app).await;
        let mut tokens = Vec::new();
        for i in 0..4 {
            let (_, token, picture) = applicant(app, &format!("racer{i}")).await;
            let id =
                apply(app, &token, &application("Shop", top, &[&picture]), what).await["applyId"].as_i64().unwrap();
            server::shops::application_repo::approve(&app.state.db, id).await.expect("approve");
            tokens.push(token);
        }
        let requests = tokens
            .iter()
            .chain(tokens.iter())
            .map(|token| {
                let body = json!({"storeAccount": "the_one", "storePassword": "abc123"}).to_string();
                common::request("POST", ACCOUNT, "application/json", body, &[("authorization", token)])
            })
            .collect();
        let codes = common::burst_codes(app, requests).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 1, "{what}: {codes:?}");
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_apply WHERE store_account IS NOT NULL").await, 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn nobody_reads_or_changes_another_buyers_application_and_guests_sign_in() {
    common::with_seeded_apps(async |app, what| {
        let (top, _) = categories(app).await;
        let (_, alice, picture) = applicant(app, "alice").await;
        let (_, bob) = app.signed_in_user("bob").await;
        let hers = apply(app, &alice, &application("Alice Shop", top, &[&picture]), what).await;
        assert_eq!(info(app, &bob, what).await, Value::Null, "{what}: not his");
        assert_eq!(center(app, &bob, what).await, json!({"shopStatus": null, "shopId": null}), "{what}");
        // Her picture in his application is refused; a parameter never names another's.
        let msg = call(app, "POST", APPLY, application("Bob Shop", top, &[&picture]).to_string(), &bob).await.bad(what);
        assert!(msg.contains("pictures"), "{what}: {msg}");
        let tried =
            call(app, "GET", &format!("{INFO}?applyId={}&userId=1", hers["applyId"]), Body::empty(), &bob).await;
        assert_eq!(tried.ok(what), &Value::Null, "{what}: the token decides");
        server::shops::application_repo::approve(&app.state.db, hers["applyId"].as_i64().unwrap()).await.unwrap();
        let before = stored(app).await;
        let body = json!({"storeAccount": "bob_takes", "storePassword": "abc123", "applyId": hers["applyId"]});
        let msg = call(app, "POST", ACCOUNT, body.to_string(), &bob).await.bad(what);
        assert!(msg.contains("approved"), "{what}: {msg}");
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
        assert_eq!(center(app, &bob, what).await["shopStatus"], Value::Null, "{what}");
        assert_eq!(center(app, &alice, what).await["shopStatus"], 1, "{what}");
        for (method, path) in [("GET", INFO), ("POST", APPLY), ("POST", ACCOUNT)] {
            let body = if method == "GET" { String::new() } else { application("Guest", top, &[&picture]).to_string() };
            app.send(common::request(method, path, "application/json", body, &[]))
                .await
                .failed("A00004", &format!("{what}: {path}"));
        }
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
    })
    .await;
}
