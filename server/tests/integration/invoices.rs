//! Invoices of orders on every backend: a buyer requests the invoice of a paid order once, the
//! shop issues it (or fails it with a reason, and the buyer requests it again), and the issued
//! invoice downloads as a PDF for its owner only; each rule is refused with its own translated
//! message and stores nothing; a parallel burst of requests stores one; another buyer's order
//! answers as unknown; guests sign in.
//!
//! Shop 9301 and its goods are these tests' own: SKU 93011 (a silk scarf), SKU 93021 (a teapot).

use crate::common;

use axum::body::Body;
use common::auth;
use common::buyer_with_address as buyer;
use common::{Answer, TestApp};
use serde_json::{json, Value};
use server::invoices::repo::{self, Decided};
use tower::ServiceExt;

const SAVE: &str = api::paths::ORDER_INVOICE;
const INFO: &str = api::paths::ORDER_INVOICE_INFO;
const PDF: &str = api::paths::ORDER_INVOICE_PDF;

const SCARF: i64 = 9301;
const TEAPOT: i64 = 9302;

/// Order states (`api::orders::order_status`).
const UNPAID: i64 = 1;
const PAID: i64 = 2;
const SHIPPED: i64 = 3;
const COMPLETED: i64 = 5;
const CANCELED: i64 = 6;
const GROUPING: i64 = 7;

/// A Chinese unified social credit code (18 characters).
const TAX_ID: &str = "91310000MA1K3YJ12X";

async fn catalogue(app: &TestApp) {
    common::silk_house(app, SCARF).await;
}

/// Orders one of each product through the cart, confirmation and submission, as a buyer does,
/// and moves the order to `status`; returns its number.
async fn order(app: &TestApp, user: i64, token: &str, prods: &[i64], status: i64) -> String {
    common::order_from_silk_house(app, SCARF, (user, token), prods, status).await
}

fn unit(number: &str, title: &str, tax: &str) -> Value {
    json!({"orderNumber": number, "headerType": 1, "headerName": title, "invoiceTaxNumber": tax})
}

fn personal(number: &str, title: &str) -> Value {
    json!({"orderNumber": number, "headerType": 2, "headerName": title, "invoiceTaxNumber": ""})
}

async fn save(app: &TestApp, token: &str, body: &Value) -> Answer {
    app.send(common::request("POST", SAVE, "application/json", body.to_string(), &auth(token))).await
}

async fn save_zh(app: &TestApp, token: &str, body: &Value) -> Answer {
    let headers = [("authorization", token), ("locale", "zh_CN")];
    app.send(common::request("POST", SAVE, "application/json", body.to_string(), &headers)).await
}

async fn info(app: &TestApp, token: &str, number: &str) -> Answer {
    app.send(common::request("GET", &format!("{INFO}?orderNumber={number}"), "", Body::empty(), &auth(token))).await
}

/// The PDF call's raw answer: status, content type, disposition, body.
async fn pdf(app: &TestApp, token: &str, number: &str, lang: &str) -> (u16, String, String, Vec<u8>) {
    let headers = [("authorization", token), ("locale", lang)];
    let request = common::request("GET", &format!("{PDF}?orderNumber={number}"), "", Body::empty(), &headers);
    let response = app.router().oneshot(request).await.expect("router answers");
    let status = response.status().as_u16();
    let header =
        |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    let bytes = axum::body::to_bytes(response.into_body(), 16 << 20).await.expect("body").to_vec();
    (status, content_type, disposition, bytes)
}

/// A refused PDF call: the envelope's `A00001` message.
fn refused(answer: &(u16, String, String, Vec<u8>), what: &str) -> String {
    assert_eq!(answer.0, 200, "{what}");
    assert!(answer.1.starts_with("application/json"), "{what}: {}", answer.1);
    let json: Value = serde_json::from_slice(&answer.3).expect("JSON");
    assert_eq!(json["code"], "A00001", "{what}: {json}");
    json["msg"].as_str().unwrap_or_default().to_string()
}

/// Checks the structure of a PDF: its header, its end, the cross-reference its `startxref`
/// points at, a catalog and a page, and an embedded TrueType font.
fn assert_pdf(bytes: &[u8], what: &str) {
    assert!(bytes.starts_with(b"%PDF-1."), "{what}: header");
    let text = String::from_utf8_lossy(bytes);
    assert!(text.trim_end().ends_with("%%EOF"), "{what}: end");
    let start = text.rfind("startxref").expect("startxref");
    let offset: usize = text[start + 9..].split_whitespace().next().and_then(|n| n.parse().ok()).expect("offset");
    let at = &bytes[offset..offset + 20.min(bytes.len() - offset)];
    let at = String::from_utf8_lossy(at);
    assert!(at.starts_with("xref") || at.split_whitespace().nth(2) == Some("obj"), "{what}: xref at {offset}: {at}");
    assert!(text.contains("/Catalog") && text.contains("/Page"), "{what}: catalog and page");
    assert!(text.contains("/FontFile2") || text.contains("/FontFile3"), "{what}: an embedded font");
    assert!(bytes.len() < 400_000, "{what}: fonts are subset ({} bytes)", bytes.len());
}

async fn stored(app: &TestApp) -> Vec<(i64, i64, String, String)> {
    sqlx::query_as("SELECT order_id, header_type, header_name, tax_number FROM order_invoice ORDER BY order_invoice_id")
        .fetch_all(&app.state.db.pool)
        .await
        .expect("invoices")
}

#[tokio::test]
async fn a_buyer_requests_the_invoice_of_a_paid_order_the_shop_issues_it_and_its_pdf_downloads() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "Sokha").await;
        let number = order(app, user, &token, &[SCARF, TEAPOT], PAID).await;

        let before = info(app, &token, &number).await;
        let data = before.ok(what);
        assert_eq!(data["requestable"], true, "{what}: {data}");
        assert!(data["invoice"].is_null(), "{what}");
        assert_eq!(data["shopName"], "Silk House");
        assert_eq!(data["orderItemDtos"].as_array().unwrap().len(), 2);
        assert!(data["actualTotal"].as_f64().unwrap() >= 40.0, "{what}: {data}");

        let saved = save(app, &token, &unit(&number, " 湄公贸易有限公司 ", "91310000ma1k 3yj12x")).await;
        let invoice = saved.ok(what).clone();
        assert_eq!(invoice["invoiceState"], 1, "{what}: application");
        assert_eq!(invoice["headerName"], "湄公贸易有限公司");
        assert_eq!(invoice["invoiceTaxNumber"], TAX_ID);
        assert_eq!(invoice["orderNumber"], number.as_str());
        assert!(invoice["uploadTime"].is_null());

        let after = info(app, &token, &number).await;
        assert_eq!(after.ok(what)["requestable"], false, "{what}");
        assert_eq!(after.ok(what)["invoice"]["invoiceState"], 1);

        // Not issued yet: no PDF; a second request is refused.
        let early = pdf(app, &token, &number, "en").await;
        assert!(refused(&early, what).contains("not been issued"), "{what}");
        let twice = save(app, &token, &personal(&number, "Sokha")).await.bad(what);
        assert!(twice.contains("already been requested"), "{what}: {twice}");
        assert_eq!(stored(app).await.len(), 1, "{what}");

        // The shop issues it, once.
        let id = invoice["orderInvoiceId"].as_i64().unwrap();
        assert_eq!(repo::issue(&app.state.db, id).await.unwrap(), Decided::Done, "{what}");
        assert_eq!(repo::issue(&app.state.db, id).await.unwrap(), Decided::NotRequested(2), "{what}");
        assert_eq!(repo::fail(&app.state.db, id, "late").await.unwrap(), Decided::NotRequested(2), "{what}");
        assert_eq!(repo::issue(&app.state.db, id + 1000).await.unwrap(), Decided::Unknown, "{what}");
        let issued = info(app, &token, &number).await;
        let issued = &issued.ok(what)["invoice"];
        assert_eq!(issued["invoiceState"], 2, "{what}: invoiced");
        assert!(issued["uploadTime"].as_i64().unwrap() > 0);

        for lang in ["en", "zh_CN", "km"] {
            let (status, content_type, disposition, bytes) = pdf(app, &token, &number, lang).await;
            assert_eq!(status, 200, "{what} {lang}: {}", String::from_utf8_lossy(&bytes[..bytes.len().min(300)]));
            assert_eq!(content_type, "application/pdf", "{what}");
            assert_eq!(disposition, format!("attachment; filename=\"invoice-{number}.pdf\""), "{what}");
            assert_pdf(&bytes, &format!("{what} {lang}"));
            if let Some(dir) = std::env::var_os("MALL_INVOICE_PDF_OUT") {
                std::fs::write(std::path::Path::new(&dir).join(format!("invoice-{what}-{lang}.pdf")), &bytes).unwrap();
            }
        }

        // Another buyer: the order is unknown to them, the PDF too, and nothing changes.
        let (_, other) = buyer(app, "Dara").await;
        let msg = info(app, &other, &number).await.bad(what);
        assert!(msg.contains("does not exist"), "{what}: {msg}");
        let msg = refused(&pdf(app, &other, &number, "en").await, what);
        assert!(msg.contains("does not exist"), "{what}: {msg}");
        let msg = save(app, &other, &personal(&number, "Dara")).await.bad(what);
        assert!(msg.contains("does not exist"), "{what}: {msg}");
        let rows = stored(app).await;
        assert_eq!(rows.len(), 1, "{what}");
        assert_eq!(rows[0].2, "湄公贸易有限公司", "{what}");
    })
    .await;
}

#[tokio::test]
async fn each_rule_has_its_translated_message_and_a_refusal_stores_nothing() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "Li Wei").await;
        let number = order(app, user, &token, &[SCARF], SHIPPED).await;
        let cases = [
            (json!({"orderNumber": number, "headerType": 3, "headerName": "Li Wei"}), "person or a unit"),
            (personal(&number, "   "), "Enter the invoice title"),
            (personal(&number, &"长".repeat(101)), "up to 100 characters"),
            (personal(&number, "Li\nWei"), "up to 100 characters"),
            (unit(&number, "Mekong Trading", ""), "unit's taxpayer ID"),
            (unit(&number, "Mekong Trading", "12345"), "valid taxpayer ID"),
            (unit(&number, "Mekong Trading", "91310000MA1K3YJ12X#"), "valid taxpayer ID"),
            (unit(&number, "Mekong Trading", "K01-901234567"), "valid taxpayer ID"),
            (personal("abc", "Li Wei"), "does not exist"),
            (personal("", "Li Wei"), "does not exist"),
            (personal("99999999999999", "Li Wei"), "does not exist"),
        ];
        for (body, expected) in &cases {
            let en = save(app, &token, body).await.bad(what);
            assert!(en.contains(expected), "{what}: {body} answered {en}");
            let zh = save_zh(app, &token, body).await.bad(what);
            assert_ne!(en, zh, "{what}: {body}: translated");
        }
        // A malformed body is refused too.
        let raw = app.send(common::request("POST", SAVE, "application/json", "{\"headerType\":", &auth(&token))).await;
        raw.bad(what);
        assert!(stored(app).await.is_empty(), "{what}");

        // Unpaid, canceled and still-grouping orders have nothing to invoice yet.
        for status in [UNPAID, CANCELED, GROUPING] {
            let waiting = order(app, user, &token, &[TEAPOT], status).await;
            let msg = save(app, &token, &personal(&waiting, "Li Wei")).await.bad(what);
            assert!(msg.contains("once the order is paid"), "{what} {status}: {msg}");
            assert_eq!(info(app, &token, &waiting).await.ok(what)["requestable"], false, "{what} {status}");
        }
        assert!(stored(app).await.is_empty(), "{what}");

        // A person's invoice drops a taxpayer ID; a Cambodian TIN suits a unit.
        let saved = save(
            app,
            &token,
            &json!({"orderNumber": number, "headerType": 2, "headerName": "Li Wei",
            "invoiceTaxNumber": TAX_ID}),
        )
        .await;
        assert_eq!(saved.ok(what)["invoiceTaxNumber"], "", "{what}");
        let completed = order(app, user, &token, &[SCARF], COMPLETED).await;
        let saved = save(app, &token, &unit(&completed, "ក្រុមហ៊ុន មេគង្គ", "k001-901234567")).await;
        assert_eq!(saved.ok(what)["invoiceTaxNumber"], "K001-901234567", "{what}");
        assert_eq!(stored(app).await.len(), 2, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_parallel_burst_of_requests_for_one_order_stores_one_invoice() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "Burst").await;
        let number = order(app, user, &token, &[SCARF], PAID).await;
        let requests = (0..12)
            .map(|i| {
                let sent = personal(&number, &format!("Take {i}")).to_string();
                common::request("POST", SAVE, "application/json", sent, &auth(&token))
            })
            .collect();
        let codes = common::burst_codes(app, requests).await;
        assert_eq!(codes.iter().filter(|c| *c == "00000").count(), 1, "{what}: {codes:?}");
        assert_eq!(codes.iter().filter(|c| *c == "A00001").count(), 11, "{what}: {codes:?}");
        assert_eq!(stored(app).await.len(), 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_failed_invoice_shows_its_reason_and_may_be_requested_again_and_guests_sign_in() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "Dara").await;
        let number = order(app, user, &token, &[TEAPOT], PAID).await;
        let saved = save(app, &token, &unit(&number, "Mekong Trading", "K001-901234567")).await;
        let id = saved.ok(what)["orderInvoiceId"].as_i64().unwrap();
        assert_eq!(repo::fail(&app.state.db, id, "The taxpayer ID is not registered").await.unwrap(), Decided::Done);
        assert_eq!(repo::fail(&app.state.db, id, "again").await.unwrap(), Decided::NotRequested(3), "{what}");
        assert_eq!(repo::issue(&app.state.db, id).await.unwrap(), Decided::NotRequested(3), "{what}");

        let failed = info(app, &token, &number).await;
        let data = failed.ok(what);
        assert_eq!(data["invoice"]["invoiceState"], 3, "{what}: fail");
        assert_eq!(data["invoice"]["failReason"], "The taxpayer ID is not registered");
        assert_eq!(data["requestable"], true, "{what}");
        assert!(refused(&pdf(app, &token, &number, "en").await, what).contains("not been issued"));

        // Requested again with a corrected title: the same invoice, waiting again.
        let again = save(app, &token, &unit(&number, "Mekong Trading Co., Ltd.", TAX_ID)).await;
        let again = again.ok(what);
        assert_eq!(again["orderInvoiceId"].as_i64(), Some(id), "{what}");
        assert_eq!(again["invoiceState"], 1);
        assert_eq!(again["failReason"], "");
        assert_eq!(again["headerName"], "Mekong Trading Co., Ltd.");
        assert_eq!(stored(app).await.len(), 1, "{what}");

        // Guests sign in first.
        app.post_json(SAVE, personal(&number, "Guest").to_string(), &[]).await.failed("A00004", what);
        app.get(&format!("{INFO}?orderNumber={number}")).await.failed("A00004", what);
        app.get(&format!("{PDF}?orderNumber={number}")).await.failed("A00004", what);
    })
    .await;
}

#[tokio::test]
async fn the_pages_offer_the_request_show_each_state_and_link_the_pdf() {
    let app = common::seeded_sqlite().await;
    let router = common::site(&app);
    catalogue(&app).await;
    let (me, token) = buyer(&app, "Sokha").await;
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];
    let number = order(&app, me, &token, &[SCARF], PAID).await;
    let unpaid = order(&app, me, &token, &[TEAPOT], UNPAID).await;

    // Guests sign in first and come back.
    let (status, headers, _) = common::page(&router, &format!("/invoice-detail?orderNumber={number}"), &[]).await;
    assert_eq!(status, 302);
    assert!(headers["location"].to_str().unwrap().starts_with("/login?redirect=%2Finvoice-detail"), "{headers:?}");

    // My Orders and the order page lead to it for the paid order only.
    let (_, _, list) = common::page(&router, "/user-center/uc-order?lang=en", &signed_in).await;
    assert_eq!(list.matches(r#"data-testid="uc-order-invoice""#).count(), 1, "{list}");
    assert!(list.contains(&format!(r#"href="/invoice-detail?orderNumber={number}""#)));
    let (_, _, detail) =
        common::page(&router, &format!("/order-detail?orderNumber={number}&lang=en"), &signed_in).await;
    assert!(detail.contains(r#"data-testid="order-invoice""#) && detail.contains("Request invoice"), "{detail}");
    let (_, _, other) = common::page(&router, &format!("/order-detail?orderNumber={unpaid}&lang=en"), &signed_in).await;
    assert!(!other.contains(r#"data-testid="order-invoice""#));

    // Not requested: the form, in the page's language.
    let uri = format!("/invoice-detail?orderNumber={number}&lang=km");
    let (status, _, page) = common::page(&router, &uri, &signed_in).await;
    assert_eq!(status, 200);
    assert!(page.contains(r#"data-testid="invoice-form""#) && page.contains("ស្នើសុំវិក្កយបត្រ"), "{page}");
    assert!(page.contains(r#"data-state="0""#) && !page.contains(r#"data-testid="invoice-download""#));

    // Requested: its fields, no form, no PDF yet; the order page offers to view it.
    let saved = save(&app, &token, &unit(&number, "Mekong <Trading>", TAX_ID)).await;
    let id = saved.ok("save")["orderInvoiceId"].as_i64().unwrap();
    let (_, _, page) =
        common::page(&router, &format!("/invoice-detail?orderNumber={number}&lang=en"), &signed_in).await;
    assert!(page.contains(r#"data-state="1""#) && page.contains("Application submitted"), "{page}");
    assert!(!page.contains(r#"data-testid="invoice-form""#));
    assert!(page.contains("Mekong &lt;Trading&gt;") && page.contains(TAX_ID), "the title is escaped");
    let (_, _, detail) =
        common::page(&router, &format!("/order-detail?orderNumber={number}&lang=en"), &signed_in).await;
    assert!(detail.contains("View invoice"), "{detail}");

    // Failed: the reason and the form again, filled in.
    repo::fail(&app.state.db, id, "The taxpayer ID is not registered").await.unwrap();
    let (_, _, page) =
        common::page(&router, &format!("/invoice-detail?orderNumber={number}&lang=zh_CN"), &signed_in).await;
    assert!(
        page.contains(r#"data-state="3""#) && page.contains("开票失败") && page.contains("not registered"),
        "{page}"
    );
    assert!(page.contains(r#"data-testid="invoice-form""#) && page.contains("重新申请开票"));

    // Invoiced: the PDF link.
    save(&app, &token, &unit(&number, "Mekong Trading", TAX_ID)).await.ok("again");
    repo::issue(&app.state.db, id).await.unwrap();
    let (_, _, page) =
        common::page(&router, &format!("/invoice-detail?orderNumber={number}&lang=en"), &signed_in).await;
    assert!(page.contains(r#"data-state="2""#) && page.contains("Invoiced"), "{page}");
    assert!(page.contains(&format!(r#"href="/api/p/orderInvoice/pdf?orderNumber={number}""#)), "{page}");

    // Another buyer's order, or none: the empty state.
    let (_, other_token) = buyer(&app, "Dara").await;
    let other_cookie = common::session_cookie(&other_token);
    let (_, _, page) = common::page(
        &router,
        &format!("/invoice-detail?orderNumber={number}&lang=en"),
        &[("cookie", other_cookie.as_str())],
    )
    .await;
    assert!(page.contains(r#"data-testid="invoice-missing""#) && !page.contains("Mekong Trading"), "{page}");
    app.finish().await;
}
