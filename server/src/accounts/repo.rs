//! Accounts: users by e-mail or phone, one-time codes, the outbox, rate-limit counters,
//! OAuth2 state, third-party identities and pending bindings (migration `0002_accounts`).

use crate::db::{Db, DbResult};

/// A stored one-time code.
#[derive(Debug, Clone)]
pub struct CodeRow {
    pub code_id: i64,
    pub code_hash: String,
    pub expires_at: i64,
    pub attempts: i64,
    pub used_at: Option<i64>,
    pub created_at: i64,
}

/// A pending provider account (the loginKey of the bind-email dialog).
#[derive(Debug, Clone)]
pub struct LoginKeyRow {
    pub social_type: i64,
    pub subject: String,
    pub email: Option<String>,
    pub nick_name: String,
    pub pic: Option<String>,
}

/// An OAuth2 authorization request in flight.
#[derive(Debug, Clone)]
pub struct OAuthStateRow {
    pub pkce_verifier: String,
    pub social_type: i64,
    pub callback_url: String,
    pub created_at: i64,
    /// The buyer who started it to bind an account (the user centre), else `None`.
    pub bind_user_id: Option<i64>,
}

/// An outbox message.
#[derive(Debug, Clone)]
pub struct OutboxRow {
    pub message_id: i64,
    pub channel: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

fn is_unique_violation(err: &sqlx::Error) -> bool {
    err.as_database_error().is_some_and(|e| e.is_unique_violation())
}

// ---------------------------------------------------------------- users

/// The column an identifier is looked up in.
fn contact_column(is_mail: bool) -> &'static str {
    if is_mail {
        "user_mail"
    } else {
        "user_mobile"
    }
}

/// The user with this e-mail (lower-case) or phone (digits) and their password hash.
pub async fn find_user(db: &Db, is_mail: bool, identifier: &str) -> DbResult<Option<(i64, Option<String>)>> {
    let sql = format!("SELECT user_id, password_hash FROM users WHERE {} = $1", contact_column(is_mail));
    sqlx::query_as(&sql).bind(identifier).fetch_optional(&db.pool).await
}

/// Creates a buyer; `None` when the e-mail or phone is already registered.
pub async fn create_user(
    db: &Db,
    mail: Option<&str>,
    mobile: Option<&str>,
    password_hash: Option<&str>,
    nick_name: &str,
    pic: Option<&str>,
) -> DbResult<Option<i64>> {
    let result: DbResult<(i64,)> = sqlx::query_as(
        "INSERT INTO users (nick_name, pic, user_mail, user_mobile, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING user_id",
    )
    .bind(nick_name)
    .bind(pic)
    .bind(mail)
    .bind(mobile)
    .bind(password_hash)
    .bind(db.now())
    .fetch_one(&db.pool)
    .await;
    match result {
        Ok((id,)) => Ok(Some(id)),
        Err(e) if is_unique_violation(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Replaces a user's password hash.
pub async fn set_password(db: &Db, user_id: i64, password_hash: &str) -> DbResult<()> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE user_id = $2")
        .bind(password_hash)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Ends every session of a user but the one of `keep_token_hash` (after a password change).
pub async fn delete_other_sessions(db: &Db, user_id: i64, keep_token_hash: &str) -> DbResult<u64> {
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user_id)
        .bind(keep_token_hash)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}

/// The social types of the provider accounts bound to a buyer.
pub async fn identity_types(db: &Db, user_id: i64) -> DbResult<Vec<i64>> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT social_type FROM user_identities WHERE user_id = $1 ORDER BY social_type")
            .bind(user_id)
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(t,)| t).collect())
}

/// Ends every session of a user (after a password reset).
pub async fn delete_sessions_of(db: &Db, user_id: i64) -> DbResult<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&db.pool).await?;
    Ok(())
}

/// Profile fields of `/p/user/userInfo`: nickname, picture, e-mail.
pub async fn user_profile(db: &Db, user_id: i64) -> DbResult<Option<(String, Option<String>, Option<String>)>> {
    sqlx::query_as("SELECT nick_name, pic, user_mail FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await
}

// ---------------------------------------------------------------- one-time codes

/// Stores a new code (its salted hash).
pub async fn insert_code(
    db: &Db,
    identifier: &str,
    purpose: &str,
    code_hash: &str,
    expires_at: i64,
    client_addr: &str,
) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO one_time_codes (identifier, purpose, code_hash, expires_at, attempts, created_at, client_addr)
         VALUES ($1, $2, $3, $4, 0, $5, $6)",
    )
    .bind(identifier)
    .bind(purpose)
    .bind(code_hash)
    .bind(expires_at)
    .bind(db.now())
    .bind(client_addr)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The newest code for an identifier and purpose; only this one can be used.
pub async fn latest_code(db: &Db, identifier: &str, purpose: &str) -> DbResult<Option<CodeRow>> {
    let row: Option<(i64, String, i64, i64, Option<i64>, i64)> = sqlx::query_as(
        "SELECT code_id, code_hash, expires_at, attempts, used_at, created_at FROM one_time_codes
         WHERE identifier = $1 AND purpose = $2 ORDER BY created_at DESC, code_id DESC LIMIT 1",
    )
    .bind(identifier)
    .bind(purpose)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(code_id, code_hash, expires_at, attempts, used_at, created_at)| CodeRow {
        code_id,
        code_hash,
        expires_at,
        attempts,
        used_at,
        created_at,
    }))
}

/// Takes one try of a live code before it is checked: the tries so far, counting this one, or
/// `None` (nothing changed) when the code has had `max_attempts` tries, was used or has
/// expired. Concurrent tries can never take more than `max_attempts` between them.
pub async fn take_code_attempt(db: &Db, code_id: i64, max_attempts: i64) -> DbResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "UPDATE one_time_codes SET attempts = attempts + 1
         WHERE code_id = $1 AND attempts < $2 AND used_at IS NULL AND expires_at > $3
         RETURNING attempts",
    )
    .bind(code_id)
    .bind(max_attempts)
    .bind(db.now())
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(tries,)| tries))
}

/// Forgets codes that expired before `before`.
pub async fn sweep_codes(db: &Db, before: i64) -> DbResult<u64> {
    let done = sqlx::query("DELETE FROM one_time_codes WHERE expires_at < $1").bind(before).execute(&db.pool).await?;
    Ok(done.rows_affected())
}

/// Marks a code used; `false` when another request used it first.
pub async fn use_code(db: &Db, code_id: i64) -> DbResult<bool> {
    let done = sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE code_id = $2 AND used_at IS NULL")
        .bind(db.now())
        .bind(code_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

// ---------------------------------------------------------------- rate limits

/// The longest window of any rate-limit bucket: a counter whose window started longer ago
/// than this limits nothing any more, and [`sweep_rate_limits`] forgets it.
pub const RATE_WINDOW_MAX_MILLIS: i64 = 3_600_000;

/// Takes one hit from a bucket of `limit` hits per fixed window of `window_millis` (at most
/// [`RATE_WINDOW_MAX_MILLIS`]), in one statement: `Some(hits)` counting this one, or `None`
/// (nothing changed) when the window's hits are used up. Concurrent callers can never take
/// more than `limit` between them.
pub async fn take(db: &Db, bucket: &str, window_millis: i64, limit: i64) -> DbResult<Option<i64>> {
    assert!(window_millis <= RATE_WINDOW_MAX_MILLIS, "a rate window longer than the sweep keeps counters");
    take_at(&db.pool, bucket, db.now(), window_millis, limit).await
}

/// [`take`] at `now` through `executor`: also inside a transaction (the chat counts a message
/// in the transaction that stores it, so a refused one rolls back with it). One statement for
/// every bucket, so the window's rule is written once.
pub async fn take_at<'e, E>(
    executor: E,
    bucket: &str,
    now: i64,
    window_millis: i64,
    limit: i64,
) -> DbResult<Option<i64>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
         WHERE rate_limits.window_start <= $3 OR rate_limits.hits < $4
         RETURNING hits",
    )
    .bind(bucket)
    .bind(now)
    .bind(now - window_millis)
    .bind(limit)
    .fetch_optional(executor)
    .await?;
    Ok(row.map(|(hits,)| hits))
}

/// Gives one hit back (an attempt that turned out to be legitimate).
pub async fn give_back(db: &Db, bucket: &str) -> DbResult<()> {
    sqlx::query("UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND hits > 0")
        .bind(bucket)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Forgets counters whose window started before `before` (they no longer limit anything).
pub async fn sweep_rate_limits(db: &Db, before: i64) -> DbResult<u64> {
    let done = sqlx::query("DELETE FROM rate_limits WHERE window_start < $1").bind(before).execute(&db.pool).await?;
    Ok(done.rows_affected())
}

/// The hits in the current window, and when the window ends.
pub async fn peek(db: &Db, bucket: &str, window_millis: i64) -> DbResult<(i64, i64)> {
    let now = db.now();
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT hits, window_start FROM rate_limits WHERE bucket = $1 AND window_start > $2")
            .bind(bucket)
            .bind(now - window_millis)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(hits, start)| (hits, start + window_millis)).unwrap_or((0, now)))
}

/// Forgets a counter (a successful sign-in clears the failures of its identifier).
pub async fn clear(db: &Db, bucket: &str) -> DbResult<()> {
    sqlx::query("DELETE FROM rate_limits WHERE bucket = $1").bind(bucket).execute(&db.pool).await?;
    Ok(())
}

// ---------------------------------------------------------------- outbox

/// Queues a message for delivery.
pub async fn enqueue(db: &Db, channel: &str, recipient: &str, subject: &str, body: &str) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO outbox (channel, recipient, subject, body, created_at, attempts) VALUES ($1, $2, $3, $4, $5, 0)",
    )
    .bind(channel)
    .bind(recipient)
    .bind(subject)
    .bind(body)
    .bind(db.now())
    .execute(&db.pool)
    .await?;
    Ok(())
}

type OutboxTuple = (i64, String, String, String, String, i64, Option<i64>);

fn outbox_row(t: OutboxTuple) -> OutboxRow {
    let (message_id, channel, recipient, subject, body, created_at, sent_at) = t;
    OutboxRow { message_id, channel, recipient, subject, body, created_at, sent_at }
}

/// The newest messages to a recipient (the development mailbox).
pub async fn mailbox(db: &Db, recipient: &str, limit: i64) -> DbResult<Vec<OutboxRow>> {
    let rows: Vec<OutboxTuple> = sqlx::query_as(
        "SELECT message_id, channel, recipient, subject, body, created_at, sent_at FROM outbox
         WHERE recipient = $1 ORDER BY message_id DESC LIMIT $2",
    )
    .bind(recipient)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(outbox_row).collect())
}

/// Undelivered messages not claimed by a live worker, oldest first.
pub async fn pending(db: &Db, limit: i64, max_attempts: i64) -> DbResult<Vec<OutboxRow>> {
    let rows: Vec<OutboxTuple> = sqlx::query_as(
        "SELECT message_id, channel, recipient, subject, body, created_at, sent_at FROM outbox
         WHERE sent_at IS NULL AND attempts < $1 AND (claimed_until IS NULL OR claimed_until < $2)
         ORDER BY message_id LIMIT $3",
    )
    .bind(max_attempts)
    .bind(db.now())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(outbox_row).collect())
}

/// Claims a message for `lease_millis`; `false` when another node has it.
pub async fn claim(db: &Db, message_id: i64, lease_millis: i64) -> DbResult<bool> {
    let now = db.now();
    let done = sqlx::query(
        "UPDATE outbox SET claimed_until = $1 WHERE message_id = $2 AND sent_at IS NULL
         AND (claimed_until IS NULL OR claimed_until < $3)",
    )
    .bind(now + lease_millis)
    .bind(message_id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a delivery (`error` None) or a failed attempt.
pub async fn delivered(db: &Db, message_id: i64, error: Option<&str>) -> DbResult<()> {
    let sql = if error.is_none() {
        "UPDATE outbox SET sent_at = $1, attempts = attempts + 1, error = $2, claimed_until = NULL WHERE message_id = $3"
    } else {
        "UPDATE outbox SET claimed_until = $1, attempts = attempts + 1, error = $2 WHERE message_id = $3"
    };
    // A failed message is retried after a minute (its claim is extended instead of cleared).
    let stamp = if error.is_none() { db.now() } else { db.now() + 60_000 };
    sqlx::query(sql).bind(stamp).bind(error).bind(message_id).execute(&db.pool).await?;
    Ok(())
}

// ---------------------------------------------------------------- OAuth2

/// Forgets authorization requests started, and loginKeys that expired, before `before`.
pub async fn sweep_sign_in_requests(db: &Db, before: i64) -> DbResult<u64> {
    let states = sqlx::query("DELETE FROM oauth_states WHERE created_at < $1").bind(before).execute(&db.pool).await?;
    let keys = sqlx::query("DELETE FROM third_login_keys WHERE expires_at < $1").bind(before).execute(&db.pool).await?;
    Ok(states.rows_affected() + keys.rows_affected())
}

/// Remembers an authorization request.
pub async fn insert_oauth_state(
    db: &Db,
    state: &str,
    pkce_verifier: &str,
    social_type: i64,
    callback_url: &str,
    bind_user_id: Option<i64>,
) -> DbResult<()> {
    let now = db.now();
    // Old, never-finished requests are swept along the way.
    sqlx::query("DELETE FROM oauth_states WHERE created_at < $1").bind(now - 3_600_000).execute(&db.pool).await?;
    sqlx::query(
        "INSERT INTO oauth_states (state, pkce_verifier, social_type, callback_url, created_at, bind_user_id)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(state)
    .bind(pkce_verifier)
    .bind(social_type)
    .bind(callback_url)
    .bind(now)
    .bind(bind_user_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Takes (deletes and returns) an authorization request: a state works once.
pub async fn take_oauth_state(db: &Db, state: &str) -> DbResult<Option<OAuthStateRow>> {
    let row: Option<(String, i64, String, i64, Option<i64>)> = sqlx::query_as(
        "DELETE FROM oauth_states WHERE state = $1
         RETURNING pkce_verifier, social_type, callback_url, created_at, bind_user_id",
    )
    .bind(state)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(pkce_verifier, social_type, callback_url, created_at, bind_user_id)| OAuthStateRow {
        pkce_verifier,
        social_type,
        callback_url,
        created_at,
        bind_user_id,
    }))
}

/// The buyer a provider account is bound to.
pub async fn identity_user(db: &Db, social_type: i64, subject: &str) -> DbResult<Option<i64>> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT user_id FROM user_identities WHERE social_type = $1 AND subject = $2")
            .bind(social_type)
            .bind(subject)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(id,)| id))
}

/// Binds a provider account to a buyer; `false` when it is already bound (to anyone).
pub async fn bind_identity(
    db: &Db,
    social_type: i64,
    subject: &str,
    user_id: i64,
    email: Option<&str>,
) -> DbResult<bool> {
    let done = sqlx::query(
        "INSERT INTO user_identities (social_type, subject, user_id, email, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (social_type, subject) DO NOTHING",
    )
    .bind(social_type)
    .bind(subject)
    .bind(user_id)
    .bind(email)
    .bind(db.now())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores a pending provider account under the hash of its loginKey.
pub async fn insert_login_key(db: &Db, key_hash: &str, row: &LoginKeyRow, expires_at: i64) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO third_login_keys (key_hash, social_type, subject, email, nick_name, pic, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(key_hash)
    .bind(row.social_type)
    .bind(&row.subject)
    .bind(&row.email)
    .bind(&row.nick_name)
    .bind(&row.pic)
    .bind(db.now())
    .bind(expires_at)
    .execute(&db.pool)
    .await?;
    Ok(())
}

type LoginKeyTuple = (i64, String, Option<String>, String, Option<String>);

/// A live (unused, unexpired) pending provider account.
pub async fn find_login_key(db: &Db, key_hash: &str) -> DbResult<Option<LoginKeyRow>> {
    let row: Option<LoginKeyTuple> = sqlx::query_as(
        "SELECT social_type, subject, email, nick_name, pic FROM third_login_keys
         WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(key_hash)
    .bind(db.now())
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(social_type, subject, email, nick_name, pic)| LoginKeyRow {
        social_type,
        subject,
        email,
        nick_name,
        pic,
    }))
}

/// Marks a loginKey used; `false` when it was used already.
pub async fn use_login_key(db: &Db, key_hash: &str) -> DbResult<bool> {
    let done = sqlx::query("UPDATE third_login_keys SET used_at = $1 WHERE key_hash = $2 AND used_at IS NULL")
        .bind(db.now())
        .bind(key_hash)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
