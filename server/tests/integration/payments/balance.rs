//! Paying from the balance and with points: the counter, the payment password and its tries,
//! concurrent pays, a buyer's own orders only, bad input, and a failed group's refunds.

use super::*;

#[tokio::test]
async fn the_counter_shows_what_is_due_and_the_buyers_means() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 2_000, 0).await;
        let b = order(app, user, 3_050, 0).await;
        let info = app.get_with(&format!("{PAY_INFO}?orderNumbers={a},{b}"), &auth(&token)).await.ok(what).clone();
        assert_eq!(
            common::keys(&info),
            common::set(&["orders", "totalFee", "totalScore", "endTime", "balance", "score", "hasPayPassword", "now"])
        );
        assert_eq!(cents(&info["totalFee"]), 5_050, "{what}");
        assert_eq!(cents(&info["balance"]), 10_000, "{what}");
        assert_eq!(info["hasPayPassword"], true, "{what}");
        let orders = info["orders"].as_array().unwrap();
        assert_eq!(orders.len(), 2);
        assert_eq!(orders[0]["orderNumber"], a.as_str(), "{what}: in the order named");
        assert_eq!(orders[1]["prodName"], format!("Goods of {b}"), "{what}");
        let end = info["endTime"].as_i64().unwrap();
        assert!(end > info["now"].as_i64().unwrap(), "{what}: the countdown runs");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn balance_pays_two_orders_at_once_behind_the_payment_password() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 2_000, 0).await;
        let b = order(app, user, 3_000, 0).await;
        let numbers = format!("{a},{b}");
        let before = footprint(app).await;
        let wrong =
            pay(app, &token, json!({"orderNumbers": numbers, "payType": BALANCEPAY, "payPassword": "000000"})).await;
        assert_eq!(wrong.bad(what), "Wrong payment password", "{what}");
        assert_eq!(footprint(app).await, before, "{what}: a wrong password changes nothing");

        let paid = pay(app, &token, json!({"orderNumbers": numbers, "payType": BALANCEPAY, "payPassword": "135790"}))
            .await
            .ok(what)
            .clone();
        assert_eq!(paid["status"], 1, "{what}: paid at once");
        assert_eq!(cents(&paid["amount"]), 5_000, "{what}");
        assert!(paid["action"].is_null(), "{what}");
        assert_eq!(status_of(app, &a).await, 2, "{what}");
        assert_eq!(status_of(app, &b).await, 2, "{what}");
        assert_eq!(balance_of(app, user).await, 5_000, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM orders WHERE pay_type = 9 AND pay_time IS NOT NULL").await, 2);
        let status = app
            .get_with(&format!("{PAY_STATUS}?payNo={}", paid["payNo"].as_str().unwrap()), &auth(&token))
            .await
            .ok(what)
            .clone();
        assert_eq!(status["status"], 1, "{what}");
        assert_eq!(status["orderNumbers"].as_str().unwrap().split(',').count(), 2, "{what}");

        // Paid is paid: the same orders cannot be paid again.
        let again =
            pay(app, &token, json!({"orderNumbers": numbers, "payType": BALANCEPAY, "payPassword": "135790"})).await;
        assert_eq!(again.bad(what), "Order status changed", "{what}");
        assert_eq!(balance_of(app, user).await, 5_000, "{what}: money moves once");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn balance_pay_of_the_same_orders_at_the_same_time_takes_the_money_once() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 4_000, 0).await;
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"}).to_string();
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let router = app.router();
            let body = body.clone();
            let token = token.clone();
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let request = common::request("POST", PAY, "application/json", body, &[("authorization", &token)]);
                router.oneshot(request).await.unwrap().status()
            }));
        }
        for task in tasks {
            assert_ne!(task.await.unwrap(), axum::http::StatusCode::INTERNAL_SERVER_ERROR, "{what}");
        }
        assert_eq!(status_of(app, &a).await, 2, "{what}");
        assert_eq!(balance_of(app, user).await, 6_000, "{what}: paid exactly once");
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_attempt WHERE status = 1").await, 1, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn insufficient_balance_shows_the_current_balance_and_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 1_250).await;
        let a = order(app, user, 2_000, 0).await;
        let before = footprint(app).await;
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"});
        let refused = pay(app, &token, body.clone()).await.bad(what);
        assert_eq!(refused, "Insufficient balance. Your current balance is $12.50", "{what}");
        let mut khr = body.clone();
        khr["currency"] = json!("KHR");
        let refused = pay(app, &token, khr).await.bad(what);
        assert!(refused.contains("៛51,250"), "{what}: {refused}");
        assert_eq!(footprint(app).await, before, "{what}");
        assert_eq!(status_of(app, &a).await, 1, "{what}");
    })
    .await;
}

#[tokio::test]
async fn wrong_payment_passwords_are_limited_like_sign_in() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 1_000, 0).await;
        for _ in 0..5 {
            let wrong = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "111111"});
            assert_eq!(pay(app, &token, wrong).await.bad(what), "Wrong payment password");
        }
        let right = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"});
        let locked = pay(app, &token, right.clone()).await.bad(what);
        assert!(locked.starts_with("Too many wrong passwords"), "{what}: {locked}");
        assert_eq!(status_of(app, &a).await, 1, "{what}: even the right password waits");
        app.state.db.clock.advance(16 * MINUTE);
        exec(
            app,
            &format!("UPDATE orders SET expire_time = {} WHERE order_number = '{a}'", app.state.db.now() + MINUTE),
        )
        .await;
        pay(app, &token, right).await.ok(what);
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_wrong_passwords_gets_no_more_tries() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 1_000, 0).await;
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "222222"}).to_string();
        let mut tasks = Vec::new();
        for _ in 0..12 {
            let (router, body, token) = (app.router(), body.clone(), token.clone());
            tasks.push(tokio::spawn(async move {
                use tower::ServiceExt;
                let request = common::request("POST", PAY, "application/json", body, &[("authorization", &token)]);
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()["msg"].as_str().unwrap_or_default().to_string()
            }));
        }
        let mut wrong = 0;
        for task in tasks {
            if task.await.unwrap() == "Wrong payment password" {
                wrong += 1;
            }
        }
        assert_eq!(wrong, 5, "{what}: exactly the allowed tries were checked");
    })
    .await;
}

#[tokio::test]
async fn the_payment_password_is_six_digits_and_the_sign_in_password_guards_it() {
    common::with_empty_apps(async |app, what| {
        let (_, token) = app.signed_in_user("Dara").await;
        for bad in ["12345", "1234567", "12a456", ""] {
            let answer = put_json(app, PAY_PASSWORD, json!({"payPassword": bad}), &token).await;
            assert_eq!(answer.bad(what), "The payment password is exactly 6 digits", "{what}: {bad:?}");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM users WHERE pay_password_hash IS NOT NULL").await, 0);
        put_json(app, PAY_PASSWORD, json!({"payPassword": "112233"}), &token).await.ok(what);
        let stored = common::text(app, "SELECT pay_password_hash FROM users WHERE pay_password_hash IS NOT NULL").await;
        assert!(stored.starts_with("$argon2id$"), "{what}: hashed with Argon2id");

        // An account with a sign-in password proves it is the buyer with it.
        let signup_token = common::sign_up_by_mail(app, "vanna@example.com").await;
        let without = put_json(app, PAY_PASSWORD, json!({"payPassword": "445566"}), &signup_token).await;
        without.bad(what);
        let wrong =
            put_json(app, PAY_PASSWORD, json!({"payPassword": "445566", "password": "Nope1234!"}), &signup_token).await;
        assert_eq!(wrong.bad(what), "Wrong sign-in password", "{what}");
        let password = common::PASSWORD;
        put_json(app, PAY_PASSWORD, json!({"payPassword": "445566", "password": password}), &signup_token)
            .await
            .ok(what);
    })
    .await;
}

#[tokio::test]
async fn another_buyers_orders_and_payments_cannot_be_paid_or_read() {
    common::with_empty_apps(async |app, what| {
        let (owner, owner_token) = buyer(app, "Sokha", 10_000).await;
        let (_, other_token) = buyer(app, "Vanna", 10_000).await;
        let a = order(app, owner, 1_000, 0).await;
        let before = footprint(app).await;
        let info = app.get_with(&format!("{PAY_INFO}?orderNumbers={a}"), &auth(&other_token)).await;
        assert_eq!(info.bad(what), "Order not found", "{what}");
        let body = json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790"});
        assert_eq!(pay(app, &other_token, body.clone()).await.bad(what), "Order not found", "{what}");
        assert_eq!(footprint(app).await, before, "{what}");

        let paid = pay(app, &owner_token, body).await.ok(what).clone();
        let uri = format!("{PAY_STATUS}?payNo={}", paid["payNo"].as_str().unwrap());
        assert_eq!(app.get_with(&uri, &auth(&other_token)).await.bad(what), "Payment not found", "{what}");
        let guest = app.get(&format!("{PAY_INFO}?orderNumbers={a}")).await;
        guest.failed("A00004", what);
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn expired_or_cancelled_orders_are_refused_as_expired() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let late = order(app, user, 1_000, 0).await;
        let cancelled = order(app, user, 1_000, 0).await;
        exec(app, &format!("UPDATE orders SET status = 6 WHERE order_number = '{cancelled}'")).await;
        let past = app.state.db.now() - 1;
        exec(app, &format!("UPDATE orders SET expire_time = {past} WHERE order_number = '{late}'")).await;
        let before = footprint(app).await;
        for number in [&late, &cancelled] {
            let body = json!({"orderNumbers": number, "payType": BALANCEPAY, "payPassword": "135790"});
            assert_eq!(pay(app, &token, body).await.bad(what), "Order expired", "{what}");
        }
        assert_eq!(footprint(app).await, before, "{what}");
        let info = app.get_with(&format!("{PAY_INFO}?orderNumbers={late}"), &auth(&token)).await.ok(what).clone();
        assert_eq!(cents(&info["totalFee"]), 0, "{what}: nothing is due");
        assert!(info["endTime"].is_null(), "{what}");
    })
    .await;
}

#[tokio::test]
async fn points_pay_points_mall_orders_and_only_those() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        exec(app, &format!("UPDATE users SET points = 500 WHERE user_id = {user}")).await;
        exec(
            app,
            &format!("INSERT INTO points_record (user_id, delta, reason, created_at) VALUES ({user}, 500, 3, 0)"),
        )
        .await;
        let goods = order(app, user, 1_000, 0).await;
        let points_order = order(app, user, 0, 300).await;
        let refused = pay(app, &token, json!({"orderNumbers": goods, "payType": SCOREPAY})).await;
        assert_eq!(refused.bad(what), "Points pay only points-mall orders", "{what}");
        let by_balance = json!({"orderNumbers": points_order, "payType": BALANCEPAY, "payPassword": "135790"});
        assert_eq!(pay(app, &token, by_balance).await.bad(what), "Points-mall orders are paid with points");
        pay(app, &token, json!({"orderNumbers": points_order, "payType": SCOREPAY})).await.ok(what);
        assert_eq!(status_of(app, &points_order).await, 2, "{what}");
        assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 200, "{what}");
        let too_dear = order(app, user, 0, 300).await;
        let before = footprint(app).await;
        let refused = pay(app, &token, json!({"orderNumbers": too_dear, "payType": SCOREPAY})).await;
        assert_eq!(refused.bad(what), "Insufficient points", "{what}");
        assert_eq!(footprint(app).await, before, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}

#[tokio::test]
async fn bad_input_is_refused_translated_and_changes_nothing() {
    common::with_empty_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let a = order(app, user, 1_000, 0).await;
        let before = footprint(app).await;
        let bodies = [
            json!({"orderNumbers": "", "payType": BALANCEPAY, "payPassword": "135790"}),
            json!({"orderNumbers": "12;34", "payType": BALANCEPAY, "payPassword": "135790"}),
            json!({"orderNumbers": a, "payType": 99, "payPassword": "135790"}),
            json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "12345"}),
            json!({"orderNumbers": a, "payType": BALANCEPAY, "payPassword": "135790", "currency": "EUR"}),
            json!({"orderNumbers": "99999999", "payType": BALANCEPAY, "payPassword": "135790"}),
            json!({"orderNumbers": a, "payType": "nine"}),
            json!([1, 2]),
        ];
        for body in bodies {
            let en = pay(app, &token, body.clone()).await.bad(&format!("{what}: {body}"));
            let zh = app
                .post_json(PAY, body.to_string(), &[("authorization", &token), ("locale", "zh_CN")])
                .await
                .bad(&format!("{what}: {body}"));
            assert_ne!(en, zh, "{what}: {body}: translated");
        }
        for amount in [0_i64, -1, 10_000_001] {
            let cents_amount = amount as f64 / 100.0;
            let body = json!({"amount": cents_amount, "payType": 13});
            app.post_json(RECHARGE, body.to_string(), &auth(&token)).await.bad(&format!("{what}: top-up {amount}"));
        }
        for uri in
            [format!("{PAY_STATUS}?payNo="), format!("{PAY_STATUS}?payNo=P1'--"), format!("{PAY_INFO}?orderNumbers=x")]
        {
            app.get_with(&uri, &auth(&token)).await.bad(&format!("{what}: {uri}"));
        }
        assert_eq!(footprint(app).await, before, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_failed_groups_paid_orders_give_the_balance_back() {
    common::with_seeded_apps(async |app, what| {
        let (user, token) = buyer(app, "Sokha", 10_000).await;
        let now = app.state.db.now();
        let (prod, shop): (i64, i64) = sqlx::query_as("SELECT prod_id, shop_id FROM product ORDER BY prod_id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        exec(
            app,
            &format!(
                "INSERT INTO group_activity (group_activity_id, prod_id, shop_id, group_number, group_price, start_time,
                     end_time, status) VALUES (99001, {prod}, {shop}, 3, 1500, {}, {}, 1)",
                now - MINUTE,
                now + 7 * 24 * 60 * MINUTE
            ),
        )
        .await;
        exec(
            app,
            &format!(
                "INSERT INTO group_team (group_team_id, group_activity_id, leader_user_id, group_number, paid_count,
                     status, created_at, end_time) VALUES (99001, 99001, {user}, 3, 0, 0, {now}, {})",
                now + 24 * 60 * MINUTE
            ),
        )
        .await;
        let number = order(app, user, 1_500, 0).await;
        exec(
            app,
            &format!(
                "UPDATE orders SET order_type = 1, group_activity_id = 99001, group_team_id = 99001
                 WHERE order_number = '{number}'"
            ),
        )
        .await;
        pay(app, &token, json!({"orderNumbers": number, "payType": BALANCEPAY, "payPassword": "135790"}))
            .await
            .ok(what);
        assert_eq!(status_of(app, &number).await, 7, "{what}: paid, the group waits for others");
        assert_eq!(balance_of(app, user).await, 8_500, "{what}");

        app.state.db.clock.advance(25 * 60 * MINUTE);
        server::orders::expiry::cancel_expired(
            &app.state.db,
            app.state.db.now(),
            server::payments::refunds::refund_cancelled,
        )
        .await
        .unwrap();
        assert_eq!(status_of(app, &number).await, 6, "{what}: the group failed");
        assert_eq!(balance_of(app, user).await, 10_000, "{what}: the money came back");
        assert_eq!(app.count("SELECT COUNT(*) FROM balance_record WHERE reason = 2").await, 1, "{what}");
        // Once: running the job again gives nothing more.
        server::orders::expiry::cancel_expired(
            &app.state.db,
            app.state.db.now(),
            server::payments::refunds::refund_cancelled,
        )
        .await
        .unwrap();
        assert_eq!(balance_of(app, user).await, 10_000, "{what}");
        ledgers_balance(app, what).await;
    })
    .await;
}
