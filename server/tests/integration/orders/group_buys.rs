//! Group buys: the group price, groups that open and fill on payment, and groups that fail.

use super::*;

#[tokio::test]
async fn group_buys_are_priced_at_the_group_price() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 3).await;
        let (_, token) = buyer(app, "grouper").await;
        let body = json!({"orderItem": {"prodId": 9002, "skuId": SKU_B, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 2, "groupActivityId": 9902}});
        let number = order(app, &token, body, what).await.remove(0);
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={number}"), &auth(&token)).await;
        let detail = detail.ok(what);
        assert_eq!((detail["orderType"].as_i64(), cents(&detail["total"])), (Some(1), 5000), "{what}");
        assert_eq!(stock(app, SKU_B).await, 98, "{what}");
    })
    .await;
}

/// A running group buy 9902 of SKU_B at $25.00 for groups of `places`.
async fn group_activity(app: &TestApp, places: i64) {
    let now = common::now();
    exec(
        app,
        &format!(
            "INSERT INTO group_activity (group_activity_id, prod_id, shop_id, group_number, group_price, start_time,
                 end_time, status)
             VALUES (9902, 9002, {SHOP_B}, {places}, 2500, {}, {}, 1)",
            now - MINUTE,
            now + 7 * 24 * 60 * MINUTE
        ),
    )
    .await;
}

fn group_item(team: Option<i64>) -> Value {
    let mut item = json!({"prodId": 9002, "skuId": SKU_B, "shopId": SHOP_B, "shopName": "Shop B", "prodCount": 1, "groupActivityId": 9902});
    if let Some(team) = team {
        item["groupTeamId"] = json!(team);
    }
    json!({ "orderItem": item })
}

/// Pays an order the way a payment does, inside one transaction.
async fn group_order_paid(app: &TestApp, number: &str) -> Result<(), String> {
    let db = &app.state.db;
    let order_id = app.count(&format!("SELECT order_id FROM orders WHERE order_number = '{number}'")).await;
    let mut tx = db.pool.begin().await.unwrap();
    match server::orders::group_buy::order_paid(&mut tx, order_id, db.now()).await {
        Ok(()) => {
            tx.commit().await.unwrap();
            Ok(())
        }
        Err(e) => Err(format!("{e:?}")),
    }
}

async fn order_status_of(app: &TestApp, number: &str) -> i64 {
    app.count(&format!("SELECT status FROM orders WHERE order_number = '{number}'")).await
}

#[tokio::test]
async fn a_group_opens_on_its_openers_payment_and_fills_when_every_place_is_paid() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 3).await;
        let (_, leader) = buyer(app, "Leader").await;
        let opened = order(app, &leader, group_item(None), what).await.remove(0);
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={opened}"), &auth(&leader)).await;
        let team = detail.ok(what)["groupTeam"].clone();
        let team_id = team["groupTeamId"].as_i64().expect("the order's group");
        assert_eq!((team["status"].as_i64(), team["groupNumber"].as_i64()), (Some(0), Some(3)), "{what}: waiting");
        let list = "/groupTeam/joinList?groupActivityId=9902";
        assert!(app.get_list(list, what).await.is_empty(), "{what}: a waiting group is not listed");
        let (_, early) = buyer(app, "Early").await;
        let refused = confirm(app, &early, group_item(Some(team_id))).await.bad(what);
        assert_eq!(refused, "This group is no longer open. Start a new group or join another one.", "{what}");

        group_order_paid(app, &opened).await.unwrap();
        assert_eq!(order_status_of(app, &opened).await, 7, "{what}: grouping");
        let listed = app.get_list(list, what).await;
        assert_eq!(listed.len(), 1, "{what}");
        assert_eq!(
            (listed[0]["leaderNickName"].as_str(), listed[0]["joinedCount"].as_i64()),
            (Some("L***"), Some(1)),
            "{what}: listed with a masked nickname"
        );

        // Two join; the opener cannot join their own group; a fourth finds it full.
        assert_eq!(confirm(app, &leader, group_item(Some(team_id))).await.bad(what), "You are already in this group.");
        let (_, second) = buyer(app, "Second").await;
        let (_, third) = buyer(app, "Third").await;
        let joined2 = order(app, &second, group_item(Some(team_id)), what).await.remove(0);
        let joined3 = order(app, &third, group_item(Some(team_id)), what).await.remove(0);
        let (_, fourth) = buyer(app, "Fourth").await;
        assert_eq!(
            confirm(app, &fourth, group_item(Some(team_id))).await.bad(what),
            "This group is full. Start a new group or join another one.",
            "{what}: unpaid places count"
        );
        group_order_paid(app, &joined2).await.unwrap();
        assert_eq!(order_status_of(app, &opened).await, 7, "{what}: still grouping");
        group_order_paid(app, &joined3).await.unwrap();
        for number in [&opened, &joined2, &joined3] {
            assert_eq!(order_status_of(app, number).await, 2, "{what}: filled, pending delivery");
        }
        assert_eq!(app.count(&format!("SELECT status FROM group_team WHERE group_team_id = {team_id}")).await, 2);
        assert!(app.get_list(list, what).await.is_empty(), "{what}: a filled group is not listed");
        assert_eq!(stock(app, SKU_B).await, 97, "{what}");
    })
    .await;
}

#[tokio::test]
async fn parallel_joins_never_overfill_a_group() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 3).await;
        let (_, leader) = buyer(app, "Opener").await;
        let opened = order(app, &leader, group_item(None), what).await.remove(0);
        group_order_paid(app, &opened).await.unwrap();
        let team_id = app.count("SELECT MAX(group_team_id) FROM group_team").await;
        let mut confirmations = Vec::new();
        for i in 0..8 {
            let (_, token) = buyer(app, &format!("joiner{i}")).await;
            let c = confirm(app, &token, group_item(Some(team_id))).await.ok(what).clone();
            confirmations.push((token, c));
        }
        let submissions = confirmations.into_iter().map(|(token, c)| {
            let router = app.router();
            let request =
                common::request("POST", SUBMIT, "application/json", submit_body(&c).to_string(), &auth(&token));
            tokio::spawn(async move {
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()["code"].as_str().unwrap().to_string()
            })
        });
        let mut codes = Vec::new();
        for s in submissions.collect::<Vec<_>>() {
            codes.push(s.await.unwrap());
        }
        codes.sort();
        assert_eq!(codes, ["00000", "00000", "A00001", "A00001", "A00001", "A00001", "A00001", "A00001"], "{what}");
        let places =
            app.count(&format!("SELECT COUNT(*) FROM orders WHERE group_team_id = {team_id} AND status <> 6")).await;
        assert_eq!(places, 3, "{what}: the opener and exactly two joiners");
        assert_eq!(stock(app, SKU_B).await, 97, "{what}: stock of the refused joins untouched");
    })
    .await;
}

#[tokio::test]
async fn a_group_past_its_time_fails_and_its_orders_are_cancelled() {
    common::with_seeded_apps(async |app, what| {
        catalogue(app).await;
        group_activity(app, 2).await;
        let db = &app.state.db;
        // One group is open and grouping; another's opener never pays.
        let (leader_id, leader) = buyer(app, "Paid").await;
        let paid = order(app, &leader, group_item(None), what).await.remove(0);
        group_order_paid(app, &paid).await.unwrap();
        let (_, idle) = buyer(app, "Idle").await;
        let unpaid = order(app, &idle, group_item(None), what).await.remove(0);
        assert_eq!(stock(app, SKU_B).await, 98, "{what}");

        // The unpaid opener's order expires after 30 minutes and takes its group with it.
        db.clock.advance(30 * MINUTE + 1000);
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(order_status_of(app, &unpaid).await, 6, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM group_team WHERE status = 3").await, 1, "{what}");
        assert_eq!(order_status_of(app, &paid).await, 7, "{what}: the paid group still runs");

        // A day later the paid group has not filled: it fails, its order is cancelled.
        db.clock.advance(24 * 60 * MINUTE);
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(order_status_of(app, &paid).await, 6, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM group_team WHERE status = 3").await, 2, "{what}");
        assert_eq!(stock(app, SKU_B).await, 100, "{what}: stock back once");
        server::orders::expiry::cancel_expired(db, db.now(), server::payments::refunds::refund_cancelled)
            .await
            .unwrap();
        assert_eq!(stock(app, SKU_B).await, 100, "{what}: and only once");
        let token = server::accounts::sessions::create_session(db, leader_id).await.unwrap();
        let detail = app.get_with(&format!("/p/myOrder/orderDetail?orderNumber={paid}"), &auth(&token)).await;
        assert_eq!(detail.ok(what)["groupTeam"]["status"].as_i64(), Some(3), "{what}");
        // Paying into a failed group is refused.
        assert!(group_order_paid(app, &unpaid).await.is_err(), "{what}");
    })
    .await;
}
