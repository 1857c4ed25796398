//! The orders' sqlx side: pricing a purchase from the database, the confirmation, the steps
//! of a submission (run in one transaction by `service::submit`: stock, coupons, points, one
//! order per shop), the buyer's orders, and cancelling (by the buyer or the expiry job).
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
use crate::db::{lang_column, Db, DbResult};
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
    let row: Option<(i64, i64, i64)> = sqlx::query_as(
        "SELECT seckill_price, seckill_stocks, max_num FROM seckill
         WHERE seckill_id = $1 AND prod_id = $2 AND status = 1 AND start_time <= $3 AND end_time > $4",
    )
    .bind(seckill_id)
    .bind(line.prod_id)
    .bind(now)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
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
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT group_price FROM group_activity
         WHERE group_activity_id = $1 AND prod_id = $2 AND status = 1 AND start_time <= $3 AND end_time > $4",
    )
    .bind(group_activity_id)
    .bind(line.prod_id)
    .bind(now)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.ok_or(OrderError::GroupBuyEnded)?.0)
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
    let claimed = sqlx::query(
        "UPDATE order_confirmation SET submitted_at = $1
         WHERE order_token = $2 AND user_id = $3 AND submitted_at IS NULL AND expires_at > $4",
    )
    .bind(now)
    .bind(token)
    .bind(user_id)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(claimed > 0)
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
    let done = sqlx::query(
        "UPDATE user_coupon SET status = 1, order_number = $1 WHERE user_coupon_id = $2 AND user_id = $3 AND status = 0",
    )
    .bind(order_number)
    .bind(user_coupon_id)
    .bind(user_id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(done > 0)
}

/// Takes `points` from the buyer, conditionally on their holding them; false when they do not.
pub async fn spend_points(conn: &mut AnyConnection, user_id: i64, points: i64) -> DbResult<bool> {
    let spent = sqlx::query("UPDATE users SET points = points - $1 WHERE user_id = $2 AND points >= $3")
        .bind(points)
        .bind(user_id)
        .bind(points)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    Ok(spent > 0)
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
        let taken = sqlx::query(
            "UPDATE seckill SET seckill_stocks = seckill_stocks - $1 WHERE seckill_id = $2 AND seckill_stocks >= $3",
        )
        .bind(count)
        .bind(purchase.seckill_id.unwrap_or_default())
        .bind(count)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if taken == 0 {
            // Sold out meanwhile: the node remembers it for a moment (`flash_sale`).
            return Err(OrderError::InsufficientInventory);
        }
        return Ok(());
    }
    for (&(sku_id, _), &count) in &counts {
        let taken = sqlx::query("UPDATE sku SET stocks = stocks - $1 WHERE sku_id = $2 AND stocks >= $3")
            .bind(count)
            .bind(sku_id)
            .bind(count)
            .execute(&mut *conn)
            .await?
            .rows_affected();
        if taken == 0 {
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

// ---------------------------------------------------------------- the buyer's orders

const ORDER_COLUMNS: &str = "o.order_id, o.order_number, o.shop_id, s.shop_name, o.status, o.order_type,
     o.actual_total, o.total_count, o.create_time, o.order_score";
type OrderRow = (i64, String, i64, Option<String>, i64, i64, i64, i64, i64, i64);

type ItemRow = (i64, i64, String, String, Option<String>, Option<String>, String, i64, i64, i64);

/// An order's lines as bought (price, units, picture), named in `lang`: the product's and
/// SKU's names in the reader's language, the names the order recorded where there are none
/// ([`rules::line_names`]).
async fn items(conn: &mut AnyConnection, order_id: i64, lang: Lang) -> DbResult<Vec<OrderItem>> {
    let col = lang_column(lang);
    let rows: Vec<ItemRow> = sqlx::query_as(&format!(
        "SELECT i.prod_id, i.sku_id, i.prod_name, i.sku_name, p.prod_name_{col}, k.properties_{col}, i.pic, i.price,
                i.prod_count, i.product_total_amount
         FROM order_item i LEFT JOIN product p ON p.prod_id = i.prod_id LEFT JOIN sku k ON k.sku_id = i.sku_id
         WHERE i.order_id = $1 ORDER BY i.order_item_id"
    ))
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (prod_name, sku_name) = rules::line_names(r.2, r.3, r.4.as_deref(), r.5.as_deref());
            OrderItem {
                prod_id: r.0,
                sku_id: r.1,
                prod_name,
                sku_name,
                pic: r.6,
                price: Price(r.7),
                prod_count: r.8,
                product_total_amount: Price(r.9),
                basket_id: 0,
            }
        })
        .collect())
}

/// Which of the buyer's orders a list shows.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    /// An order status; `None` for every order.
    pub status: Option<i32>,
    /// Only orders with an item whose name contains this, lower-cased already; `None` for all.
    pub prod_name: Option<String>,
    /// The language whose product names are searched besides the names the order recorded.
    pub lang: Lang,
}

/// `text` as a `LIKE` pattern matching it anywhere, its `%`, `_` and `\` taken literally
/// (with `ESCAPE '\'`).
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The buyer's orders that `filter` keeps, newest first. The name search looks at each item's
/// name as the order recorded it and at its product's current name in the filter's language,
/// both lower-cased (SQLite lowers ASCII letters only; Chinese and Khmer have no case).
pub async fn my_orders(
    db: &Db,
    user_id: i64,
    filter: &OrderFilter,
    current: i64,
    size: i64,
) -> DbResult<Page<MyOrder>> {
    let mut conn = db.pool.acquire().await?;
    // With no status, `$2 = 0` matches every order; with no name, `$4 = ''` does.
    let name_column = format!("p.prod_name_{}", lang_column(filter.lang));
    let condition = format!(
        "FROM orders o LEFT JOIN shop s ON s.shop_id = o.shop_id
         WHERE o.user_id = $1 AND ($2 = 0 OR o.status = $3)
           AND ($4 = '' OR EXISTS (
               SELECT 1 FROM order_item i LEFT JOIN product p ON p.prod_id = i.prod_id
               WHERE i.order_id = o.order_id
                 AND (LOWER(i.prod_name) LIKE $5 ESCAPE '\\' OR LOWER({name_column}) LIKE $6 ESCAPE '\\')))"
    );
    let status = filter.status.unwrap_or(0) as i64;
    let name = filter.prod_name.clone().unwrap_or_default();
    let pattern = contains_pattern(&name);
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) {condition}"))
        .bind(user_id)
        .bind(status)
        .bind(status)
        .bind(&name)
        .bind(&pattern)
        .bind(&pattern)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<OrderRow> = sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} {condition} ORDER BY o.create_time DESC, o.order_id DESC LIMIT $7 OFFSET $8"
    ))
    .bind(user_id)
    .bind(status)
    .bind(status)
    .bind(&name)
    .bind(&pattern)
    .bind(&pattern)
    .bind(size)
    .bind(offset(current, size))
    .fetch_all(&mut *conn)
    .await?;
    let mut records = Vec::with_capacity(rows.len());
    for r in rows {
        records.push(MyOrder {
            order_number: r.1,
            shop_id: r.2,
            shop_name: r.3.unwrap_or_default(),
            status: r.4 as i32,
            order_type: r.5 as i32,
            actual_total: Price(r.6),
            order_score: r.9,
            total_count: r.7,
            create_time: r.8,
            order_item_dtos: items(&mut conn, r.0, filter.lang).await?,
        });
    }
    Ok(page_of(records, total, current, size))
}

/// One order of the buyer (none for another buyer's number), its lines named in `lang`.
pub async fn order_detail(db: &Db, user_id: i64, order_number: &str, lang: Lang) -> DbResult<Option<OrderDetail>> {
    let mut conn = db.pool.acquire().await?;
    let row: Option<sqlx::any::AnyRow> = sqlx::query(
        "SELECT o.order_id, o.order_number, o.shop_id, s.shop_name, o.status, o.order_type, o.create_time,
                o.expire_time, o.pay_time, o.dvy_time, o.finally_time, o.cancel_time,
                o.total, o.total_count, o.transfee, o.coupon_reduce, o.member_reduce, o.points_reduce, o.use_points,
                o.actual_total, o.remarks, o.receiver, o.mobile, o.post_code, o.addr, o.group_team_id, o.order_score
         FROM orders o LEFT JOIN shop s ON s.shop_id = o.shop_id
         WHERE o.order_number = $1 AND o.user_id = $2",
    )
    .bind(order_number)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    use sqlx::Row as _;
    let num = |i: usize| row.try_get::<i64, _>(i);
    let time = |i: usize| row.try_get::<Option<i64>, _>(i);
    let text = |i: usize| row.try_get::<String, _>(i);
    let (coupon_reduce, member_reduce, points_reduce) = (num(15)?, num(16)?, num(17)?);
    Ok(Some(OrderDetail {
        order_number: text(1)?,
        shop_id: num(2)?,
        shop_name: row.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
        status: num(4)? as i32,
        order_type: num(5)? as i32,
        create_time: num(6)?,
        expire_time: time(7)?,
        pay_time: time(8)?,
        dvy_time: time(9)?,
        finally_time: time(10)?,
        cancel_time: time(11)?,
        total: Price(num(12)?),
        total_count: num(13)?,
        transfee: Price(num(14)?),
        coupon_reduce: Price(coupon_reduce),
        member_reduce: Price(member_reduce),
        points_reduce: Price(points_reduce),
        use_points: num(18)?,
        reduce_amount: Price(coupon_reduce + member_reduce + points_reduce),
        actual_total: Price(num(19)?),
        order_score: num(26)?,
        remarks: text(20)?,
        user_addr: UserAddr {
            addr_id: 0,
            receiver: text(21)?,
            mobile: text(22)?,
            post_code: text(23)?,
            addr: text(24)?,
            common_addr: 0,
        },
        order_item_dtos: items(&mut conn, num(0)?, lang).await?,
        group_team: group_buy::team_of(&mut conn, row.try_get::<Option<i64>, _>(25)?).await?,
    }))
}

/// The buyer's orders per status.
pub async fn order_count(db: &Db, user_id: i64) -> DbResult<OrderCount> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT status, COUNT(*) FROM orders WHERE user_id = $1 GROUP BY status")
            .bind(user_id)
            .fetch_all(&db.pool)
            .await?;
    let mut count = OrderCount::default();
    for (status, n) in rows {
        count.all_count += n;
        let slot = match status as i32 {
            order_status::UNPAID => &mut count.un_pay,
            order_status::PAID => &mut count.payed,
            order_status::SHIPPED => &mut count.consignment,
            order_status::RECEIVED => &mut count.confirm,
            order_status::COMPLETED => &mut count.success,
            order_status::CANCELED => &mut count.close,
            order_status::GROUPING => &mut count.grouping,
            _ => continue,
        };
        *slot += n;
    }
    Ok(count)
}

/// Whether the buyer has an order of this number.
pub async fn owns(db: &Db, user_id: i64, order_number: &str) -> DbResult<bool> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders WHERE order_number = $1 AND user_id = $2")
        .bind(order_number)
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok(n > 0)
}

/// An order as a cancel reads it: id, buyer, type, flash sale, points, shop and platform
/// coupons, group.
type CancelRow = (i64, i64, i64, Option<i64>, i64, Option<i64>, Option<i64>, Option<i64>);

/// Gives a paid order's money back the way it was paid, inside its cancel's transaction (the
/// payments' `refunds::refund_cancelled`): handed down by whoever cancels paid orders, as the
/// payments sit above the orders.
pub type RefundPaid = for<'c> fn(&'c mut AnyConnection, i64, &'c str, i64) -> RefundFuture<'c>;

/// What a [`RefundPaid`] answers: the refund written, or the database's refusal.
pub type RefundFuture<'c> = std::pin::Pin<Box<dyn std::future::Future<Output = DbResult<()>> + Send + 'c>>;

/// Cancels an unpaid order (of `user_id` when given) at `now`, in its own transaction; see
/// [`cancel_in`]. False when the order was not unpaid (paid, or cancelled by someone else
/// first) or not the buyer's.
pub async fn cancel(db: &Db, user_id: Option<i64>, order_number: &str, now: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    let done = cancel_in(&mut tx, user_id, order_number, order_status::UNPAID, now, None).await?;
    if done {
        tx.commit().await?;
    }
    Ok(done)
}

/// Cancels an order in status `from` (of `user_id` when given) at `now`, inside the caller's
/// transaction: its status first, conditionally, then stock, coupons (when still valid, and a
/// platform coupon only once no other order of its submission still holds it) and points go
/// back, and an opener's waiting group closes; a paid order's money goes back through `refund`,
/// which only unpaid orders may go without. False, with nothing changed, when the order was
/// not in `from` or not the buyer's.
pub async fn cancel_in(
    tx: &mut AnyConnection,
    user_id: Option<i64>,
    order_number: &str,
    from: i32,
    now: i64,
    refund: Option<RefundPaid>,
) -> DbResult<bool> {
    let done = sqlx::query(
        "UPDATE orders SET status = $1, cancel_time = $2
         WHERE order_number = $3 AND status = $4 AND ($5 = 0 OR user_id = $6)",
    )
    .bind(order_status::CANCELED as i64)
    .bind(now)
    .bind(order_number)
    .bind(from as i64)
    .bind(user_id.unwrap_or(0))
    .bind(user_id.unwrap_or(0))
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    let (order_id, owner, order_kind, seckill_id, use_points, shop_coupon, platform_coupon, group_team_id): CancelRow =
        sqlx::query_as(
        "SELECT order_id, user_id, order_type, seckill_id, use_points, shop_user_coupon_id, platform_user_coupon_id,
                group_team_id
         FROM orders WHERE order_number = $1",
    )
    .bind(order_number)
    .fetch_one(&mut *tx)
    .await?;
    if from == order_status::UNPAID {
        group_buy::order_cancelled(tx, group_team_id, owner).await?;
    } else {
        // A paid order's money goes back the way it came.
        let refund = refund
            .ok_or_else(|| sqlx::Error::Protocol(format!("paid order {order_number} cancelled without a refund")))?;
        refund(tx, order_id, order_number, now).await?;
    }
    sqlx::query("UPDATE users SET points = points + $1 WHERE user_id = $2")
        .bind(use_points)
        .bind(owner)
        .execute(&mut *tx)
        .await?;
    if use_points > 0 {
        sqlx::query(
            "INSERT INTO points_record (user_id, delta, reason, order_number, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(owner)
        .bind(use_points)
        .bind(POINTS_RETURNED)
        .bind(order_number)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    let lines: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT sku_id, prod_id, CAST(SUM(prod_count) AS BIGINT) FROM order_item WHERE order_id = $1
         GROUP BY sku_id, prod_id ORDER BY sku_id",
    )
    .bind(order_id)
    .fetch_all(&mut *tx)
    .await?;
    if order_kind == order_type::FLASH_SALE as i64 {
        let count: i64 = lines.iter().map(|l| l.2).sum();
        sqlx::query("UPDATE seckill SET seckill_stocks = seckill_stocks + $1 WHERE seckill_id = $2")
            .bind(count)
            .bind(seckill_id.unwrap_or_default())
            .execute(&mut *tx)
            .await?;
        flash_sale::stock_returned(seckill_id.unwrap_or_default());
    } else {
        for (sku_id, _, count) in &lines {
            sqlx::query("UPDATE sku SET stocks = stocks + $1 WHERE sku_id = $2")
                .bind(count)
                .bind(sku_id)
                .execute(&mut *tx)
                .await?;
        }
        let mut per_product: BTreeMap<i64, i64> = BTreeMap::new();
        for (_, prod_id, count) in &lines {
            *per_product.entry(*prod_id).or_default() += count;
        }
        for (prod_id, count) in per_product {
            move_product_stock(tx, prod_id, count).await?;
        }
    }
    for coupon in [shop_coupon, platform_coupon].into_iter().flatten() {
        sqlx::query(
            "UPDATE user_coupon SET status = 0, order_number = NULL
             WHERE user_coupon_id = $1 AND status = 1 AND valid_until > $2
               AND NOT EXISTS (SELECT 1 FROM orders o
                               WHERE (o.shop_user_coupon_id = $3 OR o.platform_user_coupon_id = $4) AND o.status <> $5)",
        )
        .bind(coupon)
        .bind(now)
        .bind(coupon)
        .bind(coupon)
        .bind(order_status::CANCELED as i64)
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

/// Marks a shipped order of the buyer received, and gives the buyer the order's growth in the
/// same transaction (`members::repo::earn_order_growth`); false, with nothing changed, when it
/// was not shipped. The conditional update lets exactly one of several concurrent receipts
/// through, so the growth is earned once.
pub async fn receipt(db: &Db, user_id: i64, order_number: &str, now: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    let done = sqlx::query(
        "UPDATE orders SET status = $1, finally_time = $2 WHERE order_number = $3 AND user_id = $4 AND status = $5",
    )
    .bind(order_status::RECEIVED as i64)
    .bind(now)
    .bind(order_number)
    .bind(user_id)
    .bind(order_status::SHIPPED as i64)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    crate::members::repo::earn_order_growth(&mut tx, order_number, now).await?;
    tx.commit().await?;
    Ok(true)
}

/// Marks a paid order shipped (what the sellers' centre does; here for the development command
/// `server order-ship`); false when it was not paid and waiting for delivery.
pub async fn ship(db: &Db, order_number: &str, now: i64) -> DbResult<bool> {
    let done = sqlx::query("UPDATE orders SET status = $1, dvy_time = $2 WHERE order_number = $3 AND status = $4")
        .bind(order_status::SHIPPED as i64)
        .bind(now)
        .bind(order_number)
        .bind(order_status::PAID as i64)
        .execute(&db.pool)
        .await?
        .rows_affected();
    Ok(done > 0)
}

/// Unpaid orders whose payment time ran out by `now`, at most `limit` of them, oldest first.
pub async fn expired_unpaid(db: &Db, now: i64, limit: i64) -> DbResult<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT order_number FROM orders WHERE status = $1 AND expire_time <= $2 ORDER BY expire_time LIMIT $3",
    )
    .bind(order_status::UNPAID as i64)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// Forgets confirmations that expired before `before`.
pub async fn sweep_confirmations(db: &Db, before: i64) -> DbResult<u64> {
    Ok(sqlx::query("DELETE FROM order_confirmation WHERE expires_at <= $1")
        .bind(before)
        .execute(&db.pool)
        .await?
        .rows_affected())
}
