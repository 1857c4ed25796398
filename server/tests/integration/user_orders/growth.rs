//! Growth and levels: earned once per receipt, the ladder in every language, the demo buyers,
//! and the pages that show them.

use super::*;

async fn growth_of(app: &TestApp, user: i64) -> i64 {
    app.count(&format!("SELECT growth FROM users WHERE user_id = {user}")).await
}

/// The growth records add up to every buyer's growth.
async fn growth_ledger_adds_up(app: &TestApp, what: &str) {
    let off = app
        .count(
            "SELECT COUNT(*) FROM users u
             WHERE u.growth <> COALESCE((SELECT SUM(g.delta) FROM growth_record g WHERE g.user_id = u.user_id), 0)",
        )
        .await;
    assert_eq!(off, 0, "{what}: growth records add up to the growth");
}

#[tokio::test]
async fn a_receipt_earns_growth_once_even_under_a_burst() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (me, mine) = buyer(app, "grower").await;
        let (other, theirs) = buyer(app, "bystander").await;
        // 2 × $20 + $3 freight = $43.00 paid: 43 growth.
        let number = order(app, me, &mine, SCARF_SKU, 2).await;
        let paid = app.count(&format!("SELECT actual_total FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(paid, 4300, "{what}");
        let receipt = format!("/p/myOrder/receipt/{number}");

        // Not shipped yet: refused, no growth.
        assert_eq!(put(app, &receipt, &mine).await.bad(what), "Order status changed", "{what}");
        set_status(app, &number, PAID).await;
        put(app, &receipt, &mine).await.bad(what);
        // Another buyer's receipt of my order: not found, nothing changes.
        set_status(app, &number, SHIPPED).await;
        assert_eq!(put(app, &receipt, &theirs).await.bad(what), "Order not found", "{what}");
        assert_eq!((growth_of(app, me).await, growth_of(app, other).await), (0, 0), "{what}");

        // Sixteen receipts of the same order at once: one goes through, one growth.
        let router = app.router();
        let mut tasks = Vec::new();
        for _ in 0..16 {
            let router = router.clone();
            let request = common::request("PUT", &receipt, "", axum::body::Body::empty(), &auth(&mine));
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.expect("answers");
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("body");
                serde_json::from_slice::<Value>(&bytes).expect("json")
            }));
        }
        let mut accepted = 0;
        for task in tasks {
            let answer = task.await.expect("task");
            match answer["code"].as_str() {
                Some("00000") => accepted += 1,
                Some("A00001") => assert_eq!(answer["msg"], "Order status changed", "{what}"),
                _ => panic!("{what}: {answer}"),
            }
        }
        assert_eq!(accepted, 1, "{what}: exactly one receipt");
        assert_eq!(growth_of(app, me).await, 43, "{what}");
        let rows = app.count(&format!("SELECT COUNT(*) FROM growth_record WHERE order_number = '{number}'")).await;
        assert_eq!(rows, 1, "{what}: one growth record");
        // wallet: the receipt earns its points once too, one per dollar, with their ledger row.
        let earned = format!("SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM points_record WHERE reason = 7 AND order_number = '{number}'");
        assert_eq!(app.count(&earned).await, 43, "{what}: one point per dollar, once");
        assert_eq!(put(app, &receipt, &mine).await.bad(what), "Order status changed", "{what}: again");
        assert_eq!(growth_of(app, me).await, 43, "{what}");

        // A cancelled order earns nothing; a second order adds its own dollars (cents dropped).
        let cancelled = order(app, me, &mine, SCARF_SKU, 1).await;
        put(app, &format!("/p/myOrder/cancel/{cancelled}"), &mine).await.ok(what);
        put(app, &format!("/p/myOrder/receipt/{cancelled}"), &mine).await.bad(what);
        let second = order(app, me, &mine, COOKER_SKU, 1).await;
        exec(app, &format!("UPDATE orders SET actual_total = 3399, status = 3 WHERE order_number = '{second}'")).await;
        put(app, &format!("/p/myOrder/receipt/{second}"), &mine).await.ok(what);
        assert_eq!(growth_of(app, me).await, 43 + 33, "{what}: one per whole dollar");
        let level = app.get_with(LEVEL, &auth(&mine)).await.ok(what).clone();
        assert_eq!(level["growth"], 76, "{what}");
        assert_eq!(growth_of(app, other).await, 0, "{what}: nobody else grows");
        growth_ledger_adds_up(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn the_level_follows_growth_on_the_ladder_in_every_language() {
    common::with_seeded_apps(async |app, what| {
        let (me, mine) = buyer(app, "climber").await;
        app.get(LEVEL).await.failed("A00004", what);
        app.get(ASSETS).await.failed("A00004", what);

        let level = app.get_with(LEVEL, &auth(&mine)).await.ok(what).clone();
        let keys = common::keys(&level);
        assert_eq!(keys, common::set(&["growth", "level", "levelName", "levelGrowth", "nextLevel", "levels"]));
        assert_eq!((level["growth"].as_i64(), level["level"].as_i64()), (Some(0), Some(1)), "{what}: a new buyer");
        assert_eq!((level["levelName"].as_str(), level["levelGrowth"].as_i64()), (Some("Member"), Some(0)), "{what}");
        assert_eq!(level["nextLevel"], json!({"level": 2, "levelName": "Silver Member", "needGrowth": 500}));
        let ladder: Vec<(i64, i64)> = level["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["level"].as_i64().unwrap(), l["needGrowth"].as_i64().unwrap()))
            .collect();
        assert_eq!(ladder, [(1, 0), (2, 500), (3, 2000), (4, 10_000)], "{what}: four levels, lowest first");

        for (growth, expected, next) in [
            (499, 1, Some(2)),
            (500, 2, Some(3)),
            (1999, 2, Some(3)),
            (2000, 3, Some(4)),
            (10_000, 4, None),
            (99_999, 4, None),
        ] {
            exec(app, &format!("UPDATE users SET growth = {growth} WHERE user_id = {me}")).await;
            let level = app.get_with(LEVEL, &auth(&mine)).await.ok(what).clone();
            assert_eq!((level["growth"].as_i64(), level["level"].as_i64()), (Some(growth), Some(expected)), "{what}");
            assert_eq!(level["nextLevel"]["level"].as_i64(), next, "{what}: {growth}");
            if next.is_none() {
                assert!(level["nextLevel"].is_null(), "{what}: the top has no next level");
            }
        }

        // Names in the request's language.
        exec(app, &format!("UPDATE users SET growth = 2100 WHERE user_id = {me}")).await;
        for (locale, name, next) in [
            ("en", "Gold Member", "Diamond Member"),
            ("zh_CN", "黄金会员", "钻石会员"),
            ("km", "សមាជិកមាស", "សមាជិកពេជ្រ"),
        ] {
            let level = app.get_with(LEVEL, &[("authorization", &mine), ("locale", locale)]).await.ok(what).clone();
            assert_eq!(
                (level["levelName"].as_str(), level["nextLevel"]["levelName"].as_str()),
                (Some(name), Some(next))
            );
            assert_eq!(level["levelGrowth"], 2000, "{what}");
        }

        // Balance and points: the buyer's own.
        let (_, theirs) = buyer(app, "rich").await;
        exec(app, &format!("UPDATE users SET balance = 12345, points = 670 WHERE user_id = {me}")).await;
        let assets = app.get_with(ASSETS, &auth(&mine)).await.ok(what).clone();
        assert_eq!(assets, json!({"balance": 123.45, "points": 670}), "{what}");
        let assets = app.get_with(ASSETS, &auth(&theirs)).await.ok(what).clone();
        assert_eq!(assets, json!({"balance": 0.0, "points": 0}), "{what}: another buyer's");
    })
    .await;
}

#[tokio::test]
async fn the_demo_buyers_have_growth_from_their_ledger() {
    common::with_empty_apps(async |app, what| {
        let options = server::demo::seed::SeedOptions { products: common::TEST_PRODUCTS, buyers: true };
        server::demo::seed::seed(&app.state.db, options).await.expect("seed");
        // Seeding twice replaces the history instead of adding to it.
        server::demo::seed::seed(&app.state.db, options).await.expect("seed again");
        let growth = app.count("SELECT growth FROM users WHERE user_mail = 'demo.buyer@example.com'").await;
        assert_eq!(growth, server::demo::seed::buyers::DEMO_GROWTH[0], "{what}");
        assert!(growth >= 2000, "{what}: a Gold member");
        let new_buyer = app.count("SELECT growth FROM users WHERE user_mail = 'dara@example.com'").await;
        assert_eq!(new_buyer, 0, "{what}");
        growth_ledger_adds_up(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn the_pages_show_the_level_counts_tabs_and_cards() {
    let app = common::seeded_sqlite().await;
    let router = common::site(&app);
    catalogue(&app).await;

    // Guests go to /login and come back to My Orders with its query.
    let (status, headers, _) = common::page(&router, "/user-center/uc-order?status=3&prodName=silk", &[]).await;
    assert_eq!(status, 302);
    assert_eq!(headers["location"], "/login?redirect=%2Fuser-center%2Fuc-order%3Fstatus%3D3%26prodName%3Dsilk");

    let (me, token) = buyer(&app, "Sokha").await;
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];
    let unpaid = order(&app, me, &token, SCARF_SKU, 1).await;
    let shipped = order(&app, me, &token, COOKER_SKU, 2).await;
    let received = order(&app, me, &token, SCARF_SKU, 1).await;
    set_status(&app, &shipped, SHIPPED).await;
    set_status(&app, &received, RECEIVED).await;
    exec(&app, &format!("UPDATE users SET growth = 2360 WHERE user_id = {me}")).await;

    // The overview: level and growth, a tile per state linking to its tab.
    let (status, _, home) = common::page(&router, "/user-center/uc-home?lang=en", &signed_in).await;
    assert_eq!(status, 200);
    assert!(home.contains(r#"data-testid="uc-side-profile""#) && home.contains("Gold Member"), "the side profile");
    assert!(home.contains("Growth 2,360") && home.contains("7,640 more growth to Diamond Member"), "{home}");
    assert!(home.contains(r#"aria-valuenow="4""#), "(2360 − 2000) / (10000 − 2000) = 4 %");
    for status in [UNPAID, SHIPPED, RECEIVED] {
        let tile = format!(r#"href="/user-center/uc-order?status={status}" data-testid="uc-home-count-{status}""#);
        assert!(home.contains(&tile), "{tile}");
    }
    assert!(home.contains(r#"href="/user-center/uc-order?status=7""#), "every state, none left out");
    assert!(
        home.contains(r#"data-testid="uc-home-footprints""#) && home.contains(r#"data-testid="uc-home-favourites""#)
    );

    // My Orders: every order with its actions.
    let (status, _, list) = common::page(&router, "/user-center/uc-order?lang=en", &signed_in).await;
    assert_eq!(status, 200);
    assert_eq!(list.matches(r#"data-testid="uc-order""#).count(), 3);
    assert!(list.contains(&format!(r#"href="/payment?orderNumbers={unpaid}""#)), "Pay now while unpaid");
    assert_eq!(list.matches(r#"data-testid="uc-order-pay""#).count(), 1);
    assert!(list.contains(&format!(r#"href="/order-detail?orderNumber={received}""#)), "View details");
    // A received order has items to review.
    assert!(list.contains(&format!(r#"href="/write-comments?orderNumber={received}""#)), "Review");
    assert_eq!(list.matches(r#"data-testid="uc-order-review""#).count(), 1);
    // A shipped or received order may be refunded; an unpaid one may not.
    assert_eq!(list.matches(r#"data-testid="uc-order-refund""#).count(), 2);
    for number in [&shipped, &received] {
        assert!(list.contains(&format!("/user-center/apply-return?orderNumber={number}")), "Apply for refund {number}");
    }
    assert!(!list.contains(&format!("/user-center/apply-return?orderNumber={unpaid}")), "no refund of {unpaid}");
    assert!(list.contains(r#"data-testid="uc-order-search""#) && list.contains(r#"action="/user-center/uc-order""#));

    // A tab, a search within it, an empty tab, a refused search: each in the page's language.
    let (_, _, tab) = common::page(&router, "/user-center/uc-order?status=3&lang=zh_CN", &signed_in).await;
    assert_eq!(tab.matches(r#"data-testid="uc-order""#).count(), 1);
    assert!(tab.contains(&shipped) && tab.contains("待收货") && tab.contains("确认收货"), "{tab}");
    let (_, _, found) =
        common::page(&router, "/user-center/uc-order?prodName=%E5%9B%B4%E5%B7%BE&lang=zh_CN", &signed_in).await;
    assert_eq!(found.matches(r#"data-testid="uc-order""#).count(), 2, "the Chinese name finds both scarves");
    let (_, _, grouping) = common::page(&router, "/user-center/uc-order?status=7&lang=km", &signed_in).await;
    assert!(grouping.contains(r#"data-testid="uc-order-empty""#) && grouping.contains("មិនមានការទិញជាក្រុម"));
    let (_, _, past) = common::page(&router, "/user-center/uc-order?current=9&lang=en", &signed_in).await;
    assert!(past.contains("past the last page") && past.contains(r#"href="/user-center/uc-order""#), "{past}");
    let long = "a".repeat(51);
    let (status, _, refused) =
        common::page(&router, &format!("/user-center/uc-order?prodName={long}&lang=km"), &signed_in).await;
    assert_eq!(status, 200);
    assert!(refused.contains(r#"data-testid="uc-order-error""#) && refused.contains("50"), "{refused}");
    app.finish().await;
}
