//! Shop pages (spec section 2 "Shop pages"): `/shop-index` (header + products),
//! `/shop-prod-list` (search within a shop), `/shop-qualifications`, and `/shop-list`
//! (shop search results, or preferred shops with `type=1`).

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::components::product_card::{ProductGrid, ShopCardView, IMG_FALLBACK};
use crate::context::page_ctx;
use crate::frame::cart_count::CartCount;
use crate::lazy_islands::{BrowseAction, BrowsePart};
use crate::renovation::{load_decoration, parse_blocks, DecoratedPage, Decoration, ShopSign};
use crate::shops::collect_shop::CollectShop;
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::browse::{HotSearch, Notice};
use api::catalog::{Category, RenovationPage, ShopCard, ShopHeadInfo};
use api::renovation::Block;
use api::search::{sort_code, SearchPage};
use leptos::prelude::*;

fn shop_id_param(query: &str) -> Option<i64> {
    query_param(query, "sid").and_then(|v| v.trim().parse::<i64>().ok()).filter(|id| *id > 0)
}

/// Which shop page is being shown.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ShopView {
    Index,
    Products,
    Qualifications,
}

/// `/shop-index`, `/shop-prod-list` and `/shop-qualifications`.
#[component]
pub fn ShopPage(view: ShopView) -> impl IntoView {
    let ctx = page_ctx();
    let shop_id = shop_id_param(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let keyword = query_param(&ctx.prefs.query, "pn")
        .map(|s| s.trim().chars().take(100).collect::<String>())
        .filter(|s| !s.is_empty());
    // A category of the shop's own list (`/shop-prod-list?sid&cid`).
    let category = query_param(&ctx.prefs.query, "cid").and_then(|v| v.trim().parse::<i64>().ok()).filter(|id| *id > 0);
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let Some(id) = shop_id else { return view! { <NotFoundPage /> }.into_any() };
                let Ok(head) = client.get::<ShopHeadInfo>(api::paths::SHOP_HEAD_INFO, &[("shopId", id.to_string())]).await else {
                    return view! { <NotFoundPage /> }.into_any();
                };
                if head.shop.shop_status != 1 {
                    return view! { <NotFoundPage /> }.into_any();
                }
                let products = if view == ShopView::Qualifications {
                    Vec::new()
                } else {
                    let mut query = vec![
                        ("current", "1".to_string()), ("size", "20".to_string()), ("shopId", id.to_string()),
                        ("sort", if keyword.is_some() { sort_code::RELEVANCE } else { sort_code::HOT }.to_string()),
                    ];
                    if let Some(k) = &keyword {
                        query.push(("keyword", k.clone()));
                    }
                    if let Some(c) = category.filter(|_| view == ShopView::Products) {
                        query.push(("shopCategoryId", c.to_string()));
                    }
                    client.get::<SearchPage>(api::paths::SEARCH_PAGE, &query).await.ok()
                        .and_then(|p| p.records.into_iter().next()).map(|r| r.products).unwrap_or_default()
                };
                // The shop's decorated home configures its header (shop_signs) on every shop
                // page, and is shown on the shop home.
                let home = client
                    .get::<Option<RenovationPage>>(api::paths::SHOP_RENOVATION_HOMEPAGE, &[
                        ("renovationType", "1".to_string()), ("shopId", id.to_string()),
                    ])
                    .await
                    .ok()
                    .flatten();
                let categories =
                    client.get::<Vec<Category>>(api::paths::SHOP_CATEGORY, &[("shopId", id.to_string())]).await.unwrap_or_default();
                let ctx = page_ctx();
                let blocks = home.as_ref().and_then(|p| parse_blocks(&p.content)).unwrap_or_default();
                let sign = ShopSign::from_blocks(&blocks, ctx.lang(), ctx.shell.nick_name.is_some()).unwrap_or_default();
                // The shop's own hot words under its search (never the mall's: a header speaks
                // for its shop), when its sign shows them.
                let hot_words = if sign.show_hot_word && sign.show_search {
                    let query = [("type", api::browse::hot_search_type::PRODUCT.to_string()), ("shopId", id.to_string())];
                    client.get::<Vec<HotSearch>>(api::paths::HOT_SEARCH, &query).await.unwrap_or_default()
                } else {
                    Vec::new()
                };
                let announcement = if sign.show_announcement {
                    client.get::<Vec<Notice>>(&api::paths::top_notice_list(id), &[]).await.ok()
                        .and_then(|notices| notices.into_iter().next())
                } else {
                    None
                };
                let decoration = match home {
                    Some(page) if view == ShopView::Index && keyword.is_none() => {
                        load_decoration(&client, &page.content).await.map(|mut d| {
                            // The header already shows the shop sign.
                            d.blocks.retain(|b| !matches!(b, Block::ShopSigns(_)));
                            d
                        })
                    }
                    _ => None,
                };
                view! {
                    <ShopBody head=head view=view keyword=keyword products=products decoration=decoration sign=sign
                        announcement=announcement categories=categories category=category hot_words=hot_words />
                }.into_any()
            })}
        </Suspense>
    }
}

#[component]
fn ShopBody(
    head: ShopHeadInfo,
    view: ShopView,
    keyword: Option<String>,
    products: Vec<api::catalog::ProductCard>,
    decoration: Option<Decoration>,
    sign: ShopSign,
    announcement: Option<Notice>,
    categories: Vec<Category>,
    category: Option<i64>,
    hot_words: Vec<HotSearch>,
) -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let shop = head.shop.clone();
    let id = shop.shop_id;
    let type_label = if shop.kind == 1 { ctx.t("shop-type-preferred") } else { ctx.t("shop-type-general") };
    // The chosen category of the shop's own list, by name (a group or one of its leaves).
    let category_name = category.filter(|_| view == ShopView::Products).and_then(|id| {
        categories.iter().find_map(|g| {
            if g.category_id == id {
                Some(g.category_name.clone())
            } else {
                g.categories.iter().find(|l| l.category_id == id).map(|l| l.category_name.clone())
            }
        })
    });
    let title = match (&view, &keyword, &category_name) {
        (ShopView::Qualifications, _, _) => ctx.t("shop-qualifications"),
        (_, Some(k), _) => ctx.t_args("list-title-search", &[("keyword", k)]),
        (_, None, Some(name)) => name.clone(),
        _ => ctx.t("shop-hot-products"),
    };
    let category_href = move |cid: i64| format!("/shop-prod-list?sid={id}&cid={cid}");
    let category_menu = (sign.show_category && !categories.is_empty()).then(|| {
        view! {
            <div class="shop-cats" data-testid="shop-categories">
                <button type="button" class="shop-cats__toggle" aria-haspopup="true">{ctx.t("shop-categories")}" ▾"</button>
                <ul class="shop-cats__panel">
                    {categories.into_iter().map(|group| view! {
                        <li class="shop-cats__group">
                            <a href=category_href(group.category_id)>{group.category_name}</a>
                            <ul class="shop-cats__leaves">
                                {group.categories.into_iter().map(|leaf| view! {
                                    <li><a href=category_href(leaf.category_id)>{leaf.category_name}</a></li>
                                }).collect_view()}
                            </ul>
                        </li>
                    }).collect_view()}
                </ul>
            </div>
        }
    });
    let canonical = match view {
        ShopView::Index => format!("/shop-index?sid={id}"),
        ShopView::Products => match category.filter(|_| category_name.is_some()) {
            Some(c) => format!("/shop-prod-list?sid={id}&cid={c}"),
            None => format!("/shop-prod-list?sid={id}"),
        },
        ShopView::Qualifications => format!("/shop-qualifications?sid={id}"),
    };
    let description = if shop.intro.is_empty() { shop.shop_name.clone() } else { shop.intro.clone() };
    let chat = match &head.mos_chat_support_url {
        Some(url) if url.starts_with("https://") || url.starts_with("http://") => view! {
            <a class="button" href=url.clone() target="_blank" rel="noopener" data-testid="shop-contact">{ctx.t("shop-contact")}</a>
        }
        .into_any(),
        _ => {
            let label = ctx.t("shop-contact");
            view! { <crate::chat::ChatLink shop_id=Some(id) class="button" testid="shop-contact">{label}</crate::chat::ChatLink> }
                .into_any()
        }
    };
    let home_href = format!("/shop-index?sid={id}");
    let all_href = format!("/shop-prod-list?sid={id}");
    // The decoration's own nav items, after the fixed ones (without repeating them).
    let extra_navs: Vec<(String, String, bool)> =
        sign.navs.iter().filter(|(_, href, _)| *href != home_href && *href != all_href).cloned().collect();
    let sign_style =
        sign.bg_url.as_ref().map(|url| format!("background-image:url(\"{}\")", ctx.picture(url).replace('"', "%22")));
    // Spec section 9: 4 hot search words.
    let hot_words: Vec<_> = hot_words.into_iter().take(4).collect();
    let cart_count = ctx.shell.cart_count;
    view! {
        <PageMeta title=shop.shop_name.clone() description=description canonical=canonical />
        <div class="shop-sign" class:shop-sign--compact=sign.style == 1 class:has-picture=sign.bg_url.is_some()
            style=sign_style data-testid="shop-sign" data-style=sign.style>
            <div class="container shop-sign__inner">
                {sign.show_logo.then(|| view! { <img class="shop-sign__logo" src=shop.shop_logo.clone() alt="" width="72" height="72" onerror=IMG_FALLBACK /> })}
                <div class="shop-sign__text">
                    <h1 class="shop-sign__name" data-testid="shop-name">{shop.shop_name.clone()}</h1>
                    <span class="tag tag--self">{type_label}</span>
                    <span class="shop-sign__meta">
                        <span data-shop-fans=id data-count=shop.fans_count data-testid="shop-fans"
                            data-template=ctx.t_args("shop-followers", &[("count", "{count}")])>
                            {ctx.t_args("shop-followers", &[("count", &shop.fans_count.to_string())])}
                        </span>
                        " · "
                        {ctx.t_args("detail-rating", &[("rating", &format!("{:.1}", shop.rating))])}
                    </span>
                </div>
                <div class="shop-sign__actions">
                    {chat}
                    <BrowseAction part={BrowsePart::CollectShop(CollectShop { shop_id: id, back: ctx.prefs.url(), collected: head.collected, signed_in, collect_label: ctx.t("shop-collect"), collected_label: ctx.t("shop-collected"), collected_toast: ctx.t("shop-collect-success"), uncollected_toast: ctx.t("shop-uncollected") })} />
                    <a class="button" href=format!("/shop-qualifications?sid={id}")>{ctx.t("shop-qualifications")}</a>
                    <a class="button shop-sign__cart" href="/cart">
                        {ctx.t("header-cart")} <CartCount count=cart_count cap=99 badge=true testid="shop-cart-count" />
                    </a>
                </div>
            </div>
            <nav class="container shop-nav" aria-label=ctx.t("shop-nav")
                style=sign.navs_bg.as_ref().map(|colour| format!("background:{colour}"))>
                {category_menu}
                {sign.show_navs.then(|| view! {
                    <a href=home_href.clone() aria-current=(view == ShopView::Index).then_some("page")>{ctx.t("shop-home")}</a>
                    <a href=all_href.clone() aria-current=(view == ShopView::Products).then_some("page")>{ctx.t("shop-all-products")}</a>
                    <a href=format!("/notice-list?shopId={id}&shopName={}", crate::url::encode(&shop.shop_name))>{ctx.t("shop-notices")}</a>
                    {extra_navs.into_iter().map(|(name, href, new_tab)| view! {
                        <a href=href target=new_tab.then_some("_blank") rel=new_tab.then_some("noopener") data-testid="shop-nav-item">{name}</a>
                    }).collect_view()}
                })}
                {sign.show_search.then(|| view! {
                    <div class="shop-nav__search-area">
                        <form class="shop-nav__search" action="/shop-prod-list" method="get" role="search">
                            <input type="hidden" name="sid" value=id.to_string() />
                            <input type="search" name="pn" value=keyword.clone().unwrap_or_default() maxlength="100"
                                placeholder=ctx.t("shop-search-placeholder") aria-label=ctx.t("shop-search-placeholder") />
                            <button type="submit" class="button button--primary">{ctx.t("search-button")}</button>
                        </form>
                        {(!hot_words.is_empty()).then(|| view! {
                            <ul class="shop-nav__hot-words" data-testid="shop-hot-words">
                                {hot_words.into_iter().map(|word| view! {
                                    <li><a href=format!("/shop-prod-list?sid={id}&pn={}", crate::url::encode(&word.content))>{word.title}</a></li>
                                }).collect_view()}
                            </ul>
                        })}
                    </div>
                })}
            </nav>
            {announcement.map(|notice| view! {
                <p class="container shop-announcement" data-testid="shop-announcement">
                    <span class="shop-announcement__label">{ctx.t("shop-announcement")}</span>
                    <a href=format!("/notice-detail?id={}", notice.id)>{ctx.money_text(&notice.title)}</a>
                </p>
            })}
        </div>
        {decoration.map(|decoration| view! { <DecoratedPage decoration=decoration /> })}
        <div class="container shop-body">
            <h2 class="list-page__title">{title}</h2>
            {match view {
                ShopView::Qualifications => view! {
                    <dl class="qualifications" data-testid="shop-qualifications">
                        <dt>{ctx.t("shop-name-label")}</dt><dd>{shop.shop_name.clone()}</dd>
                        <dt>{ctx.t("shop-intro-label")}</dt><dd>{shop.intro.clone()}</dd>
                        <dt>{ctx.t("shop-contact-label")}</dt><dd>{head.contact.clone().unwrap_or_default()}</dd>
                    </dl>
                }.into_any(),
                _ if products.is_empty() => view! {
                    <EmptyState kind=EmptyKind::Search title=ctx.t("list-empty") test_id="shop-empty" />
                }.into_any(),
                _ => view! { <ProductGrid products=products per_row=5 /> }.into_any(),
            }}
        </div>
    }
}

/// `/shop-list?shopName=` (shop search) and `/shop-list?type=1` (preferred shops).
#[component]
pub fn ShopListPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    let name = query_param(&ctx.prefs.query, "shopName")
        .map(|s| s.trim().chars().take(100).collect::<String>())
        .filter(|s| !s.is_empty());
    let preferred = query_param(&ctx.prefs.query, "type").as_deref() == Some("1");
    let title = match (&name, preferred) {
        (Some(n), _) => ctx.t_args("list-title-search", &[("keyword", n)]),
        (None, true) => ctx.t("home-hot-shops"),
        _ => ctx.t("shop-list-title"),
    };
    view! {
        <PageMeta title=title.clone() description=ctx.t("home-description")
            canonical=if preferred { "/shop-list?type=1" } else { "/shop-list" }.to_string() />
        <div class="container list-page" data-testid="shop-list-page">
            <h1 class="list-page__title">{title}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let mut query = vec![
                        ("current", "1".to_string()), ("size", "20".to_string()), ("sort", sort_code::SHOP_SEARCH.to_string()),
                        ("isAllProdType", "true".to_string()), ("isActive", "1".to_string()),
                    ];
                    if let Some(n) = &name {
                        query.push(("keyword", n.clone()));
                    }
                    if preferred {
                        query.push(("shopType", "1".to_string()));
                    }
                    let shops: Vec<ShopCard> = client.get::<SearchPage>(api::paths::SEARCH_PAGE, &query).await.ok()
                        .and_then(|p| p.records.into_iter().next()).map(|r| r.shops).unwrap_or_default();
                    view! { <ShopResults shops=shops /> }
                })}
            </Suspense>
        </div>
    }
}

#[component]
fn ShopResults(shops: Vec<ShopCard>) -> impl IntoView {
    let ctx = page_ctx();
    if shops.is_empty() {
        return view! {
            <EmptyState kind=EmptyKind::Search title=ctx.t("shop-list-empty") test_id="shop-list-empty" />
        }
        .into_any();
    }
    view! {
        <div class="shop-grid">
            {shops.into_iter().map(|shop| view! { <ShopCardView shop=shop /> }).collect_view()}
        </div>
    }
    .into_any()
}
