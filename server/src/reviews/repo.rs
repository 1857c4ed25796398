//! Reviews in the `prod_comm` table (migration `0015_reviews`).
//!
//! A review is written by one conditional insert: it only selects the order item when it is
//! the buyer's and its order is received or completed, and the unique `order_item_id` lets a
//! parallel burst of the same review store exactly one. When every item of the order is then
//! reviewed, the order moves from received to completed, in the same transaction.

use crate::db::{lang_column, page_and_total, Db, DbResult};
use crate::reviews::rules::{masked, ReviewFields};
use api::orders::order_status;
use api::reviews::{evaluate, evaluate_of, CommOrder, CommOrderItem, ProdComm, ProdCommData};
use i18n::Lang;

/// Where an order item stands for a review by this buyer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemState {
    /// Not the buyer's, or no such item.
    Unknown,
    /// The buyer's, but the order is not received yet (or canceled).
    NotReceived,
    /// The buyer's and received; may be reviewed once.
    Reviewable,
}

/// Whether the order item is the buyer's and its order received.
pub async fn item_state(db: &Db, user_id: i64, order_item_id: i64) -> DbResult<ItemState> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT o.status FROM order_item oi JOIN orders o ON o.order_id = oi.order_id
         WHERE oi.order_item_id = $1 AND o.user_id = $2",
    )
    .bind(order_item_id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(match row {
        None => ItemState::Unknown,
        Some((status,)) if reviewable(status) => ItemState::Reviewable,
        Some(_) => ItemState::NotReceived,
    })
}

fn reviewable(status: i64) -> bool {
    status == order_status::RECEIVED as i64 || status == order_status::COMPLETED as i64
}

/// The outcome of [`add`].
#[derive(Debug, Clone, PartialEq)]
pub enum Added {
    Done(i64),
    /// The item is reviewed already (or stopped being reviewable meanwhile).
    Refused,
}

/// Stores the review of an order item of the buyer's received order, once; moves the order to
/// completed when it was its last unreviewed item.
pub async fn add(db: &Db, user_id: i64, fields: &ReviewFields) -> DbResult<Added> {
    let now = db.now();
    let mut tx = db.pool.begin().await?;
    let inserted: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO prod_comm (order_item_id, user_id, prod_id, shop_id, score, content, pics, is_anonymous,
                                status, created_at)
         SELECT oi.order_item_id, o.user_id, oi.prod_id, o.shop_id, $1, $2, $3, $4, 1, $5
         FROM order_item oi JOIN orders o ON o.order_id = oi.order_id
         WHERE oi.order_item_id = $6 AND o.user_id = $7 AND o.status IN ($8, $9)
         ON CONFLICT (order_item_id) DO NOTHING
         RETURNING prod_comm_id",
    )
    .bind(fields.score as i64)
    .bind(&fields.content)
    .bind(fields.pics.join(","))
    .bind(i64::from(fields.is_anonymous))
    .bind(now)
    .bind(fields.order_item_id)
    .bind(user_id)
    .bind(order_status::RECEIVED as i64)
    .bind(order_status::COMPLETED as i64)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id,)) = inserted else {
        tx.rollback().await?;
        return Ok(Added::Refused);
    };
    sqlx::query(
        "UPDATE orders SET status = $1
         WHERE status = $2 AND order_id = (SELECT order_id FROM order_item WHERE order_item_id = $3)
           AND NOT EXISTS (SELECT 1 FROM order_item oi LEFT JOIN prod_comm c ON c.order_item_id = oi.order_item_id
                           WHERE oi.order_id = orders.order_id AND c.prod_comm_id IS NULL)",
    )
    .bind(order_status::COMPLETED as i64)
    .bind(order_status::RECEIVED as i64)
    .bind(fields.order_item_id)
    .execute(&mut *tx)
    .await?;
    // wallet: a review's points, with their ledger row.
    crate::wallet::repo::earn_review_points(&mut tx, user_id, now).await?;
    tx.commit().await?;
    Ok(Added::Done(id))
}

type CommRow =
    (i64, i64, Option<String>, Option<String>, Option<String>, Option<String>, i64, String, String, i64, String, i64);

/// The columns of a review row as [`CommRow`]: the product's name and picture as the order
/// recorded them, or as the product has them for a seeded review (`{col}` is the language's
/// column), from [`FROM`].
const COLUMNS: &str = "c.prod_comm_id, c.prod_id, COALESCE(oi.prod_name, p.prod_name_{col}),
        COALESCE(oi.pic, p.pic), oi.sku_name, o.order_number, c.score, c.content, c.pics, c.is_anonymous,
        u.nick_name, c.created_at";

/// The reviews (`c`) with what [`COLUMNS`] reads besides.
const FROM: &str = "FROM prod_comm c
     JOIN users u ON u.user_id = c.user_id
     LEFT JOIN order_item oi ON oi.order_item_id = c.order_item_id
     LEFT JOIN orders o ON o.order_id = oi.order_id
     LEFT JOIN product p ON p.prod_id = c.prod_id";

/// `SELECT` [`COLUMNS`] [`FROM`] in `lang`.
fn select(lang: Lang) -> String {
    format!("SELECT {} {FROM}", COLUMNS.replace("{col}", lang_column(lang)))
}

fn comm(row: CommRow, with_order: bool) -> ProdComm {
    let (prod_comm_id, prod_id, prod_name, prod_pic, sku_name, order_number, score, content, pics, anon, nick, at) =
        row;
    let score = score as i32;
    let is_anonymous = anon as i32;
    ProdComm {
        prod_comm_id,
        prod_id,
        prod_name: prod_name.unwrap_or_default(),
        prod_pic: prod_pic.unwrap_or_default(),
        sku_name: sku_name.unwrap_or_default(),
        order_number: if with_order { order_number.unwrap_or_default() } else { String::new() },
        score,
        evaluate: evaluate_of(score),
        content,
        pics: pics.split(',').filter(|p| !p.is_empty()).map(str::to_string).collect(),
        is_anonymous,
        nick_name: if is_anonymous == 1 { masked(&nick) } else { nick },
        rec_time: at,
    }
}

/// The SQL condition of an [`evaluate`] filter.
fn evaluate_filter(filter: i32) -> &'static str {
    match filter {
        evaluate::GOOD => " AND c.score >= 4",
        evaluate::MEDIUM => " AND c.score = 3",
        evaluate::POOR => " AND c.score <= 2",
        evaluate::WITH_PICS => " AND c.pics <> ''",
        _ => "",
    }
}

/// A page of a product's shown reviews, newest first, and their number.
pub async fn by_prod(
    db: &Db,
    prod_id: i64,
    filter: i32,
    lang: Lang,
    current: i64,
    size: i64,
) -> DbResult<(Vec<ProdComm>, i64)> {
    let condition = evaluate_filter(filter);
    let filter = format!("WHERE c.prod_id = $1 AND c.status = 1{condition}");
    let sql = format!(
        "SELECT {}, (SELECT COUNT(*) FROM prod_comm c {filter}) {FROM} {filter}
         ORDER BY c.created_at DESC, c.prod_comm_id DESC LIMIT $2 OFFSET $3",
        COLUMNS.replace("{col}", lang_column(lang))
    );
    let rows = sqlx::query(&sql)
        .bind(prod_id)
        .bind(size)
        .bind(crate::db::paging::offset(current, size))
        .fetch_all(&db.pool)
        .await?;
    let (rows, total) = page_and_total::<CommRow, _>(rows, current, || async {
        let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM prod_comm c {filter}"))
            .bind(prod_id)
            .fetch_one(&db.pool)
            .await?;
        Ok(total)
    })
    .await?;
    Ok((rows.into_iter().map(|r| comm(r, false)).collect(), total))
}

/// A page of the buyer's own reviews, newest first, and their number.
pub async fn by_user(db: &Db, user_id: i64, lang: Lang, current: i64, size: i64) -> DbResult<(Vec<ProdComm>, i64)> {
    let sql = format!(
        "{} WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.prod_comm_id DESC LIMIT $2 OFFSET $3",
        select(lang)
    );
    let count_sql = "SELECT COUNT(*) FROM prod_comm WHERE user_id = $1";
    let (rows, total): (Vec<CommRow>, i64) =
        crate::db::paging::owned_page(db, count_sql, &sql, user_id, current, size).await?;
    Ok((rows.into_iter().map(|r| comm(r, true)).collect(), total))
}

/// One review by id (what `POST /p/prodComm` answers), as its buyer sees it.
pub async fn one(db: &Db, user_id: i64, prod_comm_id: i64, lang: Lang) -> DbResult<Option<ProdComm>> {
    let sql = format!("{} WHERE c.prod_comm_id = $1 AND c.user_id = $2", select(lang));
    let row: Option<CommRow> = sqlx::query_as(&sql).bind(prod_comm_id).bind(user_id).fetch_optional(&db.pool).await?;
    Ok(row.map(|r| comm(r, true)))
}

/// A product's review counts and scores (shown reviews only).
pub async fn data(db: &Db, prod_id: i64) -> DbResult<ProdCommData> {
    let (number, sum, good, medium, poor, with_pics): (i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(score), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN score >= 4 THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN score = 3 THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN score <= 2 THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN pics <> '' THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM prod_comm WHERE prod_id = $1 AND status = 1",
    )
    .bind(prod_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(summary(number, sum, good, medium, poor, with_pics))
}

/// The counts and the rounded average and positive rate.
pub fn summary(number: i64, sum: i64, good: i64, medium: i64, poor: i64, with_pics: i64) -> ProdCommData {
    let one_decimal = |v: f64| (v * 10.0).round() / 10.0;
    let (average_score, positive_rating) = if number > 0 {
        (one_decimal(sum as f64 / number as f64), one_decimal(good as f64 * 100.0 / number as f64))
    } else {
        (0.0, 0.0)
    };
    ProdCommData {
        number,
        average_score,
        positive_rating,
        praise_number: good,
        secondary_number: medium,
        negative_number: poor,
        pic_number: with_pics,
    }
}

/// One of the buyer's orders with its items and whether each is reviewed; `None` when it is
/// not theirs.
pub async fn order_items(db: &Db, user_id: i64, order_number: &str) -> DbResult<Option<CommOrder>> {
    let order: Option<(i64, i64)> =
        sqlx::query_as("SELECT order_id, status FROM orders WHERE order_number = $1 AND user_id = $2")
            .bind(order_number)
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    let Some((order_id, status)) = order else { return Ok(None) };
    let rows: Vec<(i64, i64, String, String, String, Option<i64>)> = sqlx::query_as(
        "SELECT oi.order_item_id, oi.prod_id, oi.prod_name, oi.sku_name, oi.pic, c.prod_comm_id
         FROM order_item oi LEFT JOIN prod_comm c ON c.order_item_id = oi.order_item_id
         WHERE oi.order_id = $1 ORDER BY oi.order_item_id",
    )
    .bind(order_id)
    .fetch_all(&db.pool)
    .await?;
    let items = rows
        .into_iter()
        .map(|(order_item_id, prod_id, prod_name, sku_name, pic, comm)| CommOrderItem {
            order_item_id,
            prod_id,
            prod_name,
            sku_name,
            pic,
            commented: comm.is_some(),
        })
        .collect();
    Ok(Some(CommOrder {
        order_number: order_number.to_string(),
        status: status as i32,
        reviewable: reviewable(status),
        items,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_rounds_to_one_decimal() {
        let s = summary(3, 13, 2, 1, 0, 1);
        assert_eq!((s.average_score, s.positive_rating), (4.3, 66.7));
        assert_eq!(summary(0, 0, 0, 0, 0, 0), ProdCommData::default());
    }
}
