//! `/product-comparison?prodId=`: every shop's offer of a product side by side, rendered on
//! the server so it reads without JavaScript and crawlers see the offers: the product, its
//! price history (`&period=`), the offers table with the compared product first (sorted by
//! `&sort=`: price low or high first, shop rating high or low first), similar products, and
//! how prices and shops are shown. When the page is interactive the comparison sidebar opens
//! over it. A missing or unknown product answers 404.

use super::chart::PriceHistoryChart;
use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::product_card::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::events::{EmitOnLoad, OpenCompareDetail};
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::comparison::{ComparisonPage, ComparisonProduct, PriceHistory, COMPARE_SHOWN_SIMILAR, DEFAULT_PRICE_PERIOD};
use leptos::prelude::*;

/// The sorts of the offers table: (`sort` value, `columns`, `orders`, text key).
pub const SORTS: [(&str, &str, &str, &str); 4] = [
    ("price-asc", "price,shop_rating", "asc,desc", "compare-sort-price-asc"),
    ("price-desc", "price,shop_rating", "desc,desc", "compare-sort-price-desc"),
    ("rating-desc", "shop_rating,price", "desc,asc", "compare-sort-rating-desc"),
    ("rating-asc", "shop_rating,price", "asc,asc", "compare-sort-rating-asc"),
];

/// Most offers the page lists (an article is offered by at most a dozen shops).
const MAX_OFFERS: i64 = 100;

/// The page's query: the product, the sort and the price history's period.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareParams {
    pub prod_id: Option<i64>,
    pub sort: &'static str,
    pub period: &'static str,
}

impl CompareParams {
    pub fn from_query(query: &str) -> Self {
        let prod_id = query_param(query, "prodId").and_then(|v| v.trim().parse::<i64>().ok()).filter(|id| *id > 0);
        let sort = query_param(query, "sort")
            .and_then(|s| SORTS.iter().find(|(name, ..)| *name == s).map(|(name, ..)| *name))
            .unwrap_or(SORTS[0].0);
        let period = query_param(query, "period")
            .and_then(|p| api::comparison::PRICE_PERIODS.iter().find(|(name, _)| *name == p).map(|(name, _)| *name))
            .unwrap_or(DEFAULT_PRICE_PERIOD);
        Self { prod_id, sort, period }
    }

    /// This page with another sort or period.
    pub fn href(&self, sort: &str, period: &str) -> String {
        let mut href = format!("/product-comparison?prodId={}", self.prod_id.unwrap_or_default());
        if sort != SORTS[0].0 {
            href.push_str(&format!("&sort={sort}"));
        }
        if period != DEFAULT_PRICE_PERIOD {
            href.push_str(&format!("&period={period}"));
        }
        href
    }
}

#[component]
pub fn ComparisonPagePage() -> impl IntoView {
    let ctx = page_ctx();
    let params = CompareParams::from_query(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let Some(prod_id) = params.prod_id else {
                    return view! { <NotFoundPage /> }.into_any();
                };
                let (_, columns, orders, _) = SORTS.iter().find(|s| s.0 == params.sort).copied().unwrap_or(SORTS[0]);
                let id = prod_id.to_string();
                let offers = client
                    .get::<ComparisonPage>(
                        api::paths::COMPARISON_MATCH_PRODUCTS,
                        &[
                            ("productId", id.clone()),
                            ("current", "1".into()),
                            ("size", MAX_OFFERS.to_string()),
                            ("orders", orders.into()),
                            ("columns", columns.into()),
                        ],
                    )
                    .await;
                let Some((product, offers)) = offers.ok().and_then(|p| Some((p.product?, p.records))) else {
                    return view! { <NotFoundPage /> }.into_any();
                };
                let similar = client
                    .get::<ComparisonPage>(
                        api::paths::COMPARISON_SIMILAR_PRODUCTS,
                        &[("productId", id.clone()), ("current", "1".into()), ("size", COMPARE_SHOWN_SIMILAR.to_string())],
                    )
                    .await
                    .map(|p| p.records)
                    .unwrap_or_default();
                let history = client
                    .get::<PriceHistory>(
                        api::paths::PRODUCT_PRICE_HISTORY,
                        &[("productId", id), ("period", params.period.into())],
                    )
                    .await
                    .ok();
                view! { <Comparison product offers similar history params /> }.into_any()
            })}
        </Suspense>
    }
}

fn rating(ctx: &PageCtx, p: &ComparisonProduct) -> String {
    ctx.t_args("detail-rating", &[("rating", &format!("{:.1}", p.shop.rating))])
}

/// One row of the offers table.
fn offer_row(ctx: &PageCtx, p: ComparisonProduct, main: bool) -> impl IntoView {
    let detail = format!("/detail?prodId={}", p.prod_id);
    let shop = format!("/shop-index?sid={}", p.shop_id);
    let stock = if p.stock_qty > 0 {
        ctx.t_args("compare-stock", &[("count", &p.stock_qty.to_string())])
    } else {
        ctx.t("compare-out-of-stock")
    };
    view! {
        <tr class="compare-table__row" class:is-main=main data-testid=if main { "comparison-main" } else { "comparison-offer" }
            data-prod-id=p.prod_id>
            <td class="compare-table__product">
                <img src=p.image_url.clone() alt="" width="64" height="64" loading="lazy" onerror=IMG_FALLBACK />
                <div>
                    {main.then(|| view! { <span class="tag tag--self">{ctx.t("compare-this-product")}</span> })}
                    <a href=detail.clone() class="compare-table__name">{p.name.clone()}</a>
                    <p class="compare-table__desc">{p.description.clone()}</p>
                </div>
            </td>
            <td class="compare-table__price">
                <strong>{ctx.money(p.price)}</strong>
                <span>{stock}</span>
                <span>{ctx.t_args("card-sold", &[("count", &p.sold_qty.to_string())])}</span>
            </td>
            <td class="compare-table__supplier">
                <a href=shop class="compare-table__shop">
                    <img src=p.shop_logo.clone() alt="" width="28" height="28" loading="lazy" onerror=IMG_FALLBACK />
                    <span>{p.shop_name.clone()}</span>
                </a>
                <span>{rating(ctx, &p)}</span>
                <span>{ctx.t_args("shop-followers", &[("count", &p.followers.to_string())])}</span>
            </td>
            <td class="compare-table__delivery">
                {ctx.t_args("compare-delivery", &[("days", &p.delivery_estimate_days.to_string())])}
            </td>
            <td class="compare-table__actions">
                <a class="button button--small button--primary" href=detail>{ctx.t("compare-view-offer")}</a>
            </td>
        </tr>
    }
}

#[component]
fn Comparison(
    product: ComparisonProduct,
    offers: Vec<ComparisonProduct>,
    similar: Vec<ComparisonProduct>,
    history: Option<PriceHistory>,
    params: CompareParams,
) -> impl IntoView {
    let ctx = page_ctx();
    let title = ctx.t_args("compare-page-title", &[("name", &product.name)]);
    let description =
        ctx.t_args("compare-page-description", &[("name", &product.name), ("count", &offers.len().to_string())]);
    let canonical = params.href(SORTS[0].0, DEFAULT_PRICE_PERIOD);
    let prod_id = product.prod_id;
    let sort_links = SORTS.iter().map(|(name, _, _, key)| {
        let active = *name == params.sort;
        view! {
            <a class="compare-sort__link" class:is-active=active href=params.href(name, params.period)
                aria-current=active.then_some("true") data-testid=format!("compare-sort-{name}")>{ctx.t(key)}</a>
        }
    });
    let period_params = params.clone();
    let history_href: Box<dyn Fn(&str) -> String + Send + Sync> =
        Box::new(move |period: &str| period_params.href(period_params.sort, period));
    let offer_count = offers.len();
    view! {
        <PageMeta title=title.clone() description=description canonical=canonical />
        <div class="container compare-page" data-testid="comparison-page">
            <nav class="breadcrumb" aria-label=ctx.t("breadcrumb")>
                <ol>
                    <li><a href="/">{ctx.t("home-title")}</a></li>
                    <li><a href=format!("/detail?prodId={prod_id}")>{product.name.clone()}</a></li>
                    <li aria-current="page">{ctx.t("compare-page-heading")}</li>
                </ol>
            </nav>
            <header class="compare-hero">
                <img class="compare-hero__image" src=product.image_url.clone() alt=product.name.clone() width="160" height="160" onerror=IMG_FALLBACK />
                <div class="compare-hero__text">
                    <h1 data-testid="comparison-title">{title}</h1>
                    <p class="compare-hero__price">{ctx.money(product.price)}</p>
                    <p class="compare-hero__shop">
                        {product.shop_name.clone()} " · " {rating(&ctx, &product)} " · "
                        {ctx.t_args("shop-followers", &[("count", &product.followers.to_string())])}
                    </p>
                    <p class="compare-hero__count">{ctx.t_args("compare-offers-count", &[("count", &offer_count.to_string())])}</p>
                    <crate::comparison::CompareLink prod_id=prod_id class="button button--primary" />
                </div>
                {history.map(|h| view! { <PriceHistoryChart history=h href=history_href /> })}
            </header>
            <section class="compare-offers" aria-labelledby="compare-offers-title">
                <div class="compare-offers__head">
                    <h2 id="compare-offers-title">{ctx.t("compare-offers-title")}</h2>
                    <nav class="compare-sort" aria-label=ctx.t("compare-sort-by")>
                        <span>{ctx.t("compare-sort-by")}</span>
                        {sort_links.collect_view()}
                    </nav>
                </div>
                {if offers.is_empty() {
                    view! {
                        <div class="compare-empty" data-testid="comparison-empty">
                            <p>{ctx.t("compare-empty")}</p>
                            <a class="button" href=params.href(params.sort, params.period)>{ctx.t("compare-refresh")}</a>
                        </div>
                    }.into_any()
                } else {
                    let ctx2 = ctx.clone();
                    view! {
                        <div class="compare-table__scroll">
                            <table class="compare-table" data-testid="comparison-offers">
                                <thead>
                                    <tr>
                                        <th scope="col">{ctx.t("compare-col-product")}</th>
                                        <th scope="col">{ctx.t("compare-col-price")}</th>
                                        <th scope="col">{ctx.t("compare-col-supplier")}</th>
                                        <th scope="col">{ctx.t("compare-col-delivery")}</th>
                                        <th scope="col"><span class="visually-hidden">{ctx.t("compare-col-actions")}</span></th>
                                    </tr>
                                </thead>
                                <tbody>
                                    {offer_row(&ctx, product.clone(), true)}
                                    {offers.into_iter().map(|p| offer_row(&ctx2, p, false)).collect_view()}
                                </tbody>
                            </table>
                        </div>
                    }.into_any()
                }}
            </section>
            <section class="compare-similar" aria-labelledby="compare-similar-title" data-testid="comparison-similar">
                <h2 id="compare-similar-title">{ctx.t("compare-similar-title")}</h2>
                {if similar.is_empty() {
                    view! { <p class="compare-similar__empty">{ctx.t("compare-similar-empty")}</p> }.into_any()
                } else {
                    view! {
                        <ul class="compare-similar__list">
                            {similar.into_iter().map(|p| view! {
                                <li class="compare-similar__item">
                                    <a href=format!("/detail?prodId={}", p.prod_id)>
                                        <img src=p.image_url.clone() alt="" width="120" height="120" loading="lazy" onerror=IMG_FALLBACK />
                                        <span class="compare-similar__name">{p.name.clone()}</span>
                                    </a>
                                    <strong>{ctx.money(p.price)}</strong>
                                    <span class="compare-similar__shop">{p.shop_name.clone()}</span>
                                    <a class="compare-similar__compare" href=super::compare_href(p.prod_id)>{ctx.t("compare-button")}</a>
                                </li>
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }}
            </section>
            <details class="compare-info">
                <summary>{ctx.t("compare-info-title")}</summary>
                <p>{ctx.t("compare-info-updates")}</p>
                <p>{ctx.t("compare-info-order")}</p>
            </details>
            <EmitOnLoad detail=OpenCompareDetail { prod_id } />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_names_product_sort_and_period() {
        let p = CompareParams::from_query("prodId=12&sort=rating-desc&period=year");
        assert_eq!(p, CompareParams { prod_id: Some(12), sort: "rating-desc", period: "year" });
        assert_eq!(p.href("price-asc", "month"), "/product-comparison?prodId=12");
        assert_eq!(p.href("price-desc", "week"), "/product-comparison?prodId=12&sort=price-desc&period=week");
        let bad = CompareParams::from_query("prodId=-3&sort=colour&period=decade");
        assert_eq!(bad, CompareParams { prod_id: None, sort: "price-asc", period: "month" });
    }
}
