//! Decorated pages ("renovation", spec section 2 "Home page blocks"): a JSON list of blocks
//! `{type, dataField}` rendered on the server. Products and shops are referenced by id and
//! loaded in one call each (`/search/renovationPage`, `/shop/listRenovationShop`).

use crate::api_client::ApiClient;
use crate::components::banner_carousel::{BannerCarousel, Slide};
use crate::components::link::block_link;
use crate::components::product_card::{ProductCardView, ShopCardView, IMG_FALLBACK};
use crate::context::page_ctx;
use api::catalog::{Page, ProductCard, ShopCard};
use leptos::prelude::*;
use serde_json::Value;
use std::collections::HashMap;

/// The shop-sign configuration of a decorated shop page (spec section 3 "Shop-sign config"
/// and "Store-header config"), which the shop header follows.
#[derive(Debug, Clone, PartialEq)]
pub struct ShopSign {
    /// Background picture of the header, if any.
    pub bg_url: Option<String>,
    /// Extra nav items: (name, href, new tab).
    pub navs: Vec<(String, String, bool)>,
    pub show_logo: bool,
    pub show_category: bool,
    pub show_navs: bool,
    pub show_search: bool,
    pub show_hot_word: bool,
    /// 0 the banner style, 1 the compact light style.
    pub style: i64,
}

impl Default for ShopSign {
    fn default() -> Self {
        Self {
            bg_url: None,
            navs: Vec::new(),
            show_logo: true,
            show_category: true,
            show_navs: true,
            show_search: true,
            show_hot_word: false,
            style: 0,
        }
    }
}

impl ShopSign {
    /// Reads the `shop_signs` block of a decorated page, if it has one.
    pub fn from_blocks(blocks: &[Value], lang: crate::i18n::Lang, signed_in: bool) -> Option<Self> {
        let data =
            blocks.iter().find(|b| b.get("type").and_then(Value::as_str) == Some("shop_signs"))?.get("dataField")?;
        let flag = |key: &str, default: bool| data.get(key).and_then(Value::as_bool).unwrap_or(default);
        let bg_url = data
            .get("bgUrl")
            .and_then(Value::as_str)
            .filter(|u| u.starts_with('/') || u.starts_with("https://") || u.starts_with("http://"))
            .map(String::from);
        let navs = data
            .get("navList")
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|nav| {
                        let checked = nav.get("checked").and_then(Value::as_bool).unwrap_or(false);
                        let (href, new_tab) = block_link(nav.get("path")?, checked, signed_in)?;
                        Some((localized(nav.get("name"), lang), href, new_tab))
                    })
                    .collect()
            })
            .unwrap_or_default();
        Some(Self {
            bg_url,
            navs,
            show_logo: flag("showLogo", true),
            show_category: flag("showCategory", true),
            show_navs: flag("showNavs", true),
            show_search: flag("showSearch", true),
            show_hot_word: flag("showHotWord", false),
            style: data.get("storeStyle").and_then(Value::as_i64).unwrap_or(0).clamp(0, 1),
        })
    }
}

/// Every product id and shop id a page references, to load them in one call each.
pub fn referenced_ids(blocks: &[Value]) -> (Vec<i64>, Vec<i64>) {
    fn walk(value: &Value, products: &mut Vec<i64>, shops: &mut Vec<i64>) {
        match value {
            Value::Object(map) => {
                if let Some(id) = map.get("prodId").and_then(Value::as_i64) {
                    products.push(id);
                }
                if let Some(id) = map.get("shopId").and_then(Value::as_i64) {
                    if map.len() == 1 {
                        shops.push(id);
                    }
                }
                map.values().for_each(|v| walk(v, products, shops));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, products, shops)),
            _ => {}
        }
    }
    let (mut products, mut shops) = (Vec::new(), Vec::new());
    blocks.iter().for_each(|b| walk(b, &mut products, &mut shops));
    products.sort_unstable();
    products.dedup();
    shops.dedup();
    (products, shops)
}

/// The data a decorated page shows.
#[derive(Clone, Default)]
pub struct Decoration {
    pub blocks: Vec<Value>,
    pub products: HashMap<i64, ProductCard>,
    pub shops: HashMap<i64, ShopCard>,
}

/// Parses `content` and loads what it references; `None` when the content is not a block list.
pub async fn load_decoration(client: &ApiClient, content: &str) -> Option<Decoration> {
    let blocks: Vec<Value> = serde_json::from_str(content).ok()?;
    let (product_ids, shop_ids) = referenced_ids(&blocks);
    let mut decoration = Decoration { blocks, ..Default::default() };
    if !product_ids.is_empty() {
        let ids = product_ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let query = [
            ("prodIds", ids),
            ("current", "1".into()),
            ("size", product_ids.len().to_string()),
            ("getDelete", "true".into()),
        ];
        if let Ok(page) = client.get::<Page<ProductCard>>(api::paths::SEARCH_RENOVATION_PAGE, &query).await {
            decoration.products = page.records.into_iter().map(|p| (p.prod_id, p)).collect();
        }
    }
    if !shop_ids.is_empty() {
        let ids = shop_ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        if let Ok(shops) = client.get::<Vec<ShopCard>>(api::paths::LIST_RENOVATION_SHOP, &[("shopIds", ids)]).await {
            decoration.shops = shops.into_iter().map(|s| (s.shop_id, s)).collect();
        }
    }
    Some(decoration)
}

/// A text of the configuration: a plain string, or an object of translations keyed by
/// language (`{"en": …, "zh": …, "km": …}`), read in the page's language, else English.
fn text(data: &Value, key: &str) -> String {
    localized(data.get(key), page_ctx().lang())
}

/// The text of `value` in `lang` (see [`text`]).
pub fn localized(value: Option<&Value>, lang: crate::i18n::Lang) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(map)) => {
            let code = match lang {
                crate::i18n::Lang::En => "en",
                crate::i18n::Lang::ZhCn => "zh",
                crate::i18n::Lang::Km => "km",
            };
            [code, "en"].iter().find_map(|k| map.get(*k).and_then(Value::as_str)).unwrap_or_default().to_string()
        }
        _ => String::new(),
    }
}

fn number(data: &Value, key: &str, default: i64) -> i64 {
    data.get(key).and_then(Value::as_i64).unwrap_or(default)
}

/// A CSS colour from the configuration, or `None` if it is not a plain colour.
fn colour(data: &Value, key: &str) -> Option<String> {
    let c = text(data, key);
    let ok =
        (c.starts_with('#') && c.len() <= 9 && c[1..].bytes().all(|b| b.is_ascii_hexdigit())) || c == "transparent";
    ok.then_some(c)
}

fn products_of(decoration: &Decoration, data: &Value, key: &str) -> Vec<ProductCard> {
    data.get(key)
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i.get("prodId").and_then(Value::as_i64))
                .filter_map(|id| decoration.products.get(&id).cloned())
                .collect()
        })
        .unwrap_or_default()
}

/// A product card with the block-specific "ended" overlay (spec section 4 "Availability").
fn activity_card(product: ProductCard, ended: bool) -> impl IntoView {
    let ctx = page_ctx();
    view! {
        <div class="activity-card" class:is-ended=ended>
            <ProductCardView product=product />
            {ended.then(|| view! { <span class="activity-card__ended">{ctx.t("renovation-ended")}</span> })}
        </div>
    }
}

/// Renders a decorated page.
#[component]
pub fn DecoratedPage(decoration: Decoration) -> impl IntoView {
    let background = decoration
        .blocks
        .iter()
        .find(|b| b.get("type").and_then(Value::as_str) == Some("page_background"))
        .and_then(|b| b.get("dataField"))
        .and_then(|d| colour(d, "bgColor"))
        .map(|c| format!("background:{c}"));
    let blocks: Vec<AnyView> = decoration.blocks.iter().map(|b| render_block(&decoration, b)).collect();
    view! { <div class="decorated" style=background data-testid="decorated-page">{blocks}</div> }
}

fn render_block(decoration: &Decoration, block: &Value) -> AnyView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let kind = block.get("type").and_then(Value::as_str).unwrap_or_default();
    let data = block.get("dataField").cloned().unwrap_or(Value::Null);
    let link = |d: &Value, key: &str| {
        d.get(key).and_then(|p| block_link(p, d.get("checked").and_then(Value::as_bool).unwrap_or(false), signed_in))
    };
    match kind {
        "picture_by" => {
            let slides = data
                .get("imgList")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .map(|img| {
                            let target = link(img, "path");
                            Slide {
                                img: text(img, "imgUrl"),
                                title: text(img, "title"),
                                new_tab: target.as_ref().is_some_and(|t| t.1),
                                href: target.map(|t| t.0),
                            }
                        })
                        .collect()
                })
                .unwrap_or_default();
            view! {
                <div class="container block-picture">
                    <BannerCarousel slides=slides height=300 arrows=false />
                </div>
            }
            .into_any()
        }
        "auxiliary_interval" => {
            let style = format!(
                "height:{}px;{}",
                number(&data, "height", 16).clamp(0, 400),
                colour(&data, "bgColor").map(|c| format!("background:{c}")).unwrap_or_default()
            );
            view! { <div class="block-spacer" style=style></div> }.into_any()
        }
        "floor_title" => {
            let style = format!(
                "margin-top:{}px;margin-bottom:{}px",
                number(&data, "marginTop", 16).clamp(0, 200),
                number(&data, "marginBottom", 12).clamp(0, 200)
            );
            let title_style = format!(
                "font-size:{}px;{}",
                number(&data, "titleSize", 22).clamp(10, 48),
                colour(&data, "titleColor").map(|c| format!("color:{c}")).unwrap_or_default()
            );
            let more =
                data.get("showMore").and_then(Value::as_bool).unwrap_or(false).then(|| link(&data, "path")).flatten();
            let more_text = ctx.t("home-see-more");
            view! {
                <div class="container section-title block-floor-title" style=style>
                    <div>
                        <h2 style=title_style>{text(&data, "title")}</h2>
                        <span class="block-floor-title__sub">{text(&data, "subTitle")}</span>
                    </div>
                    {more.map(|(href, new_tab)| view! {
                        <a class="section-title__more" href=href target=new_tab.then_some("_blank")>{more_text.clone()}" ›"</a>
                    })}
                </div>
            }
            .into_any()
        }
        "goods_list" => {
            let per_row = number(&data, "listType", 4).clamp(3, 5) as u8;
            let products = products_of(decoration, &data, "goodsList");
            view! { <div class="container"><crate::components::product_card::ProductGrid products=products per_row=per_row /></div> }.into_any()
        }
        "universal_hotspot" => {
            let width = number(&data, "width", 1200).max(1) as f64;
            let height = number(&data, "height", 450).max(1) as f64;
            let spots = data.get("hotspots").and_then(Value::as_array).cloned().unwrap_or_default();
            view! {
                <div class="container">
                    <div class="block-hotspot" style=format!("aspect-ratio:{width}/{height}")>
                        <img src=text(&data, "imgUrl") alt="" loading="lazy" onerror=IMG_FALLBACK />
                        {spots.iter().filter_map(|spot| {
                            let (href, new_tab) = link(spot, "path")?;
                            let pct = |key: &str, total: f64| number(spot, key, 0) as f64 / total * 100.0;
                            let style = format!("left:{:.3}%;top:{:.3}%;width:{:.3}%;height:{:.3}%",
                                pct("left", width), pct("top", height), pct("width", width), pct("height", height));
                            Some(view! { <a class="block-hotspot__box" href=href style=style target=new_tab.then_some("_blank")
                                rel=new_tab.then_some("noopener") aria-label=ctx.t("renovation-hotspot")></a> })
                        }).collect_view()}
                    </div>
                </div>
            }
            .into_any()
        }
        "store_list" => {
            let shops: Vec<ShopCard> = data
                .get("shopList")
                .and_then(Value::as_array)
                .map(|l| {
                    l.iter()
                        .filter_map(|s| s.get("shopId").and_then(Value::as_i64))
                        .filter_map(|id| decoration.shops.get(&id).cloned())
                        .collect()
                })
                .unwrap_or_default();
            view! { <div class="container shop-grid">{shops.into_iter().map(|shop| view! { <ShopCardView shop=shop /> }).collect_view()}</div> }.into_any()
        }
        "limited_skill" | "discount_coupon" => {
            // Limited-time: ended unless prodType 2 and running; group discount: unless prodType 1.
            let wanted_type = if kind == "limited_skill" { 2 } else { 1 };
            let products = products_of(decoration, &data, "goodsList");
            view! {
                <div class="container product-grid product-grid--4">
                    {products.into_iter().map(|p| {
                        let ended = p.prod_type != wanted_type || p.activity_status != 1;
                        activity_card(p, ended)
                    }).collect_view()}
                </div>
            }
            .into_any()
        }
        "goods_module1" => {
            let columns = data.get("columns").and_then(Value::as_array).cloned().unwrap_or_default();
            view! {
                <div class="container block-module block-module--1">
                    {columns.iter().map(|col| module_group(decoration, col, signed_in)).collect_view()}
                </div>
            }
            .into_any()
        }
        "goods_module2" => {
            let main = link(&data, "mainPath");
            let products = products_of(decoration, &data, "goodsList");
            view! {
                <div class="container block-module block-module--2">
                    <a class="block-module__main" href=main.map(|m| m.0).unwrap_or_else(|| "#".into())>
                        <img src=text(&data, "mainImg") alt="" loading="lazy" onerror=IMG_FALLBACK />
                        <strong>{text(&data, "mainTitle")}</strong>
                    </a>
                    <div class="product-grid product-grid--3">
                        {products.into_iter().take(6).map(|p| view! { <ProductCardView product=p /> }).collect_view()}
                    </div>
                </div>
            }
            .into_any()
        }
        "goods_module3" => {
            let groups = data.get("groups").and_then(Value::as_array).cloned().unwrap_or_default();
            view! {
                <div class="container block-module block-module--3">
                    {groups.iter().map(|g| module_group(decoration, g, signed_in)).collect_view()}
                </div>
            }
            .into_any()
        }
        "goods_module4" | "goods_module5" => {
            let target = link(&data, "path");
            let products = products_of(decoration, &data, "goodsList");
            let limit = if kind == "goods_module4" { 4 } else { 8 };
            let class = format!("container block-module block-module--{}", if kind == "goods_module4" { 4 } else { 5 });
            view! {
                <div class=class>
                    <a class="block-module__banner" href=target.map(|t| t.0).unwrap_or_else(|| "#".into())
                        style=format!("background-image:url('{}')", text(&data, "bgImg").replace('\'', ""))>
                        <strong>{text(&data, "title")}</strong>
                    </a>
                    <div class="product-grid product-grid--4">
                        {products.into_iter().take(limit).map(|p| view! { <ProductCardView product=p /> }).collect_view()}
                    </div>
                </div>
            }
            .into_any()
        }
        "shop_signs" => {
            let navs = data.get("navList").and_then(Value::as_array).cloned().unwrap_or_default();
            let show_navs = data.get("showNavs").and_then(Value::as_bool).unwrap_or(true);
            view! {
                <nav class="container block-navs" aria-label=ctx.t("shop-nav")>
                    {show_navs.then(|| navs.iter().filter_map(|nav| {
                        let (href, new_tab) = link(nav, "path")?;
                        Some(view! { <a href=href target=new_tab.then_some("_blank")>{text(nav, "name")}</a> })
                    }).collect_view())}
                </nav>
            }
            .into_any()
        }
        // page_background is applied to the page wrapper; unknown blocks render nothing.
        _ => ().into_any(),
    }
}

fn module_group(decoration: &Decoration, group: &Value, signed_in: bool) -> impl IntoView {
    let target = group.get("path").and_then(|p| block_link(p, false, signed_in));
    let products = products_of(decoration, group, "goodsList");
    let title_style = colour(group, "titleColor").map(|c| format!("color:{c}"));
    view! {
        <section class="block-module__group">
            <a class="block-module__head" href=target.map(|t| t.0).unwrap_or_else(|| "#".into())>
                <strong style=title_style>{text(group, "title")}</strong>
                <span>{text(group, "subTitle")}</span>
            </a>
            <div class="product-grid product-grid--3">
                {products.into_iter().take(3).map(|p| view! { <ProductCardView product=p /> }).collect_view()}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shop_signs_configure_the_shop_header() {
        use crate::i18n::Lang;
        let blocks = vec![json!({"type": "shop_signs", "dataField": {
            "bgUrl": "/media/banner/3.svg", "showSearch": false, "showHotWord": true, "storeStyle": 1,
            "navList": [
                {"name": {"en": "Home", "zh": "首页"}, "path": {"type": 4, "link": "/shop-index?sid=2"}},
                {"name": "Bad", "path": {"type": 9, "link": "x"}},
                {"name": "Blog", "path": {"type": 6, "link": "https://blog.example"}, "checked": true}
            ]
        }})];
        let sign = ShopSign::from_blocks(&blocks, Lang::ZhCn, false).unwrap();
        assert_eq!(sign.bg_url.as_deref(), Some("/media/banner/3.svg"));
        assert!(!sign.show_search && sign.show_hot_word && sign.show_logo);
        assert_eq!(sign.style, 1);
        assert_eq!(
            sign.navs,
            vec![
                ("首页".to_string(), "/shop-index?sid=2".to_string(), false),
                ("Blog".to_string(), "https://blog.example".to_string(), true)
            ]
        );
        let unsafe_bg = vec![json!({"type": "shop_signs", "dataField": {"bgUrl": "javascript:alert(1)"}})];
        assert_eq!(ShopSign::from_blocks(&unsafe_bg, Lang::En, false).unwrap().bg_url, None);
        assert!(ShopSign::from_blocks(&[json!({"type": "goods_list"})], Lang::En, false).is_none());
    }

    #[test]
    fn texts_may_be_translated() {
        use crate::i18n::Lang;
        let t = json!({"en": "Home", "zh": "首页", "km": "ទំព័រដើម"});
        assert_eq!(localized(Some(&t), Lang::ZhCn), "首页");
        assert_eq!(localized(Some(&t), Lang::Km), "ទំព័រដើម");
        assert_eq!(localized(Some(&json!({"en": "Home"})), Lang::Km), "Home");
        assert_eq!(localized(Some(&json!("Plain")), Lang::Km), "Plain");
        assert_eq!(localized(Some(&json!(3)), Lang::En), "");
        assert_eq!(localized(None, Lang::En), "");
    }

    #[test]
    fn referenced_ids_are_collected_once() {
        let blocks = vec![
            json!({"type": "goods_list", "dataField": {"goodsList": [{"prodId": 3}, {"prodId": 1}, {"prodId": 3}]}}),
            json!({"type": "store_list", "dataField": {"shopList": [{"shopId": 5}]}}),
        ];
        assert_eq!(referenced_ids(&blocks), (vec![1, 3], vec![5]));
    }
}
