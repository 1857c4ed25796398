//! Activity pages: `/flash-sale` and `/group-buy` (products of that activity type),
//! `/special-discount` (running and upcoming shop discounts) and `/coupons` (claimable
//! coupons), with the discount and coupon display rules of spec section 4.

use crate::api_client::ApiClient;
use crate::components::countdown::Countdown;
use crate::components::empty_state::{EmptyKind, EmptyState, NoData};
use crate::components::page_meta::PageMeta;
use crate::components::product_card::{ProductGrid, IMG_FALLBACK};
use crate::context::{page_ctx, PageCtx};
use crate::deals::claim_coupon::ClaimCoupon;
use crate::deals::claim_coupon::ClaimLabels;
use crate::frame::visit_tracker::VisitTracker;
use crate::lazy_islands::{BrowseAction, BrowsePart};
use api::analytics::page_id;
use api::catalog::{CouponCard, DiscountCard, Page};
use api::search::SearchPage;
use leptos::prelude::*;

/// The activity a page lists.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    FlashSale,
    GroupBuy,
    Discounts,
    Coupons,
}

impl Activity {
    fn title_key(self) -> &'static str {
        match self {
            Activity::FlashSale => "home-flash-sale",
            Activity::GroupBuy => "home-group-buy",
            Activity::Discounts => "home-discount",
            Activity::Coupons => "footer-voucher-center",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Activity::FlashSale => "/flash-sale",
            Activity::GroupBuy => "/group-buy",
            Activity::Discounts => "/special-discount",
            Activity::Coupons => "/coupons",
        }
    }
}

#[component]
pub fn ActivityPage(activity: Activity) -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let client = ApiClient::from_context(ctx.lang());
    let title = ctx.t(activity.title_key());
    view! {
        <PageMeta title=title.clone() description=ctx.t("home-description") canonical=activity.path().to_string() />
        {(activity == Activity::Discounts).then(|| view! { <VisitTracker page_id=page_id::SPECIAL_DISCOUNT signed_in=signed_in /> })}
        <div class="container list-page" data-testid="activity-page">
            <h1 class="list-page__title">{title}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let page = [("current", "1".to_string()), ("size", "20".to_string())];
                    match activity {
                        Activity::FlashSale | Activity::GroupBuy => {
                            let prod_type = if activity == Activity::FlashSale { "1" } else { "2" };
                            let query = [("current", "1".to_string()), ("size", "20".to_string()), ("prodType", prod_type.to_string()), ("isActive", "1".to_string())];
                            let products = client.get::<SearchPage>(api::paths::SEARCH_PAGE, &query).await.ok()
                                .and_then(|p| p.records.into_iter().next()).map(|r| r.products).unwrap_or_default();
                            if products.is_empty() { empty().into_any() } else { view! { <ProductGrid products=products per_row=4 /> }.into_any() }
                        }
                        Activity::Discounts => {
                            let discounts = client.get::<Page<DiscountCard>>(api::paths::DISCOUNT_LIST, &page).await.map(|p| p.records).unwrap_or_default();
                            if discounts.is_empty() { empty().into_any() } else {
                                let ctx = page_ctx();
                                let now = crate::context::now_ms();
                                view! { <div class="deal-grid">{discounts.into_iter().map(|d| discount_card(&ctx, d, now)).collect_view()}</div> }.into_any()
                            }
                        }
                        Activity::Coupons => {
                            let coupons = client.get::<Page<CouponCard>>(api::paths::COUPON_PAGE, &page).await.map(|p| p.records).unwrap_or_default();
                            let ctx = page_ctx();
                            if coupons.is_empty() {
                                view! { <EmptyState kind=EmptyKind::Coupon title=ctx.t("coupon-none") /> }.into_any()
                            } else {
                                view! { <div class="deal-grid">{coupons.into_iter().map(|c| coupon_card(&ctx, c)).collect_view()}</div> }.into_any()
                            }
                        }
                    }
                })}
            </Suspense>
        </div>
    }
}

fn empty() -> impl IntoView {
    view! { <NoData refresh=true /> }
}

/// A discount card with its value (display rule of spec section 4) and countdown.
pub fn discount_card(ctx: &PageCtx, d: DiscountCard, now: i64) -> impl IntoView {
    let started = d.start_time <= now;
    let (label, end) =
        if started { (ctx.t("countdown-ends-in"), d.end_time) } else { (ctx.t("countdown-starts-in"), d.start_time) };
    let value = crate::deals::discount_value(ctx, &d);
    view! {
        <a class="deal-card" href=format!("/discount/{}", d.discount_id) data-testid="discount-card">
            <img src=d.shop_logo alt="" width="56" height="56" loading="lazy" onerror=IMG_FALLBACK />
            <span class="deal-card__body">
                <strong>{ctx.money_text(&d.discount_name)}</strong>
                <span class="deal-card__value">{value}</span>
                <span class="deal-card__shop">{d.shop_name}</span>
                <Countdown end_ms=end server_now_ms=now label=label />
            </span>
        </a>
    }
}

/// The translated texts of a coupon's claim button.
pub fn claim_labels(ctx: &PageCtx) -> ClaimLabels {
    ClaimLabels {
        claim: ctx.t("coupon-claim"),
        claimed: ctx.t("coupon-claimed"),
        claimed_toast: ctx.t("coupon-claimed-toast"),
        unavailable: ctx.t("coupon-unavailable"),
    }
}

/// The value of a coupon: cash amount or percent (spec section 4).
pub fn coupon_value(ctx: &PageCtx, c: &CouponCard) -> String {
    if c.coupon_type == 2 {
        // The spec's number (the share paid, "85%"), labelled so it is not read as "85% off".
        ctx.t_args("coupon-percent-value", &[("percent", &crate::deals::coupon_percent_text(c.coupon_discount))])
    } else {
        ctx.money(c.reduce_amount)
    }
}

/// A coupon's condition ("Orders over $50" or "No minimum spend").
pub fn coupon_condition(ctx: &PageCtx, c: &CouponCard) -> String {
    crate::deals::spend_condition(ctx, c.cash_condition)
}

/// A coupon's validity: a fixed end date, or a number of days after claiming.
pub fn coupon_validity(ctx: &PageCtx, c: &CouponCard) -> String {
    if c.valid_time_type == 2 {
        if c.after_receive_days > 0 {
            ctx.t_args(
                "coupon-valid-days-later",
                &[("days", &c.valid_days.to_string()), ("after", &c.after_receive_days.to_string())],
            )
        } else {
            ctx.t_args("coupon-valid-days", &[("days", &c.valid_days.to_string())])
        }
    } else {
        ctx.t_args("coupon-valid-until", &[("date", &crate::notices::pages::format_time(c.end_time))])
    }
}

/// Whether a coupon can still be claimed now.
pub fn coupon_available(c: &CouponCard, now: i64) -> bool {
    c.end_time > now && c.stocks > 0
}

/// A coupon card: value (cash or percent), condition, validity, shop and the claim button.
pub fn coupon_card(ctx: &PageCtx, c: CouponCard) -> impl IntoView {
    let signed_in = ctx.shell.nick_name.is_some();
    let available = coupon_available(&c, crate::context::now_ms());
    view! {
        <div class="coupon-card" data-testid="coupon-card">
            <a class="coupon-card__value" href=format!("/coupon/{}", c.coupon_id) tabindex="-1">{coupon_value(ctx, &c)}</a>
            <span class="coupon-card__body">
                <a class="coupon-card__name" href=format!("/coupon/{}", c.coupon_id)><strong>{ctx.money_text(&c.coupon_name)}</strong></a>
                <span>{coupon_condition(ctx, &c)}</span>
                <span class="coupon-card__shop">{coupon_validity(ctx, &c)}</span>
                <span class="coupon-card__shop">{c.shop_name.clone()}</span>
            </span>
            <BrowseAction part={BrowsePart::ClaimCoupon(ClaimCoupon { coupon_id: c.coupon_id, back: ctx.prefs.url(), received: c.received, available, signed_in, labels: claim_labels(ctx) })} />
        </div>
    }
}
