//! Decorated pages ("renovation", spec section 2 "Home page blocks" and section 3 "Renovation
//! block", "Shop-sign config", "Link types"): the `content` of a
//! [`RenovationPage`](crate::catalog::RenovationPage) is the JSON text of a list of blocks
//! `{"type": …, "dataField": {…}}`, one [`Block`] variant per block type.
//!
//! Pages are read leniently ([`read_blocks`], [`Block::from_value`]), so that one odd block
//! never loses the page: a missing field takes its default (`None`, an empty list), a block
//! without `dataField` (or whose `dataField` is not an object) reads as one with every field
//! missing, and a block of an unknown type, or whose data does not fit its type (a field of
//! the wrong type), reads as [`Block::Unknown`], which shows nothing. [`Text`]s read anything
//! (what is not a text reads as an empty one). Read through serde alone, a block without
//! `dataField` is `Unknown`.
//!
//! Products and shops are referenced by id ([`ProductRef`], [`ShopRef`]) and loaded in one
//! call each (`/search/renovationPage`, `/shop/listRenovationShop`); links are [`LinkPath`]s.
//! Field names are those of the stored JSON (camelCase); what a field means when it is
//! missing (a default height, a part shown or hidden) is the renderer's.

use api_macros::wire;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// One block of a decorated page: `type` names the variant, `dataField` holds its data.
///
/// Its OpenAPI schema is written by hand below (utoipa cannot derive the untagged
/// [`Block::Unknown`]): any of the known types with their data, or a block of another type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", content = "dataField")]
pub enum Block {
    /// A banner carousel.
    #[serde(rename = "picture_by")]
    PictureBy(Carousel),
    /// A spacer.
    #[serde(rename = "auxiliary_interval")]
    AuxiliaryInterval(Spacer),
    /// A title with an optional "see more" link.
    #[serde(rename = "floor_title")]
    FloorTitle(FloorTitle),
    /// A grid of products, 3, 4 or 5 a row.
    #[serde(rename = "goods_list")]
    GoodsList(GoodsList),
    /// A picture with clickable boxes.
    #[serde(rename = "universal_hotspot")]
    UniversalHotspot(Hotspots),
    /// Preferred stores.
    #[serde(rename = "store_list")]
    StoreList(StoreList),
    /// A limited-time offer, 4 a row; a product not of type 2 (or whose activity is not
    /// running) shows as ended.
    #[serde(rename = "limited_skill")]
    LimitedSkill(GoodsList),
    /// A group discount; a product not of type 1 (or whose activity is not running) shows as
    /// ended.
    #[serde(rename = "discount_coupon")]
    DiscountCoupon(GoodsList),
    /// Three columns of products, each under a title.
    #[serde(rename = "goods_module1")]
    GoodsModule1(ModuleColumns),
    /// One main picture beside six products.
    #[serde(rename = "goods_module2")]
    GoodsModule2(ModuleFeature),
    /// Two groups of three products, each under a title.
    #[serde(rename = "goods_module3")]
    GoodsModule3(ModuleGroups),
    /// A background picture beside four products.
    #[serde(rename = "goods_module4")]
    GoodsModule4(ModuleBanner),
    /// A background picture beside a list of products (up to eight).
    #[serde(rename = "goods_module5")]
    GoodsModule5(ModuleBanner),
    /// The page's background colour.
    #[serde(rename = "page_background")]
    PageBackground(PageBackground),
    /// The shop header (shop sign) and its navigation.
    #[serde(rename = "shop_signs")]
    ShopSigns(ShopSigns),
    /// A block of another type, or whose data does not fit its type, kept as it was read
    /// (and written back unchanged); it shows nothing.
    #[serde(untagged)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    Unknown(Value),
}

impl Block {
    /// Reads one block (see the [module](self) for the leniency); never fails.
    pub fn from_value(value: Value) -> Self {
        // Anything reads: what is not a known block is `Unknown` itself.
        let read = |value: Value| serde_json::from_value(value).unwrap_or(Block::Unknown(Value::Null));
        let data_is_object = value.get("dataField").is_some_and(Value::is_object);
        if data_is_object || !value.is_object() {
            return read(value);
        }
        // No data (or not an object): every field is missing.
        let mut with_data = value.clone();
        with_data["dataField"] = Value::Object(Map::new());
        match read(with_data) {
            Block::Unknown(_) => Block::Unknown(value),
            block => block,
        }
    }
}

#[cfg(feature = "openapi")]
mod schema {
    use super::*;
    use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Schema, Type};
    use utoipa::openapi::{Ref, RefOr};
    use utoipa::ToSchema;

    type Schemas = Vec<(String, RefOr<Schema>)>;

    /// `kind` and `{type: kind, dataField: T}`, with `T`'s schemas added to `schemas`.
    fn variant<T: ToSchema>(kind: &'static str, schemas: &mut Schemas) -> (&'static str, ObjectBuilder) {
        schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(schemas);
        let object = ObjectBuilder::new()
            .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([kind])))
            .required("type")
            .property("dataField", Ref::from_schema_name(T::name()))
            .required("dataField");
        (kind, object)
    }

    /// Every known block type with the schema of its data, in [`BLOCK_TYPES`] order.
    pub(super) fn variants(schemas: &mut Schemas) -> Vec<(&'static str, ObjectBuilder)> {
        vec![
            variant::<Carousel>("picture_by", schemas),
            variant::<Spacer>("auxiliary_interval", schemas),
            variant::<FloorTitle>("floor_title", schemas),
            variant::<GoodsList>("goods_list", schemas),
            variant::<Hotspots>("universal_hotspot", schemas),
            variant::<StoreList>("store_list", schemas),
            variant::<GoodsList>("limited_skill", schemas),
            variant::<GoodsList>("discount_coupon", schemas),
            variant::<ModuleColumns>("goods_module1", schemas),
            variant::<ModuleFeature>("goods_module2", schemas),
            variant::<ModuleGroups>("goods_module3", schemas),
            variant::<ModuleBanner>("goods_module4", schemas),
            variant::<ModuleBanner>("goods_module5", schemas),
            variant::<PageBackground>("page_background", schemas),
            variant::<ShopSigns>("shop_signs", schemas),
        ]
    }

    impl utoipa::PartialSchema for Block {
        fn schema() -> RefOr<Schema> {
            let other = ObjectBuilder::new()
                .description(Some("A block of another type: kept as it is, not shown."))
                .property("type", ObjectBuilder::new().schema_type(Type::String))
                .required("type");
            let any_of = AnyOfBuilder::new()
                .description(Some("A block of a decorated page: its `type` and the settings of that type."));
            let known = variants(&mut Vec::new()).into_iter().map(|(_, schema)| schema);
            known.fold(any_of, |any_of, schema| any_of.item(schema)).item(other).into()
        }
    }

    impl ToSchema for Block {
        fn schemas(schemas: &mut Schemas) {
            variants(schemas);
        }
    }
}

/// Reads the `content` of a decorated page: `None` when it is not a JSON list, else every
/// block read by [`Block::from_value`].
pub fn read_blocks(content: &str) -> Option<Vec<Block>> {
    let values: Vec<Value> = serde_json::from_str(content).ok()?;
    Some(values.into_iter().map(Block::from_value).collect())
}

/// A text of a decorated page: one string for every language, or its translations.
///
/// Any JSON value reads: a string as [`Text::Plain`], an object as [`Text::Translated`] (its
/// `en`, `zh` and `km` strings; other keys and values are left out), anything else as an empty
/// plain text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum Text {
    Plain(String),
    Translated(Translations),
}

/// The translations of a [`Text`], keyed by language code.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct Translations {
    pub en: Option<String>,
    pub zh: Option<String>,
    pub km: Option<String>,
}

impl Text {
    /// The text in `language` (`en`, `zh` or `km`), else in English, else empty.
    pub fn in_language(&self, language: &str) -> &str {
        match self {
            Text::Plain(text) => text,
            Text::Translated(t) => {
                let chosen = match language {
                    "zh" => t.zh.as_deref(),
                    "km" => t.km.as_deref(),
                    _ => None,
                };
                chosen.or(t.en.as_deref()).unwrap_or_default()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = |map: &Map<String, Value>, key: &str| map.get(key).and_then(Value::as_str).map(String::from);
        Ok(match Value::deserialize(deserializer)? {
            Value::String(text) => Text::Plain(text),
            Value::Object(map) => {
                Text::Translated(Translations { en: text(&map, "en"), zh: text(&map, "zh"), km: text(&map, "km") })
            }
            _ => Text::Plain(String::new()),
        })
    }
}

/// A link `{type, link}`: `type` is one of [`link_type`](crate::catalog::link_type), which
/// says what `link` holds (an id, a path, a URL, three category ids or
/// `{renovationId, shopId}`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct LinkPath {
    #[serde(rename = "type")]
    pub kind: Option<i32>,
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub link: Value,
}

/// A product shown by a block.
#[wire(default)]
#[derive(Eq)]
pub struct ProductRef {
    pub prod_id: Option<i64>,
}

/// A shop shown by a block.
#[wire(default)]
#[derive(Eq)]
pub struct ShopRef {
    pub shop_id: Option<i64>,
}

/// `picture_by`.
#[wire(default)]
pub struct Carousel {
    /// Height in pixels, as configured (the storefront shows its own).
    pub height: Option<i64>,
    pub autoplay: Option<bool>,
    pub img_list: Vec<CarouselImage>,
}

/// A picture of a [`Carousel`].
#[wire(default)]
pub struct CarouselImage {
    pub img_url: Option<Text>,
    pub title: Option<Text>,
    pub path: Option<LinkPath>,
    /// Opens a custom URL in a new tab.
    pub checked: Option<bool>,
}

/// `auxiliary_interval`.
#[wire(default)]
#[derive(Eq)]
pub struct Spacer {
    /// Height in pixels.
    pub height: Option<i64>,
    /// A CSS colour (`#rrggbb`, `transparent`).
    pub bg_color: Option<String>,
}

/// `floor_title`: the common title settings.
#[wire(default)]
pub struct FloorTitle {
    pub title: Option<Text>,
    pub sub_title: Option<Text>,
    pub title_color: Option<String>,
    /// Font size in pixels.
    pub title_size: Option<i64>,
    pub sub_title_color: Option<String>,
    pub sub_title_size: Option<i64>,
    pub margin_top: Option<i64>,
    pub margin_bottom: Option<i64>,
    /// Shows the "see more" link to `path`.
    pub show_more: Option<bool>,
    pub more_text: Option<Text>,
    pub path: Option<LinkPath>,
    pub checked: Option<bool>,
}

/// `goods_list`, `limited_skill` and `discount_coupon`.
#[wire(default)]
pub struct GoodsList {
    pub title: Option<Text>,
    /// Products a row: 3, 4 or 5.
    pub list_type: Option<i64>,
    pub show_price: Option<bool>,
    pub goods_list: Vec<ProductRef>,
}

/// `universal_hotspot`: a picture of `width` × `height` with boxes in the same units.
#[wire(default)]
pub struct Hotspots {
    pub img_url: Option<Text>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub hotspots: Vec<Hotspot>,
}

/// A clickable box of [`Hotspots`].
#[wire(default)]
pub struct Hotspot {
    pub left: Option<i64>,
    pub top: Option<i64>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub path: Option<LinkPath>,
    pub checked: Option<bool>,
}

/// `store_list`.
#[wire(default)]
pub struct StoreList {
    pub title: Option<Text>,
    pub shop_list: Vec<ShopRef>,
}

/// `goods_module1`.
#[wire(default)]
pub struct ModuleColumns {
    pub columns: Vec<ModuleGroup>,
}

/// `goods_module3`.
#[wire(default)]
pub struct ModuleGroups {
    pub groups: Vec<ModuleGroup>,
}

/// A titled group of products of [`ModuleColumns`] and [`ModuleGroups`] (three shown).
#[wire(default)]
pub struct ModuleGroup {
    pub title: Option<Text>,
    pub sub_title: Option<Text>,
    pub title_color: Option<String>,
    pub path: Option<LinkPath>,
    pub goods_list: Vec<ProductRef>,
}

/// `goods_module2`.
#[wire(default)]
pub struct ModuleFeature {
    pub title: Option<Text>,
    pub main_img: Option<Text>,
    pub main_title: Option<Text>,
    pub main_path: Option<LinkPath>,
    pub checked: Option<bool>,
    pub goods_list: Vec<ProductRef>,
}

/// `goods_module4` and `goods_module5`.
#[wire(default)]
pub struct ModuleBanner {
    pub title: Option<Text>,
    pub bg_img: Option<Text>,
    pub path: Option<LinkPath>,
    pub checked: Option<bool>,
    pub goods_list: Vec<ProductRef>,
}

/// `page_background`.
#[wire(default)]
#[derive(Eq)]
pub struct PageBackground {
    pub bg_color: Option<String>,
}

/// `shop_signs`: the shop-sign and store-header configuration (spec section 3). A missing
/// part is shown, except the hot words and the announcement.
#[wire(default)]
pub struct ShopSigns {
    /// The header's background picture (empty: none).
    pub bg_url: Option<String>,
    pub show_category: Option<bool>,
    pub show_logo: Option<bool>,
    pub show_navs: Option<bool>,
    pub show_search: Option<bool>,
    pub show_hot_word: Option<bool>,
    /// 0 the banner style, 1 the compact light style.
    pub store_style: Option<i64>,
    pub nav_list: Vec<ShopNav>,
    /// The store header's name for `showSearch`; either one set to false hides the search box.
    pub search: Option<bool>,
    /// A CSS colour behind the navigation bar.
    pub navs_bg: Option<String>,
    /// Shows the shop's newest notice under the navigation (hidden unless set, like the hot
    /// words: a header stays quiet unless its shop asks for more).
    pub announcement: Option<bool>,
}

/// A navigation item of [`ShopSigns`].
#[wire(default)]
pub struct ShopNav {
    pub name: Option<Text>,
    pub path: Option<LinkPath>,
    pub checked: Option<bool>,
}

/// The `type` of every block kind of spec section 2, in the order the editor lists them.
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

#[cfg(test)]
mod tests {
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
            Value::Object(map) => Value::Object(
                map.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect(),
            ),
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
        assert_eq!(
            (sign.search, sign.navs_bg.as_deref(), sign.announcement),
            (Some(true), Some("#1f3a8a"), Some(true))
        );
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
}
