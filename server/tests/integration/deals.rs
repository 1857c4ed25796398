//! Discount and coupon pages and claiming coupons, on every backend: one claim per buyer,
//! stock taken exactly once (also under concurrent claims), refusals that change nothing, and
//! the buyer's coupons by status.

use crate::common;

use common::{all_bad, exec, keys, now, set, text};
use serde_json::Value;

use common::TestApp;

async fn stock(app: &TestApp, coupon: i64) -> i64 {
    app.count(&format!("SELECT stocks FROM coupon WHERE coupon_id = {coupon}")).await
}

async fn claims(app: &TestApp) -> i64 {
    app.count("SELECT COUNT(*) FROM user_coupon").await
}

const RECEIVE: &str = "/p/myCoupon/receive";

#[tokio::test]
async fn discount_info_answers_one_discount_ended_or_not() {
    common::with_seeded_apps(async |app, what| {
        let one = app.get_ok("/marking/discount/info?discountId=2", what).await;
        assert_eq!(one["discountId"], 2, "{what}");
        assert_eq!(one["shopId"], 2, "{what}");
        assert_eq!(one["discountName"], "Gadget Week: $10 off $99", "{what}");
        assert_eq!(one["conditionAmount"].as_f64(), Some(99.0), "{what}");
        let zh = app.get_with("/marking/discount/info?discountId=2", &[("locale", "zh_CN")]).await.ok(what).clone();
        assert_eq!(zh["discountName"], "数码周：满$99减$10", "{what}");
        // Discount 6 has ended: still answered, so its page can say so.
        let ended = app.get_ok("/marking/discount/info?discountId=6", what).await;
        assert!(ended["endTime"].as_i64().unwrap() < now(), "{what}");
        // Disabled or unknown: A00001.
        exec(app, "UPDATE discount SET status = 0 WHERE discount_id = 3").await;
        for path in [
            "/marking/discount/info?discountId=3",
            "/marking/discount/info?discountId=999",
            "/marking/discount/info",
            "/marking/discount/info?discountId=0",
            "/marking/discount/info?discountId=-1",
            "/marking/discount/info?discountId=abc",
        ] {
            app.get(path).await.bad(&format!("{what}: {path}"));
        }
    })
    .await;
}

#[tokio::test]
async fn coupon_info_tells_the_buyer_whether_they_hold_it() {
    common::with_seeded_apps(async |app, what| {
        let guest = app.get_ok("/coupon/info?couponId=3", what).await;
        assert_eq!(guest["couponId"], 3, "{what}");
        assert_eq!(guest["received"], false, "{what}");
        assert!(guest["stocks"].as_i64().unwrap() > 0, "{what}");
        let (_, token) = app.signed_in_user("holder").await;
        let auth = [("authorization", token.as_str())];
        app.post_json(RECEIVE, r#"{"couponId":3}"#, &auth).await.ok(what);
        let held = app.get_with("/coupon/info?couponId=3", &auth).await.ok(what).clone();
        assert_eq!(held["received"], true, "{what}");
        assert_eq!(held["stocks"], guest["stocks"].as_i64().unwrap() - 1, "{what}");
        assert_eq!(app.get("/coupon/info?couponId=3").await.ok(what)["received"], false, "{what}: guests see false");
        let list = app.get_with("/coupon/getCouponPage?size=50", &auth).await.ok(what).clone();
        let three = list["records"].as_array().unwrap().iter().find(|c| c["couponId"] == 3).cloned().unwrap();
        assert_eq!(three["received"], true, "{what}: the list knows too");
        for path in ["/coupon/info?couponId=999", "/coupon/info", "/coupon/info?couponId=x", "/coupon/info?couponId=-2"]
        {
            app.get(path).await.bad(&format!("{what}: {path}"));
        }
    })
    .await;
}

#[tokio::test]
async fn claiming_takes_one_unit_once_per_buyer() {
    common::with_seeded_apps(async |app, what| {
        let before = stock(app, 1).await;

        // Guests are asked to sign in; nothing changes.
        app.post_json(RECEIVE, r#"{"couponId":1}"#, &[]).await.failed("A00004", what);
        assert_eq!((stock(app, 1).await, claims(app).await), (before, 0), "{what}");

        let (user, token) = app.signed_in_user("claimer").await;
        let auth = [("authorization", token.as_str())];
        let claimed = app.post_json(RECEIVE, r#"{"couponId":1}"#, &auth).await.ok(what).clone();
        assert_eq!(claimed["coupon"]["couponId"], 1, "{what}");
        assert_eq!(claimed["status"], 0, "{what}");
        assert_eq!(claimed["coupon"]["received"], true, "{what}");
        // A fixed-date coupon is valid over its own window.
        assert_eq!(claimed["validUntil"], claimed["coupon"]["endTime"], "{what}");
        assert_eq!(stock(app, 1).await, before - 1, "{what}");
        assert_eq!(
            app.count(&format!("SELECT COUNT(*) FROM user_coupon WHERE user_id = {user} AND coupon_id = 1")).await,
            1
        );

        // A second claim is refused in the request language and takes nothing.
        let en = app.post_json(RECEIVE, r#"{"couponId":1}"#, &auth).await.bad(what);
        assert_eq!(en, "You have already claimed this coupon", "{what}");
        let zh = app.post_json(RECEIVE, r#"{"couponId":1}"#, &[auth[0], ("locale", "zh_CN")]).await.bad(what);
        assert_eq!(zh, "您已领取过该优惠券", "{what}");
        assert_eq!((stock(app, 1).await, claims(app).await), (before - 1, 1), "{what}");

        // Another buyer gets their own unit.
        let other = app.signed_in_user("second").await.1;
        app.post_json(RECEIVE, "1", &[("authorization", other.as_str())]).await.ok(what);
        assert_eq!(stock(app, 1).await, before - 2, "{what}");

        // Coupon 5 is valid for 7 days after claiming.
        let later = app.post_json("/p/myCoupon/receive?couponId=5", "", &auth).await.ok(what).clone();
        let span = later["validUntil"].as_i64().unwrap() - later["validFrom"].as_i64().unwrap();
        assert_eq!(span, 7 * 24 * 3600 * 1000, "{what}");
        assert!((later["validFrom"].as_i64().unwrap() - now()).abs() < 60_000, "{what}");
    })
    .await;
}

#[tokio::test]
async fn refused_claims_change_nothing() {
    common::with_seeded_apps(async |app, what| {
        let (_, token) = app.signed_in_user("refused").await;
        let auth = [("authorization", token.as_str())];
        // Sold out, ended (coupon 8), unknown, an offline shop's coupon, bad ids.
        exec(app, "UPDATE coupon SET stocks = 0 WHERE coupon_id = 2").await;
        exec(app, "UPDATE shop SET shop_status = 0 WHERE shop_id = 3").await;
        let stocks_before = app.count("SELECT CAST(SUM(stocks) AS BIGINT) FROM coupon").await;
        for (body, message) in [
            (r#"{"couponId":2}"#, "This coupon has all been claimed"),
            (r#"{"couponId":8}"#, "This coupon has ended"),
            (r#"{"couponId":999}"#, "This coupon does not exist"),
            (r#"{"couponId":4}"#, "This shop is offline; its coupons cannot be claimed"),
        ] {
            assert_eq!(app.post_json(RECEIVE, body, &auth).await.bad(what), message, "{what}: {body}");
        }
        for body in ["", "{}", r#"{"couponId":0}"#, r#"{"couponId":-1}"#, r#"{"couponId":"x"}"#, "[1]", "{"] {
            app.post_json(RECEIVE, body, &auth).await.bad(&format!("{what}: {body}"));
        }
        assert_eq!(app.count("SELECT CAST(SUM(stocks) AS BIGINT) FROM coupon").await, stocks_before, "{what}");
        assert_eq!(claims(app).await, 0, "{what}");
    })
    .await;
}

#[tokio::test]
async fn concurrent_claims_by_one_buyer_take_one_unit() {
    common::with_seeded_apps(async |app, what| {
        let (_, token) = app.signed_in_user("racer").await;
        let before = stock(app, 3).await;
        let auth = [("authorization", token.as_str())];
        let answers =
            futures::future::join_all((0..6).map(|_| app.post_json(RECEIVE, r#"{"couponId":3}"#, &auth))).await;
        let won = answers.iter().filter(|a| a.code() == "00000").count();
        assert_eq!(won, 1, "{what}: exactly one claim wins");
        assert!(answers.iter().all(|a| a.code() == "00000" || a.code() == "A00001"), "{what}");
        assert_eq!(stock(app, 3).await, before - 1, "{what}");
        assert_eq!(claims(app).await, 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn my_coupons_by_status() {
    common::with_seeded_apps(async |app, what| {
        app.get("/p/myCoupon/page").await.failed("A00004", what);
        let (user, token) = app.signed_in_user("wallet").await;
        let auth = [("authorization", token.as_str())];
        let empty = app.get_with("/p/myCoupon/page", &auth).await.ok(what).clone();
        assert_eq!(empty["total"], 0, "{what}");
        for id in [1, 3, 4] {
            app.post_json(RECEIVE, format!(r#"{{"couponId":{id}}}"#), &auth).await.ok(what);
        }
        // Someone else's claims never show.
        let other = app.signed_in_user("stranger").await.1;
        app.post_json(RECEIVE, r#"{"couponId":6}"#, &[("authorization", other.as_str())]).await.ok(what);

        exec(app, &format!("UPDATE user_coupon SET status = 1 WHERE user_id = {user} AND coupon_id = 3")).await;
        exec(app, &format!("UPDATE user_coupon SET valid_until = 1 WHERE user_id = {user} AND coupon_id = 4")).await;
        let ids = |page: &Value| -> Vec<i64> {
            page["records"].as_array().unwrap().iter().map(|r| r["coupon"]["couponId"].as_i64().unwrap()).collect()
        };
        let unused = app.get_with("/p/myCoupon/page?status=0", &auth).await.ok(what).clone();
        assert_eq!(ids(&unused), vec![1], "{what}");
        let used = app.get_with("/p/myCoupon/page?status=1", &auth).await.ok(what).clone();
        assert_eq!(ids(&used), vec![3], "{what}");
        assert_eq!(used["records"][0]["status"], 1, "{what}");
        let expired = app.get_with("/p/myCoupon/page?status=2", &auth).await.ok(what).clone();
        assert_eq!(ids(&expired), vec![4], "{what}");
        assert_eq!(expired["records"][0]["status"], 2, "{what}");
        for path in ["/p/myCoupon/page?status=3", "/p/myCoupon/page?status=x", "/p/myCoupon/page?current=0"] {
            app.get_with(path, &auth).await.bad(&format!("{what}: {path}"));
        }
    })
    .await;
}

#[tokio::test]
async fn discount_list_pages_running_and_upcoming_discounts() {
    common::with_seeded_apps(async |app, what| {
        let t = now();
        let page = app.get_page("/marking/discount/getDiscountList?current=1&size=50", what).await;
        let expected = app
            .count(&format!(
                "SELECT COUNT(*) FROM discount d JOIN shop s ON s.shop_id = d.shop_id
                 WHERE d.status = 1 AND d.end_time > {t} AND s.shop_status = 1"
            ))
            .await;
        let records = page["records"].as_array().unwrap();
        assert_eq!(page["total"], expected, "{what}");
        assert_eq!(records.len() as i64, expected);
        assert!(expected < app.count("SELECT COUNT(*) FROM discount").await, "{what}: the seed has ended discounts");
        for d in records {
            assert_eq!(
                keys(d),
                set(&[
                    "discountId",
                    "discountName",
                    "pcPic",
                    "startTime",
                    "endTime",
                    "shopId",
                    "shopName",
                    "shopLogo",
                    "decreaseType",
                    "decreaseAmount",
                    "discountRate",
                    "conditionAmount",
                ]),
                "{what}"
            );
            assert!(d["endTime"].as_i64().unwrap() > t, "{what}: ended discounts are excluded");
        }
        // Running ones come first.
        let running: Vec<bool> = records.iter().map(|d| d["startTime"].as_i64().unwrap() <= t).collect();
        assert!(running.windows(2).all(|w| w[0] >= w[1]), "{what}: {running:?}");
        // Discount 2 is "$10 off $99" of shop 2.
        let two = records.iter().find(|d| d["discountId"] == 2).expect("discount 2");
        assert_eq!(two["conditionAmount"].as_f64(), Some(99.0));
        assert_eq!(two["decreaseAmount"].as_f64(), Some(10.0), "an amount off is money, not cents");
        assert_eq!(two["discountRate"].as_f64(), Some(0.0));
        // A rate discount carries its rate with one decimal and no amount.
        for rate in records.iter().filter(|d| d["decreaseType"] == 2) {
            let value = rate["discountRate"].as_f64().unwrap();
            assert!(value > 0.0 && value < 10.0 && (value * 10.0).fract() == 0.0, "{what}: {rate}");
            assert_eq!(rate["decreaseAmount"].as_f64(), Some(0.0), "{what}");
        }
        assert_eq!(two["shopName"], "Angkor Digital");

        let small = app.get_ok("/marking/discount/getDiscountList?current=2&size=2", what).await;
        assert_eq!(small["current"], 2);
        assert_eq!(small["size"], 2);
        assert_eq!(small["pages"], (expected + 1) / 2);
        assert_eq!(small["records"][0], records[2], "{what}");
        // A page and its count are read together; a page past the last one still counts.
        let past = app.get_ok("/marking/discount/getDiscountList?current=999&size=2", what).await;
        assert_eq!((past["total"].as_i64(), past["records"].as_array().map(Vec::len)), (Some(expected), Some(0)));
        // A huge size is clamped. This list used to cap at 50 and search at 100; the one
        // paging policy keeps search's 100 (docs/decisions/0033-one-paging-policy.md).
        assert_eq!(
            app.get("/marking/discount/getDiscountList?size=500").await.ok(what)["size"],
            100,
            "{what}: clamped"
        );
        assert_eq!(app.get("/marking/discount/getDiscountList").await.ok(what)["current"], 1);

        let zh =
            app.get_with("/marking/discount/getDiscountList?size=50", &[("locale", "zh_CN")]).await.ok(what).clone();
        let km = app.get_with("/marking/discount/getDiscountList?size=50", &[("locale", "km")]).await.ok(what).clone();
        let id = records[0]["discountId"].as_i64().unwrap();
        assert_eq!(
            zh["records"][0]["discountName"],
            text(app, &format!("SELECT discount_name_zh FROM discount WHERE discount_id = {id}")).await
        );
        assert_eq!(
            km["records"][0]["discountName"],
            text(app, &format!("SELECT discount_name_km FROM discount WHERE discount_id = {id}")).await
        );

        all_bad(
            app,
            &[
                "/marking/discount/getDiscountList?current=0",
                "/marking/discount/getDiscountList?current=-1",
                "/marking/discount/getDiscountList?current=abc",
                "/marking/discount/getDiscountList?size=abc",
                "/marking/discount/getDiscountList?current=99999999999999999999",
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn coupon_page_lists_claimable_coupons() {
    common::with_seeded_apps(async |app, what| {
        let t = now();
        exec(app, "UPDATE coupon SET stocks = 0 WHERE coupon_id = 1").await;
        let page = app.get_page("/coupon/getCouponPage?current=1&size=50", what).await;
        let records = page["records"].as_array().unwrap();
        let expected = app
            .count(&format!(
                "SELECT COUNT(*) FROM coupon c JOIN shop s ON s.shop_id = c.shop_id
                 WHERE c.status = 1 AND c.end_time > {t} AND c.stocks > 0 AND s.shop_status = 1"
            ))
            .await;
        assert_eq!(page["total"], expected, "{what}");
        assert_eq!(records.len() as i64, expected);
        assert!(records.iter().all(|c| c["couponId"] != 1), "{what}: no stock left");
        for c in records {
            assert_eq!(
                keys(c),
                set(&[
                    "couponId",
                    "couponName",
                    "shopId",
                    "shopName",
                    "shopLogo",
                    "couponType",
                    "cashCondition",
                    "reduceAmount",
                    "couponDiscount",
                    "startTime",
                    "endTime",
                    "validTimeType",
                    "validDays",
                    "afterReceiveDays",
                    "stocks",
                    "received",
                ]),
                "{what}"
            );
            assert!(c["endTime"].as_i64().unwrap() > t, "{what}");
        }
        // Coupon 3: $20 off $200 (cash); coupon 4: 8.5 (percent).
        let three = records.iter().find(|c| c["couponId"] == 3).expect("coupon 3");
        assert_eq!(three["couponType"], 1);
        assert_eq!(three["reduceAmount"].as_f64(), Some(20.0));
        assert_eq!(three["cashCondition"].as_f64(), Some(200.0));
        let four = records.iter().find(|c| c["couponId"] == 4).expect("coupon 4");
        assert_eq!(four["couponType"], 2);
        assert_eq!(four["couponDiscount"], serde_json::json!(8.5));

        let km = app.get_with("/coupon/getCouponPage?size=50", &[("locale", "km")]).await.ok(what).clone();
        let first = records[0]["couponId"].as_i64().unwrap();
        assert_eq!(
            km["records"][0]["couponName"],
            text(app, &format!("SELECT coupon_name_km FROM coupon WHERE coupon_id = {first}")).await
        );
        let two = app.get_ok("/coupon/getCouponPage?current=1&size=2", what).await;
        assert_eq!(two["records"].as_array().unwrap().len(), 2);
        assert_eq!(two["pages"], (expected + 1) / 2);
        // A page and its count are read together; a page past the last one still counts.
        let past = app.get_ok("/coupon/getCouponPage?current=999&size=2", what).await;
        assert_eq!((past["total"].as_i64(), past["records"].as_array().map(Vec::len)), (Some(expected), Some(0)));

        all_bad(
            app,
            &["/coupon/getCouponPage?current=0", "/coupon/getCouponPage?current=-3", "/coupon/getCouponPage?size=ten"],
        )
        .await;
    })
    .await;
}
