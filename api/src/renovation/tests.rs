use super::*;
use serde_json::json;

fn tr(en: &str, zh: &str, km: &str) -> Value {
    json!({ "en": en, "zh": zh, "km": km })
}

fn path(kind: i64, link: Value) -> Value {
    json!({ "type": kind, "link": link })
}

fn goods(ids: &[i64]) -> Value {
    ids.iter().map(|id| json!({ "prodId": id })).collect()
}

/// One block of every type, with the data the demo seed writes.
fn seeded_blocks() -> Vec<Value> {
    let floor = |title: Value, more: Value| {
        json!({ "type": "floor_title", "dataField": {
            "title": title, "subTitle": "", "titleColor": "#1f2430", "titleSize": 24,
            "subTitleColor": "#8a8f99", "subTitleSize": 14, "marginTop": 24, "marginBottom": 12,
            "showMore": !more.is_null(), "moreText": tr("See more", "查看更多", "មើលបន្ថែម"), "path": more,
        }})
    };
    vec![
        json!({ "type": "page_background", "dataField": { "bgColor": "#f4f6fb" } }),
        json!({ "type": "shop_signs", "dataField": {
            "bgUrl": "/media/banner/1.svg", "showCategory": true, "showLogo": true, "showNavs": true,
            "showSearch": true, "showHotWord": true, "storeStyle": 1,
            "search": true, "navsBg": "#1f3a8a", "announcement": true,
            "navList": [
                { "name": tr("Home", "首页", "ទំព័រដើម"), "path": path(4, json!("/")) },
                { "name": tr("Electronics", "数码电子", "គ្រឿងអេឡិចត្រូនិក"), "path": path(2, json!([1, 101, 1011])) },
            ],
        }}),
        json!({ "type": "picture_by", "dataField": { "height": 300, "autoplay": true, "imgList": [
            { "imgUrl": "/media/banner/1.svg", "path": path(4, json!("/list?st=2")) },
            { "imgUrl": "/media/banner/2.svg", "path": path(3, json!("4")) },
            { "imgUrl": "/media/banner/3.svg", "path": path(1, json!("12")) },
        ]}}),
        json!({ "type": "auxiliary_interval", "dataField": { "height": 16, "bgColor": "transparent" } }),
        floor(tr("Hot sales", "热销商品", "លក់ដាច់បំផុត"), path(4, json!("/list?st=2"))),
        floor(tr("Best of the shop", "店铺精选", "ល្អបំផុត"), Value::Null),
        json!({ "type": "goods_list", "dataField": { "listType": 4, "showPrice": true, "goodsList": goods(&[3, 1]) } }),
        json!({ "type": "universal_hotspot", "dataField": {
            "imgUrl": "/media/banner/9.svg", "width": 1200, "height": 450,
            "hotspots": [
                { "left": 40, "top": 250, "width": 300, "height": 120, "path": path(4, json!("/flash-sale")) },
                { "left": 860, "top": 60, "width": 300, "height": 330,
                  "path": path(6, json!("https://www.example.com/mekong-mall")), "checked": true },
            ],
        }}),
        json!({ "type": "store_list", "dataField": {
            "title": tr("Preferred stores", "优选店铺", "ហាងពេញនិយម"), "shopList": [{ "shopId": 2 }, { "shopId": 5 }],
        }}),
        json!({ "type": "limited_skill", "dataField": { "title": "Limited", "listType": 4, "goodsList": goods(&[7]) } }),
        json!({ "type": "discount_coupon", "dataField": { "title": "Group", "listType": 4, "goodsList": goods(&[8]) } }),
        json!({ "type": "goods_module1", "dataField": { "columns": [
            { "title": tr("New arrivals", "新品上市", "ទំនិញមកដល់ថ្មី"), "subTitle": tr("Just landed", "刚刚到货", "ទើបតែមកដល់"),
              "titleColor": "#e4393c", "path": path(4, json!("/list?st=1")), "goodsList": goods(&[1, 2, 3]) },
        ]}}),
        json!({ "type": "goods_module2", "dataField": {
            "title": tr("Editor's choice", "编辑推荐", "ជម្រើស"), "mainImg": "/media/banner/3.svg",
            "mainTitle": tr("Smart gadgets", "智能好物", "ឧបករណ៍ឆ្លាតវៃ"), "mainPath": path(2, json!([1, 104, 1041])),
            "goodsList": goods(&[4, 5, 6, 7, 8, 9]),
        }}),
        json!({ "type": "goods_module3", "dataField": { "groups": [
            { "title": "For the kitchen", "subTitle": "Cook more", "path": path(2, json!([4, 401, 4011])), "goodsList": goods(&[1]) },
            { "title": "For the road", "subTitle": "Travel light", "path": path(2, json!([2, 204, 2041])), "goodsList": [] },
        ]}}),
        json!({ "type": "goods_module4", "dataField": {
            "title": "Taste of Cambodia", "bgImg": "/media/banner/4.svg", "path": path(2, json!([5, 503, 5032])),
            "goodsList": goods(&[1, 2, 3, 4]),
        }}),
        json!({ "type": "goods_module5", "dataField": {
            "title": "Back to school", "bgImg": "/media/banner/5.svg",
            "path": path(5, json!({ "renovationId": 2, "shopId": 2 })), "goodsList": goods(&[5, 6]),
        }}),
    ]
}

/// `value` without the keys whose value is null (written for a missing field).
fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

#[test]
fn every_seeded_block_type_reads_as_its_block_and_writes_back_the_same() {
    let blocks = seeded_blocks();
    let content = Value::Array(blocks.clone()).to_string();
    let read = read_blocks(&content).expect("a block list");
    assert_eq!(read.len(), blocks.len());
    for (block, value) in read.iter().zip(&blocks) {
        let kind = value["type"].as_str().unwrap();
        assert!(!matches!(block, Block::Unknown(_)), "{kind} is read as a known block");
        assert_eq!(serde_json::to_value(block).unwrap()["type"], kind);
        assert_eq!(without_nulls(serde_json::to_value(block).unwrap()), without_nulls(value.clone()), "{kind}");
    }
    let kinds: Vec<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
    for kind in BLOCK_TYPES {
        assert!(kinds.contains(&kind), "the sample has a {kind} block");
    }
}

#[test]
fn fields_read_as_typed_values() {
    let read = read_blocks(&Value::Array(seeded_blocks()).to_string()).unwrap();
    let Block::ShopSigns(sign) = &read[1] else { panic!("shop_signs: {:?}", read[1]) };
    assert_eq!(sign.bg_url.as_deref(), Some("/media/banner/1.svg"));
    assert_eq!((sign.show_hot_word, sign.store_style), (Some(true), Some(1)));
    assert_eq!((sign.search, sign.navs_bg.as_deref(), sign.announcement), (Some(true), Some("#1f3a8a"), Some(true)));
    assert_eq!(sign.nav_list[0].name.as_ref().unwrap().in_language("zh"), "首页");
    assert_eq!(sign.nav_list[1].path, Some(LinkPath { kind: Some(2), link: json!([1, 101, 1011]) }));
    let Block::FloorTitle(more) = &read[4] else { panic!("floor_title") };
    assert_eq!((more.title_size, more.show_more, more.margin_bottom), (Some(24), Some(true), Some(12)));
    assert_eq!(more.sub_title, Some(Text::Plain(String::new())));
    let Block::FloorTitle(no_more) = &read[5] else { panic!("floor_title") };
    assert_eq!((no_more.show_more, &no_more.path), (Some(false), &None));
    let Block::GoodsList(list) = &read[6] else { panic!("goods_list") };
    assert_eq!(list.goods_list, vec![ProductRef { prod_id: Some(3) }, ProductRef { prod_id: Some(1) }]);
    let Block::UniversalHotspot(spots) = &read[7] else { panic!("universal_hotspot") };
    assert_eq!((spots.hotspots[0].checked, spots.hotspots[1].checked), (None, Some(true)));
    let Block::StoreList(stores) = &read[8] else { panic!("store_list") };
    assert_eq!(stores.shop_list, vec![ShopRef { shop_id: Some(2) }, ShopRef { shop_id: Some(5) }]);
    assert!(matches!(&read[9], Block::LimitedSkill(l) if l.goods_list.len() == 1));
    assert!(matches!(&read[10], Block::DiscountCoupon(l) if l.title == Some(Text::Plain("Group".into()))));
    let Block::GoodsModule5(banner) = &read[15] else { panic!("goods_module5") };
    assert_eq!(banner.path.as_ref().unwrap().link, json!({ "renovationId": 2, "shopId": 2 }));
}

#[test]
fn odd_blocks_never_lose_the_page() {
    let content = json!([
        { "type": "marquee", "dataField": { "speed": 3 } },
        { "type": "goods_list" },
        { "type": "auxiliary_interval", "dataField": null },
        { "type": "page_background", "dataField": ["#ffffff"] },
        { "type": "floor_title", "dataField": { "title": 3, "marginTop": 8 } },
        { "type": "auxiliary_interval", "dataField": { "height": "16px" } },
        { "dataField": { "height": 16 } },
        5,
        { "type": "shop_signs", "dataField": { "showSearch": false } },
    ])
    .to_string();
    let read = read_blocks(&content).expect("the page reads");
    assert_eq!(read[0], Block::Unknown(json!({ "type": "marquee", "dataField": { "speed": 3 } })));
    assert_eq!(read[1], Block::GoodsList(GoodsList::default()));
    assert_eq!(read[2], Block::AuxiliaryInterval(Spacer::default()));
    assert_eq!(read[3], Block::PageBackground(PageBackground::default()));
    // A text of the wrong type is an empty text; a number of the wrong type loses the block.
    assert_eq!(
        read[4],
        Block::FloorTitle(FloorTitle {
            title: Some(Text::Plain(String::new())),
            margin_top: Some(8),
            ..Default::default()
        })
    );
    assert_eq!(read[5], Block::Unknown(json!({ "type": "auxiliary_interval", "dataField": { "height": "16px" } })));
    assert_eq!(read[6], Block::Unknown(json!({ "dataField": { "height": 16 } })));
    assert_eq!(read[7], Block::Unknown(json!(5)));
    assert_eq!(read[8], Block::ShopSigns(ShopSigns { show_search: Some(false), ..Default::default() }));
    // Unknown blocks are written back as they were read.
    assert_eq!(serde_json::to_value(&read[0]).unwrap(), json!({ "type": "marquee", "dataField": { "speed": 3 } }));
    assert_eq!(serde_json::to_value(Block::from_value(json!({ "type": "x" }))).unwrap(), json!({ "type": "x" }));

    assert_eq!(read_blocks("[]"), Some(vec![]));
    for not_a_page in ["", "{}", "{\"type\": \"goods_list\"}", "null", "[", "\"[]\""] {
        assert_eq!(read_blocks(not_a_page), None, "{not_a_page}");
    }
}

#[test]
fn texts_read_any_value() {
    let text = |v: Value| serde_json::from_value::<Text>(v).unwrap();
    let all = text(tr("Home", "首页", "ទំព័រដើម"));
    assert_eq!((all.in_language("en"), all.in_language("zh"), all.in_language("km")), ("Home", "首页", "ទំព័រដើម"));
    assert_eq!(all.in_language("fr"), "Home");
    assert_eq!(text(json!({ "en": "Home", "zh": 3 })).in_language("zh"), "Home");
    assert_eq!(text(json!({ "zh": "首页" })).in_language("km"), "");
    assert_eq!(text(json!("Plain")).in_language("km"), "Plain");
    assert_eq!(text(json!(3)), Text::Plain(String::new()));
    assert_eq!(text(json!([1])), Text::Plain(String::new()));
    assert_eq!(serde_json::from_value::<Option<Text>>(Value::Null).unwrap(), None);
    assert_eq!(serde_json::to_value(all).unwrap(), tr("Home", "首页", "ទំព័រដើម"));
    assert_eq!(serde_json::to_value(text(json!("Plain"))).unwrap(), json!("Plain"));
}

#[cfg(feature = "openapi")]
#[test]
fn the_openapi_schema_names_every_block_type_with_its_data() {
    use utoipa::{PartialSchema, ToSchema};
    let kinds: Vec<&str> = schema::variants(&mut Vec::new()).into_iter().map(|(kind, _)| kind).collect();
    assert_eq!(kinds, BLOCK_TYPES);
    let mut named = Vec::new();
    Block::schemas(&mut named);
    assert!(named.iter().any(|(name, _)| name == "ShopSigns"));
    let json = serde_json::to_value(Block::schema()).unwrap();
    assert_eq!(json["anyOf"].as_array().unwrap().len(), BLOCK_TYPES.len() + 1, "the known types and any other");
}
