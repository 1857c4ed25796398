//! What every API path shares: unknown paths and methods answer 404 in the envelope.

mod common;

use axum::http::StatusCode;
use tower::ServiceExt;

#[tokio::test]
async fn unknown_paths_and_methods_answer_404_with_an_envelope() {
    common::with_seeded_apps(async |app, what| {
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
    })
    .await;
}

/// Calls the contract names before the server has them (none now).
const NOT_SERVED_YET: [&str; 0] = [];

#[tokio::test]
async fn the_openapi_document_is_served_and_every_operation_in_it_is_routed() {
    let app = common::sqlite().await.reconfigure(|config| config.dev_mode = true);
    let answer = app.get(api::openapi::PATH).await;
    assert_eq!(answer.status, StatusCode::OK);
    let doc = &answer.json;
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1.")), "{}", doc["openapi"]);
    let paths = doc["paths"].as_object().expect("paths");
    assert_eq!(paths.len(), api::paths::ALL.len());
    // A record that exists where an unknown one answers 404: a development gateway payment.
    let payment = server::payments::gateways::PaymentRequest {
        reference: "P0000000000000000042".into(),
        amount: server::payments::gateways::Money::usd(1_000),
        description: "Routing".into(),
        return_url: "/payment".into(),
        cancel_url: "/payment".into(),
        notify_url: "/api/notice/pay/13".into(),
        buyer: Default::default(),
    };
    let started = server::payments::transport::start(&app.state, 13, &payment).await.expect("a development payment");
    let server::payments::gateways::BrowserAction::Redirect { url } = started.action else { panic!("a redirect") };
    let payment_id = url.rsplit('/').next().unwrap().to_string();
    for (path, operations) in paths {
        for method in operations.as_object().unwrap().keys() {
            let concrete = path.replace("{shopId}", "0").replace("{id}", "1").replace("{paymentId}", &payment_id);
            let request = axum::http::Request::builder()
                .method(method.to_uppercase().as_str())
                .uri(&concrete)
                .header("content-type", "application/json")
                .body(axum::body::Body::from("{}"))
                .unwrap();
            let response = app.router().oneshot(request).await.unwrap();
            if NOT_SERVED_YET.contains(&path.as_str()) {
                assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path} is served now: drop it from the list");
            } else {
                assert_ne!(response.status(), StatusCode::NOT_FOUND, "{method} {path} is documented but not routed");
            }
        }
    }
    app.finish().await;
}
