//! The order steps as the buyer takes them: a confirmation (priced from the database, stored
//! under a token) and its submission (one transaction of `repo` steps). The amounts are
//! `pricing`'s, the SQL is `repo`'s; this module decides their order and the transaction.

use crate::db::Db;
use crate::orders::error::{OrderError, OrderResult};
use crate::orders::group_buy;
use crate::orders::pricing::{self, CouponChoice, Purchase};
use crate::orders::repo::{self, NewOrder};
use crate::orders::rules::PointsRefusal;
use api::orders::OrderConfirmation;
use i18n::Lang;
use std::collections::BTreeMap;

/// The buyer's choices of a confirmation.
pub struct Confirm {
    pub user_id: i64,
    pub addr_id: i64,
    pub choice: CouponChoice,
    pub use_points: i64,
    pub lang: Lang,
}

/// Prices `purchase` from the database with the buyer's address, coupons and points, and
/// stores it for its submission under a new token.
pub async fn confirm(db: &Db, c: Confirm, mut purchase: Purchase) -> OrderResult<OrderConfirmation> {
    let now = db.now();
    let mut conn = db.pool.acquire().await?;
    let lines = repo::price_lines(&mut conn, &purchase, c.user_id, c.lang, now).await?;
    purchase.lines = lines.iter().map(|l| l.line.clone()).collect();
    let held = repo::held_coupons(&mut conn, c.user_id, c.lang, now).await?;
    let points = repo::user_points(&mut conn, c.user_id).await?;
    let equity = crate::members::repo::equity(&mut conn, c.user_id, now).await?;
    let computed = pricing::compute(lines, held, &c.choice, c.use_points, points, equity)?;
    let addr = repo::address(&mut conn, c.user_id, c.addr_id).await?;
    drop(conn);
    let (token, expires_at) = repo::store_confirmation(db, c.user_id, &purchase, now).await?;
    Ok(pricing::confirmation(&computed, token, expires_at, addr, purchase.order_type))
}

/// The buyer's final choices of a submission.
pub struct Submission<'a> {
    pub user_id: i64,
    pub token: &'a str,
    pub purchase: &'a Purchase,
    pub addr_id: i64,
    pub coupon_ids: Vec<i64>,
    pub use_points: i64,
    /// A message per shop (already checked for length).
    pub remarks: BTreeMap<i64, String>,
    pub lang: Lang,
    pub now: i64,
}

/// Turns a confirmation into one unpaid order per shop, in one transaction; returns the new
/// order numbers. A confirmation already submitted (also by a request running at the same
/// time) is refused and creates nothing. Every amount is computed again from the database:
/// the confirmation only recorded what was bought.
pub async fn submit(db: &Db, s: Submission<'_>) -> OrderResult<Vec<String>> {
    let now = s.now;
    let mut tx = db.pool.begin().await?;
    // First, and a write: the one submission of this confirmation wins here.
    if !repo::claim_confirmation(&mut tx, s.token, s.user_id, now).await? {
        return Err(OrderError::Duplicate);
    }
    // Serialises the buyer's submissions (flash-sale limits, points) on PostgreSQL.
    crate::cart::repo::lock_buyer(&mut tx, s.user_id).await?;

    let addr = repo::address(&mut tx, s.user_id, s.addr_id).await?.ok_or(OrderError::NoAddress)?;
    let lines = repo::price_lines(&mut tx, s.purchase, s.user_id, s.lang, now).await?;
    for (seen, line) in s.purchase.lines.iter().zip(&lines) {
        if seen.price != line.price.0 {
            tracing::debug!(
                sku = line.line.sku_id,
                was = seen.price,
                now = line.price.0,
                "price changed since confirmation"
            );
        }
    }
    let held = repo::held_coupons(&mut tx, s.user_id, s.lang, now).await?;
    let points = repo::user_points(&mut tx, s.user_id).await?;
    let equity = crate::members::repo::equity(&mut tx, s.user_id, now).await?;
    let c = pricing::compute(lines, held, &CouponChoice::Exactly(s.coupon_ids.clone()), s.use_points, points, equity)?;
    if s.remarks.keys().any(|shop| !c.shops.iter().any(|p| p.shop_id == *shop)) {
        return Err(OrderError::RemarksShopUnknown);
    }

    repo::take_stock(&mut tx, s.purchase, &c).await?;
    let group_team_id = group_buy::group_of_new_order(&mut tx, s.purchase, s.user_id, now).await?;
    let numbers = repo::free_order_numbers(&mut tx, now, c.shops.len()).await?;
    let all_numbers = numbers.join(",");

    // Coupons: each used once, conditionally on being unused still; the platform's by every order.
    let shop_coupons: Vec<Option<i64>> =
        c.shops.iter().map(|part| part.coupon.map(|(k, _)| c.held[k].user_coupon_id)).collect();
    let platform_coupon = c.platform.map(|(k, _)| c.held[k].user_coupon_id);
    let used = shop_coupons.iter().zip(&numbers).filter_map(|(coupon, number)| Some(((*coupon)?, number)));
    for (user_coupon_id, order_number) in used.chain(platform_coupon.map(|id| (id, &all_numbers))) {
        if !repo::use_coupon(&mut tx, user_coupon_id, s.user_id, order_number).await? {
            return Err(OrderError::CouponUnusable);
        }
    }
    if c.use_points > 0 && !repo::spend_points(&mut tx, s.user_id, c.use_points).await? {
        return Err(OrderError::Points(PointsRefusal::TooMany { max: points }));
    }

    for ((part, number), shop_coupon) in c.shops.iter().zip(&numbers).zip(shop_coupons) {
        let order = NewOrder {
            order_number: number,
            user_id: s.user_id,
            token: s.token,
            purchase: s.purchase,
            part,
            remarks: s.remarks.get(&part.shop_id).map_or("", String::as_str),
            addr: &addr,
            shop_coupon,
            platform_coupon,
            group_team_id,
            now,
        };
        repo::insert_order(&mut tx, &order).await?;
    }
    repo::clear_basket(&mut tx, s.user_id, &s.purchase.basket_ids).await?;
    repo::record_order_numbers(&mut tx, s.token, &all_numbers).await?;
    tx.commit().await?;
    Ok(numbers)
}
