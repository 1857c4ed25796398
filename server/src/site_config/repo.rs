//! Configuration tables: currencies, web config, languages and pay switches.

use crate::db::{Db, DbResult};
use api::config::{Currency, LangItem, PaySwitch};

/// The enabled currencies, default first.
pub async fn enabled_currencies(db: &Db) -> DbResult<Vec<Currency>> {
    let rows: Vec<(String, String, String, String, i64, i64)> = sqlx::query_as(
        "SELECT currency_name, currency_code, symbol, exchange_rate, status, default_currency
         FROM currency WHERE status = 1 ORDER BY default_currency DESC, seq, currency_id",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(currency_name, currency_code, symbol, exchange_rate, status, default_currency)| Currency {
            currency_name,
            currency_code,
            symbol,
            exchange_rate,
            status: status as i32,
            default_currency: default_currency as i32,
        })
        .collect())
}

/// Every web config row as (key, value).
pub async fn web_config(db: &Db) -> DbResult<Vec<(String, String)>> {
    sqlx::query_as("SELECT config_key, config_value FROM web_config ORDER BY config_key").fetch_all(&db.pool).await
}

/// One web config value.
pub async fn web_config_value(db: &Db, key: &str) -> DbResult<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as("SELECT config_value FROM web_config WHERE config_key = $1")
        .bind(key)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(v,)| v))
}

/// The languages of the switcher, in order.
pub async fn languages(db: &Db) -> DbResult<Vec<LangItem>> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT language, name, lang, hide FROM language ORDER BY seq, language")
            .fetch_all(&db.pool)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(language, name, lang, hide)| LangItem { language, name, lang, hide: hide as i32 })
        .collect())
}

/// Every payment method switch, in display order.
pub async fn pay_switches(db: &Db) -> DbResult<Vec<PaySwitch>> {
    let rows: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT pay_type, pay_name, enabled FROM pay_switch ORDER BY seq, pay_type")
            .fetch_all(&db.pool)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(pay_type, pay_name, enabled)| PaySwitch { pay_type: pay_type as i32, pay_name, enabled: enabled == 1 })
        .collect())
}
