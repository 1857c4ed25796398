//! The orders' sqlx side: pricing a purchase from the database, the confirmation, the steps
//! of a submission (run in one transaction by `service::submit`: stock, coupons, points, one
//! order per shop); the buyer's orders in `reads`, and cancelling (by the buyer or the expiry
//! job), receipt and shipping in `lifecycle`.
//!
//! Every change that another request could race is a conditional update whose affected-row
//! count decides: the confirmation is marked submitted only while `submitted_at IS NULL`, stock
//! is taken only while enough is left, a coupon is used only while unused, points are spent
//! only while the buyer holds them, an order is cancelled only while unpaid. Rows are locked
//! in one order everywhere (the buyer, then SKUs, products and flash sales by id) so two
//! transactions on PostgreSQL never wait for each other in a circle.
//!
//! Business refusals are [`OrderError`]s: they abort the transaction, which rolls everything
//! back when dropped.

use crate::db::paging::{offset, page_of};
use crate::db::{changed_a_row, lang_column, Db, DbResult};
use crate::orders::error::{OrderError, OrderResult};
use crate::orders::flash_sale;
use crate::orders::group_buy;
use crate::orders::pricing::{Computation, HeldCoupon, Line, PricedLine, Purchase, ShopPart};
use crate::orders::rules::{self, CouponTerms};
use api::addresses::UserAddr;
use api::catalog::Page;
use api::money::{DiscountRate, Price};
use api::orders::{
    order_status, order_type, MyOrder, OrderCount, OrderDetail, OrderItem, CONFIRMATION_TTL_MS, UNPAID_TTL_MS,
};
use i18n::Lang;
use sqlx::AnyConnection;
use std::collections::BTreeMap;

mod lifecycle;
mod reads;

pub use lifecycle::*;
pub use reads::*;

/// `points_record.reason`: points spent on an order, and returned by its cancel.
const POINTS_SPENT: i64 = 1;
const POINTS_RETURNED: i64 = 2;
/// Confirmations are forgotten this long after they expired.
pub const CONFIRMATION_GRACE_MS: i64 = 24 * 60 * 60 * 1000;

/// The buyer's cart lines `basket_ids`, in the order given; another buyer's or an unknown
/// line is refused.
pub async fn basket_lines(db: &Db, user_id: i64, basket_ids: &[i64]) -> OrderResult<Vec<Line>> {
    let mut conn = db.pool.acquire().await?;
    let mut lines = Vec::with_capacity(basket_ids.len());
    for &basket_id in basket_ids {
        let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT prod_id, sku_id, shop_id, prod_count FROM basket WHERE basket_id = $1 AND user_id = $2",
        )
        .bind(basket_id)
        .bind(user_id)
        .fetch_optional(&mut *conn)
        .await?;
        let (prod_id, sku_id, shop_id, count) = row.ok_or(OrderError::CartLineUnknown)?;
        lines.push(Line { basket_id, prod_id, sku_id, shop_id, count, price: 0 });
    }
    Ok(lines)
}

type LineRow = (i64, i64, i64, i64, i64, i64, i64, String, String, Option<String>, Option<String>, String);

/// Prices every line of `purchase` from the database at `now`, refusing what cannot be bought:
/// an unknown product or SKU (or one of another shop), goods off the shelf, an offline shop,
/// too little stock, a flash sale or group buy not running, a flash sale's per-buyer limit.
pub async fn price_lines(
    conn: &mut AnyConnection,
    purchase: &Purchase,
    user_id: i64,
    lang: Lang,
    now: i64,
) -> OrderResult<Vec<PricedLine>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT k.price, k.stocks, k.status, p.status, p.shop_id, s.shop_status, p.prod_id,
                p.prod_name_{col}, k.properties_{col}, k.pic, p.pic, s.shop_name
         FROM sku k JOIN product p ON p.prod_id = k.prod_id JOIN shop s ON s.shop_id = p.shop_id
         WHERE k.sku_id = $1"
    );
    let mut priced = Vec::with_capacity(purchase.lines.len());
    for line in &purchase.lines {
        let row: Option<LineRow> = sqlx::query_as(&sql).bind(line.sku_id).fetch_optional(&mut *conn).await?;
        let Some((
            price,
            stocks,
            sku_status,
            prod_status,
            shop_id,
            shop_status,
            prod_id,
            name,
            props,
            sku_pic,
            pic,
            shop,
        )) = row
        else {
            return Err(OrderError::ProductNotFound);
        };
        if prod_id != line.prod_id || shop_id != line.shop_id {
            return Err(OrderError::ProductNotFound);
        }
        if prod_status != 1 || sku_status != 1 {
            return Err(OrderError::OffShelf);
        }
        if shop_status != 1 {
            return Err(OrderError::ShopOffline);
        }
        let price = match purchase.order_type {
            order_type::FLASH_SALE => {
                flash_sale_price(conn, purchase.seckill_id.unwrap_or_default(), line, user_id, now).await?
            }
            order_type::GROUP_BUY => {
                if stocks < line.count {
                    return Err(OrderError::InsufficientInventory);
                }
                let price = group_price(conn, purchase.group_activity_id.unwrap_or_default(), line, now).await?;
                group_buy::check_join(conn, purchase, user_id, now).await?;
                price
            }
            _ => {
                if stocks < line.count {
                    return Err(OrderError::InsufficientInventory);
                }
                price
            }
        };
        priced.push(PricedLine {
            line: Line { price, ..line.clone() },
            shop_name: shop,
            prod_name: name,
            sku_name: rules::sku_name(&props),
            pic: sku_pic.filter(|p| !p.is_empty()).or(pic).unwrap_or_default(),
            price: Price(price),
        });
    }
    Ok(priced)
}

/// The price of a running flash sale of the line's product, checked against its own stock and
/// the buyer's limit (counting the buyer's orders of it that were not cancelled).
async fn flash_sale_price(
    conn: &mut AnyConnection,
    seckill_id: i64,
    line: &Line,
    user_id: i64,
    now: i64,
) -> OrderResult<i64> {
    let columns = "seckill_price, seckill_stocks, max_num";
    let row: Option<(i64, i64, i64)> =
        running(&mut *conn, ("seckill", "seckill_id"), columns, seckill_id, line, now).await?;
    let (price, stocks, max_num) = row.ok_or(OrderError::FlashSaleEnded)?;
    if stocks < line.count {
        return Err(OrderError::InsufficientInventory);
    }
    let (bought,): (i64,) = sqlx::query_as(
        "SELECT COALESCE(CAST(SUM(i.prod_count) AS BIGINT), 0) FROM orders o JOIN order_item i ON i.order_id = o.order_id
         WHERE o.seckill_id = $1 AND o.user_id = $2 AND o.status <> $3",
    )
    .bind(seckill_id)
    .bind(user_id)
    .bind(order_status::CANCELED as i64)
    .fetch_one(&mut *conn)
    .await?;
    if bought + line.count > max_num {
        return Err(OrderError::FlashSaleLimit { max: max_num });
    }
    Ok(price)
}

/// The price of a running group buy of the line's product.
async fn group_price(conn: &mut AnyConnection, group_activity_id: i64, line: &Line, now: i64) -> OrderResult<i64> {
    let row: Option<(i64,)> =
        running(&mut *conn, ("group_activity", "group_activity_id"), "group_price", group_activity_id, line, now)
            .await?;
    Ok(row.ok_or(OrderError::GroupBuyEnded)?.0)
}

/// `columns` of the activity `id` of `table` (a flash sale's `seckill`, a group buy's
/// `group_activity`, each with its id column) if it is of the line's product and runs at `now`:
/// both kinds of activity price a line only while they run.
async fn running<T>(
    conn: &mut AnyConnection,
    (table, id_column): (&'static str, &'static str),
    columns: &'static str,
    id: i64,
    line: &Line,
    now: i64,
) -> DbResult<Option<T>>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as(&format!(
        "SELECT {columns} FROM {table}
         WHERE {id_column} = $1 AND prod_id = $2 AND status = 1 AND start_time <= $3 AND end_time > $4"
    ))
    .bind(id)
    .bind(line.prod_id)
    .bind(now)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await
}

type HeldRow = (i64, i64, i64, String, i64, i64, i64, i64, i64);

/// The buyer's unused coupons valid at `now`, oldest claim first.
pub async fn held_coupons(conn: &mut AnyConnection, user_id: i64, lang: Lang, now: i64) -> DbResult<Vec<HeldCoupon>> {
    let col = lang_column(lang);
    let rows: Vec<HeldRow> = sqlx::query_as(&format!(
        "SELECT u.user_coupon_id, c.coupon_id, c.shop_id, c.coupon_name_{col}, c.coupon_type, c.cash_condition,
                c.reduce_amount, c.coupon_discount, u.valid_until
         FROM user_coupon u JOIN coupon c ON c.coupon_id = u.coupon_id
         WHERE u.user_id = $1 AND u.status = 0 AND u.valid_from <= $2 AND u.valid_until > $3
         ORDER BY u.user_coupon_id"
    ))
    .bind(user_id)
    .bind(now)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| HeldCoupon {
            user_coupon_id: r.0,
            coupon_id: r.1,
            shop_id: r.2,
            name: r.3,
            terms: CouponTerms {
                coupon_type: r.4 as i32,
                cash_condition: Price(r.5),
                reduce_amount: Price(r.6),
                discount: DiscountRate(r.7),
            },
            valid_until: r.8,
        })
        .collect())
}

/// The buyer's points.
pub async fn user_points(conn: &mut AnyConnection, user_id: i64) -> DbResult<i64> {
    let (points,): (i64,) =
        sqlx::query_as("SELECT points FROM users WHERE user_id = $1").bind(user_id).fetch_one(&mut *conn).await?;
    Ok(points)
}

type AddrRow = (i64, String, String, String, String, i64);

fn user_addr(r: AddrRow) -> UserAddr {
    UserAddr { addr_id: r.0, receiver: r.1, mobile: r.2, post_code: r.3, addr: r.4, common_addr: r.5 as i32 }
}

/// The address `addr_id` of the buyer (another buyer's is refused), or with 0 the buyer's
/// default one (else the first they added; none when they have none).
pub async fn address(conn: &mut AnyConnection, user_id: i64, addr_id: i64) -> OrderResult<Option<UserAddr>> {
    const COLUMNS: &str = "addr_id, receiver, mobile, post_code, addr, common_addr";
    if addr_id > 0 {
        let row: Option<AddrRow> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM user_addr WHERE addr_id = $1 AND user_id = $2"))
                .bind(addr_id)
                .bind(user_id)
                .fetch_optional(&mut *conn)
                .await?;
        return row.map(user_addr).map(Some).ok_or(OrderError::AddressNotFound);
    }
    let row: Option<AddrRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM user_addr WHERE user_id = $1 ORDER BY common_addr DESC, addr_id LIMIT 1"
    ))
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(user_addr))
}

// ---------------------------------------------------------------- confirmation

/// An unguessable confirmation token: 32 random bytes, hex.
fn new_token() -> String {
    rand::random::<[u8; 32]>().iter().map(|b| format!("{b:02x}")).collect()
}

/// Stores a confirmation of `purchase` for the buyer; returns its token and expiry.
pub async fn store_confirmation(db: &Db, user_id: i64, purchase: &Purchase, now: i64) -> DbResult<(String, i64)> {
    let token = new_token();
    let expires_at = now + CONFIRMATION_TTL_MS;
    let content = serde_json::to_string(purchase).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query(
        "INSERT INTO order_confirmation (order_token, user_id, content, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&token)
    .bind(user_id)
    .bind(content)
    .bind(now)
    .bind(expires_at)
    .execute(&db.pool)
    .await?;
    Ok((token, expires_at))
}

/// A stored confirmation as its buyer may submit it.
pub enum Stored {
    Open(Purchase),
    Unknown,
    Expired,
    Submitted,
}

/// The confirmation `token` of the buyer (another buyer's is unknown to them).
pub async fn stored_confirmation(db: &Db, user_id: i64, token: &str, now: i64) -> DbResult<Stored> {
    let row: Option<(i64, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT user_id, content, expires_at, submitted_at FROM order_confirmation WHERE order_token = $1",
    )
    .bind(token)
    .fetch_optional(&db.pool)
    .await?;
    Ok(match row {
        Some((owner, _, _, _)) if owner != user_id => Stored::Unknown,
        None => Stored::Unknown,
        Some((_, _, _, Some(_))) => Stored::Submitted,
        Some((_, _, expires_at, None)) if expires_at <= now => Stored::Expired,
        Some((_, content, _, None)) => match serde_json::from_str(&content) {
            Ok(purchase) => Stored::Open(purchase),
            Err(e) => return Err(sqlx::Error::Decode(Box::new(e))),
        },
    })
}

// ---------------------------------------------------------------- submission

/// Marks the buyer's confirmation `token` submitted at `now`, unless it was submitted already
/// or expired: the first write of a submission, so that exactly one submission of it wins.
pub async fn claim_confirmation(conn: &mut AnyConnection, token: &str, user_id: i64, now: i64) -> DbResult<bool> {
    let claim = sqlx::query(
        "UPDATE order_confirmation SET submitted_at = $1
         WHERE order_token = $2 AND user_id = $3 AND submitted_at IS NULL AND expires_at > $4",
    );
    changed_a_row(conn, claim.bind(now).bind(token).bind(user_id).bind(now)).await
}

/// Records the orders a submitted confirmation became (their numbers, comma-separated).
pub async fn record_order_numbers(conn: &mut AnyConnection, token: &str, numbers: &str) -> DbResult<()> {
    sqlx::query("UPDATE order_confirmation SET order_numbers = $1 WHERE order_token = $2")
        .bind(numbers)
        .bind(token)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A new order number: the time in milliseconds and six random digits, all digits.
fn new_order_number(now: i64) -> String {
    format!("{now}{:06}", rand::random_range(0..1_000_000u32))
}

/// `count` new order numbers, none of them taken by an order yet nor repeated.
pub async fn free_order_numbers(conn: &mut AnyConnection, now: i64, count: usize) -> DbResult<Vec<String>> {
    let mut numbers: Vec<String> = Vec::with_capacity(count);
    while numbers.len() < count {
        let number = new_order_number(now);
        let (taken,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders WHERE order_number = $1")
            .bind(&number)
            .fetch_one(&mut *conn)
            .await?;
        if taken == 0 && !numbers.contains(&number) {
            numbers.push(number);
        }
    }
    Ok(numbers)
}

/// Marks the buyer's coupon used by `order_number`, conditionally on its being unused still;
/// false when it was not.
pub async fn use_coupon(
    conn: &mut AnyConnection,
    user_coupon_id: i64,
    user_id: i64,
    order_number: &str,
) -> DbResult<bool> {
    let mark = sqlx::query(
        "UPDATE user_coupon SET status = 1, order_number = $1 WHERE user_coupon_id = $2 AND user_id = $3 AND status = 0",
    );
    changed_a_row(conn, mark.bind(order_number).bind(user_coupon_id).bind(user_id)).await
}

/// Takes `points` from the buyer, conditionally on their holding them; false when they do not.
pub async fn spend_points(conn: &mut AnyConnection, user_id: i64, points: i64) -> DbResult<bool> {
    let spend = sqlx::query("UPDATE users SET points = points - $1 WHERE user_id = $2 AND points >= $3");
    changed_a_row(conn, spend.bind(points).bind(user_id).bind(points)).await
}

/// One order of a submission as it is written: a shop's part and what the orders share.
pub struct NewOrder<'a> {
    pub order_number: &'a str,
    pub user_id: i64,
    pub token: &'a str,
    pub purchase: &'a Purchase,
    pub part: &'a ShopPart,
    pub remarks: &'a str,
    pub addr: &'a UserAddr,
    pub shop_coupon: Option<i64>,
    pub platform_coupon: Option<i64>,
    pub group_team_id: Option<i64>,
    pub now: i64,
}

/// Writes an unpaid order, its lines and the points it spent.
pub async fn insert_order(conn: &mut AnyConnection, o: &NewOrder<'_>) -> DbResult<()> {
    let (part, purchase) = (o.part, o.purchase);
    let (order_id,): (i64,) = sqlx::query_as(
        "INSERT INTO orders (order_number, user_id, shop_id, order_token, order_type, status, total, total_count,
             transfee, coupon_reduce, member_reduce, points_reduce, use_points, actual_total, remarks, receiver,
             mobile, post_code, addr, shop_user_coupon_id, platform_user_coupon_id, seckill_id, group_activity_id,
             group_team_id, create_time, expire_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
             $21, $22, $23, $24, $25, $26)
         RETURNING order_id",
    )
    .bind(o.order_number)
    .bind(o.user_id)
    .bind(part.shop_id)
    .bind(o.token)
    .bind(purchase.order_type as i64)
    .bind(order_status::UNPAID as i64)
    .bind(part.total.0)
    .bind(part.count)
    .bind(part.transfee.0)
    .bind(part.coupon_reduce().0)
    .bind(part.member_reduce.0)
    .bind(rules::points_reduce(part.points).0)
    .bind(part.points)
    .bind(part.actual_total().0)
    .bind(o.remarks)
    .bind(&o.addr.receiver)
    .bind(&o.addr.mobile)
    .bind(&o.addr.post_code)
    .bind(&o.addr.addr)
    .bind(o.shop_coupon)
    .bind(o.platform_coupon)
    .bind(purchase.seckill_id.filter(|_| purchase.order_type == order_type::FLASH_SALE))
    .bind(purchase.group_activity_id.filter(|_| purchase.order_type == order_type::GROUP_BUY))
    .bind(o.group_team_id)
    .bind(o.now)
    .bind(o.now + UNPAID_TTL_MS)
    .fetch_one(&mut *conn)
    .await?;
    for line in &part.lines {
        sqlx::query(
            "INSERT INTO order_item (order_id, prod_id, sku_id, prod_name, sku_name, pic, price, prod_count,
                 product_total_amount)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(order_id)
        .bind(line.line.prod_id)
        .bind(line.line.sku_id)
        .bind(&line.prod_name)
        .bind(&line.sku_name)
        .bind(&line.pic)
        .bind(line.price.0)
        .bind(line.line.count)
        .bind(line.amount().0)
        .execute(&mut *conn)
        .await?;
    }
    if part.points > 0 {
        sqlx::query(
            "INSERT INTO points_record (user_id, delta, reason, order_number, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(o.user_id)
        .bind(-part.points)
        .bind(POINTS_SPENT)
        .bind(o.order_number)
        .bind(o.now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Removes the buyer's cart lines that became orders.
pub async fn clear_basket(conn: &mut AnyConnection, user_id: i64, basket_ids: &[i64]) -> DbResult<()> {
    for basket_id in basket_ids {
        sqlx::query("DELETE FROM basket WHERE basket_id = $1 AND user_id = $2")
            .bind(basket_id)
            .bind(user_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Takes the purchase's stock with conditional updates, SKUs then products in id order: a
/// flash sale takes its own stock (set aside from the SKU's), anything else the SKU's.
pub async fn take_stock(conn: &mut AnyConnection, purchase: &Purchase, c: &Computation) -> OrderResult<()> {
    let mut counts: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    for line in c.shops.iter().flat_map(|p| &p.lines) {
        *counts.entry((line.line.sku_id, line.line.prod_id)).or_default() += line.line.count;
    }
    if purchase.order_type == order_type::FLASH_SALE {
        let count: i64 = counts.values().sum();
        let take = sqlx::query(
            "UPDATE seckill SET seckill_stocks = seckill_stocks - $1 WHERE seckill_id = $2 AND seckill_stocks >= $3",
        );
        if !changed_a_row(conn, take.bind(count).bind(purchase.seckill_id.unwrap_or_default()).bind(count)).await? {
            // Sold out meanwhile: the node remembers it for a moment (`flash_sale`).
            return Err(OrderError::InsufficientInventory);
        }
        return Ok(());
    }
    for (&(sku_id, _), &count) in &counts {
        let take = sqlx::query("UPDATE sku SET stocks = stocks - $1 WHERE sku_id = $2 AND stocks >= $3");
        if !changed_a_row(conn, take.bind(count).bind(sku_id).bind(count)).await? {
            return Err(OrderError::InsufficientInventory);
        }
    }
    let mut per_product: BTreeMap<i64, i64> = BTreeMap::new();
    for (&(_, prod_id), &count) in &counts {
        *per_product.entry(prod_id).or_default() += count;
    }
    for (prod_id, count) in per_product {
        move_product_stock(conn, prod_id, -count).await?;
    }
    Ok(())
}

/// Keeps `product.total_stocks` in step with its SKUs (never below zero).
async fn move_product_stock(conn: &mut AnyConnection, prod_id: i64, delta: i64) -> DbResult<()> {
    sqlx::query(
        "UPDATE product SET total_stocks = CASE WHEN total_stocks + $1 < 0 THEN 0 ELSE total_stocks + $2 END
         WHERE prod_id = $3",
    )
    .bind(delta)
    .bind(delta)
    .bind(prod_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
