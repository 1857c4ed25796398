//! `goods_module2`: one main picture beside six products.

use super::{link, products_of, signed_in, text, Decoration};
use crate::components::product_card::{ProductCardView, IMG_FALLBACK};
use api::renovation::ModuleFeature;
use leptos::prelude::*;

pub(super) fn render(decoration: &Decoration, data: &ModuleFeature) -> AnyView {
    let main = link(&data.main_path, data.checked, signed_in());
    let products = products_of(decoration, &data.goods_list);
    view! {
        <div class="container block-module block-module--2">
            <a class="block-module__main" href=main.map(|m| m.0).unwrap_or_else(|| "#".into())>
                // The title above the picture, which is shown whole (it carries its own words).
                <strong class="block-module__title">{text(&data.main_title)}</strong>
                <img src=crate::context::page_ctx().picture(&text(&data.main_img)) alt="" loading="lazy" onerror=IMG_FALLBACK />
            </a>
            <div class="product-grid product-grid--3">
                {products.into_iter().take(6).map(|p| view! { <ProductCardView product=p /> }).collect_view()}
            </div>
        </div>
    }
    .into_any()
}
