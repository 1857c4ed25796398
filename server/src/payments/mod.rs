//! Payments: the checkout counter `/payment` (spec sections 2, 3, 5, 8, 9) and its calls after
//! mall4j's `PayController` and notify controller: `GET /p/order/getOrderPayInfoByOrderNumber`,
//! `POST /p/order/pay` (one pay call for one or several orders; amounts from the database
//! only), `GET /p/order/payStatus`, `POST /p/balance/recharge`, `PUT /p/user/payPassword` (with
//! the user centre's `PUT /p/user/updatePayPassword` and `PUT /p/user/resetPayPassword`), and
//! the gateways' signed notifications at `POST /notice/pay/{payType}`.
//!
//! - `handlers.rs`: the calls and their input checks; balance and points pay;
//! - `pay_password.rs`: setting, changing, resetting and checking the payment password, its
//!   tries counted before it is looked at;
//! - `membership.rs`: buying a paid membership plan (`POST /p/member/buy`), with the balance or
//!   through a gateway;
//! - `forms.rs`: Pay Now and the top-up as plain forms (`api::forms::ORDER_PAY`,
//!   `BALANCE_RECHARGE`);
//! - `rules.rs`: the pure rules (order lists, payment password, top-up range, charges);
//! - `repo.rs`: pay attempts, their orders, facts by idempotency key, the ledgers' reasons (the
//!   ledgers are the wallet's);
//! - `settle.rs`: settling a payment exactly once, or refunding one that came too late;
//! - `online.rs`: starting a gateway payment, asking a gateway, acting on a notification;
//! - `refunds.rs`: money going back (to the balance, the points or through the gateway);
//! - `jobs.rs`: the job sending refunds and settling attempts whose time ran out;
//! - `gateways/`: each gateway's protocol (Stripe, PayPal, ABA PayWay, UPAY) without I/O;
//! - `config.rs`: which gateways are configured (keys from the environment, or the local
//!   development gateway's adapters, handed in at start-up with `MALL_DEV=1`);
//! - `transport.rs`: the one HTTP sender of gateway calls.

pub mod config;
mod forms;
pub mod gateways;
pub mod handlers;
pub mod jobs;
mod membership;
pub mod online;
mod pay_password;
pub mod refunds;
pub mod repo;
pub mod rules;
pub mod settle;
pub mod transport;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post, put};
use axum::Router;

/// The plain forms: the counter's Pay Now (`api::forms::ORDER_PAY`) and its first payment
/// password (`api::forms::PAY_PASSWORD_SET`), and My Balance's top-up
/// (`api::forms::BALANCE_RECHARGE`).
pub fn form_router() -> Router<AppState> {
    Router::new()
        .route(api::forms::ORDER_PAY, post(forms::pay))
        .route(api::forms::PAY_PASSWORD_SET, post(forms::set_pay_password))
        .route(api::forms::BALANCE_RECHARGE, post(forms::top_up))
}

/// The payments' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::ORDER_PAY_INFO, get(handlers::pay_info))
        .route(paths::ORDER_PAY, post(handlers::pay))
        .route(paths::ORDER_PAY_STATUS, get(handlers::pay_status))
        .route(paths::BALANCE_RECHARGE, post(handlers::recharge))
        .route(paths::MEMBER_BUY, post(membership::buy))
        .route(paths::USER_PAY_PASSWORD, put(pay_password::set_pay_password))
        .route(paths::USER_UPDATE_PAY_PASSWORD, put(pay_password::update_pay_password))
        .route(paths::USER_RESET_PAY_PASSWORD, put(pay_password::reset_pay_password))
        .route(paths::PAY_NOTICE, post(handlers::notice))
}
