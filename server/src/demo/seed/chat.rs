//! The chat's agents: a service account for the platform's customer service (shop 0), one for
//! the shop of product 1 and one for the mall's own store (shop 1), so that the demo's chat
//! has someone to answer. They sign in with the demo password ([`super::buyers::DEMO_PASSWORD`],
//! in the README); the accounts are found by e-mail and kept, their agent links replaced.

use crate::db::{Db, DbResult};

/// The agents: e-mail, nickname, and which shop they answer for (`None`: the shop of
/// product 1).
pub const DEMO_AGENTS: [(&str, &str, Option<i64>); 3] = [
    ("service@example.com", "Mall Service", Some(0)),
    ("shop.agent@example.com", "Shop Service", None),
    ("mall.agent@example.com", "Mall Store Service", Some(1)),
];

/// Seeds the agents; `with_password` lets them sign in (the demo), without it they are
/// accounts only (the API tests sign them in directly). Returns how many agents there are.
pub async fn seed(db: &Db, with_password: bool, now: i64) -> DbResult<usize> {
    static HASH: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    let password_hash = if with_password {
        let hash = HASH
            .get_or_try_init(|| async {
                crate::accounts::hashing::hash_password(super::buyers::DEMO_PASSWORD.to_string())
                    .await
                    .map_err(|e| sqlx::Error::Protocol(format!("hashing the demo password: {e:?}")))
            })
            .await?;
        Some(hash.as_str())
    } else {
        None
    };
    let product_shop: Option<(i64,)> =
        sqlx::query_as("SELECT shop_id FROM product WHERE prod_id = 1").fetch_optional(&db.pool).await?;
    let product_shop = product_shop.map_or(1, |(shop,)| shop);
    let mut tx = db.pool.begin().await?;
    for (mail, nick, shop) in DEMO_AGENTS {
        let shop = shop.unwrap_or(product_shop);
        let found: Option<(i64,)> = sqlx::query_as("SELECT user_id FROM users WHERE user_mail = $1")
            .bind(mail)
            .fetch_optional(&mut *tx)
            .await?;
        let user_id = match found {
            Some((id,)) => id,
            None => {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO users (nick_name, user_mail, created_at) VALUES ($1, $2, $3) RETURNING user_id",
                )
                .bind(nick)
                .bind(mail)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
                id
            }
        };
        if let Some(hash) = password_hash {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE user_id = $2")
                .bind(hash)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO chat_agent (user_id, shop_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET shop_id = excluded.shop_id",
        )
        .bind(user_id)
        .bind(shop)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(DEMO_AGENTS.len())
}
