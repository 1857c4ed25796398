//! Browsing payloads (spec sections 3 and 7 "Browsing"): banners, categories, product cards
//! and details, shops, discounts and coupons. Times are Unix milliseconds; money is
//! [`Price`](crate::money::Price). Clients read leniently: every field has a default.

use crate::money::Price;
use serde::{Deserialize, Serialize};

/// A page of records (`current` starts at 1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Page<T> {
    pub records: Vec<T>,
    pub total: i64,
    pub current: i64,
    pub size: i64,
    pub pages: i64,
}

/// A carousel banner of `GET /indexImgs/{shopId}`. `type` is a link type of spec section 3
/// (1 product, 3 shop, 4 internal path, 6 custom URL; 0 none) and `relation` its target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Banner {
    pub id: i64,
    pub img_url: String,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: i32,
    pub relation: Option<String>,
}

/// A category with its children (`categories`), names in the request language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Category {
    pub category_id: i64,
    pub category_name: String,
    pub parent_id: i64,
    pub grade: i32,
    pub pic: Option<String>,
    pub icon: Option<String>,
    pub categories: Vec<Category>,
}

/// `GET /category/categoryInfo?parentId=`: the children of `parentId`, each with its own
/// children down to the third level.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CategoryInfo {
    pub category_info: Vec<Category>,
}

/// Group-buy facts of a product card.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupActivitySearchVo {
    pub group_activity_id: i64,
    pub group_number: i64,
    pub group_price: Price,
}

/// A product as lists, search results and decorated blocks show it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductCard {
    pub prod_id: i64,
    pub prod_name: String,
    pub brief: String,
    pub price: Price,
    pub ori_price: Price,
    /// The running activity's price (flash sale or group buy), when one runs.
    pub activity_price: Option<Price>,
    pub activity_in_progress: bool,
    pub pic: String,
    /// Comma-separated picture paths.
    pub imgs: String,
    /// 1 = on shelf.
    pub status: i32,
    /// 0 normal, 1 flash sale, 2 group buy.
    pub prod_type: i32,
    /// 1 = the product's activity is running.
    pub activity_status: i32,
    pub sold_num: i64,
    pub total_stocks: i64,
    pub shop_id: i64,
    pub shop_name: String,
    /// Spelled `groupActivitySearchVO` on the wire (spec section 3).
    #[serde(rename = "groupActivitySearchVO")]
    pub group_activity_search_vo: Option<GroupActivitySearchVo>,
    /// The flash sale of a prodType 1 product.
    pub seckill_id: Option<i64>,
}

/// One stock keeping unit. `properties` reads `Colour:Black;Size:M` in the request language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Sku {
    pub sku_id: i64,
    pub properties: String,
    pub price: Price,
    pub ori_price: Price,
    pub stocks: i64,
    pub pic: Option<String>,
}

/// A flash sale of a product.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SeckillInfo {
    pub seckill_id: i64,
    pub seckill_price: Price,
    pub start_time: i64,
    pub end_time: i64,
}

/// A group buy of a product.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupActivityInfo {
    pub group_activity_id: i64,
    pub group_number: i64,
    pub group_price: Price,
    pub start_time: i64,
    pub end_time: i64,
}

/// `GET /prod/prodInfo?prodId=`: everything the detail page shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub card: ProductCard,
    /// Sanitized rich text.
    pub content: String,
    pub category_id: i64,
    pub sku_list: Vec<Sku>,
    pub seckill: Option<SeckillInfo>,
    pub group_activity: Option<GroupActivityInfo>,
    pub shop: ShopCard,
    /// Other shops' offers of the same article exist (price comparison).
    pub comparison_group: Option<i64>,
}

/// A shop as lists show it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShopCard {
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    /// 1 = online; anything else shows offline and cannot be entered.
    pub shop_status: i32,
    /// 0 general shop, 1 preferred shop.
    #[serde(rename = "type")]
    pub kind: i32,
    pub shop_focus_number: i64,
    pub fans_count: i64,
    pub sold_num: i64,
    /// Stars, one decimal (4.8).
    pub rating: f64,
    pub intro: String,
}

/// `GET /shop/headInfo?shopId=`: the shop header.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShopHeadInfo {
    #[serde(flatten)]
    pub shop: ShopCard,
    pub mos_chat_support_url: Option<String>,
    pub contact: Option<String>,
    /// Whether the signed-in buyer follows the shop (false for guests).
    pub collected: bool,
}

/// A shop discount ("special discount") card.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DiscountCard {
    pub discount_id: i64,
    pub discount_name: String,
    pub pc_pic: Option<String>,
    pub start_time: i64,
    pub end_time: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    /// 1 amount off (`decreaseValue` cents once `conditionAmount` is reached), 2 percent.
    pub decrease_type: i32,
    /// Amount off in cents (type 1) or the discount in tenths (type 2: 85 = 8.5).
    pub decrease_value: i64,
    pub condition_amount: Price,
}

/// A coupon card (spec section 3 "Coupon").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CouponCard {
    pub coupon_id: i64,
    pub coupon_name: String,
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    /// 1 cash, 2 percent.
    pub coupon_type: i32,
    pub cash_condition: Price,
    pub reduce_amount: Price,
    /// The discount of a percent coupon, one decimal (8.5).
    pub coupon_discount: f64,
    pub start_time: i64,
    pub end_time: i64,
    /// 1 fixed end date, 2 valid for `validDays` days starting `afterReceiveDays` after receiving.
    pub valid_time_type: i32,
    pub valid_days: i64,
    pub after_receive_days: i64,
    /// Units left to claim.
    pub stocks: i64,
    /// Whether the signed-in buyer has claimed it (always false for guests).
    pub received: bool,
}

/// A coupon the buyer has claimed (`/p/myCoupon/receive`, `/p/myCoupon/page`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MyCoupon {
    pub user_coupon_id: i64,
    pub coupon: CouponCard,
    pub received_time: i64,
    /// When the claimed coupon can first be used and when it lapses (Unix ms), fixed at claim time.
    pub valid_from: i64,
    pub valid_until: i64,
    /// 0 not used, 1 used, 2 expired (spec section 4 "Coupon").
    pub status: i32,
}

/// `GET /shopRenovation/homepage`: a decorated page; `content` is the JSON list of blocks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RenovationPage {
    pub renovation_id: i64,
    pub shop_id: i64,
    pub name: String,
    pub content: String,
}

/// The share card of a product (spec section 3 "Share card"); `price` and `linePrice` are
/// already formatted in the visitor's currency. `isMsgCard` marks a card sent in chat.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShareCardInfo {
    pub is_msg_card: bool,
    pub title: String,
    pub desc: String,
    pub cover: String,
    pub link_url: String,
    pub price: String,
    pub line_price: Option<String>,
}

/// `POST /p/myCoupon/receive`: the coupon to claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReceiveCouponRequest {
    pub coupon_id: i64,
}

/// `POST /p/shop/collection/addOrCancel`: the shop to follow or unfollow.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectShopRequest {
    pub shop_id: i64,
}

/// `POST /p/shopCart/changeItem`: adds `count` of a SKU to the cart (`basketId` 0 for a new
/// line).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangeItemRequest {
    pub basket_id: i64,
    pub count: i64,
    pub prod_id: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub sku_id: i64,
}

/// The order entry "Buy Now" hands to the order page (kept in `sessionStorage` as
/// `mall.buyNow`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuyNowEntry {
    pub prod_count: i64,
    pub prod_id: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub sku_id: i64,
}
