//! The buyer's refunds as the pages and the API read them: the list by status and one
//! application's detail.

use super::*;

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
