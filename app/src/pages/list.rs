//! `/list`: products by name (`pn`), by category (`cpid`, `cid`, `thCid`), new arrivals
//! (`st=1`), hot sales (`st=2`) or recommended (`st=0&sort=2`), with sort and paging links that
//! work without JavaScript, and the no-result prompt (spec section 2 "Product list").

use super::PageMeta;
use crate::api_client::ApiClient;
use crate::components::header::query_param;
use crate::components::product_card::ProductGrid;
use crate::islands::VisitTracker;
use crate::shell::page_ctx;
use api::analytics::page_id;
use api::search::SearchPage;
use leptos::prelude::*;

/// Products per list page.
pub const PAGE_SIZE: i64 = 20;

/// The list's query, parsed and bounded.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ListQuery {
    pub pn: Option<String>,
    pub cpid: Option<i64>,
    pub cid: Option<i64>,
    pub th_cid: Option<i64>,
    pub st: Option<i64>,
    pub sort: i64,
    pub order_by: i64,
    pub current: i64,
}

impl ListQuery {
    pub fn parse(query: &str) -> Self {
        let num = |name: &str| query_param(query, name).and_then(|v| v.trim().parse::<i64>().ok()).filter(|n| *n >= 0);
        let st = num("st");
        let default_sort = match st {
            Some(1) => 21,
            Some(2) => 2,
            _ => 0,
        };
        Self {
            pn: query_param(query, "pn")
                .map(|s| s.trim().chars().take(100).collect::<String>())
                .filter(|s| !s.is_empty()),
            cpid: num("cpid"),
            cid: num("cid"),
            th_cid: num("thCid"),
            st,
            sort: num("sort").unwrap_or(default_sort),
            order_by: num("orderBy").unwrap_or(0).min(1),
            current: num("current").unwrap_or(1).clamp(1, 10_000),
        }
    }

    /// The `/search/page` parameters of this list.
    pub fn api_params(&self) -> Vec<(&'static str, String)> {
        let mut params = vec![
            ("current", self.current.to_string()),
            ("size", PAGE_SIZE.to_string()),
            ("sort", self.sort.to_string()),
            ("orderBy", self.order_by.to_string()),
        ];
        if let Some(pn) = &self.pn {
            params.push(("keyword", pn.clone()));
        }
        if let Some(id) = self.cpid {
            params.push(("primaryCategoryId", id.to_string()));
        }
        if let Some(id) = self.cid {
            params.push(("secondaryCategoryId", id.to_string()));
        }
        if let Some(id) = self.th_cid {
            params.push(("categoryId", id.to_string()));
        }
        params
    }

    /// This list's URL with a different sort / order / page.
    pub fn href(&self, sort: i64, order_by: i64, current: i64) -> String {
        let mut parts = Vec::new();
        if let Some(pn) = &self.pn {
            parts.push(format!("pn={}", crate::api_client::encode(pn)));
        }
        for (name, value) in [("cpid", self.cpid), ("cid", self.cid), ("thCid", self.th_cid), ("st", self.st)] {
            if let Some(v) = value {
                parts.push(format!("{name}={v}"));
            }
        }
        parts.push(format!("sort={sort}"));
        if order_by > 0 {
            parts.push(format!("orderBy={order_by}"));
        }
        if current > 1 {
            parts.push(format!("current={current}"));
        }
        format!("/list?{}", parts.join("&"))
    }
}

#[component]
pub fn ListPage() -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let query = ListQuery::parse(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let title = match (&query.pn, query.st) {
        (Some(pn), _) => ctx.t_args("list-title-search", &[("keyword", pn)]),
        (None, Some(1)) => ctx.t("home-new-arrivals"),
        (None, Some(2)) => ctx.t("home-hot-sales"),
        (None, Some(0)) if query.sort == 2 => ctx.t("list-title-recommended"),
        _ => ctx.t("list-title"),
    };
    let canonical = query.href(query.sort, query.order_by, query.current);
    view! {
        <PageMeta title=title.clone() description=ctx.t("home-description") canonical=canonical />
        <VisitTracker page_id=page_id::LIST signed_in=signed_in />
        <div class="container list-page" data-testid="list-page">
            <h1 class="list-page__title">{title}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let page = client.get::<SearchPage>("/search/page", &query.api_params()).await.unwrap_or_default();
                    view! { <ListResults query=query page=page /> }
                })}
            </Suspense>
        </div>
    }
}

#[component]
fn ListResults(query: ListQuery, page: SearchPage) -> impl IntoView {
    let ctx = page_ctx();
    let products = page.records.into_iter().next().map(|r| r.products).unwrap_or_default();
    let sorts = [
        (0, 0, "list-sort-default"),
        (2, 0, "list-sort-sales"),
        (21, 0, "list-sort-new"),
        (1, 0, "list-sort-price-up"),
        (1, 1, "list-sort-price-down"),
    ];
    let pages = page.pages.max(1);
    view! {
        <nav class="sort-bar" aria-label=ctx.t("list-sort") data-testid="sort-bar">
            {sorts.into_iter().map(|(sort, order_by, key)| {
                let active = query.sort == sort && (sort != 1 || query.order_by == order_by);
                view! {
                    <a href=query.href(sort, order_by, 1) class="sort-bar__item" class:is-active=active
                        aria-current=active.then_some("true")>{ctx.t(key)}</a>
                }
            }).collect_view()}
            <span class="sort-bar__total">{ctx.t_args("list-total", &[("count", &page.total.to_string())])}</span>
        </nav>
        {if products.is_empty() {
            view! {
                <section class="empty-state" data-testid="list-empty">
                    <img class="empty-state__image" src="/static/empty/search.svg" alt="" width="200" height="160" />
                    <p class="empty-state__title">{ctx.t("list-empty")}</p>
                    <a class="button button--primary" href="/list?st=0">{ctx.t("list-look-at-others")}</a>
                </section>
            }.into_any()
        } else {
            view! {
                <ProductGrid products=products per_row=5 />
                <nav class="pager" aria-label=ctx.t("list-pages") data-testid="pager">
                    {(query.current > 1).then(|| view! { <a class="pager__item" rel="prev" href=query.href(query.sort, query.order_by, query.current - 1)>{ctx.t("list-prev")}</a> })}
                    <span class="pager__status">{ctx.t_args("list-page-of", &[("current", &query.current.to_string()), ("pages", &pages.to_string())])}</span>
                    {(query.current < pages).then(|| view! { <a class="pager__item" rel="next" href=query.href(query.sort, query.order_by, query.current + 1)>{ctx.t("list-next")}</a> })}
                </nav>
            }.into_any()
        }}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_queries_map_to_search_parameters() {
        let q = ListQuery::parse("st=2");
        assert_eq!(q.sort, 2);
        let q = ListQuery::parse("st=1");
        assert_eq!(q.sort, 21);
        let q = ListQuery::parse("pn=tea%20cup&current=-3&sort=abc");
        assert_eq!(q.pn.as_deref(), Some("tea cup"));
        assert_eq!(q.current, 1);
        assert_eq!(q.sort, 0);
        assert!(q.api_params().contains(&("keyword", "tea cup".to_string())));
        let q = ListQuery::parse("cpid=1&cid=2&thCid=3&st=0");
        assert_eq!(q.href(1, 1, 2), "/list?cpid=1&cid=2&thCid=3&st=0&sort=1&orderBy=1&current=2");
    }
}
