//! Sign-up and sign-in by password and one-time codes, counted failures, single-use codes, the
//! session, CSRF, profile isolation, malformed payloads, recovery and the password hash's cost.

use super::*;

// ---------------------------------------------------------------- sign-up and sign-in

#[tokio::test]
async fn sign_up_by_email_code_then_sign_in_by_password_email_code_and_phone_code() {
    common::with_seeded_apps(async |app, what| {
        let mail = "new.buyer@example.com";

        let exit = app.post_json("/user/checkUser?input=new.buyer%40example.com", "", &[]).await;
        assert_eq!(exit.ok(what)["Exit"], 0, "{what}: unknown account");

        send_login_code(app, "mail=New.Buyer%40Example.com").await.ok(what);
        let mailbox = app.get("/dev/mailbox?to=new.buyer%40example.com").await;
        let message = &mailbox.ok(what)[0];
        assert_eq!(message["channel"], "mail");
        assert!(message["subject"].as_str().unwrap().contains("verification code"), "{what}: {message}");
        let code = message["code"].as_str().unwrap().to_string();
        assert_eq!(code.len(), 6);
        assert_eq!(app.count("SELECT COUNT(*) FROM one_time_codes").await, 1);
        let (hash,): (String,) =
            sqlx::query_as("SELECT code_hash FROM one_time_codes").fetch_one(&app.state.db.pool).await.unwrap();
        assert!(!hash.contains(&code), "{what}: codes are stored hashed");

        // The registration password rule is the server's too.
        for weak in ["short1!", "onlyletters!", "12345678!", "abcdefgh1", "has space1!", "abcdefghij1234567890!"] {
            let msg =
                post(app, "/user/signup", json!({"mail": mail, "validCode": code, "password": weak})).await.bad(what);
            assert!(msg.contains("8 to 20"), "{what}: {weak}: {msg}");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM users").await, 0);

        let answer = post(app, "/user/signup", json!({"mail": mail, "validCode": code, "password": PASSWORD})).await;
        let token = answer.access_token(what);
        assert!(token.len() >= 32, "{what}: 128+ bit token");
        let cookie = set_cookie(&answer);
        assert!(cookie.starts_with(&common::session_cookie(&token)), "{what}: {cookie}");
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
            "{cookie}"
        );
        assert!(!cookie.contains("Secure"), "{what}: plain HTTP gets no Secure flag");
        let hash: (String,) =
            sqlx::query_as("SELECT token_hash FROM sessions").fetch_one(&app.state.db.pool).await.unwrap();
        assert_ne!(hash.0, token, "{what}: sessions are stored hashed");

        let info = user_info(app, &token).await;
        let data = info.ok(what);
        assert_eq!(data["userMail"], mail);
        assert_eq!(data["nickName"], "");
        assert!(data["userId"].as_i64().is_some());
        let (pw,): (String,) =
            sqlx::query_as("SELECT password_hash FROM users").fetch_one(&app.state.db.pool).await.unwrap();
        assert!(pw.starts_with("$argon2id$"), "{what}: {pw}");

        let exit = app.post_json("/user/checkUser?input=new.buyer%40example.com", "", &[]).await;
        assert_eq!(exit.ok(what)["Exit"], 1);

        // Registering the same address again: the catalogue message.
        age_codes(app, mail).await;
        send_login_code(app, &format!("mail={mail}")).await.ok(what);
        let code = mailbox_code(app, mail).await;
        let msg =
            post(app, "/user/signup", json!({"mail": mail, "validCode": code, "password": PASSWORD})).await.bad(what);
        assert_eq!(msg, "This phone number or email is already registered");

        // Password sign-in; over HTTPS the cookie is Secure.
        let answer = sign_in_with(app, "/login", mail, PASSWORD, &[("x-forwarded-proto", "https")]).await;
        let second = answer.access_token(what);
        assert_ne!(second, token, "{what}: a new token per sign-in");
        assert!(set_cookie(&answer).contains("; Secure"), "{what}");
        user_info(app, &second).await.ok(what);

        // E-mail code sign-in (the code sent above is still unused).
        let answer = sign_in(app, "/mailLogin", mail, &code).await;
        let third = answer.access_token(what);
        user_info(app, &third).await.ok(what);

        // Phone: sign up by SMS code, then sign in by phone code and by password.
        let phone = "85512345678";
        send_login_code(app, &format!("mobile={phone}")).await.ok(what);
        let sms = app.get(&format!("/dev/mailbox?to={phone}")).await;
        assert_eq!(sms.ok(what)[0]["channel"], "sms");
        let code = mailbox_code(app, phone).await;
        let answer = post(app, "/user/signup", json!({"mobile": phone, "validCode": code, "password": PASSWORD})).await;
        answer.ok(what);
        age_codes(app, phone).await;
        send_login_code(app, &format!("mobile={phone}")).await.ok(what);
        let code = mailbox_code(app, phone).await;
        let answer = sign_in(app, "/mobileLogin", phone, &code).await;
        let token = answer.access_token(what);
        assert_eq!(user_info(app, &token).await.ok(what)["userMail"], Value::Null);
        sign_in(app, "/login", "+85512345678", PASSWORD).await.ok(what);
        let exit = app.post_json(&format!("/user/checkUser?input={phone}"), "", &[]).await;
        assert_eq!(exit.ok(what)["Exit"], 1);

        // A code login for an account that does not exist.
        let msg = sign_in(app, "/mailLogin", "nobody@example.com", "123456").await.bad(what);
        assert!(msg.contains("does not exist"), "{msg}");
    })
    .await;
}

#[tokio::test]
async fn wrong_passwords_are_counted_and_limited() {
    common::with_seeded_apps(async |app, what| {
        let mail = "locked@example.com";
        common::sign_up_by_mail(app, mail).await;
        for i in 0..5 {
            let msg = sign_in(app, "/login", mail, &format!("wrong{i}")).await.bad(what);
            assert_eq!(msg, "Incorrect account or password", "{what}: try {i}");
        }
        let msg = sign_in(app, "/login", mail, PASSWORD).await.bad(what);
        assert!(msg.contains("Too many failed attempts"), "{what}: even the right password waits: {msg}");
        let msg = sign_in_with(app, "/login", mail, PASSWORD, &[("locale", "zh_CN")]).await.bad(what);
        assert!(msg.contains("失败次数过多"), "{what}: translated: {msg}");
        assert_eq!(app.count("SELECT COUNT(*) FROM sessions").await, 1, "{what}: only the sign-up session");

        // Once the window has passed, the right password works and clears the count.
        app.state.db.clock.advance(900_000);
        sign_in(app, "/login", mail, PASSWORD).await.ok(what);
        let msg = sign_in(app, "/login", mail, "wrong").await.bad(what);
        assert_eq!(msg, "Incorrect account or password");

        // Unknown accounts answer the same and are counted too.
        for _ in 0..5 {
            sign_in(app, "/login", "ghost@example.com", "x").await.bad(what);
        }
        let msg = sign_in(app, "/login", "ghost@example.com", "x").await.bad(what);
        assert!(msg.contains("Too many failed attempts"), "{msg}");
    })
    .await;
}

#[tokio::test]
async fn codes_are_single_use_expire_and_die_after_five_wrong_tries() {
    common::with_seeded_apps(async |app, what| {
        let mail = "codes@example.com";
        common::sign_up_by_mail(app, mail).await;

        // Resend no sooner than 60 s.
        age_codes(app, mail).await;
        send_login_code(app, &format!("mail={mail}")).await.ok(what);
        let msg = send_login_code(app, &format!("mail={mail}")).await.bad(what);
        assert!(msg.contains("wait") && msg.contains("seconds"), "{what}: {msg}");
        let msg = send_login_code(app, &format!("mail={mail}")).await;
        let km = request("POST", "/sms/sendLoginCode", FORM, format!("mail={mail}"), &[("locale", "km")]);
        let km = app.send(km).await.bad(what);
        assert!(km.contains("វិនាទី"), "{what}: Khmer: {km}");
        msg.bad(what);
        assert_eq!(app.count("SELECT COUNT(*) FROM outbox WHERE recipient = 'codes@example.com'").await, 2);

        // Single use.
        let code = mailbox_code(app, mail).await;
        sign_in(app, "/mailLogin", mail, &code).await.ok(what);
        let msg = sign_in(app, "/mailLogin", mail, &code).await.bad(what);
        assert!(msg.contains("invalid or has expired"), "{what}: reused: {msg}");

        // Expired.
        age_codes(app, mail).await;
        send_login_code(app, &format!("mail={mail}")).await.ok(what);
        let code = mailbox_code(app, mail).await;
        app.state.db.clock.advance(server::accounts::CODE_TTL_MILLIS);
        let msg = sign_in(app, "/mailLogin", mail, &code).await.bad(what);
        assert!(msg.contains("invalid or has expired"), "{what}: expired: {msg}");

        // Five wrong tries kill the code, even for the right one afterwards.
        age_codes(app, mail).await;
        send_login_code(app, &format!("mail={mail}")).await.ok(what);
        let code = mailbox_code(app, mail).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for i in 0..4 {
            let msg = sign_in(app, "/mailLogin", mail, wrong).await.bad(what);
            assert_eq!(msg, "The verification code is incorrect", "{what}: try {i}");
        }
        let msg = sign_in(app, "/mailLogin", mail, wrong).await.bad(what);
        assert!(msg.contains("Too many incorrect codes"), "{what}: {msg}");
        assert_eq!(common::code_attempts(app, mail).await, 5);
        sqlx::query("DELETE FROM rate_limits").execute(&app.state.db.pool).await.unwrap();
        let msg = sign_in(app, "/mailLogin", mail, &code).await.bad(what);
        assert!(msg.contains("Too many incorrect codes"), "{what}: the right code is dead too: {msg}");

        // Codes per identifier per hour.
        let phone = "85599887766";
        for i in 0..5 {
            send_login_code(app, &format!("mobile={phone}")).await.ok(&format!("{what} send {i}"));
            age_codes(app, phone).await;
        }
        let msg = send_login_code(app, &format!("mobile={phone}")).await.bad(what);
        assert!(msg.contains("Too many codes"), "{what}: {msg}");
    })
    .await;
}

// ---------------------------------------------------------------- sessions, CSRF, isolation

#[tokio::test]
async fn sign_in_renews_the_session_and_logout_ends_it() {
    common::with_seeded_apps(async |app, what| {
        let mail = "session@example.com";
        let first = common::sign_up_by_mail(app, mail).await;
        let cookie = common::session_cookie(&first);
        let answer = sign_in_with(app, "/login", mail, PASSWORD, &[("cookie", &cookie)]).await;
        let second = answer.access_token(what);
        user_info(app, &first).await.failed("A00004", what);
        let by_cookie = app.get_with("/p/user/userInfo", &[("cookie", &format!("lang=en; token={second}"))]).await;
        by_cookie.ok(what);

        let answer = post_with(app, "/logOut", json!({}), &[("cookie", &common::session_cookie(&second))]).await;
        answer.ok(what);
        let cleared = set_cookie(&answer);
        assert!(
            cleared.starts_with("token=;") && cleared.contains("Max-Age=0") && cleared.contains("HttpOnly"),
            "{cleared}"
        );
        user_info(app, &second).await.failed("A00004", what);
        app.get("/p/user/centerInfo").await.failed("A00004", what);
        assert_eq!(app.count("SELECT COUNT(*) FROM sessions").await, 0);
        // Signing out without a session is harmless.
        app.post_json("/logOut", "", &[]).await.ok(what);
    })
    .await;
}

#[tokio::test]
async fn cross_origin_state_changes_are_refused() {
    common::with_seeded_apps(async |app, what| {
        let evil = [("host", "mall.test"), ("origin", "https://evil.test")];
        let msg = sign_in_with(app, "/login", "a@example.com", "x", &evil).await.bad(what);
        assert_eq!(msg, "Cross-origin request refused");
        let headers = [("host", "mall.test"), ("referer", "https://evil.test/page"), ("locale", "zh_CN")];
        let form = request("POST", "/sms/sendLoginCode", FORM, "mail=a%40example.com", &headers);
        assert_eq!(app.send(form).await.bad(what), "已拒绝跨域请求");
        assert_eq!(counts(app).await, [0, 0, 0, 0, 0], "{what}: nothing changed");
        // Same origin passes the guard (and reaches the handler).
        let same = [("host", "mall.test"), ("origin", "https://mall.test")];
        send_login_code(app, "mail=a%40example.com").await.ok(what);
        let msg = sign_in_with(app, "/login", "a@example.com", "x", &same).await.bad(what);
        assert_eq!(msg, "Incorrect account or password");
        // Reads are not state changes.
        app.get_with("/currency/list", &evil).await.ok(what);
    })
    .await;
}

#[tokio::test]
async fn one_users_token_never_reads_another_users_profile() {
    common::with_seeded_apps(async |app, what| {
        let a = common::sign_up_by_mail(app, "alice@example.com").await;
        let b = common::sign_up_by_mail(app, "bob@example.com").await;
        let alice = user_info(app, &a).await.ok(what).clone();
        let bob = user_info(app, &b).await.ok(what).clone();
        assert_eq!(alice["userMail"], "alice@example.com");
        assert_eq!(bob["userMail"], "bob@example.com");
        let uri = format!("/p/user/userInfo?userId={}", bob["userId"]);
        let tried = app.get_with(&uri, &[("authorization", &format!("Bearer {a}"))]).await;
        assert_eq!(tried.ok(what)["userMail"], "alice@example.com", "{what}: the token decides, not a parameter");
        user_info(app, "0123456789abcdef0123456789abcdef").await.failed("A00004", what);
        let center = app.get_with("/p/user/centerInfo", &[("authorization", &a)]).await;
        assert_eq!(center.ok(what), &json!({"shopStatus": null, "shopId": null}));
        // A merchant's account reports the shop it runs.
        sqlx::query(&format!("UPDATE shop SET owner_user_id = {} WHERE shop_id = 3", alice["userId"]))
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        let center = app.get_with("/p/user/centerInfo", &[("authorization", &a)]).await;
        assert_eq!(center.ok(what), &json!({"shopStatus": 1, "shopId": 3}));
        let center = app.get_with("/p/user/centerInfo", &[("authorization", &b)]).await;
        assert_eq!(center.ok(what), &json!({"shopStatus": null, "shopId": null}), "{what}: not bob's");
    })
    .await;
}

/// A page's in-process call carries the session the page handler verified: the API takes the
/// user from it for that token only, and a call without it (or with another token's) looks the
/// session up as always.
#[tokio::test]
async fn a_pages_verified_session_stands_only_for_its_own_token() {
    use api::in_process::VerifiedSession;
    common::with_seeded_apps(async |app, what| {
        let (alice, token) = app.signed_in_user("Alice").await;
        let (bob, _) = app.signed_in_user("Bob").await;
        let cookie = common::session_cookie(&token);
        let call = |verified: Option<VerifiedSession>| {
            let mut request = request("GET", "/p/user/userInfo", "", Body::empty(), &[("cookie", cookie.as_str())]);
            if let Some(verified) = verified {
                request.extensions_mut().insert(verified);
            }
            app.send(request)
        };
        let verified = |token: &str, user_id: Option<i64>| Some(VerifiedSession { token: token.to_string(), user_id });
        assert_eq!(call(None).await.ok(what)["userId"], alice, "{what}: looked up");
        assert_eq!(call(verified(&token, Some(alice))).await.ok(what)["userId"], alice, "{what}: verified");

        // The session ends while the page renders: its calls answer as the page found it,
        // and nothing else does.
        common::exec(app, "DELETE FROM sessions").await;
        assert_eq!(call(verified(&token, Some(alice))).await.ok(what)["userId"], alice, "{what}: the page's lookup");
        call(None).await.failed("A00004", what);
        call(verified("another-token", Some(bob))).await.failed("A00004", what);
        call(verified(&token, None)).await.failed("A00004", what);
    })
    .await;
}

#[tokio::test]
async fn malformed_payloads_answer_a00001_and_change_nothing() {
    common::with_seeded_apps(async |app, what| {
        let before = counts(app).await;
        let cases: Vec<(&str, &str, &str, &str)> = vec![
            ("POST", "/login", "application/json", "{}"),
            ("POST", "/login", "application/json", "not json"),
            ("POST", "/login", "text/plain", r#"{"userName":"a@example.com","passWord":"x"}"#),
            ("POST", "/login", "application/json", r#"{"userName":"not-an-email@","passWord":"x"}"#),
            ("POST", "/login", "application/json", r#"{"userName":"a@example.com","passWord":""}"#),
            ("POST", "/login", "application/json", r#"{"userName":5,"passWord":"x"}"#),
            ("POST", "/mailLogin", "application/json", r#"{"userName":"85512345678","passWord":"123456"}"#),
            ("POST", "/mobileLogin", "application/json", r#"{"userName":"a@example.com","passWord":"123456"}"#),
            ("POST", "/user/signup", "application/json", r#"{"mail":"a@example.com","password":"Secret#2024"}"#),
            (
                "POST",
                "/user/signup",
                "application/json",
                r#"{"mail":"a@example.com","mobile":"85512345678","validCode":"123456","password":"Secret#2024"}"#,
            ),
            ("POST", "/user/signup", "application/json", r#"{"validCode":"123456","password":"Secret#2024"}"#),
            (
                "POST",
                "/user/signup",
                "application/json",
                r#"{"mail":"a@example.com","validCode":"123456","password":"Secret#2024"}"#,
            ),
            ("POST", "/user/checkUser", "application/json", ""),
            ("POST", "/user/checkUser?input=abc", "application/json", ""),
            ("POST", "/sms/sendLoginCode", "application/json", r#"{"mail":"a@example.com"}"#),
            ("POST", "/sms/sendLoginCode", "application/x-www-form-urlencoded", "mail=not-an-email"),
            ("POST", "/sms/sendLoginCode", "application/x-www-form-urlencoded", "mobile=12ab"),
            ("POST", "/sms/sendLoginCode", "application/x-www-form-urlencoded", ""),
            ("PUT", "/user/sendBindSms", "application/json", r#"{"mail":"85512345678"}"#),
            (
                "POST",
                "/bindMailAndThirdLogin",
                "application/json",
                r#"{"mail":"a@example.com","validCode":"123456","loginKey":"nope"}"#,
            ),
            ("POST", "/bindMailAndThirdLogin", "application/json", r#"{"mail":"a@example.com"}"#),
            ("GET", "/getThirdLoginUrl?socialType=abc&callbackUrl=x", "", ""),
            ("GET", "/getThirdLoginUrl?socialType=9&callbackUrl=http%3A%2F%2Fmall.test%2Foauth-callback", "", ""),
            ("POST", "/thirdLogin", "application/json", r#"{"socialType":3}"#),
            (
                "POST",
                "/thirdLogin",
                "application/json",
                r#"{"socialType":3,"callbackUrl":"http://mall.test/oauth-callback","authCallback":"code=x&state=unknown"}"#,
            ),
            (
                "POST",
                "/thirdLogin",
                "application/json",
                r#"{"socialType":3,"callbackUrl":"http://mall.test/oauth-callback","authCallback":"error=access_denied"}"#,
            ),
            // (`/user/sendResetCode` for an unknown account answers like a known one: see
            // tests/security.rs.)
            ("POST", "/user/sendResetCode", "application/json", r#"{"mail":"not-an-address"}"#),
            (
                "POST",
                "/user/resetPassword",
                "application/json",
                r#"{"mail":"nobody@example.com","validCode":"123456","password":"weak"}"#,
            ),
            ("GET", "/dev/mailbox", "", ""),
        ];
        for (method, uri, content_type, body) in cases {
            let answer = app.send(request(method, uri, content_type, body.to_string(), &[])).await;
            answer.bad(&format!("{what} {method} {uri} {body}"));
        }
        assert_eq!(counts(app).await, before, "{what}: nothing changed");
    })
    .await;
}

#[tokio::test]
async fn password_recovery_by_code() {
    common::with_seeded_apps(async |app, what| {
        let mail = "forgot@example.com";
        let token = common::sign_up_by_mail(app, mail).await;
        post(app, "/user/sendResetCode", json!({"mail": mail})).await.ok(what);
        let mailbox = app.get("/dev/mailbox?to=forgot%40example.com").await;
        let body = mailbox.ok(what)[0]["body"].as_str().unwrap().to_string();
        assert!(body.contains("recovery"), "{what}: {body}");
        let code = mailbox_code(app, mail).await;
        let msg = post(app, "/user/resetPassword", json!({"mail": mail, "validCode": code, "password": "weakpass"}))
            .await
            .bad(what);
        assert!(msg.contains("8 to 20"));
        // A sign-in code is not a reset code.
        age_codes(app, mail).await;
        send_login_code(app, &format!("mail={mail}")).await.ok(what);
        let login_code = mailbox_code(app, mail).await;
        if login_code != code {
            post(
                app,
                "/user/resetPassword",
                json!({"mail": mail, "validCode": login_code, "password": "New#Pass2025"}),
            )
            .await
            .bad(what);
        }
        post(app, "/user/resetPassword", json!({"mail": mail, "validCode": code, "password": "New#Pass2025"}))
            .await
            .ok(what);
        user_info(app, &token).await.failed("A00004", what);
        sign_in(app, "/login", mail, PASSWORD).await.bad(what);
        sign_in(app, "/login", mail, "New#Pass2025").await.ok(what);
        let msg =
            post(app, "/user/resetPassword", json!({"mail": mail, "validCode": code, "password": "Other#Pass2025"}))
                .await
                .bad(what);
        assert!(msg.contains("invalid or has expired"), "{msg}");
    })
    .await;
}

#[tokio::test]
async fn argon2_cost_per_sign_in() {
    let rounds = 5;
    let started = std::time::Instant::now();
    let hash = server::accounts::hash_password(PASSWORD.into()).await.unwrap();
    let hashing = started.elapsed();
    let started = std::time::Instant::now();
    for _ in 0..rounds {
        assert!(server::accounts::verify_password(PASSWORD.into(), Some(hash.clone())).await.unwrap());
    }
    let per_verify = started.elapsed() / rounds;
    assert!(!server::accounts::verify_password("wrong".into(), Some(hash)).await.unwrap());
    assert!(!server::accounts::verify_password(PASSWORD.into(), None).await.unwrap());
    println!(
        "argon2id: hash {:.1} ms, verify (one sign-in) {:.1} ms",
        hashing.as_secs_f64() * 1e3,
        per_verify.as_secs_f64() * 1e3
    );
    assert!(per_verify < std::time::Duration::from_secs(2));
}
