//! Work shared by three processes: expiry, a payment decided on another node, the refund,
//! payment and points jobs and housekeeping, each done once.

use super::*;

const PAY_PASSWORD: &str = "135790";
const DAY_MS: i64 = 24 * 3_600_000;
const STRIPE: i64 = 13;
const BALANCEPAY: i64 = 9;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_cancel_each_expired_order_once_under_a_moved_clock() {
    let Some(cluster) = Cluster::start().await else { return };
    let app = &cluster.app;
    let (user, token) = common::buyer_with_address(app, "racer").await;
    let orders = 12;
    for _ in 0..orders {
        order_from_silk_house(app, 9100, (user, &token), &[9100, 9101], 1).await;
    }
    let stock =
        || async move { app.count("SELECT CAST(SUM(stocks) AS BIGINT) FROM sku WHERE sku_id IN (91001, 91011)").await };
    assert_eq!(stock().await, 2000 - 2 * orders);

    // The clock moves past the payment time (as one node's `POST /dev/clock` shares it), then
    // all three nodes run their jobs at once at that time.
    let mut cancelled = 0;
    for answer in cluster.run_jobs_everywhere_after(31 * 60_000).await {
        cancelled += answer["data"]["cancelledOrders"].as_i64().unwrap();
    }
    // Whatever a node's own 30 s pass took is not in the answers: wait for the state instead.
    let deadline = Instant::now() + Duration::from_secs(40);
    while app.count(&format!("SELECT COUNT(*) FROM orders WHERE user_id = {user} AND status = 1")).await > 0 {
        assert!(Instant::now() < deadline, "unpaid orders left after the moved clock");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(cancelled <= orders, "{cancelled} cancellations reported for {orders} orders");
    assert_eq!(stock().await, 2000, "every order's stock came back exactly once");
    let closed = app
        .count(&format!(
            "SELECT COUNT(*) FROM orders WHERE user_id = {user} AND status = {}",
            api::orders::order_status::CANCELED
        ))
        .await;
    assert_eq!(closed, orders, "every order cancelled");
    cluster.finish().await;
}

/// A balance of 100.00 and a payment password for `user`, written as the tests of the wallet do.
async fn with_balance_and_pay_password(cluster: &Cluster, user: i64, token: &str) {
    let app = &cluster.app;
    exec(app, &format!("UPDATE users SET balance = 10000 WHERE user_id = {user}")).await;
    let now = app.state.db.now();
    exec(
        app,
        &format!("INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, 10000, 4, {now})"),
    )
    .await;
    let body = Some(("application/json", json!({"payPassword": PAY_PASSWORD, "password": PASSWORD}).to_string()));
    cluster.call(0, "PUT", "/p/user/payPassword", body, Some(token)).await.ok("payment password");
}

/// Starts paying `order_number` through the development gateway's Stripe on node `on`; the
/// payment's number and its checkout page (site-relative).
async fn start_card_payment(cluster: &Cluster, on: usize, token: &str, order_number: &str) -> (String, String) {
    let body = json!({"orderNumbers": order_number, "payType": STRIPE, "currency": "USD"});
    let started = cluster.post_json(on, "/p/order/pay", body, Some(token)).await;
    let data = started.ok("pay by card").clone();
    let page = data["action"]["url"].as_str().expect("a gateway page").to_string();
    (data["payNo"].as_str().expect("payNo").to_string(), page)
}

/// Posts the buyer's decision on the gateway's page, on node `on`; the HTTP status.
async fn decide(cluster: &Cluster, on: usize, page: &str, decision: &str) -> u16 {
    let url = format!("{}{page}", cluster.nodes[on].base);
    let form = format!("decision={decision}");
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let answer = http
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .expect("the gateway page");
    answer.status().as_u16()
}

/// Polls the payment's status on node `on` until it is `status` (30 s at most).
async fn wait_for_pay_status(cluster: &Cluster, on: usize, token: &str, pay_no: &str, status: i64) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let reply = cluster.get(on, &format!("/p/order/payStatus?payNo={pay_no}"), Some(token)).await;
        if reply.ok("pay status")["status"].as_i64() == Some(status) {
            return;
        }
        assert!(Instant::now() < deadline, "{pay_no} never reached status {status}: {}", reply.json);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_gateway_payment_started_on_one_node_is_decided_on_another_and_known_to_the_third() {
    let Some(cluster) = Cluster::start().await else { return };
    let app = &cluster.app;
    let (user, token) = common::buyer_with_address(app, "roaming payer").await;
    let number = order_from_silk_house(app, 9100, (user, &token), &[9100], 1).await;

    // The mall asks the gateway on node 1; the buyer's browser lands on node 2, whose
    // notification settles the order; node 3 reads it paid.
    let (pay_no, page) = start_card_payment(&cluster, 0, &token, &number).await;
    assert_eq!(decide(&cluster, 1, &page, "approve").await, 303, "the checkout page on another node");
    wait_for_pay_status(&cluster, 2, &token, &pay_no, api::payments::pay_status::PAID as i64).await;
    let paid = app
        .count(&format!(
            "SELECT COUNT(*) FROM orders WHERE order_number = '{number}' AND status = {}",
            api::orders::order_status::PAID
        ))
        .await;
    assert_eq!(paid, 1, "the order is paid");

    // The same decision again, on node 3: nothing changes (409), the order is paid once.
    assert_eq!(decide(&cluster, 2, &page, "approve").await, 409);
    let attempts =
        app.count(&format!("SELECT COUNT(*) FROM pay_attempt WHERE pay_no = '{pay_no}' AND status = 1")).await;
    assert_eq!(attempts, 1);
    cluster.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_run_the_refund_payment_and_points_jobs_once_per_item() {
    let Some(cluster) = Cluster::start().await else { return };
    let app = &cluster.app;
    let (user, token) = common::buyer_with_address(app, "jobs").await;
    with_balance_and_pay_password(&cluster, user, &token).await;

    // An order paid from the balance and one paid by card, each with a refund application
    // the merchant never answers; 100 points that will run out.
    let by_balance = order_from_silk_house(app, 9100, (user, &token), &[9100], 1).await;
    let body =
        json!({"orderNumbers": by_balance, "payType": BALANCEPAY, "payPassword": PAY_PASSWORD, "currency": "USD"});
    cluster.post_json(1, "/p/order/pay", body, Some(&token)).await.ok("pay from the balance");
    let by_card = order_from_silk_house(app, 9100, (user, &token), &[9101], 1).await;
    let (pay_no, page) = start_card_payment(&cluster, 2, &token, &by_card).await;
    assert_eq!(decide(&cluster, 0, &page, "approve").await, 303);
    wait_for_pay_status(&cluster, 1, &token, &pay_no, api::payments::pay_status::PAID as i64).await;
    for (i, number) in [&by_balance, &by_card].into_iter().enumerate() {
        let refundable = cluster.get(i, &format!("/p/orderRefund/refundable?orderNumber={number}"), Some(&token)).await;
        let max = refundable.ok("refundable")["maxAmount"].clone();
        let body = json!({"orderNumber": number, "orderItemId": 0, "applyType": 1, "buyerReason": 2, "goodsNum": 1,
                          "refundAmount": max, "buyerMsg": "", "photoFiles": []});
        cluster.post_json(i + 1, "/p/orderRefund/apply", body, Some(&token)).await.ok("apply for a refund");
    }
    let now = app.state.db.now();
    exec(app, &format!("UPDATE users SET points = points + 100 WHERE user_id = {user}")).await;
    exec(
        app,
        &format!("INSERT INTO points_record (user_id, delta, reason, created_at) VALUES ({user}, 100, 3, {now})"),
    )
    .await;
    let balance = common::balance_of(app, user).await;

    // Eight days on, every node runs every job at once: each application is refunded once, the
    // card's through the gateway, once.
    cluster.run_jobs_everywhere_after(8 * DAY_MS).await;
    let deadline = Instant::now() + Duration::from_secs(40);
    let sent = "SELECT COUNT(*) FROM pay_refund WHERE gateway_refund_id IS NOT NULL";
    while app.count("SELECT COUNT(*) FROM order_refund WHERE status = 4").await < 2 || app.count(sent).await < 1 {
        if Instant::now() > deadline {
            let refunds =
                common::text(app, "SELECT string_agg(refund_sn || ':' || status, ',') FROM order_refund").await;
            let queued = common::text(
                app,
                "SELECT COALESCE(string_agg(refund_no || ':' || status || ':' || attempts || ':' || COALESCE(gateway_refund_id, '-'), ','), '')
                 FROM pay_refund",
            )
            .await;
            let logs: Vec<String> = (1..=3)
                .map(|i| {
                    std::fs::read_to_string(cluster._media.path().join(format!("node-{i}.log"))).unwrap_or_default()
                })
                .collect();
            panic!("the overdue applications were not refunded: {refunds}; queued: {queued}; logs: {logs:#?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let order_total = app.count(&format!("SELECT actual_total FROM orders WHERE order_number = '{by_balance}'")).await;
    assert_eq!(common::balance_of(app, user).await, balance + order_total, "the balance's order refunded once");
    assert_eq!(
        app.count(&format!("SELECT COUNT(*) FROM balance_record WHERE user_id = {user} AND reason = 2")).await,
        1
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM pay_refund").await, 1, "the card's refund queued once");
    let gateway_refunds: usize = sqlx::query_scalar::<_, String>("SELECT data FROM dev_gateway_payment")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|data| serde_json::from_str::<Value>(data).unwrap()["refunds"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(gateway_refunds, 1, "the gateway was asked to refund once");

    // Past the points' lifetime: they expire once.
    cluster.run_jobs_everywhere_after(api::wallet::POINTS_VALID_DAYS * DAY_MS).await;
    assert_eq!(app.count(&format!("SELECT points FROM users WHERE user_id = {user}")).await, 0);
    let expired = app.count(&format!("SELECT COUNT(*) FROM points_record WHERE user_id = {user} AND reason = 9")).await;
    assert_eq!(expired, 1, "one expiry record");
    common::ledgers_balance(app, "three processes").await;
    cluster.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_housekeep_each_stale_row_once() {
    let Some(cluster) = Cluster::start().await else { return };
    let app = &cluster.app;
    // Stale rows of every table the housekeeping keeps bounded, from long ago: 5 rate-limit
    // counters, 4 one-time codes, 3 sign-in requests and 2 third-party sign-in keys, 6 page
    // visits. `{i}` numbers the rows of a table, whose keys must differ.
    let stale = [
        (5, "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('stale-{i}', 0, 3)"),
        (
            4,
            "INSERT INTO one_time_codes (identifier, purpose, code_hash, expires_at, created_at)
             VALUES ('stale{i}@example.com', 'login', 'x', 0, 0)",
        ),
        (
            3,
            "INSERT INTO oauth_states (state, pkce_verifier, social_type, callback_url, created_at)
             VALUES ('stale-{i}', 'v', 1, '/', 0)",
        ),
        (
            2,
            "INSERT INTO third_login_keys (key_hash, social_type, subject, created_at, expires_at)
             VALUES ('stale-{i}', 1, 's', 0, 0)",
        ),
        (
            6,
            "INSERT INTO flow_analysis_log (page_id, step, uuid, uuid_session, visit_type, created_at)
             VALUES (1, 1, 'u', 's', 1, 0)",
        ),
    ];
    for (rows, insert) in stale {
        for i in 0..rows {
            exec(app, &insert.replace("{i}", &i.to_string())).await;
        }
    }

    // Every node runs its housekeeping at once: between them, each stale row goes once.
    let answers = cluster.run_jobs_everywhere_after(1).await;
    let removed: u64 = answers.iter().map(|a| a["data"]["housekeepingRows"].as_u64().expect("a count")).sum();
    assert_eq!(removed, 20, "each stale row removed by exactly one node: {answers:?}");
    for (table, column) in [
        ("rate_limits", "window_start"),
        ("one_time_codes", "expires_at"),
        ("oauth_states", "created_at"),
        ("third_login_keys", "expires_at"),
        ("flow_analysis_log", "created_at"),
    ] {
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM {table} WHERE {column} = 0")).await, 0, "{table}");
    }
    cluster.finish().await;
}
