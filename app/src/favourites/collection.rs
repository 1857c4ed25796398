//! `/user-center/uc-collection?tab=products|shops&current=`: the buyer's favourite products
//! (`/p/user/collection/page`) and followed shops (`/p/shop/collection/page`) in two tabs that
//! are plain links, a page at a time, newest first. Each entry links to its detail or shop
//! page, off-shelf products and offline shops are marked, and each can be removed (the
//! [`FavouriteList`] island); an empty tab links to browsing.

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::pager::Pager;
use crate::context::{page_ctx, PageCtx};
use crate::favourites::collection_list::FavouriteList;
use crate::favourites::collection_list::{FavouriteEntry, FavouriteKind, FavouriteLabels};
use crate::favourites::EmptyView;
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::notices::pages::format_time;
use crate::url::query_param;
use crate::users::{tab_bar, Tab};
use api::catalog::Page;
use api::favourites::{CollectionProduct, CollectionShop};
use leptos::prelude::*;

/// Favourites per page.
const PAGE_SIZE: i64 = 10;

/// The tabs: the `tab` query value, the kind and the Fluent label.
const TABS: [(&str, FavouriteKind, &str); 2] = [
    ("products", FavouriteKind::Products, "uc-collection-products"),
    ("shops", FavouriteKind::Shops, "uc-collection-shops"),
];

/// The tab and page asked for; anything else is the first page of products.
fn requested(query: &str) -> (FavouriteKind, i64) {
    let tab = query_param(query, "tab")
        .and_then(|t| TABS.iter().find(|(name, _, _)| *name == t.trim()).map(|(_, kind, _)| *kind))
        .unwrap_or(FavouriteKind::Products);
    let page =
        query_param(query, "current").and_then(|p| p.trim().parse::<i64>().ok()).filter(|p| *p >= 1).unwrap_or(1);
    (tab, page)
}

/// The address of a tab's page.
fn tab_href(kind: FavouriteKind, page: i64) -> String {
    let name = TABS.iter().find(|(_, k, _)| *k == kind).map_or("products", |(name, _, _)| name);
    if page > 1 {
        format!("/user-center/uc-collection?tab={name}&current={page}")
    } else {
        format!("/user-center/uc-collection?tab={name}")
    }
}

#[component]
pub fn CollectionPage() -> impl IntoView {
    let ctx = page_ctx();
    let (kind, current) = requested(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let query = vec![("current", current.to_string()), ("size", PAGE_SIZE.to_string())];
    let tabs = TABS
        .iter()
        .map(|(name, tab, label)| Tab {
            href: tab_href(*tab, 1),
            label: ctx.t(label),
            test_id: format!("uc-collection-tab-{name}"),
            current: *tab == kind,
        })
        .collect();
    view! {
        <PageMeta title=ctx.t("uc-nav-collection") description=String::new() canonical="/user-center/uc-collection".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-collection")}</h1>
        {tab_bar(ctx.t("uc-nav-collection"), tabs)}
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let loaded = match kind {
                    FavouriteKind::Products => client
                        .get::<Page<CollectionProduct>>(api::paths::USER_COLLECTION_PAGE, &query)
                        .await
                        .map(|page| (page.records.into_iter().map(|p| product_entry(&ctx, p)).collect::<Vec<_>>(), page.pages)),
                    FavouriteKind::Shops => client
                        .get::<Page<CollectionShop>>(api::paths::SHOP_COLLECTION_PAGE, &query)
                        .await
                        .map(|page| (page.records.into_iter().map(|s| shop_entry(&ctx, s)).collect::<Vec<_>>(), page.pages)),
                };
                match loaded {
                    Ok((entries, pages)) if !entries.is_empty() => view! {
                        <RecordsIsland part={RecordsPart::FavouriteList(FavouriteList { kind, entries, labels: labels(&ctx), after_empty: (pages > 1).then(|| tab_href(kind, (current - 1).max(1))), empty: empty_view(&ctx, kind) })} />
                        {(pages > 1).then(|| view! { <Pager current=current pages=pages href=move |p| tab_href(kind, p) /> })}
                    }.into_any(),
                    // Past the last page (after removals elsewhere): the last page.
                    Ok((_, pages)) if pages >= 1 && current > pages => view! {
                        <p class="uc-collection__moved">
                            <a class="button" href=tab_href(kind, pages) data-testid="uc-collection-last-page">{ctx.t("uc-collection-last-page")}</a>
                        </p>
                    }.into_any(),
                    _ => empty(&ctx, kind).into_any(),
                }
            })}
        </Suspense>
    }
}

/// The empty state of a tab, with a link to browse: its title, action, link and test id.
fn empty_parts(kind: FavouriteKind) -> (&'static str, &'static str, &'static str, &'static str) {
    match kind {
        FavouriteKind::Products => (
            "uc-collection-empty-products",
            "uc-collection-browse-products",
            "/list?st=2",
            "uc-collection-empty-products",
        ),
        FavouriteKind::Shops => (
            "uc-collection-empty-shops",
            "uc-collection-browse-shops",
            "/shop-list?type=1",
            "uc-collection-empty-shops",
        ),
    }
}

/// The empty state of a tab.
fn empty(ctx: &PageCtx, kind: FavouriteKind) -> impl IntoView {
    let (title, action, href, test_id) = empty_parts(kind);
    view! { <EmptyState kind=EmptyKind::Collection title=ctx.t(title) action=(ctx.t(action), href.to_string()) test_id=test_id /> }
}

/// The same empty state, for the list once its last entry is removed.
fn empty_view(ctx: &PageCtx, kind: FavouriteKind) -> EmptyView {
    let (title, action, href, test_id) = empty_parts(kind);
    EmptyView {
        image: EmptyKind::Collection.image().to_string(),
        title: ctx.t(title),
        action: ctx.t(action),
        href: href.to_string(),
        test_id: test_id.to_string(),
    }
}

fn labels(ctx: &PageCtx) -> FavouriteLabels {
    FavouriteLabels {
        list: ctx.t("uc-nav-collection"),
        remove: ctx.t("uc-collection-remove"),
        remove_item: ctx.t_args("uc-collection-remove-item", &[("name", "{name}")]),
        removed: ctx.t("detail-uncollected"),
        remove_failed: ctx.t("uc-collection-remove-failed"),
    }
}

/// "Collected on YYYY-MM-DD".
fn collected_on(ctx: &PageCtx, ms: i64) -> String {
    let time = format_time(ms);
    ctx.t_args("uc-collection-collected-on", &[("date", &time[..10.min(time.len())])])
}

fn product_entry(ctx: &PageCtx, p: CollectionProduct) -> FavouriteEntry {
    let card = p.card;
    let price = card.activity_price.filter(|_| card.activity_in_progress).unwrap_or(card.price);
    FavouriteEntry {
        id: card.prod_id,
        href: Some(format!("/detail?prodId={}", card.prod_id)),
        new_tab: true,
        price: Some(ctx.money(price)),
        ori_price: (card.ori_price.0 > price.0).then(|| ctx.money(card.ori_price)),
        meta: card.shop_name,
        unavailable: (!p.on_sale).then(|| ctx.t("uc-collection-off-sale")),
        time: collected_on(ctx, p.create_time),
        name: card.prod_name,
        pic: card.pic,
    }
}

fn shop_entry(ctx: &PageCtx, s: CollectionShop) -> FavouriteEntry {
    let shop = s.shop;
    let online = shop.shop_status == 1;
    let rating = ctx.t_args("detail-rating", &[("rating", &format!("{:.1}", shop.rating))]);
    let fans = ctx.t_args("shop-followers", &[("count", &shop.fans_count.to_string())]);
    FavouriteEntry {
        id: shop.shop_id,
        href: online.then(|| format!("/shop-index?sid={}", shop.shop_id)),
        new_tab: false,
        price: None,
        ori_price: None,
        meta: format!("{rating} · {fans}"),
        unavailable: (!online).then(|| ctx.t("shop-offline")),
        time: collected_on(ctx, s.create_time),
        name: shop.shop_name,
        pic: shop.shop_logo,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tab_and_page_come_from_the_query() {
        assert_eq!(requested(""), (FavouriteKind::Products, 1));
        assert_eq!(requested("tab=shops&current=3"), (FavouriteKind::Shops, 3));
        assert_eq!(requested("tab=nothing&current=-1"), (FavouriteKind::Products, 1));
        assert_eq!(requested("tab=products&current=x"), (FavouriteKind::Products, 1));
        assert_eq!(tab_href(FavouriteKind::Shops, 1), "/user-center/uc-collection?tab=shops");
        assert_eq!(tab_href(FavouriteKind::Products, 2), "/user-center/uc-collection?tab=products&current=2");
    }
}
