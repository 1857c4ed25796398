//! Users and sign-in sessions. A session is found by the SHA-256 of its token; the token
//! itself is only ever held by the client.

use crate::db::{Db, DbResult};
use sha2::{Digest, Sha256};

/// Idle time after which a session ends (spec section 9: 30 minutes).
pub const SESSION_IDLE_MILLIS: i64 = 30 * 60 * 1000;

/// A session is not re-written more often than this, to spare the database on busy pages.
const SLIDE_GRANULARITY_MILLIS: i64 = 15 * 1000;

/// Lower-case hex SHA-256 of a token, the key of the `sessions` table.
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    let mut out = String::with_capacity(64);
    for byte in digest {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// A fresh random session token (256 bits, hex).
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Creates a user with only a nickname and contact (used by sign-up and by tests).
pub async fn create_user(
    db: &Db,
    nick_name: &str,
    user_mail: Option<&str>,
    user_mobile: Option<&str>,
) -> DbResult<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO users (nick_name, user_mail, user_mobile, created_at) VALUES ($1, $2, $3, $4)
         RETURNING user_id",
    )
    .bind(nick_name)
    .bind(user_mail)
    .bind(user_mobile)
    .bind(db.now())
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// Starts a session for `user_id` and returns its token.
pub async fn create_session(db: &Db, user_id: i64) -> DbResult<String> {
    let token = new_token();
    let now = db.now();
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(now)
    .bind(now + SESSION_IDLE_MILLIS)
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// The user of a live session, sliding its expiry forward; `None` when unknown or expired.
pub async fn touch_session(db: &Db, token: &str) -> DbResult<Option<i64>> {
    let hash = token_hash(token);
    let now = db.now();
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT user_id, last_seen_at FROM sessions WHERE token_hash = $1 AND expires_at > $2")
            .bind(&hash)
            .bind(now)
            .fetch_optional(&db.pool)
            .await?;
    let Some((user_id, last_seen_at)) = row else {
        return Ok(None);
    };
    if now - last_seen_at >= SLIDE_GRANULARITY_MILLIS {
        sqlx::query("UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE token_hash = $3")
            .bind(now)
            .bind(now + SESSION_IDLE_MILLIS)
            .bind(&hash)
            .execute(&db.pool)
            .await?;
    }
    Ok(Some(user_id))
}

/// Ends a session (sign-out); its user, when there was one. The caller tells the chat hub
/// (`Hub::sessions_ended`), whose sockets of that session then close.
pub async fn delete_session(db: &Db, token: &str) -> DbResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
        .bind(token_hash(token))
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(user_id,)| user_id))
}
