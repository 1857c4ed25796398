//! What every API path shares: unknown paths and methods answer 404 in the envelope.

use crate::common;

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

/// The shared answers of `api::paths::SHARED_ANSWERS` on the seeded mall, one concrete call each.
const SHARED_CALLS: [&str; 13] = [
    "/currency/list",
    "/webConfig/getPcWebConfig",
    "/notice/topNoticeList/0",
    "/category/categoryInfo?parentId=0",
    "/indexImgs/0?imgType=1",
    "/shop/hotShops",
    "/shop/listRenovationShop?shopIds=2,3",
    "/shop/shopCategory?shopId=2",
    "/shopRenovation/homepage?renovationType=1",
    "/marking/discount/getDiscountList?current=1&size=2",
    "/search/hotSearch?type=1",
    "/search/page?current=1&size=4&sort=2&orderBy=1",
    "/search/renovationPage?prodIds=1,2,3&current=1&size=4",
];

#[tokio::test]
async fn answers_shared_by_everyone_are_marked_cacheable_and_the_same_for_a_signed_in_buyer() {
    common::with_seeded_apps(async |app, what| {
        assert_eq!(SHARED_CALLS.len() + 1, api::paths::SHARED_ANSWERS.len(), "one call per shared path");
        let (_, token) = app.signed_in_user("shared").await;
        // The signed-in notices: marked for a buyer, word for word the guests' notices; a
        // guest is refused, and the refusal is not marked.
        let notices = app.get_with("/p/notice/topNoticeList/0", &common::auth(&token)).await;
        notices.ok(&format!("{what} signed-in notices"));
        let cache_control = notices.headers.get("cache-control").and_then(|v| v.to_str().ok());
        assert_eq!(cache_control, Some("public, max-age=5"), "{what} signed-in notices");
        assert_eq!(notices.json, app.get("/notice/topNoticeList/0").await.json, "{what} signed-in notices");
        let refused = app.get("/p/notice/topNoticeList/0").await;
        assert!(refused.headers.get("cache-control").is_none(), "{what}: a refused buyer call is not shared");
        for call in SHARED_CALLS {
            let guest = app.get(call).await;
            guest.ok(&format!("{what} {call}"));
            let cache_control = guest.headers.get("cache-control").and_then(|v| v.to_str().ok());
            assert_eq!(cache_control, Some("public, max-age=5"), "{what} {call}");
            let vary: Vec<&str> = guest.headers.get_all("vary").iter().filter_map(|v| v.to_str().ok()).collect();
            assert!(vary.iter().any(|v| v.contains("locale")), "{what} {call}: vary {vary:?}");
            let buyer = app.get_with(call, &common::auth(&token)).await;
            assert_eq!(buyer.json, guest.json, "{what} {call}: a buyer's answer differs from a guest's");
        }
        // Answers that depend on the caller, or show what a buyer just did, are not marked.
        for call in ["/prod/prodInfo?prodId=1", "/coupon/getCouponPage?current=1&size=2", "/p/shopCart/prodCount"] {
            let answer = app.get_with(call, &common::auth(&token)).await;
            assert!(answer.headers.get("cache-control").is_none(), "{what} {call}");
        }
        // Refusals are never marked.
        let refused = app.get("/search/page?current=0").await;
        assert!(refused.headers.get("cache-control").is_none(), "{what}: a refusal is not shared");
    })
    .await;
}
