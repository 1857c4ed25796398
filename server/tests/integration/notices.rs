//! The notices' API against a real database: top notices, the notice list and one notice.

use crate::common;

use axum::http::StatusCode;
use common::{all_bad, keys, now, set};
use serde_json::json;

#[tokio::test]
async fn notice_list_pages_published_notices() {
    common::with_seeded_apps(async |app, what| {
        let t = now();
        let page = app.get_page("/notice/list?shopId=0&current=1&size=50", what).await;
        let expected = app
            .count(&format!("SELECT COUNT(*) FROM notice WHERE shop_id = 0 AND status = 1 AND publish_time <= {t}"))
            .await;
        assert_eq!(page["total"], expected, "{what}");
        let records = page["records"].as_array().unwrap();
        assert_eq!(records.len() as i64, expected);
        assert_eq!(keys(&records[0]), set(&["id", "title"]));
        assert_eq!(
            records[0]["title"], "Shipping schedule during the Khmer New Year holiday",
            "{what}: pinned, newest first"
        );

        let zh = app.get_with("/notice/list?size=2", &[("locale", "zh_CN")]).await.ok(what).clone();
        assert_eq!(zh["records"][0]["title"], "柬埔寨新年假期发货安排");
        assert_eq!(zh["records"].as_array().unwrap().len(), 2);
        assert_eq!(zh["pages"], (expected + 1) / 2);
        let shop = app.get_ok("/notice/list?shopId=2", what).await;
        assert_eq!(shop["total"], 2, "{what}");

        all_bad(
            app,
            &["/notice/list?shopId=-1", "/notice/list?shopId=x", "/notice/list?current=0", "/notice/list?size=x"],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn top_notices_are_pinned_first_then_newest() {
    common::with_seeded_apps(async |app, what| {
        let list = app.get_list("/notice/topNoticeList/0", what).await;
        assert!(!list.is_empty() && list.len() <= 10, "{what}");
        for n in &list {
            assert_eq!(keys(n), set(&["id", "title"]), "{what}");
        }
        let titles: Vec<&str> = list.iter().map(|n| n["title"].as_str().unwrap()).collect();
        assert_eq!(titles[0], "Shipping schedule during the Khmer New Year holiday", "{what}: newest pinned first");
        assert_eq!(titles[1], "Welcome to Mekong Mall", "{what}");
        assert_eq!(titles[2], "Mega Sale Week starts on Friday", "{what}: then newest");
        assert!(!titles.contains(&"Scheduled maintenance on Sunday night"), "{what}: drafts are hidden");
        assert!(!titles.contains(&"Holiday opening hours"), "{what}: future notices are hidden");

        let zh = app.get_with("/notice/topNoticeList/0", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.ok(what)[1]["title"], "欢迎来到湄公商城");
        let km = app.get_with("/notice/topNoticeList/0", &[("locale", "km")]).await;
        assert_eq!(km.ok(what)[1]["title"], "សូមស្វាគមន៍មកកាន់ Mekong Mall");

        let shop = app.get("/notice/topNoticeList/2").await;
        let shop = shop.ok(what).as_array().unwrap().clone();
        assert_eq!(shop.len(), 2, "{what}");
        assert_eq!(shop[0]["title"], "Angkor Digital is open: welcome!");
        let none = app.get("/notice/topNoticeList/9999").await;
        assert_eq!(none.ok(what), &json!([]));
    })
    .await;
}

#[tokio::test]
async fn top_notices_reject_bad_shop_ids() {
    common::with_seeded_apps(async |app, _| {
        for bad in ["abc", "-1", "1.5", "99999999999999999999999", "%20", "0x10", "1;DROP"] {
            let answer = app.get(&format!("/notice/topNoticeList/{bad}")).await;
            let msg = answer.bad(&format!("{} {bad}", app.label()));
            assert!(msg.contains("shopId"), "{msg}");
        }
        let zh = app.get_with("/notice/topNoticeList/abc", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.bad("zh"), "字段值无效：shopId");
        // A missing id is an unknown path.
        let missing = app.get("/notice/topNoticeList/").await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
    })
    .await;
}

#[tokio::test]
async fn signed_in_notices_need_a_live_session() {
    common::with_seeded_apps(async |app, what| {
        let path = "/p/notice/topNoticeList/0";
        app.get(path).await.failed("A00004", what);
        app.get_with(path, &[("authorization", "no-such-token")]).await.failed("A00004", what);
        app.get_with(path, &[("authorization", "Bearer ")]).await.failed("A00004", what);
        let msg = app.get_with(path, &[("locale", "km")]).await.failed("A00004", what);
        assert_eq!(msg.replace('\u{200b}', ""), "សូមចូលគណនីជាមុនសិន");

        let (user, token) = app.signed_in_user("dara").await;
        for header in [
            ("authorization", token.clone()),
            ("authorization", format!("Bearer {token}")),
            ("cookie", format!("lang=en; token={token}")),
        ] {
            let answer = app.get_with(path, &[(header.0, header.1.as_str())]).await;
            assert_eq!(answer.ok(what).as_array().unwrap().len(), 8, "{what}: {header:?}");
        }
        // Bad input still answers A00001 for a signed-in user.
        app.get_with("/p/notice/topNoticeList/x", &[("authorization", token.as_str())]).await.bad(what);

        // The idle expiry slides forward on use.
        let hash = server::accounts::sessions::token_hash(&token);
        let t = now();
        sqlx::query("UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE token_hash = $3")
            .bind(t - 20 * 60_000)
            .bind(t + 10 * 60_000)
            .bind(&hash)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        app.get_with(path, &[("authorization", token.as_str())]).await.ok(what);
        let (expires, seen): (i64, i64) =
            sqlx::query_as("SELECT expires_at, last_seen_at FROM sessions WHERE token_hash = $1")
                .bind(&hash)
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
        assert!(expires >= t + 29 * 60_000, "{what}: expiry slid forward");
        assert!(seen >= t, "{what}");

        // An idle session has ended.
        sqlx::query("UPDATE sessions SET expires_at = $1 WHERE user_id = $2")
            .bind(now() - 1)
            .bind(user)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        app.get_with(path, &[("authorization", token.as_str())]).await.failed("A00004", what);
    })
    .await;
}

#[tokio::test]
async fn notice_detail() {
    common::with_seeded_apps(async |app, what| {
        let data = &app.get_ok("/notice/info/1", what).await;
        assert_eq!(keys(data), set(&["id", "title", "content", "publishTime", "shopId"]), "{what}");
        assert_eq!(data["id"], 1);
        assert_eq!(data["shopId"], 0);
        assert_eq!(data["title"], "Welcome to Mekong Mall");
        assert!(data["content"].as_str().unwrap().starts_with("Welcome to Mekong Mall."));
        assert!(data["publishTime"].as_i64().unwrap() < now());

        let km = app.get_with("/notice/info/1", &[("locale", "km")]).await;
        assert_eq!(km.ok(what)["title"], "សូមស្វាគមន៍មកកាន់ Mekong Mall");

        let msg = app.get("/notice/info/99999").await.bad(what);
        assert_eq!(msg, "This notice does not exist or has been withdrawn");
        app.get("/notice/info/9").await.bad(&format!("{what}: a draft is not shown"));
        app.get("/notice/info/10").await.bad(&format!("{what}: a future notice is not shown"));
        app.get("/notice/info/abc").await.bad(what);
        app.get("/notice/info/-3").await.bad(what);
    })
    .await;
}
