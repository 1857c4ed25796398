//! The buyer's profile, password and bound addresses in `users`, and the unbinding of provider
//! accounts (`user_identities`), each write in one statement or one transaction holding the
//! buyer's row.

use crate::db::{Db, DbResult};

/// What the account pages read of a buyer.
#[derive(Debug, Clone)]
pub struct Account {
    pub nick_name: String,
    pub pic: Option<String>,
    pub user_mail: Option<String>,
    pub user_mobile: Option<String>,
    pub password_hash: Option<String>,
    pub pay_password_hash: Option<String>,
}

type AccountRow = (String, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>);

pub async fn account(db: &Db, user_id: i64) -> DbResult<Option<Account>> {
    let row: Option<AccountRow> = sqlx::query_as(
        "SELECT nick_name, pic, user_mail, user_mobile, password_hash, pay_password_hash FROM users WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(nick_name, pic, user_mail, user_mobile, password_hash, pay_password_hash)| Account {
        nick_name,
        pic,
        user_mail,
        user_mobile,
        password_hash,
        pay_password_hash,
    }))
}

/// Sets the nickname and the picture.
pub async fn set_profile(db: &Db, user_id: i64, nick_name: &str, pic: Option<&str>) -> DbResult<()> {
    sqlx::query("UPDATE users SET nick_name = $1, pic = $2 WHERE user_id = $3")
        .bind(nick_name)
        .bind(pic)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Replaces the sign-in password, only while it is still `old_hash` (none for a first one), so
/// two changes racing each other cannot both win; `false` when it changed meanwhile.
pub async fn replace_password(db: &Db, user_id: i64, old_hash: Option<&str>, new_hash: &str) -> DbResult<bool> {
    let done = match old_hash {
        Some(old) => {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE user_id = $2 AND password_hash = $3")
                .bind(new_hash)
                .bind(user_id)
                .bind(old)
                .execute(&db.pool)
                .await?
        }
        None => {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE user_id = $2 AND password_hash IS NULL")
                .bind(new_hash)
                .bind(user_id)
                .execute(&db.pool)
                .await?
        }
    };
    Ok(done.rows_affected() == 1)
}

/// Whether another buyer has this e-mail (`is_mail`) or phone.
pub async fn taken_by_other(db: &Db, is_mail: bool, value: &str, user_id: i64) -> DbResult<bool> {
    let sql = if is_mail {
        "SELECT user_id FROM users WHERE user_mail = $1 AND user_id <> $2"
    } else {
        "SELECT user_id FROM users WHERE user_mobile = $1 AND user_id <> $2"
    };
    let row: Option<(i64,)> = sqlx::query_as(sql).bind(value).bind(user_id).fetch_optional(&db.pool).await?;
    Ok(row.is_some())
}

/// Sets the buyer's e-mail (`is_mail`) or phone; `false` when another buyer has it (the unique
/// index decides, so two buyers racing for one address cannot both have it).
pub async fn set_contact(db: &Db, user_id: i64, is_mail: bool, value: &str) -> DbResult<bool> {
    let sql = if is_mail {
        "UPDATE users SET user_mail = $1 WHERE user_id = $2"
    } else {
        "UPDATE users SET user_mobile = $1 WHERE user_id = $2"
    };
    match sqlx::query(sql).bind(value).bind(user_id).execute(&db.pool).await {
        Ok(_) => Ok(true),
        Err(e) if e.as_database_error().is_some_and(|d| d.is_unique_violation()) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Why a provider account could not be unbound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unbind {
    Done,
    NotBound,
    LastWay,
}

/// Unbinds the buyer's provider accounts of `social_type`, unless that would leave no way to
/// sign in ([`super::rules::can_unbind`]). The buyer's row is written first, so concurrent
/// unbinds of one buyer take turns and cannot together take the last way away.
pub async fn unbind(db: &Db, user_id: i64, social_type: i64) -> DbResult<Unbind> {
    let mut tx = db.pool.begin().await?;
    let row: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("UPDATE users SET user_id = user_id WHERE user_id = $1 RETURNING user_mail, user_mobile")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((mail, mobile)) = row else { return Ok(Unbind::NotBound) };
    let types: Vec<(i64,)> = sqlx::query_as("SELECT social_type FROM user_identities WHERE user_id = $1")
        .bind(user_id)
        .fetch_all(&mut *tx)
        .await?;
    let of_type = types.iter().filter(|(t,)| *t == social_type).count();
    if of_type == 0 {
        return Ok(Unbind::NotBound);
    }
    let left = types.len() - of_type;
    if !super::rules::can_unbind(mail.is_some(), mobile.is_some(), left + 1) {
        return Ok(Unbind::LastWay);
    }
    sqlx::query("DELETE FROM user_identities WHERE user_id = $1 AND social_type = $2")
        .bind(user_id)
        .bind(social_type)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Unbind::Done)
}
