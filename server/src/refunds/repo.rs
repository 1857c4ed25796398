//! Applications in `order_refund` and their steps in `order_refund_step` (migration
//! `0018_refunds`).
//!
//! - An application holds its amount and units on its order (and item) by conditional updates
//!   inside its transaction, so however many are made at once, together they never pass what
//!   was paid and ordered; a withdrawn, refused or closed one gives them back.
//! - Every move of an application is a conditional update of its status (from the states it
//!   may leave), so of two concurrent moves (the buyer withdrawing while the automatic refund
//!   runs, two servers' jobs) exactly one happens.
//! - The money goes back in the transaction that marks it refunded, once: to the balance
//!   through the payments' ledger writer, or queued for the gateway that took it.

use crate::db::{lang_column, Db, DbResult};
use crate::refunds::amounts::{self, ItemFacts, OrderFacts};
use crate::refunds::rules::{ApplyFields, ExpressFields, InterventionFields};
use api::config::pay_type;
use api::money::Price;
use api::orders::order_status;
use api::refunds::{
    apply_type, refund_filter, refund_step, refund_sts, OrderRefund, OrderRefundDetail, RefundStep, REPLY_DAYS,
};
use api::wallet::{points_reason, points_taken_back};
use i18n::Lang;
use sqlx::AnyConnection;

/// How long the merchant has to answer.
pub const REPLY_MS: i64 = REPLY_DAYS * 24 * 3_600_000;
/// `points_record.reason`: points given back when an order ends (see the orders' migration).
const POINTS_RETURNED: i64 = 2;

/// The buyer's order `order_number` as an application sees it; `None` when it is not theirs.
pub async fn order_facts(conn: &mut AnyConnection, user_id: i64, order_number: &str) -> DbResult<Option<OrderFacts>> {
    type OrderTuple = (i64, i64, i64, i64, i64, i64, i64, i64, Option<i64>);
    let row: Option<OrderTuple> = sqlx::query_as(
        "SELECT order_id, shop_id, status, actual_total, transfee, total_count, refund_held, refund_goods_held, pay_type
         FROM orders WHERE order_number = $1 AND user_id = $2",
    )
    .bind(order_number)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|r| OrderFacts {
        order_id: r.0,
        shop_id: r.1,
        status: r.2 as i32,
        actual_total: r.3,
        transfee: r.4,
        total_count: r.5,
        held: r.6,
        goods_held: r.7,
        pay_type: r.8,
    }))
}

/// An order's items with their holds, named in `lang` as the order pages name them
/// (`orders::rules::line_names`).
pub async fn item_facts(conn: &mut AnyConnection, order_id: i64, lang: Lang) -> DbResult<Vec<ItemFacts>> {
    let col = lang_column(lang);
    type Named = (i64, String, String, Option<String>, Option<String>, String, i64, i64, i64, i64);
    let rows: Vec<Named> = sqlx::query_as(&format!(
        "SELECT i.order_item_id, i.prod_name, i.sku_name, p.prod_name_{col}, k.properties_{col}, i.pic, i.prod_count,
                i.product_total_amount, i.refund_held, i.refund_goods_held
         FROM order_item i LEFT JOIN product p ON p.prod_id = i.prod_id LEFT JOIN sku k ON k.sku_id = i.sku_id
         WHERE i.order_id = $1 ORDER BY i.order_item_id"
    ))
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (prod_name, sku_name) = crate::orders::rules::line_names(r.1, r.2, r.3.as_deref(), r.4.as_deref());
            ItemFacts {
                order_item_id: r.0,
                prod_name,
                sku_name,
                pic: r.5,
                count: r.6,
                total: r.7,
                held: r.8,
                goods_held: r.9,
            }
        })
        .collect())
}

/// Holds an application's amount and units on its order while the order is refundable and
/// they fit in what was paid and ordered; false when they do not (any more).
pub async fn hold_on_order(conn: &mut AnyConnection, order_id: i64, user_id: i64, f: &ApplyFields) -> DbResult<bool> {
    let held = sqlx::query(
        "UPDATE orders SET refund_held = refund_held + $1, refund_goods_held = refund_goods_held + $2
         WHERE order_id = $3 AND user_id = $4 AND status BETWEEN $5 AND $6
           AND refund_held + $7 <= actual_total AND refund_goods_held + $8 <= total_count",
    )
    .bind(f.amount)
    .bind(f.goods_num)
    .bind(order_id)
    .bind(user_id)
    .bind(order_status::PAID as i64)
    .bind(order_status::COMPLETED as i64)
    .bind(f.amount)
    .bind(f.goods_num)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(held > 0)
}

/// Holds an application's amount and units on its item while they fit in what the item was
/// `paid` and its units; false when they do not (any more).
pub async fn hold_on_item(conn: &mut AnyConnection, order_item_id: i64, paid: i64, f: &ApplyFields) -> DbResult<bool> {
    let held = sqlx::query(
        "UPDATE order_item SET refund_held = refund_held + $1, refund_goods_held = refund_goods_held + $2
         WHERE order_item_id = $3 AND refund_held + $4 <= $5 AND refund_goods_held + $6 <= prod_count",
    )
    .bind(f.amount)
    .bind(f.goods_num)
    .bind(order_item_id)
    .bind(f.amount)
    .bind(paid)
    .bind(f.goods_num)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(held > 0)
}

/// Stores a new application `refund_sn` of the buyer's `order`, waiting for the merchant's
/// answer; returns its id.
pub async fn insert_application(
    conn: &mut AnyConnection,
    refund_sn: &str,
    user_id: i64,
    order: &OrderFacts,
    f: &ApplyFields,
    shipped: bool,
    now: i64,
) -> DbResult<i64> {
    let (refund_id,): (i64,) = sqlx::query_as(
        "INSERT INTO order_refund (refund_sn, user_id, shop_id, order_id, order_number, order_item_id, apply_type,
             buyer_reason, goods_num, refund_amount, buyer_msg, photo_files, status, shipped, apply_time, reply_deadline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         RETURNING refund_id",
    )
    .bind(refund_sn)
    .bind(user_id)
    .bind(order.shop_id)
    .bind(order.order_id)
    .bind(&f.order_number)
    .bind(f.order_item_id)
    .bind(f.apply_type as i64)
    .bind(f.buyer_reason as i64)
    .bind(f.goods_num)
    .bind(f.amount)
    .bind(&f.buyer_msg)
    .bind(f.photo_files.join(","))
    .bind(refund_sts::APPLIED as i64)
    .bind(i64::from(shipped))
    .bind(now)
    .bind(now + REPLY_MS)
    .fetch_one(&mut *conn)
    .await?;
    Ok(refund_id)
}

/// Records a step of an application's progress.
pub async fn step(conn: &mut AnyConnection, refund_id: i64, step: i32, at: i64, note: &str) -> DbResult<()> {
    sqlx::query("INSERT INTO order_refund_step (refund_id, step, at, note) VALUES ($1, $2, $3, $4)")
        .bind(refund_id)
        .bind(step as i64)
        .bind(at)
        .bind(note)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// An application as its moves need it.
#[derive(Debug, Clone)]
pub struct Application {
    pub refund_id: i64,
    pub refund_sn: String,
    pub user_id: i64,
    pub order_id: i64,
    pub order_number: String,
    pub order_item_id: i64,
    pub apply_type: i32,
    pub goods_num: i64,
    pub amount: i64,
    pub status: i32,
    pub shipped: bool,
}

type AppRow = (i64, String, i64, i64, String, i64, i64, i64, i64, i64, i64);

/// The application `refund_sn` (of `user_id` when given: another buyer's is `None`).
pub async fn application(
    conn: &mut AnyConnection,
    refund_sn: &str,
    user_id: Option<i64>,
) -> DbResult<Option<Application>> {
    let row: Option<AppRow> = sqlx::query_as(
        "SELECT refund_id, refund_sn, user_id, order_id, order_number, order_item_id, apply_type, goods_num,
                refund_amount, status, shipped
         FROM order_refund WHERE refund_sn = $1 AND ($2 = 0 OR user_id = $3)",
    )
    .bind(refund_sn)
    .bind(user_id.unwrap_or(0))
    .bind(user_id.unwrap_or(0))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|r| Application {
        refund_id: r.0,
        refund_sn: r.1,
        user_id: r.2,
        order_id: r.3,
        order_number: r.4,
        order_item_id: r.5,
        apply_type: r.6 as i32,
        goods_num: r.7,
        amount: r.8,
        status: r.9 as i32,
        shipped: r.10 != 0,
    }))
}

/// Moves an application from `from` to `to` (and its reply deadline); false when it was no
/// longer in `from` (someone moved it first).
async fn move_status(
    conn: &mut AnyConnection,
    a: &Application,
    from: i32,
    to: i32,
    deadline: Option<i64>,
) -> DbResult<bool> {
    let done =
        sqlx::query("UPDATE order_refund SET status = $1, reply_deadline = $2 WHERE refund_id = $3 AND status = $4")
            .bind(to as i64)
            .bind(deadline)
            .bind(a.refund_id)
            .bind(from as i64)
            .execute(&mut *conn)
            .await?
            .rows_affected();
    Ok(done > 0)
}

/// Gives back what an application held on its order and item.
async fn release(conn: &mut AnyConnection, a: &Application) -> DbResult<()> {
    sqlx::query(
        "UPDATE orders SET refund_held = refund_held - $1, refund_goods_held = refund_goods_held - $2 WHERE order_id = $3",
    )
    .bind(a.amount)
    .bind(a.goods_num)
    .bind(a.order_id)
    .execute(&mut *conn)
    .await?;
    if a.order_item_id != 0 {
        sqlx::query(
            "UPDATE order_item SET refund_held = refund_held - $1, refund_goods_held = refund_goods_held - $2
             WHERE order_item_id = $3",
        )
        .bind(a.amount)
        .bind(a.goods_num)
        .bind(a.order_item_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Holds an application's amount and units again (a refused one taken to the platform);
/// false when that would pass what was paid or ordered.
async fn hold_again(conn: &mut AnyConnection, a: &Application) -> DbResult<bool> {
    let (actual_total, transfee): (i64, i64) =
        sqlx::query_as("SELECT actual_total, transfee FROM orders WHERE order_id = $1")
            .bind(a.order_id)
            .fetch_one(&mut *conn)
            .await?;
    let done = sqlx::query(
        "UPDATE orders SET refund_held = refund_held + $1, refund_goods_held = refund_goods_held + $2
         WHERE order_id = $3 AND refund_held + $4 <= actual_total AND refund_goods_held + $5 <= total_count",
    )
    .bind(a.amount)
    .bind(a.goods_num)
    .bind(a.order_id)
    .bind(a.amount)
    .bind(a.goods_num)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    if a.order_item_id != 0 {
        let (items_total,): (i64,) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(product_total_amount), 0) AS BIGINT) FROM order_item WHERE order_id = $1",
        )
        .bind(a.order_id)
        .fetch_one(&mut *conn)
        .await?;
        let (item_total,): (i64,) =
            sqlx::query_as("SELECT product_total_amount FROM order_item WHERE order_item_id = $1")
                .bind(a.order_item_id)
                .fetch_one(&mut *conn)
                .await?;
        let paid = amounts::item_paid(actual_total, transfee, item_total, items_total);
        let done = sqlx::query(
            "UPDATE order_item SET refund_held = refund_held + $1, refund_goods_held = refund_goods_held + $2
             WHERE order_item_id = $3 AND refund_held + $4 <= $5 AND refund_goods_held + $6 <= prod_count",
        )
        .bind(a.amount)
        .bind(a.goods_num)
        .bind(a.order_item_id)
        .bind(a.amount)
        .bind(paid)
        .bind(a.goods_num)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if done == 0 {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The outcome of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moved {
    Done,
    /// No such application (of this buyer).
    Unknown,
    /// Not in a state this move applies to (the state it is in).
    WrongState(i32),
    /// Taken to the platform again, it would pass what is left of the order.
    Exceeds,
}

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Opens the transaction of a move with the application `refund_sn` (of `user_id` when given).
/// Its time is never before the application's last step (a development command runs in a
/// process of its own, whose clock a test may not have moved like the server's).
async fn begin(db: &Db, refund_sn: &str, user_id: Option<i64>) -> DbResult<Option<(Tx, Application, i64)>> {
    let mut tx = db.pool.begin().await?;
    // Written first: the row is locked (SQLite's database) before it is read, so a concurrent
    // move waits instead of failing on a read lock that cannot be upgraded.
    sqlx::query("UPDATE order_refund SET status = status WHERE refund_sn = $1")
        .bind(refund_sn)
        .execute(&mut *tx)
        .await?;
    match application(&mut tx, refund_sn, user_id).await? {
        Some(a) => {
            let (last,): (i64,) = sqlx::query_as(
                "SELECT CAST(COALESCE(MAX(at), 0) AS BIGINT) FROM order_refund_step WHERE refund_id = $1",
            )
            .bind(a.refund_id)
            .fetch_one(&mut *tx)
            .await?;
            Ok(Some((tx, a, db.now().max(last))))
        }
        None => {
            tx.rollback().await?;
            Ok(None)
        }
    }
}

/// Commits a move that was done, rolls back any other.
async fn finish(tx: Tx, moved: Moved) -> DbResult<Moved> {
    if moved == Moved::Done {
        tx.commit().await?;
    } else {
        tx.rollback().await?;
    }
    Ok(moved)
}

/// The merchant (or the platform, after an intervention) accepts: a refund only is refunded
/// at once; a return waits for the goods.
pub async fn accept(db: &Db, refund_sn: &str) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, refund_sn, None).await? else { return Ok(Moved::Unknown) };
    let moved: DbResult<Moved> = {
        let (conn, a) = (&mut *tx, &a);
        async {
            if ![refund_sts::APPLIED, refund_sts::INTERVENTION].contains(&a.status) {
                return Ok(Moved::WrongState(a.status));
            }
            let to =
                if a.apply_type == apply_type::RETURN_AND_REFUND { refund_sts::ACCEPTED } else { refund_sts::SUCCESS };
            if to == refund_sts::SUCCESS {
                step(conn, a.refund_id, refund_step::SELLER_ACCEPTS, now, "").await?;
                return refund(conn, a, a.status, now, false).await;
            }
            if !move_status(conn, a, a.status, to, None).await? {
                return Ok(Moved::WrongState(a.status));
            }
            step(conn, a.refund_id, refund_step::SELLER_ACCEPTS, now, "").await?;
            Ok(Moved::Done)
        }
        .await
    };
    finish(tx, moved?).await
}

/// The merchant refuses (an application waiting for an answer, or returned goods); after an
/// intervention the platform closes it. Either gives back what it held.
pub async fn refuse(db: &Db, refund_sn: &str, reason: &str) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, refund_sn, None).await? else { return Ok(Moved::Unknown) };
    let moved: DbResult<Moved> = {
        let (conn, a) = (&mut *tx, &a);
        async {
            let (to, what) = match a.status {
                refund_sts::APPLIED | refund_sts::SHIPPED => (refund_sts::REFUSED, refund_step::MERCHANT_REFUSES),
                refund_sts::INTERVENTION => (refund_sts::CLOSED, refund_step::REFUND_CLOSED),
                other => return Ok(Moved::WrongState(other)),
            };
            if !move_status(conn, a, a.status, to, None).await? {
                return Ok(Moved::WrongState(a.status));
            }
            release(conn, a).await?;
            step(conn, a.refund_id, what, now, reason).await?;
            Ok(Moved::Done)
        }
        .await
    };
    finish(tx, moved?).await
}

/// The merchant receives the returned goods: they go back into stock, the money goes back.
pub async fn receive(db: &Db, refund_sn: &str) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, refund_sn, None).await? else { return Ok(Moved::Unknown) };
    let moved: DbResult<Moved> = {
        let (conn, a) = (&mut *tx, &a);
        async {
            if a.status != refund_sts::SHIPPED {
                return Ok(Moved::WrongState(a.status));
            }
            step(conn, a.refund_id, refund_step::SELLER_RECEIVES, now, "").await?;
            restock(conn, a).await?;
            refund(conn, a, refund_sts::SHIPPED, now, false).await
        }
        .await
    };
    finish(tx, moved?).await
}

/// The buyer sends the goods of an accepted return back; the merchant then has 7 days.
pub async fn ship(db: &Db, user_id: i64, f: &ExpressFields) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, &f.refund_sn, Some(user_id)).await? else { return Ok(Moved::Unknown) };
    let moved: DbResult<Moved> = {
        let (conn, a) = (&mut *tx, &a);
        async {
            if a.status != refund_sts::ACCEPTED {
                return Ok(Moved::WrongState(a.status));
            }
            if !move_status(conn, a, refund_sts::ACCEPTED, refund_sts::SHIPPED, Some(now + REPLY_MS)).await? {
                return Ok(Moved::WrongState(a.status));
            }
            sqlx::query(
                "UPDATE order_refund SET express_name = $1, express_no = $2, express_mobile = $3 WHERE refund_id = $4",
            )
            .bind(&f.express_name)
            .bind(&f.express_no)
            .bind(&f.mobile)
            .bind(a.refund_id)
            .execute(&mut *conn)
            .await?;
            step(conn, a.refund_id, refund_step::BUYER_SHIPS, now, "").await?;
            Ok(Moved::Done)
        }
        .await
    };
    finish(tx, moved?).await
}

/// The buyer withdraws an application that is not refunded, closed or on its way back.
pub async fn withdraw(db: &Db, user_id: i64, refund_sn: &str) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, refund_sn, Some(user_id)).await? else { return Ok(Moved::Unknown) };
    let moved: DbResult<Moved> = {
        let (conn, a) = (&mut *tx, &a);
        async {
            if !amounts::can_withdraw(a.status) {
                return Ok(Moved::WrongState(a.status));
            }
            if !move_status(conn, a, a.status, refund_sts::WITHDRAWN, None).await? {
                return Ok(Moved::WrongState(a.status));
            }
            if amounts::holding(a.status) {
                release(conn, a).await?;
            }
            step(conn, a.refund_id, refund_step::BUYER_WITHDRAWS, now, "").await?;
            Ok(Moved::Done)
        }
        .await
    };
    finish(tx, moved?).await
}

/// The buyer takes a refused application to the platform; it holds its amount again.
pub async fn intervene(db: &Db, user_id: i64, f: &InterventionFields) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, &f.refund_sn, Some(user_id)).await? else { return Ok(Moved::Unknown) };
    let moved: DbResult<Moved> = {
        let (conn, a) = (&mut *tx, &a);
        async {
            if a.status != refund_sts::REFUSED {
                return Ok(Moved::WrongState(a.status));
            }
            if !move_status(conn, a, refund_sts::REFUSED, refund_sts::INTERVENTION, None).await? {
                return Ok(Moved::WrongState(a.status));
            }
            if !hold_again(conn, a).await? {
                return Ok(Moved::Exceeds);
            }
            sqlx::query("UPDATE order_refund SET intervention_msg = $1, intervention_files = $2 WHERE refund_id = $3")
                .bind(&f.reason)
                .bind(f.photo_files.join(","))
                .bind(a.refund_id)
                .execute(&mut *conn)
                .await?;
            step(conn, a.refund_id, refund_step::PLATFORM_INTERVENTION, now, &f.reason).await?;
            Ok(Moved::Done)
        }
        .await
    };
    finish(tx, moved?).await
}

/// Goods back into stock: the item's units, or every unit of the order for the whole order
/// (its units at most).
async fn restock(conn: &mut AnyConnection, a: &Application) -> DbResult<()> {
    let lines: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT sku_id, prod_id, prod_count FROM order_item WHERE order_id = $1 AND ($2 = 0 OR order_item_id = $3)
         ORDER BY order_item_id",
    )
    .bind(a.order_id)
    .bind(a.order_item_id)
    .bind(a.order_item_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut left = a.goods_num;
    for (sku_id, prod_id, count) in lines {
        let units = count.min(left);
        if units <= 0 {
            break;
        }
        left -= units;
        sqlx::query("UPDATE sku SET stocks = stocks + $1 WHERE sku_id = $2")
            .bind(units)
            .bind(sku_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("UPDATE product SET total_stocks = total_stocks + $1 WHERE prod_id = $2")
            .bind(units)
            .bind(prod_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Refunds an application in `from`, inside the caller's transaction: its status first,
/// conditionally (so it happens once), then the money back the way it was paid, the goods of
/// an order that never shipped back into stock, and an order refunded in full ends canceled
/// with the points it used given back.
async fn refund(conn: &mut AnyConnection, a: &Application, from: i32, now: i64, auto: bool) -> DbResult<Moved> {
    let done = sqlx::query(
        "UPDATE order_refund SET status = $1, reply_deadline = NULL, refund_time = $2, auto_refunded = $3
         WHERE refund_id = $4 AND status = $5",
    )
    .bind(refund_sts::SUCCESS as i64)
    .bind(now)
    .bind(i64::from(auto))
    .bind(a.refund_id)
    .bind(from as i64)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(Moved::WrongState(a.status));
    }
    step(conn, a.refund_id, refund_step::REFUND_SUCCESS, now, "").await?;
    money_back(conn, a, now).await?;
    if !a.shipped {
        restock(conn, a).await?;
    }
    let (refunded, actual_total, use_points, user_id): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE((SELECT SUM(r.refund_amount) FROM order_refund r
                                WHERE r.order_id = o.order_id AND r.status = $1), 0) AS BIGINT),
                o.actual_total, o.use_points, o.user_id
         FROM orders o WHERE o.order_id = $2",
    )
    .bind(refund_sts::SUCCESS as i64)
    .bind(a.order_id)
    .fetch_one(&mut *conn)
    .await?;
    take_back_points(conn, user_id, &a.order_number, actual_total, refunded, now).await?;
    if refunded >= actual_total {
        let ended = sqlx::query(
            "UPDATE orders SET status = $1, cancel_time = $2 WHERE order_id = $3 AND status BETWEEN $4 AND $5",
        )
        .bind(order_status::CANCELED as i64)
        .bind(now)
        .bind(a.order_id)
        .bind(order_status::PAID as i64)
        .bind(order_status::COMPLETED as i64)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if ended > 0 && use_points > 0 {
            crate::payments::repo::move_points(conn, user_id, use_points, POINTS_RETURNED, Some(&a.order_number), now)
                .await?;
        }
    }
    Ok(Moved::Done)
}

/// The points the order's receipt earned on what is now refunded, taken back with their ledger
/// row in the refund's transaction (as many as the buyer still holds; a later refund of the
/// order takes the rest). An order not received yet earned none: its receipt earns on what is
/// left paid (`members::repo::earn_order_growth`).
async fn take_back_points(
    conn: &mut AnyConnection,
    user_id: i64,
    order_number: &str,
    actual_total: i64,
    refunded: i64,
    now: i64,
) -> DbResult<()> {
    let (earned, held): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE((SELECT SUM(p.delta) FROM points_record p
                                WHERE p.user_id = u.user_id AND p.order_number = $1 AND p.reason IN ($2, $3)), 0)
                     AS BIGINT),
                u.points
         FROM users u WHERE u.user_id = $4",
    )
    .bind(order_number)
    .bind(points_reason::ORDER_EARNED as i64)
    .bind(points_reason::REFUND_TAKEN as i64)
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let take = points_taken_back(earned, Price(actual_total), Price(refunded)).min(held.max(0));
    if take > 0 {
        crate::payments::repo::move_points(
            conn,
            user_id,
            -take,
            points_reason::REFUND_TAKEN as i64,
            Some(order_number),
            now,
        )
        .await?;
    }
    Ok(())
}

/// The application's amount back the way the order was paid: to the balance (a ledger row in
/// this transaction), or queued for the gateway that took it. An order without a recorded
/// payment (the demo's) has nothing to give back.
async fn money_back(conn: &mut AnyConnection, a: &Application, now: i64) -> DbResult<()> {
    use crate::payments::{refunds, repo};
    let Some((attempt, _share)) = repo::paying_attempt(conn, a.order_id).await? else { return Ok(()) };
    match attempt.pay_type {
        pay_type::BALANCEPAY => {
            repo::move_balance(
                conn,
                a.user_id,
                a.amount,
                repo::BALANCE_REFUNDED,
                Some(&attempt.pay_no),
                Some(&a.order_number),
                now,
            )
            .await?;
        }
        // Points-mall orders are not refunded after sale (see `amounts::refundable`).
        pay_type::SCOREPAY => {}
        _ => refunds::queue_after_sale(conn, &attempt, a.order_id, &a.refund_sn, a.amount, now).await?,
    }
    Ok(())
}

/// Refunds every application the merchant left unanswered past its deadline (applied, or
/// shipped back and not received), at most `limit`; returns how many this call refunded.
/// Safe on several servers: each is claimed by its conditional status update.
pub async fn refund_overdue(db: &Db, now: i64, limit: i64) -> DbResult<u64> {
    let due: Vec<(String,)> = sqlx::query_as(
        "SELECT refund_sn FROM order_refund WHERE status IN ($1, $2) AND reply_deadline <= $3
         ORDER BY reply_deadline LIMIT $4",
    )
    .bind(refund_sts::APPLIED as i64)
    .bind(refund_sts::SHIPPED as i64)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    let mut refunded = 0;
    for (refund_sn,) in due {
        let mut tx = db.pool.begin().await?;
        // Claimed first (a write, so SQLite's lock is taken before any read): only one server
        // moves its deadline away.
        let claimed = sqlx::query(
            "UPDATE order_refund SET reply_deadline = NULL
             WHERE refund_sn = $1 AND status IN ($2, $3) AND reply_deadline <= $4",
        )
        .bind(&refund_sn)
        .bind(refund_sts::APPLIED as i64)
        .bind(refund_sts::SHIPPED as i64)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let application = if claimed == 0 { None } else { application(&mut tx, &refund_sn, None).await? };
        let Some(a) = application else {
            tx.rollback().await?;
            continue;
        };
        if refund(&mut tx, &a, a.status, now, true).await? != Moved::Done {
            tx.rollback().await?;
            continue;
        }
        tx.commit().await?;
        refunded += 1;
    }
    Ok(refunded)
}

// ---------------------------------------------------------------- the buyer's reads

const LIST_COLUMNS: &str = "r.refund_sn, r.order_number, r.order_item_id, s.shop_name,
     COALESCE(i.prod_name, f.prod_name), COALESCE(i.pic, f.pic), COALESCE(i.sku_name, f.sku_name),
     r.apply_type, r.buyer_reason, r.goods_num, r.refund_amount, r.status, r.apply_time";

const LIST_FROM: &str = "FROM order_refund r
     LEFT JOIN shop s ON s.shop_id = r.shop_id
     LEFT JOIN order_item i ON i.order_item_id = r.order_item_id
     LEFT JOIN order_item f ON f.order_item_id =
         (SELECT MIN(x.order_item_id) FROM order_item x WHERE x.order_id = r.order_id)";

type ListRow =
    (String, String, i64, Option<String>, Option<String>, Option<String>, Option<String>, i64, i64, i64, i64, i64, i64);

fn listed(r: ListRow) -> OrderRefund {
    OrderRefund {
        refund_sn: r.0,
        order_number: r.1,
        order_item_id: r.2,
        shop_name: r.3.unwrap_or_default(),
        prod_name: r.4.unwrap_or_default(),
        pic: r.5.unwrap_or_default(),
        sku_name: r.6.unwrap_or_default(),
        apply_type: r.7 as i32,
        buyer_reason: r.8 as i32,
        goods_num: r.9,
        refund_amount: Price(r.10),
        refund_sts: r.11 as i32,
        apply_time: r.12,
    }
}

/// The statuses of a list filter.
fn statuses_of(filter: i32) -> &'static [i32] {
    match filter {
        refund_filter::PROCEEDING => {
            &[refund_sts::APPLIED, refund_sts::ACCEPTED, refund_sts::SHIPPED, refund_sts::INTERVENTION]
        }
        refund_filter::COMPLETED => &[refund_sts::SUCCESS],
        refund_filter::CLOSED => &[refund_sts::WITHDRAWN, refund_sts::REFUSED, refund_sts::CLOSED],
        _ => &[
            refund_sts::APPLIED,
            refund_sts::ACCEPTED,
            refund_sts::SHIPPED,
            refund_sts::SUCCESS,
            refund_sts::WITHDRAWN,
            refund_sts::REFUSED,
            refund_sts::INTERVENTION,
            refund_sts::CLOSED,
        ],
    }
}

/// A page of the buyer's applications of a filter, newest first, and their number.
pub async fn list(db: &Db, user_id: i64, filter: i32, current: i64, size: i64) -> DbResult<(Vec<OrderRefund>, i64)> {
    let statuses = statuses_of(filter).iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM order_refund WHERE user_id = $1 AND status IN ({statuses})"))
            .bind(user_id)
            .fetch_one(&db.pool)
            .await?;
    let rows: Vec<ListRow> = sqlx::query_as(&format!(
        "SELECT {LIST_COLUMNS} {LIST_FROM} WHERE r.user_id = $1 AND r.status IN ({statuses})
         ORDER BY r.apply_time DESC, r.refund_id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(size)
    .bind(crate::db::paging::offset(current, size))
    .fetch_all(&db.pool)
    .await?;
    Ok((rows.into_iter().map(listed).collect(), total))
}

fn paths_of(joined: &str) -> Vec<String> {
    joined.split(',').filter(|p| !p.is_empty()).map(str::to_string).collect()
}

/// One of the buyer's applications with its progress; `None` when it is not theirs.
pub async fn detail(db: &Db, user_id: i64, refund_sn: &str) -> DbResult<Option<OrderRefundDetail>> {
    type More = (i64, String, String, String, String, String, String, String, Option<i64>, i64);
    let listed_row: Option<ListRow> =
        sqlx::query_as(&format!("SELECT {LIST_COLUMNS} {LIST_FROM} WHERE r.refund_sn = $1 AND r.user_id = $2"))
            .bind(refund_sn)
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    let Some(listed_row) = listed_row else { return Ok(None) };
    let more: More = sqlx::query_as(
        "SELECT refund_id, buyer_msg, photo_files, express_name, express_no, express_mobile, intervention_msg,
                intervention_files, reply_deadline, auto_refunded
         FROM order_refund WHERE refund_sn = $1",
    )
    .bind(refund_sn)
    .fetch_one(&db.pool)
    .await?;
    let steps: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT step, at, note FROM order_refund_step WHERE refund_id = $1 ORDER BY step_id")
            .bind(more.0)
            .fetch_all(&db.pool)
            .await?;
    let refund = listed(listed_row);
    let status = refund.refund_sts;
    Ok(Some(OrderRefundDetail {
        buyer_msg: more.1,
        photo_files: paths_of(&more.2),
        express_name: more.3,
        express_no: more.4,
        mobile: more.5,
        intervention_msg: more.6,
        intervention_files: paths_of(&more.7),
        reply_deadline: more.8.unwrap_or(0),
        auto_refunded: more.9 != 0,
        steps: steps.into_iter().map(|(step, time, note)| RefundStep { step: step as i32, time, note }).collect(),
        can_withdraw: amounts::can_withdraw(status),
        can_ship: status == refund_sts::ACCEPTED,
        can_intervene: status == refund_sts::REFUSED,
        refund,
    }))
}
