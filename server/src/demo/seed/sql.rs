//! The seed's one SQL builder: rows of plain values ([`row!`]) written to a [`Table`] with
//! multi-row `INSERT` statements, on SQLite and on PostgreSQL.
//!
//! The placeholders are written here rather than by sqlx's `QueryBuilder`: over the `Any`
//! driver, `QueryBuilder::push_bind` writes `?` whatever the backend (`AnyArguments` keeps the
//! default placeholder), and PostgreSQL needs `$N`. SQLite gets plain `?`: it looks numbered
//! parameters up by name, linearly, which makes statements with thousands of `$N` slow to
//! prepare, while `?` is positional there.

use crate::db::{Backend, DbResult};
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection};
use std::fmt::Write;

/// One value of a seeded row.
#[derive(Debug, Clone)]
pub enum Value {
    Int(i64),
    Text(String),
    NullInt,
    NullText,
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(v.to_string())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(v)
    }
}
impl From<Option<i64>> for Value {
    fn from(v: Option<i64>) -> Self {
        v.map_or(Value::NullInt, Value::Int)
    }
}
impl From<Option<String>> for Value {
    fn from(v: Option<String>) -> Self {
        v.map_or(Value::NullText, Value::Text)
    }
}

impl Value {
    fn bind<'q>(self, query: Query<'q, Any, AnyArguments<'q>>) -> Query<'q, Any, AnyArguments<'q>> {
        match self {
            Value::Int(v) => query.bind(v),
            Value::Text(v) => query.bind(v),
            Value::NullInt => query.bind(None::<i64>),
            Value::NullText => query.bind(None::<String>),
        }
    }
}

/// A seeded row: its values in the order of its table's columns.
pub type Row = Vec<Value>;

/// `row![a, b, ...]`: a [`Row`] of values that convert into [`Value`].
macro_rules! row {
    ($($v:expr),* $(,)?) => { vec![$($crate::demo::seed::sql::Value::from($v)),*] };
}
pub(crate) use row;

/// Most bind parameters in one statement (well under both backends' limits).
const MAX_PARAMS: usize = 8_000;

/// Most rows in one statement.
const MAX_ROWS: usize = 500;

/// A table the seed writes: its name and the columns of its rows, comma-separated.
pub struct Table {
    pub name: &'static str,
    pub columns: &'static str,
}

impl Table {
    fn width(&self) -> usize {
        self.columns.split(',').count()
    }

    /// Inserts `rows` with multi-row `INSERT` statements, in order; returns how many.
    pub async fn insert(&self, conn: &mut AnyConnection, rows: Vec<Row>) -> DbResult<usize> {
        let total = rows.len();
        let width = self.width();
        let backend =
            if conn.backend_name().eq_ignore_ascii_case("sqlite") { Backend::Sqlite } else { Backend::Postgres };
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let chunk: Vec<Row> = rows.by_ref().take((MAX_PARAMS / width).clamp(1, MAX_ROWS)).collect();
            debug_assert!(chunk.iter().all(|row| row.len() == width), "row width of {}", self.name);
            let sql = self.statement(backend, chunk.len());
            let query = chunk.into_iter().flatten().fold(sqlx::query(&sql), |query, value| value.bind(query));
            query.execute(&mut *conn).await?;
        }
        Ok(total)
    }

    /// `INSERT INTO name (columns) VALUES (...), (...)` with placeholders for `rows` rows.
    fn statement(&self, backend: Backend, rows: usize) -> String {
        let width = self.width();
        let mut sql = format!("INSERT INTO {} ({}) VALUES ", self.name, self.columns);
        for r in 0..rows {
            sql.push_str(if r == 0 { "(" } else { ", (" });
            for c in 0..width {
                if c > 0 {
                    sql.push_str(", ");
                }
                match backend {
                    Backend::Sqlite => sql.push('?'),
                    Backend::Postgres => {
                        let _ = write!(sql, "${}", r * width + c + 1);
                    }
                }
            }
            sql.push(')');
        }
        sql
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_have_a_placeholder_per_value() {
        let table = Table { name: "t", columns: "a, b, c" };
        assert_eq!(table.statement(Backend::Sqlite, 2), "INSERT INTO t (a, b, c) VALUES (?, ?, ?), (?, ?, ?)");
        assert_eq!(table.statement(Backend::Postgres, 2), "INSERT INTO t (a, b, c) VALUES ($1, $2, $3), ($4, $5, $6)");
        let row: Row = row![1, "x", None::<i64>];
        assert_eq!(row.len(), table.width());
    }
}
