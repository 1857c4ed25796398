//! Shop applications in the `shop_apply` table (migration 0013): the buyer's latest one, a new
//! one, the store account of an approved one, the review (the development command stands in
//! for the sellers' centre), and what `GET /p/user/centerInfo` reports.
//!
//! A buyer has at most one application under review or approved: the submission runs in one
//! transaction that holds the buyer's row ([`lock_buyer`]) and looks at the latest
//! application and the shops the buyer owns, and the partial unique index
//! `shop_apply_one_open` refuses a second one whatever happens. Each review is a conditional
//! update on the application's status, so it happens once.

use crate::cart::repo::lock_buyer;
use crate::db::{lang_column, Db, DbResult};
use api::shop_apply::{apply_status, my_shop_status, ShopApplyInfo, ShopApplyParam};
use i18n::Lang;

/// Why a submission was not stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApplyRefusal {
    /// An application waits for review.
    UnderReview,
    /// The buyer already runs a shop (approved here, or owned otherwise).
    HasShop,
}

/// Why a store account was not set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountRefusal {
    /// The buyer has no approved application.
    NotApproved,
    /// The store account is set already (it is set once).
    AlreadySet,
    /// Another shop uses this store account.
    Taken,
}

/// What a review did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reviewed {
    /// Approved: the shop opened with this id.
    Approved {
        shop_id: i64,
    },
    Rejected,
    /// The approved application's shop is offline now.
    Offline {
        shop_id: i64,
    },
    /// No application has this id.
    Unknown,
    /// The application is not in a state this review applies to (its status is given).
    WrongState(i32),
}

fn is_unique_violation(err: &sqlx::Error) -> bool {
    err.as_database_error().is_some_and(|e| e.is_unique_violation())
}

/// The spec's my-shop code of a shop row's `shop_status` (1 online, 2 under review, -1 closed
/// or rejected, anything else offline).
fn shop_code(shop_status: i64) -> i64 {
    match shop_status {
        1 => my_shop_status::OPEN,
        2 => my_shop_status::UNDER_REVIEW,
        -1 => my_shop_status::REJECTED,
        _ => my_shop_status::OFFLINE,
    }
}

/// The buyer's shop as `GET /p/user/centerInfo` reports it, `(shopStatus, shopId)`: the shop
/// they own (open 1, offline 2), else their latest application (under review 0, rejected -1),
/// else nothing.
pub async fn center_info(db: &Db, user_id: i64) -> DbResult<(Option<i64>, Option<i64>)> {
    let owned: Option<(i64, i64)> =
        sqlx::query_as("SELECT shop_id, shop_status FROM shop WHERE owner_user_id = $1 ORDER BY shop_id LIMIT 1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    if let Some((shop_id, status)) = owned {
        return Ok((Some(shop_code(status)), Some(shop_id)));
    }
    let latest: Option<(i64,)> =
        sqlx::query_as("SELECT status FROM shop_apply WHERE user_id = $1 ORDER BY apply_id DESC LIMIT 1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(match latest.map(|(s,)| s as i32) {
        Some(apply_status::UNDER_REVIEW) => (Some(my_shop_status::UNDER_REVIEW), None),
        Some(apply_status::REJECTED) => (Some(my_shop_status::REJECTED), None),
        // Approved, but its shop is gone (the demo mall was seeded again): not open.
        Some(_) => (Some(my_shop_status::OFFLINE), None),
        None => (None, None),
    })
}

crate::db::named_row! {
/// An application as [`latest`] reads it: its row, its category's name and its shop's status.
struct InfoRow {
    apply_id: i64,
    shop_name: String,
    intro: String,
    shop_address: String,
    tel: String,
    category_id: i64,
    category_name: Option<String>,
    /// A JSON array of the pictures' paths.
    qualifications: String,
    status: i64,
    remarks: Option<String>,
    shop_id: Option<i64>,
    shop_status: Option<i64>,
    store_account: Option<String>,
    created_at: i64,
    reviewed_at: Option<i64>,
}
}

/// The buyer's latest application, with its category's name in `lang` and its shop's state.
pub async fn latest(db: &Db, user_id: i64, lang: Lang) -> DbResult<Option<ShopApplyInfo>> {
    let col = lang_column(lang);
    let row: Option<InfoRow> = sqlx::query_as(&format!(
        "SELECT a.apply_id, a.shop_name, a.intro, a.shop_address, a.tel, a.category_id,
                c.category_name_{col} AS category_name, a.qualifications, a.status, a.remarks, a.shop_id,
                s.shop_status, a.store_account, a.created_at, a.reviewed_at
         FROM shop_apply a
         LEFT JOIN category c ON c.category_id = a.category_id
         LEFT JOIN shop s ON s.shop_id = a.shop_id AND s.owner_user_id = a.user_id
         WHERE a.user_id = $1 ORDER BY a.apply_id DESC LIMIT 1"
    ))
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|r| {
        let status = r.status as i32;
        let shop_status = match (status, r.shop_status) {
            (apply_status::APPROVED, Some(s)) => Some(shop_code(s)),
            (apply_status::APPROVED, None) => Some(my_shop_status::OFFLINE),
            _ => None,
        };
        ShopApplyInfo {
            apply_id: r.apply_id,
            shop_name: r.shop_name,
            intro: r.intro,
            shop_address: r.shop_address,
            tel: r.tel,
            category_id: r.category_id,
            category_name: r.category_name.unwrap_or_default(),
            qualifications: serde_json::from_str(&r.qualifications).unwrap_or_default(),
            status,
            remarks: r.remarks,
            shop_id: r.shop_id.filter(|_| status == apply_status::APPROVED),
            shop_status,
            store_account: r.store_account,
            create_time: r.created_at,
            review_time: r.reviewed_at,
        }
    }))
}

/// Whether `category_id` is a shown top-level category.
pub async fn top_category_exists(db: &Db, category_id: i64) -> DbResult<bool> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT category_id FROM category WHERE category_id = $1 AND parent_id = 0 AND status = 1")
            .bind(category_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.is_some())
}

/// Stores a new application under review (`fields` already checked and cleaned), unless one
/// waits for review or the buyer runs a shop.
pub async fn submit(db: &Db, user_id: i64, fields: &ShopApplyParam) -> DbResult<Result<i64, ApplyRefusal>> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let (owned,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM shop WHERE owner_user_id = $1").bind(user_id).fetch_one(&mut *tx).await?;
    let open: Option<(i64,)> =
        sqlx::query_as("SELECT status FROM shop_apply WHERE user_id = $1 AND status IN (0, 1) LIMIT 1")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
    let refusal = match open.map(|(s,)| s as i32) {
        Some(apply_status::UNDER_REVIEW) => Some(ApplyRefusal::UnderReview),
        Some(_) => Some(ApplyRefusal::HasShop),
        None if owned > 0 => Some(ApplyRefusal::HasShop),
        None => None,
    };
    if let Some(refusal) = refusal {
        tx.rollback().await?;
        return Ok(Err(refusal));
    }
    let pictures = serde_json::to_string(&fields.qualifications).unwrap_or_else(|_| "[]".into());
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO shop_apply (user_id, shop_name, intro, shop_address, tel, category_id, qualifications, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8) RETURNING apply_id",
    )
    .bind(user_id)
    .bind(&fields.shop_name)
    .bind(&fields.intro)
    .bind(&fields.shop_address)
    .bind(&fields.tel)
    .bind(fields.category_id)
    .bind(pictures)
    .bind(db.now())
    .fetch_one(&mut *tx)
    .await;
    match inserted {
        Ok((apply_id,)) => {
            tx.commit().await?;
            Ok(Ok(apply_id))
        }
        // The index stands behind the lock: one under review or approved per buyer.
        Err(e) if is_unique_violation(&e) => Ok(Err(ApplyRefusal::UnderReview)),
        Err(e) => Err(e),
    }
}

/// Whether another application already uses `account` (any case).
pub async fn store_account_taken(db: &Db, account: &str) -> DbResult<bool> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT apply_id FROM shop_apply WHERE store_account_key = $1")
        .bind(account.to_lowercase())
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.is_some())
}

/// Sets the store account and password hash of the buyer's approved application, once.
pub async fn set_store_account(
    db: &Db,
    user_id: i64,
    account: &str,
    password_hash: &str,
) -> DbResult<Result<(), AccountRefusal>> {
    let updated = sqlx::query(
        "UPDATE shop_apply SET store_account = $1, store_account_key = $2, store_password_hash = $3
         WHERE user_id = $4 AND status = 1 AND store_account IS NULL",
    )
    .bind(account)
    .bind(account.to_lowercase())
    .bind(password_hash)
    .bind(user_id)
    .execute(&db.pool)
    .await;
    match updated {
        Ok(done) if done.rows_affected() > 0 => Ok(Ok(())),
        Ok(_) => {
            let approved: Option<(Option<String>,)> =
                sqlx::query_as("SELECT store_account FROM shop_apply WHERE user_id = $1 AND status = 1")
                    .bind(user_id)
                    .fetch_optional(&db.pool)
                    .await?;
            Ok(Err(match approved {
                Some((Some(_),)) => AccountRefusal::AlreadySet,
                _ => AccountRefusal::NotApproved,
            }))
        }
        Err(e) if is_unique_violation(&e) => Ok(Err(AccountRefusal::Taken)),
        Err(e) => Err(e),
    }
}

/// The status of an application, when it exists.
async fn status_of(db: &Db, apply_id: i64) -> DbResult<Option<i32>> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT status FROM shop_apply WHERE apply_id = $1")
        .bind(apply_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(s,)| s as i32))
}

/// Approves an application under review: its shop opens (status 1, owned by the applicant,
/// with the application's name, description and phone), in the same transaction.
pub async fn approve(db: &Db, apply_id: i64) -> DbResult<Reviewed> {
    let mut tx = db.pool.begin().await?;
    let now = db.now();
    let claimed: Option<(i64, String, String, String)> = sqlx::query_as(
        "UPDATE shop_apply SET status = 1, reviewed_at = $1 WHERE apply_id = $2 AND status = 0
         RETURNING user_id, shop_name, intro, tel",
    )
    .bind(now)
    .bind(apply_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, shop_name, intro, tel)) = claimed else {
        tx.rollback().await?;
        return Ok(match status_of(db, apply_id).await? {
            Some(status) => Reviewed::WrongState(status),
            None => Reviewed::Unknown,
        });
    };
    let (shop_id,): (i64,) = sqlx::query_as(
        "INSERT INTO shop (shop_name, intro, type, shop_status, contact, owner_user_id, created_at)
         VALUES ($1, $2, 0, 1, $3, $4, $5) RETURNING shop_id",
    )
    .bind(&shop_name)
    .bind(&intro)
    .bind(&tel)
    .bind(user_id)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE shop_apply SET shop_id = $1 WHERE apply_id = $2")
        .bind(shop_id)
        .bind(apply_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Reviewed::Approved { shop_id })
}

/// Rejects an application under review with the reviewer's reason.
pub async fn reject(db: &Db, apply_id: i64, reason: &str) -> DbResult<Reviewed> {
    let done = sqlx::query(
        "UPDATE shop_apply SET status = -1, remarks = $1, reviewed_at = $2 WHERE apply_id = $3 AND status = 0",
    )
    .bind(reason)
    .bind(db.now())
    .bind(apply_id)
    .execute(&db.pool)
    .await?;
    if done.rows_affected() > 0 {
        return Ok(Reviewed::Rejected);
    }
    Ok(match status_of(db, apply_id).await? {
        Some(status) => Reviewed::WrongState(status),
        None => Reviewed::Unknown,
    })
}

/// Takes the shop of an approved application offline (shop status 0).
pub async fn take_offline(db: &Db, apply_id: i64) -> DbResult<Reviewed> {
    let row: Option<(i64, Option<i64>)> = sqlx::query_as("SELECT status, shop_id FROM shop_apply WHERE apply_id = $1")
        .bind(apply_id)
        .fetch_optional(&db.pool)
        .await?;
    match row {
        None => Ok(Reviewed::Unknown),
        Some((status, Some(shop_id))) if status as i32 == apply_status::APPROVED => {
            let done = sqlx::query("UPDATE shop SET shop_status = 0 WHERE shop_id = $1")
                .bind(shop_id)
                .execute(&db.pool)
                .await?;
            Ok(if done.rows_affected() > 0 { Reviewed::Offline { shop_id } } else { Reviewed::Unknown })
        }
        Some((status, _)) => Ok(Reviewed::WrongState(status as i32)),
    }
}
