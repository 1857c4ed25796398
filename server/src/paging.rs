//! The one paging policy, on the way in (`current`, `size`) and on the way out (a page of
//! records).

use api::catalog::Page;

/// A page of `total` records of `size` starting at page `current` (1-based).
pub fn page_of<T>(records: Vec<T>, total: i64, current: i64, size: i64) -> Page<T> {
    let pages = if size > 0 { (total + size - 1) / size } else { 0 };
    Page { records, total, current, size, pages }
}

pub fn offset(current: i64, size: i64) -> i64 {
    current.saturating_sub(1).saturating_mul(size)
}
