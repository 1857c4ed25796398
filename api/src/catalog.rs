//! Browsing payloads (spec sections 3 and 7 "Browsing"): banners, categories, product cards
//! and details, shops, discounts and coupons. Times are Unix milliseconds; money is
//! [`Price`](crate::money::Price). Clients read leniently: every field has a default.

use crate::money::{DiscountRate, Price};
use api_macros::wire;

/// A page of records (`current` starts at 1). Every field has a default when read (per field
/// rather than for the whole struct, so that the records need no `Default`).
#[wire]
#[derive(Default)]
pub struct Page<T> {
    #[serde(default)]
    pub records: Vec<T>,
    #[serde(default)]
    pub total: i64,
    #[serde(default)]
    pub current: i64,
    #[serde(default)]
    pub size: i64,
    /// The number of pages.
    #[serde(default)]
    pub pages: i64,
}

crate::constants! {
    /// Link types of spec section 3: the `type` of a decorated block's link `{type, link}`
    /// and of a banner (whose `relation` is the link).
    pub mod link_type: i32 {
        /// No link (banners only).
        NONE = 0;
        /// A product: `link` is its id; opens its detail page in a new tab.
        PRODUCT = 1;
        /// A category list: `link` is an array of up to three category ids (top, second,
        /// third level).
        CATEGORY = 2;
        /// A shop: `link` is its id.
        SHOP = 3;
        /// A path of this site (`/coupons`); pages that need a signed-in buyer send guests to
        /// `/login` first.
        PATH = 4;
        /// A decorated page: `link` is `{renovationId, shopId}`.
        DECORATED_PAGE = 5;
        /// A custom `http(s)` URL; the block's `checked` flag opens it in a new tab.
        URL = 6;
    }
}

/// Paging of a list (the one paging policy: `current` from 1, `size` 10 by default, at most
/// 100 served).
#[wire(query, default)]
pub struct PageQuery {
    pub current: Option<i64>,
    pub size: Option<i64>,
}

/// `GET /category/categoryInfo`.
#[wire(query, default)]
pub struct CategoryInfoQuery {
    /// The parent category, 0 (the default) for the top level.
    pub parent_id: Option<i64>,
}

/// `GET /prod/prodInfo`, `GET /prod/isStatus`.
#[wire(query)]
#[derive(Default)]
pub struct ProdQuery {
    pub prod_id: i64,
}

/// `GET /shop/headInfo`, `GET /shop/shopCategory`; also `POST /p/shop/collection/addOrCancel`
/// (or its body, [`CollectShopRequest`]).
#[wire(query)]
#[derive(Default)]
pub struct ShopQuery {
    pub shop_id: i64,
}

/// `GET /shop/listRenovationShop`.
#[wire(query)]
#[derive(Default)]
pub struct ShopIdsQuery {
    /// Shop ids, comma-separated (`1,2,3`; repeated `shopIds` work too), at most 50.
    pub shop_ids: String,
}

/// `GET /indexImgs/{shopId}`.
#[wire(query, default)]
pub struct BannerQuery {
    /// 1 (the default): carousel banners.
    pub img_type: Option<i64>,
}

/// `GET /shopRenovation/homepage`.
#[wire(query, default)]
pub struct RenovationQuery {
    /// 1 (the default): a PC page.
    pub renovation_type: Option<i64>,
    /// A page; without it, the active decorated home of `shopId`.
    pub renovation_id: Option<i64>,
    /// The shop, 0 (the default) for the platform.
    pub shop_id: Option<i64>,
}

/// `GET /marking/discount/info`.
#[wire(query)]
#[derive(Default)]
pub struct DiscountQuery {
    pub discount_id: i64,
}

/// `GET /coupon/info`; also `POST /p/myCoupon/receive` (or its body, [`ReceiveCouponRequest`]).
#[wire(query)]
#[derive(Default)]
pub struct CouponQuery {
    pub coupon_id: i64,
}

/// `GET /p/myCoupon/page`.
#[wire(query, default)]
pub struct MyCouponQuery {
    /// 0 not used (the default), 1 used, 2 expired.
    pub status: Option<i32>,
    pub current: Option<i64>,
    pub size: Option<i64>,
}

/// A carousel banner of `GET /indexImgs/{shopId}`. `type` is a [`link_type`] (product, shop,
/// path, URL or none) and `relation` its target.
#[wire(default)]
pub struct Banner {
    pub id: i64,
    pub img_url: String,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: i32,
    pub relation: Option<String>,
}

/// A category with its children (`categories`), names in the request language.
#[wire(default)]
pub struct Category {
    pub category_id: i64,
    pub category_name: String,
    pub parent_id: i64,
    pub grade: i32,
    pub pic: Option<String>,
    pub icon: Option<String>,
    /// The children, down to the third level.
    #[cfg_attr(feature = "openapi", schema(no_recursion))]
    pub categories: Vec<Category>,
}

/// `GET /category/categoryInfo?parentId=`: the children of `parentId`, each with its own
/// children down to the third level.
#[wire(default)]
pub struct CategoryInfo {
    pub category_info: Vec<Category>,
}

/// Group-buy facts of a product card.
#[wire(default)]
pub struct GroupActivitySearchVo {
    pub group_activity_id: i64,
    pub group_number: i64,
    pub group_price: Price,
}

/// A product as lists, search results and decorated blocks show it.
#[wire(default)]
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
#[wire(default)]
pub struct Sku {
    pub sku_id: i64,
    pub properties: String,
    pub price: Price,
    pub ori_price: Price,
    pub stocks: i64,
    pub pic: Option<String>,
}

/// A SKU's stored properties (`Colour:Black;Size:M`) as (name, value) pairs; a property
/// without a name is its own value.
pub fn sku_properties(properties: &str) -> impl Iterator<Item = (&str, &str)> {
    properties.split(';').map(str::trim).filter(|p| !p.is_empty()).map(|p| match p.split_once(':') {
        Some((name, value)) => (name.trim(), value.trim()),
        None => ("", p),
    })
}

/// A SKU's properties as a cart or order line shows them: `Colour: Black, Size: M`.
pub fn sku_name(properties: &str) -> String {
    let shown = sku_properties(properties).map(|(name, value)| match name {
        "" => value.to_string(),
        name => format!("{name}: {value}"),
    });
    shown.collect::<Vec<_>>().join(", ")
}

/// A flash sale of a product.
#[wire(default)]
pub struct SeckillInfo {
    pub seckill_id: i64,
    pub seckill_price: Price,
    pub start_time: i64,
    pub end_time: i64,
    /// Units left in the flash sale (its own stock, apart from the SKUs').
    pub seckill_stocks: i64,
    /// Most units one buyer may buy in it.
    pub max_num: i64,
}

/// A group buy of a product.
#[wire(default)]
pub struct GroupActivityInfo {
    pub group_activity_id: i64,
    pub group_number: i64,
    pub group_price: Price,
    pub start_time: i64,
    pub end_time: i64,
}

/// `GET /prod/prodInfo?prodId=`: everything the detail page shows.
#[wire(default)]
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
#[wire(default)]
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
#[wire(default)]
pub struct ShopHeadInfo {
    #[serde(flatten)]
    pub shop: ShopCard,
    pub mos_chat_support_url: Option<String>,
    pub contact: Option<String>,
    /// Whether the signed-in buyer follows the shop (false for guests).
    pub collected: bool,
}

/// A shop discount ("special discount") card.
#[wire(default)]
pub struct DiscountCard {
    pub discount_id: i64,
    pub discount_name: String,
    pub pc_pic: Option<String>,
    pub start_time: i64,
    pub end_time: i64,
    pub shop_id: i64,
    pub shop_name: String,
    pub shop_logo: String,
    /// 1 amount off (`decreaseAmount` once the order reaches `conditionAmount`), 2 a rate
    /// (`discountRate`).
    pub decrease_type: i32,
    /// Type 1: the amount taken off (0 for type 2).
    pub decrease_amount: Price,
    /// Type 2: the rate paid, 8.5 = 85 % (0 for type 1).
    pub discount_rate: DiscountRate,
    pub condition_amount: Price,
}

/// A coupon card (spec section 3 "Coupon").
#[wire(default)]
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
    /// The rate of a percent coupon (8.5 = 85 % paid).
    pub coupon_discount: DiscountRate,
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
#[wire(default)]
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
#[wire(default)]
pub struct RenovationPage {
    pub renovation_id: i64,
    pub shop_id: i64,
    pub name: String,
    /// The page's blocks: a JSON array of `Block`, encoded as a string.
    pub content: String,
}

/// The share card of a product (spec section 3 "Share card"); `price` and `linePrice` are
/// already formatted in the visitor's currency. `isMsgCard` marks a card sent in chat.
#[wire(default)]
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
#[wire]
#[derive(Default)]
pub struct ReceiveCouponRequest {
    pub coupon_id: i64,
}

/// `POST /p/shop/collection/addOrCancel`: the shop to follow or unfollow.
#[wire]
#[derive(Default)]
pub struct CollectShopRequest {
    pub shop_id: i64,
}
