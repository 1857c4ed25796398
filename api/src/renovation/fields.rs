//! The data of each block type: texts in three languages, links, product and shop references,
//! and one struct per block's `dataField`.

use super::*;

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
