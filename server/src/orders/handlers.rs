//! The order calls: confirm (every amount computed here from the database), submit (one
//! order per shop, once per confirmation), the buyer's orders, their count, cancel and
//! receipt. A buyer only ever sees or changes their own cart lines, coupons, confirmations and
//! orders: another buyer's are answered exactly like unknown ones.

use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::paging;
use crate::http::params::{invalid, missing};
use crate::orders::error::OrderError;
use crate::orders::flash_sale;
use crate::orders::group_buy;
use crate::orders::pricing::{CouponChoice, Line, Purchase};
use crate::orders::repo::{self, Stored};
use crate::orders::rules::PointsRefusal;
use crate::orders::service::{self, Confirm, Submission};
use crate::state::AppState;
use api::cart::{BuyNowEntry, MAX_SETTLEMENT_ITEMS};
use api::catalog::Page;
use api::orders::{
    order_status, order_type, GroupTeam, GroupTeamQuery, MyOrder, MyOrderQuery, OrderConfirmation, OrderCount,
    OrderDetail, OrderNumberQuery, OrderNumbers, OrderParam, SubmitOrderParam, GROUP_TEAM_LIST_MAX, POINTS_STEP,
    PROD_NAME_SEARCH_MAX_CHARS, REMARKS_MAX_CHARS,
};
use axum::extract::State;
use std::collections::BTreeMap;

/// Most coupons one request may name (far more than one per shop of a 50-item order).
const MAX_COUPON_IDS: usize = 50;
/// Longest order number or confirmation token worth looking up.
const MAX_KEY_CHARS: usize = 128;

fn settlement_limit() -> ApiError {
    ApiError::bad_with("error-order-settlement-limit", vec![("max", MAX_SETTLEMENT_ITEMS.to_string())])
}

fn positive(id: i64, field: &'static str) -> Result<i64, ApiError> {
    if id > 0 {
        Ok(id)
    } else {
        Err(invalid(field))
    }
}

fn coupon_ids(ids: &[i64]) -> Result<Vec<i64>, ApiError> {
    if ids.len() > MAX_COUPON_IDS {
        return Err(ApiError::bad_with(
            "error-too-many-values",
            vec![("field", "couponIds".into()), ("max", MAX_COUPON_IDS.to_string())],
        ));
    }
    ids.iter().map(|&id| positive(id, "couponIds")).collect()
}

/// What a buy-now entry buys: one line, normal, in a flash sale or in a group buy.
fn buy_now(item: &BuyNowEntry) -> Result<Purchase, ApiError> {
    if item.prod_count < 1 {
        return Err(invalid("prodCount"));
    }
    if item.prod_count > MAX_SETTLEMENT_ITEMS as i64 {
        return Err(settlement_limit());
    }
    let line = Line {
        basket_id: 0,
        prod_id: positive(item.prod_id, "prodId")?,
        sku_id: positive(item.sku_id, "skuId")?,
        shop_id: positive(item.shop_id, "shopId")?,
        count: item.prod_count,
        price: 0,
    };
    let (kind, seckill_id, group_activity_id) = match (item.seckill_id, item.group_activity_id) {
        (None, None) => (order_type::NORMAL, None, None),
        (Some(id), None) => (order_type::FLASH_SALE, Some(positive(id, "seckillId")?), None),
        (None, Some(id)) => (order_type::GROUP_BUY, None, Some(positive(id, "groupActivityId")?)),
        (Some(_), Some(_)) => return Err(invalid("groupActivityId")),
    };
    // Joining names a group of the group buy; anything else names none.
    let group_team_id = match (item.group_team_id, group_activity_id) {
        (None, _) => None,
        (Some(id), Some(_)) => Some(positive(id, "groupTeamId")?),
        (Some(_), None) => return Err(invalid("groupTeamId")),
    };
    Ok(Purchase {
        lines: vec![line],
        basket_ids: Vec::new(),
        order_type: kind,
        seckill_id,
        group_activity_id,
        group_team_id,
    })
}

/// What a confirmation request buys: the buyer's cart lines or the buy-now item (not both).
async fn purchase_of(state: &AppState, user_id: i64, param: &OrderParam) -> Result<Purchase, ApiError> {
    match (&param.order_item, param.basket_ids.is_empty()) {
        (Some(_), false) => Err(invalid("orderItem")),
        (Some(item), true) => buy_now(item),
        (None, true) => Err(ApiError::bad("error-order-nothing-to-buy")),
        (None, false) => {
            if param.basket_ids.len() > MAX_SETTLEMENT_ITEMS {
                return Err(settlement_limit());
            }
            let mut ids = Vec::with_capacity(param.basket_ids.len());
            for &id in &param.basket_ids {
                if id <= 0 || ids.contains(&id) {
                    return Err(invalid("basketIds"));
                }
                ids.push(id);
            }
            let lines = repo::basket_lines(&state.db, user_id, &ids).await?;
            if lines.iter().map(|l| l.count).sum::<i64>() > MAX_SETTLEMENT_ITEMS as i64 {
                return Err(settlement_limit());
            }
            Ok(Purchase {
                lines,
                basket_ids: ids,
                order_type: order_type::NORMAL,
                seckill_id: None,
                group_activity_id: None,
                group_team_id: None,
            })
        }
    }
}

/// `POST /p/order/confirm`: prices the purchase from the database with the buyer's address,
/// coupons (`userChangeCoupon` 0: the best ones) and points, and remembers it for 30 minutes
/// under a new `orderToken`.
pub(super) async fn confirm(
    SignedIn { user, state, lang }: SignedIn,
    ApiJson(param): ApiJson<OrderParam>,
) -> ApiResult<OrderConfirmation> {
    if param.addr_id < 0 {
        return Err(invalid("addrId"));
    }
    let choice = match param.user_change_coupon {
        0 => CouponChoice::Best,
        1 => CouponChoice::Exactly(coupon_ids(&param.coupon_ids)?),
        _ => return Err(invalid("userChangeCoupon")),
    };
    let purchase = purchase_of(&state, user.user_id, &param).await?;
    let sale = flash_sale::Sale::of(&purchase);
    let buyer = Confirm { user_id: user.user_id, addr_id: param.addr_id, choice, use_points: param.use_points, lang };
    let confirm = service::confirm(&state.db, buyer, purchase);
    ok(flash_sale::guard(&state.db, sale, flash_sale::Step::Confirm, confirm).await?)
}

/// The messages to the merchants, one per shop, each at most 200 characters.
fn remarks(param: &SubmitOrderParam) -> Result<BTreeMap<i64, String>, ApiError> {
    let mut out = BTreeMap::new();
    for shop in &param.order_shop_param {
        let text = shop.remarks.trim();
        if text.chars().count() > REMARKS_MAX_CHARS {
            return Err(ApiError::bad_with(
                "error-value-too-long",
                vec![("field", "remarks".into()), ("max", REMARKS_MAX_CHARS.to_string())],
            ));
        }
        if out.insert(positive(shop.shop_id, "shopId")?, text.to_string()).is_some() {
            return Err(invalid("orderShopParam"));
        }
    }
    Ok(out)
}

/// `POST /p/order/submit`: turns the buyer's confirmation into one unpaid order per shop, with
/// every amount computed again from the database and the buyer's final choices.
pub(super) async fn submit(
    SignedIn { user, state, lang }: SignedIn,
    ApiJson(param): ApiJson<SubmitOrderParam>,
) -> ApiResult<OrderNumbers> {
    let token = param.order_token.trim();
    if token.is_empty() {
        return Err(missing("orderToken"));
    }
    if param.addr_id < 0 {
        return Err(invalid("addrId"));
    }
    let coupon_ids = coupon_ids(&param.coupon_ids)?;
    let remarks = remarks(&param)?;
    let now = state.db.now();
    if token.len() > MAX_KEY_CHARS {
        return Err(ApiError::bad("error-order-confirmation-not-found"));
    }
    let purchase = match repo::stored_confirmation(&state.db, user.user_id, token, now).await? {
        Stored::Open(purchase) => purchase,
        Stored::Unknown => return Err(ApiError::bad("error-order-confirmation-not-found")),
        Stored::Expired => return Err(ApiError::bad("error-order-expired")),
        Stored::Submitted => return Err(ApiError::bad("error-order-duplicate")),
    };
    let submission = Submission {
        user_id: user.user_id,
        token,
        purchase: &purchase,
        addr_id: param.addr_id,
        coupon_ids,
        use_points: param.use_points,
        remarks,
        lang,
        now,
    };
    let sale = flash_sale::Sale::of(&purchase);
    let submit = service::submit(&state.db, submission);
    let numbers = flash_sale::guard(&state.db, sale, flash_sale::Step::Submit, submit).await?;
    ok(OrderNumbers { order_numbers: numbers.join(",") })
}

/// The answers of the orders' refusals: the one place their codes and messages are decided.
impl From<OrderError> for ApiError {
    fn from(err: OrderError) -> Self {
        let key = match err {
            OrderError::CartLineUnknown => "error-order-cart-line-unknown",
            OrderError::ProductNotFound => "error-product-not-found",
            OrderError::OffShelf => "error-order-off-shelf",
            OrderError::ShopOffline => "error-order-shop-offline",
            OrderError::InsufficientInventory => flash_sale::SOLD_OUT,
            OrderError::FlashSaleBusy => flash_sale::BUSY,
            OrderError::FlashSaleEnded => "error-order-flash-sale-ended",
            OrderError::FlashSaleLimit { max } => {
                return ApiError::bad_with("error-order-flash-sale-limit", vec![("max", max.to_string())]);
            }
            OrderError::GroupBuyEnded => "error-order-group-buy-ended",
            OrderError::GroupTeamClosed => "error-group-team-closed",
            OrderError::GroupTeamJoined => "error-group-team-joined",
            OrderError::GroupTeamFull => "error-group-team-full",
            OrderError::CouponUnusable => "error-order-coupon-unusable",
            OrderError::Points(PointsRefusal::NotAStep) => {
                return ApiError::bad_with("error-order-points-step", vec![("step", POINTS_STEP.to_string())]);
            }
            OrderError::Points(PointsRefusal::TooMany { max }) => {
                return ApiError::bad_with("error-order-points-too-many", vec![("max", max.to_string())]);
            }
            OrderError::AddressNotFound => "error-order-address-not-found",
            OrderError::NoAddress => "error-order-no-address",
            OrderError::Duplicate => "error-order-duplicate",
            OrderError::RemarksShopUnknown => return invalid("orderShopParam"),
            OrderError::StatusChanged => "error-order-status-changed",
            OrderError::Db(err) => return err.into(),
        };
        ApiError::bad(key)
    }
}

/// An order number as the buyer's calls carry it: digits only.
fn order_number(raw: &str) -> Result<&str, ApiError> {
    let number = raw.trim();
    if number.is_empty() {
        return Err(missing("orderNumber"));
    }
    if number.len() > MAX_KEY_CHARS || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid("orderNumber"));
    }
    Ok(number)
}

/// `GET /p/myOrder/orderDetail?orderNumber=`: one of the buyer's orders.
pub(super) async fn detail(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<OrderNumberQuery>,
) -> ApiResult<OrderDetail> {
    let number = order_number(&query.order_number)?;
    found(repo::order_detail(&state.db, user.user_id, number, lang).await?, "error-order-not-found")
}

/// The product-name search of the order list: trimmed and lower-cased, `None` when blank; at
/// most [`PROD_NAME_SEARCH_MAX_CHARS`] characters.
fn prod_name_search(raw: Option<&str>) -> Result<Option<String>, ApiError> {
    let text = raw.unwrap_or_default().trim();
    if text.chars().count() > PROD_NAME_SEARCH_MAX_CHARS {
        return Err(ApiError::bad_with(
            "error-value-too-long",
            vec![("field", "prodName".into()), ("max", PROD_NAME_SEARCH_MAX_CHARS.to_string())],
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(invalid("prodName"));
    }
    Ok((!text.is_empty()).then(|| text.to_lowercase()))
}

/// `GET /p/myOrder/myOrder?status=&prodName=&current=&size=`: the buyer's orders, newest
/// first; status 0 or none for all of them; `prodName` keeps those with an item of that name.
pub(super) async fn my_orders(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<MyOrderQuery>,
) -> ApiResult<Page<MyOrder>> {
    let status = match query.status {
        None | Some(0) => None,
        Some(s) if order_status::ALL.iter().any(|c| c.value == s) => Some(s),
        Some(_) => return Err(invalid("status")),
    };
    let prod_name = prod_name_search(query.prod_name.as_deref())?;
    let (current, size) = paging::resolve(query.current, query.size)?;
    let filter = repo::OrderFilter { status, prod_name, lang };
    ok(repo::my_orders(&state.db, user.user_id, &filter, current, size).await?)
}

/// `GET /p/myOrder/orderCount`: the buyer's orders per status.
pub(super) async fn order_count(user: AuthUser, State(state): State<AppState>) -> ApiResult<OrderCount> {
    ok(repo::order_count(&state.db, user.user_id).await?)
}

/// `GET /groupTeam/joinList?groupActivityId=&size=`: open groups of a group buy (anyone may
/// look; nicknames are masked).
pub(super) async fn group_teams(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<GroupTeamQuery>,
) -> ApiResult<Vec<GroupTeam>> {
    let activity = positive(query.group_activity_id, "groupActivityId")?;
    let size = query.size.unwrap_or(GROUP_TEAM_LIST_MAX).clamp(1, GROUP_TEAM_LIST_MAX);
    ok(group_buy::open_teams(&state.db, activity, size, state.db.now()).await?)
}

/// `PUT /p/myOrder/cancel/{orderNumber}`: cancels an unpaid order of the buyer.
pub(super) async fn cancel(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> ApiResult<()> {
    let number = own_order(&state, &user, &raw).await?;
    let cancelled = repo::cancel(&state.db, Some(user.user_id), number, state.db.now()).await?;
    status_changed_unless(cancelled)
}

/// `PUT /p/myOrder/receipt/{orderNumber}`: the buyer received a shipped order.
pub(super) async fn receipt(
    user: AuthUser,
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> ApiResult<()> {
    let number = own_order(&state, &user, &raw).await?;
    let received = repo::receipt(&state.db, user.user_id, number, state.db.now()).await?;
    status_changed_unless(received)
}

/// The order number of `raw` when it names one of the buyer's orders; another buyer's order
/// is answered exactly like an unknown one.
async fn own_order<'a>(state: &AppState, user: &AuthUser, raw: &'a str) -> Result<&'a str, ApiError> {
    let number = order_number(raw)?;
    if !repo::owns(&state.db, user.user_id, number).await? {
        return Err(ApiError::bad("error-order-not-found"));
    }
    Ok(number)
}

/// A state change that found the order in another state: the catalogue's "order status changed".
fn status_changed_unless(changed: bool) -> ApiResult<()> {
    if changed {
        ok(())
    } else {
        Err(ApiError::bad("error-order-status-changed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::orders::OrderShopParam;

    #[test]
    fn buy_now_entries_are_checked_before_any_lookup() {
        let item = BuyNowEntry { prod_count: 2, prod_id: 1, shop_id: 1, sku_id: 3, ..Default::default() };
        let purchase = buy_now(&item).unwrap();
        assert_eq!((purchase.order_type, purchase.lines[0].count), (order_type::NORMAL, 2));
        let flash = buy_now(&BuyNowEntry { seckill_id: Some(4), ..item.clone() }).unwrap();
        assert_eq!((flash.order_type, flash.seckill_id), (order_type::FLASH_SALE, Some(4)));
        let join =
            buy_now(&BuyNowEntry { group_activity_id: Some(2), group_team_id: Some(3), ..item.clone() }).unwrap();
        assert_eq!((join.order_type, join.group_team_id), (order_type::GROUP_BUY, Some(3)));
        for bad in [
            BuyNowEntry { prod_count: 0, ..item.clone() },
            BuyNowEntry { prod_count: 51, ..item.clone() },
            BuyNowEntry { sku_id: -1, ..item.clone() },
            BuyNowEntry { seckill_id: Some(1), group_activity_id: Some(1), ..item.clone() },
            BuyNowEntry { seckill_id: Some(0), ..item.clone() },
            BuyNowEntry { group_team_id: Some(3), ..item.clone() },
            BuyNowEntry { group_activity_id: Some(2), group_team_id: Some(0), ..item.clone() },
        ] {
            assert!(buy_now(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn remarks_are_short_and_one_per_shop() {
        let param = |shops: Vec<(i64, String)>| SubmitOrderParam {
            order_shop_param: shops.into_iter().map(|(shop_id, remarks)| OrderShopParam { shop_id, remarks }).collect(),
            ..Default::default()
        };
        assert_eq!(remarks(&param(vec![(1, " hi ".into())])).unwrap()[&1], "hi");
        assert!(remarks(&param(vec![(1, "字".repeat(200))])).is_ok());
        assert!(remarks(&param(vec![(1, "字".repeat(201))])).is_err());
        assert!(remarks(&param(vec![(1, "a".into()), (1, "b".into())])).is_err());
        assert!(remarks(&param(vec![(0, "a".into())])).is_err());
    }

    #[test]
    fn the_name_search_is_trimmed_lowered_and_short() {
        assert_eq!(prod_name_search(None).unwrap(), None);
        assert_eq!(prod_name_search(Some("   ")).unwrap(), None);
        assert_eq!(prod_name_search(Some(" Silk SCARF ")).unwrap().as_deref(), Some("silk scarf"));
        assert_eq!(prod_name_search(Some(&"字".repeat(50))).unwrap().map(|s| s.chars().count()), Some(50));
        assert!(prod_name_search(Some(&"字".repeat(51))).is_err());
        assert!(prod_name_search(Some("a\u{0}b")).is_err());
    }

    #[test]
    fn like_patterns_take_wildcards_literally() {
        assert_eq!(repo::contains_pattern("silk"), "%silk%");
        assert_eq!(repo::contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn order_numbers_are_digits() {
        assert_eq!(order_number(" 1700000000000123456 ").unwrap(), "1700000000000123456");
        for bad in ["", "12a", "1;DROP", &"1".repeat(200)] {
            assert!(order_number(bad).is_err(), "{bad}");
        }
    }
}
