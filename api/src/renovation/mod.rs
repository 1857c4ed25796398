//! Decorated pages ("renovation", spec section 2 "Home page blocks" and section 3 "Renovation
//! block", "Shop-sign config", "Link types"): the `content` of a
//! [`RenovationPage`](crate::catalog::RenovationPage) is the JSON text of a list of blocks
//! `{"type": …, "dataField": {…}}`, one [`Block`] variant per block type.
//!
//! Pages are read leniently ([`read_blocks`], [`Block::from_value`]), so that one odd block
//! never loses the page: a missing field takes its default (`None`, an empty list), a block
//! without `dataField` (or whose `dataField` is not an object) reads as one with every field
//! missing, and a block of an unknown type, or whose data does not fit its type (a field of
//! the wrong type), reads as [`Block::Unknown`], which shows nothing. [`Text`]s read anything
//! (what is not a text reads as an empty one). Read through serde alone, a block without
//! `dataField` is `Unknown`.
//!
//! Products and shops are referenced by id ([`ProductRef`], [`ShopRef`]) and loaded in one
//! call each (`/search/renovationPage`, `/shop/listRenovationShop`); links are [`LinkPath`]s.
//! Field names are those of the stored JSON (camelCase); what a field means when it is
//! missing (a default height, a part shown or hidden) is the renderer's.

use api_macros::wire;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

mod fields;

pub use fields::*;

/// One block of a decorated page: `type` names the variant, `dataField` holds its data.
///
/// Its OpenAPI schema is written by hand below (utoipa cannot derive the untagged
/// [`Block::Unknown`]): any of the known types with their data, or a block of another type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", content = "dataField")]
pub enum Block {
    /// A banner carousel.
    #[serde(rename = "picture_by")]
    PictureBy(Carousel),
    /// A spacer.
    #[serde(rename = "auxiliary_interval")]
    AuxiliaryInterval(Spacer),
    /// A title with an optional "see more" link.
    #[serde(rename = "floor_title")]
    FloorTitle(FloorTitle),
    /// A grid of products, 3, 4 or 5 a row.
    #[serde(rename = "goods_list")]
    GoodsList(GoodsList),
    /// A picture with clickable boxes.
    #[serde(rename = "universal_hotspot")]
    UniversalHotspot(Hotspots),
    /// Preferred stores.
    #[serde(rename = "store_list")]
    StoreList(StoreList),
    /// A limited-time offer, 4 a row; a product not of type 2 (or whose activity is not
    /// running) shows as ended.
    #[serde(rename = "limited_skill")]
    LimitedSkill(GoodsList),
    /// A group discount; a product not of type 1 (or whose activity is not running) shows as
    /// ended.
    #[serde(rename = "discount_coupon")]
    DiscountCoupon(GoodsList),
    /// Three columns of products, each under a title.
    #[serde(rename = "goods_module1")]
    GoodsModule1(ModuleColumns),
    /// One main picture beside six products.
    #[serde(rename = "goods_module2")]
    GoodsModule2(ModuleFeature),
    /// Two groups of three products, each under a title.
    #[serde(rename = "goods_module3")]
    GoodsModule3(ModuleGroups),
    /// A background picture beside four products.
    #[serde(rename = "goods_module4")]
    GoodsModule4(ModuleBanner),
    /// A background picture beside a list of products (up to eight).
    #[serde(rename = "goods_module5")]
    GoodsModule5(ModuleBanner),
    /// The page's background colour.
    #[serde(rename = "page_background")]
    PageBackground(PageBackground),
    /// The shop header (shop sign) and its navigation.
    #[serde(rename = "shop_signs")]
    ShopSigns(ShopSigns),
    /// A block of another type, or whose data does not fit its type, kept as it was read
    /// (and written back unchanged); it shows nothing.
    #[serde(untagged)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    Unknown(Value),
}

impl Block {
    /// Reads one block (see the [module](self) for the leniency); never fails.
    pub fn from_value(value: Value) -> Self {
        // Anything reads: what is not a known block is `Unknown` itself.
        let read = |value: Value| serde_json::from_value(value).unwrap_or(Block::Unknown(Value::Null));
        let data_is_object = value.get("dataField").is_some_and(Value::is_object);
        if data_is_object || !value.is_object() {
            return read(value);
        }
        // No data (or not an object): every field is missing.
        let mut with_data = value.clone();
        with_data["dataField"] = Value::Object(Map::new());
        match read(with_data) {
            Block::Unknown(_) => Block::Unknown(value),
            block => block,
        }
    }
}

#[cfg(feature = "openapi")]
mod schema;

/// Reads the `content` of a decorated page: `None` when it is not a JSON list, else every
/// block read by [`Block::from_value`].
pub fn read_blocks(content: &str) -> Option<Vec<Block>> {
    let values: Vec<Value> = serde_json::from_str(content).ok()?;
    Some(values.into_iter().map(Block::from_value).collect())
}

/// The `type` of every block kind of spec section 2, in the order the editor lists them.
pub const BLOCK_TYPES: [&str; 15] = [
    "picture_by",
    "auxiliary_interval",
    "floor_title",
    "goods_list",
    "universal_hotspot",
    "store_list",
    "limited_skill",
    "discount_coupon",
    "goods_module1",
    "goods_module2",
    "goods_module3",
    "goods_module4",
    "goods_module5",
    "page_background",
    "shop_signs",
];

#[cfg(test)]
mod tests;
