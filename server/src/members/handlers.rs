//! The member calls: the signed-in buyer's level and holdings, the member centre's facts, each
//! level's benefits, the paid membership plans and buying one (their own only: the session
//! names the buyer, no id is taken from the request).

use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, Locale};
use crate::http::params::invalid;
use crate::members::repo::{self, NewPurchase};
use crate::payments::handlers::{check_pay_password, method_available, shown_balance, OnlineStart};
use crate::payments::repo::{self as pay_repo, NewAttempt};
use crate::payments::rules as pay_rules;
use crate::state::AppState;
use api::config::pay_type;
use api::members::{
    paid_active, standing, BuyMemberParam, MemberEquityInfo, MemberInfo, MemberPlan, UserAssets, UserLevel,
    PAID_DISCOUNT_PERCENT, PAID_FREE_SHIPPING,
};
use api::money::Price;
use api::payments::{pay_kind, pay_status, PayResult};
use axum::extract::State;

/// The buyer's level and the way to the next one.
async fn level_of(state: &AppState, user_id: i64, lang: i18n::Lang) -> Result<UserLevel, ApiError> {
    let levels = repo::levels(&state.db, lang).await?;
    let growth = repo::growth(&state.db, user_id).await?;
    let Some((current, next)) = standing(growth, &levels) else {
        return Err(ApiError::Internal("the member_level table is empty".into()));
    };
    Ok(UserLevel {
        growth,
        level: current.level,
        level_name: current.level_name,
        level_growth: current.need_growth,
        next_level: next,
        levels,
    })
}

/// `GET /p/user/level`: the buyer's growth, the level it reached and the next level.
pub(super) async fn user_level(
    user: AuthUser,
    State(state): State<AppState>,
    Locale(lang): Locale,
) -> ApiResult<UserLevel> {
    ok(level_of(&state, user.user_id, lang).await?)
}

/// `GET /p/user/assets`: the buyer's balance and points.
pub(super) async fn user_assets(user: AuthUser, State(state): State<AppState>) -> ApiResult<UserAssets> {
    let (balance, points) = repo::holdings(&state.db, user.user_id).await?;
    ok(UserAssets { balance: Price(balance), points })
}

/// `GET /p/member/info`: the buyer's level, paid membership and what applies at checkout.
pub(super) async fn member_info(
    user: AuthUser,
    State(state): State<AppState>,
    Locale(lang): Locale,
) -> ApiResult<MemberInfo> {
    let user_level = level_of(&state, user.user_id, lang).await?;
    let now = state.db.now();
    let mut conn = state.db.pool.acquire().await?;
    let end = repo::member_end(&mut conn, user.user_id).await?;
    let equity = repo::equity(&mut conn, user.user_id, now).await?;
    ok(MemberInfo {
        user_level,
        paid_active: paid_active(end, now),
        paid_end_time: end,
        discount_percent: equity.discount_percent,
        free_shipping: equity.free_shipping,
        now,
    })
}

/// `GET /p/member/equity`: every level's benefits and the paid membership's, with the buyer's.
pub(super) async fn member_equity(
    user: AuthUser,
    State(state): State<AppState>,
    Locale(lang): Locale,
) -> ApiResult<MemberEquityInfo> {
    let levels = repo::level_equities(&state.db, lang).await?;
    let growth = repo::growth(&state.db, user.user_id).await?;
    let level = levels.iter().rev().find(|l| growth >= l.need_growth).or(levels.first()).map_or(1, |l| l.level);
    let now = state.db.now();
    let mut conn = state.db.pool.acquire().await?;
    let end = repo::member_end(&mut conn, user.user_id).await?;
    let equity = repo::equity(&mut conn, user.user_id, now).await?;
    ok(MemberEquityInfo {
        levels,
        level,
        paid_discount_percent: PAID_DISCOUNT_PERCENT,
        paid_free_shipping: PAID_FREE_SHIPPING,
        paid_active: paid_active(end, now),
        discount_percent: equity.discount_percent,
        free_shipping: equity.free_shipping,
    })
}

/// `GET /p/member/plans`: the paid membership plans on sale.
pub(super) async fn member_plans(_user: AuthUser) -> ApiResult<Vec<MemberPlan>> {
    ok(api::members::plans())
}

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
    let attempt = NewAttempt {
        pay_no: &pay_no,
        user_id: user.user_id,
        pay_type: pay_type::BALANCEPAY,
        pay_kind: pay_kind::MEMBER,
        amount,
        score: 0,
        charge_currency: "USD",
        charge_minor: amount,
        status: pay_status::PAID,
        now,
        expires_at: now,
    };
    pay_repo::insert_attempt(&mut tx, &attempt, &[]).await?;
    repo::insert_purchase(&mut tx, &NewPurchase { pay_no: &pay_no, user_id: user.user_id, plan, now }).await?;
    if repo::settle_purchase(&mut tx, &pay_no, now).await?.is_none() {
        return Err(ApiError::Internal(format!("membership purchase {pay_no} not settled")));
    }
    tx.commit().await?;
    ok(PayResult {
        pay_no,
        pay_type: pay_type::BALANCEPAY,
        status: pay_status::PAID,
        amount: Price(amount),
        charge_currency: "USD".into(),
        charge_amount: crate::payments::gateways::Money::usd(amount).decimal(),
        action: None,
        expire_time: now,
    })
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
