//! The server-rendered review pages: `/write-comments?orderNumber=`, `/user-center/uc-comments`
//! and the detail page's reviews section.

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::components::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::notices::pages::format_time;
use crate::orders::buyers_order::{order_page, OrderPage};
use crate::reviews::form::ReviewForm;
use crate::reviews::form::ReviewLabels;
use crate::reviews::stars;
use crate::url::{encode, query_param};
use api::catalog::Page;
use api::reviews::{CommOrder, ProdComm, ProdCommData, TEXT_MAX_CHARS};
use leptos::prelude::*;

/// The path of the buyer's reviews.
pub const UC_PATH: &str = "/user-center/uc-comments";
/// Reviews per page, in the user centre and on the detail page.
pub const PAGE_SIZE: i64 = 10;

/// A positive page number of the query parameter `name`, else 1.
pub fn page_param(query: &str, name: &str) -> i64 {
    query_param(query, name).and_then(|p| p.trim().parse::<i64>().ok()).filter(|p| *p >= 1).unwrap_or(1)
}

fn review_labels(ctx: &PageCtx) -> ReviewLabels {
    let max = TEXT_MAX_CHARS.to_string();
    ReviewLabels {
        score: ctx.t("reviews-score"),
        stars: (1..=api::reviews::SCORE_MAX)
            .map(|n| {
                if n == 1 {
                    ctx.t("reviews-star-one")
                } else {
                    ctx.t_args("reviews-stars", &[("count", &n.to_string())])
                }
            })
            .collect(),
        text: ctx.t("reviews-text"),
        text_placeholder: ctx.t("reviews-text-placeholder"),
        count: ctx.t_args("reviews-text-count", &[("count", "{count}"), ("max", &max)]),
        too_long: ctx.t_args("reviews-text-too-long", &[("max", &max)]),
        pictures: ctx.t("reviews-pictures"),
        pictures_hint: ctx.t_args("reviews-pictures-hint", &[("max", &api::reviews::MAX_PICS.to_string())]),
        anonymous: ctx.t("reviews-anonymous"),
        submit: ctx.t("reviews-submit"),
        submitting: ctx.t("reviews-submitting"),
        done: ctx.t("reviews-done"),
        failed: ctx.t("reviews-failed"),
    }
}

/// Stars of a score, named for screen readers.
fn score_view(ctx: &PageCtx, score: i32) -> impl IntoView {
    view! {
        <span class="review-score" role="img" aria-label=ctx.t_args("reviews-score-of", &[("score", &score.to_string())])
            data-testid="review-score" data-score=score>{stars(score)}</span>
    }
}

/// The pictures of a review, each a link to the full picture.
fn pictures_view(ctx: &PageCtx, pics: &[String]) -> impl IntoView {
    (!pics.is_empty()).then(|| {
        let count = pics.len().to_string();
        view! {
            <ul class="review__pics" data-testid="review-pics">
                {pics.iter().enumerate().map(|(i, pic)| {
                    let alt = ctx.t_args("reviews-picture", &[("number", &(i + 1).to_string()), ("count", &count)]);
                    view! {
                        <li><a href=pic.clone() target="_blank" rel="noopener">
                            <img src=pic.clone() alt=alt width="72" height="72" loading="lazy" onerror=IMG_FALLBACK />
                        </a></li>
                    }
                }).collect_view()}
            </ul>
        }
    })
}

/// `/write-comments?orderNumber=`: each item of one of the buyer's received orders with its
/// review form, or as reviewed.
#[component]
pub fn WriteCommentsPage() -> impl IntoView {
    let page = OrderPage {
        title: "reviews-write-title",
        canonical: "/write-comments",
        class: "container write-comments",
        test_id: "write-comments",
        path: api::paths::PROD_COMM_ORDER_ITEMS,
        not_found: "reviews-order-not-found",
        missing_test_id: "write-comments-missing",
    };
    order_page::<CommOrder, _>(page, write_comments)
}

fn write_comments(ctx: &PageCtx, order: CommOrder) -> impl IntoView {
    let detail = crate::payments::rules::order_href(&order.order_number);
    let labels = review_labels(ctx);
    let all_done = order.items.iter().all(|i| i.commented);
    view! {
        <p class="write-comments__order">
            <a href=detail.clone()>{ctx.t_args("order-number", &[("number", &order.order_number)])}</a>
        </p>
        {(!order.reviewable).then(|| view! {
            <p class="write-comments__note" role="status" data-testid="write-comments-not-received">{ctx.t("reviews-not-received")}</p>
        })}
        {(order.reviewable && all_done).then(|| view! {
            <p class="write-comments__note" role="status" data-testid="write-comments-all-done">{ctx.t("reviews-all-done")}</p>
        })}
        <ul class="write-comments__items">
            {order.items.into_iter().map(|item| {
                let open = order.reviewable && !item.commented;
                view! {
                    <li class="write-comments__item" data-testid="write-comments-item" data-item=item.order_item_id>
                        <div class="write-comments__product">
                            <img src=item.pic.clone() alt="" width="80" height="80" loading="lazy" onerror=IMG_FALLBACK />
                            <span>
                                <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                                {(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}
                            </span>
                            {item.commented.then(|| view! {
                                <span class="tag" data-testid="write-comments-reviewed">{ctx.t("reviews-reviewed")}</span>
                            })}
                        </div>
                        {open.then(|| view! { <RecordsIsland part={RecordsPart::ReviewForm(ReviewForm { order_item_id: item.order_item_id, labels: labels.clone() })} /> })}
                    </li>
                }
            }).collect_view()}
        </ul>
        <p><a class="button" href=detail>{ctx.t("uc-order-details")}</a></p>
    }
}

/// `/user-center/uc-comments?current=`: the buyer's reviews, newest first.
#[component]
pub fn MyCommentsPage() -> impl IntoView {
    let ctx = page_ctx();
    let current = page_param(&ctx.prefs.query, "current");
    let client = ApiClient::from_context(ctx.lang());
    let query = vec![("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
    view! {
        <PageMeta title=ctx.t("uc-nav-comments") description=String::new() canonical=UC_PATH.to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-comments")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                match client.get::<Page<ProdComm>>(api::paths::PROD_COMM_PAGE_BY_USER, &query).await {
                    Ok(page) if !page.records.is_empty() => {
                        let pages = page.pages;
                        view! {
                            <ul class="uc-comments" data-testid="uc-comments">
                                {page.records.into_iter().map(|c| my_review(&ctx, c)).collect_view()}
                            </ul>
                            {(pages > 1).then(|| view! {
                                <Pager current=current pages=pages href=move |p| format!("{UC_PATH}?current={p}") />
                            })}
                        }.into_any()
                    }
                    _ => view! {
                        <EmptyState kind=EmptyKind::Order title=ctx.t("reviews-empty-mine")
                            action=(ctx.t("uc-nav-orders"), "/user-center/uc-order".to_string()) test_id="uc-comments-empty" />
                    }.into_any(),
                }
            })}
        </Suspense>
    }
}

fn my_review(ctx: &PageCtx, c: ProdComm) -> impl IntoView {
    view! {
        <li class="review review--mine" data-testid="uc-comment">
            <a class="review__product" href=format!("/detail?prodId={}", c.prod_id)>
                <img src=c.prod_pic.clone() alt="" width="64" height="64" loading="lazy" onerror=IMG_FALLBACK />
                <span>{c.prod_name.clone()}{(!c.sku_name.is_empty()).then(|| view! { <small>{c.sku_name.clone()}</small> })}</span>
            </a>
            <div class="review__body">
                <div class="review__head">
                    {score_view(ctx, c.score)}
                    <time>{format_time(c.rec_time)}</time>
                    {(c.is_anonymous == 1).then(|| view! { <span class="tag">{ctx.t("reviews-anonymous-tag")}</span> })}
                </div>
                {(!c.content.is_empty()).then(|| view! { <p class="review__text">{c.content.clone()}</p> })}
                {pictures_view(ctx, &c.pics)}
                {(!c.order_number.is_empty()).then(|| view! {
                    <a class="review__order" href=crate::payments::rules::order_href(&c.order_number)>
                        {ctx.t_args("order-number", &[("number", &c.order_number)])}
                    </a>
                })}
            </div>
        </li>
    }
}

/// The detail page's reviews: the counts and average, and page `current` of the reviews.
pub async fn product_reviews(client: &ApiClient, prod_id: i64, current: i64) -> (ProdCommData, Page<ProdComm>) {
    let id = ("prodId", prod_id.to_string());
    let data =
        client.get::<ProdCommData>(api::paths::PROD_COMM_DATA, std::slice::from_ref(&id)).await.unwrap_or_default();
    let page = if data.number > 0 {
        let query = [id, ("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
        client.get::<Page<ProdComm>>(api::paths::PROD_COMM_PAGE_BY_PROD, &query).await.unwrap_or_default()
    } else {
        Page::default()
    };
    (data, page)
}

/// The schema.org `AggregateRating` of a product's reviews; none without reviews.
pub fn aggregate_rating(data: &ProdCommData) -> Option<serde_json::Value> {
    (data.number > 0).then(|| {
        serde_json::json!({
            "@type": "AggregateRating",
            "ratingValue": data.average_score,
            "reviewCount": data.number,
            "bestRating": 5,
            "worstRating": 1,
        })
    })
}

/// The reviews section of the detail page (`#reviews`), its pages as links.
#[component]
pub fn ProductReviews(prod_id: i64, data: ProdCommData, page: Page<ProdComm>) -> impl IntoView {
    let ctx = page_ctx();
    let average = format!("{:.1}", data.average_score);
    let positive = format!("{:.0}", data.positive_rating);
    let current = page.current.max(1);
    let pages = page.pages;
    view! {
        <section class="detail-reviews" id="reviews" data-testid="detail-reviews" aria-labelledby="reviews-title">
            <h2 id="reviews-title">{ctx.t_args("reviews-title", &[("count", &data.number.to_string())])}</h2>
            {if data.number == 0 {
                view! { <p class="detail-reviews__empty" data-testid="detail-reviews-empty">{ctx.t("reviews-empty-product")}</p> }.into_any()
            } else {
                view! {
                    <div class="detail-reviews__summary" data-testid="detail-reviews-summary">
                        <strong class="detail-reviews__average" data-testid="detail-reviews-average">{average.clone()}</strong>
                        {score_view(&ctx, data.average_score.round() as i32)}
                        <span>{count_text(&ctx, data.number)}</span>
                        <span>{ctx.t_args("reviews-positive", &[("rate", &positive)])}</span>
                    </div>
                    <ul class="detail-reviews__list">
                        {page.records.into_iter().map(|c| view! {
                            <li class="review" data-testid="detail-review">
                                <div class="review__head">
                                    <strong class="review__nick">{c.nick_name.clone()}</strong>
                                    {score_view(&ctx, c.score)}
                                    <time>{format_time(c.rec_time)}</time>
                                </div>
                                {(!c.sku_name.is_empty()).then(|| view! { <small class="review__sku">{c.sku_name.clone()}</small> })}
                                {(!c.content.is_empty()).then(|| view! { <p class="review__text" data-testid="review-text">{c.content.clone()}</p> })}
                                {pictures_view(&ctx, &c.pics)}
                            </li>
                        }).collect_view()}
                    </ul>
                    {(pages > 1).then(|| view! {
                        <Pager current=current pages=pages href=move |p| format!("/detail?prodId={prod_id}&commPage={p}#reviews") />
                    })}
                }.into_any()
            }}
        </section>
    }
}

/// "1 review", "3 reviews".
fn count_text(ctx: &PageCtx, count: i64) -> String {
    if count == 1 {
        ctx.t("reviews-count-one")
    } else {
        ctx.t_args("reviews-count", &[("count", &count.to_string())])
    }
}

/// The link of `/write-comments` for an order.
pub fn write_href(order_number: &str) -> String {
    format!("/write-comments?orderNumber={}", encode(order_number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_links() {
        assert_eq!(page_param("commPage=3", "commPage"), 3);
        assert_eq!(page_param("commPage=-3", "commPage"), 1);
        assert_eq!(page_param("", "current"), 1);
        assert_eq!(write_href("2026 1"), "/write-comments?orderNumber=2026%201");
    }

    #[test]
    fn the_rating_is_named_only_with_reviews() {
        assert!(aggregate_rating(&ProdCommData::default()).is_none());
        let data = ProdCommData { number: 3, average_score: 4.3, ..Default::default() };
        let rating = aggregate_rating(&data).unwrap();
        assert_eq!(rating["ratingValue"], 4.3);
        assert_eq!(rating["reviewCount"], 3);
    }
}
