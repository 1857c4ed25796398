//! The page-visit record posted to `/flowAnalysisLog` (spec sections 3, 4 and 7).

use serde::{Deserialize, Serialize};

/// Page ids of spec section 4.
pub mod page_id {
    pub const HOME: i32 = 1;
    pub const DETAIL_FROM_BANNER: i32 = 2;
    pub const DETAIL: i32 = 3;
    pub const FLASH_SALE_DETAIL: i32 = 4;
    pub const GROUP_DETAIL: i32 = 5;
    pub const LIST: i32 = 6;
    pub const SPECIAL_DISCOUNT: i32 = 7;
    pub const CART: i32 = 8;
    pub const ORDER_DETAIL: i32 = 9;
    pub const PAYMENT: i32 = 10;
    pub const USER_CENTER: i32 = 12;
    pub const USER_ORDERS: i32 = 13;
}

/// Biz types of spec section 4: 0 normal, 1 group, 2 flash.
pub mod biz_type {
    pub const NORMAL: i32 = 0;
    pub const GROUP: i32 = 1;
    pub const FLASH: i32 = 2;
}

/// One tracked page visit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
