//! `/submit-order` (`?orderEntry=1` for buy now): the frame on the server, the confirmation in
//! the [`Checkout`] island (what to buy lives in the browser's `sessionStorage`). Guests go to
//! /login.

use crate::components::address_form::AddressFormLabels;
use crate::components::empty_state::EmptyKind;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::orders::checkout::{Checkout, CheckoutLabels};
use crate::url::query_param;
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
        item_count: ctx.t_args("order-item-count", &[("count", "{count}")]),
        remarks: ctx.t("order-remarks"),
        remarks_placeholder: ctx.t("order-remarks-placeholder"),
        delivery: ctx.t_args("order-delivery", &[("days", "{days}")]),
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

#[component]
pub fn SubmitOrderPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let buy_now = query_param(&ctx.prefs.query, "orderEntry").as_deref() == Some("1");
    view! {
        <PageMeta title=ctx.t("order-confirm-title") description=ctx.t("order-confirm-title") canonical="/submit-order".to_string() />
        <div class="container checkout-page" data-testid="submit-order-page">
            <h1 class="checkout-page__title">{ctx.t("order-confirm-title")}</h1>
            <Checkout buy_now=buy_now currency=ctx.currency.clone() server_now_ms=crate::context::now_ms() labels=labels(&ctx) />
        </div>
    }
    .into_any()
}
