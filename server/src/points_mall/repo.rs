//! The points mall's sqlx side: the items on offer (named in the request's language, with the
//! product's pictures) and the redemption's one transaction.

use crate::db::paging::offset;
use crate::db::{lang_column, Db, DbResult};
use crate::orders::error::OrderError;
use crate::orders::repo as orders;
use crate::payments::repo::{self as payments, NewAttempt};
use crate::payments::{rules as pay_rules, settle};
use api::config::pay_type;
use api::money::Price;
use api::orders::{order_status, order_type, UNPAID_TTL_MS};
use api::payments::{pay_kind, pay_status};
use api::points_mall::{points_needed, ScoreOrderResult, ScoreProd};
use i18n::Lang;
use sqlx::AnyConnection;

/// An item as read: id, product, SKU, shop, shop name, name, properties, picture, points,
/// shop price, stock, sold.
type ItemRow = (i64, i64, i64, i64, Option<String>, String, String, Option<String>, i64, i64, i64, i64);

/// The columns and joins of an item on offer (its product, SKU and shop on sale too).
fn item_sql(lang: Lang, tail: &str) -> String {
    let col = lang_column(lang);
    format!(
        "SELECT sp.score_prod_id, sp.prod_id, sp.sku_id, p.shop_id, s.shop_name, p.prod_name_{col},
                k.properties_{col}, COALESCE(NULLIF(k.pic, ''), p.pic), sp.score_price, k.price, sp.stocks,
                sp.sold_num
         FROM score_prod sp
         JOIN product p ON p.prod_id = sp.prod_id
         JOIN sku k ON k.sku_id = sp.sku_id
         JOIN shop s ON s.shop_id = p.shop_id
         WHERE sp.status = 1 AND p.status = 1 AND k.status = 1 AND s.shop_status = 1 {tail}"
    )
}

fn item_of(r: ItemRow) -> ScoreProd {
    ScoreProd {
        score_prod_id: r.0,
        prod_id: r.1,
        sku_id: r.2,
        shop_id: r.3,
        shop_name: r.4.unwrap_or_default(),
        prod_name: r.5,
        sku_name: api::catalog::sku_name(&r.6),
        pic: r.7.unwrap_or_default(),
        score_price: r.8,
        price: Price(r.9),
        stocks: r.10.max(0),
        sold_num: r.11,
    }
}

/// A page of the items on offer, in the grid's order, and how many there are.
pub async fn items(db: &Db, lang: Lang, current: i64, size: i64) -> DbResult<(Vec<ScoreProd>, i64)> {
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM score_prod sp
         JOIN product p ON p.prod_id = sp.prod_id JOIN sku k ON k.sku_id = sp.sku_id
         JOIN shop s ON s.shop_id = p.shop_id
         WHERE sp.status = 1 AND p.status = 1 AND k.status = 1 AND s.shop_status = 1",
    )
    .fetch_one(&db.pool)
    .await?;
    let rows: Vec<ItemRow> = sqlx::query_as(&item_sql(lang, "ORDER BY sp.seq, sp.score_prod_id LIMIT $1 OFFSET $2"))
        .bind(size)
        .bind(offset(current, size))
        .fetch_all(&db.pool)
        .await?;
    Ok((rows.into_iter().map(item_of).collect(), total))
}

/// One item on offer.
pub async fn item(conn: &mut AnyConnection, lang: Lang, score_prod_id: i64) -> DbResult<Option<ScoreProd>> {
    let row: Option<ItemRow> =
        sqlx::query_as(&item_sql(lang, "AND sp.score_prod_id = $1")).bind(score_prod_id).fetch_optional(conn).await?;
    Ok(row.map(item_of))
}

/// A redemption as the buyer asked for it (checked by the handler).
pub struct Redeem<'a> {
    pub user_id: i64,
    pub score_prod_id: i64,
    pub count: i64,
    /// 0 for the buyer's default address.
    pub addr_id: i64,
    pub remarks: &'a str,
    pub lang: Lang,
    pub now: i64,
}

/// Why a redemption was refused (answered by `handlers`).
#[derive(Debug, thiserror::Error)]
pub enum RedeemError {
    #[error("no such item on offer")]
    NotFound,
    /// The buyer holds `held` points of the `needed`.
    #[error("{held} of {needed} points")]
    Points { needed: i64, held: i64 },
    #[error("sold out")]
    SoldOut,
    /// Fewer units left than asked for.
    #[error("{stocks} left")]
    Stock { stocks: i64 },
    /// A refusal of the order placed (no address, paying it) or the database failing.
    #[error(transparent)]
    Order(#[from] OrderError),
}

impl From<sqlx::Error> for RedeemError {
    fn from(err: sqlx::Error) -> Self {
        RedeemError::Order(err.into())
    }
}

/// A new order number: the time in milliseconds and six random digits (as every order's).
fn new_order_number(now: i64) -> String {
    format!("{now}{:06}", rand::random_range(0..1_000_000u32))
}

/// Redeems an item in one transaction: the buyer's row is claimed first (their redemptions
/// and checkouts queue behind each other), the item's units are taken conditionally, the
/// order is placed and paid with points by a paid SCOREPAY attempt, and the points leave with
/// their ledger row. Any refusal rolls everything back.
pub async fn redeem(db: &Db, r: &Redeem<'_>) -> Result<ScoreOrderResult, RedeemError> {
    let mut tx = db.pool.begin().await?;
    // The write comes first, so SQLite takes its write lock before anything is read.
    sqlx::query("UPDATE users SET points = points WHERE user_id = $1").bind(r.user_id).execute(&mut *tx).await?;
    let item = item(&mut tx, r.lang, r.score_prod_id).await?.ok_or(RedeemError::NotFound)?;
    let addr = orders::address(&mut tx, r.user_id, r.addr_id).await?.ok_or(OrderError::NoAddress)?;
    let needed = points_needed(item.score_price, r.count);
    let held = orders::user_points(&mut tx, r.user_id).await?;
    if held < needed {
        return Err(RedeemError::Points { needed, held });
    }
    let taken = sqlx::query(
        "UPDATE score_prod SET stocks = stocks - $1, sold_num = sold_num + $2
         WHERE score_prod_id = $3 AND status = 1 AND stocks >= $4",
    )
    .bind(r.count)
    .bind(r.count)
    .bind(item.score_prod_id)
    .bind(r.count)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if taken == 0 {
        return Err(if item.stocks == 0 { RedeemError::SoldOut } else { RedeemError::Stock { stocks: item.stocks } });
    }

    let number = loop {
        let number = new_order_number(r.now);
        let (used,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders WHERE order_number = $1")
            .bind(&number)
            .fetch_one(&mut *tx)
            .await?;
        if used == 0 {
            break number;
        }
    };
    let (order_id,): (i64,) = sqlx::query_as(
        "INSERT INTO orders (order_number, user_id, shop_id, order_token, order_type, status, total, total_count,
             transfee, actual_total, order_score, remarks, receiver, mobile, post_code, addr, create_time, expire_time)
         VALUES ($1, $2, $3, '', $4, $5, 0, $6, 0, 0, $7, $8, $9, $10, $11, $12, $13, $14)
         RETURNING order_id",
    )
    .bind(&number)
    .bind(r.user_id)
    .bind(item.shop_id)
    .bind(order_type::POINTS_MALL as i64)
    .bind(order_status::UNPAID as i64)
    .bind(r.count)
    .bind(needed)
    .bind(r.remarks)
    .bind(&addr.receiver)
    .bind(&addr.mobile)
    .bind(&addr.post_code)
    .bind(&addr.addr)
    .bind(r.now)
    .bind(r.now + UNPAID_TTL_MS)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO order_item (order_id, prod_id, sku_id, prod_name, sku_name, pic, price, prod_count,
             product_total_amount)
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7, 0)",
    )
    .bind(order_id)
    .bind(item.prod_id)
    .bind(item.sku_id)
    .bind(&item.prod_name)
    .bind(&item.sku_name)
    .bind(&item.pic)
    .bind(r.count)
    .execute(&mut *tx)
    .await?;

    // Paid with points as it is placed: a paid attempt, the order moved on, the points out.
    let pay_no = pay_rules::new_pay_no(r.now);
    let attempt = NewAttempt {
        pay_no: &pay_no,
        user_id: r.user_id,
        pay_type: pay_type::SCOREPAY,
        pay_kind: pay_kind::ORDERS,
        amount: 0,
        score: needed,
        charge_currency: "USD",
        charge_minor: 0,
        status: pay_status::PAID,
        now: r.now,
        expires_at: r.now,
    };
    payments::insert_attempt(&mut tx, &attempt, &[(order_id, needed)]).await?;
    let paid = [(order_id, number.clone(), needed, order_type::POINTS_MALL)];
    settle::pay_orders_in(&mut tx, &pay_no, pay_type::SCOREPAY, &paid, r.now).await?;
    if !payments::move_points(&mut tx, r.user_id, -needed, payments::POINTS_PAID_ORDER, Some(&number), r.now).await? {
        return Err(RedeemError::Points { needed, held });
    }
    tx.commit().await?;
    Ok(ScoreOrderResult { order_number: number, score: needed, user_score: held - needed })
}
