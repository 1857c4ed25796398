//! Accounts on every backend: sign-up and sign-in by password and one-time codes, counted and
//! limited failures, single-use expiring codes, the session cookie, CSRF, profile isolation,
//! malformed payloads, sign-out, password recovery, and the OAuth2 flow against a fake
//! provider running on loopback.

use crate::common;

use axum::body::Body;
use axum::http::Request;
use common::{mailbox_code, request, urlencode, Answer, TestApp, FORM, PASSWORD};
use serde_json::{json, Value};
use server::config::OAuthProvider;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

fn set_cookie(answer: &Answer) -> String {
    answer.headers.get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

async fn post(app: &TestApp, uri: &str, body: Value) -> Answer {
    app.post_json(uri, body.to_string(), &[]).await
}

async fn post_with(app: &TestApp, uri: &str, body: Value, headers: &[(&str, &str)]) -> Answer {
    app.post_json(uri, body.to_string(), headers).await
}

async fn put(app: &TestApp, uri: &str, body: Value) -> Answer {
    app.send(request("PUT", uri, "application/json", body.to_string(), &[])).await
}

async fn send_login_code(app: &TestApp, form: &str) -> Answer {
    app.post_form("/sms/sendLoginCode", form).await
}

/// Lets the resend interval pass (moves the test's clock).
async fn age_codes(app: &TestApp, _identifier: &str) {
    app.state.db.clock.advance(61_000);
}

/// Signs in at `path` (`/login`, `/mailLogin`, `/mobileLogin`): every sign-in form posts the
/// account as `userName` and the password or code as `passWord`.
async fn sign_in(app: &TestApp, path: &str, user: &str, secret: &str) -> Answer {
    sign_in_with(app, path, user, secret, &[]).await
}

async fn sign_in_with(app: &TestApp, path: &str, user: &str, secret: &str, headers: &[(&str, &str)]) -> Answer {
    post_with(app, path, json!({"userName": user, "passWord": secret}), headers).await
}

async fn user_info(app: &TestApp, token: &str) -> Answer {
    app.get_with("/p/user/userInfo", &[("authorization", token)]).await
}

async fn counts(app: &TestApp) -> [i64; 5] {
    [
        app.count("SELECT COUNT(*) FROM users").await,
        app.count("SELECT COUNT(*) FROM sessions").await,
        app.count("SELECT COUNT(*) FROM one_time_codes").await,
        app.count("SELECT COUNT(*) FROM outbox").await,
        app.count("SELECT COUNT(*) FROM user_identities").await,
    ]
}

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
        assert!(cookie.starts_with(&format!("token={token}")), "{what}: {cookie}");
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
        let cookie = format!("token={first}");
        let answer = sign_in_with(app, "/login", mail, PASSWORD, &[("cookie", &cookie)]).await;
        let second = answer.access_token(what);
        user_info(app, &first).await.failed("A00004", what);
        let by_cookie = app.get_with("/p/user/userInfo", &[("cookie", &format!("lang=en; token={second}"))]).await;
        by_cookie.ok(what);

        let answer = post_with(app, "/logOut", json!({}), &[("cookie", &format!("token={second}"))]).await;
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
        let cookie = format!("token={token}");
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

// ---------------------------------------------------------------- OAuth2 with a fake provider

#[derive(Default)]
struct Fake {
    /// code -> (challenge, redirect_uri)
    codes: HashMap<String, (String, String)>,
    /// access token -> profile
    tokens: HashMap<String, Value>,
    profile: Value,
}

type FakeState = Arc<Mutex<Fake>>;

/// A tiny OAuth2 provider: `/authorize` approves at once, `/token` checks client, redirect URI
/// and PKCE, `/userinfo` answers the profile of a bearer token.
async fn fake_provider() -> (String, FakeState) {
    use axum::extract::{Form, Query, State};
    use axum::http::{HeaderMap, StatusCode};
    use axum::response::{IntoResponse, Redirect};
    use axum::routing::{get, post};

    async fn authorize(
        State(s): State<FakeState>,
        Query(q): Query<HashMap<String, String>>,
    ) -> axum::response::Response {
        let ok = q.get("response_type").map(String::as_str) == Some("code")
            && q.get("client_id").map(String::as_str) == Some("mall-client")
            && q.get("code_challenge_method").map(String::as_str) == Some("S256");
        let redirect = q.get("redirect_uri").cloned().unwrap_or_default();
        let state = q.get("state").cloned().unwrap_or_default();
        if !ok {
            return Redirect::to(&format!("{redirect}?error=invalid_request&state={state}")).into_response();
        }
        let code = format!("code{}", rand::random::<u64>());
        s.lock().unwrap().codes.insert(code.clone(), (q["code_challenge"].clone(), redirect.clone()));
        Redirect::to(&format!("{redirect}?code={code}&state={state}&scope=email")).into_response()
    }

    async fn token(State(s): State<FakeState>, Form(f): Form<HashMap<String, String>>) -> axum::response::Response {
        let mut fake = s.lock().unwrap();
        let Some((challenge, redirect)) = f.get("code").and_then(|c| fake.codes.remove(c)) else {
            return (StatusCode::BAD_REQUEST, axum::Json(json!({"error": "invalid_grant"}))).into_response();
        };
        let verifier = f.get("code_verifier").cloned().unwrap_or_default();
        let good = f.get("grant_type").map(String::as_str) == Some("authorization_code")
            && f.get("client_id").map(String::as_str) == Some("mall-client")
            && f.get("client_secret").map(String::as_str) == Some("s3cret")
            && f.get("redirect_uri") == Some(&redirect)
            && server::accounts::oauth::pkce_challenge(&verifier) == challenge;
        if !good {
            return (StatusCode::BAD_REQUEST, axum::Json(json!({"error": "invalid_grant"}))).into_response();
        }
        let access = format!("at{}", rand::random::<u64>());
        let profile = fake.profile.clone();
        fake.tokens.insert(access.clone(), profile);
        axum::Json(json!({"access_token": access, "token_type": "Bearer", "expires_in": 3600})).into_response()
    }

    async fn userinfo(State(s): State<FakeState>, headers: HeaderMap) -> axum::response::Response {
        let token = headers.get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        match token.and_then(|t| s.lock().unwrap().tokens.get(t).cloned()) {
            Some(profile) => axum::Json(profile).into_response(),
            None => StatusCode::UNAUTHORIZED.into_response(),
        }
    }

    let state: FakeState = Arc::default();
    let router = axum::Router::new()
        .route("/authorize", get(authorize))
        .route("/token", post(token))
        .route("/userinfo", get(userinfo))
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    (base, state)
}

/// Runs the browser's part: provider URL -> approval -> the query string it comes back with.
async fn authorize(app: &TestApp, callback: &str) -> String {
    let uri = format!("/getThirdLoginUrl?socialType=3&callbackUrl={}", urlencode(callback));
    let answer = app.get(&uri).await;
    let url = answer.ok("third login url").as_str().unwrap().to_string();
    assert!(
        url.contains("code_challenge_method=S256") && url.contains("state=") && url.contains("client_id=mall-client"),
        "{url}"
    );
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let response = client.get(&url).send().await.unwrap();
    let location = response.headers()["location"].to_str().unwrap().to_string();
    assert!(location.starts_with(callback), "{location}");
    location.split_once('?').unwrap().1.to_string()
}

#[tokio::test]
async fn oauth_sign_in_with_binding_against_a_fake_provider() {
    let (base, fake) = fake_provider().await;
    let callback = "http://mall.test/oauth-callback";
    for app in common::apps().await {
        let app = app.reconfigure(|c| {
            c.google = OAuthProvider {
                auth_url: format!("{base}/authorize"),
                token_url: format!("{base}/token"),
                userinfo_url: format!("{base}/userinfo"),
                client_id: Some("mall-client".into()),
                client_secret: Some("s3cret".into()),
                scope: "openid email profile".into(),
            };
            c.facebook.client_id = None;
        });
        let what = app.label();
        fake.lock().unwrap().profile = json!({"sub": "g-1001", "email": "ann@example.com", "email_verified": true, "name": "Ann Example", "picture": "https://img.test/ann.png"});

        // First sign-in: not bound yet, so a loginKey for the bind-email dialog.
        let auth_callback = authorize(&app, callback).await;
        let body = json!({"socialType": 3, "callbackUrl": callback, "authCallback": auth_callback});
        let answer = post(&app, "/thirdLogin", body.clone()).await;
        let data = answer.ok(what).clone();
        assert!(data.get("accessToken").is_none(), "{what}: {data}");
        let login_key = data["thirdLoginVO"]["loginKey"].as_str().unwrap().to_string();
        // The dialog starts from the address the provider returned.
        assert_eq!(data["thirdLoginVO"]["email"], "ann@example.com", "{what}: {data}");
        // The state is single use.
        post(&app, "/thirdLogin", body).await.bad(what);

        // Bind an e-mail with a code: a new buyer with the provider's name and picture.
        put(&app, "/user/sendBindSms", json!({"mail": "ann@example.com"})).await.ok(what);
        let code = mailbox_code(&app, "ann@example.com").await;
        let msg = post(
            &app,
            "/bindMailAndThirdLogin",
            json!({"mail": "ann@example.com", "validCode": code, "loginKey": "forged"}),
        )
        .await
        .bad(what);
        assert!(msg.contains("expired"), "{msg}");
        let answer = post(
            &app,
            "/bindMailAndThirdLogin",
            json!({"mail": "ann@example.com", "validCode": code, "loginKey": login_key}),
        )
        .await;
        let token = answer.access_token(what);
        assert!(set_cookie(&answer).contains("HttpOnly"));
        let info = user_info(&app, &token).await.ok(what).clone();
        assert_eq!(info["userMail"], "ann@example.com");
        assert_eq!(info["nickName"], "Ann Example");
        assert_eq!(info["pic"], "https://img.test/ann.png");
        age_codes(&app, "ann@example.com").await;
        put(&app, "/user/sendBindSms", json!({"mail": "ann@example.com"})).await.ok(what);
        let code = mailbox_code(&app, "ann@example.com").await;
        post(
            &app,
            "/bindMailAndThirdLogin",
            json!({"mail": "ann@example.com", "validCode": code, "loginKey": login_key}),
        )
        .await
        .bad(what);

        // Second sign-in: bound, so a token (and cookie) at once, for the same buyer.
        let auth_callback = authorize(&app, callback).await;
        let answer = post(
            &app,
            "/thirdLogin",
            json!({"socialType": 3, "callbackUrl": callback, "authCallback": format!("?{auth_callback}")}),
        )
        .await;
        let token2 = answer.access_token(what);
        assert!(set_cookie(&answer).starts_with(&format!("token={token2}")));
        assert_eq!(user_info(&app, &token2).await.ok(what)["userId"], info["userId"]);

        // A tampered code, a callback URL that differs from the one asked for, a refusal.
        let auth_callback = authorize(&app, callback).await;
        let tampered = auth_callback.replacen("code=code", "code=forged", 1);
        let msg =
            post(&app, "/thirdLogin", json!({"socialType": 3, "callbackUrl": callback, "authCallback": tampered}))
                .await
                .bad(what);
        assert!(msg.contains("failed"), "{msg}");
        let auth_callback = authorize(&app, callback).await;
        post(
            &app,
            "/thirdLogin",
            json!({"socialType": 3, "callbackUrl": "http://mall.test/google/callback", "authCallback": auth_callback}),
        )
        .await
        .bad(what);
        let state = auth_callback.split("state=").nth(1).unwrap().split('&').next().unwrap();
        let msg = post(&app, "/thirdLogin", json!({"socialType": 3, "callbackUrl": callback, "authCallback": format!("error=access_denied&state={state}")})).await.bad(what);
        assert!(msg.contains("cancelled"), "{msg}");
        app.get(&format!("/getThirdLoginUrl?socialType=3&callbackUrl={}", urlencode("https://evil.test/steal")))
            .await
            .bad(what);
        let url = app.get(&format!("/getThirdLoginUrl?socialType=4&callbackUrl={}", urlencode(callback))).await;
        assert!(
            url.ok(what).as_str().unwrap().starts_with("/api/dev/oauth/authorize?"),
            "{what}: development stand-in"
        );

        // The user centre's binding: a signed-in buyer binds another provider account.
        fake.lock().unwrap().profile = json!({"sub": "g-2002", "name": "Bob"});
        let bob = common::sign_up_by_mail(&app, "bob@example.com").await;
        let auth_callback = authorize(&app, callback).await;
        let answer =
            post(&app, "/thirdLogin", json!({"socialType": 3, "callbackUrl": callback, "authCallback": auth_callback}))
                .await;
        let key = answer.ok(what)["thirdLoginVO"]["loginKey"].as_str().unwrap().to_string();
        post(&app, "/user/registerOrBindUser", json!({"loginKey": key})).await.failed("A00004", what);
        post_with(&app, "/user/registerOrBindUser", json!({"loginKey": key}), &[("authorization", &bob)])
            .await
            .ok(what);
        let auth_callback = authorize(&app, callback).await;
        let answer =
            post(&app, "/thirdLogin", json!({"socialType": 3, "callbackUrl": callback, "authCallback": auth_callback}))
                .await;
        let token = answer.access_token(what);
        assert_eq!(user_info(&app, &token).await.ok(what)["userMail"], "bob@example.com");
        assert_eq!(app.count("SELECT COUNT(*) FROM user_identities").await, 2);
        app.finish().await;
    }
}

#[tokio::test]
async fn the_logout_link_ends_the_session_and_goes_home() {
    use tower::ServiceExt;
    common::with_seeded_apps(async |app, what| {
        let token = common::sign_up_by_mail(app, "leaver@example.com").await;
        let page = server::accounts::logout::router(app.state.clone());
        let cookie = format!("lang=km; token={token}");
        let link =
            request("GET", "/logout", "", Body::empty(), &[("cookie", &cookie), ("sec-fetch-site", "cross-site")]);
        let response = page.clone().oneshot(link).await.unwrap();
        assert_eq!(response.status(), 303, "{what}");
        assert!(response.headers().get("set-cookie").is_none(), "{what}: another site's link signs nobody out");
        user_info(app, &token).await.ok(what);

        let link = request("GET", "/logout", "", Body::empty(), &[("cookie", &format!("token={token}"))]);
        let response = page.oneshot(link).await.unwrap();
        assert_eq!(response.status(), 303, "{what}");
        assert_eq!(response.headers()["location"], "/index");
        let cookie = response.headers()["set-cookie"].to_str().unwrap();
        assert!(cookie.starts_with("token=;") && cookie.contains("Max-Age=0"), "{cookie}");
        user_info(app, &token).await.failed("A00004", what);
    })
    .await;
}

/// Sends a request to the API router and returns status, headers and body text (for the
/// development provider's HTML page and redirects).
async fn raw(app: &TestApp, request: Request<Body>) -> (u16, axum::http::HeaderMap, String) {
    use tower::ServiceExt;
    let response = server::routes::api_router(app.state.clone()).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    (status, headers, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn the_development_provider_stands_in_for_unconfigured_social_types() {
    let callback = "http://mall.test/oauth-callback";
    for app in common::apps().await {
        let app = app.reconfigure(|c| c.facebook.client_id = None);
        let what = app.label();
        let answer = app.get(&format!("/getThirdLoginUrl?socialType=4&callbackUrl={}", urlencode(callback))).await;
        let url = answer.ok(what).as_str().unwrap().to_string();
        let path = url.strip_prefix("/api").unwrap().to_string();
        let (status, _, html) = raw(&app, request("GET", &path, "", Body::empty(), &[])).await;
        assert_eq!(status, 200, "{what}");
        assert!(html.contains("dev-oauth-approve"), "{html}");

        // Approve as a chosen account id: back with code and state; unbound, so a loginKey.
        let mut form: Vec<(String, String)> = serde_urlencoded::from_str(url.split_once('?').unwrap().1).unwrap();
        form.push(("subject".into(), "fb-dev-1".into()));
        form.push(("name".into(), "Dev Fan".into()));
        let approve = |decision: &str| {
            let mut f = form.clone();
            f.push(("decision".into(), decision.into()));
            request("POST", "/dev/oauth/authorize", FORM, serde_urlencoded::to_string(&f).unwrap(), &[])
        };
        let (status, headers, _) = raw(&app, approve("approve")).await;
        assert_eq!(status, 303, "{what}");
        let location = headers["location"].to_str().unwrap().to_string();
        assert!(location.starts_with(callback), "{location}");
        let auth_callback = location.split_once('?').unwrap().1.to_string();
        let body = json!({"socialType": 4, "callbackUrl": callback, "authCallback": auth_callback});
        let answer = post(&app, "/thirdLogin", body.clone()).await;
        let key = answer.ok(what)["thirdLoginVO"]["loginKey"].as_str().unwrap().to_string();
        put(&app, "/user/sendBindSms", json!({"mail": "fan@example.com"})).await.ok(what);
        let code = mailbox_code(&app, "fan@example.com").await;
        let answer = post(
            &app,
            "/bindMailAndThirdLogin",
            json!({"mail": "fan@example.com", "validCode": code, "loginKey": key}),
        )
        .await;
        let token = answer.access_token(what);
        assert_eq!(user_info(&app, &token).await.ok(what)["nickName"], "Dev Fan");

        // The code works once; a refusal comes back as an error.
        post(&app, "/thirdLogin", body).await.bad(what);
        let (status, headers, _) = raw(&app, approve("deny")).await;
        assert_eq!(status, 303);
        let denied = headers["location"].to_str().unwrap().split_once('?').unwrap().1.to_string();
        let msg = post(&app, "/thirdLogin", json!({"socialType": 4, "callbackUrl": callback, "authCallback": denied}))
            .await
            .bad(what);
        assert!(msg.contains("cancelled"), "{msg}");

        // Outside development (SMTP configured, not in development mode) it does not exist.
        let app = app.reconfigure(|c| {
            c.smtp_url = Some("smtp://127.0.0.1:2525".into());
            c.dev_mode = false;
        });
        let msg =
            app.get(&format!("/getThirdLoginUrl?socialType=4&callbackUrl={}", urlencode(callback))).await.bad(what);
        assert!(msg.contains("not available"), "{msg}");
        app.get(&path).await.failed("A00001", what);
        app.get("/dev/mailbox?to=fan%40example.com").await.failed("A00001", what);
        app.finish().await;
    }
}
