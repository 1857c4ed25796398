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

/// A text of a seeded decoration in the three interface languages (the renderer picks one).
fn tr(en: &str, zh: &str, km: &str) -> Value {
    json!({ "en": en, "zh": zh, "km": km })
}

fn path(kind: i64, link: Value) -> Value {
    json!({ "type": kind, "link": link })
}

fn floor_title(title: Value, sub: Value, more: Option<Value>) -> Value {
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
            "moreText": tr("See more", "查看更多", "មើលបន្ថែម"),
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
                    { "name": tr("Home", "首页", "ទំព័រដើម"), "path": path(4, json!("/")) },
                    { "name": tr("Flash sale", "限时秒杀", "លក់ពិសេសរហ័ស"), "path": path(4, json!("/flash-sale")) },
                    { "name": tr("Group buy", "拼团", "ទិញជាក្រុម"), "path": path(4, json!("/group-buy")) },
                    { "name": tr("Coupons", "优惠券", "គូប៉ុង"), "path": path(4, json!("/coupons")) },
                    { "name": tr("Electronics", "数码电子", "គ្រឿងអេឡិចត្រូនិក"), "path": path(2, json!([1, 101, 1011])) },
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
        floor_title(
            tr("Hot sales", "热销商品", "លក់ដាច់បំផុត"),
            tr("What everyone is buying this week", "本周大家都在买", "អ្វីដែលអ្នករាល់គ្នាកំពុងទិញសប្ដាហ៍នេះ"),
            Some(path(4, json!("/list?st=2"))),
        ),
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
            tr("Preferred stores", "优选店铺", "ហាងពេញនិយម"),
            tr("Hand-picked shops with top ratings", "精选高分店铺", "ហាងដែលបានជ្រើសរើសមានការវាយតម្លៃខ្ពស់"),
            Some(path(4, json!("/shop-list?type=1"))),
        ),
        block(
            "store_list",
            json!({
                "title": tr("Preferred stores", "优选店铺", "ហាងពេញនិយម"),
                "shopList": p.shops.iter().take(6).map(|id| json!({ "shopId": id })).collect::<Vec<_>>(),
            }),
        ),
        floor_title(
            tr("Limited-time offer", "限时优惠", "ការផ្ដល់ជូនមានកំណត់ពេល"),
            tr("Group prices while they last", "拼团价，售完即止", "តម្លៃទិញជាក្រុម ខណៈដែលនៅមាន"),
            Some(path(4, json!("/group-buy"))),
        ),
        block(
            "limited_skill",
            json!({ "title": tr("Limited-time offer", "限时优惠", "ការផ្ដល់ជូនមានកំណត់ពេល"), "listType": 4, "goodsList": take(&p.group, 0, 4) }),
        ),
        floor_title(
            tr("Group discount", "团购优惠", "បញ្ចុះតម្លៃជាក្រុម"),
            tr("Flash prices, counting down", "秒杀价，倒计时中", "តម្លៃពិសេស កំពុងរាប់ថយក្រោយ"),
            Some(path(4, json!("/flash-sale"))),
        ),
        block(
            "discount_coupon",
            json!({ "title": tr("Group discount", "团购优惠", "បញ្ចុះតម្លៃជាក្រុម"), "listType": 4, "goodsList": take(&p.flash, 0, 4) }),
        ),
        block(
            "goods_module1",
            json!({
                "columns": [
                    { "title": tr("New arrivals", "新品上市", "ទំនិញមកដល់ថ្មី"), "subTitle": tr("Just landed", "刚刚到货", "ទើបតែមកដល់"), "titleColor": "#e4393c",
                      "path": path(4, json!("/list?st=1")), "goodsList": take(&p.normal, 8, 3) },
                    { "title": tr("Top rated", "好评如潮", "វាយតម្លៃខ្ពស់បំផុត"), "subTitle": tr("Loved by buyers", "买家最爱", "អ្នកទិញចូលចិត្ត"), "titleColor": "#1677ff",
                      "path": path(4, json!("/list?st=2")), "goodsList": take(&p.normal, 11, 3) },
                    { "title": tr("Under $10", "10美元以下", "ក្រោម $10"), "subTitle": tr("Small prices", "超值低价", "តម្លៃទាប"), "titleColor": "#13a26b",
                      "path": path(4, json!("/list?st=0&sort=2")), "goodsList": take(&p.normal, 14, 3) },
                ],
            }),
        ),
        block(
            "goods_module2",
            json!({
                "title": tr("Editor's choice", "编辑推荐", "ជម្រើសរបស់អ្នកកែសម្រួល"),
                "mainImg": "/media/banner/3.svg",
                "mainTitle": tr("Smart gadgets of the month", "本月智能好物", "ឧបករណ៍ឆ្លាតវៃប្រចាំខែ"),
                "mainPath": path(2, json!([1, 104, 1041])),
                "goodsList": take(&p.normal, 17, 6),
            }),
        ),
        block(
            "goods_module3",
            json!({
                "groups": [
                    { "title": tr("For the kitchen", "厨房好物", "សម្រាប់ផ្ទះបាយ"), "subTitle": tr("Cook more, clean less", "多下厨，少清洁", "ចម្អិនច្រើន សម្អាតតិច"),
                      "path": path(2, json!([4, 401, 4011])), "goodsList": take(&p.normal, 23, 3) },
                    { "title": tr("For the road", "出行必备", "សម្រាប់ការធ្វើដំណើរ"), "subTitle": tr("Travel light", "轻装出行", "ធ្វើដំណើរស្រាល"),
                      "path": path(2, json!([2, 204, 2041])), "goodsList": take(&p.normal, 26, 3) },
                ],
            }),
        ),
        block(
            "goods_module4",
            json!({
                "title": tr("Taste of Cambodia", "柬埔寨风味", "រសជាតិកម្ពុជា"),
                "bgImg": "/media/banner/4.svg",
                "path": path(2, json!([5, 503, 5032])),
                "goodsList": take(&p.normal, 29, 4),
            }),
        ),
        block(
            "goods_module5",
            json!({
                "title": tr("Back to school", "开学季", "ត្រឡប់ទៅសាលាវិញ"),
                "bgImg": "/media/banner/5.svg",
                "path": path(5, json!({ "renovationId": 2, "shopId": 2 })),
                "goodsList": take(&p.normal, 33, 8),
            }),
        ),
        floor_title(
            tr("Recommended for you", "为你推荐", "ណែនាំសម្រាប់អ្នក"),
            json!(""),
            Some(path(4, json!("/list?st=0&sort=2"))),
        ),
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
                // No background picture: the banner pictures carry headlines of their own.
                "bgUrl": "",
                "showCategory": true,
                "showLogo": true,
                "showNavs": true,
                "showSearch": true,
                "showHotWord": true,
                // Odd shops show the compact light header (store style 1).
                "storeStyle": shop_id % 2,
                "navList": [
                    { "name": tr("Home", "店铺首页", "ទំព័រដើម"), "path": path(4, json!(format!("/shop-index?sid={shop_id}"))) },
                    { "name": tr("All products", "全部商品", "ផលិតផលទាំងអស់"), "path": path(4, json!(format!("/shop-prod-list?sid={shop_id}"))) },
                ],
            }),
        ),
        block(
            "picture_by",
            json!({ "height": 300, "imgList": [
                { "imgUrl": format!("/media/banner/{banner}.svg"), "path": path(4, json!(format!("/shop-prod-list?sid={shop_id}"))) },
            ]}),
        ),
        floor_title(
            tr(&format!("Best of {shop_name}"), &format!("{shop_name}精选"), &format!("ល្អបំផុតពី {shop_name}")),
            tr("Our customers' favourites", "顾客最爱", "អតិថិជនរបស់យើងចូលចិត្ត"),
            None,
        ),
        block("goods_list", json!({ "listType": 4, "showPrice": true, "goodsList": take(products, 0, 8) })),
        spacer(24),
        block("goods_list", json!({ "listType": 3, "showPrice": true, "goodsList": take(products, 8, 6) })),
    ])
}
