//! Page-visit tracking: `POST /flowAnalysisLog` (guests) and `POST /p/flowAnalysisLog`.
//!
//! Anyone can write here, so every write is bounded: a record is at most [`MAX_BODY_BYTES`],
//! each visitor, signed-in user and address has a budget of writes a minute (taken before
//! anything is stored), and the table is kept to a retention period and a row cap
//! ([`crate::housekeeping`]).

use crate::http::auth::AuthUser;
use crate::http::client::RequestInfo;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiJson;
use crate::http::params::out_of_range;
use crate::state::AppState;
use api::analytics::{biz_type, page_id, FlowLog};
use axum::extract::State;

/// Page ids of spec section 4.
pub const PAGE_IDS: [i32; 12] = [
    page_id::HOME,
    page_id::DETAIL_FROM_BANNER,
    page_id::DETAIL,
    page_id::FLASH_SALE_DETAIL,
    page_id::GROUP_DETAIL,
    page_id::LIST,
    page_id::SPECIAL_DISCOUNT,
    page_id::CART,
    page_id::ORDER_DETAIL,
    page_id::PAYMENT,
    page_id::USER_CENTER,
    page_id::USER_ORDERS,
];
/// Longest visitor or session uuid.
pub const MAX_UUID_CHARS: usize = 64;
/// Longest `bizData` (a product or activity id and the like).
pub const MAX_BIZ_DATA_CHARS: usize = 512;
/// Largest page-visit request body.
pub const MAX_BODY_BYTES: usize = 4 * 1024;
/// Page visits a visitor (uuid) or a signed-in user may record a minute.
pub const VISITS_PER_VISITOR_MINUTE: i64 = 60;
/// Page visits one address may record a minute (a shared address holds several visitors).
pub const VISITS_PER_ADDRESS_MINUTE: i64 = 240;
const MINUTE_MILLIS: i64 = 60_000;
/// Highest step counter accepted.
pub const MAX_STEP: i32 = 100_000;

/// Checks a page visit against the rules of spec section 4.
pub fn validate(log: &FlowLog) -> Result<(), ApiError> {
    if !PAGE_IDS.contains(&log.page_id) {
        return Err(ApiError::bad_with("error-invalid-field", vec![("field", "pageId".into())]));
    }
    if let Some(prev) = log.prev_page_id {
        if prev != 0 && !PAGE_IDS.contains(&prev) {
            return Err(ApiError::bad_with("error-invalid-field", vec![("field", "prevPageId".into())]));
        }
    }
    if !(1..=4).contains(&log.visit_type) {
        return Err(out_of_range("visitType", 1, 4));
    }
    if !(0..=MAX_STEP).contains(&log.step) {
        return Err(out_of_range("step", 0, i64::from(MAX_STEP)));
    }
    if !(biz_type::NORMAL..=biz_type::FLASH).contains(&log.biz_type) {
        return Err(out_of_range("bizType", 0, 2));
    }
    if let Some(nums) = log.nums {
        if !(0..=MAX_STEP).contains(&nums) {
            return Err(out_of_range("nums", 0, i64::from(MAX_STEP)));
        }
    }
    for (field, value) in [("uuid", &log.uuid), ("uuidSession", &log.uuid_session)] {
        if value.trim().is_empty() {
            return Err(ApiError::bad_with("error-value-empty", vec![("field", field.to_string())]));
        }
        if value.chars().count() > MAX_UUID_CHARS {
            return Err(ApiError::bad_with(
                "error-value-too-long",
                vec![("field", field.to_string()), ("max", MAX_UUID_CHARS.to_string())],
            ));
        }
    }
    if log.biz_data.as_deref().is_some_and(|d| d.chars().count() > MAX_BIZ_DATA_CHARS) {
        return Err(ApiError::bad_with(
            "error-value-too-long",
            vec![("field", "bizData".into()), ("max", MAX_BIZ_DATA_CHARS.to_string())],
        ));
    }
    Ok(())
}

/// Takes one write of each budget the visit falls under, before anything is stored. The
/// address's budget comes first: a visit it refuses leaves no counter behind for its visitor
/// id (which the client chooses), so a flood from one address writes at most
/// [`VISITS_PER_ADDRESS_MINUTE`] counters a minute.
async fn take_budget(state: &AppState, log: &FlowLog, user_id: Option<i64>, addr: &str) -> Result<(), ApiError> {
    let visitor = match user_id {
        Some(id) => format!("visits-user:{id}"),
        None => format!("visits-visitor:{}", log.uuid.trim()),
    };
    let by_addr = format!("visits-addr:{}", crate::accounts::budget_addr(addr));
    for (bucket, limit) in [(by_addr, VISITS_PER_ADDRESS_MINUTE), (visitor, VISITS_PER_VISITOR_MINUTE)] {
        if crate::accounts::repo::take(&state.db, &bucket, MINUTE_MILLIS, limit).await?.is_none() {
            return Err(ApiError::bad("error-too-many-requests"));
        }
    }
    Ok(())
}

async fn store(state: &AppState, log: FlowLog, user_id: Option<i64>, addr: &str) -> ApiResult<()> {
    validate(&log)?;
    take_budget(state, &log, user_id, addr).await?;
    crate::analytics::repo::insert_flow_log(&state.db, &log, user_id, state.db.now()).await?;
    ok(())
}

/// `POST /flowAnalysisLog`: a guest's page visit.
pub(super) async fn flow_log_guest(
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(log): ApiJson<FlowLog>,
) -> ApiResult<()> {
    store(&state, log, None, &info.addr).await
}

/// `POST /p/flowAnalysisLog`: a signed-in user's page visit.
pub(super) async fn flow_log_signed_in(
    user: AuthUser,
    State(state): State<AppState>,
    info: RequestInfo,
    ApiJson(log): ApiJson<FlowLog>,
) -> ApiResult<()> {
    store(&state, log, Some(user.user_id), &info.addr).await
}
