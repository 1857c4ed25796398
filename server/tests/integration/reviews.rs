//! Product reviews on every backend: a buyer reviews each item of a received order once (the
//! order completes with its last review), the product's list and counts show it (anonymous
//! reviews with a masked nickname), the buyer lists their own; each rule is refused with its
//! own translated message and stores nothing; a parallel burst of one review stores one;
//! another buyer's order items and unreceived orders are refused; guests sign in.
//!
//! Shop 9201 and its goods are these tests' own: SKU 92011 (a silk scarf) and SKU 92021 (a
//! teapot).

use crate::common;

use common::auth;
use common::buyer_with_address as buyer;

use axum::body::Body;
use common::{Answer, TestApp};
use serde_json::{json, Value};

const ADD: &str = api::paths::PROD_COMM_ADD;
const BY_USER: &str = api::paths::PROD_COMM_PAGE_BY_USER;
const BY_PROD: &str = api::paths::PROD_COMM_PAGE_BY_PROD;
const DATA: &str = api::paths::PROD_COMM_DATA;
const ITEMS: &str = api::paths::PROD_COMM_ORDER_ITEMS;

const SCARF: i64 = 9201;
const TEAPOT: i64 = 9202;

/// Order states (`api::orders::order_status`).
const UNPAID: i64 = 1;
const PAID: i64 = 2;
const SHIPPED: i64 = 3;
const RECEIVED: i64 = 4;
const COMPLETED: i64 = 5;
const CANCELED: i64 = 6;

/// A 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A 1×1 GIF (another picture, so another stored name).
const GIF: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

async fn catalogue(app: &TestApp) {
    common::silk_house(app, SCARF).await;
}

/// Orders one of each product through the cart, confirmation and submission, as a buyer does,
/// and moves the order to `status`; returns its number and its items' ids (scarf, teapot).
async fn order(app: &TestApp, user: i64, token: &str, prods: &[i64], status: i64) -> (String, Vec<i64>) {
    let number = common::order_from_silk_house(app, SCARF, (user, token), prods, status).await;
    let mut items = Vec::new();
    for prod in prods {
        items.push(
            app.count(&format!(
                "SELECT oi.order_item_id FROM order_item oi JOIN orders o ON o.order_id = oi.order_id
                 WHERE o.order_number = '{number}' AND oi.prod_id = {prod}"
            ))
            .await,
        );
    }
    (number, items)
}

async fn status(app: &TestApp, number: &str) -> i64 {
    app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await
}

/// Uploads `bytes` as the buyer's picture; its `/media/` path.
async fn upload(app: &TestApp, token: &str, bytes: &[u8], file_name: &str) -> String {
    let boundary = "----mall-test-boundary";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let uri = format!("{}?kind=image", api::paths::FILE_UPLOAD);
    let answer = app.send(common::request("POST", &uri, &content_type, body, &auth(token))).await;
    answer.ok("upload").as_str().expect("a path").to_string()
}

async fn review(app: &TestApp, token: &str, body: &Value) -> Answer {
    app.send(common::request("POST", ADD, "application/json", body.to_string(), &auth(token))).await
}

async fn review_zh(app: &TestApp, token: &str, body: &Value) -> Answer {
    let headers = [("authorization", token), ("locale", "zh_CN")];
    app.send(common::request("POST", ADD, "application/json", body.to_string(), &headers)).await
}

async fn get(app: &TestApp, uri: &str, token: &str) -> Answer {
    app.send(common::request("GET", uri, "", Body::empty(), &auth(token))).await
}

fn body(item: i64, score: i64, content: &str, pics: &[&str], anonymous: i64) -> Value {
    json!({"orderItemId": item, "score": score, "content": content, "pics": pics, "isAnonymous": anonymous})
}

/// Every stored review as (item, user, score, content): what a refusal must leave alone.
async fn stored(app: &TestApp) -> Vec<(Option<i64>, i64, i64, String)> {
    sqlx::query_as("SELECT order_item_id, user_id, score, content FROM prod_comm ORDER BY prod_comm_id")
        .fetch_all(&app.state.db.pool)
        .await
        .expect("reviews")
}

#[tokio::test]
async fn a_buyer_reviews_each_received_item_once_and_the_product_shows_it_with_its_average() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (buyer_id, token) = buyer(app, "Sokha").await;
        let (number, items) = order(app, buyer_id, &token, &[SCARF, TEAPOT], RECEIVED).await;

        let listed = get(app, &format!("{ITEMS}?orderNumber={number}"), &token).await.ok(what).clone();
        assert_eq!(listed["reviewable"], true, "{what}: {listed}");
        assert_eq!(listed["items"].as_array().unwrap().len(), 2, "{what}");
        assert!(listed["items"].as_array().unwrap().iter().all(|i| i["commented"] == false), "{what}");

        let png = upload(app, &token, PNG, "front.png").await;
        let gif = upload(app, &token, GIF, "side.gif").await;
        let text = "  Soft <b>silk</b>, true colour & fast delivery.  ";
        let first = review(app, &token, &body(items[0], 5, text, &[&png, &gif], 1)).await.ok(what).clone();
        assert_eq!(first["content"], "Soft <b>silk</b>, true colour & fast delivery.", "{what}: trimmed, as written");
        assert_eq!(first["pics"], json!([png, gif]), "{what}");
        assert_eq!(first["orderNumber"], number, "{what}");
        assert_eq!(first["nickName"], "S***", "{what}: anonymous");
        assert_eq!(status(app, &number).await, RECEIVED, "{what}: one item left to review");

        // Once per item.
        let msg = review(app, &token, &body(items[0], 4, "again", &[], 0)).await.bad(what);
        assert_eq!(msg, "You have already reviewed this item", "{what}");
        let msg = review_zh(app, &token, &body(items[0], 4, "again", &[], 0)).await.bad(what);
        assert_eq!(msg, "您已评价过该商品", "{what}");

        let second = review(app, &token, &body(items[1], 2, "Chipped lid.", &[], 0)).await.ok(what).clone();
        assert_eq!(second["nickName"], "Sokha", "{what}: not anonymous");
        assert_eq!(second["evaluate"], 2, "{what}: poor");
        assert_eq!(status(app, &number).await, COMPLETED, "{what}: every item reviewed");
        let listed = get(app, &format!("{ITEMS}?orderNumber={number}"), &token).await.ok(what).clone();
        assert!(listed["items"].as_array().unwrap().iter().all(|i| i["commented"] == true), "{what}");
        // wallet: 10 points per review, the refused second review none.
        let earned = format!("SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM points_record WHERE reason = 8 AND user_id = {buyer_id}");
        assert_eq!(app.count(&earned).await, 20, "{what}: two reviews");

        // The product's public list and counts.
        let page = app.get_ok(&format!("{BY_PROD}?prodId={SCARF}&current=1&size=10"), what).await;
        assert_eq!(page["total"], 1, "{what}: {page}");
        let shown = &page["records"][0];
        assert_eq!(shown["nickName"], "S***", "{what}");
        assert_eq!(shown["pics"], json!([png, gif]), "{what}");
        assert_eq!(shown["orderNumber"], "", "{what}: the order stays private");
        assert_eq!(shown["prodName"], "Silk Scarf", "{what}");
        let data = app.get_ok(&format!("{DATA}?prodId={SCARF}"), what).await;
        assert_eq!(data["number"], 1, "{what}: {data}");
        assert_eq!(data["averageScore"], 5.0, "{what}");
        assert_eq!(data["positiveRating"], 100.0, "{what}");
        assert_eq!(data["picNumber"], 1, "{what}");
        let data = app.get_ok(&format!("{DATA}?prodId={TEAPOT}"), what).await;
        assert_eq!((data["number"].clone(), data["negativeNumber"].clone()), (json!(1), json!(1)), "{what}");
        let good = app.get_ok(&format!("{BY_PROD}?prodId={TEAPOT}&evaluate=0"), what).await;
        assert_eq!(good["total"], 0, "{what}: the teapot has no good review");
        let with_pics = app.get_ok(&format!("{BY_PROD}?prodId={SCARF}&evaluate=3"), what).await;
        assert_eq!(with_pics["total"], 1, "{what}");
        // A page and its count are read together; a page past the last one still counts.
        let past = app.get_ok(&format!("{BY_PROD}?prodId={SCARF}&current=3&size=1"), what).await;
        assert_eq!((past["total"].clone(), past["pages"].clone()), (json!(1), json!(1)), "{what}: {past}");
        assert_eq!(past["records"], json!([]), "{what}");

        // The buyer's own list, newest first, with paging.
        let mine = get(app, &format!("{BY_USER}?current=1&size=1"), &token).await.ok(what).clone();
        assert_eq!((mine["total"].clone(), mine["pages"].clone()), (json!(2), json!(2)), "{what}: {mine}");
        assert_eq!(mine["records"][0]["prodId"], TEAPOT, "{what}");
        let mine = get(app, &format!("{BY_USER}?current=2&size=1"), &token).await.ok(what).clone();
        assert_eq!(mine["records"][0]["prodId"], SCARF, "{what}");
        let big = get(app, &format!("{BY_USER}?size=500"), &token).await.ok(what).clone();
        assert_eq!(big["size"], 50, "{what}: at most 50 a page");
        get(app, &format!("{BY_USER}?current=0"), &token).await.bad(what);
        app.get(&format!("{BY_PROD}?prodId={SCARF}&evaluate=9")).await.bad(what);
        app.get(&format!("{BY_PROD}?prodId=0")).await.bad(what);
    })
    .await;
}

#[tokio::test]
async fn each_rule_is_refused_with_its_own_translated_message_and_nothing_is_stored() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "Dara").await;
        let (_, other) = buyer(app, "Lina").await;
        let (_, items) = order(app, user, &token, &[SCARF], RECEIVED).await;
        let item = items[0];
        let mine = upload(app, &token, PNG, "mine.png").await;
        let theirs = upload(app, &other, GIF, "theirs.gif").await;
        let nine: Vec<String> = (0..10).map(|i| format!("/media/{i}.png")).collect();
        let ten: Vec<&str> = nine.iter().map(String::as_str).collect();
        let long = "好".repeat(151);
        let cases: Vec<(&str, Value, &str, &str)> = vec![
            ("score 0", body(item, 0, "ok", &[], 0), "Choose a score from 1 to 5 stars", "请选择 1 至 5 星的评分"),
            ("score 6", body(item, 6, "ok", &[], 0), "Choose a score from 1 to 5 stars", "请选择 1 至 5 星的评分"),
            (
                "only spaces",
                body(item, 5, "     ", &[&mine], 0),
                "Write a few words about the item: a review cannot be only spaces",
                "请写几句对商品的评价：评价内容不能只有空格",
            ),
            (
                "no text",
                body(item, 5, "", &[], 0),
                "Write a few words about the item: a review cannot be only spaces",
                "请写几句对商品的评价：评价内容不能只有空格",
            ),
            (
                "151 characters",
                body(item, 5, &long, &[], 0),
                "The review can be up to 150 characters",
                "评价内容最多 150 个字",
            ),
            (
                "a control character",
                body(item, 5, "nice\u{7}", &[], 0),
                "The review contains characters that cannot be shown",
                "评价内容包含无法显示的字符",
            ),
            (
                "ten pictures",
                body(item, 5, "ok", &ten, 0),
                "A review can have up to 9 pictures",
                "每条评价最多上传 9 张图片",
            ),
            (
                "a picture elsewhere",
                body(item, 5, "ok", &["https://evil.example/x.png"], 0),
                "Upload the review's pictures again: one of them is not a picture you uploaded",
                "请重新上传评价图片：其中有图片不是您上传的",
            ),
            (
                "another buyer's upload",
                body(item, 5, "ok", &[&mine, &theirs], 0),
                "Upload the review's pictures again: one of them is not a picture you uploaded",
                "请重新上传评价图片：其中有图片不是您上传的",
            ),
            (
                "a stored name nobody uploaded",
                body(item, 5, "ok", &["/media/0000.png"], 0),
                "Upload the review's pictures again: one of them is not a picture you uploaded",
                "请重新上传评价图片：其中有图片不是您上传的",
            ),
            ("no item", body(0, 5, "ok", &[], 0), "This order item does not exist", "该订单商品不存在"),
            (
                "an unknown item",
                body(99_999_999, 5, "ok", &[], 0),
                "This order item does not exist",
                "该订单商品不存在",
            ),
        ];
        for (case, sent, en, zh) in &cases {
            assert_eq!(review(app, &token, sent).await.bad(what), *en, "{what}: {case}");
            assert_eq!(review_zh(app, &token, sent).await.bad(what), *zh, "{what}: {case}");
        }
        review(app, &token, &body(item, 5, "ok", &[], 2)).await.bad(what);
        let malformed = app.send(common::request("POST", ADD, "application/json", "{\"score\":", &auth(&token))).await;
        malformed.bad(what);
        assert!(stored(app).await.is_empty(), "{what}: nothing stored");
        let earned = format!("SELECT COUNT(*) FROM points_record WHERE user_id = {user} AND reason = 8");
        assert_eq!(app.count(&earned).await, 0, "{what}: no points for a refused review");
        // 150 characters after trimming are fine; the same picture chosen twice is kept once.
        let fine = body(item, 4, &format!("  {}  ", "好".repeat(150)), &[&mine, &mine], 0);
        let answer = review(app, &token, &fine).await;
        assert_eq!(answer.ok(what)["pics"], json!([mine]), "{what}: one picture");
        assert_eq!(stored(app).await.len(), 1, "{what}");
        assert_eq!(app.count(&earned).await, 1, "{what}: a review's points once");
        common::ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_parallel_burst_of_one_review_stores_exactly_one() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "Burst").await;
        let (number, items) = order(app, user, &token, &[SCARF], RECEIVED).await;
        let requests = (0..12)
            .map(|i| {
                let sent = body(items[0], 1 + i % 5, &format!("take {i}"), &[], 0).to_string();
                common::request("POST", ADD, "application/json", sent, &auth(&token))
            })
            .collect();
        let codes = common::burst_codes(app, requests).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 1, "{what}: {codes:?}");
        assert_eq!(codes.iter().filter(|c| *c == "A00001").count(), 11, "{what}: {codes:?}");
        assert_eq!(stored(app).await.len(), 1, "{what}");
        assert_eq!(status(app, &number).await, COMPLETED, "{what}");
    })
    .await;
}

#[tokio::test]
async fn nobody_reviews_another_buyers_items_unreceived_orders_wait_and_guests_sign_in() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (owner, token) = buyer(app, "Owner").await;
        let (_, stranger) = buyer(app, "Stranger").await;
        let (number, items) = order(app, owner, &token, &[SCARF], RECEIVED).await;

        // Another buyer: as if the item and the order did not exist.
        let msg = review(app, &stranger, &body(items[0], 5, "mine now", &[], 0)).await.bad(what);
        assert_eq!(msg, "This order item does not exist", "{what}");
        let msg = get(app, &format!("{ITEMS}?orderNumber={number}"), &stranger).await.bad(what);
        assert_eq!(msg, "This order does not exist", "{what}");
        let theirs = get(app, BY_USER, &stranger).await.ok(what).clone();
        assert_eq!(theirs["total"], 0, "{what}");
        assert_eq!(status(app, &number).await, RECEIVED, "{what}");

        // Orders not received yet, or canceled.
        for state in [UNPAID, PAID, SHIPPED, CANCELED] {
            let (waiting, items) = order(app, owner, &token, &[TEAPOT], state).await;
            let msg = review(app, &token, &body(items[0], 5, "early", &[], 0)).await.bad(what);
            assert_eq!(msg, "You can review an item once you have received it", "{what}: {state}");
            let listed = get(app, &format!("{ITEMS}?orderNumber={waiting}"), &token).await.ok(what).clone();
            assert_eq!(listed["reviewable"], false, "{what}: {state}");
        }
        assert!(stored(app).await.is_empty(), "{what}: nothing stored");

        // Guests.
        app.post_json(ADD, body(items[0], 5, "guest", &[], 0).to_string(), &[]).await.failed("A00004", what);
        app.get(BY_USER).await.failed("A00004", what);
        app.get(&format!("{ITEMS}?orderNumber={number}")).await.failed("A00004", what);
        // The product's list is public.
        app.get_ok(&format!("{BY_PROD}?prodId={SCARF}"), what).await;
    })
    .await;
}

#[tokio::test]
async fn the_demo_mall_has_the_same_believable_reviews_after_every_seed() {
    use server::demo::seed::{self, SeedOptions};
    common::with_empty_apps(async |app, what| {
        let mut seen = Vec::new();
        for _ in 0..2 {
            let report = seed::seed_at(&app.state.db, SeedOptions { products: 30, buyers: true }, 1_790_000_000_000)
                .await
                .unwrap();
            assert!(report.reviews >= 10, "{what}: {report:?}");
            let rows: Vec<(i64, i64, String, String, i64, i64)> = sqlx::query_as(
                "SELECT prod_id, score, content, pics, is_anonymous, created_at FROM prod_comm ORDER BY prod_comm_id",
            )
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
            assert_eq!(rows.len(), report.reviews, "{what}: replaced, not added");
            seen.push(rows);
        }
        assert_eq!(seen[0], seen[1], "{what}: deterministic");
        let data = app.get_ok(&format!("{DATA}?prodId=2"), what).await;
        assert!(data["number"].as_i64().unwrap() >= 2, "{what}: {data}");
        let page = app.get_ok(&format!("{BY_PROD}?prodId=2"), what).await;
        assert!(page["records"].as_array().unwrap().iter().all(|r| r["nickName"].as_str().unwrap() != ""), "{what}");
    })
    .await;
}

#[tokio::test]
async fn the_pages_show_the_forms_the_buyers_reviews_and_the_products_reviews_escaped_with_their_rating() {
    let app = common::seeded_sqlite().await;
    let router = common::site(&app);
    catalogue(&app).await;
    let (me, token) = buyer(&app, "Sokha").await;
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];
    let (number, items) = order(&app, me, &token, &[SCARF, TEAPOT], RECEIVED).await;

    // Guests sign in first and come back.
    let (status, headers, _) = common::page(&router, &format!("/write-comments?orderNumber={number}"), &[]).await;
    assert_eq!(status, 302);
    assert!(headers["location"].to_str().unwrap().starts_with("/login?redirect=%2Fwrite-comments"), "{headers:?}");

    // A form per item: stars, text with its count, pictures, anonymous, submit.
    let uri = format!("/write-comments?orderNumber={number}&lang=en");
    let (status, _, page) = common::page(&router, &uri, &signed_in).await;
    assert_eq!(status, 200);
    assert_eq!(page.matches(r#"data-testid="review-form""#).count(), 2, "{page}");
    assert_eq!(page.matches(r#"type="radio""#).count(), 10);
    assert!(page.contains("Write a review") && page.contains("0/150") && page.contains(r#"name="image-upload""#));
    assert!(
        page.contains(r#"\"max\":9"#) || page.contains(r#""max":9"#) || page.contains("&quot;max&quot;:9"),
        "9 pictures"
    );

    // The product shows no rating before its first review.
    // (Another address than the one below: guest pages are reused for a few seconds.)
    let (_, _, detail) = common::page(&router, &format!("/detail?prodId={SCARF}&lang=en&commPage=1"), &[]).await;
    assert!(detail.contains(r#"data-testid="detail-reviews-empty""#) && !detail.contains("aggregateRating"));

    let text = "<script>alert(1)</script> Lovely & soft";
    review(&app, &token, &body(items[0], 4, text, &[], 1)).await.ok("review");

    let (_, _, page) = common::page(&router, &uri, &signed_in).await;
    assert_eq!(page.matches(r#"data-testid="review-form""#).count(), 1, "the reviewed item has no form");
    assert!(page.contains(r#"data-testid="write-comments-reviewed""#) && page.contains("Reviewed"));

    // The detail page: average, count, the review escaped, the rating in the structured data.
    let (_, _, detail) = common::page(&router, &format!("/detail?prodId={SCARF}&lang=en"), &[]).await;
    assert!(detail.contains(r#"class="detail-reviews__average">4.0</strong>"#), "{detail}");
    assert!(detail.contains("1 review") && detail.contains("S***"));
    assert!(!detail.contains("<script>alert(1)"), "the text is escaped");
    assert!(detail.contains("&lt;script&gt;alert(1)&lt;/script&gt; Lovely &amp; soft"));
    assert!(detail.contains(r#""aggregateRating":{"#) && detail.contains(r#""ratingValue":4.0"#), "JSON-LD");
    assert!(detail.contains(r#""reviewCount":1"#));

    // The buyer's reviews in Khmer; another buyer has none.
    let (status, _, mine) = common::page(&router, "/user-center/uc-comments?lang=km", &signed_in).await;
    assert_eq!(status, 200);
    assert_eq!(mine.matches(r#"data-testid="uc-comment""#).count(), 1);
    assert!(mine.contains("ការវាយតម្លៃរបស់ខ្ញុំ") && mine.contains(r#"href="/user-center/uc-comments""#));
    let (_, other) = buyer(&app, "Other").await;
    let other_cookie = common::session_cookie(&other);
    let (_, _, empty) =
        common::page(&router, "/user-center/uc-comments?lang=en", &[("cookie", other_cookie.as_str())]).await;
    assert!(
        empty.contains(r#"data-testid="uc-comments-empty""#) && empty.contains("You have not written any reviews yet")
    );

    // My Orders offers the review while an item is left; the last review completes the order.
    let (_, _, orders) = common::page(&router, "/user-center/uc-order?lang=en", &signed_in).await;
    assert!(orders.contains(&format!(r#"href="/write-comments?orderNumber={number}""#)));
    review(&app, &token, &body(items[1], 5, "Lovely.", &[], 0)).await.ok("review");
    let (_, _, orders) = common::page(&router, "/user-center/uc-order?lang=en", &signed_in).await;
    assert!(!orders.contains("/write-comments"), "completed: nothing left to review");
    app.finish().await;
}
