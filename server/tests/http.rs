//! What every API path shares: unknown paths and methods answer 404 in the envelope.

mod common;

use axum::http::StatusCode;

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
