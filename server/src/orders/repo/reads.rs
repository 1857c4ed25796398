//! The buyer's orders as the pages and the API read them: the list with its filters, one
//! order's detail, the counts by status, and ownership.

use super::*;
use sqlx::FromRow;

const ORDER_COLUMNS: &str = "o.order_id, o.order_number, o.shop_id, s.shop_name, o.status, o.order_type,
     o.actual_total, o.total_count, o.create_time, o.order_score";
type OrderRow = (i64, String, i64, Option<String>, i64, i64, i64, i64, i64, i64);

/// A line of an order as bought, named in the reader's language: the product's and SKU's
/// names in `lang`, the names the order recorded where there are none ([`rules::line_names`]).
/// What the order pages show of it and what the refunds hold on it.
pub struct OrderLine {
    pub order_item_id: i64,
    pub prod_id: i64,
    pub sku_id: i64,
    pub prod_name: String,
    pub sku_name: String,
    pub pic: String,
    /// A unit's price, the line's goods at that price (cents).
    pub price: i64,
    pub prod_count: i64,
    pub product_total_amount: i64,
    /// The amount and units the refund applications hold on the line.
    pub refund_held: i64,
    pub refund_goods_held: i64,
}

type LineRow = (i64, i64, i64, String, String, Option<String>, Option<String>, String, i64, i64, i64, i64, i64);

/// An order's lines, in the order they were bought.
pub async fn order_lines(conn: &mut AnyConnection, order_id: i64, lang: Lang) -> DbResult<Vec<OrderLine>> {
    let col = lang_column(lang);
    let rows: Vec<LineRow> = sqlx::query_as(&format!(
        "SELECT i.order_item_id, i.prod_id, i.sku_id, i.prod_name, i.sku_name, p.prod_name_{col}, k.properties_{col},
                i.pic, i.price, i.prod_count, i.product_total_amount, i.refund_held, i.refund_goods_held
         FROM order_item i LEFT JOIN product p ON p.prod_id = i.prod_id LEFT JOIN sku k ON k.sku_id = i.sku_id
         WHERE i.order_id = $1 ORDER BY i.order_item_id"
    ))
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (prod_name, sku_name) = rules::line_names(r.3, r.4, r.5.as_deref(), r.6.as_deref());
            OrderLine {
                order_item_id: r.0,
                prod_id: r.1,
                sku_id: r.2,
                prod_name,
                sku_name,
                pic: r.7,
                price: r.8,
                prod_count: r.9,
                product_total_amount: r.10,
                refund_held: r.11,
                refund_goods_held: r.12,
            }
        })
        .collect())
}

/// An order's lines as the order pages show them (price, units, picture).
async fn items(conn: &mut AnyConnection, order_id: i64, lang: Lang) -> DbResult<Vec<OrderItem>> {
    Ok(order_lines(conn, order_id, lang)
        .await?
        .into_iter()
        .map(|l| OrderItem {
            prod_id: l.prod_id,
            sku_id: l.sku_id,
            prod_name: l.prod_name,
            sku_name: l.sku_name,
            pic: l.pic,
            price: Price(l.price),
            prod_count: l.prod_count,
            product_total_amount: Price(l.product_total_amount),
            basket_id: 0,
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

/// [`my_orders`]' statement with its condition's `$1` to `$6` bound: its count and its page
/// share the condition, so they bind it alike.
fn filtered<'q>(
    sql: &'q str,
    user_id: i64,
    status: i64,
    name: &'q str,
    pattern: &'q str,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    sqlx::query(sql).bind(user_id).bind(status).bind(status).bind(name).bind(pattern).bind(pattern)
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
    let count_sql = format!("SELECT COUNT(*) {condition}");
    let (total,): (i64,) =
        FromRow::from_row(&filtered(&count_sql, user_id, status, &name, &pattern).fetch_one(&mut *conn).await?)?;
    let page_sql =
        format!("SELECT {ORDER_COLUMNS} {condition} ORDER BY o.create_time DESC, o.order_id DESC LIMIT $7 OFFSET $8");
    let rows = filtered(&page_sql, user_id, status, &name, &pattern)
        .bind(size)
        .bind(offset(current, size))
        .fetch_all(&mut *conn)
        .await?;
    let mut records = Vec::with_capacity(rows.len());
    for row in &rows {
        let r: OrderRow = FromRow::from_row(row)?;
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
