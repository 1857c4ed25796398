//! Third-party accounts bound through the OAuth flow, unbound, and never the last way to sign in.

use super::*;

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
