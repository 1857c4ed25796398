//! The wallet on every backend: the balance and its records paged newest first (top-ups
//! through the development gateway among them), top-up limits of 0.01 to 100000, a buyer
//! confined to their own records, bad input refused with nothing changed. After every test each
//! buyer's ledgers add up to what they hold.

use crate::common;

use common::{auth, exec, ledgers_balance, TestApp};
use serde_json::{json, Value};

const BALANCE_INFO: &str = api::paths::USER_BALANCE_INFO;
const BALANCE_PAGE: &str = api::paths::USER_BALANCE_PAGE;
const RECHARGE: &str = api::paths::BALANCE_RECHARGE;
const PAY_STATUS: &str = api::paths::ORDER_PAY_STATUS;
const STRIPE: i64 = 13;
const ABA: i64 = 17;

/// Money on the wire, in cents.
fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

/// What the wallet's calls could write, to show a refused call changed nothing.
async fn footprint(app: &TestApp) -> Vec<i64> {
    let mut counts = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM pay_attempt",
        "SELECT COUNT(*) FROM balance_record",
        "SELECT COUNT(*) FROM points_record",
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM users",
        "SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) FROM users",
    ] {
        counts.push(app.count(sql).await);
    }
    counts
}

/// Every payment method switched on (these tests start empty).
async fn switches_on(app: &TestApp) {
    for (code, name) in [(0, "Points"), (9, "Balance"), (13, "Stripe"), (17, "ABA PayWay")] {
        exec(app, &format!("INSERT INTO pay_switch (pay_type, pay_name, enabled, seq) VALUES ({code}, '{name}', 1, {code}) ON CONFLICT (pay_type) DO NOTHING")).await;
    }
}

/// A change of `user`'s balance with its ledger row, as the mall grants it.
async fn grant(app: &TestApp, user: i64, cents: i64, at: i64) {
    exec(app, &format!("UPDATE users SET balance = balance + {cents} WHERE user_id = {user}")).await;
    exec(
        app,
        &format!("INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, {cents}, 4, {at})"),
    )
    .await;
}

/// Tops `cents` up through the development gateway (Stripe's page, approved) and waits until
/// it is settled; answers the attempt's number.
async fn top_up(app: &TestApp, token: &str, cents_amount: i64) -> String {
    let body = json!({"amount": cents_amount as f64 / 100.0, "payType": STRIPE, "currency": "USD"});
    let started = app.post_json(RECHARGE, body.to_string(), &auth(token)).await.ok("top-up").clone();
    let pay_no = started["payNo"].as_str().unwrap().to_string();
    let url = started["action"]["url"].as_str().expect("a redirect").to_string();
    let id =
        url.split("/dev/gateway/checkout/").nth(1).unwrap().split(['?', '#', '&', '/']).next().unwrap().to_string();
    let request = common::request(
        "POST",
        &format!("/dev/gateway/checkout/{id}"),
        common::FORM,
        "decision=approve".to_string(),
        &[],
    );
    let answer = {
        use tower::ServiceExt;
        app.router().oneshot(request).await.unwrap()
    };
    assert_eq!(answer.status().as_u16(), 303);
    for _ in 0..100 {
        let status = app.get_with(&format!("{PAY_STATUS}?payNo={pay_no}"), &auth(token)).await.ok("payStatus").clone();
        if status["status"].as_i64().unwrap() != 0 {
            assert_eq!(status["status"], 1, "paid");
            return pay_no;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        app.state.db.clock.advance(3_100);
    }
    panic!("the top-up was not settled");
}

#[tokio::test]
async fn the_balance_and_its_records_page_newest_first_with_top_ups_among_them() {
    common::with_empty_apps(async |app, what| {
        switches_on(app).await;
        let (user, token) = app.signed_in_user("Wallet").await;
        let empty = app.get_with(&format!("{BALANCE_PAGE}?current=1&size=10"), &auth(&token)).await.ok(what).clone();
        assert_eq!((empty["total"].as_i64(), empty["records"].as_array().map(Vec::len)), (Some(0), Some(0)), "{what}");
        let info = app.get_with(BALANCE_INFO, &auth(&token)).await.ok(what).clone();
        assert_eq!(common::keys(&info), common::set(&["balance", "rechargeMin", "rechargeMax"]), "{what}");
        assert_eq!((cents(&info["balance"]), cents(&info["rechargeMin"])), (0, 1), "{what}");
        assert_eq!(cents(&info["rechargeMax"]), 10_000_000, "{what}");

        let now = app.state.db.now();
        for i in 0..11 {
            grant(app, user, 100 + i, now - 100_000 + i).await;
        }
        let pay_no = top_up(app, &token, 2_550).await;
        let info = app.get_with(BALANCE_INFO, &auth(&token)).await.ok(what).clone();
        let granted: i64 = (0..11).map(|i| 100 + i).sum();
        assert_eq!(cents(&info["balance"]), granted + 2_550, "{what}");

        let first = app.get_with(&format!("{BALANCE_PAGE}?current=1&size=10"), &auth(&token)).await.ok(what).clone();
        assert_eq!((first["total"].as_i64(), first["pages"].as_i64()), (Some(12), Some(2)), "{what}");
        let records = first["records"].as_array().unwrap();
        assert_eq!(records.len(), 10, "{what}");
        assert_eq!(
            common::keys(&records[0]),
            common::set(&["recordId", "change", "reason", "orderNumber", "payNo", "createTime"]),
            "{what}"
        );
        assert_eq!((cents(&records[0]["change"]), records[0]["reason"].as_i64()), (2_550, Some(3)), "{what}: newest");
        assert_eq!(records[0]["payNo"], pay_no.as_str(), "{what}");
        assert_eq!(cents(&records[1]["change"]), 110, "{what}");
        let second = app.get_with(&format!("{BALANCE_PAGE}?current=2&size=10"), &auth(&token)).await.ok(what).clone();
        let last = second["records"].as_array().unwrap();
        assert_eq!((last.len(), cents(&last[1]["change"])), (2, 100), "{what}: oldest last");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn top_ups_take_one_cent_to_one_hundred_thousand_and_a_refusal_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        switches_on(app).await;
        let (user, token) = app.signed_in_user("Limits").await;
        let before = footprint(app).await;
        for amount in [json!(0), json!(-1), json!(0.001), json!(100000.01), json!("ten"), json!(null)] {
            let body = json!({"amount": amount, "payType": STRIPE, "currency": "USD"});
            let en = app.post_json(RECHARGE, body.to_string(), &auth(&token)).await.bad(&format!("{what}: {amount}"));
            let km = app
                .post_json(RECHARGE, body.to_string(), &[("authorization", token.as_str()), ("locale", "km")])
                .await
                .bad(&format!("{what}: {amount} in Khmer"));
            assert_ne!(en, km, "{what}: the refusal is translated");
        }
        for pay_type in [0, 9, 99] {
            let body = json!({"amount": 10, "payType": pay_type, "currency": "USD"});
            app.post_json(RECHARGE, body.to_string(), &auth(&token)).await.bad(&format!("{what}: payType {pay_type}"));
        }
        for uri in [format!("{BALANCE_PAGE}?current=0"), format!("{BALANCE_PAGE}?size=x")] {
            app.get_with(&uri, &auth(&token)).await.bad(&format!("{what}: {uri}"));
        }
        assert_eq!(footprint(app).await, before, "{what}");
        // Both ends pass the rule (a gateway may still have a lower limit of its own, as the
        // development Stripe has below 0.50, and says so in its own words).
        let over = json!({"amount": 100000.01, "payType": STRIPE, "currency": "USD"});
        let range = app.post_json(RECHARGE, over.to_string(), &auth(&token)).await.bad(what);
        let body = json!({"amount": 0.01, "payType": ABA, "currency": "USD"});
        let started = app.post_json(RECHARGE, body.to_string(), &auth(&token)).await.ok(what).clone();
        assert_eq!(cents(&started["amount"]), 1, "{what}");
        let body = json!({"amount": 100000, "payType": ABA, "currency": "USD"});
        let answer = app.post_json(RECHARGE, body.to_string(), &auth(&token)).await;
        if answer.code() != "00000" {
            assert_ne!(answer.bad(what), range, "{what}: 100000 is within the rule");
        }
        assert_eq!(
            app.count(&format!("SELECT balance FROM users WHERE user_id = {user}")).await,
            0,
            "{what}: not yet paid"
        );
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_buyer_sees_only_their_own_balance_and_records_and_guests_none() {
    common::with_empty_apps(async |app, what| {
        let (sokha, sokha_token) = app.signed_in_user("Sokha").await;
        let (_, dara_token) = app.signed_in_user("Dara").await;
        grant(app, sokha, 5_000, app.state.db.now()).await;
        let dara = app.get_with(BALANCE_PAGE, &auth(&dara_token)).await.ok(what).clone();
        assert_eq!(dara["total"], 0, "{what}");
        let info = app.get_with(BALANCE_INFO, &auth(&dara_token)).await.ok(what).clone();
        assert_eq!(cents(&info["balance"]), 0, "{what}");
        let mine = app.get_with(BALANCE_PAGE, &auth(&sokha_token)).await.ok(what).clone();
        assert_eq!(mine["total"], 1, "{what}");
        for uri in [BALANCE_PAGE, BALANCE_INFO] {
            assert_eq!(app.get(uri).await.code(), "A00004", "{what}: {uri}");
        }
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn an_empty_wallet_shows_zero_on_my_assets_and_my_balance() {
    common::with_seeded_apps(async |app, what| {
        let (user, token) = app.signed_in_user("Empty Wallet").await;
        let router = common::site(app);
        let cookie = common::session_cookie(&token);
        let signed_in = [("cookie", cookie.as_str())];
        let tile = |html: &str| {
            let marker = r#"data-testid="uc-home-balance""#;
            let at = html.find(marker).expect("the balance tile");
            let start = at + html[at..].find('>').expect("the tag ends") + 1;
            html[start..].split('<').next().unwrap_or_default().to_string()
        };
        for (currency, zero, cent) in [("USD", "$0.00", "$0.01"), ("KHR", "៛0", "៛41")] {
            let (status, _, home) =
                common::page(&router, &format!("/user-center/uc-home?lang=en&currency={currency}"), &signed_in).await;
            assert_eq!(status, 200, "{what}");
            assert_eq!(tile(&home), zero, "{what}: nothing held is nothing, not the smallest price");
            let (_, _, balance) =
                common::page(&router, &format!("/user-center/uc-balance?lang=en&currency={currency}"), &signed_in)
                    .await;
            assert!(balance.contains(zero), "{what}: My Balance says {zero} too");
            grant(app, user, 1, app.state.db.now()).await;
            let (_, _, home) =
                common::page(&router, &format!("/user-center/uc-home?lang=en&currency={currency}"), &signed_in).await;
            assert_eq!(tile(&home), cent, "{what}: one cent held");
            grant(app, user, -1, app.state.db.now()).await;
        }
        ledgers_balance(app, what).await;
    })
    .await;
}

// ------------------------------------------------------------------------------------ points

const SCORE_INFO: &str = api::paths::SCORE_INFO;
const SIGN_IN: &str = api::paths::SCORE_SIGN_IN;
const SCORE_PAGE: &str = api::paths::SCORE_PAGE;
const DAY: i64 = 86_400_000;

/// A new session of `user` (sessions end while the tests move the clock by days).
async fn session(app: &TestApp, user: i64) -> String {
    server::accounts::sessions::create_session(&app.state.db, user).await.expect("session")
}

async fn sign_in(app: &TestApp, token: &str) -> common::Answer {
    app.post_json(SIGN_IN, "", &auth(token)).await
}

async fn points_of(app: &TestApp, user: i64) -> i64 {
    app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await
}

/// (signed, today) of each day of the strip.
fn strip(info: &Value) -> Vec<(bool, bool)> {
    info["days"].as_array().unwrap().iter().map(|d| (d["signed"] == true, d["today"] == true)).collect()
}

#[tokio::test]
async fn the_daily_sign_in_follows_a_seven_day_cycle_and_a_missed_day_starts_it_again() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = app.signed_in_user("Daily").await;
        let info = app.get_with(SCORE_INFO, &auth(&token)).await.ok(what).clone();
        assert_eq!(
            common::keys(&info),
            common::set(&[
                "score",
                "signedToday",
                "streak",
                "todayReward",
                "days",
                "validYears",
                "centsPerPoint",
                "reviewPoints"
            ]),
            "{what}"
        );
        assert_eq!(
            (info["score"].as_i64(), info["signedToday"].as_bool(), info["todayReward"].as_i64()),
            (Some(0), Some(false), Some(10))
        );
        assert_eq!(strip(&info)[0], (false, true), "{what}: day 1 is today");
        let rewards = api::wallet::SIGN_IN_REWARDS;
        let mut total = 0;
        for day in 1..=9_i64 {
            let token = session(app, user).await;
            let signed = sign_in(app, &token).await.ok(what).clone();
            let expected = rewards[((day - 1) % 7) as usize];
            total += expected;
            assert_eq!(
                (signed["points"].as_i64(), signed["streak"].as_i64()),
                (Some(expected), Some(day)),
                "{what}: day {day}"
            );
            assert_eq!(signed["score"].as_i64(), Some(total), "{what}");
            let info = app.get_with(SCORE_INFO, &auth(&token)).await.ok(what).clone();
            assert_eq!(info["signedToday"], true, "{what}");
            let place = ((day - 1) % 7) as usize;
            assert_eq!(strip(&info)[place], (true, true), "{what}: day {day}");
            assert_eq!(strip(&info).iter().filter(|d| d.0).count(), place + 1, "{what}: day {day}");
            // A second sign-in the same day is refused and gives nothing.
            let before = points_of(app, user).await;
            sign_in(app, &token).await.bad(what);
            assert_eq!(points_of(app, user).await, before, "{what}");
            app.state.db.clock.advance(DAY);
        }
        // A missed day: the cycle starts again at day 1.
        app.state.db.clock.advance(DAY);
        let token = session(app, user).await;
        let info = app.get_with(SCORE_INFO, &auth(&token)).await.ok(what).clone();
        assert_eq!((info["streak"].as_i64(), info["todayReward"].as_i64()), (Some(0), Some(10)), "{what}");
        assert_eq!(strip(&info).iter().filter(|d| d.0).count(), 0, "{what}");
        let signed = sign_in(app, &token).await.ok(what).clone();
        assert_eq!((signed["points"].as_i64(), signed["streak"].as_i64()), (Some(10), Some(1)), "{what}");
        let records = app.get_with(&format!("{SCORE_PAGE}?size=5"), &auth(&token)).await.ok(what).clone();
        assert_eq!(records["total"].as_i64(), Some(10), "{what}");
        let newest = &records["records"][0];
        assert_eq!(common::keys(newest), common::set(&["recordId", "change", "reason", "orderNumber", "createTime"]));
        assert_eq!((newest["change"].as_i64(), newest["reason"].as_i64()), (Some(10), Some(6)), "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_sign_ins_on_one_day_rewards_once() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = app.signed_in_user("Burst").await;
        let calls = (0..16).map(|_| sign_in(app, &token));
        let answers = futures::future::join_all(calls).await;
        let passed = answers.iter().filter(|a| a.code() == "00000").count();
        assert_eq!(passed, 1, "{what}: {:?}", answers.iter().map(|a| a.code().to_string()).collect::<Vec<_>>());
        assert!(answers.iter().all(|a| matches!(a.code(), "00000" | "A00001")), "{what}");
        assert_eq!(points_of(app, user).await, 10, "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM sign_in WHERE user_id = {user}")).await, 1, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn points_not_used_expire_after_two_years_once_as_expired_records() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = app.signed_in_user("Expiry").await;
        let (other, _) = app.signed_in_user("Fresh").await;
        sign_in(app, &token).await.ok(what);
        // 100 points granted, 30 of them spent: 80 of the old points are left.
        let now = app.state.db.now();
        exec(app, &format!("UPDATE users SET points = points + 100 WHERE user_id = {user}")).await;
        exec(app, &format!("INSERT INTO points_record (user_id, delta, reason, created_at) VALUES ({user}, 100, 3, {now})")).await;
        exec(app, &format!("UPDATE users SET points = points - 30 WHERE user_id = {user}")).await;
        exec(app, &format!("INSERT INTO points_record (user_id, delta, reason, order_number, created_at) VALUES ({user}, -30, 1, '1', {})", now + 1)).await;
        assert_eq!(points_of(app, user).await, 80, "{what}");
        // Nothing expires before its time.
        app.state.db.clock.advance(api::wallet::POINTS_VALID_DAYS * DAY - 2 * DAY);
        assert_eq!(server::wallet::run_once(&app.state.db).await.unwrap(), 0, "{what}");
        let (token, other_token) = (session(app, user).await, session(app, other).await);
        sign_in(app, &other_token).await.ok(what);
        sign_in(app, &token).await.ok(what);
        app.state.db.clock.advance(3 * DAY);
        // Two passes at once, then one more: the old 80 points expire once; today's stay.
        let (a, b) = tokio::join!(server::wallet::run_once(&app.state.db), server::wallet::run_once(&app.state.db));
        assert_eq!(a.unwrap() + b.unwrap(), 1, "{what}");
        assert_eq!(server::wallet::run_once(&app.state.db).await.unwrap(), 0, "{what}");
        assert_eq!(points_of(app, user).await, 10, "{what}: the new sign-in's points stay");
        assert_eq!(points_of(app, other).await, 10, "{what}");
        let token = session(app, user).await;
        let records = app.get_with(SCORE_PAGE, &auth(&token)).await.ok(what).clone();
        let newest = &records["records"][0];
        assert_eq!((newest["change"].as_i64(), newest["reason"].as_i64()), (Some(-80), Some(9)), "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM points_record WHERE reason = 9").await, 1, "{what}");
        // A day later, the pass finds nothing more.
        app.state.db.clock.advance(DAY);
        assert_eq!(server::wallet::run_once(&app.state.db).await.unwrap(), 0, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn points_records_are_the_buyers_own_and_bad_paging_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        let (_, sokha) = app.signed_in_user("Sokha").await;
        let (_, dara) = app.signed_in_user("Dara").await;
        sign_in(app, &sokha).await.ok(what);
        let theirs = app.get_with(SCORE_PAGE, &auth(&dara)).await.ok(what).clone();
        assert_eq!(theirs["total"], 0, "{what}");
        let info = app.get_with(SCORE_INFO, &auth(&dara)).await.ok(what).clone();
        assert_eq!((info["score"].as_i64(), info["signedToday"].as_bool()), (Some(0), Some(false)), "{what}");
        let before = footprint(app).await;
        for uri in [format!("{SCORE_PAGE}?current=-1"), format!("{SCORE_PAGE}?size=abc")] {
            app.get_with(&uri, &auth(&dara)).await.bad(&format!("{what}: {uri}"));
        }
        for uri in [SCORE_PAGE, SCORE_INFO] {
            assert_eq!(app.get(uri).await.code(), "A00004", "{what}: {uri}");
        }
        assert_eq!(app.post_json(SIGN_IN, "", &[]).await.code(), "A00004", "{what}");
        assert_eq!(footprint(app).await, before, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

// ------------------------------------------------------------------- the forms (record 0186)

#[tokio::test]
async fn the_daily_sign_in_is_a_form_that_returns_with_the_points_or_the_refusal() {
    common::with_empty_apps(async |app, what| {
        let router = common::site(app);
        let back = "/user-center/uc-integral?lang=km";
        let form = format!("back={}", common::urlencode(back));

        // A guest signs in first and comes back to My Points.
        let (status, location, _) = crate::forms::post(&router, api::forms::SCORE_SIGN_IN, &form, &[]).await;
        assert_eq!((status, location.as_str()), (303, "/login?redirect=%2Fuser-center%2Fuc-integral%3Flang%3Dkm"));

        let (user, token) = app.signed_in_user("Form Daily").await;
        let session = common::session_cookie(&token);
        let (_, _, html) = common::page(&router, back, &[("cookie", &session)]).await;
        assert!(html.contains(r#"action="/score/sign-in""#) && html.contains(r#"data-testid="wallet-sign-in-submit""#));
        assert!(!html.contains("RecordsIsland"), "{what}: My Points needs no lazy island");

        let (status, location, cookies) =
            crate::forms::post(&router, api::forms::SCORE_SIGN_IN, &form, &[("cookie", &session)]).await;
        assert_eq!((status, location.as_str()), (303, back), "{what}");
        let flash = crate::forms::cookie_pair(&cookies, "flash").expect("a message");
        assert_eq!(flash, "flash=s~wallet-sign-in-done~points.10", "{what}");
        assert_eq!(points_of(app, user).await, 10, "{what}");

        // The page says so once, in the page language, and shows today signed.
        let (_, _, html) = common::page(&router, back, &[("cookie", &format!("{session}; {flash}"))]).await;
        let done = i18n::t_args(i18n::Lang::Km, "wallet-sign-in-done", &[("points", "10")]);
        assert!(html.contains(r#"data-testid="flash-success""#) && html.contains(&done), "{what}: {html}");
        assert!(html.contains(r#"data-signed="true""#), "{what}");

        // A second one the same day: refused in the API's words, nothing changed.
        let before = footprint(app).await;
        let (status, location, cookies) =
            crate::forms::post(&router, api::forms::SCORE_SIGN_IN, &form, &[("cookie", &session)]).await;
        assert_eq!((status, location.as_str()), (303, back), "{what}");
        assert_eq!(crate::forms::cookie_pair(&cookies, "flash").as_deref(), Some("flash=e~error-sign-in-done"));
        assert_eq!(footprint(app).await, before, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_sign_in_form_sent_twice_at_once_rewards_once() {
    common::with_empty_apps(async |app, what| {
        let router = common::site(app);
        let (user, token) = app.signed_in_user("Form Twice").await;
        let session = common::session_cookie(&token);
        let form = "back=%2Fuser-center%2Fuc-integral";
        let headers = [("cookie", session.as_str())];
        let posts = (0..4).map(|_| crate::forms::post(&router, api::forms::SCORE_SIGN_IN, form, &headers));
        let answers = futures::future::join_all(posts).await;
        let flashes: Vec<String> =
            answers.iter().map(|(_, _, cookies)| crate::forms::cookie_pair(cookies, "flash").unwrap()).collect();
        assert!(answers.iter().all(|(status, location, _)| *status == 303 && location == "/user-center/uc-integral"));
        assert_eq!(flashes.iter().filter(|f| f.starts_with("flash=s~")).count(), 1, "{what}: {flashes:?}");
        assert_eq!(flashes.iter().filter(|f| *f == "flash=e~error-sign-in-done").count(), 3, "{what}: {flashes:?}");
        assert_eq!(points_of(app, user).await, 10, "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM sign_in WHERE user_id = {user}")).await, 1, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn the_top_up_form_refuses_a_bad_amount_or_method_and_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        switches_on(app).await;
        let router = common::site(app);
        let (_, token) = app.signed_in_user("Form Limits").await;
        let session = common::session_cookie(&token);
        let back = "/user-center/uc-balance?lang=en";
        let (_, _, html) = common::page(&router, back, &[("cookie", &session)]).await;
        assert!(html.contains(r#"action="/balance/recharge""#) && html.contains(r#"name="amount""#), "{what}");
        assert!(html.contains(r#"name="payType" value="13""#) && !html.contains(r#"name="payType" value="9""#));
        assert!(!html.contains("RecordsIsland"), "{what}: My Balance needs no lazy island");

        let before = footprint(app).await;
        let back_field = common::urlencode(back);
        for (fields, flash) in [
            ("amount=&payType=13", "flash=e~wallet-top-up-amount-empty"),
            ("amount=12.345&payType=13", "flash=e~wallet-top-up-amount-invalid"),
            ("amount=ten&payType=13", "flash=e~wallet-top-up-amount-invalid"),
            ("amount=0&payType=13", "flash=e~error-recharge-range~min.0.01~max.100000"),
            ("amount=100000.01&payType=13", "flash=e~error-recharge-range~min.0.01~max.100000"),
            ("amount=25", "flash=e~wallet-top-up-no-method"),
            ("amount=25&payType=9", "flash=e~error-invalid-field~field.payType"),
        ] {
            let form = format!("{fields}&currency=USD&back={back_field}");
            let (status, location, cookies) =
                crate::forms::post(&router, api::forms::BALANCE_RECHARGE, &form, &[("cookie", &session)]).await;
            // The amount returns as typed (the fields here need no encoding).
            let typed = fields.split('&').find_map(|pair| pair.strip_prefix("amount=")).unwrap_or_default();
            let expected = format!("{back}&{}={typed}", api::forms::TYPED_AMOUNT);
            assert_eq!((status, location.as_str()), (303, expected.as_str()), "{what}: {fields}");
            assert_eq!(crate::forms::cookie_pair(&cookies, "flash").as_deref(), Some(flash), "{what}: {fields}");
        }
        assert_eq!(footprint(app).await, before, "{what}: nothing started");

        // The page shows the refusal beside the form too, in the page language.
        let flash = "flash=e~error-recharge-range~min.0.01~max.100000";
        let refused = format!("{back}&amount=100000.01");
        let (_, _, html) = common::page(&router, &refused, &[("cookie", &format!("{session}; {flash}"))]).await;
        let range = i18n::t_args(i18n::Lang::En, "error-recharge-range", &[("min", "0.01"), ("max", "100000")]);
        assert!(html.contains(r#"data-testid="flash-error""#) && html.contains(&range), "{what}: {html}");
        assert!(html.contains(r#"aria-invalid="true""#), "{what}");
        assert!(html.contains(r#"value="100000.01""#), "{what}: the amount as typed");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn the_top_up_form_goes_on_to_the_gateway_or_to_the_counter_taking_its_step() {
    common::with_empty_apps(async |app, what| {
        switches_on(app).await;
        let router = common::site(app);
        let (user, token) = app.signed_in_user("Form Top-up").await;
        let session = common::session_cookie(&token);
        let back = common::urlencode("/user-center/uc-balance");
        let attempts = || app.count("SELECT COUNT(*) FROM pay_attempt");

        // Stripe's page is the gateway's own: the buyer goes there at once.
        let form = format!("amount=25.50&payType={STRIPE}&currency=USD&back={back}");
        let (status, location, _) =
            crate::forms::post(&router, api::forms::BALANCE_RECHARGE, &form, &[("cookie", &session)]).await;
        assert_eq!(status, 303, "{what}");
        assert!(location.contains("/dev/gateway/checkout/"), "{what}: {location}");
        assert_eq!(attempts().await, 1, "{what}");
        let amount = app.count("SELECT amount FROM pay_attempt").await;
        assert_eq!(amount, 2_550, "{what}");
        // Sent again (a second tap): the same attempt, the same page.
        let (_, again, _) =
            crate::forms::post(&router, api::forms::BALANCE_RECHARGE, &form, &[("cookie", &session)]).await;
        assert_eq!((again, attempts().await), (location, 1), "{what}");

        // ABA PayWay's checkout is a form to post: the counter takes that step as it loads.
        let form = format!("amount=10&payType={ABA}&currency=USD&back={back}");
        let (status, location, _) =
            crate::forms::post(&router, api::forms::BALANCE_RECHARGE, &form, &[("cookie", &session)]).await;
        assert_eq!(status, 303, "{what}");
        let pay_no = location
            .strip_prefix("/payment?payNo=")
            .and_then(|rest| rest.strip_suffix("&gateway=1"))
            .unwrap_or_else(|| panic!("{what}: {location}"))
            .to_string();
        let status = app.get_with(&format!("{PAY_STATUS}?payNo={pay_no}"), &auth(&token)).await.ok(what).clone();
        assert_eq!((status["status"].as_i64(), status["payKind"].as_i64()), (Some(0), Some(2)), "{what}");
        assert_eq!(status["action"]["kind"], "form", "{what}: {status}");
        let (page_status, _, _) = common::page(&router, &location, &[("cookie", &session)]).await;
        assert_eq!(page_status, 200, "{what}");
        assert_eq!(common::balance_of(app, user).await, 0, "{what}: not yet paid");
        ledgers_balance(app, what).await;
    })
    .await;
}
