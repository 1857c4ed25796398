//! The home page (`/` and `/index`): the default home of spec section 2 — category menu,
//! banner carousel, hot sales, new arrivals, group buy, discounts with countdowns, coupons,
//! flash sale and hot shops — each section loaded through the API (section 7 sizes).

use crate::api_client::ApiClient;
use crate::components::banner_carousel::{BannerCarousel, Slide};
use crate::components::empty_state::NoData;
use crate::components::link::link_target;
use crate::components::page_meta::{PageMeta, ShareCard as ShareMeta};
use crate::components::product_card::{ProductGrid, ShopCardView, IMG_FALLBACK};
use crate::context::{page_ctx, PageCtx};
use crate::frame::visit_tracker::VisitTracker;
use crate::renovation::{load_decoration, DecoratedPage};
use crate::site::seo::JsonLd;
use api::analytics::page_id;
use api::catalog::{
    link_type, Banner, Category, CategoryInfo, CouponCard, DiscountCard, Page, ProductCard, RenovationPage, ShopCard,
};
use api::search::sort_code::{HOT, NEW};
use api::search::SearchPage;
use leptos::prelude::*;

/// Where a banner leads (the link rule of [`link_target`], custom URLs in a new tab) and
/// whether in a new tab; products are marked as entered from a banner (spec section 1).
pub fn banner_link(banner: &Banner, signed_in: bool) -> (Option<String>, bool) {
    let relation = serde_json::Value::String(banner.relation.clone().unwrap_or_default());
    match link_target(banner.kind, &relation, true, signed_in) {
        Some((href, new_tab)) if banner.kind == link_type::PRODUCT => (Some(format!("{href}&bannerEnter=1")), new_tab),
        Some((href, new_tab)) => (Some(href), new_tab),
        None => (None, false),
    }
}

async fn products(client: &ApiClient, query: &[(&str, &str)]) -> Vec<ProductCard> {
    let query: Vec<(&str, String)> = query.iter().map(|(k, v)| (*k, v.to_string())).collect();
    client
        .get::<SearchPage>(api::paths::SEARCH_PAGE, &query)
        .await
        .map(|page| page.records.into_iter().next().map(|r| r.products).unwrap_or_default())
        .unwrap_or_default()
}

/// Everything the default home shows; each part is empty when its call fails.
struct HomeData {
    banners: Vec<Banner>,
    categories: Vec<Category>,
    hot: Vec<ProductCard>,
    new_arrivals: Vec<ProductCard>,
    flash: Vec<ProductCard>,
    group: Vec<ProductCard>,
    discounts: Vec<DiscountCard>,
    coupons: Vec<CouponCard>,
    shops: Vec<ShopCard>,
}

async fn load(client: ApiClient) -> HomeData {
    let page2 = [("current", "1".to_string()), ("size", "2".to_string())];
    HomeData {
        banners: client.get(&api::paths::index_imgs(0), &[("imgType", "1".into())]).await.unwrap_or_default(),
        categories: client
            .get::<CategoryInfo>(api::paths::CATEGORY_INFO, &[("parentId", "0".into())])
            .await
            .map(|c| c.category_info)
            .unwrap_or_default(),
        hot: products(&client, &[("current", "1"), ("size", "12"), ("sort", &HOT.to_string()), ("orderBy", "1")]).await,
        new_arrivals: products(&client, &[("current", "1"), ("size", "4"), ("sort", &NEW.to_string())]).await,
        flash: products(&client, &[("current", "1"), ("size", "4"), ("prodType", "1")]).await,
        group: products(&client, &[("current", "1"), ("size", "4"), ("prodType", "2")]).await,
        discounts: client
            .get::<Page<DiscountCard>>(api::paths::DISCOUNT_LIST, &page2)
            .await
            .map(|p| p.records)
            .unwrap_or_default(),
        coupons: client
            .get::<Page<CouponCard>>(api::paths::COUPON_PAGE, &page2)
            .await
            .map(|p| p.records)
            .unwrap_or_default(),
        shops: client.get(api::paths::HOT_SHOPS, &[]).await.unwrap_or_default(),
    }
}

#[component]
pub fn HomePage() -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let client = ApiClient::from_context(ctx.lang());
    let title = ctx.web(|w| &w.pc_title_content, &ctx.t("site-name"));
    let logo = ctx.web(|w| &w.pc_logo_img, "/static/logo.svg");
    view! {
        <PageMeta title=ctx.t("home-title") description=ctx.t("home-description") canonical="/".to_string()
            share=ShareMeta { image: logo.clone(), price: None } />
        <JsonLd data=site_json_ld(&ctx, &title, &logo) />
        <VisitTracker page_id=page_id::HOME signed_in=signed_in />
        <h1 class="visually-hidden">{title}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                // The decorated home when decoration data exists, else the default home.
                let decorated = client
                    .get::<Option<RenovationPage>>(api::paths::SHOP_RENOVATION_HOMEPAGE, &[("renovationType", "1".into())])
                    .await
                    .ok()
                    .flatten();
                if let Some(page) = decorated {
                    if let Some(decoration) = load_decoration(&client, &page.content).await {
                        return view! { <DecoratedPage decoration=decoration /> }.into_any();
                    }
                }
                let data = load(client).await;
                view! { <DefaultHome data=data /> }.into_any()
            })}
        </Suspense>
    }
}

#[component]
fn DefaultHome(data: HomeData) -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let slides: Vec<Slide> = data
        .banners
        .iter()
        .map(|b| {
            let (href, new_tab) = banner_link(b, signed_in);
            Slide { img: b.img_url.clone(), title: b.title.clone(), href, new_tab }
        })
        .collect();
    let now = crate::context::now_ms();
    view! {
        <div class="container home-top">
            <CategoryMenu categories=data.categories />
            <BannerCarousel slides=slides height=450 arrows=true />
        </div>
        {section(&ctx, "home-hot-sales", "/list?st=2", "home-hot", data.hot, 4)}
        {section(&ctx, "home-new-arrivals", "/list?st=1", "home-new", data.new_arrivals, 4)}
        {section(&ctx, "home-flash-sale", "/flash-sale", "home-flash", data.flash, 4)}
        {section(&ctx, "home-group-buy", "/group-buy", "home-group", data.group, 4)}
        <div class="container home-pair">
            <section class="home-section" data-testid="home-discounts">
                <SectionTitle title=ctx.t("home-discount") more=("/special-discount".to_string(), ctx.t("home-see-more")) />
                {if data.discounts.is_empty() { empty().into_any() } else {
                    view! { <div class="deal-list">
                        {data.discounts.into_iter().map(|d| crate::deals::activity::discount_card(&ctx, d, now)).collect_view()}
                    </div> }.into_any()
                }}
            </section>
            <section class="home-section" data-testid="home-coupons">
                <SectionTitle title=ctx.t("home-coupons") more=("/coupons".to_string(), ctx.t("home-see-more")) />
                {if data.coupons.is_empty() { empty().into_any() } else {
                    view! { <div class="deal-list">
                        {data.coupons.into_iter().map(|c| crate::deals::activity::coupon_card(&ctx, c)).collect_view()}
                    </div> }.into_any()
                }}
            </section>
        </div>
        <section class="container home-section" data-testid="home-shops">
            <SectionTitle title=ctx.t("home-hot-shops") more=("/shop-list?type=1".to_string(), ctx.t("home-see-more")) />
            <div class="shop-grid">
                {data.shops.into_iter().map(|shop| view! { <ShopCardView shop=shop /> }).collect_view()}
            </div>
        </section>
    }
}

fn empty() -> impl IntoView {
    view! { <NoData /> }
}

fn section(
    ctx: &PageCtx,
    title_key: &str,
    more: &str,
    testid: &str,
    products: Vec<ProductCard>,
    per_row: u8,
) -> impl IntoView {
    view! {
        <section class="container home-section" data-testid=testid.to_string()>
            <SectionTitle title=ctx.t(title_key) more=(more.to_string(), ctx.t("home-see-more")) />
            {if products.is_empty() { empty().into_any() } else { view! { <ProductGrid products=products per_row=per_row /> }.into_any() }}
        </section>
    }
}

#[component]
fn SectionTitle(title: String, more: (String, String)) -> impl IntoView {
    view! {
        <div class="section-title">
            <h2>{title}</h2>
            <a href=more.0 class="section-title__more">{more.1}" ›"</a>
        </div>
    }
}

/// The home's category menu: top categories with icon, title and the first four
/// subcategory names; hovering (or focusing) one shows its subcategory groups.
#[component]
fn CategoryMenu(categories: Vec<Category>) -> impl IntoView {
    let ctx = page_ctx();
    view! {
        <nav class="category-menu" aria-label=ctx.t("category-menu") data-testid="category-menu">
            <ul class="category-menu__list">
                {categories.into_iter().map(|top| {
                    let top_id = top.category_id;
                    let name = top.category_name.clone();
                    let name_attr = name.clone();
                    view! {
                        <li class="category-menu__item" data-category-id=top_id data-category-name=name_attr>
                            {top.icon.clone().map(|icon| view! { <img src=icon alt="" width="20" height="20" onerror=IMG_FALLBACK /> })}
                            <a class="category-menu__name" href=format!("/list?cpid={top_id}&st=0")>{name}</a>
                            <span class="category-menu__subs">
                                {top.categories.iter().take(4).map(|c| view! {
                                    <a href=format!("/list?cpid={top_id}&cid={}&st=0", c.category_id) title=c.category_name.clone()>
                                        {c.category_name.clone()}
                                    </a>
                                }).collect_view()}
                            </span>
                        </li>
                    }
                }).collect_view()}
            </ul>
            // The groups panel: a widget loaded on the first hover or focus of the menu.
            <mall-widget name={api::bridge::widget::CATEGORY_MENU} data-load="hover" data-testid="category-menu-host"></mall-widget>
        </nav>
    }
}

/// The mall as a schema.org `Organization`, and the site as a `WebSite` whose search box
/// crawlers may offer (`/list?pn=`), in the page's language.
fn site_json_ld(ctx: &PageCtx, name: &str, logo: &str) -> serde_json::Value {
    let origin = &ctx.origin;
    let logo = if logo.starts_with("http") { logo.to_string() } else { format!("{origin}{logo}") };
    let search = crate::site::seo::with_lang("/list?pn={search_term_string}", Some(ctx.lang()));
    serde_json::json!({
        "@context": "https://schema.org",
        "@graph": [
            { "@type": "Organization", "@id": format!("{origin}/#organization"), "name": name, "url": format!("{origin}/"), "logo": logo },
            {
                "@type": "WebSite",
                "@id": format!("{origin}/#website"),
                "name": name,
                "url": format!("{origin}/"),
                "inLanguage": ctx.lang().tag(),
                "publisher": { "@id": format!("{origin}/#organization") },
                "potentialAction": {
                    "@type": "SearchAction",
                    "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}{search}") },
                    "query-input": "required name=search_term_string",
                },
            },
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn banner(kind: i32, relation: &str) -> Banner {
        Banner { kind, relation: Some(relation.into()), ..Default::default() }
    }

    #[test]
    fn banner_links_follow_the_link_types() {
        assert_eq!(banner_link(&banner(1, "12"), false), (Some("/detail?prodId=12&bannerEnter=1".into()), true));
        assert_eq!(banner_link(&banner(3, "4"), false), (Some("/shop-index?sid=4".into()), false));
        assert_eq!(banner_link(&banner(4, "/coupons"), false), (Some("/coupons".into()), false));
        assert_eq!(banner_link(&banner(4, "//evil.example"), false), (None, false));
        assert_eq!(banner_link(&banner(6, "javascript:alert(1)"), false), (None, false));
        assert_eq!(banner_link(&banner(4, "/cart"), false), (Some("/login?redirect=%2Fcart".into()), false));
        assert_eq!(banner_link(&banner(6, "https://x.example"), true), (Some("https://x.example".into()), true));
        assert_eq!(banner_link(&banner(1, "x"), false), (None, false));
    }
}
