//! The buyer's favourites (products and followed shops) and browsing history ("footprints")
//! of the user centre (spec sections 1, 2 `uc-collection` and `uc-footprint`, 7
//! `/p/user/recentBrowse`). Favourite products follow mall4j's `UserCollectionController`
//! (`/p/user/collection/...`); the shops are the ones followed through
//! `/p/shop/collection/addOrCancel`. Times are Unix milliseconds.

use crate::catalog::{ProductCard, ShopCard};
use api_macros::wire;

/// Most footprints kept per buyer: recording one more drops the oldest.
pub const MAX_FOOTPRINTS: i64 = 200;

/// The mall's time zone (Cambodia, UTC+7, no daylight saving), in which a footprint's day
/// (`YYYY-MM-DD`) is counted.
pub const DAY_OFFSET_MS: i64 = crate::calendar::MALL_UTC_OFFSET_SECS * 1000;

/// One day, in milliseconds.
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// `POST /p/user/collection/addOrCancel`: the product to collect or uncollect (the body may
/// also be the bare id, `5`, or a form `prodId=5`).
#[wire]
#[derive(Default)]
pub struct CollectProductRequest {
    pub prod_id: i64,
}

/// `POST /p/user/recentBrowse` (form-encoded): the product the buyer viewed.
#[wire]
#[derive(Default)]
pub struct RecentBrowseParam {
    pub prod_id: i64,
}

/// `DELETE /p/user/recentBrowse/deleteDay`.
#[wire(query)]
#[derive(Default)]
pub struct FootprintDayQuery {
    /// The day, `YYYY-MM-DD` in the mall's time zone (as [`Footprint::day`]).
    pub day: String,
}

/// A favourite product of `GET /p/user/collection/page`, newest first: the product card as
/// the catalogue shows it (name in the request's language, picture, price, shop), whether it
/// can still be bought, and when it was collected.
#[wire(default)]
pub struct CollectionProduct {
    /// The favourite entry.
    pub id: i64,
    /// When the buyer collected it.
    pub create_time: i64,
    /// The product is on shelf and its shop online.
    pub on_sale: bool,
    #[serde(flatten)]
    pub card: ProductCard,
}

/// A followed shop of `GET /p/shop/collection/page`, newest first: name, logo, rating,
/// followers (`fansCount`) and status (`shopStatus`, 1 = online).
#[wire(default)]
pub struct CollectionShop {
    /// When the buyer followed it.
    pub create_time: i64,
    #[serde(flatten)]
    pub shop: ShopCard,
}

/// A footprint of `GET /p/user/recentBrowse/page`, newest first: one entry per product and
/// day, at the latest view of that day.
#[wire(default)]
pub struct Footprint {
    /// The entry (what `DELETE /p/user/recentBrowse/delete/{id}` removes).
    pub id: i64,
    /// The day of the views, `YYYY-MM-DD` in the mall's time zone (UTC+7).
    pub day: String,
    /// The latest view that day.
    pub browse_time: i64,
    /// The product is on shelf and its shop online.
    pub on_sale: bool,
    #[serde(flatten)]
    pub card: ProductCard,
}

/// The days since 1970-01-01 in the mall's time zone of the instant `ms`.
pub fn day_number(ms: i64) -> i64 {
    (ms + DAY_OFFSET_MS).div_euclid(DAY_MS)
}

/// `YYYY-MM-DD` of a day number (see [`day_number`]).
pub fn day_text(day: i64) -> String {
    let (y, m, d) = crate::calendar::civil_date(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The day number of `YYYY-MM-DD`, or `None` when it is not a real date in that form.
pub fn parse_day(text: &str) -> Option<i64> {
    crate::calendar::parse_date(text)
}

/// [`paths::USER_COLLECTION_CANCEL`](crate::paths::USER_COLLECTION_CANCEL) of a product.
pub fn user_collection_cancel(prod_id: i64) -> String {
    crate::paths::USER_COLLECTION_CANCEL.replace("{prodId}", &prod_id.to_string())
}

/// [`paths::SHOP_COLLECTION_CANCEL`](crate::paths::SHOP_COLLECTION_CANCEL) of a shop.
pub fn shop_collection_cancel(shop_id: i64) -> String {
    crate::paths::SHOP_COLLECTION_CANCEL.replace("{shopId}", &shop_id.to_string())
}

/// [`paths::RECENT_BROWSE_DELETE`](crate::paths::RECENT_BROWSE_DELETE) of a footprint.
pub fn recent_browse_delete(id: i64) -> String {
    crate::paths::RECENT_BROWSE_DELETE.replace("{id}", &id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_in_cambodia() {
        // 2026-03-04 16:59:59.999 UTC is 23:59:59.999 in Phnom Penh; a millisecond later the 5th.
        let evening = 1_772_643_599_999;
        assert_eq!(day_text(day_number(evening)), "2026-03-04");
        assert_eq!(day_text(day_number(evening + 1)), "2026-03-05");
        assert_eq!(day_text(0), "1970-01-01");
        assert_eq!(day_text(day_number(-1)), "1970-01-01");
        assert_eq!(day_text(day_number(-DAY_OFFSET_MS - 1)), "1969-12-31");
    }

    #[test]
    fn day_texts_round_trip_and_bad_ones_are_refused() {
        for day in [-1, 0, 59, 10_957, 19_782, 20_516, 2_932_896] {
            assert_eq!(parse_day(&day_text(day)), Some(day), "{}", day_text(day));
        }
        assert_eq!(parse_day("2024-02-29"), Some(19_782));
        for bad in ["", "2023-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "2026-01-32", "+026-01-01", "2026/01/01"]
        {
            assert_eq!(parse_day(bad), None, "{bad}");
        }
    }

    #[test]
    fn paths_with_ids() {
        assert_eq!(user_collection_cancel(5), "/p/user/collection/cancel/5");
        assert_eq!(shop_collection_cancel(2), "/p/shop/collection/cancel/2");
        assert_eq!(recent_browse_delete(9), "/p/user/recentBrowse/delete/9");
    }
}
