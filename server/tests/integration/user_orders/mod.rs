//! The user centre's overview and orders on every backend: the order list filtered by status
//! and by product name (case-insensitive, in the order's recorded names and in the request's
//! language, wildcards taken literally), paged, and confined to the buyer's own orders; the
//! counts per status; growth earned on receipt, once, also when a burst of receipts of one
//! order arrives at once; the member level and the ladder; balance and points; bad input
//! (`A00001`, translated) that changes nothing.
//!
//! Shops 9101 and 9102 and their goods are these tests' own, with round prices: SKU 91011 (a
//! silk scarf, $20.00) and SKU 91021 (a rice cooker, $30.00).

use crate::common;

use common::auth;
use common::buyer_with_address as buyer;

use common::{exec, TestApp};
use serde_json::{json, Value};
use std::collections::BTreeSet;

mod growth;

const LIST: &str = "/p/myOrder/myOrder";
const COUNT: &str = "/p/myOrder/orderCount";
const LEVEL: &str = "/p/user/level";
const ASSETS: &str = "/p/user/assets";

const SCARF_SKU: i64 = 91011;
const COOKER_SKU: i64 = 91021;

/// Order states (`api::orders::order_status`).
const UNPAID: i64 = 1;
const PAID: i64 = 2;
const SHIPPED: i64 = 3;
const RECEIVED: i64 = 4;
const COMPLETED: i64 = 5;
const CANCELED: i64 = 6;
const GROUPING: i64 = 7;

async fn catalogue(app: &TestApp) {
    let now = common::now();
    let category = app.count("SELECT MIN(category_id) FROM category").await;
    for (shop, name) in [(9101, "Silk House"), (9102, "Kitchen Corner")] {
        exec(
            app,
            &format!(
                "INSERT INTO shop (shop_id, shop_name, shop_status, created_at) VALUES ({shop}, '{name}', 1, {now})"
            ),
        )
        .await;
    }
    let goods = [
        (9101, 9101, 2000, "Silk Scarf", "真丝围巾", "ក្រមាសូត្រ"),
        (9102, 9102, 3000, "Rice Cooker", "电饭锅", "ឆ្នាំងដាំបាយ"),
    ];
    for (prod, shop, price, en, zh, km) in goods {
        exec(
            app,
            &format!(
                "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price,
                     ori_price, status, total_stocks, created_at)
                 VALUES ({prod}, {shop}, {category}, '{en}', '{zh}', '{km}', {price}, {price}, 1, 1000, {now})"
            ),
        )
        .await;
        exec(
            app,
            &format!(
                "INSERT INTO sku (sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks)
                 VALUES ({prod}1, {prod}, 'Colour:Red', 'Colour:Red', 'Colour:Red', {price}, {price}, 1000)"
            ),
        )
        .await;
    }
}

/// Orders `count` units of `sku` through the cart, confirmation and submission, as a buyer
/// does; returns the new order's number.
async fn order(app: &TestApp, user: i64, token: &str, sku: i64, count: i64) -> String {
    let (shop, prod) = (sku / 10, sku / 10);
    exec(
        app,
        &format!(
            "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
             VALUES ({user}, {shop}, {prod}, {sku}, {count}, {})",
            common::now()
        ),
    )
    .await;
    let basket = app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user} AND sku_id = {sku}")).await;
    let body = json!({"basketIds": [basket], "userChangeCoupon": 1, "couponIds": []});
    let confirmed = app.post_json("/p/order/confirm", body.to_string(), &auth(token)).await;
    let order_token = confirmed.ok("confirm")["orderToken"].clone();
    let body = json!({"orderToken": order_token, "addrId": 0, "couponIds": [], "usePoints": 0});
    let submitted = app.post_json("/p/order/submit", body.to_string(), &auth(token)).await;
    submitted.ok("submit")["orderNumbers"].as_str().unwrap().to_string()
}

/// Moves an order to `status` as the payment, the sellers' centre or the clock would.
async fn set_status(app: &TestApp, number: &str, status: i64) {
    exec(app, &format!("UPDATE orders SET status = {status} WHERE order_number = '{number}'")).await;
}

async fn put(app: &TestApp, uri: &str, token: &str) -> common::Answer {
    app.send(common::request("PUT", uri, "", axum::body::Body::empty(), &auth(token))).await
}

/// The order numbers of a list answer, in order.
fn numbers(page: &Value) -> Vec<String> {
    page["records"].as_array().unwrap().iter().map(|o| o["orderNumber"].as_str().unwrap().to_string()).collect()
}

async fn list(app: &TestApp, token: &str, query: &str, locale: &str, what: &str) -> Value {
    let uri = format!("{LIST}?{query}");
    let answer = app.get_with(&uri, &[("authorization", token), ("locale", locale)]).await;
    let page = answer.ok(&format!("{what}: {query}")).clone();
    assert_eq!(common::keys(&page), common::set(common::PAGE), "{what}");
    page
}

#[tokio::test]
async fn the_list_filters_by_status_and_product_name_and_pages() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (me, mine) = buyer(app, "lister").await;
        let (other, theirs) = buyer(app, "neighbour").await;
        // Mine: two scarves (one unpaid, one shipped), three cookers (paid, canceled, completed).
        let scarf_unpaid = order(app, me, &mine, SCARF_SKU, 1).await;
        let scarf_shipped = order(app, me, &mine, SCARF_SKU, 2).await;
        let cooker_paid = order(app, me, &mine, COOKER_SKU, 1).await;
        let cooker_canceled = order(app, me, &mine, COOKER_SKU, 1).await;
        let cooker_completed = order(app, me, &mine, COOKER_SKU, 3).await;
        set_status(app, &scarf_shipped, SHIPPED).await;
        set_status(app, &cooker_paid, PAID).await;
        put(app, &format!("/p/myOrder/cancel/{cooker_canceled}"), &mine).await.ok(what);
        set_status(app, &cooker_completed, COMPLETED).await;
        // Theirs: the same goods in the same states, never in my lists.
        let mut their_numbers = BTreeSet::new();
        for sku in [SCARF_SKU, COOKER_SKU, SCARF_SKU] {
            their_numbers.insert(order(app, other, &theirs, sku, 1).await);
        }
        for number in &their_numbers {
            set_status(app, number, SHIPPED).await;
        }
        let all_mine: BTreeSet<String> =
            [&scarf_unpaid, &scarf_shipped, &cooker_paid, &cooker_canceled, &cooker_completed]
                .into_iter()
                .cloned()
                .collect();

        // All, newest first, with what a card shows.
        let page = list(app, &mine, "", "en", what).await;
        assert_eq!(page["total"], 5, "{what}");
        let listed = numbers(&page);
        assert_eq!(listed.iter().cloned().collect::<BTreeSet<_>>(), all_mine, "{what}");
        assert_eq!(listed[0], cooker_completed, "{what}: the newest first");
        let card = &page["records"][0];
        assert_eq!(card["shopName"], "Kitchen Corner", "{what}");
        assert_eq!(card["status"], COMPLETED, "{what}");
        assert_eq!(card["totalCount"], 3, "{what}");
        assert_eq!(card["actualTotal"], 90.0, "{what}: 3 × $30, free freight from $49");
        let item = &card["orderItemDtos"][0];
        assert_eq!((item["prodName"].as_str(), item["skuName"].as_str()), (Some("Rice Cooker"), Some("Colour: Red")));
        assert_eq!((item["price"].as_f64(), item["prodCount"].as_i64()), (Some(30.0), Some(3)), "{what}");
        assert_eq!(list(app, &mine, "status=0", "en", what).await["total"], 5, "{what}: 0 is every order");

        // By status: each tab only its own orders.
        for (status, expected) in [
            (UNPAID, vec![&scarf_unpaid]),
            (PAID, vec![&cooker_paid]),
            (SHIPPED, vec![&scarf_shipped]),
            (RECEIVED, vec![]),
            (COMPLETED, vec![&cooker_completed]),
            (CANCELED, vec![&cooker_canceled]),
            (GROUPING, vec![]),
        ] {
            let page = list(app, &mine, &format!("status={status}"), "en", what).await;
            let expected: Vec<String> = expected.into_iter().cloned().collect();
            assert_eq!(numbers(&page), expected, "{what}: status {status}");
            assert_eq!(page["total"], expected.len(), "{what}: status {status}");
        }

        // By product name: case-insensitive, in the recorded names and in the request's language.
        for (query, locale, expected) in [
            ("prodName=scarf", "en", vec![&scarf_shipped, &scarf_unpaid]),
            ("prodName=%20SILK%20sc%20", "en", vec![&scarf_shipped, &scarf_unpaid]),
            ("prodName=SILK%20%20sc", "en", vec![]),
            ("prodName=%20SILK%20", "en", vec![&scarf_shipped, &scarf_unpaid]),
            ("prodName=rice%20COOKER&status=5", "en", vec![&cooker_completed]),
            ("prodName=scarf&status=5", "en", vec![]),
            // The Chinese and Khmer names of the product, asked in that language.
            ("prodName=%E5%9B%B4%E5%B7%BE", "zh_CN", vec![&scarf_shipped, &scarf_unpaid]),
            ("prodName=%E5%9B%B4%E5%B7%BE", "en", vec![]),
            (
                "prodName=%E1%9E%86%E1%9F%92%E1%9E%93%E1%9E%B6%E1%9F%86%E1%9E%84",
                "km",
                vec![&cooker_completed, &cooker_canceled, &cooker_paid],
            ),
            // The recorded (English) name is found whatever the language shown.
            ("prodName=Cooker&status=2", "km", vec![&cooker_paid]),
            // Wildcards are letters like any other.
            ("prodName=%25", "en", vec![]),
            ("prodName=_", "en", vec![]),
            ("prodName=s_lk", "en", vec![]),
            ("prodName=", "en", vec![&cooker_completed, &cooker_canceled, &cooker_paid, &scarf_shipped, &scarf_unpaid]),
            (
                "prodName=%20%20",
                "en",
                vec![&cooker_completed, &cooker_canceled, &cooker_paid, &scarf_shipped, &scarf_unpaid],
            ),
        ] {
            let page = list(app, &mine, query, locale, what).await;
            let expected: Vec<String> = expected.into_iter().cloned().collect();
            assert_eq!(numbers(&page), expected, "{what}: {query} ({locale})");
            assert_eq!(page["total"], expected.len(), "{what}: {query}");
        }

        // Paging: two a page, every order once, in order.
        let mut paged = Vec::new();
        for current in 1..=3 {
            let page = list(app, &mine, &format!("current={current}&size=2"), "en", what).await;
            assert_eq!((page["current"].as_i64(), page["pages"].as_i64()), (Some(current), Some(3)), "{what}");
            assert_eq!(page["total"], 5, "{what}");
            paged.extend(numbers(&page));
        }
        assert_eq!(paged, listed, "{what}: the pages are the list");
        assert!(numbers(&list(app, &mine, "current=4&size=2", "en", what).await).is_empty(), "{what}");
        let found = list(app, &mine, "prodName=scarf&current=2&size=1", "en", what).await;
        assert_eq!((numbers(&found), found["pages"].as_i64()), (vec![scarf_unpaid.clone()], Some(2)), "{what}");

        // Ownership: their orders never appear in mine, whatever I ask, and mine not in theirs.
        for query in ["", "status=3", "prodName=scarf", "prodName=cooker&status=3", "size=100"] {
            let page = list(app, &mine, query, "en", what).await;
            assert!(numbers(&page).iter().all(|n| !their_numbers.contains(n)), "{what}: {query}");
        }
        let page = list(app, &theirs, "size=100", "en", what).await;
        assert_eq!(numbers(&page).into_iter().collect::<BTreeSet<_>>(), their_numbers, "{what}: theirs only");

        // Guests: A00004.
        app.get(LIST).await.failed("A00004", what);
        app.get(&format!("{LIST}?prodName=scarf")).await.failed("A00004", what);
    })
    .await;
}

#[tokio::test]
async fn order_lines_show_the_readers_language_not_the_one_they_were_ordered_in() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        exec(app, "UPDATE sku SET properties_zh = '颜色:红色', properties_km = 'ពណ៌:ក្រហម' WHERE sku_id = 91011").await;
        let (user, token) = buyer(app, "Reader").await;
        // Ordered in Khmer: the order records the Khmer names.
        exec(
            app,
            &format!(
                "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
                 VALUES ({user}, 9101, 9101, {SCARF_SKU}, 2, {})",
                common::now()
            ),
        )
        .await;
        let basket = app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user}")).await;
        let km = [("authorization", token.as_str()), ("locale", "km")];
        let body = json!({"basketIds": [basket], "userChangeCoupon": 1, "couponIds": []});
        let confirmed = app.post_json("/p/order/confirm", body.to_string(), &km).await;
        let body =
            json!({"orderToken": confirmed.ok(what)["orderToken"], "addrId": 0, "couponIds": [], "usePoints": 0});
        let submitted = app.post_json("/p/order/submit", body.to_string(), &km).await;
        let number = submitted.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let recorded = common::text(app, &format!("SELECT prod_name FROM order_item WHERE sku_id = {SCARF_SKU}")).await;
        assert_eq!(recorded, "ក្រមាសូត្រ", "{what}: the snapshot as ordered");

        for (locale, name, sku) in
            [("en", "Silk Scarf", "Colour: Red"), ("zh_CN", "真丝围巾", "颜色: 红色"), ("km", "ក្រមាសូត្រ", "ពណ៌: ក្រហម")]
        {
            let page = list(app, &token, "status=0", locale, what).await;
            let line = &page["records"][0]["orderItemDtos"][0];
            assert_eq!(
                (line["prodName"].as_str(), line["skuName"].as_str()),
                (Some(name), Some(sku)),
                "{what}: {locale}"
            );
            assert_eq!(line["prodCount"], 2, "{what}: what was bought stays");
            let uri = format!("/p/myOrder/orderDetail?orderNumber={number}");
            let detail = app.get_with(&uri, &[("authorization", token.as_str()), ("locale", locale)]).await;
            let line = &detail.ok(what)["orderItemDtos"][0];
            assert_eq!(
                (line["prodName"].as_str(), line["skuName"].as_str()),
                (Some(name), Some(sku)),
                "{what}: {locale}"
            );
            assert_eq!(line["price"], 20.0, "{what}: at the price paid");
        }
        // The refund form names them in the reader's language too.
        let uri = format!("{}?orderNumber={number}", api::paths::ORDER_REFUND_REFUNDABLE);
        let view = app.get_with(&uri, &[("authorization", token.as_str()), ("locale", "en")]).await;
        assert_eq!(view.ok(what)["items"][0]["prodName"], "Silk Scarf", "{what}");
        // The product renamed or gone: the names ordered stay.
        exec(app, "UPDATE order_item SET prod_id = 99999999, sku_id = 99999999 WHERE prod_id = 9101").await;
        let page = list(app, &token, "status=0", "en", what).await;
        assert_eq!(page["records"][0]["orderItemDtos"][0]["prodName"], "ក្រមាសូត្រ", "{what}");
        common::ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn bad_list_queries_are_refused_translated() {
    common::with_seeded_apps(async |app, what| {
        let (_, token) = buyer(app, "asker").await;
        let long = "a".repeat(51);
        for query in [
            "status=9".to_string(),
            "status=-1".into(),
            "status=x".into(),
            "current=0".into(),
            "size=0".into(),
            "current=x".into(),
            format!("prodName={long}"),
            format!("prodName={}", common::urlencode(&"字".repeat(51))),
            "prodName=a%00b".into(),
        ] {
            let uri = format!("{LIST}?{query}");
            let en = app.get_with(&uri, &auth(&token)).await.bad(&format!("{what}: {query}"));
            let zh = app.get_with(&uri, &[("authorization", &token), ("locale", "zh_CN")]).await.bad(what);
            let km = app.get_with(&uri, &[("authorization", &token), ("locale", "km")]).await.bad(what);
            assert!(en != zh && en != km && zh != km, "{what}: {query}: translated ({en} / {zh} / {km})");
        }
        let msg = app.get_with(&format!("{LIST}?prodName={long}"), &auth(&token)).await.bad(what);
        assert!(msg.contains("prodName") && msg.contains("50"), "{what}: {msg}");
        // Fifty characters are fine, in any script.
        let fifty = common::urlencode(&"ក".repeat(50));
        list(app, &token, &format!("prodName={fifty}"), "km", what).await;
    })
    .await;
}

#[tokio::test]
async fn the_counts_follow_each_order_state_and_the_buyer() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (me, mine) = buyer(app, "counter").await;
        let (other, theirs) = buyer(app, "stranger").await;
        let zero = json!({"allCount": 0, "unPay": 0, "payed": 0, "consignment": 0, "confirm": 0, "success": 0,
                          "close": 0, "grouping": 0});
        assert_eq!(app.get_with(COUNT, &auth(&mine)).await.ok(what).clone(), zero, "{what}: new");
        let _ = app.get(COUNT).await.failed("A00004", what);

        let mut mine_by_state = Vec::new();
        for status in [UNPAID, UNPAID, PAID, SHIPPED, SHIPPED, SHIPPED, RECEIVED, COMPLETED, CANCELED, GROUPING] {
            let number = order(app, me, &mine, SCARF_SKU, 1).await;
            set_status(app, &number, status).await;
            mine_by_state.push(number);
        }
        for status in [UNPAID, SHIPPED, COMPLETED] {
            let number = order(app, other, &theirs, COOKER_SKU, 1).await;
            set_status(app, &number, status).await;
        }
        let counts = app.get_with(COUNT, &auth(&mine)).await.ok(what).clone();
        let expected = json!({"allCount": 10, "unPay": 2, "payed": 1, "consignment": 3, "confirm": 1, "success": 1,
                              "close": 1, "grouping": 1});
        assert_eq!(counts, expected, "{what}");
        // Each count is the total of its list tab.
        for (status, key) in [
            (UNPAID, "unPay"),
            (PAID, "payed"),
            (SHIPPED, "consignment"),
            (RECEIVED, "confirm"),
            (COMPLETED, "success"),
            (CANCELED, "close"),
            (GROUPING, "grouping"),
        ] {
            let page = list(app, &mine, &format!("status={status}"), "en", what).await;
            assert_eq!(page["total"], counts[key], "{what}: {key}");
        }

        // A cancel and a receipt move one order each.
        put(app, &format!("/p/myOrder/cancel/{}", mine_by_state[0]), &mine).await.ok(what);
        put(app, &format!("/p/myOrder/receipt/{}", mine_by_state[3]), &mine).await.ok(what);
        let counts = app.get_with(COUNT, &auth(&mine)).await.ok(what).clone();
        let expected = json!({"allCount": 10, "unPay": 1, "payed": 1, "consignment": 2, "confirm": 2, "success": 1,
                              "close": 2, "grouping": 1});
        assert_eq!(counts, expected, "{what}: after a cancel and a receipt");
        let theirs_counts = app.get_with(COUNT, &auth(&theirs)).await.ok(what).clone();
        assert_eq!((theirs_counts["allCount"].as_i64(), theirs_counts["confirm"].as_i64()), (Some(3), Some(0)));
    })
    .await;
}
