//! Decorated pages ("renovation", spec section 2 "Home page blocks"): a JSON list of blocks
//! `{type, dataField}`, read into the typed [`Block`]s of the contract and rendered on the
//! server, one module per block type. Products and shops are referenced by id and loaded in
//! one call each (`/search/renovationPage`, `/shop/listRenovationShop`).

mod activity;
mod floor_title;
mod goods_list;
mod hotspot;
mod module_banner;
mod module_feature;
mod module_group;
mod picture;
mod shop_sign;
mod spacer;
mod store_list;

pub use shop_sign::ShopSign;

use crate::api_client::ApiClient;
use crate::components::link::link_target;
use crate::context::page_ctx;
use api::catalog::{Page, ProductCard, ShopCard};
use api::renovation::{Block, LinkPath, ProductRef, Text};
use leptos::prelude::*;
use std::collections::HashMap;

/// Reads the `content` of a decorated page into its blocks; `None` when it is not a block
/// list. A block of an unknown type (or whose data does not fit its type) is kept as
/// [`Block::Unknown`] and shows nothing; a missing field takes its default.
pub fn parse_blocks(content: &str) -> Option<Vec<Block>> {
    api::renovation::read_blocks(content)
}

/// Every product id and shop id a page shows, to load them in one call each.
pub fn referenced_ids(blocks: &[Block]) -> (Vec<i64>, Vec<i64>) {
    let (mut products, mut shops) = (Vec::new(), Vec::new());
    for block in blocks {
        let lists: Vec<&[ProductRef]> = match block {
            Block::GoodsList(data) | Block::LimitedSkill(data) | Block::DiscountCoupon(data) => vec![&data.goods_list],
            Block::GoodsModule1(data) => data.columns.iter().map(|c| &c.goods_list[..]).collect(),
            Block::GoodsModule2(data) => vec![&data.goods_list],
            Block::GoodsModule3(data) => data.groups.iter().map(|g| &g.goods_list[..]).collect(),
            Block::GoodsModule4(data) | Block::GoodsModule5(data) => vec![&data.goods_list],
            Block::StoreList(data) => {
                shops.extend(data.shop_list.iter().filter_map(|s| s.shop_id));
                Vec::new()
            }
            _ => Vec::new(),
        };
        products.extend(lists.into_iter().flatten().filter_map(|p| p.prod_id));
    }
    products.sort_unstable();
    products.dedup();
    shops.dedup();
    (products, shops)
}

/// The data a decorated page shows.
#[derive(Clone, Default)]
pub struct Decoration {
    pub blocks: Vec<Block>,
    pub products: HashMap<i64, ProductCard>,
    pub shops: HashMap<i64, ShopCard>,
}

/// Parses `content` and loads what it references; `None` when the content is not a block list.
pub async fn load_decoration(client: &ApiClient, content: &str) -> Option<Decoration> {
    let blocks = parse_blocks(content)?;
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

/// Renders a decorated page.
#[component]
pub fn DecoratedPage(decoration: Decoration) -> impl IntoView {
    let background = decoration
        .blocks
        .iter()
        .find_map(|b| match b {
            Block::PageBackground(data) => Some(data),
            _ => None,
        })
        .and_then(|data| colour(&data.bg_color))
        .map(|c| format!("background:{c}"));
    let blocks: Vec<AnyView> = decoration.blocks.iter().map(|b| render_block(&decoration, b)).collect();
    view! { <div class="decorated" style=background data-testid="decorated-page">{blocks}</div> }
}

fn render_block(decoration: &Decoration, block: &Block) -> AnyView {
    match block {
        Block::PictureBy(data) => picture::render(data),
        Block::AuxiliaryInterval(data) => spacer::render(data),
        Block::FloorTitle(data) => floor_title::render(data),
        Block::GoodsList(data) => goods_list::render(decoration, data),
        Block::UniversalHotspot(data) => hotspot::render(data),
        Block::StoreList(data) => store_list::render(decoration, data),
        Block::LimitedSkill(data) => activity::render(decoration, data, activity::Activity::LimitedTime),
        Block::DiscountCoupon(data) => activity::render(decoration, data, activity::Activity::GroupDiscount),
        Block::GoodsModule1(data) => module_group::render_columns(decoration, data),
        Block::GoodsModule2(data) => module_feature::render(decoration, data),
        Block::GoodsModule3(data) => module_group::render_groups(decoration, data),
        Block::GoodsModule4(data) => module_banner::render(decoration, data, module_banner::Layout::Four),
        Block::GoodsModule5(data) => module_banner::render(decoration, data, module_banner::Layout::List),
        Block::ShopSigns(data) => shop_sign::render_navs(data),
        // The background colours the page wrapper; unknown blocks render nothing.
        Block::PageBackground(_) | Block::Unknown(_) => ().into_any(),
    }
}

/// The text of `value` in `lang`: a plain text, or its translation in `lang`, else in
/// English; empty when there is none.
pub fn localized(value: Option<&Text>, lang: crate::i18n::Lang) -> String {
    let code = match lang {
        crate::i18n::Lang::En => "en",
        crate::i18n::Lang::ZhCn => "zh",
        crate::i18n::Lang::Km => "km",
    };
    value.map(|t| t.in_language(code).to_string()).unwrap_or_default()
}

/// A text of a block in the page's language (see [`localized`]), its amounts in the chosen
/// currency.
fn text(value: &Option<Text>) -> String {
    let ctx = page_ctx();
    ctx.money_text(&localized(value.as_ref(), ctx.lang()))
}

/// Whether the visitor is signed in (guests' links to protected paths go through /login).
fn signed_in() -> bool {
    page_ctx().shell.nick_name.is_some()
}

/// Where a block's link leads, by the one link rule ([`link_target`]): the address and the
/// new-tab flag (`checked` opens a custom URL in a new tab), or `None`.
fn link(path: &Option<LinkPath>, checked: Option<bool>, signed_in: bool) -> Option<(String, bool)> {
    let path = path.as_ref()?;
    link_target(path.kind?, &path.link, checked.unwrap_or(false), signed_in)
}

/// A CSS colour from the configuration, or `None` if it is not a plain colour.
fn colour(value: &Option<String>) -> Option<String> {
    let c = value.as_deref()?;
    let ok =
        (c.starts_with('#') && c.len() <= 9 && c[1..].bytes().all(|b| b.is_ascii_hexdigit())) || c == "transparent";
    ok.then(|| c.to_string())
}

/// The loaded products of `refs`, in their order (those not loaded are left out).
fn products_of(decoration: &Decoration, refs: &[ProductRef]) -> Vec<ProductCard> {
    refs.iter().filter_map(|r| r.prod_id).filter_map(|id| decoration.products.get(&id).cloned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::renovation::{FloorTitle, GoodsList, ShopSigns};
    use serde_json::{json, Value};

    fn blocks(page: Value) -> Vec<Block> {
        parse_blocks(&page.to_string()).expect("a block list")
    }

    #[test]
    fn texts_may_be_translated() {
        use crate::i18n::Lang;
        let text = |v: Value| serde_json::from_value::<Text>(v).unwrap();
        let t = text(json!({"en": "Home", "zh": "首页", "km": "ទំព័រដើម"}));
        assert_eq!(localized(Some(&t), Lang::ZhCn), "首页");
        assert_eq!(localized(Some(&t), Lang::Km), "ទំព័រដើម");
        assert_eq!(localized(Some(&text(json!({"en": "Home"}))), Lang::Km), "Home");
        assert_eq!(localized(Some(&text(json!("Plain"))), Lang::Km), "Plain");
        assert_eq!(localized(Some(&text(json!(3))), Lang::En), "");
        assert_eq!(localized(None, Lang::En), "");
    }

    #[test]
    fn referenced_ids_are_collected_once() {
        let page = blocks(json!([
            {"type": "goods_list", "dataField": {"goodsList": [{"prodId": 3}, {"prodId": 1}, {"prodId": 3}]}},
            {"type": "store_list", "dataField": {"shopList": [{"shopId": 5}]}},
        ]));
        assert_eq!(referenced_ids(&page), (vec![1, 3], vec![5]));
        let every_list = blocks(json!([
            {"type": "limited_skill", "dataField": {"goodsList": [{"prodId": 9}]}},
            {"type": "discount_coupon", "dataField": {"goodsList": [{"prodId": 8}]}},
            {"type": "goods_module1", "dataField": {"columns": [{"goodsList": [{"prodId": 7}]}, {"goodsList": [{"prodId": 6}]}]}},
            {"type": "goods_module2", "dataField": {"goodsList": [{"prodId": 5}], "mainPath": {"type": 1, "link": "99"}}},
            {"type": "goods_module3", "dataField": {"groups": [{"goodsList": [{"prodId": 4}]}]}},
            {"type": "goods_module4", "dataField": {"goodsList": [{"prodId": 3}, {}]}},
            {"type": "goods_module5", "dataField": {"goodsList": [{"prodId": 2}],
                "path": {"type": 5, "link": {"renovationId": 2, "shopId": 3}}}},
            {"type": "store_list", "dataField": {"shopList": [{"shopId": 2}, {"shopId": 2}, {"shopId": 1}]}},
            {"type": "marquee", "dataField": {"goodsList": [{"prodId": 1}]}},
        ]));
        assert_eq!(referenced_ids(&every_list), (vec![2, 3, 4, 5, 6, 7, 8, 9], vec![2, 1]));
    }

    #[test]
    fn every_block_type_parses_to_its_block() {
        let page = blocks(json!([
            {"type": "picture_by", "dataField": {"height": 300, "imgList": [{"imgUrl": "/media/banner/6.svg",
                "path": {"type": 4, "link": "/shop-prod-list?sid=2"}}]}},
            {"type": "auxiliary_interval", "dataField": {"height": 24, "bgColor": "transparent"}},
            {"type": "floor_title", "dataField": {"title": {"en": "Best"}, "subTitle": "", "titleSize": 24,
                "showMore": false, "path": null}},
            {"type": "goods_list", "dataField": {"listType": 3, "showPrice": true, "goodsList": [{"prodId": 1}]}},
            {"type": "universal_hotspot", "dataField": {"imgUrl": "/media/banner/9.svg", "width": 1200, "height": 450,
                "hotspots": [{"left": 40, "top": 250, "width": 300, "height": 120, "path": {"type": 4, "link": "/flash-sale"}}]}},
            {"type": "store_list", "dataField": {"title": "Stores", "shopList": [{"shopId": 3}]}},
            {"type": "limited_skill", "dataField": {"listType": 4, "goodsList": []}},
            {"type": "discount_coupon", "dataField": {"listType": 4, "goodsList": []}},
            {"type": "goods_module1", "dataField": {"columns": [{"title": "New", "titleColor": "#e4393c", "goodsList": []}]}},
            {"type": "goods_module2", "dataField": {"mainImg": "/media/banner/3.svg", "mainTitle": "Gadgets",
                "mainPath": {"type": 2, "link": [1, 104, 1041]}, "goodsList": []}},
            {"type": "goods_module3", "dataField": {"groups": [{"title": "Kitchen", "subTitle": "Cook", "goodsList": []}]}},
            {"type": "goods_module4", "dataField": {"title": "Taste", "bgImg": "/media/banner/4.svg", "goodsList": []}},
            {"type": "goods_module5", "dataField": {"title": "School", "bgImg": "/media/banner/5.svg", "goodsList": []}},
            {"type": "page_background", "dataField": {"bgColor": "#ffffff"}},
            {"type": "shop_signs", "dataField": {"bgUrl": "", "showHotWord": true, "storeStyle": 0, "navList": []}},
        ]));
        let kinds: Vec<&str> = page
            .iter()
            .map(|b| match b {
                Block::PictureBy(d) if d.img_list.len() == 1 => "picture_by",
                Block::AuxiliaryInterval(d) if d.height == Some(24) => "auxiliary_interval",
                Block::FloorTitle(d) if d.title_size == Some(24) && d.path.is_none() => "floor_title",
                Block::GoodsList(d) if d.list_type == Some(3) => "goods_list",
                Block::UniversalHotspot(d) if d.hotspots.len() == 1 => "universal_hotspot",
                Block::StoreList(d) if d.shop_list.len() == 1 => "store_list",
                Block::LimitedSkill(_) => "limited_skill",
                Block::DiscountCoupon(_) => "discount_coupon",
                Block::GoodsModule1(d) if d.columns.len() == 1 => "goods_module1",
                Block::GoodsModule2(d) if d.main_path.is_some() => "goods_module2",
                Block::GoodsModule3(d) if d.groups.len() == 1 => "goods_module3",
                Block::GoodsModule4(d) if d.bg_img.is_some() => "goods_module4",
                Block::GoodsModule5(d) if d.bg_img.is_some() => "goods_module5",
                Block::PageBackground(d) if d.bg_color.as_deref() == Some("#ffffff") => "page_background",
                Block::ShopSigns(d) if d.show_hot_word == Some(true) => "shop_signs",
                other => panic!("not read as its block: {other:?}"),
            })
            .collect();
        assert_eq!(kinds, api::renovation::BLOCK_TYPES);
    }

    #[test]
    fn unknown_blocks_and_missing_fields_do_not_fail_the_page() {
        let page = blocks(json!([
            {"type": "marquee", "dataField": {"text": "Sale"}},
            {"type": "goods_list"},
            {"type": "floor_title", "dataField": {"marginTop": 8}},
            {"type": "auxiliary_interval", "dataField": {"height": "16px"}},
            "not a block",
            {"type": "shop_signs", "dataField": {}},
        ]));
        assert_eq!(page.len(), 6);
        assert!(matches!(page[0], Block::Unknown(_)));
        assert_eq!(page[1], Block::GoodsList(GoodsList::default()));
        assert_eq!(page[2], Block::FloorTitle(FloorTitle { margin_top: Some(8), ..Default::default() }));
        // A field of the wrong type: the block is skipped, the page stays.
        assert!(matches!(page[3], Block::Unknown(_)));
        assert!(matches!(page[4], Block::Unknown(_)));
        assert_eq!(page[5], Block::ShopSigns(ShopSigns::default()));
        assert_eq!(referenced_ids(&page), (vec![], vec![]));
        // Only content that is not a list of blocks fails (the page falls back).
        assert!(parse_blocks("{\"type\": \"goods_list\"}").is_none());
        assert!(parse_blocks("not json").is_none());
        assert_eq!(parse_blocks("[]"), Some(vec![]));
    }
}
