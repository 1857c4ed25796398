//! The server's amounts: each shop's and the whole order's, exact shares per shop, and prices
//! that come from the database.

use super::*;

#[tokio::test]
async fn confirmation_prices_each_shop_and_the_whole_order() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "pricer").await;
        let baskets = two_shop_cart(app, user).await;
        two_shop_coupons(app, &[user]).await;

        // The best coupons: A's $5, B's 10 % ($6), the platform's $10 (better than 5 % of $89).
        let c = confirm(app, &token, json!({"basketIds": baskets})).await.ok(what).clone();
        let shops = c["shopCartOrders"].as_array().unwrap();
        assert_eq!(shops.len(), 2, "{what}");
        let (a, b) = (&shops[0], &shops[1]);
        assert_eq!((a["shopId"].as_i64(), b["shopId"].as_i64()), (Some(SHOP_A), Some(SHOP_B)), "{what}");
        assert_eq!((cents(&a["total"]), cents(&a["couponReduce"]), cents(&a["transfee"])), (4000, 500, 300), "{what}");
        assert_eq!(cents(&a["actualTotal"]), 4000 - 500 + 300, "{what}: below $49 after its coupon: freight");
        assert_eq!((cents(&b["total"]), cents(&b["couponReduce"]), cents(&b["transfee"])), (6000, 600, 0), "{what}");
        assert_eq!(a["items"][0]["skuName"], "Size: M", "{what}");
        assert_eq!(a["items"][0]["basketId"].as_i64(), Some(baskets[0]), "{what}");
        assert_eq!(chosen(&a["coupons"]), vec![101], "{what}");
        assert_eq!(chosen(&b["coupons"]), vec![102], "{what}");
        let out_of_reach = b["coupons"].as_array().unwrap().iter().find(|c| c["couponId"] == 103).unwrap();
        assert_eq!((out_of_reach["canUse"].as_bool(), out_of_reach["choose"].as_bool()), (Some(false), Some(false)));
        assert_eq!(chosen(&c["coupons"]), vec![104], "{what}");
        assert_eq!((cents(&c["total"]), c["totalCount"].as_i64()), (10000, Some(4)), "{what}");
        assert_eq!(cents(&c["transfee"]), 300, "{what}");
        assert_eq!(cents(&c["couponReduce"]), 500 + 600 + 1000, "{what}");
        assert_eq!(cents(&c["orderReduce"]), 2100, "{what}");
        assert_eq!(cents(&c["actualTotal"]), 10000 + 300 - 2100, "{what}");
        // Points: half of $79 of goods after coupons = 3950 points.
        assert_eq!(c["points"]["maxUsablePoints"], 3950, "{what}");
        assert_eq!(c["points"]["userPoints"], 0, "{what}");
        assert!(c["userAddr"]["addrId"].as_i64().unwrap() > 0, "{what}: the default address");
        assert_eq!(c["orderType"], 0, "{what}");
        assert_eq!(c["orderToken"].as_str().unwrap().len(), 64, "{what}");

        // No coupons at all: both shops' goods as they are, shop B still ships free.
        let none = confirm(app, &token, json!({"basketIds": baskets, "userChangeCoupon": 1})).await.ok(what).clone();
        assert_eq!(cents(&none["couponReduce"]), 0, "{what}");
        assert_eq!(cents(&none["actualTotal"]), 10000 + 300, "{what}");
        // The buyer's own choice: the platform's 5 % on $100 is $5.00.
        let own = confirm(app, &token, json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": [105]}))
            .await
            .ok(what)
            .clone();
        assert_eq!(cents(&own["couponReduce"]), 500, "{what}");
        assert_eq!(chosen(&own["coupons"]), vec![105], "{what}");
        // Three A items make $60 of goods: shop A ships free too.
        exec(app, &format!("UPDATE basket SET prod_count = 3 WHERE basket_id = {}", baskets[0])).await;
        let more = confirm(app, &token, json!({"basketIds": baskets, "userChangeCoupon": 1})).await.ok(what).clone();
        assert_eq!(cents(&more["transfee"]), 0, "{what}");
        exec(app, &format!("UPDATE basket SET prod_count = 2 WHERE basket_id = {}", baskets[0])).await;

        // Coupons that do not apply, twice the same, two of one shop, unknown: refused.
        for ids in [json!([103]), json!([101, 101]), json!([104, 105]), json!([999]), json!([101, 102, 104, 105])] {
            let body = json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": ids});
            let msg = confirm(app, &token, body).await.bad(&format!("{what}: {ids}"));
            assert_eq!(msg, "This coupon cannot be used on this order", "{what}");
        }

        // Points: multiples of 10, within what the buyer holds and the cap.
        give_points(app, user, 5000).await;
        let with = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 1000})).await.ok(what).clone();
        assert_eq!((cents(&with["pointsReduce"]), with["points"]["usePoints"].as_i64()), (1000, Some(1000)));
        assert_eq!(cents(&with["actualTotal"]), 10300 - 2100 - 1000, "{what}");
        let msg = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 15})).await.bad(what);
        assert_eq!(msg, "Points are used in multiples of 10", "{what}");
        let msg = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 3960})).await.bad(what);
        assert_eq!(msg, "At most 3950 points can be used on this order", "{what}");
        confirm(app, &token, json!({"basketIds": baskets, "usePoints": 3950})).await.ok(what);
        give_points(app, user, 25).await;
        let msg = confirm(app, &token, json!({"basketIds": baskets, "usePoints": 30})).await.bad(what);
        assert_eq!(msg, "At most 20 points can be used on this order", "{what}: what the buyer holds");
        assert_eq!(orders(app).await, 0, "{what}: confirming orders nothing");
    })
    .await;
}

#[tokio::test]
async fn a_submission_makes_one_order_per_shop_with_exact_shares() {
    common::with_seeded_apps(async |app, what| {
        let (user, token, c) = confirmed_two_shop_cart(app, "splitter", 1234, 1230).await;
        let mut body = submit_body(&c);
        body["orderShopParam"] = json!([{"shopId": SHOP_B, "remarks": "Leave it at the door"}]);
        let numbers = submit(app, &token, body).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let numbers: Vec<&str> = numbers.split(',').collect();
        assert_eq!(numbers.len(), 2, "{what}");
        assert!(numbers.iter().all(|n| n.len() >= 16 && n.bytes().all(|b| b.is_ascii_digit())), "{what}");

        let a = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={}", numbers[0]), &auth(&token)).await;
        let b = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={}", numbers[1]), &auth(&token)).await;
        let (a, b) = (a.ok(what).clone(), b.ok(what).clone());
        assert_eq!((a["shopId"].as_i64(), b["shopId"].as_i64()), (Some(SHOP_A), Some(SHOP_B)), "{what}");
        assert_eq!((a["status"].as_i64(), a["orderType"].as_i64()), (Some(1), Some(0)), "{what}");
        assert_eq!(b["remarks"], "Leave it at the door", "{what}");
        assert_eq!(a["remarks"], "", "{what}");
        assert_eq!(a["userAddr"]["receiver"], "Dara", "{what}: the address copied in");
        assert_eq!(a["orderItemDtos"][0]["prodCount"], 2, "{what}");
        assert_eq!(cents(&a["orderItemDtos"][0]["price"]), 2000, "{what}");
        let expire = a["expireTime"].as_i64().unwrap() - a["createTime"].as_i64().unwrap();
        assert_eq!(expire, 30 * MINUTE, "{what}");
        // The platform's $10 split by goods after shop coupons ($35 : $54), the last the rest.
        assert_eq!(cents(&a["couponReduce"]), 500 + 393, "{what}");
        assert_eq!(cents(&b["couponReduce"]), 600 + 607, "{what}");
        // 1230 points split by goods after every coupon ($31.07 : $47.93).
        assert_eq!(a["usePoints"].as_i64().unwrap() + b["usePoints"].as_i64().unwrap(), 1230, "{what}");
        assert_eq!(a["usePoints"], 1230 * 3107 / (3107 + 4793), "{what}");
        for o in [&a, &b] {
            let expected =
                cents(&o["total"]) - cents(&o["couponReduce"]) - cents(&o["pointsReduce"]) + cents(&o["transfee"]);
            assert_eq!(cents(&o["actualTotal"]), expected, "{what}");
            assert_eq!(cents(&o["reduceAmount"]), cents(&o["couponReduce"]) + cents(&o["pointsReduce"]), "{what}");
        }
        assert_eq!(cents(&a["actualTotal"]) + cents(&b["actualTotal"]), cents(&c["actualTotal"]), "{what}");
        assert_eq!(cents(&a["couponReduce"]) + cents(&b["couponReduce"]), 2100, "{what}");

        // Stock taken, cart lines gone, coupons used with the numbers, points spent and recorded.
        assert_eq!((stock(app, SKU_A).await, stock(app, SKU_B).await), (98, 98), "{what}");
        assert_eq!(app.count("SELECT total_stocks FROM product WHERE prod_id = 9001").await, 98, "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM basket WHERE user_id = {user}")).await, 0, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM user_coupon WHERE status = 1").await, 3, "{what}");
        let a_coupon = common::text(app, "SELECT order_number FROM user_coupon WHERE coupon_id = 101").await;
        assert_eq!(a_coupon, numbers[0], "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 4, "{what}");
        let spent =
            app.count(&format!("SELECT CAST(SUM(delta) AS BIGINT) FROM points_record WHERE user_id = {user}")).await;
        assert_eq!(spent, -1230, "{what}");

        // The buyer's list (newest first, by status) and counts.
        let list = app.get_with("/p/myOrder/myOrder?status=1&current=1&size=10", &auth(&token)).await.ok(what).clone();
        assert_eq!(list["total"], 2, "{what}");
        assert_eq!(list["records"][0]["orderItemDtos"].as_array().unwrap().len(), 1, "{what}");
        let all = app.get_with("/p/myOrder/myOrder", &auth(&token)).await.ok(what).clone();
        assert_eq!(all["total"], 2, "{what}");
        let none = app.get_with("/p/myOrder/myOrder?status=6", &auth(&token)).await.ok(what).clone();
        assert_eq!(none["total"], 0, "{what}");
        let count = app.get_with("/p/myOrder/orderCount", &auth(&token)).await.ok(what).clone();
        assert_eq!(
            (count["allCount"].as_i64(), count["unPay"].as_i64(), count["close"].as_i64()),
            (Some(2), Some(2), Some(0))
        );
        for bad in ["/p/myOrder/myOrder?status=9", "/p/myOrder/myOrder?status=x", "/p/myOrder/myOrder?current=0"] {
            app.get_with(bad, &auth(&token)).await.bad(&format!("{what}: {bad}"));
        }
    })
    .await;
}

#[tokio::test]
async fn prices_come_from_the_database_not_the_client() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        let (user, token) = buyer(app, "tamperer").await;
        let basket = cart(app, user, SKU_A, 1).await;
        let c = confirm(app, &token, json!({"basketIds": [basket], "total": 0.01, "actualTotal": 0.01}))
            .await
            .ok(what)
            .clone();
        assert_eq!(cents(&c["actualTotal"]), 2000 + 300, "{what}: the client's numbers are ignored");
        // The price changes between confirmation and submission: the order has today's price.
        exec(app, &format!("UPDATE sku SET price = 2500 WHERE sku_id = {SKU_A}")).await;
        let mut body = submit_body(&c);
        body["actualTotal"] = json!(0.01);
        body["price"] = json!(0.01);
        let number = submit(app, &token, body).await.ok(what)["orderNumbers"].as_str().unwrap().to_string();
        let order = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={number}"), &auth(&token)).await;
        let order = order.ok(what);
        assert_eq!(cents(&order["total"]), 2500, "{what}");
        assert_eq!(cents(&order["actualTotal"]), 2500 + 300, "{what}");
        assert_eq!(cents(&order["orderItemDtos"][0]["price"]), 2500, "{what}");
    })
    .await;
}
