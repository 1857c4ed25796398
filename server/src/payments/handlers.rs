//! The payment calls: the checkout counter's facts, one pay call for one or several orders
//! (balance and points settle at once; a gateway answers what the browser does next), the pay
//! status (which asks the gateway while pending), the top-up and the
//! gateways' notifications. Amounts always come from the database, never from a request; a
//! buyer only ever sees or pays their own orders (another buyer's are answered like unknown
//! ones).

use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::params::{invalid, missing};
use crate::payments::online::{self, Noticed};
use crate::payments::pay_password::check_pay_password;
use crate::payments::repo::{self, NewAttempt, PayableOrder};
use crate::payments::rules;
use crate::payments::settle;
use crate::state::AppState;
use api::config::pay_type;
use api::money::Price;
use api::orders::order_status;
use api::payments::{
    pay_kind, pay_status, OrderNumbersQuery, OrderPayInfo, PayNoQuery, PayOrder, PayParam, PayResult, PayStatus,
    RechargeParam,
};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;

/// `GET /p/order/getOrderPayInfoByOrderNumber?orderNumbers=`.
pub(super) async fn pay_info(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<OrderNumbersQuery>,
) -> ApiResult<OrderPayInfo> {
    let numbers = rules::order_numbers(&query.order_numbers)?;
    let mut conn = state.db.pool.acquire().await?;
    let orders = repo::orders_of(&mut conn, user.user_id, &numbers).await?;
    if orders.len() != numbers.len() {
        return Err(ApiError::bad("error-order-not-found"));
    }
    let (balance, score, pay_password) = repo::means(&mut conn, user.user_id).await?;
    let now = state.db.now();
    let unpaid: Vec<&PayableOrder> = orders.iter().filter(|o| o.payable(now)).collect();
    ok(OrderPayInfo {
        total_fee: Price(unpaid.iter().map(|o| o.actual_total).sum()),
        total_score: unpaid.iter().map(|o| o.score).sum(),
        end_time: unpaid.iter().filter_map(|o| o.expire_time).min(),
        orders: orders
            .into_iter()
            .map(|o| PayOrder {
                // An unpaid order past its time shows as what it is about to become.
                status: if o.status == order_status::UNPAID && !o.payable(now) {
                    order_status::CANCELED
                } else {
                    o.status
                },
                order_number: o.order_number,
                shop_name: o.shop_name,
                actual_total: Price(o.actual_total),
                score: o.score,
                prod_name: o.prod_name,
                total_count: o.total_count,
            })
            .collect(),
        balance: Price(balance),
        score,
        has_pay_password: pay_password.is_some(),
        now,
    })
}

/// Whether a method may be used now: switched on, and (for a gateway) configured.
pub async fn method_available(state: &AppState, code: i32) -> Result<bool, ApiError> {
    let switched_on =
        crate::site_config::repo::pay_switches(&state.db).await?.iter().any(|s| s.pay_type == code && s.enabled);
    let usable = matches!(code, pay_type::BALANCEPAY | pay_type::SCOREPAY) || state.gateways.is_configured(code);
    Ok(switched_on && usable)
}

/// The buyer's orders of `numbers`, all of them still payable at `now`.
async fn payable_orders(
    state: &AppState,
    user_id: i64,
    numbers: &[String],
    now: i64,
) -> Result<Vec<PayableOrder>, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let orders = repo::orders_of(&mut conn, user_id, numbers).await?;
    if orders.len() != numbers.len() {
        return Err(ApiError::bad("error-order-not-found"));
    }
    if let Some(order) = orders.iter().find(|o| !o.payable(now)) {
        let expired = order.status == order_status::CANCELED || order.status == order_status::UNPAID;
        return Err(ApiError::bad(if expired { "error-order-expired" } else { "error-order-status-changed" }));
    }
    Ok(orders)
}

/// `POST /p/order/pay`.
pub(super) async fn pay(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<PayParam>,
) -> ApiResult<PayResult> {
    let numbers = rules::order_numbers(&param.order_numbers)?;
    let currency = rules::currency(&param.currency)?;
    if !api::config::pay_type::ALL.iter().any(|c| c.value == param.pay_type) {
        return Err(invalid("payType"));
    }
    if param.pay_type == pay_type::BALANCEPAY {
        rules::check_pay_password(&param.pay_password)?;
    }
    if !method_available(&state, param.pay_type).await? {
        return Err(ApiError::bad("error-pay-method-unavailable"));
    }
    let now = state.db.now();
    let orders = payable_orders(&state, user.user_id, &numbers, now).await?;
    let amount: i64 = orders.iter().map(|o| o.actual_total).sum();
    let score: i64 = orders.iter().map(|o| o.score).sum();
    match param.pay_type {
        pay_type::BALANCEPAY => pay_by_balance(&state, &user, &orders, amount, &param, currency).await,
        pay_type::SCOREPAY => pay_by_points(&state, &user, &orders, amount, score).await,
        code => {
            if score > 0 {
                return Err(ApiError::bad("error-pay-points-order"));
            }
            let shares: Vec<(i64, i64)> = orders.iter().map(|o| (o.order_id, o.actual_total)).collect();
            let deadline = orders.iter().filter_map(|o| o.expire_time).min();
            let description = orders.iter().map(|o| o.order_number.as_str()).collect::<Vec<_>>().join(", ");
            start_online(&state, &user, code, pay_kind::ORDERS, amount, currency, &shares, deadline, description).await
        }
    }
}

/// The current balance as the buyer reads money (for "insufficient balance").
pub(crate) async fn shown_balance(
    state: &AppState,
    user_id: i64,
    currency: crate::payments::gateways::Currency,
) -> Result<String, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let (balance, _, _) = repo::means(&mut conn, user_id).await?;
    let display = match currency {
        crate::payments::gateways::Currency::Usd => api::money::DisplayCurrency::usd(),
        crate::payments::gateways::Currency::Khr => {
            api::money::DisplayCurrency { rate_e4: khr_rate(state).await?, ..api::money::DisplayCurrency::khr() }
        }
    };
    Ok(display.format(Price(balance)))
}

/// Riel per dollar × 10,000, from the currency table (the storefront's fallback without one).
pub async fn khr_rate(state: &AppState) -> Result<i64, ApiError> {
    let currencies = crate::site_config::repo::enabled_currencies(&state.db).await?;
    Ok(currencies
        .iter()
        .find(|c| c.currency_code.eq_ignore_ascii_case("KHR"))
        .and_then(|c| api::money::DisplayCurrency::parse_rate(&c.exchange_rate))
        .unwrap_or(api::money::DisplayCurrency::khr().rate_e4))
}

async fn pay_by_balance(
    state: &AppState,
    user: &AuthUser,
    orders: &[PayableOrder],
    amount: i64,
    param: &PayParam,
    currency: crate::payments::gateways::Currency,
) -> ApiResult<PayResult> {
    if orders.iter().any(|o| o.score > 0) {
        return Err(ApiError::bad("error-pay-points-order"));
    }
    check_pay_password(state, user.user_id, &param.pay_password).await?;
    let now = state.db.now();
    let pay_no = rules::new_pay_no(now);
    let shares: Vec<(i64, i64)> = orders.iter().map(|o| (o.order_id, o.actual_total)).collect();
    let mut tx = state.db.pool.begin().await?;
    let attempt = NewAttempt::paid_from_balance(&pay_no, user.user_id, pay_kind::ORDERS, amount, now);
    repo::insert_attempt(&mut tx, &attempt, &shares).await?;
    let paid: Vec<(i64, String, i64, i32)> =
        orders.iter().map(|o| (o.order_id, o.order_number.clone(), o.actual_total, o.order_type)).collect();
    settle::pay_orders_in(&mut tx, &pay_no, pay_type::BALANCEPAY, &paid, now).await?;
    if !repo::move_balance(&mut tx, user.user_id, -amount, repo::BALANCE_PAID, Some(&pay_no), None, now).await? {
        drop(tx);
        let balance = shown_balance(state, user.user_id, currency).await?;
        return Err(ApiError::bad_with("error-balance-insufficient", vec![("balance", balance)]));
    }
    tx.commit().await?;
    ok(settled_result(pay_no, pay_type::BALANCEPAY, amount, now))
}

async fn pay_by_points(
    state: &AppState,
    user: &AuthUser,
    orders: &[PayableOrder],
    amount: i64,
    score: i64,
) -> ApiResult<PayResult> {
    // Points pay the points-mall orders, whose price is in points alone.
    if amount > 0 || score <= 0 {
        return Err(ApiError::bad("error-pay-points-only"));
    }
    let now = state.db.now();
    let pay_no = rules::new_pay_no(now);
    let shares: Vec<(i64, i64)> = orders.iter().map(|o| (o.order_id, o.score)).collect();
    let mut tx = state.db.pool.begin().await?;
    let attempt = NewAttempt {
        pay_no: &pay_no,
        user_id: user.user_id,
        pay_type: pay_type::SCOREPAY,
        pay_kind: pay_kind::ORDERS,
        amount: 0,
        score,
        charge_currency: "USD",
        charge_minor: 0,
        status: pay_status::PAID,
        now,
        expires_at: now,
    };
    repo::insert_attempt(&mut tx, &attempt, &shares).await?;
    let paid: Vec<(i64, String, i64, i32)> =
        orders.iter().map(|o| (o.order_id, o.order_number.clone(), o.score, o.order_type)).collect();
    settle::pay_orders_in(&mut tx, &pay_no, pay_type::SCOREPAY, &paid, now).await?;
    for order in orders {
        let debited = repo::move_points(
            &mut tx,
            user.user_id,
            -order.score,
            repo::POINTS_PAID_ORDER,
            Some(&order.order_number),
            now,
        )
        .await?;
        if !debited {
            return Err(ApiError::bad("error-points-insufficient"));
        }
    }
    tx.commit().await?;
    ok(settled_result(pay_no, pay_type::SCOREPAY, 0, now))
}

/// The answer to a payment settled as it was made (from the balance or with points): orders
/// and memberships answer alike.
pub(super) fn settled_result(pay_no: String, code: i32, amount: i64, now: i64) -> PayResult {
    PayResult {
        pay_no,
        pay_type: code,
        status: pay_status::PAID,
        amount: Price(amount),
        charge_currency: "USD".into(),
        charge_amount: crate::payments::gateways::Money::usd(amount).decimal(),
        action: None,
        expire_time: now,
    }
}

/// A gateway payment about to be stored: its number, what the gateway will charge and until
/// when the attempt may be paid. Whatever else belongs to the payment (an order's shares, a
/// membership purchase) is written in the same transaction as [`OnlineStart::attempt`].
pub(crate) struct OnlineStart {
    pub pay_no: String,
    pub charge: crate::payments::gateways::Money,
    pub now: i64,
    pub expires_at: i64,
}

impl OnlineStart {
    /// Works out a gateway payment of `amount` cents with method `code`, charged in the asked
    /// currency when the gateway takes it, else in dollars (PayPal and KHR).
    pub(crate) async fn plan(
        state: &AppState,
        code: i32,
        amount: i64,
        asked: crate::payments::gateways::Currency,
        order_deadline: Option<i64>,
    ) -> Result<Self, ApiError> {
        let Some(gateway) = state.gateways.gateway(code) else {
            return Err(ApiError::bad("error-pay-method-unavailable"));
        };
        let currency = if gateway.supports(asked) { asked } else { crate::payments::gateways::Currency::Usd };
        let Some(charge) = rules::charge(Price(amount), currency, khr_rate(state).await?) else {
            return Err(invalid("currency"));
        };
        let now = state.db.now();
        Ok(Self {
            pay_no: rules::new_pay_no(now),
            charge,
            now,
            expires_at: rules::attempt_deadline(now, order_deadline),
        })
    }

    /// The attempt's row, pending.
    pub(crate) fn attempt(&self, user_id: i64, code: i32, kind: i32, amount: i64) -> NewAttempt<'_> {
        NewAttempt {
            pay_no: &self.pay_no,
            user_id,
            pay_type: code,
            pay_kind: kind,
            amount,
            score: 0,
            charge_currency: self.charge.currency.code(),
            charge_minor: self.charge.minor,
            status: pay_status::PENDING,
            now: self.now,
            expires_at: self.expires_at,
        }
    }

    /// Whether the buyer may store `new` (in the transaction `tx`, before it is stored): takes
    /// the buyer's row for the rest of the transaction, so that a burst of starts counts the
    /// open attempts one after another; with `reuse`, answers the buyer's open attempt that is
    /// the same (kind, method, amount, charge and orders) and already started; refuses once the
    /// buyer has [`rules::OPEN_ATTEMPTS_PER_BUYER`] open attempts; else `None`: store it.
    pub(crate) async fn admit(
        &self,
        tx: &mut sqlx::AnyConnection,
        new: &NewAttempt<'_>,
        shares: &[(i64, i64)],
        reuse: bool,
    ) -> Result<Option<PayResult>, ApiError> {
        repo::lock_buyer(tx, new.user_id).await?;
        let open = repo::open_attempts(tx, new.user_id, self.now).await?;
        let mut wanted: Vec<(i64, i64)> = shares.to_vec();
        wanted.sort_unstable();
        for (attempt, action) in open.iter().filter(|_| reuse) {
            let same = attempt.pay_kind == new.pay_kind
                && attempt.pay_type == new.pay_type
                && attempt.amount == new.amount
                && attempt.charge_currency == new.charge_currency
                && attempt.charge_minor == new.charge_minor;
            let Some(action) = action.as_deref().filter(|_| same) else { continue };
            let Ok(action) = serde_json::from_str::<api::payments::PayAction>(action) else { continue };
            let mut orders: Vec<(i64, i64)> =
                repo::attempt_orders(tx, &attempt.pay_no).await?.into_iter().map(|o| (o.0, o.2)).collect();
            orders.sort_unstable();
            if orders != wanted {
                continue;
            }
            let charge = online::charge_of(attempt).ok_or_else(|| ApiError::Internal("attempt currency".into()))?;
            return Ok(Some(PayResult {
                pay_no: attempt.pay_no.clone(),
                pay_type: attempt.pay_type,
                status: pay_status::PENDING,
                amount: Price(attempt.amount),
                charge_currency: charge.currency.code().into(),
                charge_amount: charge.decimal(),
                action: Some(action),
                expire_time: attempt.expires_at,
            }));
        }
        if open.len() >= rules::OPEN_ATTEMPTS_PER_BUYER {
            let first_ends = open.iter().map(|(a, _)| a.expires_at).min().unwrap_or(self.now);
            let minutes = ((first_ends - self.now).max(0) + 59_999) / 60_000;
            return Err(ApiError::bad_with(
                "error-pay-too-many-open",
                vec![("max", rules::OPEN_ATTEMPTS_PER_BUYER.to_string()), ("minutes", minutes.max(1).to_string())],
            ));
        }
        Ok(None)
    }

    /// Starts the stored attempt at its gateway and answers where the buyer goes next.
    pub(crate) async fn launch(
        self,
        state: &AppState,
        user: &AuthUser,
        code: i32,
        amount: i64,
        description: String,
    ) -> ApiResult<PayResult> {
        let mut conn = state.db.pool.acquire().await?;
        let attempt = repo::attempt(&mut conn, &self.pay_no)
            .await?
            .ok_or_else(|| ApiError::Internal("attempt vanished".into()))?;
        let email: Option<(Option<String>,)> = sqlx::query_as("SELECT user_mail FROM users WHERE user_id = $1")
            .bind(user.user_id)
            .fetch_optional(&mut *conn)
            .await?;
        drop(conn);
        let action = online::start(state, &attempt, description, email.and_then(|e| e.0)).await?;
        if let Ok(json) = serde_json::to_string(&action) {
            repo::set_action(&state.db, &self.pay_no, &json).await?;
        }
        ok(PayResult {
            pay_no: self.pay_no,
            pay_type: code,
            status: pay_status::PENDING,
            amount: Price(amount),
            charge_currency: self.charge.currency.code().into(),
            charge_amount: self.charge.decimal(),
            action: Some(action),
            expire_time: self.expires_at,
        })
    }
}

/// Creates a gateway attempt and starts it, or answers the buyer's open one that is the same
/// ([`OnlineStart::admit`]).
#[allow(clippy::too_many_arguments)]
async fn start_online(
    state: &AppState,
    user: &AuthUser,
    code: i32,
    kind: i32,
    amount: i64,
    asked: crate::payments::gateways::Currency,
    shares: &[(i64, i64)],
    order_deadline: Option<i64>,
    description: String,
) -> ApiResult<PayResult> {
    let start = OnlineStart::plan(state, code, amount, asked, order_deadline).await?;
    let new = start.attempt(user.user_id, code, kind, amount);
    let mut tx = state.db.pool.begin().await?;
    if let Some(open) = start.admit(&mut tx, &new, shares, true).await? {
        tx.rollback().await?;
        return ok(open);
    }
    repo::insert_attempt(&mut tx, &new, shares).await?;
    tx.commit().await?;
    start.launch(state, user, code, amount, description).await
}

/// `POST /p/balance/recharge`.
pub(super) async fn recharge(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<RechargeParam>,
) -> ApiResult<PayResult> {
    rules::check_recharge(param.amount)?;
    let currency = rules::currency(&param.currency)?;
    if matches!(param.pay_type, pay_type::BALANCEPAY | pay_type::SCOREPAY)
        || !api::config::pay_type::ALL.iter().any(|c| c.value == param.pay_type)
    {
        return Err(invalid("payType"));
    }
    if !method_available(&state, param.pay_type).await? {
        return Err(ApiError::bad("error-pay-method-unavailable"));
    }
    let description = "Balance top-up".to_string();
    start_online(&state, &user, param.pay_type, pay_kind::RECHARGE, param.amount.0, currency, &[], None, description)
        .await
}

/// `GET /p/order/payStatus?payNo=`.
pub(super) async fn pay_status(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PayNoQuery>,
) -> ApiResult<PayStatus> {
    let pay_no = query.pay_no.trim();
    if pay_no.is_empty() {
        return Err(missing("payNo"));
    }
    if pay_no.len() > 32 || !pay_no.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(invalid("payNo"));
    }
    let mut conn = state.db.pool.acquire().await?;
    let attempt = repo::attempt(&mut conn, pay_no).await?.filter(|a| a.user_id == user.user_id);
    drop(conn);
    let Some(mut attempt) = attempt else { return Err(ApiError::bad("error-pay-not-found")) };
    if attempt.status == pay_status::PENDING {
        let overdue = state.db.now() >= attempt.expires_at;
        online::check(&state, &attempt, overdue).await?;
        let mut conn = state.db.pool.acquire().await?;
        if overdue {
            repo::move_attempt(&mut conn, pay_no, &[pay_status::PENDING], pay_status::EXPIRED, state.db.now()).await?;
        }
        attempt =
            repo::attempt(&mut conn, pay_no).await?.ok_or_else(|| ApiError::Internal("attempt vanished".into()))?;
    }
    let mut conn = state.db.pool.acquire().await?;
    let orders = repo::attempt_orders(&mut conn, pay_no).await?;
    // While pending, the gateway's step as the pay call answered it.
    let action = if attempt.status == pay_status::PENDING {
        repo::action(&mut conn, pay_no).await?.and_then(|json| serde_json::from_str(&json).ok())
    } else {
        None
    };
    ok(PayStatus {
        pay_no: attempt.pay_no,
        pay_type: attempt.pay_type,
        pay_kind: attempt.pay_kind,
        status: attempt.status,
        amount: Price(attempt.amount),
        order_numbers: orders.into_iter().map(|o| o.1).collect::<Vec<_>>().join(","),
        expire_time: attempt.expires_at,
        action,
    })
}

/// `POST /notice/pay/{payType}`: a gateway's notification, verified over its raw body.
pub(super) async fn notice(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<i32>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<()> {
    match online::notice(&state, code, &headers, &body).await? {
        Noticed::Settled(settled) => tracing::info!(pay_type = code, ?settled, "payment notification"),
        Noticed::Ignored => {}
        Noticed::UnknownGateway => return Err(ApiError::NotFound),
    }
    ok(())
}
