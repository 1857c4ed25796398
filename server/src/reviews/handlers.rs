//! The reviews' calls. The product's list and counts are public; writing a review, the
//! buyer's own list and an order's items are under `/p/` (a guest gets `A00004` from
//! [`AuthUser`]). An order item or order that is not the buyer's answers the same as an
//! unknown one.

use crate::db::paging::page_of;
use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiQuery, Locale};
use crate::http::paging::resolve;
use crate::http::params::invalid;
use crate::reviews::repo::{self, Added, ItemState};
use crate::reviews::rules::{self, FieldError};
use crate::state::AppState;
use api::catalog::{Page, PageQuery};
use api::orders::OrderNumberQuery;
use api::reviews::{
    evaluate, CommOrder, ProdComm, ProdCommData, ProdCommDataQuery, ProdCommPageQuery, ProdCommParam, MAX_PICS,
    PAGE_SIZE_MAX, SCORE_MAX, SCORE_MIN, TEXT_MAX_CHARS,
};
use api::users::upload_kind;
use axum::extract::State;

const ITEM_NOT_FOUND: &str = "error-review-item-not-found";

/// `(current, size)` of a review page: the one paging policy, at most [`PAGE_SIZE_MAX`].
fn paging(current: Option<i64>, size: Option<i64>) -> Result<(i64, i64), ApiError> {
    let (current, size) = resolve(current, size)?;
    Ok((current, size.min(PAGE_SIZE_MAX)))
}

fn checked(param: &ProdCommParam) -> Result<rules::ReviewFields, ApiError> {
    rules::check(param).map_err(|field| match field {
        FieldError::Item => ApiError::bad(ITEM_NOT_FOUND),
        FieldError::Score => ApiError::bad_with(
            "error-review-score",
            vec![("min", SCORE_MIN.to_string()), ("max", SCORE_MAX.to_string())],
        ),
        FieldError::Blank => ApiError::bad("error-review-text-blank"),
        FieldError::Text => ApiError::bad_with("error-review-text", vec![("max", TEXT_MAX_CHARS.to_string())]),
        FieldError::TextControl => ApiError::bad("error-review-text-control"),
        FieldError::PicCount => ApiError::bad_with("error-review-pics-count", vec![("max", MAX_PICS.to_string())]),
        FieldError::Pic => ApiError::bad("error-review-pic"),
        FieldError::Anonymous => invalid("isAnonymous"),
    })
}

/// `POST /p/prodComm`: reviews an item of one of the buyer's received orders, once.
pub(super) async fn add(
    SignedIn { user, state, lang }: SignedIn,
    ApiJson(param): ApiJson<ProdCommParam>,
) -> ApiResult<ProdComm> {
    let fields = checked(&param)?;
    match repo::item_state(&state.db, user.user_id, fields.order_item_id).await? {
        ItemState::Unknown => return Err(ApiError::bad(ITEM_NOT_FOUND)),
        ItemState::NotReceived => return Err(ApiError::bad("error-review-not-received")),
        ItemState::Reviewable => {}
    }
    for pic in &fields.pics {
        let name = pic.strip_prefix("/media/").unwrap_or_default();
        if !crate::media::repo::uploaded_by(&state.db, name, user.user_id, upload_kind::IMAGE).await? {
            return Err(ApiError::bad("error-review-pic"));
        }
    }
    match repo::add(&state.db, user.user_id, &fields).await? {
        Added::Done(id) => found(repo::one(&state.db, user.user_id, id, lang).await?, ITEM_NOT_FOUND),
        Added::Refused => Err(ApiError::bad("error-review-done")),
    }
}

/// `GET /p/prodComm/prodCommPageByUser?current=&size=`: the buyer's reviews, newest first.
pub(super) async fn by_user(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<ProdComm>> {
    let (current, size) = paging(query.current, query.size)?;
    let (records, total) = repo::by_user(&state.db, user.user_id, lang, current, size).await?;
    ok(page_of(records, total, current, size))
}

/// `GET /prodComm/prodCommPageByProd?prodId=&evaluate=&current=&size=`: a product's reviews.
pub(super) async fn by_prod(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ProdCommPageQuery>,
) -> ApiResult<Page<ProdComm>> {
    if query.prod_id <= 0 {
        return Err(invalid("prodId"));
    }
    let filter = query.evaluate.unwrap_or(evaluate::EVERY);
    if !(evaluate::EVERY..=evaluate::WITH_PICS).contains(&filter) {
        return Err(invalid("evaluate"));
    }
    let (current, size) = paging(query.current, query.size)?;
    let (records, total) = repo::by_prod(&state.db, query.prod_id, filter, lang, current, size).await?;
    ok(page_of(records, total, current, size))
}

/// `GET /prodComm/prodCommData?prodId=`: a product's counts, average and positive rate.
pub(super) async fn data(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ProdCommDataQuery>,
) -> ApiResult<ProdCommData> {
    if query.prod_id <= 0 {
        return Err(invalid("prodId"));
    }
    ok(repo::data(&state.db, query.prod_id).await?)
}

/// `GET /p/prodComm/orderItems?orderNumber=`: one of the buyer's orders and its items.
pub(super) async fn order_items(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<OrderNumberQuery>,
) -> ApiResult<CommOrder> {
    let number = query.order_number.trim();
    if number.is_empty() || number.len() > 40 {
        return Err(invalid("orderNumber"));
    }
    found(repo::order_items(&state.db, user.user_id, number).await?, "error-review-order-not-found")
}
