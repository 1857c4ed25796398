//! `limited_skill` and `discount_coupon`: products of an activity, with the block-specific
//! "ended" overlay (spec section 4 "Availability").

use super::{products_of, Decoration};
use crate::components::product_card::ProductCardView;
use crate::context::page_ctx;
use api::catalog::ProductCard;
use api::renovation::GoodsList;
use leptos::prelude::*;

/// Which activity a block shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Activity {
    /// `limited_skill`: ended unless the product is of type 2 and its activity is running.
    LimitedTime,
    /// `discount_coupon`: ended unless the product is of type 1 and its activity is running.
    GroupDiscount,
}

impl Activity {
    /// Whether `product` shows as ended in a block of this activity.
    fn ended(self, product: &ProductCard) -> bool {
        let wanted_type = match self {
            Activity::LimitedTime => 2,
            Activity::GroupDiscount => 1,
        };
        product.prod_type != wanted_type || product.activity_status != 1
    }
}

pub(super) fn render(decoration: &Decoration, data: &GoodsList, activity: Activity) -> AnyView {
    let products = products_of(decoration, &data.goods_list);
    view! {
        <div class="container product-grid product-grid--4">
            {products.into_iter().map(|p| {
                let ended = activity.ended(&p);
                activity_card(p, ended)
            }).collect_view()}
        </div>
    }
    .into_any()
}

/// A product card with the "ended" overlay.
fn activity_card(product: ProductCard, ended: bool) -> impl IntoView {
    let ctx = page_ctx();
    view! {
        <div class="activity-card" class:is-ended=ended>
            <ProductCardView product=product />
            {ended.then(|| view! { <span class="activity-card__ended">{ctx.t("renovation-ended")}</span> })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_activity_has_its_own_ended_rule() {
        let product = |prod_type, activity_status| ProductCard { prod_type, activity_status, ..Default::default() };
        assert!(!Activity::LimitedTime.ended(&product(2, 1)));
        assert!(Activity::LimitedTime.ended(&product(1, 1)));
        assert!(Activity::LimitedTime.ended(&product(2, 0)));
        assert!(!Activity::GroupDiscount.ended(&product(1, 1)));
        assert!(Activity::GroupDiscount.ended(&product(2, 1)));
        assert!(Activity::GroupDiscount.ended(&product(1, 2)));
    }
}
