//! The sign-in and payment passwords: changing, setting by code, resetting, and tries limited
//! under parallel bursts.

use super::*;

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
