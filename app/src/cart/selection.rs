//! The cart's pure rules: which lines can be selected, what the selection adds up to, and
//! whether it can be settled (at most [`MAX_SETTLEMENT_ITEMS`], spec sections 5 and 9).

use api::cart::{availability, ShopCart, ShopCartItem, MAX_LINE_COUNT, MAX_SETTLEMENT_ITEMS};
use api::money::Price;
use std::collections::BTreeSet;

/// Whether a line can be selected and settled.
pub fn selectable(item: &ShopCartItem) -> bool {
    item.availability == availability::AVAILABLE
}

/// The quantity a line may be set to: within 1..=stock (and the per-line maximum).
pub fn clamp_count(wanted: i64, stocks: i64) -> i64 {
    wanted.clamp(1, stocks.clamp(1, MAX_LINE_COUNT))
}

/// What the selected lines add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Selected lines.
    pub lines: usize,
    /// Units of the selected lines.
    pub units: i64,
    /// Their price at today's prices.
    pub total: Price,
    /// What today's prices save against the original prices.
    pub savings: Price,
}

/// The totals of the `selected` lines that are still selectable.
pub fn totals(shops: &[ShopCart], selected: &BTreeSet<i64>) -> Totals {
    let mut totals = Totals::default();
    for item in shops.iter().flat_map(|s| &s.shop_cart_items) {
        if !selectable(item) || !selected.contains(&item.basket_id) {
            continue;
        }
        totals.lines += 1;
        totals.units += item.prod_count;
        totals.total.0 += item.price.0 * item.prod_count;
        totals.savings.0 += (item.ori_price.0 - item.price.0).max(0) * item.prod_count;
    }
    totals
}

/// Why a selection cannot be settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettleRefusal {
    /// Nothing is selected.
    Nothing,
    /// More lines than one settlement takes.
    TooMany,
}

/// Whether the selection can go to the order page.
pub fn check_settle(totals: &Totals) -> Result<(), SettleRefusal> {
    match totals.lines {
        0 => Err(SettleRefusal::Nothing),
        n if n > MAX_SETTLEMENT_ITEMS => Err(SettleRefusal::TooMany),
        _ => Ok(()),
    }
}

/// The selectable lines' `basketId`s of some shops.
pub fn selectable_ids<'a>(shops: impl IntoIterator<Item = &'a ShopCart>) -> Vec<i64> {
    shops.into_iter().flat_map(|s| &s.shop_cart_items).filter(|i| selectable(i)).map(|i| i.basket_id).collect()
}

/// Whether every one of `ids` is selected (false when there are none).
pub fn all_selected(ids: &[i64], selected: &BTreeSet<i64>) -> bool {
    !ids.is_empty() && ids.iter().all(|id| selected.contains(id))
}

/// Toggles a group: selects all of `ids` unless all are selected, then deselects them.
pub fn toggle_group(ids: &[i64], selected: &mut BTreeSet<i64>) {
    if all_selected(ids, selected) {
        for id in ids {
            selected.remove(id);
        }
    } else {
        selected.extend(ids.iter().copied());
    }
}

/// The cart without the removed lines (and without shops left with none).
pub fn without_lines(shops: &mut Vec<ShopCart>, removed: &[i64]) {
    for shop in shops.iter_mut() {
        shop.shop_cart_items.retain(|i| !removed.contains(&i.basket_id));
    }
    shops.retain(|s| !s.shop_cart_items.is_empty());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(basket_id: i64, price: i64, ori: i64, count: i64, availability: i32) -> ShopCartItem {
        ShopCartItem {
            basket_id,
            prod_id: basket_id,
            sku_id: basket_id,
            shop_id: 1,
            prod_name: format!("p{basket_id}"),
            sku_name: String::new(),
            pic: String::new(),
            price: Price(price),
            ori_price: Price(ori),
            prod_count: count,
            stocks: 10,
            availability,
            basket_date: 0,
        }
    }

    fn shop(shop_id: i64, items: Vec<ShopCartItem>) -> ShopCart {
        ShopCart { shop_id, shop_name: format!("s{shop_id}"), shop_logo: String::new(), shop_cart_items: items }
    }

    #[test]
    fn totals_count_only_selected_available_lines() {
        let shops = vec![
            shop(1, vec![item(1, 1000, 1200, 2, 0), item(2, 500, 500, 1, availability::OUT_OF_STOCK)]),
            shop(2, vec![item(3, 250, 200, 4, 0)]),
        ];
        let selected: BTreeSet<i64> = [1, 2, 3].into();
        let t = totals(&shops, &selected);
        assert_eq!(t, Totals { lines: 2, units: 6, total: Price(3000), savings: Price(400) });
        assert_eq!(totals(&shops, &BTreeSet::new()), Totals::default());
    }

    #[test]
    fn settling_needs_one_to_fifty_lines() {
        let none = Totals::default();
        assert_eq!(check_settle(&none), Err(SettleRefusal::Nothing));
        let fifty = Totals { lines: 50, ..none };
        assert_eq!(check_settle(&fifty), Ok(()));
        let fifty_one = Totals { lines: 51, ..none };
        assert_eq!(check_settle(&fifty_one), Err(SettleRefusal::TooMany));
    }

    #[test]
    fn groups_toggle_their_selectable_lines() {
        let shops =
            vec![shop(1, vec![item(1, 1, 1, 1, 0), item(2, 1, 1, 1, availability::OFF_SHELF), item(3, 1, 1, 1, 0)])];
        let ids = selectable_ids(&shops);
        assert_eq!(ids, vec![1, 3]);
        let mut selected = BTreeSet::from([1]);
        assert!(!all_selected(&ids, &selected));
        toggle_group(&ids, &mut selected);
        assert_eq!(selected, BTreeSet::from([1, 3]));
        toggle_group(&ids, &mut selected);
        assert!(selected.is_empty());
        assert!(!all_selected(&[], &selected));
    }

    #[test]
    fn counts_stay_within_stock() {
        assert_eq!(clamp_count(0, 5), 1);
        assert_eq!(clamp_count(7, 5), 5);
        assert_eq!(clamp_count(3, 0), 1);
        assert_eq!(clamp_count(5000, 100_000), MAX_LINE_COUNT);
    }

    #[test]
    fn removed_lines_and_empty_shops_go() {
        let mut shops =
            vec![shop(1, vec![item(1, 1, 1, 1, 0)]), shop(2, vec![item(2, 1, 1, 1, 0), item(3, 1, 1, 1, 0)])];
        without_lines(&mut shops, &[1, 3]);
        assert_eq!(shops.len(), 1);
        assert_eq!(shops[0].shop_cart_items.len(), 1);
    }
}
