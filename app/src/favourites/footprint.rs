//! `/user-center/uc-footprint?current=`: the buyer's browsing history
//! (`/p/user/recentBrowse/page`), newest first, grouped by day with the day in the page's
//! language ("Today", "Yesterday", then the date), a page at a time; one, a day or all can be
//! deleted after a confirm (the [`FootprintList`] island). Empty: a link to go shopping.

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::context::{page_ctx, PageCtx};
use crate::favourites::footprint_list::FootprintList;
use crate::favourites::footprint_list::{group_by_day, FootprintDay, FootprintEntry, FootprintLabels};
use crate::favourites::EmptyView;
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::notices::pages::format_time;
use crate::url::query_param;
use api::catalog::Page;
use api::favourites::{day_number, parse_day, Footprint, MAX_FOOTPRINTS};
use leptos::prelude::*;

/// Footprints per page.
const PAGE_SIZE: i64 = 20;

fn requested_page(query: &str) -> i64 {
    query_param(query, "current").and_then(|p| p.trim().parse::<i64>().ok()).filter(|p| *p >= 1).unwrap_or(1)
}

fn page_href(page: i64) -> String {
    if page > 1 {
        format!("/user-center/uc-footprint?current={page}")
    } else {
        "/user-center/uc-footprint".to_string()
    }
}

#[component]
pub fn FootprintPage() -> impl IntoView {
    let ctx = page_ctx();
    let current = requested_page(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let query = vec![("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
    view! {
        <PageMeta title=ctx.t("uc-nav-footprint") description=String::new() canonical="/user-center/uc-footprint".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-footprint")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                match client.get::<Page<Footprint>>(api::paths::RECENT_BROWSE_PAGE, &query).await {
                    Ok(page) if !page.records.is_empty() => {
                        let (pages, total) = (page.pages, page.total);
                        let today = day_number(crate::context::now_ms());
                        let days: Vec<FootprintDay> = group_by_day(page.records, |f| f.day.clone())
                            .into_iter()
                            .map(|(day, list)| FootprintDay {
                                heading: day_heading(&ctx, &day, today),
                                entries: list.into_iter().map(|f| entry(&ctx, f)).collect(),
                                day,
                            })
                            .collect();
                        view! {
                            <RecordsIsland part={RecordsPart::FootprintList(FootprintList { days, total, labels: labels(&ctx), after_empty: (pages > 1).then(|| page_href((current - 1).max(1))), first_page: page_href(1), empty: empty_view(&ctx) })} />
                            {(pages > 1).then(|| view! { <Pager current=current pages=pages href=page_href /> })}
                        }.into_any()
                    }
                    Ok(page) if page.pages >= 1 && current > page.pages => view! {
                        <p><a class="button" href=page_href(page.pages) data-testid="uc-footprint-last-page">{ctx.t("uc-collection-last-page")}</a></p>
                    }.into_any(),
                    _ => {
                        let empty = empty_view(&ctx);
                        view! { <EmptyState kind=EMPTY_KIND title=empty.title action=(empty.action, empty.href) test_id="uc-footprint-empty" /> }.into_any()
                    }
                }
            })}
        </Suspense>
    }
}

/// The illustration of an empty history.
const EMPTY_KIND: EmptyKind = EmptyKind::Search;

/// The empty state: nothing viewed yet, with a link to go shopping.
fn empty_view(ctx: &PageCtx) -> EmptyView {
    EmptyView {
        image: EMPTY_KIND.image().to_string(),
        title: ctx.t("uc-footprint-empty"),
        action: ctx.t("uc-footprint-browse"),
        href: "/list?st=2".to_string(),
        test_id: "uc-footprint-empty".to_string(),
    }
}

/// The heading of a day (`YYYY-MM-DD`): Today, Yesterday, else the date in the page's language.
fn day_heading(ctx: &PageCtx, day: &str, today: i64) -> String {
    let Some(number) = parse_day(day) else { return day.to_string() };
    match today - number {
        0 => ctx.t("uc-footprint-today"),
        1 => ctx.t("uc-footprint-yesterday"),
        _ => {
            let (year, month, date) =
                (&day[0..4], day[5..7].trim_start_matches('0'), day[8..10].trim_start_matches('0'));
            let month_name = ctx.t(&format!("uc-footprint-month-{month}"));
            ctx.t_args("uc-footprint-date", &[("year", year), ("month", &month_name), ("m", month), ("day", date)])
        }
    }
}

fn entry(ctx: &PageCtx, f: Footprint) -> FootprintEntry {
    let card = f.card;
    let price = card.activity_price.filter(|_| card.activity_in_progress).unwrap_or(card.price);
    let time = format_time(f.browse_time);
    FootprintEntry {
        id: f.id,
        href: format!("/detail?prodId={}", card.prod_id),
        price: ctx.money(price),
        ori_price: (card.ori_price.0 > price.0).then(|| ctx.money(card.ori_price)),
        shop: card.shop_name,
        unavailable: (!f.on_sale).then(|| ctx.t("uc-collection-off-sale")),
        time: ctx.t_args("uc-footprint-viewed-at", &[("time", time.get(11..16).unwrap_or_default())]),
        name: card.prod_name,
        pic: card.pic,
    }
}

fn labels(ctx: &PageCtx) -> FootprintLabels {
    FootprintLabels {
        note: ctx.t_args("uc-footprint-note", &[("count", "{count}"), ("max", &MAX_FOOTPRINTS.to_string())]),
        delete: ctx.t("uc-footprint-delete"),
        delete_item: ctx.t_args("uc-footprint-delete-item", &[("name", "{name}")]),
        delete_day: ctx.t("uc-footprint-delete-day"),
        delete_day_of: ctx.t_args("uc-footprint-delete-day-of", &[("day", "{day}")]),
        clear: ctx.t("uc-footprint-clear"),
        confirm_one: ctx.t("uc-footprint-confirm-one"),
        confirm_day: ctx.t_args("uc-footprint-confirm-day", &[("day", "{day}")]),
        confirm_all: ctx.t("uc-footprint-confirm-all"),
        deleted: ctx.t("uc-footprint-deleted"),
        delete_failed: ctx.t("uc-footprint-delete-failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_come_from_the_query() {
        assert_eq!(requested_page(""), 1);
        assert_eq!(requested_page("current=4"), 4);
        assert_eq!(requested_page("current=0"), 1);
        assert_eq!(page_href(1), "/user-center/uc-footprint");
        assert_eq!(page_href(3), "/user-center/uc-footprint?current=3");
    }
}
