//! `goods_module4` and `goods_module5`: a picture (with its title) above products.

use super::{link, products_of, signed_in, text, Decoration};
use crate::components::product_card::ProductCardView;
use api::renovation::ModuleBanner;
use leptos::prelude::*;

/// How a banner module lays out its products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layout {
    /// `goods_module4`: four products.
    Four,
    /// `goods_module5`: a list of up to eight.
    List,
}

pub(super) fn render(decoration: &Decoration, data: &ModuleBanner, layout: Layout) -> AnyView {
    let target = link(&data.path, data.checked, signed_in());
    let products = products_of(decoration, &data.goods_list);
    let (module, limit) = match layout {
        Layout::Four => (4, 4),
        Layout::List => (5, 8),
    };
    let class = format!("container block-module block-module--{module}");
    // The picture carries its own words: it is shown whole, and the module's title sits
    // beside it, never on it.
    let picture = Some(text(&data.bg_img)).filter(|src| !src.trim().is_empty());
    let has_picture = picture.is_some();
    view! {
        <div class=class>
            <a class="block-module__banner" class:has-picture=has_picture
                href=target.map(|t| t.0).unwrap_or_else(|| "#".into())>
                <strong class="block-module__title">{text(&data.title)}</strong>
                {picture.map(|src| view! {
                    <img src=crate::context::page_ctx().picture(&src) alt="" loading="lazy" width="1200" height="450"
                        onerror=crate::components::product_card::IMG_FALLBACK />
                })}
            </a>
            <div class="product-grid product-grid--4">
                {products.into_iter().take(limit).map(|p| view! { <ProductCardView product=p /> }).collect_view()}
            </div>
        </div>
    }
    .into_any()
}
