//! The points mall's calls. The list and an item are public (the same for every buyer); a
//! redemption is the signed-in buyer's own (the session names the buyer; the address must be
//! theirs), and every number in it is the server's.

use crate::db::paging::page_of;
use crate::http::auth::SignedIn;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiQuery, Locale};
use crate::http::paging::PageQuery;
use crate::http::params::invalid;
use crate::points_mall::repo::{self, Redeem, RedeemError};
use crate::state::AppState;
use api::catalog::Page;
use api::points_mall::{
    count_allowed, ScoreOrderParam, ScoreOrderResult, ScoreProd, ScoreProdQuery, SCORE_ORDER_REMARKS_MAX_CHARS,
};
use axum::extract::State;

/// The answers of a redemption's refusals.
impl From<RedeemError> for ApiError {
    fn from(err: RedeemError) -> Self {
        match err {
            RedeemError::NotFound => ApiError::bad("error-score-prod-not-found"),
            RedeemError::Points { needed, held } => ApiError::bad_with(
                "error-score-points-insufficient",
                vec![("needed", needed.to_string()), ("points", held.to_string())],
            ),
            RedeemError::SoldOut => ApiError::bad("error-score-prod-sold-out"),
            RedeemError::Stock { stocks } => {
                ApiError::bad_with("error-score-prod-stock", vec![("stocks", stocks.to_string())])
            }
            RedeemError::Order(err) => err.into(),
        }
    }
}

/// `GET /score/prodList?current=&size=`: the items on offer, in the grid's order.
pub(super) async fn prod_list(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Page<ScoreProd>> {
    let (current, size) = query.resolve()?;
    let (items, total) = repo::items(&state.db, lang, current, size).await?;
    ok(page_of(items, total, current, size))
}

/// `GET /score/prodInfo?scoreProdId=`: one item on offer.
pub(super) async fn prod_info(
    State(state): State<AppState>,
    Locale(lang): Locale,
    ApiQuery(query): ApiQuery<ScoreProdQuery>,
) -> ApiResult<ScoreProd> {
    if query.score_prod_id < 1 {
        return Err(invalid("scoreProdId"));
    }
    let mut conn = state.db.pool.acquire().await?;
    match repo::item(&mut conn, lang, query.score_prod_id).await? {
        Some(item) => ok(item),
        None => Err(ApiError::bad("error-score-prod-not-found")),
    }
}

/// `POST /p/scoreOrder/submit`: redeems an item; the order is placed and paid with points in
/// one transaction. Not enough points, sold out, an unknown item or address: refused
/// (`A00001`), nothing changed.
pub(super) async fn submit(
    SignedIn { user, state, lang }: SignedIn,
    ApiJson(param): ApiJson<ScoreOrderParam>,
) -> ApiResult<ScoreOrderResult> {
    if param.score_prod_id < 1 {
        return Err(invalid("scoreProdId"));
    }
    if !count_allowed(param.prod_count) {
        return Err(ApiError::bad_with(
            "error-score-order-count",
            vec![("max", api::points_mall::SCORE_ORDER_MAX_COUNT.to_string())],
        ));
    }
    if param.addr_id < 0 {
        return Err(invalid("addrId"));
    }
    let remarks = param.remarks.trim();
    if remarks.chars().count() > SCORE_ORDER_REMARKS_MAX_CHARS {
        return Err(invalid("remarks"));
    }
    let redeem = Redeem {
        user_id: user.user_id,
        score_prod_id: param.score_prod_id,
        count: param.prod_count,
        addr_id: param.addr_id,
        remarks,
        lang,
        now: state.db.now(),
    };
    ok(repo::redeem(&state.db, &redeem).await?)
}
