//! Paging on the repositories' side: the rows before a page and a page of rows with its
//! counts. Which pages a request may ask for is the HTTP layer's policy (`http::paging`).

use api::catalog::Page;

/// A page of `total` records of `size` starting at page `current` (1-based).
pub fn page_of<T>(records: Vec<T>, total: i64, current: i64, size: i64) -> Page<T> {
    let pages = if size > 0 { (total + size - 1) / size } else { 0 };
    Page { records, total, current, size, pages }
}

/// The number of records before page `current`.
pub fn offset(current: i64, size: i64) -> i64 {
    current.saturating_sub(1).saturating_mul(size)
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
