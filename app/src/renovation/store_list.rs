//! `store_list`: preferred stores.

use super::Decoration;
use crate::components::product_card::ShopCardView;
use api::catalog::ShopCard;
use api::renovation::StoreList;
use leptos::prelude::*;

pub(super) fn render(decoration: &Decoration, data: &StoreList) -> AnyView {
    let shops: Vec<ShopCard> =
        data.shop_list.iter().filter_map(|s| s.shop_id).filter_map(|id| decoration.shops.get(&id).cloned()).collect();
    view! { <div class="container shop-grid">{shops.into_iter().map(|shop| view! { <ShopCardView shop=shop /> }).collect_view()}</div> }.into_any()
}
