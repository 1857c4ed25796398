//! Paging on the repositories' side: the rows before a page and a page of rows with its
//! counts. Which pages a request may ask for is the HTTP layer's policy (`http::paging`).

use super::{Db, DbResult};
use api::catalog::Page;
use sqlx::any::AnyRow;

/// A page of `total` records of `size` starting at page `current` (1-based).
pub fn page_of<T>(records: Vec<T>, total: i64, current: i64, size: i64) -> Page<T> {
    let pages = if size > 0 { (total + size - 1) / size } else { 0 };
    Page { records, total, current, size, pages }
}

/// The number of records before page `current`.
pub fn offset(current: i64, size: i64) -> i64 {
    current.saturating_sub(1).saturating_mul(size)
}

/// Page `current` of one owner's rows (a buyer's records, favourites, footprints...), and how
/// many there are in all. `count_sql` counts them with `$1` the owner; `page_sql` selects the
/// page with `$1` the owner, `$2` the page's size and `$3` the rows before it.
pub async fn owned_page<R>(
    db: &Db,
    count_sql: &str,
    page_sql: &str,
    owner: i64,
    current: i64,
    size: i64,
) -> DbResult<(Vec<R>, i64)>
where
    R: for<'r> sqlx::FromRow<'r, AnyRow> + Send + Unpin,
{
    let (total,): (i64,) = sqlx::query_as(count_sql).bind(owner).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as(page_sql).bind(owner).bind(size).bind(offset(current, size)).fetch_all(&db.pool).await?;
    Ok((rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_count_every_record_and_skip_the_pages_before() {
        assert_eq!(page_of(vec![1, 2], 21, 3, 10).pages, 3);
        assert_eq!(page_of(Vec::<i32>::new(), 0, 1, 10).pages, 0);
        assert_eq!(page_of(vec![1], 20, 2, 10).pages, 2);
        assert_eq!(offset(3, 10), 20);
        assert_eq!(offset(1, 10), 0);
        assert_eq!(offset(i64::MAX, 100), i64::MAX, "saturates instead of overflowing");
    }
}
