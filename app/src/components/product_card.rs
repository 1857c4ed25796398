//! Product and shop cards shared by the home page, lists and shop pages.

use crate::context::page_ctx;
use api::catalog::{ProductCard, ShopCard};
use leptos::prelude::*;

/// The self-operated shop (spec section 3: shopId 1 shows a badge).
pub const SELF_OPERATED_SHOP: i64 = 1;

pub use super::IMG_FALLBACK;

/// The id of the page's one "Goods off the shelves" warning ([`OffShelfWarning`]).
pub const OFF_SHELF_WARNING: &str = "off-shelf-warning";

/// The warning an off-shelf product's card shows when clicked: a popover (shown by the
/// browser from the card's button, without script), rendered once by the frame.
#[component]
pub fn OffShelfWarning() -> impl IntoView {
    let ctx = page_ctx();
    view! {
        <div id=OFF_SHELF_WARNING class="off-shelf-warning" popover="auto" role="alert" data-testid="off-shelf-warning">
            {ctx.t("detail-off-shelf")}
        </div>
    }
}

/// A product card linking to its detail page in a new tab; an off-shelf product's card does
/// not link, it warns.
#[component]
pub fn ProductCardView(product: ProductCard) -> impl IntoView {
    let ctx = page_ctx();
    let on_shelf = product.status == 1;
    let href = format!("/detail?prodId={}", product.prod_id);
    let price = product.activity_price.filter(|_| product.activity_in_progress).unwrap_or(product.price);
    let show_ori = product.ori_price.0 > price.0;
    let self_operated = (product.shop_id == SELF_OPERATED_SHOP).then(|| ctx.t("card-self-operated"));
    view! {
        <article class="product-card" class:is-off-shelf=!on_shelf data-testid="product-card">
            // An off-shelf product is not opened: a click on its card says so (spec section 4,
            // "Availability"), through the page's one warning (a popover: no script needed).
            {(!on_shelf).then(|| view! {
                <button type="button" class="product-card__off-shelf" popovertarget=OFF_SHELF_WARNING
                    aria-label=format!("{} · {}", product.prod_name, ctx.t("detail-off-shelf"))
                    data-testid="off-shelf-card"></button>
            })}
            <a href=on_shelf.then_some(href) target=on_shelf.then_some("_blank") rel=on_shelf.then_some("noopener")
                class="product-card__link">
                <div class="product-card__media">
                    <img src=product.pic alt=product.prod_name.clone() width="220" height="220" loading="lazy" onerror=IMG_FALLBACK />
                    {(!on_shelf).then(|| view! { <span class="product-card__overlay">{ctx.t("card-off-shelf")}</span> })}
                </div>
                <h3 class="product-card__name">
                    {self_operated.map(|label| view! { <span class="tag tag--self">{label}</span> })}
                    {product.prod_name.clone()}
                </h3>
                <p class="product-card__price">
                    <strong data-testid="product-price">{ctx.money(price)}</strong>
                    {show_ori.then(|| view! { <del>{ctx.money(product.ori_price)}</del> })}
                </p>
                <p class="product-card__meta">
                    {ctx.t_args("card-sold", &[("count", &product.sold_num.to_string())])}
                </p>
            </a>
            {on_shelf.then(|| view! { <crate::comparison::CompareLink prod_id=product.prod_id /> })}
        </article>
    }
}

/// A grid of product cards; `per_row` is 3, 4 or 5 (spec section 9).
#[component]
pub fn ProductGrid(products: Vec<ProductCard>, #[prop(default = 5)] per_row: u8) -> impl IntoView {
    let class = format!("product-grid product-grid--{}", per_row.clamp(3, 5));
    view! {
        <div class=class>
            {products.into_iter().map(|product| view! { <ProductCardView product=product /> }).collect_view()}
        </div>
    }
}

/// A shop card: logo, name, followers; offline shops show so and cannot be entered.
#[component]
pub fn ShopCardView(shop: ShopCard) -> impl IntoView {
    let ctx = page_ctx();
    let online = shop.shop_status == 1;
    let fans = ctx.t_args("shop-followers", &[("count", &shop.fans_count.to_string())]);
    let body = view! {
        <img src=shop.shop_logo.clone() alt="" width="64" height="64" loading="lazy" onerror=IMG_FALLBACK />
        <span class="shop-card__name">{shop.shop_name.clone()}</span>
        <span class="shop-card__meta">{fans}</span>
        {(!online).then(|| view! { <span class="tag tag--offline">{ctx.t("shop-offline")}</span> })}
    };
    if online {
        view! {
            <a class="shop-card" href=format!("/shop-index?sid={}", shop.shop_id) data-testid="shop-card">{body}</a>
        }
        .into_any()
    } else {
        view! { <div class="shop-card is-offline" aria-disabled="true" data-testid="shop-card">{body}</div> }.into_any()
    }
}
