//! Spec section 5's rules, each refused with its own message, concurrent applications, and
//! another buyer's orders.

use super::*;

#[tokio::test]
async fn every_rule_is_refused_with_its_message_and_changes_nothing() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Rules Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 2).await;
        let (other, other_token) = buyer(app, "Rules Other").await;
        let others_pic = common_upload(app, &other_token).await;
        let (unpaid_number, _, _) = {
            let (n, a, b) = paid_order(app, other, &other_token, 2).await;
            exec(app, &format!("UPDATE orders SET status = 1 WHERE order_number = '{n}'")).await;
            (n, a, b)
        };
        let before = footprint(app).await;
        let good = application(&number, item_a, 1, 1, 10.0);
        let with = |change: &dyn Fn(&mut Value)| {
            let mut body = good.clone();
            change(&mut body);
            body
        };
        let six: Vec<String> = (0..6).map(|i| format!("/media/{i}.png")).collect();
        let cases: Vec<(Value, &str)> = vec![
            (with(&|b| b["buyerMsg"] = json!("a".repeat(201))), "The note can be up to 200 characters"),
            (with(&|b| b["photoFiles"] = json!(six)), "You can add up to 5 vouchers"),
            (with(&|b| b["goodsNum"] = json!(0)), "The refund quantity must be at least 1"),
            (with(&|b| b["goodsNum"] = json!(3)), "The refund quantity can be at most 2"),
            (with(&|b| b["refundAmount"] = json!(0.001)), "The refund amount must be at least 0.01"),
            (with(&|b| b["refundAmount"] = json!(0)), "The refund amount must be at least 0.01"),
            (with(&|b| b["refundAmount"] = json!(20.01)), "The refund amount can be at most $20.00"),
            (
                with(&|b| b["applyType"] = json!(2)),
                "Goods that have not been shipped cannot be returned; choose refund only",
            ),
            (with(&|b| b["applyType"] = json!(5)), "Choose refund only or return and refund"),
            (with(&|b| b["buyerReason"] = json!(0)), "Choose a reason for the refund"),
            (
                with(&|b| b["photoFiles"] = json!([others_pic])),
                "Upload the vouchers again: one of them is not a picture you uploaded",
            ),
            (
                with(&|b| b["photoFiles"] = json!(["https://evil.example/x.png"])),
                "Upload the vouchers again: one of them is not a picture you uploaded",
            ),
            (with(&|b| b["orderNumber"] = json!(unpaid_number)), "This order does not exist"),
            (with(&|b| b["orderNumber"] = json!("99999999")), "This order does not exist"),
            (with(&|b| b["orderItemId"] = json!(999_999_999)), "This order does not exist"),
            (with(&|b| b["buyerMsg"] = json!("a\u{7}b")), "The note contains characters that cannot be shown"),
        ];
        for (body, message) in &cases {
            let msg = post(app, APPLY, body, &token).await.bad(message);
            assert_eq!(msg, *message, "{label}: {body}");
        }
        let zh = post_zh(app, APPLY, &with(&|b| b["buyerMsg"] = json!("a".repeat(201))), &token).await.bad("zh");
        assert_eq!(zh, "退款说明最多 200 个字", "{label}");
        let km = app
            .post_json(
                APPLY,
                with(&|b| b["goodsNum"] = json!(0)).to_string(),
                &[("authorization", token.as_str()), ("locale", "km")],
            )
            .await
            .bad("km");
        assert_eq!(km, "ចំនួនសងវិញត្រូវតែយ៉ាងហោចណាស់ 1", "{label}");
        // A note of 200 characters in Chinese is fine (characters, not bytes).
        for bad in ["{", "[]", r#"{"orderNumber": 5}"#] {
            app.post_json(APPLY, bad.to_string(), &auth(&token)).await.bad(bad);
        }
        let unpaid = with(&|b| b["orderNumber"] = json!(unpaid_number));
        post(app, APPLY, &unpaid, &other_token).await.bad("unpaid");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");
        let mut long_zh = good.clone();
        long_zh["buyerMsg"] = json!("退".repeat(200));
        apply(app, &token, &long_zh).await;

        // The other calls' rules.
        let sn = apply(app, &token, &application(&number, 0, 1, 1, 1.0)).await;
        let before = footprint(app).await;
        let intervention = |reason: Value, files: Value| json!({"refundSn": sn, "reason": reason, "photoFiles": files});
        let four: Vec<String> = (0..4).map(|i| format!("/media/{i}.png")).collect();
        let msg = post(app, INTERVENE, &intervention(json!("x"), json!(four)), &token).await.bad("4 vouchers");
        assert_eq!(msg, "You can add up to 3 vouchers for the platform", "{label}");
        let msg = post(app, INTERVENE, &intervention(json!(" "), json!([])), &token).await.bad("no reason");
        assert_eq!(msg, "Explain why the platform should intervene (up to 200 characters)", "{label}");
        let msg = post(app, INTERVENE, &intervention(json!("Please"), json!([])), &token).await.bad("not refused");
        assert!(msg.starts_with("This refund application cannot do that now"), "{label}: {msg}");
        for (express, message) in [
            (
                json!({"refundSn": sn, "expressName": "", "expressNo": "A1", "mobile": "13812345678"}),
                "Enter the carrier (up to 30 characters)",
            ),
            (
                json!({"refundSn": sn, "expressName": "SF", "expressNo": "A 1", "mobile": "13812345678"}),
                "Enter the tracking number (up to 30 letters, digits or dashes)",
            ),
            (
                json!({"refundSn": sn, "expressName": "SF", "expressNo": "A1", "mobile": "138123456789"}),
                "Enter a mobile number of 11 digits",
            ),
        ] {
            assert_eq!(post(app, EXPRESS, &express, &token).await.bad(message), message, "{label}");
        }
        app.get_with(&format!("{LIST}?status=9"), &auth(&token)).await.bad("a filter out of range");
        app.get_with(&format!("{INFO}?refundSn=R-1"), &auth(&token)).await.bad("a malformed number");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");
        // Guests sign in.
        app.post_json(APPLY, good.to_string(), &[]).await.failed("A00004", "guest");
        app.get(LIST).await.failed("A00004", "guest list");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn concurrent_applications_never_ask_back_more_than_was_paid() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Burst Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 3).await;
        // Twelve applications of one unit and 15.00 for the whole order (3 units, 53.00 paid,
        // at most its third, 17.66, for one unit) at once: three fit at most.
        let body = application(&number, 0, 1, 1, 15.0).to_string();
        let requests = (0..12).map(|_| {
            let router = app.router();
            let request = common::request("POST", APPLY, "application/json", body.clone(), &auth(&token));
            async move { tower::ServiceExt::oneshot(router, request).await.unwrap() }
        });
        let answers = futures::future::join_all(requests).await;
        let mut accepted = 0;
        for answer in answers {
            let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX).await.unwrap();
            let json: Value = serde_json::from_slice(&bytes).unwrap();
            match json["code"].as_str() {
                Some("00000") => accepted += 1,
                Some("A00001") => {}
                other => panic!("{label}: {other:?} {json}"),
            }
        }
        assert!((1..=3).contains(&accepted), "{label}: 53.00 paid, {accepted} of 15.00 accepted");
        let held = app.count(&format!("SELECT refund_held FROM orders WHERE order_number = '{number}'")).await;
        let asked = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(refund_amount), 0) AS BIGINT) FROM order_refund WHERE order_number = '{number}'"
            ))
            .await;
        assert_eq!(held, asked, "{label}: what is held is what was asked");
        assert!(asked <= 5300, "{label}: {asked}");
        // Withdraw them all, then a burst of the item's 40.00 share in 15.00 applications.
        let sns: Vec<(String,)> = sqlx::query_as(&format!(
            "SELECT refund_sn FROM order_refund WHERE order_number = '{number}'"
        ))
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        for (sn,) in sns {
            put(app, &api::paths::order_refund_cancel(&sn), json!({}), &token).await.ok("withdraw");
        }
        let held = app.count(&format!("SELECT refund_held FROM orders WHERE order_number = '{number}'")).await;
        assert_eq!(held, 0, "{label}: withdrawn applications hold nothing");
        let body = application(&number, item_a, 1, 1, 15.0).to_string();
        let requests = (0..8).map(|_| {
            let router = app.router();
            let request = common::request("POST", APPLY, "application/json", body.clone(), &auth(&token));
            async move { tower::ServiceExt::oneshot(router, request).await.unwrap() }
        });
        futures::future::join_all(requests).await;
        let asked = app
            .count(&format!(
                "SELECT CAST(COALESCE(SUM(refund_amount), 0) AS BIGINT) FROM order_refund
                 WHERE order_item_id = {item_a} AND status = {APPLIED}"
            ))
            .await;
        assert!(asked <= 4000 && asked > 0, "{label}: the item's 40.00 at most, {asked}");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn another_buyers_orders_and_applications_are_unknown() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Owner Dara").await;
        let (_, stranger) = buyer(app, "Stranger").await;
        let (number, item_a, _) = paid_order(app, user, &token, 3).await;
        let sn = apply(app, &token, &application(&number, item_a, 2, 1, 5.0)).await;
        let before = footprint(app).await;
        let msg = post(app, APPLY, &application(&number, item_a, 1, 1, 5.0), &stranger).await.bad("their order");
        assert_eq!(msg, "This order does not exist", "{label}");
        let msg = app.get_with(&format!("{REFUNDABLE}?orderNumber={number}"), &auth(&stranger)).await.bad("refundable");
        assert_eq!(msg, "This order does not exist", "{label}");
        let msg = app.get_with(&format!("{INFO}?refundSn={sn}"), &auth(&stranger)).await.bad("info");
        assert_eq!(msg, "This refund application does not exist", "{label}");
        put(app, &api::paths::order_refund_cancel(&sn), json!({}), &stranger).await.bad("withdraw");
        let express = json!({"refundSn": sn, "expressName": "SF", "expressNo": "A1", "mobile": "13812345678"});
        post(app, EXPRESS, &express, &stranger).await.bad("ship");
        let intervene = json!({"refundSn": sn, "reason": "x", "photoFiles": []});
        post(app, INTERVENE, &intervene, &stranger).await.bad("intervene");
        assert_eq!(page(app, LIST, &stranger).await["total"], 0, "{label}");
        assert_eq!(footprint(app).await, before, "{label}: nothing changed");
        assert_eq!(status_of(app, &sn).await, APPLIED, "{label}");
    })
    .await;
}
