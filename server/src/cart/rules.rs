//! What a change does to a cart line, and how a line is shown: pure functions, so the limits
//! are decided in one place and tested without a database.

use api::cart::{availability, MAX_LINE_COUNT};

/// Most distinct lines (SKUs) one buyer's cart may hold.
pub const MAX_LINES: i64 = 200;

/// What the database says about the SKU of a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkuFacts {
    pub prod_id: i64,
    pub shop_id: i64,
    /// The product is on shelf and the SKU enabled.
    pub on_shelf: bool,
    pub shop_online: bool,
    pub stocks: i64,
}

/// The change asked for: `count` units (signed) of `sku_id`, said to be of `prod_id` in `shop_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    pub prod_id: i64,
    pub shop_id: i64,
    pub count: i64,
}

/// Why a change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The SKU does not exist, or is not of the product or shop named.
    UnknownSku,
    /// The line named is not the buyer's (or not of this SKU), or there is nothing to take away.
    LineNotFound,
    OffShelf,
    ShopOffline,
    /// More than the SKU's stock.
    Insufficient {
        stocks: i64,
    },
    /// More than [`MAX_LINE_COUNT`] units in one line.
    LineLimit,
    /// A new line beyond [`MAX_LINES`].
    TooManyLines,
}

/// What to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Insert(i64),
    Update(i64),
    Delete,
}

/// Decides a change of a line holding `current` units (`None`: no line yet) in a cart of
/// `lines` lines. Limits apply only when the line grows, so a buyer can always take away units
/// of a line whose product went off shelf or whose stock fell below its count.
pub fn decide(change: Change, sku: &SkuFacts, current: Option<i64>, lines: i64) -> Result<Action, Refusal> {
    if sku.prod_id != change.prod_id || sku.shop_id != change.shop_id {
        return Err(Refusal::UnknownSku);
    }
    let new = current.unwrap_or(0).saturating_add(change.count);
    if change.count <= 0 {
        return match current {
            None => Err(Refusal::LineNotFound),
            Some(_) if new <= 0 => Ok(Action::Delete),
            Some(_) => Ok(Action::Update(new)),
        };
    }
    if !sku.on_shelf {
        return Err(Refusal::OffShelf);
    }
    if !sku.shop_online {
        return Err(Refusal::ShopOffline);
    }
    if new > sku.stocks {
        return Err(Refusal::Insufficient { stocks: sku.stocks });
    }
    if new > MAX_LINE_COUNT {
        return Err(Refusal::LineLimit);
    }
    match current {
        Some(_) => Ok(Action::Update(new)),
        None if lines >= MAX_LINES => Err(Refusal::TooManyLines),
        None => Ok(Action::Insert(new)),
    }
}

/// The [`availability`] code of a line: off shelf first (nothing else matters then), then an
/// offline shop, then an empty stock.
pub fn availability_of(on_shelf: bool, shop_online: bool, stocks: i64) -> i32 {
    if !on_shelf {
        availability::OFF_SHELF
    } else if !shop_online {
        availability::SHOP_OFFLINE
    } else if stocks <= 0 {
        availability::OUT_OF_STOCK
    } else {
        availability::AVAILABLE
    }
}

pub use api::catalog::sku_name;

#[cfg(test)]
mod tests {
    use super::*;

    const SKU: SkuFacts = SkuFacts { prod_id: 7, shop_id: 2, on_shelf: true, shop_online: true, stocks: 10 };

    fn change(count: i64) -> Change {
        Change { prod_id: 7, shop_id: 2, count }
    }

    #[test]
    fn adding_opens_or_grows_a_line_within_stock_and_limits() {
        assert_eq!(decide(change(3), &SKU, None, 0), Ok(Action::Insert(3)));
        assert_eq!(decide(change(3), &SKU, Some(4), 5), Ok(Action::Update(7)));
        assert_eq!(decide(change(10), &SKU, None, 0), Ok(Action::Insert(10)));
        assert_eq!(decide(change(11), &SKU, None, 0), Err(Refusal::Insufficient { stocks: 10 }));
        assert_eq!(decide(change(7), &SKU, Some(4), 0), Err(Refusal::Insufficient { stocks: 10 }));
        let plenty = SkuFacts { stocks: 5000, ..SKU };
        assert_eq!(decide(change(999), &plenty, None, 0), Ok(Action::Insert(999)));
        assert_eq!(decide(change(1), &plenty, Some(999), 0), Err(Refusal::LineLimit));
        assert_eq!(decide(change(1), &SKU, None, MAX_LINES), Err(Refusal::TooManyLines));
        assert_eq!(decide(change(1), &SKU, Some(1), MAX_LINES), Ok(Action::Update(2)), "an existing line may grow");
    }

    #[test]
    fn adding_needs_the_product_on_shelf_and_the_shop_online() {
        let off = SkuFacts { on_shelf: false, ..SKU };
        assert_eq!(decide(change(1), &off, None, 0), Err(Refusal::OffShelf));
        let offline = SkuFacts { shop_online: false, ..SKU };
        assert_eq!(decide(change(1), &offline, Some(1), 0), Err(Refusal::ShopOffline));
        let empty = SkuFacts { stocks: 0, ..SKU };
        assert_eq!(decide(change(1), &empty, None, 0), Err(Refusal::Insufficient { stocks: 0 }));
    }

    #[test]
    fn taking_away_shrinks_or_removes_and_is_always_allowed() {
        let off = SkuFacts { on_shelf: false, shop_online: false, stocks: 0, ..SKU };
        assert_eq!(decide(change(-2), &off, Some(5), 0), Ok(Action::Update(3)));
        assert_eq!(decide(change(-5), &off, Some(5), 0), Ok(Action::Delete));
        assert_eq!(decide(change(-9), &SKU, Some(5), 0), Ok(Action::Delete));
        assert_eq!(decide(change(-1), &SKU, None, 0), Err(Refusal::LineNotFound));
        let over = SkuFacts { stocks: 2, ..SKU };
        assert_eq!(decide(change(-1), &over, Some(8), 0), Ok(Action::Update(7)), "below stock not required");
    }

    #[test]
    fn the_sku_must_be_of_the_product_and_shop_named() {
        assert_eq!(decide(Change { prod_id: 8, ..change(1) }, &SKU, None, 0), Err(Refusal::UnknownSku));
        assert_eq!(decide(Change { shop_id: 3, ..change(-1) }, &SKU, Some(2), 0), Err(Refusal::UnknownSku));
    }

    #[test]
    fn availability_codes() {
        assert_eq!(availability_of(true, true, 3), availability::AVAILABLE);
        assert_eq!(availability_of(false, false, 0), availability::OFF_SHELF);
        assert_eq!(availability_of(true, false, 0), availability::SHOP_OFFLINE);
        assert_eq!(availability_of(true, true, 0), availability::OUT_OF_STOCK);
    }

    #[test]
    fn sku_names() {
        assert_eq!(sku_name("Colour:Black;Size:M"), "Colour: Black, Size: M");
        assert_eq!(sku_name(""), "");
        assert_eq!(sku_name("颜色:黑色;尺码:M"), "颜色: 黑色, 尺码: M");
        assert_eq!(sku_name("Standard"), "Standard");
    }
}
