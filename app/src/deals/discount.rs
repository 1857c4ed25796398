//! `/discount/{id}` and `/discount-detail?discountId=`: one shop discount (value by the display
//! rule of spec section 4, condition, shop, countdown or "ended") and the products it applies
//! to, paged. An unknown discount answers 404.

use crate::api_client::ApiClient;
use crate::components::countdown::Countdown;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::components::product_card::{ProductGrid, IMG_FALLBACK};
use crate::context::page_ctx;
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::catalog::DiscountCard;
use api::search::SearchPage;
use leptos::prelude::*;

/// Products per page of a deal page.
pub const DEAL_PAGE_SIZE: i64 = 20;

/// The page number of `?current=` (1 when absent or invalid).
pub fn current_page(query: &str) -> i64 {
    query_param(query, "current").and_then(|v| v.trim().parse::<i64>().ok()).unwrap_or(1).clamp(1, 10_000)
}

/// Page `current` of the hottest products a deal applies to: `filter` narrows the search to
/// them (`couponId`, or the discount's `shopId`).
pub async fn deal_products(client: &ApiClient, current: i64, filter: Option<(&str, i64)>) -> SearchPage {
    let mut params = vec![
        ("current", current.to_string()),
        ("size", DEAL_PAGE_SIZE.to_string()),
        ("sort", api::search::sort_code::HOT.to_string()),
        ("orderBy", "1".to_string()),
    ];
    params.extend(filter.map(|(name, id)| (name, id.to_string())));
    client.get::<SearchPage>(api::paths::SEARCH_PAGE, &params).await.unwrap_or_default()
}

/// Page `page` of a deal page at `base` (`?current=` from page 2 on).
pub fn page_href(base: &str, page: i64) -> String {
    if page > 1 {
        format!("{base}?current={page}")
    } else {
        base.to_string()
    }
}

/// The products a discount or coupon applies to, with paging links under `base`.
#[component]
pub fn DealProducts(title: String, page: SearchPage, current: i64, base: String) -> impl IntoView {
    let products = page.records.into_iter().next().map(|r| r.products).unwrap_or_default();
    let pages = page.pages.max(1);
    let ctx = page_ctx();
    view! {
        <h2 class="deal-page__subtitle">{title}</h2>
        {if products.is_empty() {
            view! { <EmptyState kind=EmptyKind::Search title=ctx.t("list-empty") /> }.into_any()
        } else {
            view! {
                <ProductGrid products=products per_row=5 />
                <Pager current=current pages=pages href={move |p| page_href(&base, p)} />
            }.into_any()
        }}
    }
}

/// A deal's page: `load` fetches the deal and renders it with page `current` of its products;
/// without a deal, the 404 page.
pub fn deal_page<F, Fut>(load: F) -> impl IntoView
where
    F: FnOnce(ApiClient, i64) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Option<AnyView>> + Send + 'static,
{
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    let current = current_page(&ctx.prefs.query);
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move { load(client, current).await.unwrap_or_else(|| view! { <NotFoundPage /> }.into_any()) })}
        </Suspense>
    }
}

#[component]
pub fn DiscountPage(discount_id: Option<i64>) -> impl IntoView {
    deal_page(move |client, current| async move {
        let discount = client.record::<DiscountCard>(api::paths::DISCOUNT_INFO, "discountId", discount_id).await?;
        let shop = (discount.shop_id > 0).then_some(("shopId", discount.shop_id));
        let page = deal_products(&client, current, shop).await;
        Some(view! { <Discount discount=discount page=page current=current /> }.into_any())
    })
}

#[component]
fn Discount(discount: DiscountCard, page: SearchPage, current: i64) -> impl IntoView {
    let ctx = page_ctx();
    let now = crate::context::now_ms();
    let id = discount.discount_id;
    let value = crate::deals::discount_value(&ctx, &discount);
    let condition = crate::deals::spend_condition(&ctx, discount.condition_amount);
    let timing = if discount.end_time <= now {
        view! { <span class="tag tag--ended" data-testid="discount-ended">{ctx.t("activity-ended")}</span> }.into_any()
    } else if discount.start_time > now {
        view! { <Countdown end_ms=discount.start_time server_now_ms=now label=ctx.t("countdown-starts-in") /> }
            .into_any()
    } else {
        view! { <Countdown end_ms=discount.end_time server_now_ms=now label=ctx.t("countdown-ends-in") /> }.into_any()
    };
    let period = format!(
        "{} – {}",
        crate::notices::pages::format_time(discount.start_time),
        crate::notices::pages::format_time(discount.end_time)
    );
    let name = ctx.money_text(&discount.discount_name);
    let description = format!("{name} · {value} · {}", discount.shop_name);
    let banner = discount.pc_pic.clone().filter(|p| !p.is_empty());
    view! {
        <PageMeta title=name.clone() description=description canonical=format!("/discount/{id}") />
        <div class="container deal-page" data-testid="discount-page">
            <header class="deal-hero">
                {banner.map(|src| view! { <img class="deal-hero__banner" src=page_ctx().picture(&src) alt="" width="1200" height="240" onerror=IMG_FALLBACK /> })}
                <div class="deal-hero__body">
                    <span class="deal-hero__value" data-testid="discount-value">{value}</span>
                    <div class="deal-hero__text">
                        <h1 class="deal-hero__title">{name}</h1>
                        <p>{condition}</p>
                        <p class="deal-hero__muted">{period}</p>
                        {timing}
                    </div>
                    <a class="deal-hero__shop" href=format!("/shop-index?sid={}", discount.shop_id)>
                        <img src=discount.shop_logo.clone() alt="" width="48" height="48" onerror=IMG_FALLBACK />
                        <span>{discount.shop_name.clone()}</span>
                    </a>
                </div>
            </header>
            <DealProducts title=ctx.t("discount-products") page=page current=current base=format!("/discount/{id}") />
        </div>
    }
}
