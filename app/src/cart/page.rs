//! `/cart`: a guest gets the login dialog on arrival and a panel with a sign-in button (spec
//! section 2); a signed-in buyer gets the cart rendered from `/p/shopCart/info` and handed to
//! the [`CartView`] island, or the empty cart.

use crate::api_client::ApiClient;
use crate::cart::cart_island::{CartLabels, CartView};
use crate::components::empty_state::{EmptyKind, EmptyState, NoData};
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::events::{EmitOnLoad, OpenLoginDetail};
use crate::frame::auth_link::AuthLink;
use crate::frame::visit_tracker::VisitTracker;
use api::analytics::page_id;
use api::cart::{ShopCart, MAX_SETTLEMENT_ITEMS};
use leptos::prelude::*;

/// The cart's texts, translated for the island.
fn labels(ctx: &PageCtx) -> CartLabels {
    CartLabels {
        select_all: ctx.t("cart-select-all"),
        select_shop: ctx.t_args("cart-select-shop", &[("shop", "{shop}")]),
        select_item: ctx.t_args("cart-select-item", &[("name", "{name}")]),
        product: ctx.t("cart-col-product"),
        unit_price: ctx.t("cart-col-price"),
        quantity: ctx.t("cart-col-quantity"),
        subtotal: ctx.t("cart-col-subtotal"),
        actions: ctx.t("cart-col-actions"),
        quantity_of: ctx.t_args("cart-quantity-of", &[("name", "{name}")]),
        decrease: ctx.t("cart-decrease"),
        increase: ctx.t("cart-increase"),
        update: ctx.t("cart-update-quantity"),
        stock: ctx.t_args("cart-stock", &[("count", "{count}")]),
        remove: ctx.t("cart-remove"),
        remove_item: ctx.t_args("cart-remove-item", &[("name", "{name}")]),
        remove_selected: ctx.t("cart-remove-selected"),
        remove_confirm: ctx.t("cart-remove-confirm"),
        removed: ctx.t("cart-removed"),
        remove_failed: ctx.t("cart-remove-failed"),
        change_failed: ctx.t("cart-change-failed"),
        off_shelf: ctx.t("cart-off-shelf"),
        out_of_stock: ctx.t("cart-out-of-stock"),
        shop_offline: ctx.t("cart-shop-offline"),
        selected: ctx.t_args("cart-selected", &[("count", "{count}")]),
        total: ctx.t("cart-total"),
        savings: ctx.t_args("cart-savings", &[("amount", "{amount}")]),
        settle: ctx.t("cart-settle"),
        settle_none: ctx.t("cart-settle-none"),
        settle_limit: ctx.t_args("cart-settle-limit", &[("max", &MAX_SETTLEMENT_ITEMS.to_string())]),
        busy: ctx.t("cart-busy"),
        empty: ctx.t("cart-empty"),
        go_shopping: ctx.t("cart-go-shopping"),
        empty_image: EmptyKind::Cart.image().to_string(),
    }
}

#[component]
pub fn CartPage() -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let head = view! {
        <PageMeta title=ctx.t("cart-title") description=ctx.t("cart-title") canonical="/cart".to_string() />
        <VisitTracker page_id=page_id::CART signed_in=signed_in />
    };
    if !signed_in {
        return view! {
            {head}
            <div class="container cart-page" data-testid="cart-page">
                <h1 class="cart-page__title">{ctx.t("cart-title")}</h1>
                <section class="empty-state" data-testid="cart-guest" data-kind="cart">
                    <img class="empty-state__image" src=EmptyKind::Cart.image() alt="" width="200" height="160" />
                    <p class="empty-state__title">{ctx.t("cart-guest-title")}</p>
                    <p class="empty-state__text">{ctx.t("cart-guest-text")}</p>
                    <AuthLink href="/cart".to_string() class="button button--primary".to_string()
                        testid="cart-sign-in".to_string() protected=true signed_in=false>
                        {ctx.t("cart-sign-in")}
                    </AuthLink>
                    <EmitOnLoad detail=OpenLoginDetail { redirect: Some("/cart".to_string()), mode: None } />
                </section>
            </div>
        }
        .into_any();
    }
    let client = ApiClient::from_context(ctx.lang());
    view! {
        {head}
        <div class="container cart-page" data-testid="cart-page">
            <h1 class="cart-page__title">{ctx.t("cart-title")}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    match client.get::<Vec<ShopCart>>(api::paths::SHOP_CART_INFO, &[]).await {
                        Ok(shops) if shops.iter().all(|s| s.shop_cart_items.is_empty()) => view! {
                            <EmptyState kind=EmptyKind::Cart title=ctx.t("cart-empty")
                                action=(ctx.t("cart-go-shopping"), "/".to_string()) test_id="cart-empty" />
                        }
                        .into_any(),
                        Ok(mut shops) => {
                            shops.retain(|s| !s.shop_cart_items.is_empty());
                            view! { <CartView shops=shops currency=ctx.currency.clone() labels=labels(&ctx) /> }.into_any()
                        }
                        Err(_) => view! { <NoData refresh=true /> }.into_any(),
                    }
                })}
            </Suspense>
        </div>
    }
    .into_any()
}
