//! `goods_module1` (three columns) and `goods_module3` (two groups): titled groups of three
//! products.

use super::{colour, link, products_of, signed_in, text, Decoration};
use crate::components::product_card::ProductCardView;
use api::renovation::{ModuleColumns, ModuleGroup, ModuleGroups};
use leptos::prelude::*;

pub(super) fn render_columns(decoration: &Decoration, data: &ModuleColumns) -> AnyView {
    let signed_in = signed_in();
    view! {
        <div class="container block-module block-module--1">
            {data.columns.iter().map(|col| module_group(decoration, col, signed_in)).collect_view()}
        </div>
    }
    .into_any()
}

pub(super) fn render_groups(decoration: &Decoration, data: &ModuleGroups) -> AnyView {
    let signed_in = signed_in();
    view! {
        <div class="container block-module block-module--3">
            {data.groups.iter().map(|g| module_group(decoration, g, signed_in)).collect_view()}
        </div>
    }
    .into_any()
}

fn module_group(decoration: &Decoration, group: &ModuleGroup, signed_in: bool) -> impl IntoView {
    // A group's link never opens in a new tab.
    let target = link(&group.path, None, signed_in);
    let products = products_of(decoration, &group.goods_list);
    let title_style = colour(&group.title_color).map(|c| format!("color:{c}"));
    view! {
        <section class="block-module__group">
            <a class="block-module__head" href=target.map(|t| t.0).unwrap_or_else(|| "#".into())>
                <strong style=title_style>{text(&group.title)}</strong>
                <span>{text(&group.sub_title)}</span>
            </a>
            <div class="product-grid product-grid--3">
                {products.into_iter().take(3).map(|p| view! { <ProductCardView product=p /> }).collect_view()}
            </div>
        </section>
    }
}
