//! The user centre's profile, passwords and binding on every backend: each rule of spec section
//! 5 refused with its own translated message and nothing changed (nickname, the user-centre
//! password, the payment password); the avatar only a picture the buyer uploaded as one; a
//! password change ends every other session and keeps the current one; wrong current
//! passwords limited like sign-in even under a parallel burst; a first password and a new
//! payment password by a code to the bound address; e-mail and phone bound by a code to the new
//! address, another account's address "already registered"; third-party accounts bound through
//! the OAuth2 flow and unbound, never the last way to sign in; guests `A00004`.

use crate::common;
use crate::pictures;

use common::{mailbox_code, Answer, TestApp, PASSWORD};
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(app: &TestApp, method: &str, uri: &str, body: Value, token: &str) -> Answer {
    let headers: Vec<(&str, &str)> = if token.is_empty() { vec![] } else { vec![("authorization", token)] };
    app.send(common::request(method, uri, "application/json", body.to_string(), &headers)).await
}

async fn call_in(app: &TestApp, method: &str, uri: &str, body: Value, token: &str, locale: &str) -> Answer {
    let headers = [("authorization", token), ("locale", locale)];
    app.send(common::request(method, uri, "application/json", body.to_string(), &headers)).await
}

/// Asserts a refusal with a message in English and another in Chinese; returns the English one.
async fn refused(app: &TestApp, method: &str, uri: &str, body: Value, token: &str, what: &str) -> String {
    let en = call(app, method, uri, body.clone(), token).await.bad(what);
    let zh = call_in(app, method, uri, body, token, "zh_CN").await.bad(what);
    assert_ne!(en, zh, "{what}: the message is translated");
    en
}

async fn info(app: &TestApp, token: &str, what: &str) -> Value {
    call(app, "GET", api::paths::USER_ACCOUNT_INFO, Value::Null, token).await.ok(what).clone()
}

async fn sign_in(app: &TestApp, mail: &str, password: &str) -> Answer {
    call(app, "POST", api::paths::LOGIN, json!({"userName": mail, "passWord": password}), "").await
}

/// The message of a key in English (what a refusal must say).
fn en(key: &str) -> String {
    i18n::t(i18n::Lang::En, key)
}

/// The profile columns: what a refusal must leave alone.
async fn profile(app: &TestApp, user_id: i64) -> (String, Option<String>, Option<String>, Option<String>) {
    sqlx::query_as("SELECT nick_name, pic, user_mail, user_mobile FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn user_id_of(app: &TestApp, mail: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM users WHERE user_mail = $1")
        .bind(mail)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    id
}

/// Runs `test` on every backend with its own media folder.
async fn with_apps(mut test: impl AsyncFnMut(&TestApp, &'static str)) {
    for app in common::empty_apps().await {
        let dir = tempfile::tempdir().expect("temp dir");
        let media = dir.path().join("media");
        let app = app.reconfigure(|c| c.media_dir = Some(media.display().to_string()));
        let what = app.label();
        test(&app, what).await;
        app.finish().await;
    }
}

#[tokio::test]
async fn the_account_shows_the_bound_addresses_masked() {
    with_apps(async |app, what| {
        let token = common::sign_up_by_mail(app, "abcdef@example.com").await;
        let data = info(app, &token, what).await;
        assert_eq!(
            common::keys(&data),
            common::set(&["nickName", "pic", "userMail", "userMobile", "hasPassword", "hasPayPassword", "socials"])
        );
        assert_eq!(data["userMail"], "ab***@example.com", "{what}");
        assert_eq!(data["userMobile"], Value::Null, "{what}");
        assert_eq!(data["hasPassword"], true, "{what}");
        assert_eq!(data["hasPayPassword"], false, "{what}");
        assert_eq!(
            data["socials"],
            json!([
                {"socialType": 3, "bound": false, "available": true},
                {"socialType": 4, "bound": false, "available": true}
            ]),
            "{what}"
        );
        assert!(!data.to_string().contains("abcdef@"), "{what}: the full address never travels");
    })
    .await;
}

#[tokio::test]
async fn the_nickname_follows_the_rules_with_their_messages_and_a_refusal_changes_nothing() {
    with_apps(async |app, what| {
        let token = common::sign_up_by_mail(app, "nick@example.com").await;
        let me = user_id_of(app, "nick@example.com").await;
        let set = api::paths::USER_SET_USER_INFO;
        call(app, "PUT", set, json!({"nickName": "  Dara  "}), &token).await.ok(what);
        assert_eq!(profile(app, me).await.0, "Dara", "{what}: stored trimmed");
        let before = profile(app, me).await;
        let cases = [
            (json!({"nickName": ""}), en("error-nickname-empty")),
            (json!({"nickName": "     "}), en("error-nickname-empty")),
            (json!({}), en("error-nickname-empty")),
            (
                json!({"nickName": "x".repeat(16)}),
                i18n::t_args(i18n::Lang::En, "error-nickname-too-long", &[("max", "15")]),
            ),
            (json!({"nickName": "a\u{0}b"}), en("error-nickname-invalid")),
        ];
        for (body, message) in cases {
            let msg = refused(app, "PUT", set, body.clone(), &token, what).await;
            assert_eq!(msg, message, "{what}: {body}");
        }
        for body in [json!({"nickName": 5}), json!([1]), json!("Dara")] {
            call(app, "PUT", set, body, &token).await.bad(what);
        }
        let raw = common::request("PUT", set, "application/json", "{not json", &[("authorization", token.as_str())]);
        app.send(raw).await.bad(what);
        assert_eq!(profile(app, me).await, before, "{what}: nothing changed");
        // Fifteen characters of any script are fine.
        call(app, "PUT", set, json!({"nickName": "សួស្តី".repeat(2) + "ក"}), &token).await.ok(what);
        call(app, "PUT", set, json!({"nickName": "永".repeat(15)}), &token).await.ok(what);
        let header = call(app, "GET", api::paths::USER_INFO, Value::Null, &token).await.ok(what).clone();
        assert_eq!(header["nickName"], "永".repeat(15), "{what}: the header's nickname follows");
    })
    .await;
}

#[tokio::test]
async fn the_avatar_is_a_picture_the_buyer_uploaded_as_an_avatar() {
    with_apps(async |app, what| {
        let ann = common::sign_up_by_mail(app, "ann@example.com").await;
        let bo = common::sign_up_by_mail(app, "bo@example.com").await;
        let ann_id = user_id_of(app, "ann@example.com").await;
        let bo_id = user_id_of(app, "bo@example.com").await;
        let set = api::paths::USER_SET_USER_INFO;
        let mine = pictures::avatar(app, &ann, &pictures::png(32, 32, 1)).await;
        call(app, "PUT", set, json!({"nickName": "Ann", "pic": mine}), &ann).await.ok(what);
        assert_eq!(profile(app, ann_id).await.1.as_deref(), Some(mine.as_str()), "{what}");
        assert_eq!(info(app, &ann, what).await["pic"], mine, "{what}");
        // Unchanged or left out keeps it.
        call(app, "PUT", set, json!({"nickName": "Ann", "pic": mine}), &ann).await.ok(what);
        call(app, "PUT", set, json!({"nickName": "Annie"}), &ann).await.ok(what);
        assert_eq!(profile(app, ann_id).await.1.as_deref(), Some(mine.as_str()), "{what}");

        // Bo may not take Ann's picture, a picture uploaded as an ordinary image, or any URL.
        let bo_before = profile(app, bo_id).await;
        let image = pictures::upload(app, &bo, "image", "a.png", "image/png", &pictures::png(8, 8, 2))
            .await
            .ok(what)
            .as_str()
            .unwrap()
            .to_string();
        for pic in [
            mine.clone(),
            image,
            "https://evil.example/a.png".to_string(),
            "/media/prod/1.svg".to_string(),
            format!("/media/{}.png", "a".repeat(64)),
            "javascript:alert(1)".to_string(),
        ] {
            let msg = refused(app, "PUT", set, json!({"nickName": "Bo", "pic": pic}), &bo, what).await;
            assert_eq!(msg, en("error-avatar-not-uploaded"), "{what}: {pic}");
        }
        assert_eq!(profile(app, bo_id).await, bo_before, "{what}: nothing changed");
        assert_eq!(profile(app, ann_id).await.0, "Annie", "{what}: Ann's profile is hers alone");
    })
    .await;
}

#[tokio::test]
async fn a_password_change_ends_every_other_session_and_keeps_this_one() {
    with_apps(async |app, what| {
        let mail = "changer@example.com";
        let here = common::sign_up_by_mail(app, mail).await;
        let elsewhere = sign_in(app, mail, PASSWORD).await.access_token(what);
        let third = sign_in(app, mail, PASSWORD).await.access_token(what);
        let other_buyer = common::sign_up_by_mail(app, "bystander@example.com").await;
        let update = api::paths::USER_UPDATE_PWD;
        let hash_before: (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE user_mail = $1")
            .bind(mail)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();

        let rule = i18n::t_args(i18n::Lang::En, "error-account-password-rule", &[("min", "6"), ("max", "20")]);
        let cases = [
            (json!({"oldPassword": "", "newPassword": "abc123"}), en("error-old-password-empty")),
            (json!({"oldPassword": PASSWORD, "newPassword": ""}), en("error-new-password-empty")),
            (json!({"oldPassword": PASSWORD, "newPassword": "ab12"}), rule.clone()),
            (json!({"oldPassword": PASSWORD, "newPassword": "abcdefgh"}), rule.clone()),
            (json!({"oldPassword": PASSWORD, "newPassword": "12345678"}), rule.clone()),
            (json!({"oldPassword": PASSWORD, "newPassword": "a1".repeat(11)}), rule.clone()),
            (json!({"oldPassword": PASSWORD, "newPassword": "abc 123"}), rule),
            (json!({"oldPassword": "Wrong#2024", "newPassword": "abc123"}), en("error-old-password-wrong")),
            (json!({"oldPassword": PASSWORD, "newPassword": PASSWORD}), en("error-password-same")),
        ];
        for (body, message) in cases {
            let msg = call(app, "PUT", update, body.clone(), &here).await.bad(what);
            assert_eq!(msg, message, "{what}: {body}");
        }
        let hash_after: (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE user_mail = $1")
            .bind(mail)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        assert_eq!(hash_before, hash_after, "{what}: refusals change nothing");
        call(app, "GET", api::paths::USER_INFO, Value::Null, &elsewhere).await.ok(what);

        call(app, "PUT", update, json!({"oldPassword": PASSWORD, "newPassword": "newpass1"}), &here).await.ok(what);
        call(app, "GET", api::paths::USER_INFO, Value::Null, &here).await.ok(what);
        call(app, "GET", api::paths::USER_INFO, Value::Null, &elsewhere).await.failed("A00004", what);
        call(app, "GET", api::paths::USER_INFO, Value::Null, &third).await.failed("A00004", what);
        call(app, "GET", api::paths::USER_INFO, Value::Null, &other_buyer).await.ok(what);
        sign_in(app, mail, PASSWORD).await.bad(what);
        sign_in(app, mail, "newpass1").await.access_token(what);
        // Changing it needs a password: an account without one is told to set one.
        let (_, no_password) = app.signed_in_user("coded").await;
        let msg = call(app, "PUT", update, json!({"oldPassword": "whatever1", "newPassword": "abc123"}), &no_password)
            .await
            .bad(what);
        assert_eq!(msg, en("error-password-not-set"), "{what}");
    })
    .await;
}

/// Sends the same request `n` times at once ([`common::burst`]); the answers' codes and messages.
async fn burst(app: &TestApp, method: &str, uri: &str, body: Value, token: &str, n: usize) -> Vec<(String, String)> {
    let requests = (0..n)
        .map(|_| common::request(method, uri, "application/json", body.to_string(), &[("authorization", token)]))
        .collect();
    let envelopes = common::burst(app, requests).await;
    envelopes
        .iter()
        .map(|envelope| {
            let code = envelope["code"].as_str().expect("a code").to_string();
            (code, envelope["msg"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

#[tokio::test]
async fn wrong_current_passwords_are_counted_first_so_a_parallel_burst_checks_five() {
    with_apps(async |app, what| {
        let mail = "burst@example.com";
        let token = common::sign_up_by_mail(app, mail).await;
        let update = api::paths::USER_UPDATE_PWD;
        let answers =
            burst(app, "PUT", update, json!({"oldPassword": "Guess#0000", "newPassword": "abc123"}), &token, 12).await;
        let wrong = answers.iter().filter(|(_, m)| *m == en("error-old-password-wrong")).count();
        assert_eq!(wrong, 5, "{what}: {answers:?}");
        assert!(answers.iter().all(|(c, _)| c == "A00001"), "{what}");
        // Locked: even the right one waits for the window.
        let msg =
            call(app, "PUT", update, json!({"oldPassword": PASSWORD, "newPassword": "abc123"}), &token).await.bad(what);
        assert!(msg.contains("minutes"), "{what}: {msg}");
        app.state.db.clock.advance(15 * 60 * 1000 + 1);
        let token = sign_in(app, mail, PASSWORD).await.access_token(what);
        call(app, "PUT", update, json!({"oldPassword": PASSWORD, "newPassword": "abc123"}), &token).await.ok(what);
    })
    .await;
}

#[tokio::test]
async fn an_account_without_a_password_sets_one_with_a_code_to_its_address() {
    with_apps(async |app, what| {
        let (me, token) = app.signed_in_user("coded").await;
        let mail = "coded@example.com";
        let send = api::paths::USER_SEND_SECURITY_CODE;
        let set = api::paths::USER_SET_PWD;
        assert_eq!(info(app, &token, what).await["hasPassword"], false, "{what}");
        // Bad targets and purposes; no phone bound.
        for body in
            [json!({"target": "fax", "purpose": "password"}), json!({"target": "mail", "purpose": "login"}), json!({})]
        {
            call(app, "POST", send, body, &token).await.bad(what);
        }
        let msg = refused(app, "POST", send, json!({"target": "mobile", "purpose": "password"}), &token, what).await;
        assert_eq!(msg, en("error-mobile-not-bound"), "{what}");
        call(app, "POST", send, json!({"target": "mail", "purpose": "password"}), &token).await.ok(what);
        let code = mailbox_code(app, mail).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let rule = i18n::t_args(i18n::Lang::En, "error-account-password-rule", &[("min", "6"), ("max", "20")]);
        let msg = call(app, "PUT", set, json!({"target": "mail", "validCode": code, "newPassword": "short"}), &token)
            .await
            .bad(what);
        assert_eq!(msg, rule, "{what}");
        call(app, "PUT", set, json!({"target": "mail", "validCode": wrong, "newPassword": "first1"}), &token)
            .await
            .bad(what);
        call(app, "PUT", set, json!({"target": "mail", "validCode": "", "newPassword": "first1"}), &token)
            .await
            .bad(what);
        assert_eq!(
            app.count(&format!("SELECT COUNT(*) FROM users WHERE user_id = {me} AND password_hash IS NULL")).await,
            1
        );
        call(app, "PUT", set, json!({"target": "mail", "validCode": code, "newPassword": "first1"}), &token)
            .await
            .ok(what);
        sign_in(app, mail, "first1").await.access_token(what);
        // Once there is one, it is changed with the current one instead.
        let msg = call(app, "POST", send, json!({"target": "mail", "purpose": "password"}), &token).await.bad(what);
        assert_eq!(msg, en("error-password-already-set"), "{what}");
        call(app, "PUT", set, json!({"target": "mail", "validCode": code, "newPassword": "again1"}), &token)
            .await
            .bad(what);
        assert_eq!(info(app, &token, what).await["hasPassword"], true, "{what}");
    })
    .await;
}

#[tokio::test]
async fn the_payment_password_is_set_changed_with_the_old_one_and_reset_with_a_code() {
    with_apps(async |app, what| {
        let mail = "payer@example.com";
        let token = common::sign_up_by_mail(app, mail).await;
        let set = api::paths::USER_PAY_PASSWORD;
        let update = api::paths::USER_UPDATE_PAY_PASSWORD;
        let reset = api::paths::USER_RESET_PAY_PASSWORD;
        let format = i18n::t_args(i18n::Lang::En, "error-pay-password-format", &[("digits", "6")]);
        // Changing before there is one.
        let msg = call(app, "PUT", update, json!({"oldPayPassword": "123456", "payPassword": "654321"}), &token)
            .await
            .bad(what);
        assert_eq!(msg, en("error-pay-password-unset"), "{what}");
        for bad in ["12345", "1234567", "12345a", "", "１２３４５６"] {
            let msg = refused(app, "PUT", set, json!({"payPassword": bad, "password": PASSWORD}), &token, what).await;
            assert_eq!(msg, format, "{what}: {bad:?}");
        }
        call(app, "PUT", set, json!({"payPassword": "135790", "password": PASSWORD}), &token).await.ok(what);
        assert_eq!(info(app, &token, what).await["hasPayPassword"], true, "{what}");
        // With the old one.
        let msg = call(app, "PUT", update, json!({"oldPayPassword": "000000", "payPassword": "246802"}), &token)
            .await
            .bad(what);
        assert_eq!(msg, en("error-pay-password-wrong"), "{what}");
        call(app, "PUT", update, json!({"oldPayPassword": "", "payPassword": "246802"}), &token).await.bad(what);
        let msg = call(app, "PUT", update, json!({"oldPayPassword": "135790", "payPassword": "24680"}), &token)
            .await
            .bad(what);
        assert_eq!(msg, format, "{what}");
        call(app, "PUT", update, json!({"oldPayPassword": "135790", "payPassword": "246802"}), &token).await.ok(what);
        call(app, "PUT", update, json!({"oldPayPassword": "135790", "payPassword": "111111"}), &token).await.bad(what);
        // With a code to the bound e-mail.
        let send = api::paths::USER_SEND_SECURITY_CODE;
        call(app, "POST", send, json!({"target": "mail", "purpose": "payPassword"}), &token).await.ok(what);
        let code = mailbox_code(app, mail).await;
        let msg =
            call(app, "PUT", reset, json!({"target": "mobile", "validCode": code, "payPassword": "975310"}), &token)
                .await
                .bad(what);
        assert_eq!(msg, en("error-mobile-not-bound"), "{what}");
        call(app, "PUT", reset, json!({"target": "mail", "validCode": code, "payPassword": "9753"}), &token)
            .await
            .bad(what);
        call(app, "PUT", reset, json!({"target": "mail", "validCode": "", "payPassword": "975310"}), &token)
            .await
            .bad(what);
        call(app, "PUT", reset, json!({"target": "mail", "validCode": code, "payPassword": "975310"}), &token)
            .await
            .ok(what);
        // The code was used; the new password is the one.
        call(app, "PUT", reset, json!({"target": "mail", "validCode": code, "payPassword": "111111"}), &token)
            .await
            .bad(what);
        call(app, "PUT", update, json!({"oldPayPassword": "975310", "payPassword": "864200"}), &token).await.ok(what);
    })
    .await;
}

#[tokio::test]
async fn wrong_payment_passwords_are_limited_under_a_parallel_burst_and_a_reset_lifts_the_lock() {
    with_apps(async |app, what| {
        let mail = "paylock@example.com";
        let token = common::sign_up_by_mail(app, mail).await;
        call(app, "PUT", api::paths::USER_PAY_PASSWORD, json!({"payPassword": "135790", "password": PASSWORD}), &token)
            .await
            .ok(what);
        let update = api::paths::USER_UPDATE_PAY_PASSWORD;
        let answers =
            burst(app, "PUT", update, json!({"oldPayPassword": "000000", "payPassword": "222222"}), &token, 12).await;
        let wrong = answers.iter().filter(|(_, m)| *m == en("error-pay-password-wrong")).count();
        assert_eq!(wrong, 5, "{what}: {answers:?}");
        call(app, "PUT", update, json!({"oldPayPassword": "135790", "payPassword": "222222"}), &token).await.bad(what);
        call(
            app,
            "POST",
            api::paths::USER_SEND_SECURITY_CODE,
            json!({"target": "mail", "purpose": "payPassword"}),
            &token,
        )
        .await
        .ok(what);
        let code = mailbox_code(app, mail).await;
        call(
            app,
            "PUT",
            api::paths::USER_RESET_PAY_PASSWORD,
            json!({"target": "mail", "validCode": code, "payPassword": "333333"}),
            &token,
        )
        .await
        .ok(what);
        call(app, "PUT", update, json!({"oldPayPassword": "333333", "payPassword": "444444"}), &token).await.ok(what);
    })
    .await;
}

#[tokio::test]
async fn a_phone_and_a_new_email_are_bound_by_a_code_to_the_new_address() {
    with_apps(async |app, what| {
        let mail = "binder@example.com";
        let token = common::sign_up_by_mail(app, mail).await;
        let me = user_id_of(app, mail).await;
        let send = api::paths::USER_SEND_BIND_CODE;
        let bind = api::paths::USER_BIND_ACCOUNT;
        for body in [
            json!({}),
            json!({"mobile": "123"}),
            json!({"mail": "a@b"}),
            json!({"mail": "a@b.co", "mobile": "012345678"}),
        ] {
            refused(app, "POST", send, body, &token, what).await;
        }
        call(app, "POST", send, json!({"mobile": "012345678"}), &token).await.ok(what);
        let code = mailbox_code(app, "85512345678").await;
        let before = profile(app, me).await;
        call(app, "PUT", bind, json!({"mobile": "012345678", "validCode": "999999x"}), &token).await.bad(what);
        call(app, "PUT", bind, json!({"mobile": "012345678", "validCode": ""}), &token).await.bad(what);
        call(app, "PUT", bind, json!({"mobile": "+85512345679", "validCode": code}), &token).await.bad(what);
        assert_eq!(profile(app, me).await, before, "{what}: nothing changed");
        call(app, "PUT", bind, json!({"mobile": "+85512345678", "validCode": code}), &token).await.ok(what);
        assert_eq!(profile(app, me).await.3.as_deref(), Some("85512345678"), "{what}");
        assert_eq!(info(app, &token, what).await["userMobile"], "+855 12***678", "{what}");
        let msg = call(app, "POST", send, json!({"mobile": "012345678"}), &token).await.bad(what);
        assert_eq!(msg, en("error-contact-unchanged"), "{what}");
        // The phone now signs in by code too.
        app.post_form("/sms/sendLoginCode", "mobile=85512345678").await.ok(what);
        let login = mailbox_code(app, "85512345678").await;
        call(app, "POST", api::paths::MOBILE_LOGIN, json!({"userName": "85512345678", "passWord": login}), "")
            .await
            .access_token(what);

        // A new e-mail: the old one is told, the new one signs in.
        call(app, "POST", send, json!({"mail": "Binder.New@Example.com"}), &token).await.ok(what);
        let code = mailbox_code(app, "binder.new@example.com").await;
        call(app, "PUT", bind, json!({"mail": "binder.new@example.com", "validCode": code}), &token).await.ok(what);
        assert_eq!(info(app, &token, what).await["userMail"], "bi***@example.com", "{what}");
        let told = app.get(&format!("/dev/mailbox?to={}", common::urlencode(mail))).await.ok(what).clone();
        assert!(told[0]["body"].as_str().unwrap().contains("bi***@example.com"), "{what}: {told}");
        sign_in(app, "binder.new@example.com", PASSWORD).await.access_token(what);
        sign_in(app, mail, PASSWORD).await.bad(what);
    })
    .await;
}

#[tokio::test]
async fn an_address_of_another_account_is_already_registered() {
    with_apps(async |app, what| {
        let ann = common::sign_up_by_mail(app, "first@example.com").await;
        let bo = common::sign_up_by_mail(app, "second@example.com").await;
        let bo_id = user_id_of(app, "second@example.com").await;
        let send = api::paths::USER_SEND_BIND_CODE;
        let bind = api::paths::USER_BIND_ACCOUNT;
        let registered = en("error-already-registered");
        let msg = refused(app, "POST", send, json!({"mail": "FIRST@example.com"}), &bo, what).await;
        assert_eq!(msg, registered, "{what}");
        // Both ask for a code to one new phone before either binds it: the first bind wins.
        call(app, "POST", send, json!({"mobile": "85598765432"}), &ann).await.ok(what);
        let ann_code = mailbox_code(app, "85598765432").await;
        app.state.db.clock.advance(61_000);
        call(app, "POST", send, json!({"mobile": "85598765432"}), &bo).await.ok(what);
        let bo_code = mailbox_code(app, "85598765432").await;
        // Ann's code is no longer the newest: only the newest counts.
        call(app, "PUT", bind, json!({"mobile": "85598765432", "validCode": ann_code}), &ann).await.bad(what);
        call(app, "PUT", bind, json!({"mobile": "85598765432", "validCode": bo_code}), &bo).await.ok(what);
        let msg = call(app, "POST", send, json!({"mobile": "85598765432"}), &ann).await.bad(what);
        assert_eq!(msg, registered, "{what}");
        // A bind that finds the address taken after its code was checked changes nothing.
        app.state.db.clock.advance(61_000);
        call(app, "POST", send, json!({"mail": "third@example.com"}), &bo).await.ok(what);
        let code = mailbox_code(app, "third@example.com").await;
        common::sign_up_by_mail(app, "third@example.com").await;
        let before = profile(app, bo_id).await;
        let msg = call(app, "PUT", bind, json!({"mail": "third@example.com", "validCode": code}), &bo).await.bad(what);
        assert_eq!(msg, registered, "{what}");
        assert_eq!(profile(app, bo_id).await, before, "{what}");
    })
    .await;
}

/// Walks the development provider's approval for `subject` from an authorization `url`;
/// answers the `authCallback` query.
async fn approve(app: &TestApp, url: &str, subject: &str, callback: &str) -> String {
    let mut form: Vec<(String, String)> = serde_urlencoded::from_str(url.split_once('?').unwrap().1).unwrap();
    form.push(("subject".into(), subject.into()));
    form.push(("name".into(), "Provider Name".into()));
    form.push(("decision".into(), "approve".into()));
    let request =
        common::request("POST", "/dev/oauth/authorize", common::FORM, serde_urlencoded::to_string(&form).unwrap(), &[]);
    let response = server::routes::api_router(app.state.clone()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), 303);
    let location = response.headers()["location"].to_str().unwrap().to_string();
    assert!(location.starts_with(callback), "{location}");
    location.split_once('?').unwrap().1.to_string()
}

/// Binds the provider account `subject` of `social_type` to the buyer of `token` through the
/// user centre's flow; the answer of `/user/registerOrBindUser`.
async fn bind_social(app: &TestApp, token: &str, social_type: i64, subject: &str) -> Answer {
    let callback =
        if social_type == 3 { "http://mall.test/google/callback" } else { "http://mall.test/oauth-callback" };
    let url = call(
        app,
        "GET",
        &format!(
            "{}?socialType={social_type}&callbackUrl={}",
            api::paths::USER_BIND_SOCIAL_URL,
            common::urlencode(callback)
        ),
        Value::Null,
        token,
    )
    .await
    .ok("bind url")
    .as_str()
    .unwrap()
    .to_string();
    let auth_callback = approve(app, &url, subject, callback).await;
    let body = json!({"socialType": social_type, "callbackUrl": callback, "authCallback": auth_callback});
    let answer = call(app, "POST", api::paths::THIRD_LOGIN, body, token).await;
    let vo = answer.ok("third login")["thirdLoginVO"].clone();
    assert_eq!(vo["bind"], true, "{}", answer.json);
    assert!(answer.json["data"]["accessToken"].is_null(), "nobody is signed in: {}", answer.json);
    let key = vo["loginKey"].as_str().unwrap().to_string();
    call(app, "POST", api::paths::USER_REGISTER_OR_BIND_USER, json!({"loginKey": key}), token).await
}

#[tokio::test]
async fn third_party_accounts_are_bound_through_the_oauth_flow_and_unbound() {
    with_apps(async |app, what| {
        let token = common::sign_up_by_mail(app, "social@example.com").await;
        bind_social(app, &token, 3, "google-1").await.ok(what);
        let socials = info(app, &token, what).await["socials"].clone();
        assert_eq!(socials[0], json!({"socialType": 3, "bound": true, "available": true}), "{what}");
        assert_eq!(socials[1]["bound"], false, "{what}");
        // The session is still the buyer's own: the bind signed nobody in.
        assert_eq!(
            call(app, "GET", api::paths::USER_INFO, Value::Null, &token).await.ok(what)["userMail"],
            "social@example.com"
        );
        // A second Google account is refused; another buyer cannot take this one.
        let msg = bind_social(app, &token, 3, "google-2").await.bad(what);
        assert_eq!(msg, en("error-social-type-bound"), "{what}");
        let other = common::sign_up_by_mail(app, "other@example.com").await;
        bind_social(app, &other, 3, "google-1").await.bad(what);
        // A bind flow whose return comes with another session (or none) binds nothing.
        let callback = "http://mall.test/oauth-callback";
        let url = call(
            app,
            "GET",
            &format!("{}?socialType=4&callbackUrl={}", api::paths::USER_BIND_SOCIAL_URL, common::urlencode(callback)),
            Value::Null,
            &token,
        )
        .await
        .ok(what)
        .as_str()
        .unwrap()
        .to_string();
        let auth_callback = approve(app, &url, "fb-9", callback).await;
        let body = json!({"socialType": 4, "callbackUrl": callback, "authCallback": auth_callback});
        let msg = call(app, "POST", api::paths::THIRD_LOGIN, body, &other).await.bad(what);
        assert_eq!(msg, en("error-third-login-bind-session"), "{what}");
        // The sign-in with the bound account signs the buyer in.
        let url = app
            .get(&format!(
                "/getThirdLoginUrl?socialType=3&callbackUrl={}",
                common::urlencode("http://mall.test/google/callback")
            ))
            .await;
        let auth_callback =
            approve(app, url.ok(what).as_str().unwrap(), "google-1", "http://mall.test/google/callback").await;
        let body =
            json!({"socialType": 3, "callbackUrl": "http://mall.test/google/callback", "authCallback": auth_callback});
        let signed = call(app, "POST", api::paths::THIRD_LOGIN, body, "").await.access_token(what);
        assert_eq!(
            call(app, "GET", api::paths::USER_INFO, Value::Null, &signed).await.ok(what)["userMail"],
            "social@example.com"
        );

        // Unbinding: bad input, not bound, then done.
        let unbind = api::paths::USER_UNBIND_SOCIAL;
        refused(app, "POST", unbind, json!({"socialType": 9}), &token, what).await;
        let msg = refused(app, "POST", unbind, json!({"socialType": 4}), &token, what).await;
        assert_eq!(msg, en("error-social-not-bound"), "{what}");
        call(app, "POST", unbind, json!({"socialType": 3}), &token).await.ok(what);
        assert_eq!(info(app, &token, what).await["socials"][0]["bound"], false, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM user_identities").await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn the_last_way_to_sign_in_is_never_unbound_even_by_a_parallel_burst() {
    with_apps(async |app, what| {
        // An account with no e-mail or phone, only two provider accounts.
        let user = server::accounts::sessions::create_user(&app.state.db, "Only Social", None, None).await.unwrap();
        let token = server::accounts::sessions::create_session(&app.state.db, user).await.unwrap();
        for (t, subject) in [(3, "g-only"), (4, "f-only")] {
            server::accounts::repo::bind_identity(&app.state.db, t, subject, user, None).await.unwrap();
        }
        let unbind = api::paths::USER_UNBIND_SOCIAL;
        let both = [
            call(app, "POST", unbind, json!({"socialType": 3}), &token),
            call(app, "POST", unbind, json!({"socialType": 4}), &token),
        ];
        let answers = futures::future::join_all(both).await;
        let done = answers.iter().filter(|a| a.code() == "00000").count();
        assert_eq!(done, 1, "{what}: {:?}", answers.iter().map(|a| a.json.clone()).collect::<Vec<_>>());
        let last = answers.iter().find(|a| a.code() != "00000").unwrap().bad(what);
        assert_eq!(last, en("error-unbind-last"), "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM user_identities WHERE user_id = {user}")).await, 1);
    })
    .await;
}

#[tokio::test]
async fn guests_are_told_to_sign_in_everywhere() {
    with_apps(async |app, what| {
        let calls = [
            ("GET", api::paths::USER_ACCOUNT_INFO, Value::Null),
            ("PUT", api::paths::USER_SET_USER_INFO, json!({"nickName": "x"})),
            ("PUT", api::paths::USER_UPDATE_PWD, json!({"oldPassword": "a", "newPassword": "abc123"})),
            ("PUT", api::paths::USER_SET_PWD, json!({"target": "mail", "validCode": "1", "newPassword": "abc123"})),
            ("POST", api::paths::USER_SEND_SECURITY_CODE, json!({"target": "mail", "purpose": "password"})),
            ("PUT", api::paths::USER_UPDATE_PAY_PASSWORD, json!({"oldPayPassword": "1", "payPassword": "123456"})),
            (
                "PUT",
                api::paths::USER_RESET_PAY_PASSWORD,
                json!({"target": "mail", "validCode": "1", "payPassword": "123456"}),
            ),
            ("POST", api::paths::USER_SEND_BIND_CODE, json!({"mail": "a@b.co"})),
            ("PUT", api::paths::USER_BIND_ACCOUNT, json!({"mail": "a@b.co", "validCode": "1"})),
            (
                "GET",
                "/p/user/bindSocialUrl?socialType=3&callbackUrl=http%3A%2F%2Fmall.test%2Fgoogle%2Fcallback",
                Value::Null,
            ),
            ("POST", api::paths::USER_UNBIND_SOCIAL, json!({"socialType": 3})),
        ];
        for (method, uri, body) in calls {
            call(app, method, uri, body.clone(), "").await.failed("A00004", &format!("{what}: {uri}"));
            call(app, method, uri, body, "expired-token").await.failed("A00004", &format!("{what}: {uri}"));
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 0, "{what}: no code was sent");
    })
    .await;
}

#[tokio::test]
async fn the_four_pages_render_for_the_buyer_and_send_guests_to_sign_in() {
    with_apps(async |app, what| {
        let token = common::sign_up_by_mail(app, "pages@example.com").await;
        let site = common::site(app);
        for page in ["uc-account", "uc-password", "uc-pay-password", "uc-bind"] {
            let uri = format!("/user-center/{page}");
            let (status, headers, _) = common::page(&site, &uri, &[]).await;
            assert_eq!(status, 302, "{what}: {uri}");
            assert_eq!(headers["location"], format!("/login?redirect=%2Fuser-center%2F{page}"), "{what}");
            for lang in ["en", "zh_CN", "km"] {
                let cookie = format!("token={token}; lang={lang}");
                let (status, _, html) = common::page(&site, &uri, &[("cookie", &cookie)]).await;
                assert_eq!(status, 200, "{what}: {uri} {lang}");
                assert!(html.contains(&format!("href=\"/user-center/{page}\" aria-current=\"page\"")), "{what}: {uri}");
                assert!(!html.contains("pages@example.com"), "{what}: {uri}: the address is shown masked only");
            }
        }
        let cookie = format!("token={token}; lang=en");
        let (_, _, html) = common::page(&site, "/user-center/uc-account", &[("cookie", &cookie)]).await;
        assert!(html.contains("pa***@example.com"), "{what}");
        assert!(html.contains("name=\"image-upload\""), "{what}: the avatar widget");
    })
    .await;
}
