//! `/coupon/{id}`: one coupon (value, condition, validity, shop, stock), the claim button
//! (login-gated) and the products it can be used on, paged. An unknown coupon answers 404.

use crate::components::page_meta::PageMeta;
use crate::components::product_card::IMG_FALLBACK;
use crate::context::page_ctx;
use crate::deals::activity::{claim_labels, coupon_available, coupon_condition, coupon_validity, coupon_value};
use crate::deals::claim_coupon::ClaimCoupon;
use crate::deals::discount::{deal_page, deal_products, DealProducts};
use crate::lazy_islands::{BrowseAction, BrowsePart};
use api::catalog::CouponCard;
use api::search::SearchPage;
use leptos::prelude::*;

#[component]
pub fn CouponPage(coupon_id: Option<i64>) -> impl IntoView {
    deal_page(move |client, current| async move {
        let coupon = client.record::<CouponCard>(api::paths::COUPON_INFO, "couponId", coupon_id).await?;
        let page = deal_products(&client, current, Some(("couponId", coupon.coupon_id))).await;
        Some(view! { <Coupon coupon=coupon page=page current=current /> }.into_any())
    })
}

#[component]
fn Coupon(coupon: CouponCard, page: SearchPage, current: i64) -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let now = crate::context::now_ms();
    let id = coupon.coupon_id;
    let value = coupon_value(&ctx, &coupon);
    let condition = coupon_condition(&ctx, &coupon);
    let validity = coupon_validity(&ctx, &coupon);
    let available = coupon_available(&coupon, now);
    let state = if coupon.end_time <= now {
        Some(ctx.t("activity-ended"))
    } else if coupon.stocks <= 0 {
        Some(ctx.t("coupon-sold-out"))
    } else {
        None
    };
    let shop_href = if coupon.shop_id > 0 { format!("/shop-index?sid={}", coupon.shop_id) } else { "/".to_string() };
    let shop_name = if coupon.shop_id > 0 { coupon.shop_name.clone() } else { ctx.t("coupon-platform") };
    let name = ctx.money_text(&coupon.coupon_name);
    let description = format!("{name} · {value} · {condition}");
    view! {
        <PageMeta title=name.clone() description=description canonical=format!("/coupon/{id}") />
        <div class="container deal-page" data-testid="coupon-page">
            <header class="deal-hero deal-hero--coupon">
                <div class="deal-hero__body">
                    <span class="deal-hero__value" data-testid="coupon-value">{value}</span>
                    <div class="deal-hero__text">
                        <h1 class="deal-hero__title">{name}</h1>
                        <p>{condition}</p>
                        <p class="deal-hero__muted">{validity}</p>
                        {(coupon.stocks > 0).then(|| view! { <p class="deal-hero__muted">{ctx.t_args("coupon-left", &[("count", &coupon.stocks.to_string())])}</p> })}
                        {state.map(|s| view! { <span class="tag tag--ended" data-testid="coupon-state">{s}</span> })}
                    </div>
                    <div class="deal-hero__side">
                        <a class="deal-hero__shop" href=shop_href>
                            {(coupon.shop_id > 0).then(|| view! { <img src=coupon.shop_logo.clone() alt="" width="48" height="48" onerror=IMG_FALLBACK /> })}
                            <span>{shop_name}</span>
                        </a>
                        <BrowseAction part={BrowsePart::ClaimCoupon(ClaimCoupon { coupon_id: id, back: ctx.prefs.url(), received: coupon.received, available, signed_in, labels: claim_labels(&ctx) })} />
                    </div>
                </div>
            </header>
            <DealProducts title=ctx.t("coupon-products") page=page current=current base=format!("/coupon/{id}") />
        </div>
    }
}
