//! The configuration, notice, hot search and analytics calls of spec section 7, on every
//! backend: exact field names on success, and `A00001`/`A00004` envelopes (never a 500,
//! never a stored row) on bad input.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::TestApp;
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().unwrap_or_else(|| panic!("object expected: {value}")).keys().cloned().collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn now() -> i64 {
    server::db::Clock::default().now_millis()
}

// ---------------------------------------------------------------- configuration

#[tokio::test]
async fn currency_list_returns_enabled_currencies_default_first() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.get("/currency/list").await;
        let list = answer.ok(what).as_array().unwrap().clone();
        assert_eq!(list.len(), 2, "{what}");
        for c in &list {
            assert_eq!(
                keys(c),
                set(&["currencyName", "currencyCode", "symbol", "exchangeRate", "status", "defaultCurrency"]),
                "{what}"
            );
        }
        assert_eq!(list[0]["currencyCode"], "USD");
        assert_eq!(list[0]["exchangeRate"], "1");
        assert_eq!(list[0]["symbol"], "$");
        assert_eq!(list[0]["defaultCurrency"], 1);
        assert_eq!(list[1]["currencyCode"], "KHR");
        assert_eq!(list[1]["exchangeRate"], "4100");
        assert_eq!(list[1]["symbol"], "៛");
        assert_eq!(list[1]["status"], 1);

        sqlx::query("UPDATE currency SET status = 0 WHERE currency_code = 'KHR'")
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        let list = app.get("/currency/list").await.ok(what).as_array().unwrap().clone();
        assert_eq!(list.len(), 1, "{what}: disabled currencies are not offered");
        assert_eq!(list[0]["currencyCode"], "USD");
        app.finish().await;
    }
}

#[tokio::test]
async fn pc_web_config_has_every_field() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.get("/webConfig/getPcWebConfig").await;
        let data = answer.ok(what);
        assert_eq!(
            keys(data),
            set(&[
                "pcLogoImg",
                "pcLoginBgImg",
                "pcCopyright",
                "pcQrcodeImg",
                "pcCompanyName",
                "pcCompanyInfo",
                "pcTitleContent",
                "pcTitleImg",
                "pcLogoImgText",
                "pcWelcome"
            ]),
            "{what}"
        );
        assert_eq!(data["pcLogoImgText"], "Mekong Mall");
        assert!(data["pcCopyright"].as_str().unwrap().contains("Mekong Mall"));
        assert!(data["pcQrcodeImg"].is_null(), "absent keys are null so clients use their fallback");
        app.finish().await;
    }
}

#[tokio::test]
async fn pc_web_config_texts_follow_the_request_language() {
    for app in common::apps().await {
        let what = app.label();
        let km = app.get_with("/webConfig/getPcWebConfig", &[("locale", "km")]).await;
        assert_eq!(km.ok(what)["pcWelcome"], "សូម\u{200b}ស្វាគមន៍\u{200b}មក\u{200b}កាន់\u{200b}ផ្សារ\u{200b}មេគង្គ", "{what}");
        let zh = app.get_with("/webConfig/getPcWebConfig", &[("locale", "zh_HK")]).await;
        assert_eq!(zh.ok(what)["pcWelcome"], "欢迎来到湄公商城", "{what}");
        // Values without a translation are shared by every language.
        assert_eq!(zh.ok(what)["pcLogoImg"], "/static/logo.svg", "{what}");
        app.finish().await;
    }
}

#[tokio::test]
async fn pc_web_config_on_an_empty_database_is_all_null() {
    for app in common::empty_apps().await {
        let answer = app.get("/webConfig/getPcWebConfig").await;
        let data = answer.ok(app.label());
        assert!(data.as_object().unwrap().values().all(Value::is_null), "{data}");
        assert_eq!(app.get("/currency/list").await.ok(app.label()), &json!([]));
        app.finish().await;
    }
}

#[tokio::test]
async fn lang_default_follows_the_request_language() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.get("/lang/default").await;
        let data = answer.ok(what);
        assert_eq!(keys(data), set(&["name", "language", "langItemList", "lang", "countryLang"]), "{what}");
        assert_eq!(data["language"], "en");
        assert_eq!(data["name"], "English");
        assert_eq!(data["countryLang"], "en");
        let items = data["langItemList"].as_array().unwrap();
        assert_eq!(items.len(), 3);
        for item in items {
            assert_eq!(keys(item), set(&["language", "name", "lang", "hide"]), "{what}");
        }
        let codes: Vec<_> = items.iter().map(|i| i["language"].as_str().unwrap()).collect();
        assert_eq!(codes, ["en", "zh_CN", "km"]);

        let zh = app.get_with("/lang/default", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.ok(what)["language"], "zh_CN");
        assert_eq!(zh.ok(what)["name"], "简体中文");
        let hk = app.get_with("/lang/default", &[("locale", "zh_HK")]).await;
        assert_eq!(hk.ok(what)["language"], "zh_CN", "zh_HK reads as Chinese");
        let km = app.get_with("/lang/default", &[("cookie", "lang=km")]).await;
        assert_eq!(km.ok(what)["language"], "km");
        let unknown = app.get_with("/lang/default", &[("locale", "fr")]).await;
        assert_eq!(unknown.ok(what)["language"], "en");
        app.finish().await;
    }
}

#[tokio::test]
async fn pay_switch_lists_the_spec_codes_with_a_five_hour_expiry() {
    for app in common::apps().await {
        let what = app.label();
        let before = now();
        let answer = app.get("/sys/config/info/getSysPaySwitch").await;
        let data = answer.ok(what);
        assert_eq!(keys(data), set(&["paySwitches", "expireTime"]), "{what}");
        let expire = data["expireTime"].as_i64().unwrap();
        let five_hours = 5 * 3600 * 1000;
        assert!(expire >= before + five_hours && expire <= now() + five_hours, "{what}: {expire}");
        let switches = data["paySwitches"].as_array().unwrap();
        for s in switches {
            assert_eq!(keys(s), set(&["payType", "payName", "enabled"]), "{what}");
        }
        let codes: BTreeSet<i64> = switches.iter().map(|s| s["payType"].as_i64().unwrap()).collect();
        assert_eq!(codes, [0, 9, 10, 12, 13, 15, 16, 17, 18].into_iter().collect());
        let aba = switches.iter().find(|s| s["payType"] == 17).unwrap();
        assert_eq!(aba["payName"], "ABA");
        assert_eq!(aba["enabled"], true);
        app.finish().await;
    }
}

// ---------------------------------------------------------------- notices

#[tokio::test]
async fn top_notices_are_pinned_first_then_newest() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.get("/notice/topNoticeList/0").await;
        let list = answer.ok(what).as_array().unwrap().clone();
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
        app.finish().await;
    }
}

#[tokio::test]
async fn top_notices_reject_bad_shop_ids() {
    for app in common::apps().await {
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
        app.finish().await;
    }
}

#[tokio::test]
async fn signed_in_notices_need_a_live_session() {
    for app in common::apps().await {
        let what = app.label();
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
        let hash = server::db::auth::token_hash(&token);
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
        app.finish().await;
    }
}

#[tokio::test]
async fn notice_detail() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.get("/notice/info/1").await;
        let data = answer.ok(what);
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
        app.finish().await;
    }
}

// ---------------------------------------------------------------- hot search

#[tokio::test]
async fn hot_search_words_by_type_and_language() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.get("/search/hotSearch?type=1").await;
        let products = answer.ok(what).as_array().unwrap().clone();
        assert!(products.len() >= 8 && products.len() <= 10, "{what}");
        for w in &products {
            assert_eq!(keys(w), set(&["title", "content"]), "{what}");
        }
        assert_eq!(products[0], json!({"title": "Wireless Earbuds", "content": "Wireless Earbuds"}));

        let shops = app.get("/search/hotSearch?type=2").await;
        let shops = shops.ok(what).as_array().unwrap().clone();
        assert!(shops.len() >= 8, "{what}");
        assert_eq!(shops[0]["title"], "Digital");

        let zh = app.get_with("/search/hotSearch?type=1", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.ok(what)[0], json!({"title": "无线耳机", "content": "无线耳机"}));
        let km = app.get_with("/search/hotSearch?type=2", &[("cookie", "lang=km")]).await;
        assert_eq!(km.ok(what)[0]["title"], "ឌីជីថល");
        app.finish().await;
    }
}

#[tokio::test]
async fn hot_search_rejects_bad_types() {
    for app in common::apps().await {
        let what = app.label();
        let msg = app.get("/search/hotSearch").await.bad(what);
        assert_eq!(msg, "Missing required field: type");
        for query in [
            "type=",
            "type=abc",
            "type=0",
            "type=3",
            "type=-1",
            "type=1.5",
            "type=99999999999999999999",
            "type=1&type=2",
        ] {
            let answer = app.get(&format!("/search/hotSearch?{query}")).await;
            answer.bad(&format!("{what} {query}"));
        }
        let out = app.get("/search/hotSearch?type=3").await.bad(what);
        assert_eq!(out, "type must be between 1 and 2");
        let long = format!("/search/hotSearch?type={}", "9".repeat(10_000));
        app.get(&long).await.bad(what);
        app.finish().await;
    }
}

// ---------------------------------------------------------------- analytics

fn visit() -> Value {
    json!({
        "pageId": 3,
        "bizData": "1024",
        "bizType": 0,
        "step": 2,
        "systemType": 1,
        "uuid": "7f1c3a52-4b7e-4d4b-9a10-3b7d2c1f0e11",
        "uuidSession": "b2d0a8f4-0c51-4a59-8f3e-2a4b6c8d0e12",
        "visitType": 1,
        "prevPageId": 1,
        "nums": 1
    })
}

async fn logs(app: &TestApp) -> i64 {
    app.count("SELECT COUNT(*) FROM flow_analysis_log").await
}

#[tokio::test]
async fn flow_log_stores_guest_and_signed_in_visits() {
    for app in common::apps().await {
        let what = app.label();
        let answer = app.post_json("/flowAnalysisLog", visit().to_string(), &[]).await;
        assert_eq!(answer.ok(what), &Value::Null);
        assert_eq!(answer.json, json!({"success": true, "code": "00000", "msg": null, "data": null}));
        let (user_id, page, uuid, biz): (Option<i64>, i64, String, Option<String>) =
            sqlx::query_as("SELECT user_id, page_id, uuid, biz_data FROM flow_analysis_log")
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
        assert_eq!((user_id, page, biz.as_deref()), (None, 3, Some("1024")), "{what}");
        assert_eq!(uuid, "7f1c3a52-4b7e-4d4b-9a10-3b7d2c1f0e11");

        // Only the required fields.
        let minimal = json!({"pageId": 1, "step": 0, "uuid": "u", "uuidSession": "s", "visitType": 4});
        app.post_json("/flowAnalysisLog", minimal.to_string(), &[]).await.ok(what);

        let (user, token) = app.signed_in_user("sokha").await;
        let answer = app.post_json("/p/flowAnalysisLog", visit().to_string(), &[("authorization", &token)]).await;
        answer.ok(what);
        let stored: i64 = app.count(&format!("SELECT COUNT(*) FROM flow_analysis_log WHERE user_id = {user}")).await;
        assert_eq!(stored, 1, "{what}");
        assert_eq!(logs(&app).await, 3);
        app.finish().await;
    }
}

#[tokio::test]
async fn flow_log_rejects_bad_input_and_stores_nothing() {
    for app in common::apps().await {
        let what = app.label();
        let with = |field: &str, value: Value| {
            let mut v = visit();
            v[field] = value;
            v.to_string()
        };
        let without = |field: &str| {
            let mut v = visit();
            v.as_object_mut().unwrap().remove(field);
            v.to_string()
        };
        let cases: Vec<(&str, String, Option<&str>)> = vec![
            ("malformed JSON", "{\"pageId\": 1,".into(), Some("The request body is not valid JSON")),
            ("not JSON at all", "pageId=1".into(), Some("The request body is not valid JSON")),
            ("empty body", String::new(), None),
            ("array", "[]".into(), None),
            ("missing pageId", without("pageId"), Some("Missing required field: pageId")),
            ("missing uuid", without("uuid"), Some("Missing required field: uuid")),
            ("pageId wrong type", with("pageId", json!("home")), None),
            ("pageId unknown", with("pageId", json!(11)), Some("Invalid value for: pageId")),
            ("pageId huge", with("pageId", json!(1e30)), None),
            ("prevPageId unknown", with("prevPageId", json!(99)), Some("Invalid value for: prevPageId")),
            ("visitType 0", with("visitType", json!(0)), Some("visitType must be between 1 and 4")),
            ("visitType 5", with("visitType", json!(5)), None),
            ("step negative", with("step", json!(-1)), Some("step must be between 0 and 100000")),
            ("step too big", with("step", json!(100_001)), None),
            ("bizType 3", with("bizType", json!(3)), Some("bizType must be between 0 and 2")),
            ("uuid empty", with("uuid", json!("")), Some("uuid must not be empty")),
            ("uuidSession blank", with("uuidSession", json!("   ")), Some("uuidSession must not be empty")),
            ("uuid too long", with("uuid", json!("u".repeat(65))), Some("uuid is too long (at most 64 characters)")),
            ("bizData too long", with("bizData", json!("x".repeat(2001))), None),
            ("nums negative", with("nums", json!(-5)), None),
        ];
        for (case, body, expected) in cases {
            let msg = app.post_json("/flowAnalysisLog", body, &[]).await.bad(&format!("{what}: {case}"));
            if let Some(expected) = expected {
                assert_eq!(msg, expected, "{what}: {case}");
            }
        }

        // Wrong content type.
        let request = Request::post("/flowAnalysisLog")
            .header("content-type", "text/plain")
            .body(Body::from(visit().to_string()))
            .unwrap();
        let msg = app.send(request).await.bad(&format!("{what}: text/plain"));
        assert_eq!(msg, "The request body must be JSON (Content-Type: application/json)");
        let request = Request::post("/flowAnalysisLog").body(Body::from(visit().to_string())).unwrap();
        app.send(request).await.bad(&format!("{what}: no content type"));

        // Huge body (> 64 KiB), valid JSON otherwise.
        let huge = with("bizData", json!("x".repeat(70 * 1024)));
        let msg = app.post_json("/flowAnalysisLog", huge, &[]).await.bad(&format!("{what}: huge"));
        assert_eq!(msg, "The request body is too large");

        // Translated messages.
        let zh = app.post_json("/flowAnalysisLog", "{", &[("locale", "zh_CN")]).await.bad(what);
        assert_eq!(zh, "请求内容不是有效的 JSON");
        let km = app.post_json("/flowAnalysisLog", with("step", json!(-1)), &[("locale", "km")]).await.bad(what);
        assert_eq!(km.replace('\u{200b}', ""), "step ត្រូវតែនៅចន្លោះ 0 និង 100000");

        // The signed-in variant needs a session, checked before the body.
        app.post_json("/p/flowAnalysisLog", visit().to_string(), &[]).await.failed("A00004", what);
        app.post_json("/p/flowAnalysisLog", "{", &[("authorization", "nope")]).await.failed("A00004", what);
        let (_, token) = app.signed_in_user("vanna").await;
        app.post_json("/p/flowAnalysisLog", with("visitType", json!(9)), &[("authorization", &token)]).await.bad(what);

        assert_eq!(logs(&app).await, 0, "{what}: nothing was stored");
        app.finish().await;
    }
}

// ---------------------------------------------------------------- routing

#[tokio::test]
async fn unknown_paths_and_methods_answer_404_with_an_envelope() {
    for app in common::apps().await {
        let what = app.label();
        for path in ["/no/such/call", "/currency", "/p/unknown", "/currency/list/extra"] {
            let answer = app.get(path).await;
            assert_eq!(answer.status, StatusCode::NOT_FOUND, "{what} {path}");
            assert_eq!(answer.failed("A00001", what), "Not found");
        }
        let answer = app.get("/flowAnalysisLog").await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{what}: wrong method");
        let answer = app.post_json("/currency/list", "{}", &[]).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{what}: wrong method");
        let zh = app.get_with("/nope", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.failed("A00001", what), "未找到");
        assert_eq!(zh.headers.get("content-type").and_then(|v| v.to_str().ok()), Some("application/json"), "{what}");
        app.finish().await;
    }
}
