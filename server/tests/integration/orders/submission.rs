//! Submitting: a buyer's own cart only, one submission per confirmation, stock that never goes
//! below zero, flash-sale limits and refused payloads.

use super::*;

#[tokio::test]
async fn a_buyer_only_uses_their_own_cart_coupons_confirmations_and_orders() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (me, mine) = buyer(app, "me").await;
        let (other, theirs) = buyer(app, "other").await;
        let their_basket = cart(app, other, SKU_A, 1).await;
        let my_basket = cart(app, me, SKU_B, 2).await;
        coupon(app, 201, SHOP_B, 1, 0, 500, &[other]).await;
        let their_addr = app.count(&format!("SELECT MAX(addr_id) FROM user_addr WHERE user_id = {other}")).await;

        // Guests: A00004 everywhere.
        for (method, path) in [
            ("POST", CONFIRM),
            ("POST", SUBMIT),
            ("GET", "/p/myOrder/orderDetail?orderNumber=1"),
            ("GET", "/p/myOrder/myOrder"),
            ("GET", "/p/myOrder/orderCount"),
            ("PUT", "/p/myOrder/cancel/1"),
            ("PUT", "/p/myOrder/receipt/1"),
        ] {
            let body = if method == "POST" { "{}" } else { "" };
            let answer = app.send(common::request(method, path, "application/json", body.to_string(), &[])).await;
            answer.failed("A00004", &format!("{what}: {path}"));
        }

        let msg = confirm(app, &mine, json!({"basketIds": [their_basket]})).await.bad(what);
        assert_eq!(msg, "This item is not in your cart", "{what}");
        confirm(app, &mine, json!({"basketIds": [my_basket, their_basket]})).await.bad(what);
        let body = json!({"basketIds": [my_basket], "userChangeCoupon": 1, "couponIds": [201]});
        confirm(app, &mine, body).await.bad(&format!("{what}: their coupon"));
        let mine_only = confirm(app, &mine, json!({"basketIds": [my_basket]})).await.ok(what).clone();
        assert!(mine_only["shopCartOrders"][0]["coupons"].as_array().unwrap().is_empty(), "{what}: not offered");
        confirm(app, &mine, json!({"basketIds": [my_basket], "addrId": their_addr})).await.bad(what);

        // Their confirmation: unknown to me, and still theirs to submit.
        let c = confirm(app, &theirs, json!({"basketIds": [their_basket]})).await.ok(what).clone();
        let msg = submit(app, &mine, submit_body(&c)).await.bad(what);
        assert_eq!(msg, "This order confirmation does not exist. Please check out again", "{what}");
        assert_eq!(orders(app).await, 0, "{what}");
        let number = submit(app, &theirs, submit_body(&c)).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM basket WHERE user_id = {me}")).await, 1, "{what}");

        // Their order: exactly like an unknown one, and left as it was.
        for path in
            [format!("/p/myOrder/orderDetail?orderNumber={number}"), "/p/myOrder/orderDetail?orderNumber=123".into()]
        {
            assert_eq!(app.get_with(&path, &auth(&mine)).await.bad(what), "Order not found", "{what}");
        }
        for path in [
            format!("/p/myOrder/cancel/{number}"),
            format!("/p/myOrder/receipt/{number}"),
            "/p/myOrder/cancel/42".into(),
        ] {
            assert_eq!(put(app, &path, &mine).await.bad(what), "Order not found", "{what}: {path}");
        }
        assert_eq!(app.count("SELECT status FROM orders").await, 1, "{what}: still unpaid");
        assert_eq!(app.get_with("/p/myOrder/myOrder", &auth(&mine)).await.ok(what)["total"], 0, "{what}");
        assert_eq!(app.get_with("/p/myOrder/orderCount", &auth(&mine)).await.ok(what)["allCount"], 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_confirmation_is_submitted_once_even_twice_at_the_same_time() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "clicker").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        submit(app, &token, submit_body(&c)).await.ok(what);
        let msg = submit(app, &token, submit_body(&c)).await.bad(what);
        assert_eq!(msg, "Duplicate order submission", "{what}");
        assert_eq!((orders(app).await, stock(app, SKU_A).await), (1, 99), "{what}");

        // A double click: both requests at once, one set of orders.
        let basket = cart(app, user, SKU_B, 2).await;
        let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        let body = submit_body(&c).to_string();
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let router = app.router();
            let request = common::request("POST", SUBMIT, "application/json", body.clone(), &auth(&token));
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()
            }));
        }
        let mut codes = Vec::new();
        for task in tasks {
            codes.push(task.await.unwrap()["code"].as_str().unwrap().to_string());
        }
        codes.sort();
        assert_eq!(codes, ["00000", "A00001", "A00001", "A00001"], "{what}");
        assert_eq!((orders(app).await, stock(app, SKU_B).await), (2, 98), "{what}");
    })
    .await;
}

#[tokio::test]
async fn stock_never_goes_below_zero_under_a_burst_for_the_last_units() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        exec(app, &format!("UPDATE sku SET stocks = 3 WHERE sku_id = {SKU_A}")).await;
        let mut bodies = Vec::new();
        for i in 0..8 {
            let (user, token) = buyer(app, &format!("rush{i}")).await;
            let basket = cart(app, user, SKU_A, 1).await;
            let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
            bodies.push((token, submit_body(&c).to_string()));
        }
        let mut tasks = Vec::new();
        for (token, body) in bodies {
            let router = app.router();
            let request = common::request("POST", SUBMIT, "application/json", body, &auth(&token));
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()
            }));
        }
        let mut won = 0;
        for task in tasks {
            let answer = task.await.unwrap();
            match answer["code"].as_str().unwrap() {
                "00000" => won += 1,
                "A00001" => assert_eq!(answer["msg"], "Insufficient inventory", "{what}"),
                other => panic!("{what}: {other}: {answer}"),
            }
        }
        assert_eq!(won, 3, "{what}");
        assert_eq!((orders(app).await, stock(app, SKU_A).await), (3, 0), "{what}");
    })
    .await;
}

#[tokio::test]
async fn too_little_stock_creates_nothing() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "late").await;
        give_points(app, user, 500).await;
        coupon(app, 301, SHOP_A, 1, 0, 100, &[user]).await;
        let basket = cart(app, user, SKU_A, 5).await;
        exec(app, &format!("UPDATE sku SET stocks = 4 WHERE sku_id = {SKU_A}")).await;
        let msg = confirm(app, &token, json!({"basketIds": [basket]})).await.bad(what);
        assert_eq!(msg, "Insufficient inventory", "{what}");
        exec(app, &format!("UPDATE sku SET stocks = 5 WHERE sku_id = {SKU_A}")).await;
        let c = confirm(app, &token, json!({"basketIds": [basket], "usePoints": 500})).await.ok(what).clone();
        exec(app, &format!("UPDATE sku SET stocks = 4 WHERE sku_id = {SKU_A}")).await;
        let msg = submit(app, &token, submit_body(&c)).await.bad(what);
        assert_eq!(msg, "Insufficient inventory", "{what}");
        assert_eq!(orders(app).await, 0, "{what}");
        assert_eq!(stock(app, SKU_A).await, 4, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM basket").await, 1, "{what}: the cart line stays");
        assert_eq!(app.count("SELECT status FROM user_coupon WHERE coupon_id = 301").await, 0, "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 500, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM points_record").await, 0, "{what}");
        // The confirmation was not used up: with stock back it can still be submitted.
        exec(app, &format!("UPDATE sku SET stocks = 5 WHERE sku_id = {SKU_A}")).await;
        submit(app, &token, submit_body(&c)).await.ok(what);
        assert_eq!(stock(app, SKU_A).await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn bad_payloads_are_refused_and_change_nothing() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "sloppy").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let item = json!({"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1});
        exec(app, "UPDATE product SET status = 0 WHERE prod_id = 9003").await;
        exec(app, &format!("UPDATE shop SET shop_status = 0 WHERE shop_id = {SHOP_B}")).await;
        let cases = [
            (json!({}), "Choose the goods to buy"),
            (json!({"basketIds": []}), "Choose the goods to buy"),
            (json!({"basketIds": [basket], "orderItem": item}), "Invalid value for: orderItem"),
            (json!({"basketIds": [0]}), "Invalid value for: basketIds"),
            (json!({"basketIds": [basket, basket]}), "Invalid value for: basketIds"),
            (json!({"basketIds": (1..=51).collect::<Vec<i64>>()}), "At most 50 items can be settled at once"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 51}}), "At most 50 items can be settled at once"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 0}}), "Invalid value for: prodCount"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1}}), "This product does not exist"),
            (json!({"orderItem": {"prodId": 9002, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1}}), "This product does not exist"),
            (json!({"orderItem": {"prodId": 9003, "skuId": SKU_B_CHEAP, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1}}), "Goods off the shelves"),
            (json!({"orderItem": {"prodId": 9002, "skuId": SKU_B, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1}}), "This shop is offline; its goods cannot be ordered"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1, "seckillId": 99999}}), "This flash sale is not running"),
            (json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": 1, "groupActivityId": 99999}}), "This group buy is not running"),
            (json!({"basketIds": [basket], "userChangeCoupon": 2}), "Invalid value for: userChangeCoupon"),
            (json!({"basketIds": [basket], "addrId": -1}), "Invalid value for: addrId"),
            (json!({"basketIds": [basket], "addrId": 987654}), "This delivery address does not exist"),
            (json!({"basketIds": [basket], "usePoints": -10}), "Points are used in multiples of 10"),
            (json!({"basketIds": "1"}), ""),
            (json!({"basketIds": [basket], "usePoints": "lots"}), ""),
        ];
        for (body, expected) in cases {
            let msg = confirm(app, &token, body.clone()).await.bad(&format!("{what}: {body}"));
            if !expected.is_empty() {
                assert_eq!(msg, expected, "{what}: {body}");
            }
        }
        let malformed = app.post_json(CONFIRM, "{\"basketIds\": [", &auth(&token)).await;
        malformed.bad(what);
        // 51 items over lines of the cart.
        exec(app, &format!("UPDATE basket SET prod_count = 51 WHERE basket_id = {basket}")).await;
        let msg = confirm(app, &token, json!({"basketIds": [basket]})).await.bad(what);
        assert_eq!(msg, "At most 50 items can be settled at once", "{what}");
        exec(app, &format!("UPDATE basket SET prod_count = 1 WHERE basket_id = {basket}")).await;
        assert_eq!(app.count("SELECT COUNT(*) FROM order_confirmation").await, 0, "{what}: nothing stored");

        let c = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        let long = "x".repeat(201);
        let cases = [
            (json!({"orderToken": ""}), "Missing required field: orderToken"),
            (json!({"orderToken": "nope"}), "This order confirmation does not exist. Please check out again"),
            (json!({"orderToken": c["orderToken"], "orderShopParam": [{"shopId": SHOP_A, "remarks": long}]}), "remarks is too long (at most 200 characters)"),
            (json!({"orderToken": c["orderToken"], "orderShopParam": [{"shopId": SHOP_B, "remarks": "hi"}]}), "Invalid value for: orderShopParam"),
            (json!({"orderToken": c["orderToken"], "couponIds": [5]}), "This coupon cannot be used on this order"),
            (json!({"orderToken": c["orderToken"], "usePoints": 10}), "At most 0 points can be used on this order"),
            (json!({"orderToken": c["orderToken"], "addrId": 987654}), "This delivery address does not exist"),
        ];
        for (body, expected) in cases {
            assert_eq!(submit(app, &token, body.clone()).await.bad(&format!("{what}: {body}")), expected, "{what}");
        }
        exec(app, &format!("DELETE FROM user_addr WHERE user_id = {user}")).await;
        let msg = submit(app, &token, json!({"orderToken": c["orderToken"]})).await.bad(what);
        assert_eq!(msg, "Please add a delivery address", "{what}");
        let none = confirm(app, &token, json!({"basketIds": [basket]})).await.ok(what).clone();
        assert!(none["userAddr"].is_null(), "{what}: no address yet");
        assert_eq!(orders(app).await, 0, "{what}");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}");
        let unsubmitted = app.count("SELECT COUNT(*) FROM order_confirmation WHERE submitted_at IS NULL").await;
        assert_eq!(unsubmitted, 2, "{what}: refused submissions leave the confirmation open");
        // In Chinese too.
        let zh = app.post_json(SUBMIT, json!({"orderToken": "nope"}).to_string(), &[("authorization", token.as_str()), ("locale", "zh_CN")]).await;
        assert_eq!(zh.bad(what), "该订单确认信息不存在，请重新结算", "{what}");
    })
    .await;
}

#[tokio::test]
async fn flash_sales_sell_their_own_stock_within_the_buyer_limit() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let now = common::now();
        exec(
            app,
            &format!(
                "INSERT INTO seckill (seckill_id, prod_id, shop_id, seckill_price, start_time, end_time, status,
                     seckill_stocks, max_num)
                 VALUES (9901, 9001, {SHOP_A}, 990, {}, {}, 1, 3, 2)",
                now - MINUTE,
                now + 60 * MINUTE
            ),
        )
        .await;
        let (_, token) = buyer(app, "flash").await;
        let item = |count: i64| {
            json!({"orderItem": {"prodId": 9001, "skuId": SKU_A, "shopId": SHOP_A, "shopName": "Shop A", "prodCount": count, "seckillId": 9901}})
        };
        let msg = confirm(app, &token, item(3)).await.bad(what);
        assert_eq!(msg, "You can buy at most 2 of this flash sale item", "{what}");
        let c = confirm(app, &token, item(2)).await.ok(what).clone();
        assert_eq!((c["orderType"].as_i64(), cents(&c["total"])), (Some(2), 1980), "{what}");
        let number = submit(app, &token, submit_body(&c)).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        assert_eq!(app.count("SELECT seckill_stocks FROM seckill WHERE seckill_id = 9901").await, 1, "{what}");
        assert_eq!(stock(app, SKU_A).await, 100, "{what}: the SKU's stock is not the flash sale's");
        let msg = confirm(app, &token, item(1)).await.bad(what);
        assert_eq!(msg, "You can buy at most 2 of this flash sale item", "{what}: the limit counts orders");
        // Someone else takes the units after this buyer's confirmation: the submission is refused.
        let (_, other) = buyer(app, "flash2").await;
        put(app, &format!("/p/myOrder/cancel/{number}"), &token).await.ok(what);
        assert_eq!(app.count("SELECT seckill_stocks FROM seckill WHERE seckill_id = 9901").await, 3, "{what}");
        let mine = confirm(app, &token, item(2)).await.ok(what).clone();
        order(app, &other, item(2), what).await;
        assert_eq!(submit(app, &token, submit_body(&mine)).await.bad(what), "Insufficient inventory", "{what}");
        assert_eq!(app.count("SELECT seckill_stocks FROM seckill WHERE seckill_id = 9901").await, 1, "{what}");
        // Ended: refused.
        exec(app, &format!("UPDATE seckill SET end_time = {} WHERE seckill_id = 9901", now - 1)).await;
        assert_eq!(confirm(app, &token, item(1)).await.bad(what), "This flash sale is not running", "{what}");
    })
    .await;
}
