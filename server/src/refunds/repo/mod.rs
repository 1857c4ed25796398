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

use crate::db::{Db, DbResult};
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

mod money;
mod reads;

pub use money::*;
use money::{refund, restock};
pub use reads::*;

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
/// (`orders::repo::order_lines`).
pub async fn item_facts(conn: &mut AnyConnection, order_id: i64, lang: Lang) -> DbResult<Vec<ItemFacts>> {
    Ok(crate::orders::repo::order_lines(conn, order_id, lang)
        .await?
        .into_iter()
        .map(|l| ItemFacts {
            order_item_id: l.order_item_id,
            prod_name: l.prod_name,
            sku_name: l.sku_name,
            pic: l.pic,
            count: l.prod_count,
            total: l.product_total_amount,
            held: l.refund_held,
            goods_held: l.refund_goods_held,
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
/// An application holds them when it is made, and again when it is taken to the platform.
pub async fn hold_on_item(
    conn: &mut AnyConnection,
    order_item_id: i64,
    paid: i64,
    (amount, goods_num): (i64, i64),
) -> DbResult<bool> {
    let held = sqlx::query(
        "UPDATE order_item SET refund_held = refund_held + $1, refund_goods_held = refund_goods_held + $2
         WHERE order_item_id = $3 AND refund_held + $4 <= $5 AND refund_goods_held + $6 <= prod_count",
    )
    .bind(amount)
    .bind(goods_num)
    .bind(order_item_id)
    .bind(amount)
    .bind(paid)
    .bind(goods_num)
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
        if !hold_on_item(&mut *conn, a.order_item_id, paid, (a.amount, a.goods_num)).await? {
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

/// Moves one application in one transaction, as every move of an application does: locks and
/// reads it ([`begin`]; `Unknown` when there is none, or it is not `user_id`'s), lets `change`
/// check its state and write, and commits only a move that was done ([`finish`]).
async fn transition(
    db: &Db,
    refund_sn: &str,
    user_id: Option<i64>,
    change: impl AsyncFnOnce(&mut AnyConnection, &Application, i64) -> DbResult<Moved>,
) -> DbResult<Moved> {
    let Some((mut tx, a, now)) = begin(db, refund_sn, user_id).await? else { return Ok(Moved::Unknown) };
    let moved = change(&mut tx, &a, now).await;
    finish(tx, moved?).await
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
    transition(db, refund_sn, None, async |conn, a, now| {
        if ![refund_sts::APPLIED, refund_sts::INTERVENTION].contains(&a.status) {
            return Ok(Moved::WrongState(a.status));
        }
        let to = if a.apply_type == apply_type::RETURN_AND_REFUND { refund_sts::ACCEPTED } else { refund_sts::SUCCESS };
        if to == refund_sts::SUCCESS {
            step(conn, a.refund_id, refund_step::SELLER_ACCEPTS, now, "").await?;
            return refund(conn, a, a.status, now, false).await;
        }
        if !move_status(conn, a, a.status, to, None).await? {
            return Ok(Moved::WrongState(a.status));
        }
        step(conn, a.refund_id, refund_step::SELLER_ACCEPTS, now, "").await?;
        Ok(Moved::Done)
    })
    .await
}

/// The merchant refuses (an application waiting for an answer, or returned goods); after an
/// intervention the platform closes it. Either gives back what it held.
pub async fn refuse(db: &Db, refund_sn: &str, reason: &str) -> DbResult<Moved> {
    transition(db, refund_sn, None, async |conn, a, now| {
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
    })
    .await
}

/// The merchant receives the returned goods: they go back into stock, the money goes back.
pub async fn receive(db: &Db, refund_sn: &str) -> DbResult<Moved> {
    transition(db, refund_sn, None, async |conn, a, now| {
        if a.status != refund_sts::SHIPPED {
            return Ok(Moved::WrongState(a.status));
        }
        step(conn, a.refund_id, refund_step::SELLER_RECEIVES, now, "").await?;
        restock(conn, a).await?;
        refund(conn, a, refund_sts::SHIPPED, now, false).await
    })
    .await
}

/// The buyer sends the goods of an accepted return back; the merchant then has 7 days.
pub async fn ship(db: &Db, user_id: i64, f: &ExpressFields) -> DbResult<Moved> {
    transition(db, &f.refund_sn, Some(user_id), async |conn, a, now| {
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
    })
    .await
}

/// The buyer withdraws an application that is not refunded, closed or on its way back.
pub async fn withdraw(db: &Db, user_id: i64, refund_sn: &str) -> DbResult<Moved> {
    transition(db, refund_sn, Some(user_id), async |conn, a, now| {
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
    })
    .await
}

/// The buyer takes a refused application to the platform; it holds its amount again.
pub async fn intervene(db: &Db, user_id: i64, f: &InterventionFields) -> DbResult<Moved> {
    transition(db, &f.refund_sn, Some(user_id), async |conn, a, now| {
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
    })
    .await
}
