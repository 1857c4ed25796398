//! `/submit-order` (`?orderEntry=1` for buy now): the confirmation in the [`Checkout`] island.
//! The cart's Settle and the buy box's Buy Now are GET forms naming what to buy in the address
//! (`rules::entry_from_query`), from which the server renders the confirmation, so the page
//! shows it at once, and its Submit Order form works before any wasm and with scripts off. The
//! islands also keep the `sessionStorage` entry of spec section 1; an address naming nothing
//! starts the island from it as the page loads. Guests go to /login.

use crate::api_client::ApiClient;
use crate::components::address_form::AddressFormLabels;
use crate::components::empty_state::EmptyKind;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{CheckoutIsland, CheckoutPart};
use crate::orders::checkout::Checkout;
use crate::orders::checkout::{CheckoutLabels, CheckoutStart};
use crate::orders::rules;
use crate::url::query_param;
use api::addresses::UserAddr;
use api::orders::{OrderConfirmation, OrderParam};
use leptos::prelude::*;

fn labels(ctx: &PageCtx) -> CheckoutLabels {
    CheckoutLabels {
        loading: ctx.t("order-confirm-loading"),
        missing: ctx.t("order-confirm-missing"),
        back_to_cart: ctx.t("order-confirm-back-to-cart"),
        failed: ctx.t("order-confirm-failed"),
        retry: ctx.t("order-confirm-retry"),
        address: ctx.t("order-address"),
        address_default: ctx.t("order-address-default"),
        address_add: ctx.t("order-address-add"),
        address_none: ctx.t("order-address-none"),
        address_form: AddressFormLabels::new(ctx),
        address_saved: ctx.t("order-address-saved"),
        item_count: crate::i18n::count_text(ctx.lang(), "order-item-count", "count"),
        remarks: ctx.t("order-remarks"),
        remarks_placeholder: ctx.t("order-remarks-placeholder"),
        delivery: crate::i18n::count_text(ctx.lang(), "order-delivery", "days"),
        freight: ctx.t("order-freight"),
        freight_free: ctx.t("order-freight-free"),
        shop_coupon: ctx.t("order-coupon-shop"),
        platform_coupon: ctx.t("order-coupon-platform"),
        no_coupon: ctx.t("order-coupon-none"),
        points: ctx.t("order-points"),
        points_have: ctx.t_args("order-points-have", &[("points", "{points}"), ("max", "{max}")]),
        points_step: ctx.t_args("order-points-step", &[("step", "{step}")]),
        goods_total: ctx.t("order-goods-total"),
        coupons_total: ctx.t("order-coupons-total"),
        member_discount: ctx.t("order-member-discount"),
        points_reduce: ctx.t("order-points-reduce"),
        actual_total: ctx.t("order-actual-total"),
        submit: ctx.t("order-submit"),
        submitting: ctx.t("order-submitting"),
        updating: ctx.t("order-updating"),
        expired: ctx.t("order-expired"),
        submit_failed: ctx.t("order-submit-failed"),
        empty_image: EmptyKind::Order.image().to_string(),
    }
}

/// What the address names to buy, as the entry and the confirmation call's parameter.
fn named(buy_now: bool, query: &str) -> Option<(String, OrderParam)> {
    let entry = rules::entry_from_query(buy_now, query)?;
    let param = rules::order_param(buy_now, Some(&entry))?;
    Some((entry, param))
}

/// The server's confirmation of a hand-over, and the buyer's addresses to choose from; `None`
/// when it cannot be confirmed (the island then asks again, and shows why).
async fn first_state(client: &ApiClient, entry: String, param: OrderParam) -> Option<CheckoutStart> {
    let confirmation = client.post::<OrderConfirmation, _>(api::paths::ORDER_CONFIRM, &param).await.ok()?;
    let addresses = client.get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[]).await.unwrap_or_default();
    Some(CheckoutStart { entry, confirmation, addresses })
}

#[component]
pub fn SubmitOrderPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let buy_now = query_param(&ctx.prefs.query, "orderEntry").as_deref() == Some("1");
    let handed_over = named(buy_now, &ctx.prefs.query);
    let back = ctx.prefs.url();
    let client = ApiClient::from_context(ctx.lang());
    let labels = labels(&ctx);
    let currency = ctx.currency.clone();
    view! {
        <PageMeta title=ctx.t("order-confirm-title") description=ctx.t("order-confirm-title") canonical="/submit-order".to_string() />
        <div class="container checkout-page" data-testid="submit-order-page">
            <h1 class="checkout-page__title">{ctx.t("order-confirm-title")}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let start = match handed_over {
                        Some((entry, param)) => first_state(&client, entry, param).await,
                        None => None,
                    };
                    // Nothing rendered (a bare `/submit-order`): the island starts from `sessionStorage`.
                    view! {
                        <div class="checkout-frame">
                            <CheckoutIsland part={CheckoutPart::Checkout(Checkout { buy_now, currency: currency.clone(),
                                server_now_ms: crate::context::now_ms(), labels: labels.clone(), start, back: back.clone() })} />
                        </div>
                    }
                })}
            </Suspense>
        </div>
    }
    .into_any()
}
