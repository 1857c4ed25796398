//! Discounts and coupons: the public lists and pages, and the buyer's claimed coupons.
//!
//! Claiming takes one unit of the coupon's stock and writes the claim in one transaction, so
//! stock never goes negative and a buyer holds at most one claim per coupon, even when two
//! claims race.

use crate::db::paging::{offset, page_of};
use crate::db::{lang_column, page_and_total, Db, DbResult};
use api::catalog::{CouponCard, DiscountCard, MyCoupon, Page};
use api::money::{DiscountRate, Price};
use i18n::Lang;

/// Page `current` of a list query and the number of its rows in all pages. In `sql`, `$1` is
/// `first`, `$2` and `$3` the time `now` (the filter and the order), `$4` and `$5` the page's
/// size and offset, and the last column is the count (see [`page_and_total`]); `count_sql`
/// counts alone, with the same `$1` and `$2`, for a page past the last.
async fn page_rows<R>(
    db: &Db,
    sql: &str,
    count_sql: &str,
    first: i64,
    now: i64,
    current: i64,
    size: i64,
) -> DbResult<(Vec<R>, i64)>
where
    R: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow>,
{
    let rows = sqlx::query(sql)
        .bind(first)
        .bind(now)
        .bind(now)
        .bind(size)
        .bind(offset(current, size))
        .fetch_all(&db.pool)
        .await?;
    page_and_total(rows, current, || async {
        let (total,): (i64,) = sqlx::query_as(count_sql).bind(first).bind(now).fetch_one(&db.pool).await?;
        Ok(total)
    })
    .await
}

/// One day in milliseconds (coupons valid for a number of days after claiming).
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- discounts

const DISCOUNT_COLUMNS: &str = "d.discount_id, d.discount_name_{col} AS discount_name, d.pc_pic, d.start_time,
     d.end_time, d.shop_id, s.shop_name, s.shop_logo, d.decrease_type, d.decrease_value, d.condition_amount";

crate::db::named_row! {
/// A discount as [`DISCOUNT_COLUMNS`] name it.
struct DiscountRow {
    discount_id: i64,
    discount_name: String,
    pc_pic: Option<String>,
    start_time: i64,
    end_time: i64,
    shop_id: i64,
    shop_name: Option<String>,
    shop_logo: Option<String>,
    decrease_type: i64,
    /// Cents for an amount off (type 1), tenths for a rate (type 2).
    decrease_value: i64,
    condition_amount: i64,
}
}

fn discount_card(r: DiscountRow) -> DiscountCard {
    DiscountCard {
        discount_id: r.discount_id,
        discount_name: r.discount_name,
        pc_pic: r.pc_pic,
        start_time: r.start_time,
        end_time: r.end_time,
        shop_id: r.shop_id,
        shop_name: r.shop_name.unwrap_or_default(),
        shop_logo: r.shop_logo.unwrap_or_default(),
        decrease_type: r.decrease_type as i32,
        decrease_amount: if r.decrease_type == 1 { Price(r.decrease_value) } else { Price(0) },
        discount_rate: if r.decrease_type == 2 { DiscountRate(r.decrease_value) } else { DiscountRate(0) },
        condition_amount: Price(r.condition_amount),
    }
}

/// Running and upcoming discounts (ended ones excluded) of online shops, running first
/// (ending soonest first), then upcoming (starting soonest first).
pub async fn discounts(db: &Db, lang: Lang, current: i64, size: i64) -> DbResult<Page<DiscountCard>> {
    let now = db.now();
    let filter = "FROM discount d LEFT JOIN shop s ON s.shop_id = d.shop_id
                  WHERE d.status = 1 AND d.end_time > $1 AND (d.shop_id = 0 OR s.shop_status = 1)";
    let columns = DISCOUNT_COLUMNS.replace("{col}", lang_column(lang));
    let sql = format!(
        "SELECT {columns}, (SELECT COUNT(*) {filter})
         {filter}
         ORDER BY CASE WHEN d.start_time <= $2 THEN 0 ELSE 1 END,
                  CASE WHEN d.start_time <= $3 THEN d.end_time ELSE d.start_time END, d.discount_id
         LIMIT $4 OFFSET $5"
    );
    let count_sql = format!("SELECT COUNT(*) {filter} AND $2 = $2");
    let (rows, total) = page_rows::<DiscountRow>(db, &sql, &count_sql, now, now, current, size).await?;
    Ok(page_of(rows.into_iter().map(discount_card).collect(), total, current, size))
}

/// One enabled discount, ended or not (its page says when it ended), of a shop that exists.
pub async fn discount(db: &Db, discount_id: i64, lang: Lang) -> DbResult<Option<DiscountCard>> {
    let columns = DISCOUNT_COLUMNS.replace("{col}", lang_column(lang));
    let sql = format!(
        "SELECT {columns} FROM discount d LEFT JOIN shop s ON s.shop_id = d.shop_id
         WHERE d.discount_id = $1 AND d.status = 1 AND (d.shop_id = 0 OR s.shop_id IS NOT NULL)"
    );
    let row: Option<DiscountRow> = sqlx::query_as(&sql).bind(discount_id).fetch_optional(&db.pool).await?;
    Ok(row.map(discount_card))
}

// ---------------------------------------------------------------- coupons

/// Coupon columns; `$1` is the buyer's user id (0 for a guest) for the `received` flag.
const COUPON_COLUMNS: &str = "c.coupon_id, c.coupon_name_{col} AS coupon_name, c.shop_id, s.shop_name, s.shop_logo,
     c.coupon_type, c.cash_condition, c.reduce_amount, c.coupon_discount, c.start_time, c.end_time,
     c.valid_time_type, c.valid_days, c.after_receive_days, c.stocks,
     (SELECT COUNT(*) FROM user_coupon uc WHERE uc.coupon_id = c.coupon_id AND uc.user_id = $1) AS received";

crate::db::named_row! {
/// A coupon as [`COUPON_COLUMNS`] name it.
struct CouponRow {
    coupon_id: i64,
    coupon_name: String,
    shop_id: i64,
    shop_name: Option<String>,
    shop_logo: Option<String>,
    coupon_type: i64,
    cash_condition: i64,
    reduce_amount: i64,
    /// In tenths: 85 = 8.5.
    coupon_discount: i64,
    start_time: i64,
    end_time: i64,
    valid_time_type: i64,
    valid_days: i64,
    after_receive_days: i64,
    stocks: i64,
    /// The buyer's claims of it.
    received: i64,
}
}

fn coupon_card(r: CouponRow) -> CouponCard {
    CouponCard {
        coupon_id: r.coupon_id,
        coupon_name: r.coupon_name,
        shop_id: r.shop_id,
        shop_name: r.shop_name.unwrap_or_default(),
        shop_logo: r.shop_logo.unwrap_or_default(),
        coupon_type: r.coupon_type as i32,
        cash_condition: Price(r.cash_condition),
        reduce_amount: Price(r.reduce_amount),
        coupon_discount: DiscountRate(r.coupon_discount),
        start_time: r.start_time,
        end_time: r.end_time,
        valid_time_type: r.valid_time_type as i32,
        valid_days: r.valid_days,
        after_receive_days: r.after_receive_days,
        stocks: r.stocks,
        received: r.received > 0,
    }
}

/// A claimed coupon: the coupon, then the claim's own columns.
/// A buyer's coupon: the coupon's columns, then the claim's.
struct MyCouponRow {
    coupon: CouponRow,
    user_coupon_id: i64,
    received_at: i64,
    valid_from: i64,
    valid_until: i64,
}

impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for MyCouponRow {
    fn from_row(row: &'r sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        use sqlx::Row as _;
        Ok(Self {
            coupon: CouponRow::from_row(row)?,
            user_coupon_id: row.try_get("user_coupon_id")?,
            received_at: row.try_get("received_at")?,
            valid_from: row.try_get("valid_from")?,
            valid_until: row.try_get("valid_until")?,
        })
    }
}

/// Claimable coupons: enabled, not ended, stock left, of online shops (or platform-wide);
/// running first, then upcoming, lowest id first within each. `received` is for `user_id`.
pub async fn coupons(db: &Db, lang: Lang, user_id: i64, current: i64, size: i64) -> DbResult<Page<CouponCard>> {
    let now = db.now();
    let filter = "FROM coupon c LEFT JOIN shop s ON s.shop_id = c.shop_id
                  WHERE c.status = 1 AND c.end_time > $2 AND c.stocks > 0 AND (c.shop_id = 0 OR s.shop_status = 1)";
    let columns = COUPON_COLUMNS.replace("{col}", lang_column(lang));
    let sql = format!(
        "SELECT {columns}, (SELECT COUNT(*) {filter})
         {filter}
         ORDER BY CASE WHEN c.start_time <= $3 THEN 0 ELSE 1 END, c.coupon_id
         LIMIT $4 OFFSET $5"
    );
    let count_sql = format!("SELECT COUNT(*) {filter} AND $1 = $1");
    let (rows, total) = page_rows::<CouponRow>(db, &sql, &count_sql, user_id, now, current, size).await?;
    Ok(page_of(rows.into_iter().map(coupon_card).collect(), total, current, size))
}

/// One enabled coupon of a shop that exists (or platform-wide), ended or sold out included.
pub async fn coupon(db: &Db, coupon_id: i64, lang: Lang, user_id: i64) -> DbResult<Option<CouponCard>> {
    let columns = COUPON_COLUMNS.replace("{col}", lang_column(lang));
    let sql = format!(
        "SELECT {columns} FROM coupon c LEFT JOIN shop s ON s.shop_id = c.shop_id
         WHERE c.coupon_id = $2 AND c.status = 1 AND (c.shop_id = 0 OR s.shop_id IS NOT NULL)"
    );
    let row: Option<CouponRow> = sqlx::query_as(&sql).bind(user_id).bind(coupon_id).fetch_optional(&db.pool).await?;
    Ok(row.map(coupon_card))
}

/// Outcome of a claim.
#[derive(Debug)]
pub enum Receive {
    Done(Box<MyCoupon>),
    UnknownCoupon,
    Ended,
    SoldOut,
    ShopOffline,
    AlreadyReceived,
}

/// The validity window of a coupon claimed at `now`.
pub fn validity(coupon: &CouponCard, now: i64) -> (i64, i64) {
    if coupon.valid_time_type == 2 {
        let from = now + coupon.after_receive_days.max(0) * DAY_MS;
        (from, from + coupon.valid_days.max(0) * DAY_MS)
    } else {
        (coupon.start_time, coupon.end_time)
    }
}

/// Claims one unit of a coupon for the buyer. Upcoming coupons can be claimed (their validity
/// starts later); ended, sold-out and offline shops' coupons cannot.
pub async fn receive(db: &Db, user_id: i64, coupon_id: i64, lang: Lang) -> DbResult<Receive> {
    let Some(mut card) = coupon(db, coupon_id, lang, user_id).await? else {
        return Ok(Receive::UnknownCoupon);
    };
    if card.received {
        return Ok(Receive::AlreadyReceived);
    }
    let now = db.now();
    if card.end_time <= now {
        return Ok(Receive::Ended);
    }
    if card.shop_id != 0 {
        let (status,): (i64,) = sqlx::query_as("SELECT shop_status FROM shop WHERE shop_id = $1")
            .bind(card.shop_id)
            .fetch_one(&db.pool)
            .await?;
        if status != 1 {
            return Ok(Receive::ShopOffline);
        }
    }
    let (valid_from, valid_until) = validity(&card, now);
    let mut tx = db.pool.begin().await?;
    let taken = sqlx::query(
        "UPDATE coupon SET stocks = stocks - 1 WHERE coupon_id = $1 AND stocks > 0 AND status = 1 AND end_time > $2",
    )
    .bind(coupon_id)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if taken == 0 {
        tx.rollback().await?;
        return Ok(Receive::SoldOut);
    }
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO user_coupon (user_id, coupon_id, received_at, valid_from, valid_until, status)
         VALUES ($1, $2, $3, $4, $5, 0) RETURNING user_coupon_id",
    )
    .bind(user_id)
    .bind(coupon_id)
    .bind(now)
    .bind(valid_from)
    .bind(valid_until)
    .fetch_one(&mut *tx)
    .await;
    let user_coupon_id = match inserted {
        Ok((id,)) => id,
        // A concurrent claim by the same buyer won: give the unit back.
        Err(e) if e.as_database_error().is_some_and(|d| d.is_unique_violation()) => {
            tx.rollback().await?;
            return Ok(Receive::AlreadyReceived);
        }
        Err(e) => return Err(e),
    };
    tx.commit().await?;
    card.received = true;
    card.stocks -= 1;
    Ok(Receive::Done(Box::new(MyCoupon {
        user_coupon_id,
        coupon: card,
        received_time: now,
        valid_from,
        valid_until,
        status: 0,
    })))
}

/// Which of the buyer's coupons to list (spec section 4: not used, used, expired).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MyCouponStatus {
    NotUsed = 0,
    Used = 1,
    Expired = 2,
}

/// The buyer's claimed coupons of one status, newest claim first.
pub async fn my_coupons(
    db: &Db,
    user_id: i64,
    status: MyCouponStatus,
    lang: Lang,
    current: i64,
    size: i64,
) -> DbResult<Page<MyCoupon>> {
    let now = db.now();
    let condition = match status {
        MyCouponStatus::NotUsed => "u.status = 0 AND u.valid_until > $2",
        MyCouponStatus::Used => "u.status = 1 AND $2 = $2",
        MyCouponStatus::Expired => "u.status = 0 AND u.valid_until <= $2",
    };
    let filter = format!(
        "FROM user_coupon u JOIN coupon c ON c.coupon_id = u.coupon_id LEFT JOIN shop s ON s.shop_id = c.shop_id
         WHERE u.user_id = $1 AND {condition}"
    );
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) {filter}")).bind(user_id).bind(now).fetch_one(&db.pool).await?;
    let columns = COUPON_COLUMNS.replace("{col}", lang_column(lang));
    let sql = format!(
        "SELECT {columns}, u.user_coupon_id, u.received_at, u.valid_from, u.valid_until
         {filter}
         ORDER BY u.received_at DESC, u.user_coupon_id DESC
         LIMIT $3 OFFSET $4"
    );
    let rows: Vec<MyCouponRow> =
        sqlx::query_as(&sql).bind(user_id).bind(now).bind(size).bind(offset(current, size)).fetch_all(&db.pool).await?;
    let records = rows
        .into_iter()
        .map(|r| MyCoupon {
            user_coupon_id: r.user_coupon_id,
            coupon: coupon_card(r.coupon),
            received_time: r.received_at,
            valid_from: r.valid_from,
            valid_until: r.valid_until,
            status: status as i32,
        })
        .collect();
    Ok(page_of(records, total, current, size))
}
