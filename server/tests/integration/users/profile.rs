//! The account page's profile: masked addresses, the nickname, the avatar, binding a phone or
//! email, guests and the pages.

use super::*;

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
