//! After submission: cancel, receipt and the unpaid-order expiry job.

use super::*;

#[tokio::test]
async fn cancelling_returns_stock_coupons_and_points() {
    common::with_seeded_apps(async |app, what| {
        let (user, token, c) = confirmed_two_shop_cart(app, "canceller", 1000, 1000).await;
        let numbers = submit(app, &token, submit_body(&c)).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let numbers: Vec<&str> = numbers.split(',').collect();
        let a_points = app.count(&format!("SELECT use_points FROM orders WHERE order_number = '{}'", numbers[0])).await;

        put(app, &format!("/p/myOrder/cancel/{}", numbers[0]), &token).await.ok(what);
        let a = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={}", numbers[0]), &auth(&token)).await;
        let a = a.ok(what).clone();
        assert_eq!(a["status"], 6, "{what}");
        assert!(a["cancelTime"].as_i64().is_some(), "{what}");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}");
        assert_eq!(app.count("SELECT total_stocks FROM product WHERE prod_id = 9001").await, 100, "{what}");
        assert_eq!(
            app.count("SELECT status FROM user_coupon WHERE coupon_id = 101").await,
            0,
            "{what}: A's coupon back"
        );
        assert_eq!(
            app.count("SELECT COUNT(*) FROM user_coupon WHERE coupon_id = 101 AND order_number IS NULL").await,
            1
        );
        assert_eq!(
            app.count("SELECT status FROM user_coupon WHERE coupon_id = 104").await,
            1,
            "{what}: B still holds it"
        );
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, a_points, "{what}");
        let returned = app.count("SELECT COUNT(*) FROM points_record WHERE reason = 2").await;
        assert_eq!(returned, 1, "{what}");

        // Cancelling twice: the status changed.
        let msg = put(app, &format!("/p/myOrder/cancel/{}", numbers[0]), &token).await.bad(what);
        assert_eq!(msg, "Order status changed", "{what}");
        // A paid order cannot be cancelled.
        exec(app, &format!("UPDATE orders SET status = 2 WHERE order_number = '{}'", numbers[1])).await;
        assert_eq!(
            put(app, &format!("/p/myOrder/cancel/{}", numbers[1]), &token).await.bad(what),
            "Order status changed"
        );
        exec(app, &format!("UPDATE orders SET status = 1 WHERE order_number = '{}'", numbers[1])).await;
        put(app, &format!("/p/myOrder/cancel/{}", numbers[1]), &token).await.ok(what);
        assert_eq!(stock(app, SKU_B).await, 100, "{what}");
        assert_eq!(
            app.count("SELECT COUNT(*) FROM user_coupon WHERE status = 0").await,
            5,
            "{what}: every coupon back"
        );
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 1000, "{what}");
        let count = app.get_with("/p/myOrder/orderCount", &auth(&token)).await.ok(what).clone();
        assert_eq!((count["close"].as_i64(), count["unPay"].as_i64()), (Some(2), Some(0)), "{what}");
        for bad in ["/p/myOrder/cancel/12ab", "/p/myOrder/cancel/%20"] {
            put(app, bad, &token).await.bad(&format!("{what}: {bad}"));
        }
    })
    .await;
}

#[tokio::test]
async fn only_a_shipped_order_can_be_received() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "receiver").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let number = order(app, &token, json!({"basketIds": [basket]}), what).await.remove(0);
        let path = format!("/p/myOrder/receipt/{number}");
        assert_eq!(put(app, &path, &token).await.bad(what), "Order status changed", "{what}: unpaid");
        exec(app, &format!("UPDATE orders SET status = 3 WHERE order_number = '{number}'")).await;
        put(app, &path, &token).await.ok(what);
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={number}"), &auth(&token)).await;
        let detail = detail.ok(what);
        assert_eq!(detail["status"], 4, "{what}");
        assert!(detail["finallyTime"].as_i64().is_some(), "{what}");
        assert_eq!(put(app, &path, &token).await.bad(what), "Order status changed", "{what}: twice");
        let cancel = put(app, &format!("/p/myOrder/cancel/{number}"), &token).await.bad(what);
        assert_eq!(cancel, "Order status changed", "{what}: a received order stays");
    })
    .await;
}

#[tokio::test]
async fn unpaid_orders_and_confirmations_expire() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let db = &app.state.db;
        let (user, token) = buyer(app, "slow").await;
        give_points(app, user, 100).await;
        coupon(app, 401, SHOP_A, 1, 0, 100, &[user]).await;
        let basket = cart(app, user, SKU_A, 2).await;
        let number = order(app, &token, json!({"basketIds": [basket], "usePoints": 100}), what).await.remove(0);
        assert_eq!(stock(app, SKU_A).await, 98, "{what}");
        assert_eq!(
            server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
                .await
                .unwrap(),
            0,
            "{what}: not yet"
        );

        // A confirmation left for more than 30 minutes has expired.
        let other = cart(app, user, SKU_B, 1).await;
        let c = confirm(app, &token, json!({"basketIds": [other]})).await.ok(what).clone();
        db.clock.advance(30 * MINUTE + 1000);
        // The session idled out meanwhile: the buyer signs in again.
        let token = server::accounts::sessions::create_session(db, user).await.unwrap();
        assert_eq!(submit(app, &token, submit_body(&c)).await.bad(what), "Order expired", "{what}");

        assert_eq!(
            server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
                .await
                .unwrap(),
            1,
            "{what}"
        );
        assert_eq!(app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await, 6);
        assert_eq!(stock(app, SKU_A).await, 100, "{what}");
        assert_eq!(app.count("SELECT status FROM user_coupon WHERE coupon_id = 401").await, 0, "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 100, "{what}");
        assert_eq!(
            server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
                .await
                .unwrap(),
            0,
            "{what}: once"
        );
        assert_eq!(put(app, &format!("/p/myOrder/cancel/{number}"), &token).await.bad(what), "Order status changed");

        // Expired confirmations are forgotten a day later.
        assert_eq!(app.count("SELECT COUNT(*) FROM order_confirmation").await, 2, "{what}");
        db.clock.advance(24 * 60 * MINUTE);
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(app.count("SELECT COUNT(*) FROM order_confirmation").await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn expiry_on_several_nodes_and_a_buyer_cancel_return_stock_once() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let db = &app.state.db;
        let mut numbers = Vec::new();
        for i in 0..3 {
            let (user, token) = buyer(app, &format!("idle{i}")).await;
            let basket = cart(app, user, SKU_A, 2).await;
            numbers.extend(order(app, &token, json!({"basketIds": [basket]}), what).await);
        }
        assert_eq!(stock(app, SKU_A).await, 94, "{what}");
        db.clock.advance(30 * MINUTE + 1000);
        let now = db.now();
        // Three nodes run the job at the same moment.
        let runs = (0..3).map(|_| {
            let db = db.clone();
            tokio::spawn(async move {
                server::orders::expiry::cancel_expired(&db, now, server::payments::refunds::refund_cancelled)
                    .await
                    .unwrap()
            })
        });
        let mut cancelled = 0;
        for run in runs.collect::<Vec<_>>() {
            cancelled += run.await.unwrap();
        }
        assert_eq!(cancelled, 3, "{what}: each order cancelled by exactly one node");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}: stock returned once");
        assert_eq!(app.count("SELECT COUNT(*) FROM orders WHERE status = 6").await, 3, "{what}");
        assert_eq!(numbers.len(), 3, "{what}");
    })
    .await;
}
