//! The OAuth2 flow against a fake provider on loopback, the logout link, and the development
//! provider that stands in for unconfigured social types.

use super::*;

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
        assert!(set_cookie(&answer).starts_with(&common::session_cookie(&token2)));
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

        let link = request("GET", "/logout", "", Body::empty(), &[("cookie", &common::session_cookie(&token))]);
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
