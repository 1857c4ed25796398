//! Favourites and footprints on every backend: toggling a favourite product (any body form of
//! the shop toggle), its page, count and `isCollection`, removing one; the followed shops'
//! page and unfollowing; footprints recorded form-encoded, one per product and day, at most
//! 200 per buyer, listed newest first with their day, deleted one, a day or all. Guests get
//! `A00004`, bad input `A00001` with nothing changed, another buyer's entries are never seen
//! or touched, and a parallel burst of toggles ends consistent.

use crate::common;

use api::favourites::{day_number, day_text, DAY_MS, MAX_FOOTPRINTS};
use api::paths;
use axum::body::Body;
use common::{keys, set, Answer, TestApp, FORM, SHOP_CARD};
use serde_json::Value;

async fn call(app: &TestApp, method: &str, uri: &str, content_type: &str, body: &str, token: &str) -> Answer {
    let headers: Vec<(&str, &str)> = if token.is_empty() { vec![] } else { vec![("authorization", token)] };
    app.send(common::request(method, uri, content_type, body.to_string(), &headers)).await
}

async fn get(app: &TestApp, uri: &str, token: &str) -> Answer {
    call(app, "GET", uri, "", "", token).await
}

async fn toggle(app: &TestApp, token: &str, body: &str, what: &str) -> bool {
    let answer = call(app, "POST", paths::USER_COLLECTION_ADD_OR_CANCEL, "application/json", body, token).await;
    answer.ok(&format!("{what}: toggle {body}")).as_bool().expect("a boolean")
}

async fn record(app: &TestApp, token: &str, prod_id: i64) -> Answer {
    call(app, "POST", paths::RECENT_BROWSE, FORM, &format!("prodId={prod_id}"), token).await
}

/// A new session of `user`: moving the clock by a day ends the 30-minute idle sessions.
async fn new_session(app: &TestApp, user: i64) -> String {
    server::accounts::sessions::create_session(&app.state.db, user).await.expect("session")
}

/// Ids of on-shelf products in online shops, lowest first.
async fn on_sale(app: &TestApp, n: usize) -> Vec<i64> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT p.prod_id FROM product p JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.status = 1 AND s.shop_status = 1 ORDER BY p.prod_id",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .expect("products");
    rows.into_iter().take(n).map(|r| r.0).collect()
}

fn ids(page: &Value, field: &str) -> Vec<i64> {
    page["records"].as_array().expect("records").iter().map(|r| r[field].as_i64().expect(field)).collect()
}

/// Every favourite and footprint row: what a refusal must leave alone.
async fn stored(app: &TestApp) -> (Vec<(i64, i64, i64)>, Vec<(i64, i64, i64, i64)>, Vec<(i64, i64)>) {
    let pool = &app.state.db.pool;
    (
        sqlx::query_as("SELECT id, user_id, prod_id FROM user_collection ORDER BY id").fetch_all(pool).await.unwrap(),
        sqlx::query_as("SELECT id, user_id, prod_id, browse_time FROM user_footprint ORDER BY id")
            .fetch_all(pool)
            .await
            .unwrap(),
        sqlx::query_as("SELECT user_id, shop_id FROM shop_collection ORDER BY user_id, shop_id")
            .fetch_all(pool)
            .await
            .unwrap(),
    )
}

#[tokio::test]
async fn favourite_products_toggle_list_newest_first_and_count() {
    common::with_seeded_apps(async |app, what| {
        let (_, token) = app.signed_in_user("collector").await;
        let products = on_sale(app, 3).await;
        let (a, b, c) = (products[0], products[1], products[2]);
        let is = |id: i64| format!("{}?prodId={id}", paths::USER_COLLECTION_IS_COLLECTION);
        assert_eq!(get(app, &is(a), &token).await.ok(what), &Value::Bool(false));
        assert_eq!(get(app, paths::USER_COLLECTION_COUNT, &token).await.ok(what), 0);

        // Every body form of the shop toggle: an object, a bare number, a string, a form, the query.
        assert!(toggle(app, &token, &format!("{{\"prodId\":{a}}}"), what).await);
        app.state.db.clock.advance(1_000);
        assert!(toggle(app, &token, &b.to_string(), what).await);
        app.state.db.clock.advance(1_000);
        assert!(toggle(app, &token, &format!("\"{c}\""), what).await);
        assert_eq!(get(app, &is(a), &token).await.ok(what), &Value::Bool(true));
        assert_eq!(get(app, paths::USER_COLLECTION_COUNT, &token).await.ok(what), 3);

        let page = app.get_page_as(&format!("{}?current=1&size=2", paths::USER_COLLECTION_PAGE), &token, what).await;
        assert_eq!(ids(&page, "prodId"), vec![c, b], "{what}: newest first");
        assert_eq!((page["total"].as_i64(), page["pages"].as_i64()), (Some(3), Some(2)), "{what}");
        let first = &page["records"][0];
        for field in
            ["id", "createTime", "onSale", "prodId", "prodName", "pic", "price", "shopId", "shopName", "status"]
        {
            assert!(first.get(field).is_some(), "{what}: {field} in {first}");
        }
        assert_eq!(first["onSale"], true, "{what}");
        // The price as the catalogue shows it, the name in the request's language.
        let detail = app.get_ok(&format!("/prod/prodInfo?prodId={c}"), what).await;
        assert_eq!(first["price"], detail["price"], "{what}");
        assert_eq!(first["prodName"], detail["prodName"], "{what}");
        assert_eq!(first["shopName"], detail["shopName"], "{what}");
        let zh = app
            .get_with(
                &format!("{}?size=1", paths::USER_COLLECTION_PAGE),
                &[("authorization", &token), ("locale", "zh_CN")],
            )
            .await
            .ok(what)
            .clone();
        let zh_detail =
            app.get_with(&format!("/prod/prodInfo?prodId={c}"), &[("locale", "zh_CN")]).await.ok(what).clone();
        assert_eq!(zh["records"][0]["prodName"], zh_detail["prodName"], "{what}");
        assert_ne!(zh["records"][0]["prodName"], first["prodName"], "{what}: translated");
        let second = app.get_page_as(&format!("{}?current=2&size=2", paths::USER_COLLECTION_PAGE), &token, what).await;
        assert_eq!(ids(&second, "prodId"), vec![a], "{what}");

        // A form and the query toggle it off again.
        let form = call(app, "POST", paths::USER_COLLECTION_ADD_OR_CANCEL, FORM, &format!("prodId={a}"), &token).await;
        assert_eq!(form.ok(what), &Value::Bool(false));
        let query = format!("{}?prodId={b}", paths::USER_COLLECTION_ADD_OR_CANCEL);
        assert_eq!(call(app, "POST", &query, "", "", &token).await.ok(what), &Value::Bool(false));
        assert_eq!(get(app, paths::USER_COLLECTION_COUNT, &token).await.ok(what), 1);

        // Removing is idempotent and never collects.
        let cancel = api::favourites::user_collection_cancel(c);
        assert_eq!(call(app, "DELETE", &cancel, "", "", &token).await.ok(what), &Value::Bool(false));
        assert_eq!(call(app, "DELETE", &cancel, "", "", &token).await.ok(what), &Value::Bool(false));
        assert_eq!(get(app, paths::USER_COLLECTION_COUNT, &token).await.ok(what), 0);
        assert_eq!(app.count("SELECT COUNT(*) FROM user_collection").await, 0, "{what}");

        // An off-shelf product shows as such, can be uncollected but not collected again.
        assert!(toggle(app, &token, &a.to_string(), what).await);
        common::exec(app, &format!("UPDATE product SET status = 0 WHERE prod_id = {a}")).await;
        let page = app.get_page_as(paths::USER_COLLECTION_PAGE, &token, what).await;
        assert_eq!(page["records"][0]["onSale"], false, "{what}");
        assert_eq!(page["records"][0]["status"], 0, "{what}");
        assert!(!toggle(app, &token, &a.to_string(), what).await);
        let body = a.to_string();
        call(app, "POST", paths::USER_COLLECTION_ADD_OR_CANCEL, "application/json", &body, &token).await.bad(what);
        assert_eq!(app.count("SELECT COUNT(*) FROM user_collection").await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn favourites_refuse_guests_and_bad_input_and_stay_each_buyers_own() {
    common::with_seeded_apps(async |app, what| {
        let products = on_sale(app, 2).await;
        let (mine, theirs) = (products[0], products[1]);
        let (_, me) = app.signed_in_user("me").await;
        let (_, other) = app.signed_in_user("other").await;
        assert!(toggle(app, &other, &theirs.to_string(), what).await);
        assert!(toggle(app, &other, &mine.to_string(), what).await);
        assert!(toggle(app, &me, &mine.to_string(), what).await);
        common::exec(app, "INSERT INTO shop_collection (user_id, shop_id, created_at) SELECT user_id, 2, 1 FROM users WHERE nick_name = 'other'").await;

        // Guests and dead sessions: A00004 on every call.
        let cancel = api::favourites::user_collection_cancel(mine);
        let shop_cancel = api::favourites::shop_collection_cancel(2);
        for token in ["", "no-such-token"] {
            for (method, uri) in [
                ("GET", paths::USER_COLLECTION_PAGE.to_string()),
                ("GET", format!("{}?prodId={mine}", paths::USER_COLLECTION_IS_COLLECTION)),
                ("POST", format!("{}?prodId={mine}", paths::USER_COLLECTION_ADD_OR_CANCEL)),
                ("GET", paths::USER_COLLECTION_COUNT.to_string()),
                ("DELETE", cancel.clone()),
                ("GET", paths::SHOP_COLLECTION_PAGE.to_string()),
                ("DELETE", shop_cancel.clone()),
            ] {
                call(app, method, &uri, "", "", token).await.failed("A00004", &format!("{what}: {method} {uri}"));
            }
        }

        // Each buyer sees only their own.
        let page = app.get_page_as(paths::USER_COLLECTION_PAGE, &me, what).await;
        assert_eq!(ids(&page, "prodId"), vec![mine], "{what}");
        assert_eq!(get(app, paths::USER_COLLECTION_COUNT, &me).await.ok(what), 1);
        let is_theirs = format!("{}?prodId={theirs}", paths::USER_COLLECTION_IS_COLLECTION);
        assert_eq!(get(app, &is_theirs, &me).await.ok(what), &Value::Bool(false));
        assert_eq!(app.get_page_as(paths::SHOP_COLLECTION_PAGE, &me, what).await["total"], 0, "{what}");

        // Bad input: A00001 (translated), nothing changed.
        let before = stored(app).await;
        let toggle_path = paths::USER_COLLECTION_ADD_OR_CANCEL;
        for body in [
            "",
            "{}",
            "\n",
            " ",
            "   \t ",
            r#"{"prodId":-1}"#,
            r#"{"prodId":0}"#,
            r#"{"prodId":"abc"}"#,
            r#"{"prodId":1.5}"#,
            r#"{"prodId":99999999999999999999}"#,
            r#"{"prodId":987654}"#,
            "987654",
            "-4",
            "abc",
            "[1]",
            "prodId=",
        ] {
            let en = call(app, "POST", toggle_path, "application/json", body, &me).await.bad(&format!("{what}: {body:?}"));
            let zh = app
                .send(common::request(
                    "POST",
                    toggle_path,
                    "application/json",
                    body.to_string(),
                    &[("authorization", &me), ("locale", "zh_CN")],
                ))
                .await
                .bad(&format!("{what}: {body:?}"));
            assert_ne!(en, zh, "{what}: {body:?} is translated");
        }
        // Whitespace alone is bad even beside a good query; a query and body that disagree too.
        for body in ["\n", " "] {
            call(app, "POST", &format!("{toggle_path}?prodId={mine}"), "application/json", body, &me).await.bad(what);
        }
        call(app, "POST", &format!("{toggle_path}?prodId={mine}"), "application/json", &theirs.to_string(), &me)
            .await
            .bad(what);
        for uri in [
            paths::USER_COLLECTION_IS_COLLECTION.to_string(),
            format!("{}?prodId=", paths::USER_COLLECTION_IS_COLLECTION),
            format!("{}?prodId=-3", paths::USER_COLLECTION_IS_COLLECTION),
            format!("{}?prodId=x", paths::USER_COLLECTION_IS_COLLECTION),
            format!("{}?prodId=987654", paths::USER_COLLECTION_IS_COLLECTION),
            format!("{}?current=0", paths::USER_COLLECTION_PAGE),
            format!("{}?size=-1", paths::USER_COLLECTION_PAGE),
            format!("{}?current=x", paths::SHOP_COLLECTION_PAGE),
        ] {
            get(app, &uri, &me).await.bad(&format!("{what}: {uri}"));
        }
        for uri in ["/p/user/collection/cancel/0", "/p/user/collection/cancel/-2", "/p/user/collection/cancel/x"] {
            call(app, "DELETE", uri, "", "", &me).await.bad(&format!("{what}: {uri}"));
        }
        for uri in ["/p/shop/collection/cancel/0", "/p/shop/collection/cancel/-2", "/p/shop/collection/cancel/x"] {
            call(app, "DELETE", uri, "", "", &me).await.bad(&format!("{what}: {uri}"));
        }
        // Removing what is not mine (another buyer's favourite, another buyer's shop) changes nothing.
        let theirs_cancel = api::favourites::user_collection_cancel(theirs);
        call(app, "DELETE", &theirs_cancel, "", "", &me).await.ok(what);
        call(app, "DELETE", &shop_cancel, "", "", &me).await.ok(what);
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
    })
    .await;
}

#[tokio::test]
async fn a_parallel_burst_of_toggles_ends_consistent() {
    common::with_seeded_apps(async |app, what| {
        let (user, token) = app.signed_in_user("burst").await;
        let prod = on_sale(app, 1).await[0];
        let body = prod.to_string();
        let answers = futures::future::join_all(
            (0..20).map(|_| call(app, "POST", paths::USER_COLLECTION_ADD_OR_CANCEL, "application/json", &body, &token)),
        )
        .await;
        let mut collected = 0;
        for answer in &answers {
            if answer.ok(what).as_bool().expect("a boolean") {
                collected += 1;
            }
        }
        // Served one after the other: each toggle flipped it once, so 20 end where they began.
        assert_eq!(collected, 10, "{what}: half of the toggles collected");
        let rows = app.count(&format!("SELECT COUNT(*) FROM user_collection WHERE user_id = {user}")).await;
        assert_eq!(rows, 0, "{what}");
        assert_eq!(get(app, paths::USER_COLLECTION_COUNT, &token).await.ok(what), 0);
        // An odd burst ends collected, once.
        let answers = futures::future::join_all(
            (0..21).map(|_| call(app, "POST", paths::USER_COLLECTION_ADD_OR_CANCEL, "application/json", &body, &token)),
        )
        .await;
        assert!(answers.iter().all(|a| a.code() == "00000"), "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM user_collection WHERE user_id = {user}")).await, 1);
        let is = format!("{}?prodId={prod}", paths::USER_COLLECTION_IS_COLLECTION);
        assert_eq!(get(app, &is, &token).await.ok(what), &Value::Bool(true));
    })
    .await;
}

#[tokio::test]
async fn followed_shops_are_listed_newest_first_and_unfollowed() {
    common::with_seeded_apps(async |app, what| {
        let (_, token) = app.signed_in_user("fan").await;
        let auth = [("authorization", token.as_str())];
        let follow = "/p/shop/collection/addOrCancel";
        let fans = app.count("SELECT fans_count FROM shop WHERE shop_id = 2").await;
        assert_eq!(app.post_json(follow, r#"{"shopId":2}"#, &auth).await.ok(what), &Value::Bool(true));
        app.state.db.clock.advance(1_000);
        assert_eq!(app.post_json(follow, r#"{"shopId":3}"#, &auth).await.ok(what), &Value::Bool(true));
        let page = app.get_page_as(paths::SHOP_COLLECTION_PAGE, &token, what).await;
        assert_eq!(ids(&page, "shopId"), vec![3, 2], "{what}");
        let mut expected = set(SHOP_CARD);
        expected.insert("createTime".into());
        assert_eq!(keys(&page["records"][0]), expected, "{what}");
        assert_eq!(page["records"][1]["shopName"], "Angkor Digital", "{what}");
        assert_eq!(page["records"][1]["fansCount"], fans + 1, "{what}");
        let one = app.get_page_as(&format!("{}?current=2&size=1", paths::SHOP_COLLECTION_PAGE), &token, what).await;
        assert_eq!(ids(&one, "shopId"), vec![2], "{what}");

        let cancel = api::favourites::shop_collection_cancel(2);
        assert_eq!(call(app, "DELETE", &cancel, "", "", &token).await.ok(what), &Value::Bool(false));
        assert_eq!(call(app, "DELETE", &cancel, "", "", &token).await.ok(what), &Value::Bool(false));
        assert_eq!(app.count("SELECT fans_count FROM shop WHERE shop_id = 2").await, fans, "{what}: counted once");
        let page = app.get_page_as(paths::SHOP_COLLECTION_PAGE, &token, what).await;
        assert_eq!(ids(&page, "shopId"), vec![3], "{what}");
        assert_eq!(app.get_ok("/shop/headInfo?shopId=2", what).await["fansCount"], fans, "{what}");
    })
    .await;
}

#[tokio::test]
async fn footprints_one_per_product_and_day_newest_first_with_their_day() {
    common::with_seeded_apps(async |app, what| {
        let (user, _) = app.signed_in_user("walker").await;
        let products = on_sale(app, 3).await;
        let (a, b, c) = (products[0], products[1], products[2]);
        // Start at noon in Phnom Penh, so the steps below stay within one day.
        let now = app.state.db.now();
        let noon = day_number(now) * DAY_MS - api::favourites::DAY_OFFSET_MS + DAY_MS / 2;
        app.state.db.clock.advance(noon + DAY_MS - now);
        let token = new_session(app, user).await;
        let today = day_text(day_number(app.state.db.now()));
        record(app, &token, a).await.ok(what);
        app.state.db.clock.advance(60_000);
        record(app, &token, b).await.ok(what);
        app.state.db.clock.advance(60_000);
        // A second view the same day moves the entry to the latest time.
        record(app, &token, a).await.ok(what);
        let page = app.get_page_as(paths::RECENT_BROWSE_PAGE, &token, what).await;
        assert_eq!(ids(&page, "prodId"), vec![a, b], "{what}");
        assert_eq!(page["total"], 2, "{what}");
        let top = &page["records"][0];
        assert_eq!(top["day"], today.as_str(), "{what}");
        let times: Vec<i64> =
            page["records"].as_array().unwrap().iter().map(|r| r["browseTime"].as_i64().unwrap()).collect();
        assert!(times[0] >= times[1] + 60_000 && times[0] <= app.state.db.now(), "{what}: moved to the latest view");
        for field in ["id", "onSale", "prodName", "pic", "price", "shopId", "shopName"] {
            assert!(top.get(field).is_some(), "{what}: {field}");
        }
        // JSON and the query are read too.
        call(app, "POST", paths::RECENT_BROWSE, "application/json", &format!("{{\"prodId\":{c}}}"), &token)
            .await
            .ok(what);
        call(app, "POST", &format!("{}?prodId={c}", paths::RECENT_BROWSE), "", "", &token).await.ok(what);
        assert_eq!(app.count("SELECT COUNT(*) FROM user_footprint").await, 3, "{what}");

        // The next day is a new entry; the page is newest first across days.
        app.state.db.clock.advance(DAY_MS);
        let token = new_session(app, user).await;
        let tomorrow = day_text(day_number(app.state.db.now()));
        record(app, &token, b).await.ok(what);
        let page = app.get_page_as(&format!("{}?size=3", paths::RECENT_BROWSE_PAGE), &token, what).await;
        assert_eq!(ids(&page, "prodId"), vec![b, c, a], "{what}");
        let days: Vec<&str> = page["records"].as_array().unwrap().iter().map(|r| r["day"].as_str().unwrap()).collect();
        assert_eq!(days, vec![tomorrow.as_str(), today.as_str(), today.as_str()], "{what}");
        assert_eq!(page["total"], 4, "{what}");
        let last = app.get_page_as(&format!("{}?current=2&size=3", paths::RECENT_BROWSE_PAGE), &token, what).await;
        assert_eq!(ids(&last, "prodId"), vec![b], "{what}");
        assert_eq!(last["records"][0]["day"], today.as_str(), "{what}");

        // Delete one, a day, all.
        let one = page["records"][1]["id"].as_i64().unwrap();
        let delete_one = api::favourites::recent_browse_delete(one);
        assert_eq!(call(app, "DELETE", &delete_one, "", "", &token).await.ok(what), 1);
        call(app, "DELETE", &delete_one, "", "", &token).await.bad(what);
        let day = format!("{}?day={today}", paths::RECENT_BROWSE_DELETE_DAY);
        assert_eq!(call(app, "DELETE", &day, "", "", &token).await.ok(what), 2);
        assert_eq!(call(app, "DELETE", &day, "", "", &token).await.ok(what), 0);
        let page = app.get_page_as(paths::RECENT_BROWSE_PAGE, &token, what).await;
        assert_eq!(ids(&page, "prodId"), vec![b], "{what}");
        assert_eq!(call(app, "DELETE", paths::RECENT_BROWSE_CLEAR, "", "", &token).await.ok(what), 1);
        assert_eq!(app.get_page_as(paths::RECENT_BROWSE_PAGE, &token, what).await["total"], 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn footprints_keep_the_latest_two_hundred() {
    common::with_seeded_apps(async |app, what| {
        let (user, mut token) = app.signed_in_user("binge").await;
        let products = on_sale(app, 150).await;
        assert_eq!(products.len(), 150, "{what}: enough products");
        // 150 products today and 60 of them again tomorrow: 210 views, the oldest 10 dropped.
        for id in &products {
            record(app, &token, *id).await.ok(what);
            app.state.db.clock.advance(1_000);
        }
        app.state.db.clock.advance(DAY_MS);
        token = new_session(app, user).await;
        for id in &products[..60] {
            record(app, &token, *id).await.ok(what);
            app.state.db.clock.advance(1_000);
        }
        let kept = app.count(&format!("SELECT COUNT(*) FROM user_footprint WHERE user_id = {user}")).await;
        assert_eq!(kept, MAX_FOOTPRINTS, "{what}");
        let page = app.get_page_as(&format!("{}?current=2&size=100", paths::RECENT_BROWSE_PAGE), &token, what).await;
        assert_eq!(page["total"], MAX_FOOTPRINTS, "{what}");
        // The oldest kept is the eleventh of the first day.
        assert_eq!(ids(&page, "prodId").last(), Some(&products[10]), "{what}");
        // Another buyer's history is their own.
        let (_, other) = app.signed_in_user("other").await;
        record(app, &other, products[0]).await.ok(what);
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM user_footprint WHERE user_id = {user}")).await, kept);
    })
    .await;
}

#[tokio::test]
async fn footprints_refuse_guests_and_bad_input_and_stay_each_buyers_own() {
    common::with_seeded_apps(async |app, what| {
        let products = on_sale(app, 2).await;
        let (_, me) = app.signed_in_user("me").await;
        let (_, other) = app.signed_in_user("other").await;
        record(app, &me, products[0]).await.ok(what);
        record(app, &other, products[1]).await.ok(what);
        let theirs =
            app.get_page_as(paths::RECENT_BROWSE_PAGE, &other, what).await["records"][0]["id"].as_i64().unwrap();
        let today = day_text(day_number(app.state.db.now()));

        for token in ["", "no-such-token"] {
            for (method, uri) in [
                ("POST", format!("{}?prodId={}", paths::RECENT_BROWSE, products[0])),
                ("GET", paths::RECENT_BROWSE_PAGE.to_string()),
                ("DELETE", api::favourites::recent_browse_delete(theirs)),
                ("DELETE", format!("{}?day={today}", paths::RECENT_BROWSE_DELETE_DAY)),
                ("DELETE", paths::RECENT_BROWSE_CLEAR.to_string()),
            ] {
                call(app, method, &uri, "", "", token).await.failed("A00004", &format!("{what}: {method} {uri}"));
            }
        }
        let guest = call(app, "POST", paths::RECENT_BROWSE, FORM, &format!("prodId={}", products[0]), "").await;
        guest.failed("A00004", what);

        // Each buyer sees only their own.
        let page = app.get_page_as(paths::RECENT_BROWSE_PAGE, &me, what).await;
        assert_eq!(ids(&page, "prodId"), vec![products[0]], "{what}");

        let before = stored(app).await;
        for body in
            ["", "prodId=", "prodId=-1", "prodId=0", "prodId=abc", "prodId=987654", " ", "\n", "x=1", "prodId=1.5"]
        {
            call(app, "POST", paths::RECENT_BROWSE, FORM, body, &me).await.bad(&format!("{what}: {body:?}"));
        }
        for uri in [format!("{}?current=0", paths::RECENT_BROWSE_PAGE), format!("{}?size=x", paths::RECENT_BROWSE_PAGE)]
        {
            get(app, &uri, &me).await.bad(&format!("{what}: {uri}"));
        }
        for uri in [
            "/p/user/recentBrowse/delete/0".to_string(),
            "/p/user/recentBrowse/delete/-1".to_string(),
            "/p/user/recentBrowse/delete/x".to_string(),
            "/p/user/recentBrowse/delete/987654".to_string(),
            // Another buyer's entry is "not found", like an unknown one.
            api::favourites::recent_browse_delete(theirs),
            paths::RECENT_BROWSE_DELETE_DAY.to_string(),
            format!("{}?day=", paths::RECENT_BROWSE_DELETE_DAY),
            format!("{}?day=2026-02-30", paths::RECENT_BROWSE_DELETE_DAY),
            format!("{}?day=today", paths::RECENT_BROWSE_DELETE_DAY),
        ] {
            let en = call(app, "DELETE", &uri, "", "", &me).await.bad(&format!("{what}: {uri}"));
            let zh = app
                .send(common::request(
                    "DELETE",
                    &uri,
                    "",
                    Body::empty(),
                    &[("authorization", &me), ("locale", "zh_CN")],
                ))
                .await
                .bad(&format!("{what}: {uri}"));
            assert_ne!(en, zh, "{what}: {uri} is translated");
        }
        assert_eq!(stored(app).await, before, "{what}: nothing changed");
        // Clearing mine leaves theirs.
        assert_eq!(call(app, "DELETE", paths::RECENT_BROWSE_CLEAR, "", "", &me).await.ok(what), 1);
        assert_eq!(app.get_page_as(paths::RECENT_BROWSE_PAGE, &other, what).await["total"], 1, "{what}");
    })
    .await;
}

trait PageAs {
    async fn get_page_as(&self, uri: &str, token: &str, what: &str) -> Value;
}

impl PageAs for TestApp {
    /// A signed-in buyer's page of records, its envelope and keys checked.
    async fn get_page_as(&self, uri: &str, token: &str, what: &str) -> Value {
        let page = get(self, uri, token).await.ok(&format!("{what}: {uri}")).clone();
        assert_eq!(keys(&page), set(&["records", "total", "current", "size", "pages"]), "{what}");
        page
    }
}
