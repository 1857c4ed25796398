//! Page-visit tracking against a real database.

use crate::common;

use common::{request, TestApp};
use serde_json::{json, Value};

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
    common::with_seeded_apps(async |app, what| {
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
        assert_eq!(logs(app).await, 3);
    })
    .await;
}

#[tokio::test]
async fn flow_log_rejects_bad_input_and_stores_nothing() {
    common::with_seeded_apps(async |app, what| {
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
        let text = request("POST", "/flowAnalysisLog", "text/plain", visit().to_string(), &[]);
        let msg = app.send(text).await.bad(&format!("{what}: text/plain"));
        assert_eq!(msg, "The request body must be JSON (Content-Type: application/json)");
        let untyped = request("POST", "/flowAnalysisLog", "", visit().to_string(), &[]);
        app.send(untyped).await.bad(&format!("{what}: no content type"));

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

        assert_eq!(logs(app).await, 0, "{what}: nothing was stored");
    })
    .await;
}
