//! `/user-center/uc-coupons?status=`: the buyer's claimed coupons, by status (not used, used,
//! expired), a page at a time, each with its validity and the products it applies to.

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::context::{page_ctx, PageCtx};
use crate::deals::activity::{coupon_condition, coupon_value};
use crate::notices::pages::format_time;
use crate::url::query_param;
use crate::users::{tab_bar, Tab};
use api::catalog::{MyCoupon, Page};
use leptos::prelude::*;

/// The status tabs: the API's status code and the tab's Fluent label.
const TABS: [(i32, &str); 3] = [(0, "uc-coupons-unused"), (1, "uc-coupons-used"), (2, "uc-coupons-expired")];

/// Coupons per page.
const PAGE_SIZE: i64 = 10;

/// The status and page asked for; anything else is the first page of unused coupons.
fn requested(query: &str) -> (i32, i64) {
    let status = query_param(query, "status")
        .and_then(|s| s.trim().parse::<i32>().ok())
        .filter(|s| TABS.iter().any(|(code, _)| code == s))
        .unwrap_or(0);
    let page =
        query_param(query, "current").and_then(|p| p.trim().parse::<i64>().ok()).filter(|p| *p >= 1).unwrap_or(1);
    (status, page)
}

#[component]
pub fn MyCouponsPage() -> impl IntoView {
    let ctx = page_ctx();
    let (status, current) = requested(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let query = vec![("status", status.to_string()), ("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
    let tabs = TABS
        .iter()
        .map(|(code, label)| Tab {
            href: format!("/user-center/uc-coupons?status={code}"),
            label: ctx.t(label),
            test_id: format!("uc-coupons-tab-{code}"),
            current: *code == status,
        })
        .collect();
    view! {
        <PageMeta title=ctx.t("uc-nav-coupons") description=String::new() canonical="/user-center/uc-coupons".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-coupons")}</h1>
        {tab_bar(ctx.t("uc-nav-coupons"), tabs)}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                match client.get::<Page<MyCoupon>>(api::paths::MY_COUPON_PAGE, &query).await {
                    Ok(page) if !page.records.is_empty() => {
                        let pages = page.pages;
                        view! {
                            <ul class="uc-coupons" data-testid="uc-coupons">
                                {page.records.into_iter().map(|c| my_coupon(&ctx, c)).collect_view()}
                            </ul>
                            <Pager current=current pages=pages href=move |p| format!("/user-center/uc-coupons?status={status}&current={p}") />
                        }.into_any()
                    }
                    _ => view! {
                        <EmptyState kind=EmptyKind::Coupon title=ctx.t("uc-coupons-empty")
                            action=(ctx.t("uc-coupons-get"), "/coupons".to_string()) test_id="uc-coupons-empty" />
                    }.into_any(),
                }
            })}
        </Suspense>
    }
}

/// One claimed coupon: its value and condition, name and shop, when it can be used.
fn my_coupon(ctx: &PageCtx, c: MyCoupon) -> impl IntoView {
    let validity = format!("{} – {}", format_time(c.valid_from), format_time(c.valid_until));
    view! {
        <li class="coupon-card" class:is-spent=c.status != 0 data-testid="uc-coupon">
            <span class="coupon-card__value">{coupon_value(ctx, &c.coupon)}</span>
            <span class="coupon-card__body">
                <strong class="coupon-card__name">{ctx.money_text(&c.coupon.coupon_name)}</strong>
                <span>{coupon_condition(ctx, &c.coupon)}</span>
                <span class="coupon-card__shop">{validity}</span>
                <span class="coupon-card__shop">{c.coupon.shop_name.clone()}</span>
            </span>
            {(c.status == 0).then(|| view! {
                <a class="button" href=format!("/coupon/{}", c.coupon.coupon_id)>{ctx.t("coupon-products")}</a>
            })}
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::requested;

    #[test]
    fn the_tab_and_page_come_from_the_query() {
        assert_eq!(requested(""), (0, 1));
        assert_eq!(requested("status=2&current=3"), (2, 3));
        assert_eq!(requested("status=9&current=-1"), (0, 1));
        assert_eq!(requested("status=x&current=x"), (0, 1));
    }
}
