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
//!
//! The seed writes the platform's page (off by default) and the home pages of
//! [`DECORATED_SHOPS`]; `picks` chooses the products and shops they (and the home banners)
//! show.

use super::catalog::{self, ProductSpec};
use super::data::{shop_by_id, SHOPS};
use super::sql::{row, Table};
use crate::db::DbResult;
use serde_json::{json, Value};
use sqlx::AnyConnection;

const RENOVATION: Table = Table {
    name: "renovation",
    columns:
        "renovation_id, shop_id, renovation_type, name, name_zh, name_km, content, is_home, created_at, updated_at",
};

/// Shops that get a decorated home page (renovation ids 2, 3, ...).
pub const DECORATED_SHOPS: [i64; 4] = [2, 3, 4, 5];

/// Products a page may show: on-shelf ones among the first 3,000 (of a catalog of `count`).
fn showcase(count: usize) -> impl Iterator<Item = ProductSpec> {
    (1..=count.min(3_000) as i64).map(catalog::product).filter(|p| p.status == 1)
}

/// Every block type of spec section 2.
pub use api::renovation::BLOCK_TYPES;

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

/// The products and shops the banners and decorated pages point at, from a catalog of `count`.
pub(super) fn picks(count: usize) -> Picks {
    let mut picks = Picks { normal: vec![], flash: vec![], group: vec![], shops: vec![] };
    let mut normal = Vec::new();
    for p in showcase(count).filter(|p| shop_by_id(p.shop_id).status == 1) {
        match p.prod_type {
            1 => picks.flash.push(p.prod_id),
            2 => picks.group.push(p.prod_id),
            _ => normal.push((p.sold_num, p.prod_id)),
        }
    }
    normal.sort_by(|a, b| b.cmp(a));
    picks.normal = normal.into_iter().map(|(_, id)| id).collect();
    picks.shops = SHOPS
        .iter()
        .enumerate()
        .filter(|(_, s)| s.shop_type == 1 && s.status == 1)
        .map(|(i, _)| i as i64 + 1)
        .collect();
    picks
}

/// Writes the platform's decorated page and those of [`DECORATED_SHOPS`], for a catalog of
/// `count` products; `now` dates them.
pub(super) async fn seed(conn: &mut AnyConnection, picks: &Picks, count: usize, now: i64) -> DbResult<usize> {
    let mut rows = vec![row![
        1,
        0,
        1,
        "Mall festival home",
        "商城节日主页",
        "ទំព័រដើមពិធីបុណ្យផ្សារ",
        platform_page(picks).to_string(),
        // Not active by default: the standard home page shows until decoration is switched on.
        0,
        now,
        now
    ]];
    for (i, shop_id) in DECORATED_SHOPS.iter().enumerate() {
        let products: Vec<i64> = showcase(count).filter(|p| p.shop_id == *shop_id).map(|p| p.prod_id).collect();
        let name = shop_by_id(*shop_id).name;
        let content = shop_page(*shop_id, name, &products, 6 + i as i64);
        let (en, zh, km) = (format!("{name} home"), format!("{name}首页"), format!("ទំព័រដើម {name}"));
        rows.push(row![i as i64 + 2, *shop_id, 1, en, zh, km, content.to_string(), 1, now, now]);
    }
    RENOVATION.insert(conn, rows).await
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

/// The page header with every part shown (category menu, logo, navigation, search box, hot
/// words, the newest notice): `bg_url` behind it (none when empty), the store style if any,
/// `nav_list` its links.
fn shop_signs(bg_url: &str, store_style: Option<i64>, nav_list: Value) -> Value {
    let mut data = json!({
        "bgUrl": bg_url,
        "showCategory": true,
        "showLogo": true,
        "showNavs": true,
        "showSearch": true,
        "showHotWord": true,
        "announcement": true,
        "navList": nav_list,
    });
    if let Some(style) = store_style {
        data["storeStyle"] = json!(style);
    }
    block("shop_signs", data)
}

/// A floor title linking to the internal path `link`, then a `kind` block with the same title
/// and `fields` (an object) besides.
fn titled_block(kind: &str, title: Value, sub: Value, link: &str, mut fields: Value) -> [Value; 2] {
    fields["title"] = title.clone();
    [floor_title(title, sub, Some(path(4, json!(link)))), block(kind, fields)]
}

fn spacer(height: i64) -> Value {
    block("auxiliary_interval", json!({ "height": height, "bgColor": "transparent" }))
}

/// The platform's decorated home page, using every block type.
pub fn platform_page(p: &Picks) -> Value {
    let shop_link = |i: usize| path(3, json!(p.shops.get(i).copied().unwrap_or(1).to_string()));
    let first = |ids: &[i64]| ids.first().copied().unwrap_or(1).to_string();
    let mut page = vec![
        block("page_background", json!({ "bgColor": "#f4f6fb" })),
        shop_signs(
            "/media/banner/1.svg",
            None,
            json!([
                { "name": tr("Home", "首页", "ទំព័រដើម"), "path": path(4, json!("/")) },
                { "name": tr("Flash sale", "限时秒杀", "លក់ពិសេសរហ័ស"), "path": path(4, json!("/flash-sale")) },
                { "name": tr("Group buy", "拼团", "ទិញជាក្រុម"), "path": path(4, json!("/group-buy")) },
                { "name": tr("Coupons", "优惠券", "គូប៉ុង"), "path": path(4, json!("/coupons")) },
                { "name": tr("Electronics", "数码电子", "គ្រឿងអេឡិចត្រូនិក"), "path": path(2, json!([1, 101, 1011])) },
            ]),
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
    ];
    // Floors with a block under the floor's own title: (block, title, sub-title, link, fields).
    let floors = [
        (
            "store_list",
            tr("Preferred stores", "优选店铺", "ហាងពេញនិយម"),
            tr("Hand-picked shops with top ratings", "精选高分店铺", "ហាងដែលបានជ្រើសរើសមានការវាយតម្លៃខ្ពស់"),
            "/shop-list?type=1",
            json!({ "shopList": p.shops.iter().take(6).map(|id| json!({ "shopId": id })).collect::<Vec<_>>() }),
        ),
        (
            "limited_skill",
            tr("Limited-time offer", "限时优惠", "ការផ្ដល់ជូនមានកំណត់ពេល"),
            tr("Group prices while they last", "拼团价，售完即止", "តម្លៃទិញជាក្រុម ខណៈដែលនៅមាន"),
            "/group-buy",
            json!({ "listType": 4, "goodsList": take(&p.group, 0, 4) }),
        ),
        (
            "discount_coupon",
            tr("Group discount", "团购优惠", "បញ្ចុះតម្លៃជាក្រុម"),
            tr("Flash prices, counting down", "秒杀价，倒计时中", "តម្លៃពិសេស កំពុងរាប់ថយក្រោយ"),
            "/flash-sale",
            json!({ "listType": 4, "goodsList": take(&p.flash, 0, 4) }),
        ),
    ];
    for (kind, title, sub, link, fields) in floors {
        page.extend(titled_block(kind, title, sub, link, fields));
    }
    page.extend([
        block(
            "goods_module1",
            json!({
                "columns": [
                    { "title": tr("New arrivals", "新品上市", "ទំនិញមកដល់ថ្មី"), "subTitle": tr("Just landed", "刚刚到货", "ទើបតែមកដល់"), "titleColor": "#e4393c",
                      "path": path(4, json!("/list?st=1")), "goodsList": take(&p.normal, 8, 3) },
                    { "title": tr("Top rated", "好评如潮", "វាយតម្លៃខ្ពស់បំផុត"), "subTitle": tr("Loved by buyers", "买家最爱", "អ្នកទិញចូលចិត្ត"), "titleColor": "#1677ff",
                      "path": path(4, json!("/list?st=2")), "goodsList": take(&p.normal, 11, 3) },
                    { "title": tr("Under $10", "$10以下", "ក្រោម $10"), "subTitle": tr("Small prices", "超值低价", "តម្លៃទាប"), "titleColor": "#13a26b",
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
    ]);
    Value::Array(page)
}

/// A shop's decorated home page.
pub fn shop_page(shop_id: i64, shop_name: &str, products: &[i64], banner: i64) -> Value {
    Value::Array(vec![
        block("page_background", json!({ "bgColor": "#ffffff" })),
        // No background picture: the banner pictures carry headlines of their own. Odd shops
        // show the compact light header (store style 1).
        shop_signs(
            "",
            Some(shop_id % 2),
            json!([
                { "name": tr("Home", "店铺首页", "ទំព័រដើម"), "path": path(4, json!(format!("/shop-index?sid={shop_id}"))) },
                { "name": tr("All products", "全部商品", "ផលិតផលទាំងអស់"), "path": path(4, json!(format!("/shop-prod-list?sid={shop_id}"))) },
            ]),
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
