//! What happens without the buyer: the 7-day automatic refund and the payments queue.

use super::*;

#[tokio::test]
async fn unanswered_applications_are_refunded_after_7_days_once() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Late Dara").await;
        let (number, item_a, item_b) = paid_order(app, user, &token, 2).await;
        let late = apply(app, &token, &application(&number, item_a, 1, 1, 20.0)).await;
        let answered = apply(app, &token, &application(&number, item_b, 1, 1, 10.0)).await;
        repo::refuse(&app.state.db, &answered, "").await.unwrap();
        // Six days: nothing yet.
        app.post_json("/dev/clock", json!({"advanceMs": 6 * DAY}).to_string(), &[]).await.ok("6 days");
        assert_eq!(status_of(app, &late).await, APPLIED, "{label}");
        // A second server on the same database, its clock moved alike, runs the job at the same
        // time as this one's.
        let other = server::db::Db::connect(&app.state.config.database_url).await.expect("a second server");
        other.clock.advance(7 * DAY + 60_000);
        app.state.db.clock.advance(DAY + 60_000);
        let now = app.state.db.now();
        let (a, b) = tokio::join!(
            server::refunds::jobs::run_once(&app.state.db, now),
            server::refunds::jobs::run_once(&other, other.now()),
        );
        assert_eq!(a.unwrap() + b.unwrap(), 1, "{label}: refunded once between the two");
        other.pool.close().await;
        assert_eq!(status_of(app, &late).await, SUCCESS, "{label}");
        assert_eq!(status_of(app, &answered).await, REFUSED, "{label}: an answered one stays");
        // The session ran out while the clock moved: the buyer signs in again.
        let token = server::accounts::sessions::create_session(&app.state.db, user).await.unwrap();
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 2000, "{label}: the money back, once");
        let detail = app.get_with(&format!("{INFO}?refundSn={late}"), &auth(&token)).await;
        let detail = detail.ok("info").clone();
        assert_eq!(detail["autoRefunded"], true, "{label}");
        assert_eq!(steps(app, &token, &late).await, [1, 5], "{label}");
        // The clock again: nothing more.
        app.post_json("/dev/clock", json!({"advanceMs": 7 * DAY}).to_string(), &[]).await.ok("7 more days");
        assert_eq!(balance_of(app, user).await, 10000 - 5300 + 2000, "{label}: once");
        ledgers_balance(app, label).await;
    })
    .await;
}

#[tokio::test]
async fn a_gateway_payment_is_refunded_through_the_payments_queue() {
    common::with_seeded_apps(async |app, label| {
        let (user, token) = buyer(app, "Card Dara").await;
        let (number, item_a, _) = paid_order(app, user, &token, 2).await;
        // As if paid by card: the attempt's type and currency changed, the balance given back.
        exec(
            app,
            &format!(
                "UPDATE pay_attempt SET pay_type = 13, charge_currency = 'USD', charge_minor = 5300, transaction_id = 'pi_1'
                 WHERE pay_no = (SELECT pay_no FROM orders WHERE order_number = '{number}')"
            ),
        )
        .await;
        let sn = apply(app, &token, &application(&number, item_a, 1, 1, 15.0)).await;
        let balance = balance_of(app, user).await;
        assert_eq!(repo::accept(&app.state.db, &sn).await.unwrap(), Moved::Done, "{label}");
        assert_eq!(balance_of(app, user).await, balance, "{label}: not to the balance");
        let queued = app
            .count(&format!("SELECT COUNT(*) FROM pay_refund WHERE refund_sn = '{sn}' AND amount = 1500 AND charge_minor = 1500"))
            .await;
        assert_eq!(queued, 1, "{label}: queued for the gateway");
        // A second application of the same order is queued beside it.
        let second = apply(app, &token, &application(&number, item_a, 1, 1, 5.0)).await;
        repo::accept(&app.state.db, &second).await.unwrap();
        assert_eq!(app.count("SELECT COUNT(*) FROM pay_refund").await, 2, "{label}");
        // The payments job picks them up (the development gateway does not know this made-up
        // card payment, so it declines and the job retries later).
        server::payments::jobs::run_once(&app.state).await.unwrap();
        let tried = app.count("SELECT COUNT(*) FROM pay_refund WHERE attempts = 1").await;
        assert_eq!(tried, 2, "{label}: sent to the gateway by the payments job");
    })
    .await;
}
