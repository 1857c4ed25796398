//! The page-visit record posted to `/flowAnalysisLog` (spec sections 3, 4 and 7).

use serde::{Deserialize, Serialize};

crate::constants! {
    /// Page ids of spec section 4: `pageId` (and `prevPageId`) of a page-visit record.
    pub mod page_id: i32 {
        /// The home page.
        HOME = 1;
        /// A product detail page entered from a home banner.
        DETAIL_FROM_BANNER = 2;
        /// A product detail page.
        DETAIL = 3;
        /// The detail page of a flash-sale product.
        FLASH_SALE_DETAIL = 4;
        /// The detail page of a group-buy product.
        GROUP_DETAIL = 5;
        /// The product list (`/list`).
        LIST = 6;
        /// The special-discount page.
        SPECIAL_DISCOUNT = 7;
        /// The cart.
        CART = 8;
        /// An order's detail page.
        ORDER_DETAIL = 9;
        /// The payment page.
        PAYMENT = 10;
        /// The user centre.
        USER_CENTER = 12;
        /// The user centre's order list.
        USER_ORDERS = 13;
    }
}

crate::constants! {
    /// Biz types of spec section 4: `bizType` of a page-visit record, the kind of product the
    /// page shows.
    pub mod biz_type: i32 {
        /// An ordinary product (and every page that is not a product's).
        NORMAL = 0;
        /// A group-buy product.
        GROUP = 1;
        /// A flash-sale product.
        FLASH = 2;
    }
}

/// One tracked page visit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FlowLog {
    pub page_id: i32,
    #[serde(default)]
    pub biz_data: Option<String>,
    #[serde(default)]
    pub biz_type: i32,
    pub step: i32,
    #[serde(default)]
    pub system_type: Option<i32>,
    pub uuid: String,
    pub uuid_session: String,
    pub visit_type: i32,
    #[serde(default)]
    pub prev_page_id: Option<i32>,
    #[serde(default)]
    pub nums: Option<i32>,
}
