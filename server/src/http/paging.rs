//! The one paging policy of every paged list, on the way in (`current`, `size`) and on the
//! way out (a page of records): `current` from 1 to [`MAX_PAGE`], `size` from 1 (default
//! [`DEFAULT_PAGE_SIZE`]); anything below 1 or not a number is bad input (`A00001` naming the
//! parameter), a size above [`MAX_PAGE_SIZE`] is served as [`MAX_PAGE_SIZE`]. The page of
//! rows a repository answers is `db::paging`'s.

use crate::http::error::ApiError;
use crate::http::params::{given, invalid, out_of_range};
use serde::Deserialize;

/// Largest page size; larger requests are served this many records.
pub const MAX_PAGE_SIZE: i64 = 100;
/// Page size when none is given.
pub const DEFAULT_PAGE_SIZE: i64 = 10;
/// Highest page number accepted (far beyond any real list; keeps offsets small).
pub const MAX_PAGE: i64 = 100_000;

/// `(current, size)` of a paged request under the policy.
pub fn resolve(current: Option<i64>, size: Option<i64>) -> Result<(i64, i64), ApiError> {
    let current = current.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&current) {
        return Err(out_of_range("current", 1, MAX_PAGE));
    }
    let size = size.unwrap_or(DEFAULT_PAGE_SIZE);
    if size < 1 {
        return Err(out_of_range("size", 1, MAX_PAGE_SIZE));
    }
    Ok((current, size.min(MAX_PAGE_SIZE)))
}

/// Paging parameters as text (so that `size=ten` is a clear error naming `size`).
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    pub current: Option<String>,
    pub size: Option<String>,
}

impl PageQuery {
    /// `(current, size)` under the policy.
    pub fn resolve(&self) -> Result<(i64, i64), ApiError> {
        let number = |raw: &Option<String>, field: &'static str| -> Result<Option<i64>, ApiError> {
            given(raw)
                .map(|v| {
                    let digits = v.strip_prefix('-').unwrap_or(v);
                    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(invalid(field));
                    }
                    v.parse::<i64>().map_err(|_| invalid(field))
                })
                .transpose()
        };
        resolve(number(&self.current, "current")?, number(&self.size, "size")?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_policy_for_every_list() {
        let q = |current: Option<&str>, size: Option<&str>| {
            PageQuery { current: current.map(Into::into), size: size.map(Into::into) }.resolve()
        };
        assert_eq!(q(None, None).unwrap(), (1, DEFAULT_PAGE_SIZE));
        assert_eq!(q(Some("2"), Some("500")).unwrap(), (2, MAX_PAGE_SIZE));
        assert_eq!(resolve(Some(3), Some(1000)).unwrap(), (3, MAX_PAGE_SIZE));
        for (current, size) in
            [("0", "2"), ("-1", "2"), ("x", "2"), ("1", "x"), ("1", "0"), ("1", "-4"), ("99999999999999999999", "2")]
        {
            assert!(q(Some(current), Some(size)).is_err(), "{current} {size}");
        }
        assert!(resolve(Some(MAX_PAGE + 1), None).is_err());
    }
}
