//! `/member-center/integral-mall?current=`: the buyer's points (with the way to earn more)
//! and the grid of items, each with its price in points, what the shop sells it for, the units
//! left or "sold out", and Redeem (to `/submit-integral-order?scoreProdId=`).

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::context::{page_ctx, PageCtx};
use crate::points_mall::grouped;
use crate::points_mall::{redeem_href, MALL_PATH};
use crate::url::query_param;
use api::catalog::Page;
use api::points_mall::ScoreProd;
use api::wallet::ScoreInfo;
use leptos::prelude::*;

/// Items a page of the grid.
const PAGE_SIZE: i64 = 20;

#[component]
pub fn IntegralMallPage() -> impl IntoView {
    let ctx = page_ctx();
    let current = query_param(&ctx.prefs.query, "current")
        .and_then(|p| p.trim().parse::<i64>().ok())
        .filter(|p| *p >= 1)
        .unwrap_or(1);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("points-mall-title") description=ctx.t("points-mall-intro") canonical=MALL_PATH.to_string() />
        <h1 class="user-center__title">{ctx.t("points-mall-title")}</h1>
        <Suspense fallback=move || view! { <div class="skeleton__block points-mall-skeleton" role="status"></div> }>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let query = vec![("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
                let info = client.get::<ScoreInfo>(api::paths::SCORE_INFO, &[]).await;
                let page = client.get::<Page<ScoreProd>>(api::paths::SCORE_PROD_LIST, &query).await;
                let points = info.as_ref().map(|i| i.score).unwrap_or_default();
                view! {
                    <section class="wallet-summary points-mall-summary" data-testid="points-mall-summary">
                        <div class="wallet-summary__figure">
                            <span class="wallet-summary__label">{ctx.t("points-mall-my-points")}</span>
                            <strong class="wallet-summary__value" data-testid="points-mall-points">{grouped(points)}</strong>
                        </div>
                        <p class="points-mall-summary__intro">{ctx.t("points-mall-intro")}</p>
                        <a class="button button--outline" href="/user-center/uc-integral" data-testid="points-mall-earn">{ctx.t("points-mall-earn")}</a>
                    </section>
                    {match page {
                        Ok(page) if !page.records.is_empty() => {
                            let pages = page.pages;
                            view! {
                                <ul class="points-mall-grid" data-testid="points-mall-grid">
                                    {page.records.into_iter().map(|item| card(&ctx, item, points)).collect_view()}
                                </ul>
                                <Pager current=current pages=pages href=move |p| format!("{MALL_PATH}?current={p}") />
                            }.into_any()
                        }
                        Ok(_) => view! {
                            <EmptyState kind=EmptyKind::Coupon title=ctx.t("points-mall-empty") test_id="points-mall-empty" />
                        }.into_any(),
                        Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("points-mall-load-failed")}</p> }.into_any(),
                    }}
                }
            })}
        </Suspense>
    }
}

/// One item of the grid.
fn card(ctx: &PageCtx, item: ScoreProd, held: i64) -> impl IntoView {
    let sold_out = item.stocks <= 0;
    let short = !sold_out && item.score_price > held;
    let points = ctx.t_args("points-mall-points", &[("points", &grouped(item.score_price))]);
    let worth = ctx.t_args("points-mall-worth", &[("price", &ctx.currency.format(item.price))]);
    let stock = if sold_out {
        ctx.t("points-mall-sold-out")
    } else {
        ctx.t_args("points-mall-stock", &[("count", &item.stocks.to_string())])
    };
    let name_id = format!("points-item-{}", item.score_prod_id);
    view! {
        <li class="points-card" class:is-sold-out=sold_out data-testid="points-mall-item" data-id=item.score_prod_id
            data-points=item.score_price data-stocks=item.stocks>
            <a class="points-card__media" href=format!("/detail?prodId={}", item.prod_id) tabindex="-1" aria-hidden="true">
                <img src=item.pic.clone() alt="" width="220" height="220" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                {sold_out.then(|| view! { <span class="product-card__overlay">{ctx.t("points-mall-sold-out")}</span> })}
            </a>
            <div class="points-card__body">
                <h2 class="points-card__name" id=name_id.clone()>
                    <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                </h2>
                {(!item.sku_name.is_empty()).then(|| view! { <p class="points-card__sku">{item.sku_name.clone()}</p> })}
                <p class="points-card__price"><strong data-testid="points-mall-price">{points}</strong>" "<span>{worth}</span></p>
                <p class="points-card__stock" data-testid="points-mall-stock">{stock}</p>
                {short.then(|| view! { <p class="points-card__short">{ctx.t_args("points-mall-short", &[("points", &grouped(item.score_price - held))])}</p> })}
                {if sold_out {
                    view! { <span class="button points-card__redeem is-disabled" aria-disabled="true">{ctx.t("points-mall-redeem")}</span> }.into_any()
                } else {
                    view! {
                        <a class="button button--primary points-card__redeem" href=redeem_href(item.score_prod_id)
                            aria-describedby=name_id data-testid="points-mall-redeem">{ctx.t("points-mall-redeem")}</a>
                    }.into_any()
                }}
            </div>
        </li>
    }
}
