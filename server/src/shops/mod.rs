//! Shops: hot shops, the shop header and its categories, shop cards for decorated blocks,
//! following a shop, decorated pages and banners (spec section 7, `/shop/*`,
//! `/p/shop/collection/addOrCancel`, `/shopRenovation/homepage`, `/indexImgs/{shopId}`).

pub mod api;
pub mod repo;

pub use api::router;
