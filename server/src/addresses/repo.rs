//! Addresses in the `user_addr` table; `common_addr` 1 marks the buyer's default, and a buyer
//! with addresses always has exactly one.
//!
//! Every write that counts the buyer's addresses or moves the default runs in one transaction
//! that first holds the buyer's row ([`lock_buyer`]), so a burst of parallel adds stops at
//! [`MAX_ADDRESSES`] exactly and the default is never lost or doubled.

use crate::addresses::rules::AddrFields;
use crate::cart::repo::{lock_buyer, Tx};
use crate::db::{Db, DbResult};
use api::addresses::{UserAddr, MAX_ADDRESSES};

const COLUMNS: &str = "addr_id, receiver, mobile, post_code, addr, common_addr";

type AddrRow = (i64, String, String, String, String, i64);

fn user_addr((addr_id, receiver, mobile, post_code, addr, common_addr): AddrRow) -> UserAddr {
    UserAddr { addr_id, receiver, mobile, post_code, addr, common_addr: common_addr as i32 }
}

/// The buyer's addresses: the default first, then the newest.
pub async fn list(db: &Db, user_id: i64) -> DbResult<Vec<UserAddr>> {
    let rows: Vec<AddrRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM user_addr WHERE user_id = $1 ORDER BY common_addr DESC, created_at DESC, addr_id DESC"
    ))
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(user_addr).collect())
}

/// One of the buyer's addresses; `None` when it is not theirs or does not exist.
pub async fn get(db: &Db, user_id: i64, addr_id: i64) -> DbResult<Option<UserAddr>> {
    let row: Option<AddrRow> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM user_addr WHERE addr_id = $1 AND user_id = $2"))
            .bind(addr_id)
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(user_addr))
}

/// Adds an address; the buyer's first becomes the default. `None` when the buyer already has
/// [`MAX_ADDRESSES`].
pub async fn add(db: &Db, user_id: i64, fields: &AddrFields) -> DbResult<Option<UserAddr>> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM user_addr WHERE user_id = $1").bind(user_id).fetch_one(&mut *tx).await?;
    if count >= MAX_ADDRESSES as i64 {
        tx.rollback().await?;
        return Ok(None);
    }
    let common_addr = i64::from(count == 0);
    let (addr_id,): (i64,) = sqlx::query_as(
        "INSERT INTO user_addr (user_id, receiver, mobile, post_code, addr, common_addr, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING addr_id",
    )
    .bind(user_id)
    .bind(&fields.receiver)
    .bind(&fields.mobile)
    .bind(&fields.post_code)
    .bind(&fields.addr)
    .bind(common_addr)
    .bind(db.now())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(UserAddr {
        addr_id,
        receiver: fields.receiver.clone(),
        mobile: fields.mobile.clone(),
        post_code: fields.post_code.clone(),
        addr: fields.addr.clone(),
        common_addr: common_addr as i32,
    }))
}

/// Changes the fields of one of the buyer's addresses (its default flag stays); `None` when it
/// is not theirs.
pub async fn update(db: &Db, user_id: i64, addr_id: i64, fields: &AddrFields) -> DbResult<Option<UserAddr>> {
    let changed = sqlx::query(
        "UPDATE user_addr SET receiver = $1, mobile = $2, post_code = $3, addr = $4
         WHERE addr_id = $5 AND user_id = $6",
    )
    .bind(&fields.receiver)
    .bind(&fields.mobile)
    .bind(&fields.post_code)
    .bind(&fields.addr)
    .bind(addr_id)
    .bind(user_id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    if changed == 0 {
        return Ok(None);
    }
    get(db, user_id, addr_id).await
}

/// Deletes one of the buyer's addresses; when it was the default, the newest remaining one
/// becomes the default. `false` when it is not theirs.
pub async fn delete(db: &Db, user_id: i64, addr_id: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let deleted = sqlx::query("DELETE FROM user_addr WHERE addr_id = $1 AND user_id = $2")
        .bind(addr_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    ensure_default(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(true)
}

/// Makes the newest of the buyer's addresses the default when none is.
async fn ensure_default(tx: &mut Tx<'_>, user_id: i64) -> DbResult<()> {
    sqlx::query(
        "UPDATE user_addr SET common_addr = 1
         WHERE addr_id = (SELECT addr_id FROM user_addr WHERE user_id = $1 ORDER BY created_at DESC, addr_id DESC LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM user_addr WHERE user_id = $2 AND common_addr = 1)",
    )
    .bind(user_id)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Makes one of the buyer's addresses the default and clears the others' flag, together.
/// `false` when it is not theirs.
pub async fn set_default(db: &Db, user_id: i64, addr_id: i64) -> DbResult<bool> {
    let mut tx = db.pool.begin().await?;
    lock_buyer(&mut tx, user_id).await?;
    let chosen = sqlx::query("UPDATE user_addr SET common_addr = 1 WHERE addr_id = $1 AND user_id = $2")
        .bind(addr_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if chosen == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query("UPDATE user_addr SET common_addr = 0 WHERE user_id = $1 AND addr_id <> $2 AND common_addr <> 0")
        .bind(user_id)
        .bind(addr_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}
