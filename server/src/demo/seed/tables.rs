//! The tables the seed owns: emptied before a seed, and on PostgreSQL their id sequences moved
//! past the explicit ids the seed wrote.

use crate::db::{Backend, Db, DbResult};

/// Tables the seed owns, children first (buyers' claims of demo coupons go with the coupons,
/// their cart lines with the products; orders keep their own copy of what was bought).
const SEEDED_TABLES: [&str; 20] = [
    "basket",
    "shop_collection",
    "renovation",
    "user_coupon",
    "coupon",
    "discount",
    "group_team",
    "group_activity",
    "seckill",
    "sku",
    "product",
    "category",
    "shop",
    "index_img",
    "notice",
    "hot_search",
    "pay_switch",
    "language",
    "web_config",
    "currency",
];

/// The (table, id column) pairs whose PostgreSQL sequences follow the seeded ids.
const SERIALS: [(&str, &str); 14] = [
    ("currency", "currency_id"),
    ("shop", "shop_id"),
    ("category", "category_id"),
    ("product", "prod_id"),
    ("sku", "sku_id"),
    ("index_img", "id"),
    ("notice", "id"),
    ("hot_search", "hot_search_id"),
    ("seckill", "seckill_id"),
    ("group_activity", "group_activity_id"),
    ("discount", "discount_id"),
    ("coupon", "coupon_id"),
    ("renovation", "renovation_id"),
    ("users", "user_id"),
];

/// Deletes every row of the seeded tables, in one transaction.
pub async fn clear(db: &Db) -> DbResult<()> {
    let mut tx = db.pool.begin().await?;
    for table in SEEDED_TABLES {
        sqlx::query(&format!("DELETE FROM {table}")).execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// On PostgreSQL, moves the id sequences past the explicit ids the seed inserted (SQLite needs
/// nothing: its next id follows the largest one).
pub async fn reset_sequences(db: &Db) -> DbResult<()> {
    if db.backend != Backend::Postgres {
        return Ok(());
    }
    for (table, column) in SERIALS {
        let sql = format!(
            "SELECT setval(pg_get_serial_sequence('{table}', '{column}'), \
             (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)"
        );
        sqlx::query(&sql).execute(&db.pool).await?;
    }
    Ok(())
}
