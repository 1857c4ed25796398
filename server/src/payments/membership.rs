//! Buying a paid membership plan (`POST /p/member/buy`): the payments sit above the members
//! and settle what they sell, as for orders and top-ups.

use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiJson;
use crate::http::params::invalid;
use crate::members::repo::{self, NewPurchase};
use crate::payments::handlers::{method_available, settled_result, shown_balance, OnlineStart};
use crate::payments::pay_password::check_pay_password;
use crate::payments::repo::{self as pay_repo, NewAttempt};
use crate::payments::rules as pay_rules;
use crate::state::AppState;
use api::config::pay_type;
use api::members::{BuyMemberParam, MemberPlan};
use api::payments::{pay_kind, PayResult};
use axum::extract::State;

/// `POST /p/member/buy`: buys a plan. The balance (with the payment password) pays at once and
/// the membership runs on in the same transaction; an online gateway gets an attempt of kind
/// [`pay_kind::MEMBER`] with its purchase, settled exactly once by the payments' settle path
/// (a notification, a status query or the job), like a top-up. The price is the plan's, never
/// the request's.
pub(super) async fn buy(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<BuyMemberParam>,
) -> ApiResult<PayResult> {
    let Some(plan) = api::members::plan(param.plan_id) else { return Err(ApiError::bad("error-member-plan")) };
    let currency = pay_rules::currency(&param.currency)?;
    if param.pay_type == pay_type::SCOREPAY || !pay_type::ALL.iter().any(|c| c.value == param.pay_type) {
        return Err(invalid("payType"));
    }
    if param.pay_type == pay_type::BALANCEPAY {
        pay_rules::check_pay_password(&param.pay_password)?;
    }
    if !method_available(&state, param.pay_type).await? {
        return Err(ApiError::bad("error-pay-method-unavailable"));
    }
    if param.pay_type == pay_type::BALANCEPAY {
        by_balance(&state, &user, &plan, &param, currency).await
    } else {
        online_start(&state, &user, &plan, param.pay_type, currency).await
    }
}

async fn by_balance(
    state: &AppState,
    user: &AuthUser,
    plan: &MemberPlan,
    param: &BuyMemberParam,
    currency: crate::payments::gateways::Currency,
) -> ApiResult<PayResult> {
    check_pay_password(state, user.user_id, &param.pay_password).await?;
    let now = state.db.now();
    let pay_no = pay_rules::new_pay_no(now);
    let amount = plan.price.0;
    let mut tx = state.db.pool.begin().await?;
    // The balance first: a write, so SQLite's one writer is taken before any read.
    if !pay_repo::move_balance(&mut tx, user.user_id, -amount, repo::BALANCE_MEMBER_BOUGHT, Some(&pay_no), None, now)
        .await?
    {
        drop(tx);
        let balance = shown_balance(state, user.user_id, currency).await?;
        return Err(ApiError::bad_with("error-balance-insufficient", vec![("balance", balance)]));
    }
    let attempt = NewAttempt::paid_from_balance(&pay_no, user.user_id, pay_kind::MEMBER, amount, now);
    pay_repo::insert_attempt(&mut tx, &attempt, &[]).await?;
    repo::insert_purchase(&mut tx, &NewPurchase { pay_no: &pay_no, user_id: user.user_id, plan, now }).await?;
    if repo::settle_purchase(&mut tx, &pay_no, now).await?.is_none() {
        return Err(ApiError::Internal(format!("membership purchase {pay_no} not settled")));
    }
    tx.commit().await?;
    ok(settled_result(pay_no, pay_type::BALANCEPAY, amount, now))
}

/// Creates a gateway attempt with its purchase (one transaction) and starts it.
async fn online_start(
    state: &AppState,
    user: &AuthUser,
    plan: &MemberPlan,
    code: i32,
    asked: crate::payments::gateways::Currency,
) -> ApiResult<PayResult> {
    let start = OnlineStart::plan(state, code, plan.price.0, asked, None).await?;
    let attempt = start.attempt(user.user_id, code, pay_kind::MEMBER, plan.price.0);
    let mut tx = state.db.pool.begin().await?;
    // Counts against the buyer's open attempts; never reused (each has its own purchase).
    start.admit(&mut tx, &attempt, &[], false).await?;
    pay_repo::insert_attempt(&mut tx, &attempt, &[]).await?;
    let now = start.now;
    repo::insert_purchase(&mut tx, &NewPurchase { pay_no: &start.pay_no, user_id: user.user_id, plan, now }).await?;
    tx.commit().await?;
    let description = format!("Membership, {} months", plan.months);
    start.launch(state, user, code, plan.price.0, description).await
}
