//! The points mall on every backend: the seeded items (prices in multiples of 10), a
//! redemption that places an order paid with points (SCOREPAY) with its ledger row, refusals
//! (not enough points, sold out, bad input, another buyer's address) that change nothing, the
//! stock holding under a parallel burst, and the buyer's own order only. After every test
//! each buyer's points add up to their ledger.

use crate::common;

use common::{auth, buyer_with_address, exec, with_seeded_apps, TestApp};
use serde_json::{json, Value};

const LIST: &str = api::paths::SCORE_PROD_LIST;
const INFO: &str = api::paths::SCORE_PROD_INFO;
const SUBMIT: &str = api::paths::SCORE_ORDER_SUBMIT;
const DETAIL: &str = api::paths::MY_ORDER_DETAIL;

/// Every buyer's points equal the sum of their ledger.
async fn ledgers_balance(app: &TestApp, what: &str) {
    let off = app
        .count(
            "SELECT COUNT(*) FROM users u
             WHERE u.points <> COALESCE((SELECT SUM(p.delta) FROM points_record p WHERE p.user_id = u.user_id), 0)",
        )
        .await;
    assert_eq!(off, 0, "{what}: a points ledger does not add up to what its buyer holds");
}

/// Grants `points` with their ledger row, as the mall grants them.
async fn grant(app: &TestApp, user: i64, points: i64) {
    exec(app, &format!("UPDATE users SET points = points + {points} WHERE user_id = {user}")).await;
    exec(
        app,
        &format!(
            "INSERT INTO points_record (user_id, delta, reason, created_at) VALUES ({user}, {points}, 3, {})",
            common::now()
        ),
    )
    .await;
}

/// What a redemption could write, to show a refused one changed nothing.
async fn footprint(app: &TestApp) -> Vec<i64> {
    let mut counts = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM orders",
        "SELECT COUNT(*) FROM order_item",
        "SELECT COUNT(*) FROM pay_attempt",
        "SELECT COUNT(*) FROM points_record",
        "SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) FROM users",
        "SELECT CAST(COALESCE(SUM(stocks), 0) AS BIGINT) FROM score_prod",
        "SELECT CAST(COALESCE(SUM(sold_num), 0) AS BIGINT) FROM score_prod",
    ] {
        counts.push(app.count(sql).await);
    }
    counts
}

/// The items on offer (the first page of 100).
async fn items(app: &TestApp) -> Vec<Value> {
    let page = app.get_page(&format!("{LIST}?size=100"), "list").await;
    page["records"].as_array().unwrap().clone()
}

/// An item with stock and a price in points.
async fn in_stock(app: &TestApp) -> Value {
    items(app).await.into_iter().find(|i| i["stocks"].as_i64().unwrap() > 0).expect("an item in stock")
}

/// Points as the pages show them: thousands separated.
fn grouped(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn body(item: i64, count: i64, addr: i64) -> String {
    json!({"scoreProdId": item, "prodCount": count, "addrId": addr, "remarks": ""}).to_string()
}

#[tokio::test]
async fn the_seeded_items_are_named_in_three_languages_and_priced_in_tens() {
    with_seeded_apps(async |app, what| {
        let list = items(app).await;
        assert!(list.len() >= 6, "{what}: the demo offers items");
        for item in &list {
            let points = item["scorePrice"].as_i64().unwrap();
            assert!(api::points_mall::points_price_allowed(points), "{what}: {points} is a multiple of 10");
            assert!(!item["prodName"].as_str().unwrap().is_empty(), "{what}: named");
            assert!(!item["pic"].as_str().unwrap().is_empty(), "{what}: pictured");
        }
        assert!(list.iter().any(|i| i["stocks"] == 0), "{what}: one is sold out");
        assert!(list.iter().any(|i| i["scorePrice"] == 10), "{what}: one a day's sign-in reaches");
        let id = list[0]["scoreProdId"].as_i64().unwrap();
        let en = app.get_ok(&format!("{INFO}?scoreProdId={id}"), what).await;
        let zh = app.get_with(&format!("{INFO}?scoreProdId={id}"), &[("locale", "zh_CN")]).await.ok(what).clone();
        let km = app.get_with(&format!("{INFO}?scoreProdId={id}"), &[("locale", "km")]).await.ok(what).clone();
        assert_eq!(en["scoreProdId"], id);
        assert_ne!(en["prodName"], zh["prodName"], "{what}: Chinese name");
        assert_ne!(en["prodName"], km["prodName"], "{what}: Khmer name");
        // The database refuses a price that is not a multiple of 10.
        let refused = sqlx::query("UPDATE score_prod SET score_price = 15 WHERE score_prod_id = $1")
            .bind(id)
            .execute(&app.state.db.pool)
            .await;
        assert!(refused.is_err(), "{what}: 15 points is no price");
        common::all_bad(
            app,
            &[
                &format!("{INFO}?scoreProdId=0"),
                &format!("{INFO}?scoreProdId=999999"),
                &format!("{INFO}?scoreProdId=x"),
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn a_redemption_places_an_order_paid_with_points_and_the_ledger_adds_up() {
    with_seeded_apps(async |app, what| {
        let (user, token) = buyer_with_address(app, "redeemer").await;
        let item = in_stock(app).await;
        let id = item["scoreProdId"].as_i64().unwrap();
        let price = item["scorePrice"].as_i64().unwrap();
        let stocks = item["stocks"].as_i64().unwrap();
        grant(app, user, price * 2 + 30).await;

        let done = app.post_json(SUBMIT, body(id, 2, 0), &auth(&token)).await.ok(what).clone();
        assert_eq!(done["score"], price * 2, "{what}");
        assert_eq!(done["userScore"], 30, "{what}");
        let number = done["orderNumber"].as_str().unwrap().to_string();

        let after = app.get_ok(&format!("{INFO}?scoreProdId={id}"), what).await;
        assert_eq!(after["stocks"], stocks - 2, "{what}: two units taken");
        let detail = app.get_with(&format!("{DETAIL}?orderNumber={number}"), &auth(&token)).await.ok(what).clone();
        assert_eq!(detail["status"], api::orders::order_status::PAID, "{what}: paid at once");
        assert_eq!(detail["orderType"], api::orders::order_type::POINTS_MALL, "{what}: a points order");
        assert_eq!(detail["orderItemDtos"][0]["prodCount"], 2, "{what}");
        assert_eq!(detail["userAddr"]["receiver"], "redeemer", "{what}: the buyer's address");
        let mine =
            app.get_with(&format!("{}?status=0", api::paths::MY_ORDER_LIST), &auth(&token)).await.ok(what).clone();
        assert!(
            mine["records"].as_array().unwrap().iter().any(|o| o["orderNumber"] == number.as_str()),
            "{what}: in My Orders"
        );
        // Shown in points: the order says what it paid in points, on the wire and on its pages,
        // and offers neither a refund nor an invoice.
        assert_eq!(detail["orderScore"], price * 2, "{what}: the points it paid");
        let listed = mine["records"].as_array().unwrap().iter().find(|o| o["orderNumber"] == number.as_str());
        assert_eq!(listed.unwrap()["orderScore"], price * 2, "{what}");
        let router = common::site(app);
        let cookie = common::session_cookie(&token);
        let signed_in = [("cookie", cookie.as_str())];
        for currency in ["USD", "KHR"] {
            let (_, _, page) = common::page(
                &router,
                &format!("/order-detail?orderNumber={number}&lang=en&currency={currency}"),
                &signed_in,
            )
            .await;
            let shown = |html: &str, test_id: &str| {
                let marker = format!(r#"data-testid="{test_id}""#);
                let at = html.find(&marker).unwrap_or_else(|| panic!("{test_id}"));
                let start = at + html[at..].find('>').expect("the tag ends") + 1;
                html[start..].split("</").next().unwrap_or_default().replace("<!>", "").replace("<!-- -->", "")
            };
            let (each, total) = (grouped(price), grouped(price * 2));
            assert_eq!(shown(&page, "order-points-paid"), format!("{total} points"), "{what}: {currency}");
            assert_eq!(shown(&page, "order-item-price"), format!("{each} points × 2"), "{what}: {currency}");
            assert_eq!(shown(&page, "order-item-total"), format!("{total} points"), "{what}: {currency}");
            assert!(!page.contains(r#"data-testid="order-actual-total""#), "{what}: no money on a points order");
            assert!(!page.contains(r#"data-testid="order-refund""#), "{what}: no refund offered");
            let (_, _, list) =
                common::page(&router, &format!("/user-center/uc-order?lang=en&currency={currency}"), &signed_in).await;
            assert_eq!(shown(&list, "uc-order-total"), format!("{total} points"), "{what}: {currency}");
            assert_eq!(shown(&list, "uc-order-price"), format!("{each} points"), "{what}: {currency}");
            assert!(!list.contains(r#"data-testid="uc-order-refund""#), "{what}: no refund offered");
            assert!(!list.contains(r#"data-testid="uc-order-invoice""#), "{what}: no invoice offered");
        }
        let paid_by = app.count(&format!("SELECT pay_type FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(paid_by, 0, "{what}: SCOREPAY");
        let records = app.get_with(api::paths::SCORE_PAGE, &auth(&token)).await.ok(what).clone();
        let first = &records["records"][0];
        assert_eq!(first["change"], -price * 2, "{what}: the points record");
        assert_eq!(first["reason"], api::wallet::points_reason::PAID_ORDER, "{what}");
        assert_eq!(first["orderNumber"], number.as_str(), "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn refusals_change_nothing() {
    with_seeded_apps(async |app, what| {
        let (user, token) = buyer_with_address(app, "short").await;
        let list = items(app).await;
        let item =
            list.iter().find(|i| i["stocks"].as_i64().unwrap() > 0 && i["scorePrice"].as_i64().unwrap() >= 50).unwrap();
        let id = item["scoreProdId"].as_i64().unwrap();
        let price = item["scorePrice"].as_i64().unwrap();
        grant(app, user, price - 10).await;
        let sold_out = list.iter().find(|i| i["stocks"] == 0).unwrap()["scoreProdId"].as_i64().unwrap();
        buyer_with_address(app, "neighbour").await;
        let others_addr = app.count("SELECT MAX(addr_id) FROM user_addr").await;

        let en = app.post_json(SUBMIT, body(id, 1, 0), &auth(&token)).await.bad(what);
        assert!(en.contains(&price.to_string()), "{what}: names what it takes: {en}");
        let zh = app
            .post_json(SUBMIT, body(id, 1, 0), &[("authorization", token.as_str()), ("locale", "zh_CN")])
            .await
            .bad(what);
        assert_ne!(en, zh, "{what}: translated");
        grant(app, user, 100_000).await;
        let before_granted = footprint(app).await;
        for (param, case) in [
            (body(sold_out, 1, 0), "sold out"),
            (body(id, 0, 0), "no units"),
            (body(id, -3, 0), "negative units"),
            (body(id, 100, 0), "too many units"),
            (body(id, item["stocks"].as_i64().unwrap() + 1, 0), "more than left"),
            (body(999_999, 1, 0), "unknown item"),
            (body(0, 1, 0), "no item"),
            (body(id, 1, others_addr), "another buyer's address"),
            (body(id, 1, -1), "bad address"),
            (
                json!({"scoreProdId": id, "prodCount": 1, "addrId": 0, "remarks": "x".repeat(201)}).to_string(),
                "long message",
            ),
            (json!({"scoreProdId": "one", "prodCount": 1}).to_string(), "not a number"),
            ("{".to_string(), "not JSON"),
        ] {
            // "more than left" only holds for stock under the count limit.
            if case == "more than left"
                && item["stocks"].as_i64().unwrap() + 1 > api::points_mall::SCORE_ORDER_MAX_COUNT
            {
                continue;
            }
            app.post_json(SUBMIT, param, &auth(&token)).await.bad(&format!("{what}: {case}"));
        }
        assert_eq!(footprint(app).await, before_granted, "{what}: nothing changed");
        // A guest is not signed in.
        let guest = app.post_json(SUBMIT, body(id, 1, 0), &[]).await;
        guest.failed("A00004", what);
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_buyer_without_an_address_is_asked_for_one() {
    with_seeded_apps(async |app, what| {
        let (user, token) = app.signed_in_user("homeless").await;
        let item = in_stock(app).await;
        grant(app, user, 100_000).await;
        let before = footprint(app).await;
        let msg =
            app.post_json(SUBMIT, body(item["scoreProdId"].as_i64().unwrap(), 1, 0), &auth(&token)).await.bad(what);
        assert!(msg.to_lowercase().contains("address"), "{what}: {msg}");
        assert_eq!(footprint(app).await, before, "{what}");
    })
    .await;
}

#[tokio::test]
async fn stock_holds_under_a_parallel_burst() {
    with_seeded_apps(async |app, what| {
        let item = in_stock(app).await;
        let id = item["scoreProdId"].as_i64().unwrap();
        let price = item["scorePrice"].as_i64().unwrap();
        const UNITS: i64 = 5;
        const BUYERS: usize = 24;
        exec(app, &format!("UPDATE score_prod SET stocks = {UNITS}, sold_num = 0 WHERE score_prod_id = {id}")).await;
        let mut tokens = Vec::new();
        for i in 0..BUYERS {
            let (user, token) = buyer_with_address(app, &format!("burst{i}")).await;
            grant(app, user, price * 3).await;
            tokens.push(token);
        }
        let mut tasks = Vec::new();
        for token in tokens {
            let router = app.router();
            tasks.push(tokio::spawn(async move {
                let request = common::request("POST", SUBMIT, "application/json", body(id, 1, 0), &auth(&token));
                let response = tower::ServiceExt::oneshot(router, request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                let json: Value = serde_json::from_slice(&bytes).unwrap();
                json["code"].as_str().unwrap_or_default().to_string()
            }));
        }
        let mut passed = 0;
        let mut refused = 0;
        for task in tasks {
            match task.await.unwrap().as_str() {
                "00000" => passed += 1,
                "A00001" => refused += 1,
                other => panic!("{what}: unexpected answer {other}"),
            }
        }
        assert_eq!(passed, UNITS, "{what}: exactly the units there were passed");
        assert_eq!(refused, BUYERS as i64 - UNITS, "{what}: the rest were told it is sold out");
        assert_eq!(app.count(&format!("SELECT stocks FROM score_prod WHERE score_prod_id = {id}")).await, 0, "{what}");
        assert_eq!(
            app.count(&format!("SELECT sold_num FROM score_prod WHERE score_prod_id = {id}")).await,
            UNITS,
            "{what}"
        );
        let orders = app
            .count(&format!("SELECT COUNT(*) FROM orders WHERE order_type = {}", api::orders::order_type::POINTS_MALL))
            .await;
        assert_eq!(orders, UNITS, "{what}: one order per unit sold");
        println!("{what}: {BUYERS} parallel redemptions of {UNITS} units: {passed} passed, {refused} refused");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_buyers_points_are_spent_once_under_a_burst() {
    with_seeded_apps(async |app, what| {
        let item = in_stock(app).await;
        let id = item["scoreProdId"].as_i64().unwrap();
        let price = item["scorePrice"].as_i64().unwrap();
        exec(app, &format!("UPDATE score_prod SET stocks = 100 WHERE score_prod_id = {id}")).await;
        let (user, token) = buyer_with_address(app, "spender").await;
        grant(app, user, price * 3).await;
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let router = app.router();
            let token = token.clone();
            tasks.push(tokio::spawn(async move {
                let request = common::request("POST", SUBMIT, "application/json", body(id, 1, 0), &auth(&token));
                let response = tower::ServiceExt::oneshot(router, request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                let json: Value = serde_json::from_slice(&bytes).unwrap();
                json["code"].as_str().unwrap_or_default() == "00000"
            }));
        }
        let mut passed = 0;
        for task in tasks {
            passed += i64::from(task.await.unwrap());
        }
        assert_eq!(passed, 3, "{what}: the points paid for three");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 0, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_points_order_is_its_buyers_own() {
    with_seeded_apps(async |app, what| {
        let (user, token) = buyer_with_address(app, "owner").await;
        let (_, stranger) = buyer_with_address(app, "stranger").await;
        let item = in_stock(app).await;
        grant(app, user, item["scorePrice"].as_i64().unwrap()).await;
        let done = app
            .post_json(SUBMIT, body(item["scoreProdId"].as_i64().unwrap(), 1, 0), &auth(&token))
            .await
            .ok(what)
            .clone();
        let number = done["orderNumber"].as_str().unwrap();
        let theirs = app.get_with(&format!("{DETAIL}?orderNumber={number}"), &auth(&stranger)).await;
        let unknown = app.get_with(&format!("{DETAIL}?orderNumber=1{number}"), &auth(&stranger)).await;
        assert_eq!(theirs.json["code"], unknown.json["code"], "{what}: answered as unknown");
        assert_eq!(theirs.json["msg"], unknown.json["msg"], "{what}");
        assert!(theirs.json["data"].is_null(), "{what}");
        // Points-mall orders are not refunded after sale.
        let refundable = app
            .get_with(&format!("{}?orderNumber={number}", api::paths::ORDER_REFUND_REFUNDABLE), &auth(&token))
            .await
            .ok(what)
            .clone();
        assert_eq!(refundable["refundable"], false, "{what}");
    })
    .await;
}
