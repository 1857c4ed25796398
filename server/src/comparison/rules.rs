//! The comparison's rules without I/O: the sort of `orders` and `columns`, how similar two
//! products are, and a price history as a step line.

use super::matching::Signature;
use api::comparison::{ComparisonProduct, PriceHistory, PricePoint, SORT_COLUMNS};
use api::money::Price;
use std::cmp::Ordering;

/// A sort column of `columns`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Price,
    ShopRating,
    Sold,
    Stock,
}

/// One key of a sort: a column, ascending or not.
pub type SortKey = (Column, bool);

/// The spec's default sort (section 7: `orders=asc,asc`, `columns=price,shop_rating`).
pub const DEFAULT_SORT: [SortKey; 2] = [(Column::Price, true), (Column::ShopRating, true)];

/// Why a sort was refused: the parameter at fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortError {
    Columns,
    Orders,
}

/// Reads `columns` (comma-separated, in priority order) and `orders` (`asc` or `desc` at the
/// same places; a missing one is `asc`). Blank `columns` gives `None` (the caller's default).
/// Unknown or repeated columns, unknown orders and more orders than columns are refused.
pub fn parse_sort(columns: Option<&str>, orders: Option<&str>) -> Result<Option<Vec<SortKey>>, SortError> {
    let split = |s: Option<&str>| -> Vec<String> {
        s.map(|s| s.split(',').map(|p| p.trim().to_ascii_lowercase()).collect()).unwrap_or_default()
    };
    let columns: Vec<String> = split(columns).into_iter().filter(|c| !c.is_empty()).collect();
    let orders = split(orders);
    let orders: Vec<String> = if orders.iter().all(|o| o.is_empty()) { Vec::new() } else { orders };
    if orders.len() > columns.len().max(if columns.is_empty() { 2 } else { 0 }) {
        return Err(SortError::Orders);
    }
    let ascending = |o: Option<&String>| match o.map(String::as_str) {
        None | Some("asc") => Ok(true),
        Some("desc") => Ok(false),
        Some(_) => Err(SortError::Orders),
    };
    if columns.is_empty() {
        // Orders alone apply to the default columns.
        if orders.is_empty() {
            return Ok(None);
        }
        let keys: Result<Vec<SortKey>, SortError> =
            DEFAULT_SORT.iter().enumerate().map(|(i, (c, _))| Ok((*c, ascending(orders.get(i))?))).collect();
        return keys.map(Some);
    }
    let mut keys: Vec<SortKey> = Vec::with_capacity(columns.len());
    for (i, name) in columns.iter().enumerate() {
        let column = match SORT_COLUMNS.iter().position(|c| c == name) {
            Some(0) => Column::Price,
            Some(1) => Column::ShopRating,
            Some(2) => Column::Sold,
            Some(3) => Column::Stock,
            _ => return Err(SortError::Columns),
        };
        if keys.iter().any(|(c, _)| *c == column) {
            return Err(SortError::Columns);
        }
        keys.push((column, ascending(orders.get(i))?));
    }
    Ok(Some(keys))
}

/// Orders products by `keys`, then by id (stable pages).
pub fn sort_products(products: &mut [ComparisonProduct], keys: &[SortKey]) {
    products.sort_by(|a, b| {
        for (column, ascending) in keys {
            let order = match column {
                Column::Price => a.price.cmp(&b.price),
                Column::ShopRating => a.shop.rating.partial_cmp(&b.shop.rating).unwrap_or(Ordering::Equal),
                Column::Sold => a.sold_qty.cmp(&b.sold_qty),
                Column::Stock => a.stock_qty.cmp(&b.stock_qty),
            };
            let order = if *ascending { order } else { order.reverse() };
            if order != Ordering::Equal {
                return order;
            }
        }
        a.prod_id.cmp(&b.prod_id)
    });
}

/// The widest a similar product's price may be from the compared one's: half to twice it.
pub const PRICE_BAND: (f64, f64) = (0.5, 2.0);

/// Whether `price` lies in the price band around `of`.
pub fn in_price_band(price: i64, of: i64) -> bool {
    let of = of.max(1) as f64;
    let price = price as f64;
    price >= of * PRICE_BAND.0 && price <= of * PRICE_BAND.1
}

/// How close `price` is to `of`: 1 when equal, 0 at the edges of the band (and beyond).
pub fn price_closeness(price: i64, of: i64) -> f64 {
    let ratio = price.max(1) as f64 / of.max(1) as f64;
    (1.0 - ratio.ln().abs() / PRICE_BAND.1.ln()).max(0.0)
}

/// How similar a candidate is to the compared product: the same third-level category (not
/// just the second level), a shared brand, how close the names are and how close the price.
pub fn similarity(target: &Signature, target_price: i64, candidate: &Signature, price: i64, same_leaf: bool) -> f64 {
    let leaf = if same_leaf { 3.0 } else { 0.0 };
    let brand = if target.brands.is_disjoint(&candidate.brands) { 0.0 } else { 2.0 };
    leaf + brand + 2.0 * target.name_similarity(candidate) + 2.0 * price_closeness(price, target_price)
}

/// A price history over `[from, to]` from the changes of the product (time, old, new; oldest
/// first; any time) and its price now: the price at `from` (the last change before it, else
/// the old price of the first change after it, else today's), each change inside, and today's
/// price at `to`.
pub fn price_history(
    product_id: i64,
    period: &str,
    from: i64,
    to: i64,
    changes: &[(i64, i64, i64)],
    current: i64,
) -> PriceHistory {
    let before = changes.iter().rev().find(|(at, _, _)| *at <= from).map(|(_, _, new)| *new);
    let first_inside = changes.iter().find(|(at, _, _)| *at > from && *at <= to).map(|(_, old, _)| *old);
    let at_from = before.or(first_inside).unwrap_or(current);
    let mut points = vec![PricePoint { time: from, price: Price(at_from) }];
    points.extend(
        changes
            .iter()
            .filter(|(at, _, _)| *at > from && *at <= to)
            .map(|(at, _, new)| PricePoint { time: *at, price: Price(*new) }),
    );
    points.push(PricePoint { time: to, price: Price(current) });
    PriceHistory { product_id, period: period.to_string(), from, to, points, ..Default::default() }.summarize()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_read_columns_and_orders() {
        assert_eq!(parse_sort(None, None), Ok(None));
        assert_eq!(parse_sort(Some(" "), Some("")), Ok(None));
        assert_eq!(
            parse_sort(Some("price,shop_rating"), Some("asc,asc")),
            Ok(Some(vec![(Column::Price, true), (Column::ShopRating, true)]))
        );
        assert_eq!(parse_sort(Some("shop_rating"), Some("DESC")), Ok(Some(vec![(Column::ShopRating, false)])));
        assert_eq!(
            parse_sort(Some("price,sold"), Some("desc")),
            Ok(Some(vec![(Column::Price, false), (Column::Sold, true)]))
        );
        assert_eq!(
            parse_sort(None, Some("desc,asc")),
            Ok(Some(vec![(Column::Price, false), (Column::ShopRating, true)]))
        );
        assert_eq!(parse_sort(Some("colour"), None), Err(SortError::Columns));
        assert_eq!(parse_sort(Some("price,price"), None), Err(SortError::Columns));
        assert_eq!(parse_sort(Some("price"), Some("up")), Err(SortError::Orders));
        assert_eq!(parse_sort(Some("price"), Some("asc,asc")), Err(SortError::Orders));
    }

    #[test]
    fn products_sort_by_their_keys_then_id() {
        let product = |id, cents, rating| {
            let mut p = ComparisonProduct { prod_id: id, price: Price(cents), ..Default::default() };
            p.shop.rating = rating;
            p
        };
        let mut list = vec![product(1, 500, 4.5), product(2, 300, 4.9), product(3, 500, 4.8), product(4, 300, 4.9)];
        sort_products(&mut list, &DEFAULT_SORT);
        assert_eq!(list.iter().map(|p| p.prod_id).collect::<Vec<_>>(), [2, 4, 1, 3]);
        sort_products(&mut list, &[(Column::ShopRating, false)]);
        assert_eq!(list.iter().map(|p| p.prod_id).collect::<Vec<_>>(), [2, 4, 3, 1]);
    }

    #[test]
    fn the_price_band_is_half_to_twice() {
        assert!(in_price_band(500, 1000) && in_price_band(2000, 1000) && !in_price_band(2001, 1000));
        assert!(!in_price_band(499, 1000));
        assert!((price_closeness(1000, 1000) - 1.0).abs() < 1e-9);
        assert!(price_closeness(2000, 1000).abs() < 1e-9 && price_closeness(5000, 1000) == 0.0);
        assert!(price_closeness(1100, 1000) > price_closeness(1500, 1000));
    }

    #[test]
    fn a_history_is_a_step_line_over_the_period() {
        let changes = [(10, 900, 800), (50, 800, 1000), (70, 1000, 950)];
        let h = price_history(1, "month", 40, 100, &changes, 950);
        let points: Vec<(i64, i64)> = h.points.iter().map(|p| (p.time, p.price.0)).collect();
        assert_eq!(points, [(40, 800), (50, 1000), (70, 950), (100, 950)]);
        assert_eq!(
            (h.lowest_price, h.highest_price, h.current_price, h.changes),
            (Price(800), Price(1000), Price(950), 2)
        );
        // No change before the period: the first change's old price.
        let h = price_history(1, "week", 0, 100, &changes[1..], 950);
        assert_eq!(h.points[0].price, Price(800));
        // No change at all: flat at today's price.
        let h = price_history(1, "week", 0, 100, &[], 700);
        assert_eq!((h.points.len(), h.changes, h.lowest_price), (2, 0, Price(700)));
    }
}
