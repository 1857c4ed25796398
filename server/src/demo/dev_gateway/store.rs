//! Where the development gateway keeps its payments: the database, so that every node of a
//! cluster serves every payment (the checkout page, the mall's status and refund calls, the
//! notifications), whichever node made it.
//!
//! A call works on one payment at a time: [`with_store`] loads the payment a key names into a
//! [`Store`], under its row's write lock, runs the caller's change on it, and writes back what
//! changed (the payment, new keys, a new payment) in the same transaction. Two nodes changing
//! one payment at once therefore apply their changes one after the other.

use super::{DevPayment, KEPT_FOR};
use crate::db::{Db, DbResult};
use crate::http::error::ApiError;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;

/// The payment a call works on, as loaded, and what the call adds: payments by page id, and
/// the keys (page ids and vendor keys such as `stripe:session:cs_…`) naming them.
#[derive(Default)]
pub struct Store {
    payments: HashMap<String, DevPayment>,
    index: HashMap<String, String>,
}

impl Store {
    pub fn payment(&self, page_id: &str) -> Option<&DevPayment> {
        self.payments.get(page_id)
    }

    pub fn payment_mut(&mut self, page_id: &str) -> Option<&mut DevPayment> {
        self.payments.get_mut(page_id)
    }

    /// The page id a key names.
    pub fn page_of(&self, key: &str) -> Option<String> {
        self.index.get(key).cloned().filter(|page| self.payments.contains_key(page))
    }

    pub fn find(&self, key: &str) -> Option<&DevPayment> {
        self.page_of(key).and_then(|page| self.payment(&page))
    }

    pub fn find_mut(&mut self, key: &str) -> Option<&mut DevPayment> {
        let page = self.page_of(key)?;
        self.payment_mut(&page)
    }

    /// Keeps a new payment under its page id and `keys`.
    pub(super) fn insert(&mut self, payment: DevPayment, keys: &[String]) {
        for key in keys.iter().chain([&payment.page_id]) {
            self.index.insert(key.clone(), payment.page_id.clone());
        }
        self.payments.insert(payment.page_id.clone(), payment);
    }

    /// Names the payment of `page_id` by one more key.
    pub(super) fn link(&mut self, key: String, page_id: &str) {
        self.index.insert(key, page_id.to_string());
    }
}

/// Runs `f` on the payment `key` names (a page id or a vendor key; none if it is unknown),
/// then stores what `f` changed or added. A database error is the answer's internal error.
pub async fn with_store<R>(db: &Db, key: &str, f: impl FnOnce(&mut Store) -> R) -> Result<R, Response> {
    run(db, key, f).await.map_err(|error| {
        tracing::warn!(%error, "development gateway: the database refused");
        ApiError::from(error).into_response()
    })
}

async fn run<R>(db: &Db, key: &str, f: impl FnOnce(&mut Store) -> R) -> DbResult<R> {
    let mut tx = db.pool.begin().await?;
    // The write lock first (PostgreSQL: the row's; SQLite: the database's), then the read.
    let loaded: Option<(String, String)> = sqlx::query_as(
        "UPDATE dev_gateway_payment SET version = version + 1
         WHERE page_id = (SELECT page_id FROM dev_gateway_key WHERE lookup = $1)
         RETURNING page_id, data",
    )
    .bind(key)
    .fetch_optional(&mut *tx)
    .await?;
    let mut store = Store::default();
    let mut known_keys: Vec<String> = Vec::new();
    if let Some((page_id, data)) = &loaded {
        let payment: DevPayment = serde_json::from_str(data).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        known_keys = sqlx::query_scalar("SELECT lookup FROM dev_gateway_key WHERE page_id = $1")
            .bind(page_id)
            .fetch_all(&mut *tx)
            .await?;
        for key in &known_keys {
            store.index.insert(key.clone(), page_id.clone());
        }
        store.payments.insert(page_id.clone(), payment);
    }

    let answer = f(&mut store);

    for (page_id, payment) in &store.payments {
        let data = serde_json::to_string(payment).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        match &loaded {
            Some((loaded_id, loaded_data)) if loaded_id == page_id => {
                if &data != loaded_data {
                    sqlx::query("UPDATE dev_gateway_payment SET data = $1 WHERE page_id = $2")
                        .bind(&data)
                        .bind(page_id)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            _ => {
                prune(&mut tx).await?;
                sqlx::query("INSERT INTO dev_gateway_payment (page_id, data, born_ms) VALUES ($1, $2, $3)")
                    .bind(page_id)
                    .bind(&data)
                    .bind(wall_clock_ms())
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    for (key, page_id) in &store.index {
        if !known_keys.contains(key) {
            // A key another node has just given its own payment keeps naming that one.
            sqlx::query(
                "INSERT INTO dev_gateway_key (lookup, page_id) VALUES ($1, $2) ON CONFLICT (lookup) DO NOTHING",
            )
            .bind(key)
            .bind(page_id)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(answer)
}

/// Forgets the payments made more than [`KEPT_FOR`] ago, and their keys.
async fn prune(tx: &mut sqlx::Transaction<'_, sqlx::Any>) -> DbResult<()> {
    let before = wall_clock_ms() - KEPT_FOR.as_millis() as i64;
    sqlx::query(
        "DELETE FROM dev_gateway_key WHERE page_id IN (SELECT page_id FROM dev_gateway_payment WHERE born_ms < $1)",
    )
    .bind(before)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM dev_gateway_payment WHERE born_ms < $1").bind(before).execute(&mut **tx).await?;
    Ok(())
}

/// The real time, Unix milliseconds: how long a payment is kept does not follow the
/// development clock that tests move.
fn wall_clock_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Keeps a PayPal access token issued at `now_ms` until `expires_ms`, forgetting expired ones.
pub async fn keep_token(db: &Db, token: &str, now_ms: i64, expires_ms: i64) -> DbResult<()> {
    sqlx::query("DELETE FROM dev_gateway_token WHERE expires_ms <= $1").bind(now_ms).execute(&db.pool).await?;
    sqlx::query("INSERT INTO dev_gateway_token (token, expires_ms) VALUES ($1, $2)")
        .bind(token)
        .bind(expires_ms)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Whether `token` was issued and is still live at `now_ms`.
pub async fn token_is_live(db: &Db, token: &str, now_ms: i64) -> DbResult<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT expires_ms FROM dev_gateway_token WHERE token = $1")
        .bind(token)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.is_some_and(|expires| now_ms < expires))
}

/// Forgets every token issued.
pub async fn forget_tokens(db: &Db) -> DbResult<()> {
    sqlx::query("DELETE FROM dev_gateway_token").execute(&db.pool).await?;
    Ok(())
}
