//! `goods_list`: a grid of products, 3, 4 or 5 a row.

use super::{products_of, Decoration};
use crate::components::product_card::ProductGrid;
use api::renovation::GoodsList;
use leptos::prelude::*;

pub(super) fn render(decoration: &Decoration, data: &GoodsList) -> AnyView {
    let per_row = data.list_type.unwrap_or(4).clamp(3, 5) as u8;
    let products = products_of(decoration, &data.goods_list);
    view! { <div class="container"><ProductGrid products=products per_row=per_row /></div> }.into_any()
}
