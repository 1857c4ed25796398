//! Discounts and coupons of spec section 7: the lists of the home and activity pages, one
//! discount or coupon for its own page, claiming a coupon, and the buyer's claimed coupons.
//!
//! The paths of the single-item reads and of claiming are not named by the spec; the choice
//! is recorded in docs/decisions/0020-discount-and-coupon-pages.md and 0021-claiming-a-coupon.md.

use crate::deals::repo::{self as repo, MyCouponStatus, Receive};
use crate::http::auth::{AuthUser, MaybeUser, SignedIn};
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiQuery, Locale};
use crate::http::paging::PageQuery;
use crate::http::params::{given, id_in_query_or_body, invalid, required_id};
use crate::state::AppState;
use api::catalog::{CouponCard, DiscountCard, MyCoupon, Page};
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;

/// `GET /marking/discount/getDiscountList?current=&size=`: running and upcoming discounts.
pub(super) async fn discount_list(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<DiscountCard>> {
    let (current, size) = query.resolve()?;
    ok(repo::discounts(&state.db, lang, current, size).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct DiscountQuery {
    discount_id: Option<String>,
}

/// `GET /marking/discount/info?discountId=`: one discount for its page, also when it ended.
pub(super) async fn discount_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<DiscountQuery>,
) -> ApiResult<DiscountCard> {
    let id = required_id(&query.discount_id, "discountId")?;
    found(repo::discount(&state.db, id, lang).await?, "error-discount-not-found")
}

/// `GET /coupon/getCouponPage?current=&size=`: coupons that can be claimed; `received` tells
/// a signed-in buyer which ones they hold.
pub(super) async fn coupon_page(
    State(state): State<AppState>,
    Locale(lang): Locale,
    MaybeUser(user): MaybeUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<CouponCard>> {
    let (current, size) = query.resolve()?;
    ok(repo::coupons(&state.db, lang, user.map_or(0, |u| u.user_id), current, size).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CouponQuery {
    coupon_id: Option<String>,
}

/// `GET /coupon/info?couponId=`: one coupon for its page, also when ended or sold out.
pub(super) async fn coupon_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    MaybeUser(user): MaybeUser,
    ApiQuery(query): ApiQuery<CouponQuery>,
) -> ApiResult<CouponCard> {
    let id = required_id(&query.coupon_id, "couponId")?;
    found(repo::coupon(&state.db, id, lang, user.map_or(0, |u| u.user_id)).await?, "error-coupon-not-found")
}

/// The coupon id of a claim: `?couponId=`, else a JSON body `{"couponId": 5}` or a bare number.
fn claimed_coupon_id(query: &CouponQuery, body: &[u8]) -> Result<i64, ApiError> {
    id_in_query_or_body(&query.coupon_id, body, "couponId")
}

/// `POST /p/myCoupon/receive` with `{"couponId": 5}`: claims one unit of the coupon.
pub(super) async fn receive(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<CouponQuery>,
    body: Bytes,
) -> ApiResult<MyCoupon> {
    let coupon_id = claimed_coupon_id(&query, &body)?;
    ok(claim(&state, user, coupon_id, lang).await?)
}

/// Claims the coupon for the buyer: the JSON call's and the coupon card form's
/// (`deals::forms`) one rule.
pub(super) async fn claim(
    state: &AppState,
    user: AuthUser,
    coupon_id: i64,
    lang: i18n::Lang,
) -> Result<MyCoupon, ApiError> {
    match repo::receive(&state.db, user.user_id, coupon_id, lang).await? {
        Receive::Done(claimed) => Ok(*claimed),
        Receive::UnknownCoupon => Err(ApiError::bad("error-coupon-not-found")),
        Receive::Ended => Err(ApiError::bad("error-coupon-ended")),
        Receive::SoldOut => Err(ApiError::bad("error-coupon-sold-out")),
        Receive::ShopOffline => Err(ApiError::bad("error-coupon-shop-offline")),
        Receive::AlreadyReceived => Err(ApiError::bad("error-coupon-already-received")),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct MyCouponQuery {
    status: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
}

/// `GET /p/myCoupon/page?status=0|1|2&current=&size=`: the buyer's coupons not used (default),
/// used or expired, newest claim first.
pub(super) async fn my_coupons(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<MyCouponQuery>,
) -> ApiResult<Page<MyCoupon>> {
    let status = match given(&query.status) {
        None | Some("0") => MyCouponStatus::NotUsed,
        Some("1") => MyCouponStatus::Used,
        Some("2") => MyCouponStatus::Expired,
        Some(_) => return Err(invalid("status")),
    };
    let (current, size) = query.page.resolve()?;
    ok(repo::my_coupons(&state.db, user.user_id, status, lang, current, size).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claim_bodies() {
        let none = CouponQuery::default();
        assert_eq!(claimed_coupon_id(&none, br#"{"couponId": 4}"#).unwrap(), 4);
        assert_eq!(claimed_coupon_id(&none, br#"{"couponId": "6"}"#).unwrap(), 6);
        assert_eq!(claimed_coupon_id(&none, b"7").unwrap(), 7);
        let query = CouponQuery { coupon_id: Some("8".into()) };
        assert_eq!(claimed_coupon_id(&query, b"").unwrap(), 8);
        for bad in [&b""[..], b"{}", b"-1", b"0", b"1.5", b"[1]", br#"{"couponId": true}"#, b"abc"] {
            assert!(claimed_coupon_id(&none, bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        assert_eq!(claimed_coupon_id(&none, b"couponId=9").unwrap(), 9, "a form body");
        let query = CouponQuery { coupon_id: Some("8".into()) };
        assert_eq!(claimed_coupon_id(&query, br#"{"couponId": 8}"#).unwrap(), 8, "both, agreeing");
        for bad in [&br#"{"couponId": 9}"#[..], br#"{"x": [{}]}"#, b"[1]"] {
            assert!(claimed_coupon_id(&query, bad).is_err(), "a bad body is refused with the id in the query too");
        }
    }
}
