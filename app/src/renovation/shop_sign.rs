//! `shop_signs`: the shop-sign configuration of a decorated shop page (spec section 3
//! "Shop-sign config" and "Store-header config"), which the shop header follows, and the
//! navigation the block shows on a decorated page.

use super::{link, localized, signed_in, text};
use crate::context::page_ctx;
use api::renovation::{Block, ShopSigns};
use leptos::prelude::*;

/// The shop header's configuration, from the `shop_signs` block of the shop's decorated home.
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
    /// The navigation bar's background colour, if one is set.
    pub navs_bg: Option<String>,
    pub show_announcement: bool,
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
            navs_bg: None,
            show_announcement: false,
        }
    }
}

impl ShopSign {
    /// Reads the `shop_signs` block of a decorated page, if it has one.
    pub fn from_blocks(blocks: &[Block], lang: crate::i18n::Lang, signed_in: bool) -> Option<Self> {
        let data = blocks.iter().find_map(|b| match b {
            Block::ShopSigns(data) => Some(data),
            _ => None,
        })?;
        let defaults = Self::default();
        let bg_url = data
            .bg_url
            .as_ref()
            .filter(|u| u.starts_with('/') || u.starts_with("https://") || u.starts_with("http://"))
            .cloned();
        let navs = data
            .nav_list
            .iter()
            .filter_map(|nav| {
                let (href, new_tab) = link(&nav.path, nav.checked, signed_in)?;
                Some((localized(nav.name.as_ref(), lang), href, new_tab))
            })
            .collect();
        Some(Self {
            bg_url,
            navs,
            show_logo: data.show_logo.unwrap_or(defaults.show_logo),
            show_category: data.show_category.unwrap_or(defaults.show_category),
            show_navs: data.show_navs.unwrap_or(defaults.show_navs),
            // Either name of the search switch can hide the box.
            show_search: data.show_search.unwrap_or(defaults.show_search) && data.search.unwrap_or(true),
            show_hot_word: data.show_hot_word.unwrap_or(defaults.show_hot_word),
            style: data.store_style.unwrap_or(defaults.style).clamp(0, 1),
            navs_bg: super::colour(&data.navs_bg),
            show_announcement: data.announcement.unwrap_or(defaults.show_announcement),
        })
    }
}

/// The `shop_signs` block on a decorated page: its navigation.
pub(super) fn render_navs(data: &ShopSigns) -> AnyView {
    let ctx = page_ctx();
    let signed_in = signed_in();
    let show_navs = data.show_navs.unwrap_or(true);
    view! {
        <nav class="container block-navs" aria-label=ctx.t("shop-nav")>
            {show_navs.then(|| data.nav_list.iter().filter_map(|nav| {
                let (href, new_tab) = link(&nav.path, nav.checked, signed_in)?;
                Some(view! { <a href=href target=new_tab.then_some("_blank")>{text(&nav.name)}</a> })
            }).collect_view())}
        </nav>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use serde_json::{json, Value};

    fn blocks(page: Value) -> Vec<Block> {
        super::super::parse_blocks(&page.to_string()).expect("a block list")
    }

    #[test]
    fn shop_signs_configure_the_shop_header() {
        let blocks = blocks(json!([{"type": "shop_signs", "dataField": {
            "bgUrl": "/media/banner/3.svg", "showSearch": false, "showHotWord": true, "storeStyle": 1,
            "navList": [
                {"name": {"en": "Home", "zh": "首页"}, "path": {"type": 4, "link": "/shop-index?sid=2"}},
                {"name": "Bad", "path": {"type": 9, "link": "x"}},
                {"name": "Blog", "path": {"type": 6, "link": "https://blog.example"}, "checked": true}
            ]
        }}]));
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
        let unsafe_bg = self::blocks(json!([{"type": "shop_signs", "dataField": {"bgUrl": "javascript:alert(1)"}}]));
        assert_eq!(ShopSign::from_blocks(&unsafe_bg, Lang::En, false).unwrap().bg_url, None);
        assert!(ShopSign::from_blocks(&self::blocks(json!([{"type": "goods_list"}])), Lang::En, false).is_none());
    }

    #[test]
    fn store_header_fields_set_the_search_the_bar_colour_and_the_announcement() {
        let read = |data: Value| {
            ShopSign::from_blocks(&blocks(json!([{"type": "shop_signs", "dataField": data}])), Lang::En, false).unwrap()
        };
        let sign = read(json!({"search": false, "navsBg": "#1f3a8a", "announcement": true}));
        assert!(!sign.show_search, "the store header's `search` hides the box");
        assert_eq!(sign.navs_bg.as_deref(), Some("#1f3a8a"));
        assert!(sign.show_announcement);
        let sign = read(json!({"navsBg": "red;background:url(x)"}));
        assert_eq!(sign.navs_bg, None, "only plain colours reach the style attribute");
        assert!(sign.show_search && !sign.show_announcement, "absent: search shown, announcement hidden");
    }

    #[test]
    fn shop_sign_defaults_hold() {
        let defaults = ShopSign::default();
        assert_eq!(defaults.bg_url, None);
        assert!(defaults.navs.is_empty());
        assert!(defaults.show_logo && defaults.show_category && defaults.show_navs && defaults.show_search);
        assert!(!defaults.show_hot_word);
        assert_eq!(defaults.style, 0);
        // A shop_signs block without data, or with every field missing, is the default sign.
        for page in [json!([{"type": "shop_signs"}]), json!([{"type": "shop_signs", "dataField": {}}])] {
            assert_eq!(ShopSign::from_blocks(&blocks(page), Lang::En, false), Some(ShopSign::default()));
        }
        // An empty picture is none; a store style out of range is clamped; guests' links to
        // protected paths go through /login.
        let sign = ShopSign::from_blocks(
            &blocks(json!([
                {"type": "goods_list", "dataField": {}},
                {"type": "shop_signs", "dataField": {"bgUrl": "", "storeStyle": 7, "showLogo": false,
                    "navList": [{"name": "Cart", "path": {"type": 4, "link": "/cart"}}, {"name": "No path"}]}},
                {"type": "shop_signs", "dataField": {"showSearch": false}},
            ])),
            Lang::En,
            false,
        )
        .unwrap();
        assert_eq!(sign.bg_url, None);
        assert_eq!(sign.style, 1);
        assert!(!sign.show_logo && sign.show_search);
        assert_eq!(sign.navs, vec![("Cart".to_string(), "/login?redirect=%2Fcart".to_string(), false)]);
        assert!(ShopSign::from_blocks(&[], Lang::En, false).is_none());
    }
}
