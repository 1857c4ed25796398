//! An application for a refund, step by step: what is left of the order is read (`repo`) and
//! decided on (`amounts`), then held and stored in one transaction whose conditional updates
//! keep concurrent applications within what was paid and ordered.

use crate::db::{Db, DbResult};
use crate::refunds::amounts::{self, Refused};
use crate::refunds::repo;
use crate::refunds::rules::{self, ApplyFields};
use api::refunds::{refund_step, RefundableOrder};
use i18n::Lang;

/// What of one of the buyer's orders may still be refunded, its items named in `lang`; `None`
/// when it is not theirs.
pub async fn refundable(db: &Db, user_id: i64, order_number: &str, lang: Lang) -> DbResult<Option<RefundableOrder>> {
    let mut conn = db.pool.acquire().await?;
    let Some(order) = repo::order_facts(&mut conn, user_id, order_number).await? else { return Ok(None) };
    let items = repo::item_facts(&mut conn, order.order_id, lang).await?;
    Ok(Some(amounts::refundable(order_number, &order, &items)))
}

/// Stores an application and holds its amount and units; answers its number.
pub async fn apply(db: &Db, user_id: i64, f: &ApplyFields) -> DbResult<Result<String, Refused>> {
    let now = db.now();
    // The limits as they are now, for a precise refusal; the conditional updates below hold
    // them under concurrent applications.
    let mut conn = db.pool.acquire().await?;
    let Some(order) = repo::order_facts(&mut conn, user_id, &f.order_number).await? else {
        return Ok(Err(Refused::Unknown));
    };
    let items = repo::item_facts(&mut conn, order.order_id, Lang::default()).await?;
    drop(conn);
    let view = amounts::refundable(&f.order_number, &order, &items);
    let item = match amounts::check_application(&view, f) {
        Ok(index) => index.map(|i| &items[i]),
        Err(refused) => return Ok(Err(refused)),
    };
    let mut tx = db.pool.begin().await?;
    if !repo::hold_on_order(&mut tx, order.order_id, user_id, f).await? {
        tx.rollback().await?;
        return Ok(Err(left_now(db, user_id, f).await?));
    }
    if let Some(item) = item {
        let items_total = items.iter().map(|i| i.total).sum();
        let paid = amounts::item_paid(order.actual_total, order.transfee, item.total, items_total);
        if !repo::hold_on_item(&mut tx, item.order_item_id, paid, (f.amount, f.goods_num)).await? {
            tx.rollback().await?;
            return Ok(Err(left_now(db, user_id, f).await?));
        }
    }
    let refund_sn = rules::new_refund_sn(now);
    let refund_id = repo::insert_application(&mut tx, &refund_sn, user_id, &order, f, view.shipped, now).await?;
    repo::step(&mut tx, refund_id, refund_step::BUYER_APPLIES, now, "").await?;
    tx.commit().await?;
    Ok(Ok(refund_sn))
}

/// The refusal of an application that lost a race: what is left now.
async fn left_now(db: &Db, user_id: i64, f: &ApplyFields) -> DbResult<Refused> {
    let view = refundable(db, user_id, &f.order_number, Lang::default()).await?;
    Ok(amounts::refused_now(view.as_ref(), f))
}
