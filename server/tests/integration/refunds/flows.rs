//! A refund and a return through every step, partial returns, withdrawing, refusing and the
//! platform's intervention, and the refund pages in three languages.

use super::*;

#[tokio::test]
async fn a_refund_only_goes_back_to_the_balance_once_and_unshipped_goods_back_into_stock() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Refund Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 2).await;
        assert_eq!(balance_of(app, user).await, 10000 - 5300, "{label}: paid");
        let view = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&token)).await;
        let view = view.ok("refundable").clone();
        assert_eq!(view["refundable"], true, "{label}");
        assert_eq!(view["shipped"], false, "{label}");
        assert_eq!(cents(&view["maxAmount"]), 5300, "{label}: the whole order with freight");
        assert_eq!(cents(&view["items"][0]["maxAmount"]), 4000, "{label}: the item's share without freight");
        assert_eq!(view["items"][0]["maxGoods"], 2, "{label}");

        let [(sku_a, _), _] = skus(app).await;
        let stock = stock_of(app, sku_a).await;
        let sn = apply(app, &token, &application(&number, item_a, 1, 2, 40.0)).await;
        assert_eq!(status_of(app, &sn).await, APPLIED, "{label}");
        let listed = page(app, &format!("{LIST}?status=1"), &token).await;
        assert_eq!(listed["records"][0]["refundSn"], sn.as_str(), "{label}: proceeding");
        assert_eq!(listed["records"][0]["prodName"], format!("Goods {sku_a}"), "{label}");

        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, SUCCESS, "{label}");
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 4000, "{label}: the money back");
        assert_eq!(stock_of(app, sku_a).await, stock + 2, "{label}: goods never shipped go back into stock");
        assert_eq!(steps(app, &token, &sn).await, [1, 2, 5], "{label}: applies, accepts, refunded");
        // A second accept (a repeated command) gives nothing more.
        assert!(matches!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::WrongState(_)), "{label}");
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 4000, "{label}: once");
        let records =
            app.count(&format!("SELECT COUNT(*) FROM balance_record WHERE user_id = {user} AND reason = 2")).await;
        assert_eq!(records, 1, "{label}: one ledger row");
        let completed = page(app, &format!("{LIST}?status=2"), &token).await;
        assert_eq!(completed["total"], 1, "{label}");
        let view = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&token)).await;
        let view = view.ok("refundable").clone();
        assert_eq!(cents(&view["items"][0]["maxAmount"]), 0, "{label}: nothing left of the item");
        assert_eq!(cents(&view["maxAmount"]), 1300, "{label}");
        let order_status = app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(order_status, 2, "{label}: partly refunded, still paid");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn a_return_goes_through_every_step_and_a_full_refund_closes_the_order() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Return Dara").await;
        let (number, _, _) = paid_order(app, user, &token, 3).await;
        let [(sku_a, _), (sku_b, _)] = skus(app).await;
        let (stock_a, stock_b) = (stock_of(app, sku_a).await, stock_of(app, sku_b).await);
        let pic = common_upload(app, &token).await;
        let mut body = application(&number, 0, 2, 3, 53.0);
        // The same picture chosen twice is kept once.
        body["photoFiles"] = json!([pic, pic]);
        let sn = apply(app, &token, &body).await;
        let detail = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(&token)).await;
        let detail = detail.ok("info").clone();
        assert_eq!(detail["photoFiles"], json!([pic]), "{label}");
        assert_eq!(detail["canShip"], false, "{label}");
        assert!(detail["replyDeadline"].as_i64().unwrap() > app.state.db.now() + 6 * DAY, "{label}");

        let express =
            json!({"refundSn": sn, "expressName": "SF Express", "expressNo": "SF123", "mobile": "13812345678"});
        post(app, EXPRESS, &express, &token).await.bad("not accepted yet");
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, ACCEPTED, "{label}");
        let bad_mobile = json!({"refundSn": sn, "expressName": "SF", "expressNo": "SF123", "mobile": "1381234567"});
        let msg = post(app, EXPRESS, &bad_mobile, &token).await.bad("10 digits");
        assert_eq!(msg, "Enter a mobile number of 11 digits", "{label}");
        post(app, EXPRESS, &express, &token).await.ok("ship back");
        assert_eq!(status_of(app, &sn).await, SHIPPED_BACK, "{label}");
        post(app, EXPRESS, &express, &token).await.bad("twice");
        assert_eq!(balance_of(app, user).await, 10000 - 5300, "{label}: nothing back before receipt");

        assert_eq!(repo::receive(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, SUCCESS, "{label}");
        assert_eq!(balance_of(app, user).await, 10000, "{label}: all of it back");
        assert_eq!((stock_of(app, sku_a).await, stock_of(app, sku_b).await), (stock_a + 2, stock_b + 1), "{label}");
        assert_eq!(steps(app, &token, &sn).await, [1, 2, 3, 4, 5], "{label}: every step of a return");
        let order_status = app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(order_status, 6, "{label}: refunded in full, the order is closed");
        let view = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&token)).await;
        assert_eq!(view.ok("refundable")["refundable"], false, "{label}");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn a_partial_return_refunds_its_units_share_and_takes_back_their_points() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Partial Dara").await;
        grant(app, user, 50_000).await;
        // Gold Large × 3 at 140.00 with 69.03 off: 350.97 paid, received (350 points earned).
        let (number, item) = paid_line(app, user, &token, 3, 14_000, 6_903, 3).await;
        let paid_balance = balance_of(app, user).await;
        let points_before = points_of(app, user).await;
        assert!(server::orders::repo::receipt(&app.state.db, user, &number, app.state.db.now()).await.unwrap());
        assert_eq!(points_of(app, user).await, points_before + 350, "{label}: one point per dollar paid");
        let view = page(app, &format!("{REFUNDABLE}?orderNumber={number}"), &token).await;
        assert_eq!((view["items"][0]["maxGoods"].as_i64(), cents(&view["items"][0]["maxAmount"])), (Some(3), 35097));

        // One unit cannot ask back the whole line: at most its third.
        let before = footprint(app).await;
        let msg = post(app, APPLY, &application(&number, item, 2, 1, 350.97), &token).await.bad("the whole line");
        assert_eq!(msg, "The refund amount can be at most $116.99", "{label}");
        let msg = post(app, APPLY, &application(&number, 0, 2, 1, 350.97), &token).await.bad("the whole order");
        assert_eq!(msg, "The refund amount can be at most $116.99", "{label}: one unit of the whole order too");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");

        // Returned through every step: 116.99 back, the points it earned taken back.
        let sn = apply(app, &token, &application(&number, item, 2, 1, 116.99)).await;
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        let express =
            json!({"refundSn": sn, "expressName": "SF Express", "expressNo": "SF123", "mobile": "13812345678"});
        post(app, EXPRESS, &express, &token).await.ok("ship back");
        assert_eq!(repo::receive(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        let info = page(app, &format!("{INFO}?refundSn={sn}"), &token).await;
        assert_eq!(
            (info["refund"]["goodsNum"].as_i64(), cents(&info["refund"]["refundAmount"])),
            (Some(1), 11699),
            "{label}"
        );
        assert_eq!(balance_of(app, user).await, paid_balance + 11699, "{label}: a third back");
        assert_eq!(points_of(app, user).await, points_before + 233, "{label}: 233.98 left paid earns 233");
        let view = page(app, &format!("{REFUNDABLE}?orderNumber={number}"), &token).await;
        assert_eq!(view["items"][0]["maxGoods"], 2, "{label}: two units left");
        assert_eq!(cents(&view["items"][0]["maxAmount"]), 23398, "{label}");
        assert_eq!(view["maxGoods"], 2, "{label}: of the whole order too");

        // The other two, one at a time: never more than was paid for the line.
        for (left, points_left) in [(1, 116), (0, 0)] {
            let msg = post(app, APPLY, &application(&number, item, 1, 1, 117.0), &token).await.bad("a cent over");
            assert_eq!(msg, "The refund amount can be at most $116.99", "{label}: {left} left");
            let sn = apply(app, &token, &application(&number, item, 1, 1, 116.99)).await;
            assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
            assert_eq!(points_of(app, user).await, points_before + points_left, "{label}: {left} left");
        }
        assert_eq!(balance_of(app, user).await, paid_balance + 35097, "{label}: exactly what was paid");
        let refunded = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM balance_record
                 WHERE user_id = {user} AND reason = 2 AND order_number = '{number}'"
            ))
            .await;
        assert_eq!(refunded, 35097, "{label}: the ledger's refunds add up to what was paid");
        let taken = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM points_record
                 WHERE user_id = {user} AND reason = 10 AND order_number = '{number}'"
            ))
            .await;
        assert_eq!(taken, -350, "{label}: every point it earned taken back, with ledger rows");
        let view = page(app, &format!("{REFUNDABLE}?orderNumber={number}"), &token).await;
        assert_eq!(view["refundable"], false, "{label}");
        let order_status = app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(order_status, 6, "{label}: refunded in full, closed");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn withdraw_refuse_and_the_platforms_intervention() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Refuse Dara").await;
        let (number, item_a, item_b) = paid_order(app, user, &token, 4).await;
        // Withdrawn: nothing held, closed.
        let sn = apply(app, &token, &application(&number, item_b, 1, 1, 10.0)).await;
        put(app, &api::paths::order_refund_cancel(&sn), json!({}), &token).await.ok("withdraw");
        assert_eq!(status_of(app, &sn).await, WITHDRAWN, "{label}");
        put(app, &api::paths::order_refund_cancel(&sn), json!({}), &token).await.bad("twice");
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::WrongState(5), "{label}");
        let closed = page(app, &format!("{LIST}?status=3"), &token).await;
        assert_eq!(closed["total"], 1, "{label}");
        assert_eq!(steps(app, &token, &sn).await, [1, 6], "{label}");

        // Refused, then taken to the platform, which closes it.
        let sn = apply(app, &token, &application(&number, item_a, 2, 1, 20.0)).await;
        assert_eq!(repo::refuse(&app.state.db, &sn, "Used goods").await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, REFUSED, "{label}");
        let held = app.count(&format!("SELECT refund_held FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(held, 0, "{label}: a refused application holds nothing");
        let pic = common_upload(app, &token).await;
        let body = json!({"refundSn": sn, "reason": "The goods were never used.", "photoFiles": [pic]});
        post(app, INTERVENE, &body, &token).await.ok("intervention");
        assert_eq!(status_of(app, &sn).await, INTERVENTION, "{label}");
        let detail = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(&token)).await;
        let detail = detail.ok("info").clone();
        assert_eq!(detail["interventionMsg"], "The goods were never used.", "{label}");
        assert_eq!(detail["steps"][1]["note"], "Used goods", "{label}: the merchant's reason shown");
        assert_eq!(repo::refuse(&app.state.db, &sn, "").await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, CLOSED, "{label}");
        assert_eq!(steps(app, &token, &sn).await, [1, 7, 9, 8], "{label}");

        // Refused, taken to the platform, which accepts: a return waits for the goods.
        let sn = apply(app, &token, &application(&number, item_a, 2, 1, 20.0)).await;
        repo::refuse(&app.state.db, &sn, "").await.unwrap();
        post(app, INTERVENE, &json!({"refundSn": sn, "reason": "Please", "photoFiles": []}), &token).await.ok("again");
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(status_of(app, &sn).await, ACCEPTED, "{label}");
        assert_eq!(balance_of(app, user).await, 10000 - 5300, "{label}: nothing back yet");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn the_refund_pages_render_for_their_buyer_in_three_languages() {
    let app = common::seeded_sqlite().await;
    let router = common::site(&app);
    let (user, token) = buyer(&app, "Pages Dara").await;
    let (number, item_a, _) = paid_order(&app, user, &token, 3).await;
    let sn = apply(&app, &token, &application(&number, item_a, 2, 1, 20.0)).await;
    repo::accept(&app.state.db, &sn).await.unwrap();
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];
    for (lang, title, whole) in [
        ("en", "Refunds and Returns", "The whole order"),
        ("zh_CN", "退款/售后", "整个订单"),
        ("km", "ការសងប្រាក់ និងការប្រគល់ទំនិញ", "ការបញ្ជាទិញទាំងមូល"),
    ] {
        let (status, _, html) = common::page(&router, &format!("/user-center/uc-return?lang={lang}"), &signed_in).await;
        assert_eq!(status, 200, "{lang}");
        assert!(html.contains(title) && html.contains(&sn), "{lang}: the list names the application");
        let apply_page = format!("/user-center/apply-return?orderNumber={number}&lang={lang}");
        let (status, _, html) = common::page(&router, &apply_page, &signed_in).await;
        assert_eq!(status, 200, "{lang}");
        assert!(html.contains("refund-apply-form") && html.contains(whole), "{lang}: the form");
        for uri in [
            format!("/return-detail?refundSn={sn}&lang={lang}"),
            format!("/return-detail/components/refund-progress?refundSn={sn}&lang={lang}"),
            format!("/user-center/return-proof?refundSn={sn}&lang={lang}"),
        ] {
            let (status, _, html) = common::page(&router, &uri, &signed_in).await;
            assert_eq!(status, 200, "{uri}");
            if uri.contains("return-proof") {
                assert!(html.contains("refund-proof-form"), "{uri}: the shipment form of an accepted return");
            } else {
                assert!(html.contains("data-testid=\"refund-step\""), "{uri}: the progress");
            }
        }
    }
    // Guests sign in first; another buyer's application is not found.
    let (status, headers, _) = common::page(&router, &format!("/return-detail?refundSn={sn}"), &[]).await;
    assert_eq!(status, 302);
    assert!(headers["location"].to_str().unwrap().contains("/login"));
    let (_, stranger) = buyer(&app, "Pages Stranger").await;
    let cookie = common::session_cookie(&stranger);
    let (status, _, html) =
        common::page(&router, &format!("/return-detail?refundSn={sn}&lang=en"), &[("cookie", cookie.as_str())]).await;
    assert_eq!(status, 200);
    assert!(html.contains("This refund application does not exist") && !html.contains(&number), "not theirs");
    app.finish().await;
}
