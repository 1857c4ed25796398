//! The address book's calls. Every path is under `/p/`: a guest gets `A00004` from
//! [`AuthUser`]; an address id that is not the buyer's answers `A00001` "address not found",
//! the same as an unknown one, so ids of other buyers reveal nothing.

use crate::addresses::repo;
use crate::addresses::rules::{self, AddrFields};
use crate::http::auth::AuthUser;
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiPath};
use crate::http::params::{invalid, parse_id};
use crate::state::AppState;
use api::addresses::{
    AddrParam, AddrProblem, UserAddr, DETAIL_MAX_CHARS, DETAIL_MIN_CHARS, MAX_ADDRESSES, MOBILE_MAX_DIGITS,
    MOBILE_MIN_DIGITS, POST_CODE_MAX_CHARS, RECEIVER_MAX_CHARS,
};
use axum::extract::State;

const NOT_FOUND: &str = "error-address-not-found";

/// The fields of an add or a change, checked; each broken rule has its own message.
fn checked(param: &AddrParam) -> Result<AddrFields, ApiError> {
    rules::check(param).map_err(|problem| match problem {
        AddrProblem::ReceiverMissing | AddrProblem::ReceiverInvalid => {
            ApiError::bad_with("error-address-receiver", vec![("max", RECEIVER_MAX_CHARS.to_string())])
        }
        AddrProblem::MobileInvalid => ApiError::bad_with(
            "error-address-mobile",
            vec![("min", MOBILE_MIN_DIGITS.to_string()), ("max", MOBILE_MAX_DIGITS.to_string())],
        ),
        AddrProblem::PostCodeInvalid => {
            ApiError::bad_with("error-address-post-code", vec![("max", POST_CODE_MAX_CHARS.to_string())])
        }
        AddrProblem::DetailInvalid => ApiError::bad_with(
            "error-address-detail",
            vec![("min", DETAIL_MIN_CHARS.to_string()), ("max", DETAIL_MAX_CHARS.to_string())],
        ),
    })
}

/// The positive `addrId` of a path.
fn addr_id(raw: &str) -> Result<i64, ApiError> {
    let id = parse_id(raw, "addrId")?;
    if id <= 0 {
        return Err(invalid("addrId"));
    }
    Ok(id)
}

/// `GET /p/address/list`: the buyer's addresses, the default first, then the newest.
pub(super) async fn list(user: AuthUser, State(state): State<AppState>) -> ApiResult<Vec<UserAddr>> {
    ok(repo::list(&state.db, user.user_id).await?)
}

/// `POST /p/address/addAddr`: adds an address (`addrId` is ignored); the first is the default.
pub(super) async fn add(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<AddrParam>,
) -> ApiResult<UserAddr> {
    ok(add_address(&state, &user, &param).await?)
}

/// Adds the address of [`add`] (also the address book's form, `super::forms`): nothing is
/// stored when a field is refused or the buyer has [`MAX_ADDRESSES`] already.
pub(super) async fn add_address(state: &AppState, user: &AuthUser, param: &AddrParam) -> Result<UserAddr, ApiError> {
    let fields = checked(param)?;
    repo::add(&state.db, user.user_id, &fields)
        .await?
        .ok_or_else(|| ApiError::bad_with("error-address-limit", vec![("max", MAX_ADDRESSES.to_string())]))
}

/// `PUT /p/address/updateAddr`: changes the address `addrId` of the buyer.
pub(super) async fn update(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<AddrParam>,
) -> ApiResult<UserAddr> {
    ok(update_address(&state, &user, &param).await?)
}

/// Changes the address of [`update`] (also the address book's form): nothing changes when a
/// field is refused or the address is not the buyer's.
pub(super) async fn update_address(state: &AppState, user: &AuthUser, param: &AddrParam) -> Result<UserAddr, ApiError> {
    if param.addr_id <= 0 {
        return Err(invalid("addrId"));
    }
    let fields = checked(param)?;
    repo::update(&state.db, user.user_id, param.addr_id, &fields).await?.ok_or_else(|| ApiError::bad(NOT_FOUND))
}

/// `DELETE /p/address/deleteAddr/{addrId}`: deletes an address; deleting the default makes the
/// newest remaining one the default.
pub(super) async fn delete(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> ApiResult<()> {
    ok(delete_address(&state, &user, addr_id(&raw)?).await?)
}

/// Deletes the address of [`delete`] (also the address book's form).
pub(super) async fn delete_address(state: &AppState, user: &AuthUser, id: i64) -> Result<(), ApiError> {
    if !repo::delete(&state.db, user.user_id, id).await? {
        return Err(ApiError::bad(NOT_FOUND));
    }
    Ok(())
}

/// `PUT /p/address/defaultAddr/{addrId}`: makes an address the default.
pub(super) async fn set_default(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> ApiResult<()> {
    ok(default_address(&state, &user, addr_id(&raw)?).await?)
}

/// Makes the address of [`set_default`] the default (also the address book's form).
pub(super) async fn default_address(state: &AppState, user: &AuthUser, id: i64) -> Result<(), ApiError> {
    if !repo::set_default(&state.db, user.user_id, id).await? {
        return Err(ApiError::bad(NOT_FOUND));
    }
    Ok(())
}

/// `GET /p/address/addrInfo/{addrId}`: one of the buyer's addresses.
pub(super) async fn info(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> ApiResult<UserAddr> {
    let id = addr_id(&raw)?;
    found(repo::get(&state.db, user.user_id, id).await?, NOT_FOUND)
}
