//! The cart (spec sections 3 and 7 "Cart and orders"; paths after mall4j's `/p/shopCart`):
//! lines grouped by shop, changed by a signed count, and the buy-now entry.

use crate::money::Price;
use api_macros::wire;

/// Most items one settlement may take (spec section 5 "Cart settlement maximum 50 items").
pub const MAX_SETTLEMENT_ITEMS: usize = 50;

/// Most units of one SKU one cart line may hold.
pub const MAX_LINE_COUNT: i64 = 999;

crate::constants! {
    /// Whether a cart line can be bought now (`ShopCartItem.availability`).
    pub mod availability: i32 {
        /// On shelf, in stock, its shop online: selectable.
        AVAILABLE = 0;
        /// The product was taken off the shelf.
        OFF_SHELF = 1;
        /// Its SKU has no stock left.
        OUT_OF_STOCK = 2;
        /// Its shop is offline.
        SHOP_OFFLINE = 3;
    }
}

/// `POST /p/shopCart/changeItem`: changes a line by `count` units (negative takes away; a line
/// at 0 or below is removed). `basketId` 0 adds to the line of `skuId`, or opens one.
#[wire]
#[derive(Default)]
pub struct ChangeItemRequest {
    pub basket_id: i64,
    pub count: i64,
    pub prod_id: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub sku_id: i64,
}

/// The order entry "Buy Now" hands to the order page (kept in `sessionStorage` as
/// `mall.buyNow`); a flash-sale or group-buy item names its activity. Missing fields read as
/// empty (the server checks the ids; the shop's name is only a label).
#[wire(default)]
pub struct BuyNowEntry {
    pub prod_count: i64,
    pub prod_id: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub sku_id: i64,
    /// The flash sale the item is bought in, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seckill_id: Option<i64>,
    /// The group buy the item is bought in, if any; `groupTeamId` joins an open group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_activity_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_team_id: Option<i64>,
}

/// A shop's lines of `GET /p/shopCart/info`.
#[wire]
pub struct ShopCart {
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    pub shop_cart_items: Vec<ShopCartItem>,
}

/// One cart line: a SKU and its count, with today's price and stock.
#[wire]
pub struct ShopCartItem {
    pub basket_id: i64,
    pub prod_id: i64,
    pub sku_id: i64,
    pub shop_id: i64,
    pub prod_name: String,
    /// The SKU's properties (`Colour: Black, Size: M`), empty for a single SKU.
    pub sku_name: String,
    pub pic: String,
    pub price: Price,
    pub ori_price: Price,
    pub prod_count: i64,
    /// Units of the SKU in stock now.
    pub stocks: i64,
    /// An [`availability`] code.
    pub availability: i32,
    /// When the line was added (Unix milliseconds).
    pub basket_date: i64,
}

/// `DELETE /p/shopCart/deleteItem`: the lines to remove (a JSON array of `basketId`s).
pub type DeleteItemsRequest = Vec<i64>;
