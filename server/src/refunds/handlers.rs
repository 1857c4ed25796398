//! The refunds' calls, all under `/p/` (a guest gets `A00004` from [`AuthUser`]). An order or
//! application that is not the buyer's answers the same as an unknown one, and changes nothing.

use crate::db::paging::page_of;
use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::paging::resolve;
use crate::http::params::invalid;
use crate::refunds::amounts::Refused;
use crate::refunds::repo::{self, Moved};
use crate::refunds::rules::{self, FieldError};
use crate::refunds::service;
use crate::state::AppState;
use api::catalog::Page;
use api::orders::OrderNumberQuery;
use api::refunds::{
    refund_filter, refund_sts, OrderRefund, OrderRefundDetail, OrderRefundParam, RefundApplied, RefundExpressParam,
    RefundInterventionParam, RefundListQuery, RefundSnQuery, RefundableOrder, CARRIER_MAX_CHARS,
    MAX_INTERVENTION_VOUCHERS, MAX_VOUCHERS, MOBILE_DIGITS, NOTE_MAX_CHARS, PAGE_SIZE_MAX, TRACKING_MAX_CHARS,
};
use api::users::upload_kind;
use axum::extract::State;

const ORDER_NOT_FOUND: &str = "error-refund-order-not-found";
const NOT_FOUND: &str = "error-refund-not-found";

/// Cents as the messages show them: `12.50`.
fn dollars(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

fn field_error(field: FieldError) -> ApiError {
    let max = |n: usize| vec![("max", n.to_string())];
    match field {
        FieldError::Order => ApiError::bad(ORDER_NOT_FOUND),
        FieldError::Item => ApiError::bad(ORDER_NOT_FOUND),
        FieldError::ApplyType => ApiError::bad("error-refund-apply-type"),
        FieldError::Reason => ApiError::bad("error-refund-reason"),
        FieldError::GoodsNum => ApiError::bad("error-refund-goods-min"),
        FieldError::AmountMin => ApiError::bad("error-refund-amount-min"),
        FieldError::Note => ApiError::bad_with("error-refund-note", max(NOTE_MAX_CHARS)),
        FieldError::NoteControl => ApiError::bad("error-refund-note-control"),
        FieldError::VoucherCount => ApiError::bad_with("error-refund-vouchers", max(MAX_VOUCHERS)),
        FieldError::Voucher => ApiError::bad("error-refund-voucher"),
        FieldError::RefundSn => ApiError::bad(NOT_FOUND),
        FieldError::Carrier => ApiError::bad_with("error-refund-carrier", max(CARRIER_MAX_CHARS)),
        FieldError::Tracking => ApiError::bad_with("error-refund-tracking", max(TRACKING_MAX_CHARS)),
        FieldError::Mobile => ApiError::bad_with("error-refund-mobile", vec![("digits", MOBILE_DIGITS.to_string())]),
        FieldError::InterventionReason => ApiError::bad_with("error-refund-intervention-reason", max(NOTE_MAX_CHARS)),
        FieldError::InterventionVoucherCount => {
            ApiError::bad_with("error-refund-intervention-vouchers", max(MAX_INTERVENTION_VOUCHERS))
        }
    }
}

/// Whether every picture is one this buyer uploaded (`POST /p/file/upload`, kind `image`).
async fn own_pictures(state: &AppState, user_id: i64, pictures: &[String]) -> Result<(), ApiError> {
    for pic in pictures {
        let name = pic.strip_prefix("/media/").unwrap_or_default();
        if !crate::media::repo::uploaded_by(&state.db, name, user_id, upload_kind::IMAGE).await? {
            return Err(ApiError::bad("error-refund-voucher"));
        }
    }
    Ok(())
}

/// The answer to a move that did not happen.
fn not_moved(moved: Moved) -> ApiResult<()> {
    match moved {
        Moved::Done => ok(()),
        Moved::Unknown => Err(ApiError::bad(NOT_FOUND)),
        Moved::WrongState(_) => Err(ApiError::bad("error-refund-state")),
        Moved::Exceeds => Err(ApiError::bad("error-refund-exceeds")),
    }
}

/// `POST /p/orderRefund/apply`: applies for a refund of an item of one of the buyer's paid
/// orders, or of the whole order.
pub(super) async fn apply(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<OrderRefundParam>,
) -> ApiResult<RefundApplied> {
    let fields = rules::check_apply(&param).map_err(field_error)?;
    own_pictures(&state, user.user_id, &fields.photo_files).await?;
    match service::apply(&state.db, user.user_id, &fields).await? {
        Ok(refund_sn) => ok(RefundApplied { refund_sn }),
        Err(Refused::Unknown) => Err(ApiError::bad(ORDER_NOT_FOUND)),
        Err(Refused::NotRefundable) => Err(ApiError::bad("error-refund-not-refundable")),
        Err(Refused::NotShipped) => Err(ApiError::bad("error-refund-not-shipped")),
        Err(Refused::GoodsNum(max)) => {
            Err(ApiError::bad_with("error-refund-goods-max", vec![("max", max.to_string())]))
        }
        Err(Refused::Amount(max)) => Err(ApiError::bad_with("error-refund-amount-max", vec![("max", dollars(max))])),
    }
}

/// `GET /p/orderRefund/list?status=&current=&size=`: the buyer's applications, newest first.
pub(super) async fn list(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<RefundListQuery>,
) -> ApiResult<Page<OrderRefund>> {
    let filter = query.status.unwrap_or(refund_filter::EVERY);
    if !(refund_filter::EVERY..=refund_filter::CLOSED).contains(&filter) {
        return Err(invalid("status"));
    }
    let (current, size) = resolve(query.current, query.size)?;
    let size = size.min(PAGE_SIZE_MAX);
    let (records, total) = repo::list(&state.db, user.user_id, filter, current, size).await?;
    ok(page_of(records, total, current, size))
}

/// `GET /p/orderRefund/info?refundSn=`: one of the buyer's applications with its progress.
pub(super) async fn info(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<RefundSnQuery>,
) -> ApiResult<OrderRefundDetail> {
    let sn = rules::refund_sn(&query.refund_sn).ok_or_else(|| ApiError::bad(NOT_FOUND))?;
    found(repo::detail(&state.db, user.user_id, &sn).await?, NOT_FOUND)
}

/// `GET /p/orderRefund/refundable?orderNumber=`: what of one of the buyer's orders may still
/// be refunded.
pub(super) async fn refundable(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<OrderNumberQuery>,
) -> ApiResult<RefundableOrder> {
    let number = rules::order_number(&query.order_number).ok_or_else(|| ApiError::bad(ORDER_NOT_FOUND))?;
    found(service::refundable(&state.db, user.user_id, &number, lang).await?, ORDER_NOT_FOUND)
}

/// `POST /p/orderRefund/submitExpress`: the return shipment of an accepted return.
pub(super) async fn submit_express(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<RefundExpressParam>,
) -> ApiResult<()> {
    let fields = rules::check_express(&param).map_err(field_error)?;
    not_moved(repo::ship(&state.db, user.user_id, &fields).await?)
}

/// `PUT /p/orderRefund/cancel/{refundSn}`: the buyer withdraws an application.
pub(super) async fn cancel(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> ApiResult<()> {
    let sn = rules::refund_sn(&raw).ok_or_else(|| ApiError::bad(NOT_FOUND))?;
    not_moved(repo::withdraw(&state.db, user.user_id, &sn).await?)
}

/// `POST /p/orderRefund/applyIntervention`: asks the platform to decide a refused application.
pub(super) async fn apply_intervention(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<RefundInterventionParam>,
) -> ApiResult<()> {
    let fields = rules::check_intervention(&param).map_err(field_error)?;
    own_pictures(&state, user.user_id, &fields.photo_files).await?;
    not_moved(repo::intervene(&state.db, user.user_id, &fields).await?)
}

/// Whether an application in `status` waits for the merchant (for the development commands).
pub fn waits_for_merchant(status: i32) -> bool {
    [refund_sts::APPLIED, refund_sts::SHIPPED, refund_sts::INTERVENTION].contains(&status)
}
