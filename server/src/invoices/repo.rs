//! Invoices in the `order_invoice` table (migration `0019_invoices`).
//!
//! A request is one conditional insert that only selects the order when it is the buyer's and
//! paid; the unique `order_id` lets a parallel burst store exactly one. A failed invoice is
//! requested again by a conditional update of the failed row. Issuing and failing move a
//! requested invoice only (`invoice_state = 1`), so each happens once.

use crate::db::{Db, DbResult};
use crate::invoices::rules::InvoiceFields;
use api::invoices::{invoice_state, OrderInvoice};
use api::orders::order_status;

/// The order states in which an invoice may be requested: paid, shipped, received, completed.
/// Unpaid and canceled orders have nothing to invoice; a group-buy order still grouping may
/// yet be refunded.
pub const INVOICEABLE: [i32; 4] =
    [order_status::PAID, order_status::SHIPPED, order_status::RECEIVED, order_status::COMPLETED];

/// Whether an order in `status` may have an invoice.
pub fn invoiceable(status: i32) -> bool {
    INVOICEABLE.contains(&status)
}

/// `o.status IN (...)` of [`INVOICEABLE`].
fn invoiceable_sql() -> String {
    let list: Vec<String> = INVOICEABLE.iter().map(|s| s.to_string()).collect();
    format!("o.status IN ({})", list.join(", "))
}

/// The outcome of [`request`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requested {
    /// Stored (or requested again after a failure), with its id.
    Done(i64),
    /// Not the buyer's order, or no such order.
    Unknown,
    /// The buyer's, but not paid (unpaid, canceled, or a group not filled yet).
    NotInvoiceable,
    /// The order has an invoice already (requested or issued).
    Already,
}

/// Requests the invoice of the buyer's paid order, once; a failed one is requested again.
pub async fn request(db: &Db, user_id: i64, order_number: &str, fields: &InvoiceFields) -> DbResult<Requested> {
    let now = db.now();
    let insert = format!(
        "INSERT INTO order_invoice (order_id, user_id, shop_id, header_type, header_name, tax_number,
                                    invoice_state, fail_reason, applied_at)
         SELECT o.order_id, o.user_id, o.shop_id, $1, $2, $3, $4, '', $5
         FROM orders o WHERE o.order_number = $6 AND o.user_id = $7 AND {}
         ON CONFLICT (order_id) DO NOTHING
         RETURNING order_invoice_id",
        invoiceable_sql()
    );
    if let Some(id) = store_request(db, &insert, fields, now, order_number, user_id).await? {
        return Ok(Requested::Done(id));
    }
    let again = format!(
        "UPDATE order_invoice SET header_type = $1, header_name = $2, tax_number = $3, invoice_state = $4,
                fail_reason = '', applied_at = $5, issued_at = NULL
         WHERE invoice_state = {} AND user_id = $7
           AND order_id = (SELECT order_id FROM orders WHERE order_number = $6 AND user_id = $7)
         RETURNING order_invoice_id",
        invoice_state::FAIL
    );
    if let Some(id) = store_request(db, &again, fields, now, order_number, user_id).await? {
        return Ok(Requested::Done(id));
    }
    let status: Option<(i64,)> = sqlx::query_as("SELECT status FROM orders WHERE order_number = $1 AND user_id = $2")
        .bind(order_number)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match status {
        None => Requested::Unknown,
        Some((status,)) if !invoiceable(status as i32) => Requested::NotInvoiceable,
        Some(_) => Requested::Already,
    })
}

/// Runs a statement that stores a request (the first one, or one after a failure): `$1` to `$3`
/// the header, `$4` the requested state, `$5` now, `$6` the order number, `$7` the buyer.
/// Answers the id of the invoice it stored.
async fn store_request(
    db: &Db,
    sql: &str,
    fields: &InvoiceFields,
    now: i64,
    order_number: &str,
    user_id: i64,
) -> DbResult<Option<i64>> {
    let stored: Option<(i64,)> = sqlx::query_as(sql)
        .bind(fields.header_type as i64)
        .bind(&fields.header_name)
        .bind(&fields.tax_number)
        .bind(invoice_state::APPLICATION as i64)
        .bind(now)
        .bind(order_number)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(stored.map(|(id,)| id))
}

type InvoiceRow = (i64, String, i64, Option<String>, i64, String, String, i64, String, i64, Option<i64>);

const SELECT: &str = "SELECT i.order_invoice_id, o.order_number, i.shop_id, s.shop_name, i.header_type,
        i.header_name, i.tax_number, i.invoice_state, i.fail_reason, i.applied_at, i.issued_at
     FROM order_invoice i
     JOIN orders o ON o.order_id = i.order_id
     LEFT JOIN shop s ON s.shop_id = i.shop_id";

fn invoice(row: InvoiceRow) -> OrderInvoice {
    let (order_invoice_id, order_number, shop_id, shop_name, header_type, header_name, tax, state, reason, at, issued) =
        row;
    OrderInvoice {
        order_invoice_id,
        order_number,
        shop_id,
        shop_name: shop_name.unwrap_or_default(),
        header_type: header_type as i32,
        header_name,
        invoice_tax_number: tax,
        invoice_state: state as i32,
        fail_reason: reason,
        application_time: at,
        upload_time: issued,
    }
}

/// The invoice of the buyer's order, if requested.
pub async fn of_order(db: &Db, user_id: i64, order_number: &str) -> DbResult<Option<OrderInvoice>> {
    let row: Option<InvoiceRow> = sqlx::query_as(&format!("{SELECT} WHERE o.order_number = $1 AND i.user_id = $2"))
        .bind(order_number)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(invoice))
}

/// An invoice by its id, whoever's (the shop's side: the development commands).
pub async fn by_id(db: &Db, order_invoice_id: i64) -> DbResult<Option<OrderInvoice>> {
    let row: Option<InvoiceRow> = sqlx::query_as(&format!("{SELECT} WHERE i.order_invoice_id = $1"))
        .bind(order_invoice_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(invoice))
}

/// The outcome of [`issue`] and [`fail`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    Done,
    /// No such invoice.
    Unknown,
    /// It is not waiting (its [`invoice_state`] is given): issued or failed already.
    NotRequested(i32),
}

async fn decide(db: &Db, order_invoice_id: i64, moved: u64) -> DbResult<Decided> {
    if moved > 0 {
        return Ok(Decided::Done);
    }
    Ok(match by_id(db, order_invoice_id).await? {
        None => Decided::Unknown,
        Some(invoice) => Decided::NotRequested(invoice.invoice_state),
    })
}

/// Issues a requested invoice (what the shop does once it made it out): its PDF can then be
/// downloaded.
pub async fn issue(db: &Db, order_invoice_id: i64) -> DbResult<Decided> {
    decide_requested(db, order_invoice_id, invoice_state::INVOICED, "issued_at", db.now()).await
}

/// Fails a requested invoice with the reason the buyer sees; they may request it again.
pub async fn fail(db: &Db, order_invoice_id: i64, reason: &str) -> DbResult<Decided> {
    decide_requested(db, order_invoice_id, invoice_state::FAIL, "fail_reason", reason.to_string()).await
}

/// Moves a requested invoice to `state`, setting `column` to `value` on the way (only while it
/// is still requested), and tells what came of it.
async fn decide_requested<T>(db: &Db, order_invoice_id: i64, state: i32, column: &str, value: T) -> DbResult<Decided>
where
    T: for<'q> sqlx::Encode<'q, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + 'static,
{
    let sql = format!(
        "UPDATE order_invoice SET invoice_state = $1, {column} = $2 WHERE order_invoice_id = $3 AND invoice_state = $4"
    );
    let moved = sqlx::query(&sql)
        .bind(state as i64)
        .bind(value)
        .bind(order_invoice_id)
        .bind(invoice_state::APPLICATION as i64)
        .execute(&db.pool)
        .await?
        .rows_affected();
    decide(db, order_invoice_id, moved).await
}
