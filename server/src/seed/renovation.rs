//! Decorated pages ("renovation") of the demo seed.
//!
//! A page's `content` is a JSON list of blocks `{ "type": ..., "dataField": {...} }`, one per
//! block type of spec section 2 ("Home page blocks"). Products and shops are referenced by id
//! (`{"prodId": 12}`, `{"shopId": 3}`); clients load them through `/search/renovationPage` and
//! `/shop/listRenovationShop`. Links are `path: {type, link}` with the link types of spec
//! section 3: 1 product id, 2 category ids `[top, child, leaf]`, 3 shop id, 4 internal path,
//! 5 decorated page `{renovationId, shopId}`, 6 URL (with `checked` = open in a new tab).
//! Common settings: `title`, `subTitle`, `titleColor`, `titleSize`, `bgColor`, `marginTop`,
//! `marginBottom`, `showMore`, `moreText`, `path`.

use serde_json::{json, Value};

/// Every block type of spec section 2.
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

/// Products and shops a page may reference.
pub struct Picks {
    /// On-shelf products of normal type, best sellers first.
    pub normal: Vec<i64>,
    /// On-shelf flash-sale products (prodType 1).
    pub flash: Vec<i64>,
    /// On-shelf group-buy products (prodType 2).
    pub group: Vec<i64>,
    /// Preferred online shops.
    pub shops: Vec<i64>,
}

fn take(ids: &[i64], skip: usize, n: usize) -> Vec<Value> {
    if ids.is_empty() {
        return Vec::new();
    }
    (0..n).map(|i| json!({ "prodId": ids[(skip + i) % ids.len()] })).collect()
}

fn block(kind: &str, data: Value) -> Value {
    json!({ "type": kind, "dataField": data })
}

fn path(kind: i64, link: Value) -> Value {
    json!({ "type": kind, "link": link })
}

fn floor_title(title: &str, sub: &str, more: Option<Value>) -> Value {
    block(
        "floor_title",
        json!({
            "title": title,
            "subTitle": sub,
            "titleColor": "#1f2430",
            "titleSize": 24,
            "subTitleColor": "#8a8f99",
            "subTitleSize": 14,
            "marginTop": 24,
            "marginBottom": 12,
            "showMore": more.is_some(),
            "moreText": "See more",
            "path": more.unwrap_or(Value::Null),
        }),
    )
}

fn spacer(height: i64) -> Value {
    block("auxiliary_interval", json!({ "height": height, "bgColor": "transparent" }))
}

/// The platform's decorated home page, using every block type.
pub fn platform_page(p: &Picks) -> Value {
    let shop_link = |i: usize| path(3, json!(p.shops.get(i).copied().unwrap_or(1).to_string()));
    let first = |ids: &[i64]| ids.first().copied().unwrap_or(1).to_string();
    Value::Array(vec![
        block("page_background", json!({ "bgColor": "#f4f6fb" })),
        block(
            "shop_signs",
            json!({
                "bgUrl": "/media/banner/1.svg",
                "showCategory": true,
                "showLogo": true,
                "showNavs": true,
                "showSearch": true,
                "showHotWord": true,
                "navList": [
                    { "name": "Home", "path": path(4, json!("/")) },
                    { "name": "Flash sale", "path": path(4, json!("/flash-sale")) },
                    { "name": "Group buy", "path": path(4, json!("/group-buy")) },
                    { "name": "Coupons", "path": path(4, json!("/coupons")) },
                    { "name": "Electronics", "path": path(2, json!([1, 101, 1011])) },
                ],
            }),
        ),
        block(
            "picture_by",
            json!({
                "height": 300,
                "autoplay": true,
                "imgList": [
                    { "imgUrl": "/media/banner/1.svg", "path": path(4, json!("/list?st=2")) },
                    { "imgUrl": "/media/banner/2.svg", "path": shop_link(1) },
                    { "imgUrl": "/media/banner/3.svg", "path": path(1, json!(first(&p.normal))) },
                    { "imgUrl": "/media/banner/4.svg", "path": path(2, json!([5, 503, 5031])) },
                ],
            }),
        ),
        spacer(16),
        floor_title("Hot sales", "What everyone is buying this week", Some(path(4, json!("/list?st=2")))),
        block("goods_list", json!({ "listType": 4, "showPrice": true, "goodsList": take(&p.normal, 0, 8) })),
        spacer(16),
        block(
            "universal_hotspot",
            json!({
                "imgUrl": "/media/banner/9.svg",
                "width": 1200,
                "height": 450,
                "hotspots": [
                    { "left": 40, "top": 250, "width": 300, "height": 120, "path": path(4, json!("/flash-sale")) },
                    { "left": 860, "top": 60, "width": 300, "height": 330,
                      "path": path(6, json!("https://www.example.com/mekong-mall")), "checked": true },
                ],
            }),
        ),
        floor_title(
            "Preferred stores",
            "Hand-picked shops with top ratings",
            Some(path(4, json!("/shop-list?type=1"))),
        ),
        block(
            "store_list",
            json!({
                "title": "Preferred stores",
                "shopList": p.shops.iter().take(6).map(|id| json!({ "shopId": id })).collect::<Vec<_>>(),
            }),
        ),
        floor_title("Limited-time offer", "Group prices while they last", Some(path(4, json!("/group-buy")))),
        block(
            "limited_skill",
            json!({ "title": "Limited-time offer", "listType": 4, "goodsList": take(&p.group, 0, 4) }),
        ),
        floor_title("Group discount", "Flash prices, counting down", Some(path(4, json!("/flash-sale")))),
        block(
            "discount_coupon",
            json!({ "title": "Group discount", "listType": 4, "goodsList": take(&p.flash, 0, 4) }),
        ),
        block(
            "goods_module1",
            json!({
                "columns": [
                    { "title": "New arrivals", "subTitle": "Just landed", "titleColor": "#e4393c",
                      "path": path(4, json!("/list?st=1")), "goodsList": take(&p.normal, 8, 3) },
                    { "title": "Top rated", "subTitle": "Loved by buyers", "titleColor": "#1677ff",
                      "path": path(4, json!("/list?st=2")), "goodsList": take(&p.normal, 11, 3) },
                    { "title": "Under $10", "subTitle": "Small prices", "titleColor": "#13a26b",
                      "path": path(4, json!("/list?st=0&sort=2")), "goodsList": take(&p.normal, 14, 3) },
                ],
            }),
        ),
        block(
            "goods_module2",
            json!({
                "title": "Editor's choice",
                "mainImg": "/media/banner/3.svg",
                "mainTitle": "Smart gadgets of the month",
                "mainPath": path(2, json!([1, 104, 1041])),
                "goodsList": take(&p.normal, 17, 6),
            }),
        ),
        block(
            "goods_module3",
            json!({
                "groups": [
                    { "title": "For the kitchen", "subTitle": "Cook more, clean less",
                      "path": path(2, json!([4, 401, 4011])), "goodsList": take(&p.normal, 23, 3) },
                    { "title": "For the road", "subTitle": "Travel light",
                      "path": path(2, json!([2, 204, 2041])), "goodsList": take(&p.normal, 26, 3) },
                ],
            }),
        ),
        block(
            "goods_module4",
            json!({
                "title": "Taste of Cambodia",
                "bgImg": "/media/banner/4.svg",
                "path": path(2, json!([5, 503, 5032])),
                "goodsList": take(&p.normal, 29, 4),
            }),
        ),
        block(
            "goods_module5",
            json!({
                "title": "Back to school",
                "bgImg": "/media/banner/5.svg",
                "path": path(5, json!({ "renovationId": 2, "shopId": 2 })),
                "goodsList": take(&p.normal, 33, 8),
            }),
        ),
        floor_title("Recommended for you", "", Some(path(4, json!("/list?st=0&sort=2")))),
        block("goods_list", json!({ "listType": 5, "showPrice": true, "goodsList": take(&p.normal, 41, 10) })),
        spacer(32),
    ])
}

/// A shop's decorated home page.
pub fn shop_page(shop_id: i64, shop_name: &str, products: &[i64], banner: i64) -> Value {
    Value::Array(vec![
        block("page_background", json!({ "bgColor": "#ffffff" })),
        block(
            "shop_signs",
            json!({
                "bgUrl": format!("/media/banner/{banner}.svg"),
                "showCategory": true,
                "showLogo": true,
                "showNavs": true,
                "showSearch": true,
                "showHotWord": false,
                "navList": [
                    { "name": "Home", "path": path(4, json!(format!("/shop-index?sid={shop_id}"))) },
                    { "name": "All products", "path": path(4, json!(format!("/shop-prod-list?sid={shop_id}"))) },
                ],
            }),
        ),
        block(
            "picture_by",
            json!({ "height": 300, "imgList": [
                { "imgUrl": format!("/media/banner/{banner}.svg"), "path": path(4, json!(format!("/shop-prod-list?sid={shop_id}"))) },
            ]}),
        ),
        floor_title(&format!("Best of {shop_name}"), "Our customers' favourites", None),
        block("goods_list", json!({ "listType": 4, "showPrice": true, "goodsList": take(products, 0, 8) })),
        spacer(24),
        block("goods_list", json!({ "listType": 3, "showPrice": true, "goodsList": take(products, 8, 6) })),
    ])
}
