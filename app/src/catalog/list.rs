//! `/list`: products by name (`pn`), by category (`cpid`, `cid`, `thCid`), new arrivals
//! (`st=1`), hot sales (`st=2`) or recommended (`st=0&sort=2`), with sort and paging links that
//! work without JavaScript, and the no-result prompt (spec section 2 "Product list").

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::components::product_card::ProductGrid;
use crate::components::skeleton::ListSkeletonTemplate;
use crate::context::page_ctx;
use crate::frame::visit_tracker::VisitTracker;
use crate::site::not_found::NotFoundPage;
use crate::site::seo::{self, JsonLd};
use crate::url::query_param;
use api::analytics::page_id;
use api::catalog::{Category, CategoryInfo};
use api::search::{sort_code, SearchPage};
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
        let default_sort = Self::default_sort(st);
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

    /// How deep into the category tree the query goes: 0 (no category), 1 (`cpid`), 2
    /// (`cid`) or 3 (`thCid`). A list naming a category deeper than the tree resolves is
    /// not found.
    pub fn category_depth(&self) -> usize {
        match (self.cpid, self.cid, self.th_cid) {
            (_, _, Some(_)) => 3,
            (_, Some(_), None) => 2,
            (Some(_), None, None) => 1,
            _ => 0,
        }
    }

    /// The sort a list of `st` has when none is asked for: new arrivals newest first, hot
    /// sales best-selling first, any other list by relevance.
    fn default_sort(st: Option<i64>) -> i64 {
        match st {
            Some(1) => sort_code::NEW,
            Some(2) => sort_code::HOT,
            _ => sort_code::RELEVANCE,
        }
    }

    /// This list's URL with a different sort / order / page.
    pub fn href(&self, sort: i64, order_by: i64, current: i64) -> String {
        self.build(Some(sort), order_by, current)
    }

    /// The one URL of this list crawlers are given (the page's canonical and its sitemap
    /// entry): its sort only when it is not the list's default, its order and page only
    /// when not the first, so `/list?st=2` and `/list?st=2&sort=2` are one page.
    pub fn canonical(&self) -> String {
        let sort = (self.sort != Self::default_sort(self.st)).then_some(self.sort);
        self.build(sort, self.order_by, self.current)
    }

    /// The canonical of the list at `path_and_query` (`/list?...`).
    pub fn canonical_of(path_and_query: &str) -> String {
        let query = path_and_query.split_once('?').map_or("", |(_, q)| q);
        Self::parse(query).canonical()
    }

    fn build(&self, sort: Option<i64>, order_by: i64, current: i64) -> String {
        let mut parts = Vec::new();
        if let Some(pn) = &self.pn {
            parts.push(format!("pn={}", crate::url::encode(pn)));
        }
        for (name, value) in [("cpid", self.cpid), ("cid", self.cid), ("thCid", self.th_cid), ("st", self.st)] {
            if let Some(v) = value {
                parts.push(format!("{name}={v}"));
            }
        }
        if let Some(sort) = sort {
            parts.push(format!("sort={sort}"));
        }
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
    // The search form sent without scripts, for shops: their list.
    use crate::search::search_box::{search_url, SEARCH_TYPE_FIELD, TYPE_SHOP};
    if query_param(&ctx.prefs.query, SEARCH_TYPE_FIELD).as_deref() == Some(TYPE_SHOP.to_string().as_str()) {
        crate::context::redirect_to(&search_url(TYPE_SHOP, &query_param(&ctx.prefs.query, "pn").unwrap_or_default()));
        return ().into_any();
    }
    let signed_in = ctx.shell.nick_name.is_some();
    let query = ListQuery::parse(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let title = match (&query.pn, query.st) {
        (Some(pn), _) => ctx.t_args("list-title-search", &[("keyword", pn)]),
        (None, Some(1)) => ctx.t("home-new-arrivals"),
        (None, Some(2)) => ctx.t("home-hot-sales"),
        (None, Some(0)) if query.sort == sort_code::HOT => ctx.t("list-title-recommended"),
        _ => ctx.t("list-title"),
    };
    let canonical = query.canonical();
    view! {
        <VisitTracker page_id=page_id::LIST signed_in=signed_in />
        <div class="container list-page" data-testid="list-page">
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    let page = client.get::<SearchPage>(api::paths::SEARCH_PAGE, &query.api_params()).await;
                    let tree = client.get::<CategoryInfo>(api::paths::CATEGORY_INFO, &[("parentId", "0".to_string())]).await;
                    let tree = tree.map(|t| t.category_info).unwrap_or_default();
                    let trail = CategoryTrail::resolve(&tree, &query);
                    if !tree.is_empty() && trail.crumbs.len() < query.category_depth() {
                        // A category that does not exist (or not under its parents) is no list.
                        return view! { <NotFoundPage /> }.into_any();
                    }
                    // A category list is titled by its deepest category (unless searching).
                    let heading = match (&query.pn, trail.crumbs.last()) {
                        (None, Some((name, _))) => name.clone(),
                        _ => title.clone(),
                    };
                    let mut crumbs = vec![(ctx.t("home-title"), format!("{}/", ctx.origin))];
                    crumbs.extend(trail.crumbs.iter().map(|(name, href)| (name.clone(), format!("{}{href}", ctx.origin))));
                    if trail.crumbs.is_empty() {
                        crumbs.push((heading.clone(), format!("{}{canonical}", ctx.origin)));
                    }
                    view! {
                        <PageMeta title=heading.clone() description=ctx.t("home-description") canonical=canonical />
                        <JsonLd data=seo::breadcrumbs(&crumbs) />
                        <h1 class="list-page__title">{heading}</h1>
                        <ListSkeletonTemplate region=RESULTS_REGION />
                        <div id=RESULTS_REGION data-testid="list-results">
                            <Breadcrumb trail=trail.clone() last=title />
                            <CategoryChips trail=trail />
                            <ListResults query=query page=page.unwrap_or_default() />
                        </div>
                    }
                    .into_any()
                })}
            </Suspense>
        </div>
    }
    .into_any()
}

/// The id of the list's results region, which shows skeletons while the next page loads.
pub const RESULTS_REGION: &str = "list-results";

/// The categories a list is narrowed to, resolved to names, and the choices one level down.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CategoryTrail {
    /// (name, `/list` URL) of the selected top, second and third level, in order.
    pub crumbs: Vec<(String, String)>,
    /// (name, URL, selected) of the categories one can narrow to from here.
    pub choices: Vec<(String, String, bool)>,
}

impl CategoryTrail {
    /// Resolves `cpid`, `cid` and `thCid` of the query against the category tree.
    pub fn resolve(tree: &[Category], query: &ListQuery) -> Self {
        let top = query.cpid.and_then(|id| tree.iter().find(|c| c.category_id == id));
        let child = top.and_then(|t| query.cid.and_then(|id| t.categories.iter().find(|c| c.category_id == id)));
        let leaf = child.and_then(|c| query.th_cid.and_then(|id| c.categories.iter().find(|l| l.category_id == id)));
        let mut crumbs = Vec::new();
        if let Some(t) = top {
            crumbs.push((t.category_name.clone(), format!("/list?cpid={}&st=0", t.category_id)));
        }
        if let (Some(t), Some(c)) = (top, child) {
            crumbs.push((c.category_name.clone(), format!("/list?cpid={}&cid={}&st=0", t.category_id, c.category_id)));
        }
        if let (Some(t), Some(c), Some(l)) = (top, child, leaf) {
            crumbs.push((
                l.category_name.clone(),
                format!("/list?cpid={}&cid={}&thCid={}&st=0", t.category_id, c.category_id, l.category_id),
            ));
        }
        let choices = match (top, child) {
            (Some(t), Some(c)) => c
                .categories
                .iter()
                .map(|l| {
                    let href =
                        format!("/list?cpid={}&cid={}&thCid={}&st=0", t.category_id, c.category_id, l.category_id);
                    (l.category_name.clone(), href, leaf.is_some_and(|x| x.category_id == l.category_id))
                })
                .collect(),
            (Some(t), None) => t
                .categories
                .iter()
                .map(|c| {
                    (c.category_name.clone(), format!("/list?cpid={}&cid={}&st=0", t.category_id, c.category_id), false)
                })
                .collect(),
            _ => tree
                .iter()
                .map(|t| (t.category_name.clone(), format!("/list?cpid={}&st=0", t.category_id), false))
                .collect(),
        };
        Self { crumbs, choices }
    }
}

/// Home › categories › the list's own title (the last crumb is the current page).
#[component]
fn Breadcrumb(trail: CategoryTrail, last: String) -> impl IntoView {
    let ctx = page_ctx();
    let mut crumbs = vec![(ctx.t("home-title"), "/".to_string())];
    crumbs.extend(trail.crumbs);
    // A category list's title is its deepest category; other lists end with their title.
    if crumbs.len() == 1 {
        crumbs.push((last, String::new()));
    }
    let count = crumbs.len();
    view! {
        <nav class="breadcrumb" aria-label=ctx.t("breadcrumb") data-testid="breadcrumb">
            <ol>
                {crumbs.into_iter().enumerate().map(|(i, (name, href))| {
                    if i + 1 == count {
                        view! { <li aria-current="page">{name}</li> }.into_any()
                    } else {
                        let skeleton = href.starts_with("/list").then_some(RESULTS_REGION);
                        view! { <li><a href=href data-skeleton=skeleton>{name}</a></li> }.into_any()
                    }
                }).collect_view()}
            </ol>
        </nav>
    }
}

/// The categories to narrow the list to (all top categories when none is chosen).
#[component]
fn CategoryChips(trail: CategoryTrail) -> impl IntoView {
    let ctx = page_ctx();
    (!trail.choices.is_empty()).then(|| {
        view! {
            <nav class="category-chips" aria-label=ctx.t("list-categories") data-testid="category-chips">
                {trail.choices.into_iter().map(|(name, href, selected)| view! {
                    <a class="category-chips__item" class:is-active=selected aria-current=selected.then_some("page")
                        href=href data-skeleton=RESULTS_REGION>{name}</a>
                }).collect_view()}
            </nav>
        }
    })
}

#[component]
fn ListResults(query: ListQuery, page: SearchPage) -> impl IntoView {
    let ctx = page_ctx();
    let products = page.records.into_iter().next().map(|r| r.products).unwrap_or_default();
    let sorts = [
        (sort_code::RELEVANCE, 0, "list-sort-default"),
        (sort_code::HOT, 0, "list-sort-sales"),
        (sort_code::NEW, 0, "list-sort-new"),
        (sort_code::PRICE, 0, "list-sort-price-up"),
        (sort_code::PRICE, 1, "list-sort-price-down"),
    ];
    let pages = page.pages.max(1);
    let pager_query = query.clone();
    view! {
        <nav class="sort-bar" aria-label=ctx.t("list-sort") data-testid="sort-bar">
            {sorts.into_iter().map(|(sort, order_by, key)| {
                let active = query.sort == sort && (sort != sort_code::PRICE || query.order_by == order_by);
                view! {
                    <a href=query.href(sort, order_by, 1) class="sort-bar__item" class:is-active=active data-skeleton=RESULTS_REGION
                        aria-current=active.then_some("true")>{ctx.t(key)}</a>
                }
            }).collect_view()}
            <span class="sort-bar__total">{ctx.t_args("list-total", &[("count", &page.total.to_string())])}</span>
        </nav>
        {if products.is_empty() {
            view! {
                <EmptyState kind=EmptyKind::Search title=ctx.t("list-empty")
                    action=(ctx.t("list-look-at-others"), "/list?st=0".to_string()) test_id="list-empty" />
            }.into_any()
        } else {
            view! {
                // The cards' h3 names sit under a heading of their own (no level skipped).
                <h2 class="visually-hidden">{ctx.t_args("list-total", &[("count", &page.total.to_string())])}</h2>
                <ProductGrid products=products per_row=5 />
                <Pager current=query.current pages=pages href={move |page| pager_query.href(pager_query.sort, pager_query.order_by, page)} skeleton=RESULTS_REGION />
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

    #[test]
    fn a_list_has_one_canonical_whatever_default_it_spells_out() {
        // The hot-sales list of the sitemap and footer is the page its sort links lead to.
        assert_eq!(ListQuery::canonical_of("/list?st=2"), "/list?st=2");
        assert_eq!(ListQuery::canonical_of("/list?st=2&sort=2"), "/list?st=2");
        assert_eq!(ListQuery::canonical_of("/list?st=1&sort=21"), "/list?st=1");
        // The recommended list sorts by sales, not its default relevance: the sort stays.
        assert_eq!(ListQuery::canonical_of("/list?st=0&sort=2"), "/list?st=0&sort=2");
        assert_eq!(ListQuery::canonical_of("/list?cpid=1&st=0&sort=0"), "/list?cpid=1&st=0");
        assert_eq!(ListQuery::canonical_of("/list?cpid=1&cid=2&st=0"), "/list?cpid=1&cid=2&st=0");
        // Another order or page is another page.
        assert_eq!(ListQuery::canonical_of("/list?st=2&sort=2&orderBy=1&current=3"), "/list?st=2&orderBy=1&current=3");
        assert_eq!(ListQuery::canonical_of("/list?st=2&sort=1"), "/list?st=2&sort=1");
    }

    fn cat(id: i64, name: &str, children: Vec<Category>) -> Category {
        Category { category_id: id, category_name: name.into(), categories: children, ..Default::default() }
    }

    #[test]
    fn category_trails_name_the_levels_and_offer_the_next() {
        let tree = vec![
            cat(1, "Phones", vec![cat(11, "Smart", vec![cat(111, "Android", vec![]), cat(112, "iOS", vec![])])]),
            cat(2, "Tea", vec![]),
        ];
        let none = CategoryTrail::resolve(&tree, &ListQuery::parse("st=2"));
        assert!(none.crumbs.is_empty());
        assert_eq!(none.choices.len(), 2);
        let top = CategoryTrail::resolve(&tree, &ListQuery::parse("cpid=1&st=0"));
        assert_eq!(top.crumbs, vec![("Phones".to_string(), "/list?cpid=1&st=0".to_string())]);
        assert_eq!(top.choices, vec![("Smart".to_string(), "/list?cpid=1&cid=11&st=0".to_string(), false)]);
        let leaf = CategoryTrail::resolve(&tree, &ListQuery::parse("cpid=1&cid=11&thCid=112&st=0"));
        assert_eq!(leaf.crumbs.len(), 3);
        assert_eq!(leaf.crumbs[2].0, "iOS");
        assert_eq!(leaf.choices.iter().filter(|c| c.2).count(), 1);
        // Unknown ids name nothing.
        assert!(CategoryTrail::resolve(&tree, &ListQuery::parse("cpid=9&st=0")).crumbs.is_empty());
    }
}
