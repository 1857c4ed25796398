//! `/detail?prodId=`: gallery, price in the chosen currency, SKUs, stock, sold, the shop card,
//! quantity, Add to Cart and Buy Now, flash-sale countdown and group size. A missing product
//! answers 404 (spec sections 2, 4, 8).

use crate::api_client::ApiClient;
use crate::catalog::buy_box::BuyBox;
use crate::catalog::buy_box::{ActivityLabels, BuyActivity, BuyBoxLabels, SkuOption};
use crate::catalog::collect_product::CollectProduct;
use crate::catalog::collect_product::{CollectLabels, RecordFootprint};
use crate::catalog::copy_link::{copy_link, CopyLink};
use crate::catalog::detail_prod_id;
use crate::catalog::gallery::{gallery, Gallery};
use crate::components::countdown::Countdown;
use crate::components::page_meta::{PageMeta, ShareCard as ShareMeta};
use crate::components::product_card::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::frame::quick_menu::QuickMenu;
use crate::frame::visit_tracker::VisitTracker;
use crate::lazy_islands::{BrowseAction, BrowsePart};
use crate::site::not_found::NotFoundPage;
use crate::site::seo::{self, JsonLd};
use crate::url::query_param;
use api::analytics::{biz_type, page_id};
use api::catalog::{Page, ProductDetail, ShareCardInfo};
use api::reviews::{ProdComm, ProdCommData};
use leptos::prelude::*;

/// The page id and biz type of a detail visit (spec section 4).
pub fn visit_kind(path: &str, query: &str) -> (i32, i32) {
    if query_param(query, "seckillId").is_some() || path == "/secdetail" {
        (page_id::FLASH_SALE_DETAIL, biz_type::FLASH)
    } else if query_param(query, "groupActivityId").is_some() {
        (page_id::GROUP_DETAIL, biz_type::GROUP)
    } else if query_param(query, "bannerEnter").as_deref() == Some("1") {
        (page_id::DETAIL_FROM_BANNER, biz_type::NORMAL)
    } else {
        (page_id::DETAIL, biz_type::NORMAL)
    }
}

#[component]
pub fn DetailPage() -> impl IntoView {
    let ctx = page_ctx();
    let prod_id = detail_prod_id(&ctx.prefs.path, &ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let product = client.record::<ProductDetail>(api::paths::PROD_INFO, "prodId", prod_id).await;
                let collected = match (&product, page_ctx().shell.nick_name.is_some()) {
                    (Some(product), true) => client
                        .get::<bool>(api::paths::USER_COLLECTION_IS_COLLECTION, &[("prodId", product.card.prod_id.to_string())])
                        .await
                        .unwrap_or(false),
                    _ => false,
                };
                let reviews = match &product {
                    Some(product) => {
                        let current = crate::reviews::pages::page_param(&page_ctx().prefs.query, "commPage");
                        crate::reviews::pages::product_reviews(&client, product.card.prod_id, current).await
                    }
                    None => Default::default(),
                };
                // The quick menu after the page: it follows the product's shop.
                match product {
                    Some(product) => view! { <Detail product=product collected=collected reviews=reviews /> <QuickMenu in_page=true /> }.into_any(),
                    None => view! { <NotFoundPage /> <QuickMenu in_page=true /> }.into_any(),
                }
            })}
        </Suspense>
    }
}

/// The SKUs at the shop's prices (what the cart and buying alone charge; a running activity's
/// price is shown apart, see [`buy_activity`]).
fn sku_options(ctx: &PageCtx, product: &ProductDetail) -> Vec<SkuOption> {
    let options: Vec<SkuOption> = product
        .sku_list
        .iter()
        .map(|sku| {
            let price = sku.price;
            SkuOption {
                sku_id: sku.sku_id,
                label: api::catalog::sku_properties(&sku.properties)
                    .map(|(_, value)| value)
                    .collect::<Vec<_>>()
                    .join(" · "),
                price: ctx.money(price),
                ori_price: (sku.ori_price.0 > price.0).then(|| ctx.money(sku.ori_price)),
                stocks: sku.stocks,
            }
        })
        .collect();
    if options.is_empty() {
        vec![SkuOption {
            sku_id: 0,
            label: ctx.t("detail-default-spec"),
            price: ctx.money(product.card.price),
            ori_price: None,
            stocks: product.card.total_stocks,
        }]
    } else {
        options
    }
}

/// The flash sale or group buy running now, which the buy box sells in.
fn buy_activity(ctx: &PageCtx, product: &ProductDetail, now: i64) -> Option<BuyActivity> {
    let running = |start: i64, end: i64| start <= now && now < end;
    match (&product.seckill, &product.group_activity) {
        (Some(s), _) if running(s.start_time, s.end_time) => Some(BuyActivity::FlashSale {
            seckill_id: s.seckill_id,
            price: ctx.money(s.seckill_price),
            stock: s.seckill_stocks,
            limit: s.max_num,
        }),
        (None, Some(g)) if running(g.start_time, g.end_time) => Some(BuyActivity::GroupBuy {
            group_activity_id: g.group_activity_id,
            price: ctx.money(g.group_price),
            group_number: g.group_number,
        }),
        _ => None,
    }
}

fn activity_labels(ctx: &PageCtx) -> ActivityLabels {
    ActivityLabels {
        limit: ctx.t_args("detail-flash-limit", &[("count", "{count}")]),
        buy_alone: ctx.t("detail-buy-alone"),
        start_group: ctx.t("detail-start-group"),
        groups_title: ctx.t("detail-groups-title"),
        groups_empty: ctx.t("detail-groups-empty"),
        group_row: ctx.t_args("detail-group-row", &[("name", "{name}"), ("count", "{count}")]),
        join: ctx.t("detail-join-group"),
    }
}

#[component]
fn Detail(
    product: ProductDetail,
    collected: bool,
    /// The review counts and the page of reviews shown.
    reviews: (ProdCommData, Page<ProdComm>),
) -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let card = product.card.clone();
    let (page, biz) = visit_kind(&ctx.prefs.path, &ctx.prefs.query);
    let mut images: Vec<String> = std::iter::once(card.pic.clone())
        .chain(card.imgs.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from))
        .filter(|s| !s.is_empty())
        .collect();
    images.dedup();
    let on_shelf = card.status == 1 && product.shop.shop_status == 1;
    let labels = BuyBoxLabels {
        spec: ctx.t("detail-spec"),
        quantity: ctx.t("detail-quantity"),
        stock: ctx.t_args("detail-stock", &[("count", "{count}")]),
        add_to_cart: ctx.t("detail-add-to-cart"),
        buy_now: ctx.t("detail-buy-now"),
        added: ctx.t("cart-added"),
        add_failed: ctx.t("cart-add-failed"),
        sold_out: ctx.t("detail-sold-out"),
        off_shelf: ctx.t("detail-off-shelf"),
        decrease: ctx.t("detail-decrease"),
        increase: ctx.t("detail-increase"),
    };
    let now = crate::context::now_ms();
    let activity = match (&product.seckill, &product.group_activity) {
        (Some(seckill), _) => {
            let (label, end) = if seckill.start_time > now {
                (ctx.t("countdown-starts-in"), seckill.start_time)
            } else {
                (ctx.t("countdown-ends-in"), seckill.end_time)
            };
            Some(
                view! {
                    <div class="activity-bar activity-bar--flash" data-testid="flash-sale-bar">
                        <strong>{ctx.t("home-flash-sale")}</strong>
                        <Countdown end_ms=end server_now_ms=now label=label />
                    </div>
                }
                .into_any(),
            )
        }
        (None, Some(group)) => Some(
            view! {
                <div class="activity-bar activity-bar--group" data-testid="group-buy-bar">
                    <strong>{ctx.t("home-group-buy")}</strong>
                    <span>{ctx.t_args("detail-group-size", &[("count", &group.group_number.to_string())])}</span>
                    <span>{ctx.money(group.group_price)}</span>
                </div>
            }
            .into_any(),
        ),
        _ => None,
    };
    let shop = product.shop.clone();
    crate::frame::quick_menu::set_page_shop(shop.shop_id);
    // The product's own words: its brief, then its description.
    let brief = ctx.money_text(&card.brief);
    let description = seo::description(&format!("{brief} {} {}", product.content, card.prod_name));
    let rating = format!("{:.1}", shop.rating);
    let canonical = format!("/detail?prodId={}", card.prod_id);
    let share = {
        let price = card.activity_price.filter(|_| card.activity_in_progress).unwrap_or(card.price);
        ShareMeta { image: card.pic.clone(), price: Some((ctx.currency.plain(price), ctx.currency.code.clone())) }
    };
    view! {
        <PageMeta title=card.prod_name.clone() description=description.clone() canonical=canonical.clone() share=share />
        <JsonLd data=product_json_ld(&ctx, &product, &images, &description, &canonical, on_shelf, &reviews.0) />
        <JsonLd data=seo::breadcrumbs(&[
            (ctx.t("home-title"), format!("{}/", ctx.origin)),
            (shop.shop_name.clone(), format!("{}/shop-index?sid={}", ctx.origin, shop.shop_id)),
            (card.prod_name.clone(), format!("{}{}", ctx.origin, seo::with_lang(&canonical, Some(ctx.lang())))),
        ]) />
        <VisitTracker page_id=page biz_type=biz biz_data=card.prod_id.to_string() signed_in=signed_in />
        {signed_in.then(|| view! { <RecordFootprint prod_id=card.prod_id /> })}
        <div class="container detail-page" data-testid="detail-page">
            <div class="detail-top">
                {gallery(Gallery { images, alt: card.prod_name.clone(), thumbs_label: ctx.t("detail-pictures"), thumb_label: ctx.t_args("detail-picture", &[("number", "{number}"), ("count", "{count}")]) })}
                <div class="detail-info">
                    <h1 class="detail-info__name" data-testid="detail-name">{card.prod_name.clone()}</h1>
                    {(!brief.is_empty()).then(|| view! { <p class="detail-info__brief" data-testid="detail-brief">{brief.clone()}</p> })}
                    {activity}
                    <p class="detail-info__sold">{ctx.t_args("card-sold", &[("count", &card.sold_num.to_string())])}</p>
                    <BrowseAction part={BrowsePart::BuyBox(BuyBox { prod_id: card.prod_id, back: ctx.prefs.url(), shop_id: card.shop_id, shop_name: shop.shop_name.clone(), skus: sku_options(&ctx, &product), on_shelf, signed_in, labels, activity: buy_activity(&ctx, &product, now), activity_labels: activity_labels(&ctx) })} />
                    <div class="detail-info__actions">
                        <BrowseAction part={BrowsePart::CollectProduct(CollectProduct { prod_id: card.prod_id, back: ctx.prefs.url(), collected, signed_in, can_collect: on_shelf, labels: collect_labels(&ctx) })} />
                    </div>
                    <crate::comparison::CompareLink prod_id=card.prod_id class="button button--outline detail-info__compare" />
                    <ShareCard card=share_card(&ctx, &product) />
                </div>
                <aside class="detail-shop" data-testid="detail-shop">
                    <img src=shop.shop_logo.clone() alt="" width="64" height="64" onerror=IMG_FALLBACK />
                    <strong>{shop.shop_name.clone()}</strong>
                    <span>{ctx.t_args("detail-rating", &[("rating", &rating)])}</span>
                    <span>{ctx.t_args("shop-followers", &[("count", &shop.fans_count.to_string())])}</span>
                    {if shop.shop_status == 1 {
                        view! { <a class="button" href=format!("/shop-index?sid={}", shop.shop_id)>{ctx.t("detail-visit-shop")}</a> }.into_any()
                    } else {
                        view! { <span class="tag tag--offline">{ctx.t("shop-offline")}</span> }.into_any()
                    }}
                </aside>
            </div>
            <section class="detail-content">
                <h2>{ctx.t("detail-description")}</h2>
                <div class="rich-text" inner_html=product.content.clone()></div>
            </section>
            <crate::reviews::pages::ProductReviews prod_id=card.prod_id data=reviews.0 page=reviews.1 />
        </div>
    }
}

/// The collect button's texts (spec section 8: prodDetail.collectionSuccess, prodDetail.uncollected).
fn collect_labels(ctx: &PageCtx) -> CollectLabels {
    CollectLabels {
        collect: ctx.t("detail-collect"),
        collected: ctx.t("detail-collected"),
        collected_toast: ctx.t("detail-collection-success"),
        uncollected_toast: ctx.t("detail-uncollected"),
    }
}

/// A schema.org `Product` with its `Offer` as this page shows it: the price in the chosen
/// currency, availability from the stock and the shelf, the shop as the seller.
fn product_json_ld(
    ctx: &PageCtx,
    product: &ProductDetail,
    images: &[String],
    description: &str,
    canonical: &str,
    on_shelf: bool,
    reviews: &ProdCommData,
) -> serde_json::Value {
    let card = &product.card;
    let absolute =
        |path: &str| if path.starts_with("http") { path.to_string() } else { format!("{}{path}", ctx.origin) };
    let price = card.activity_price.filter(|_| card.activity_in_progress).unwrap_or(card.price);
    let availability = match (on_shelf, card.total_stocks > 0) {
        (true, true) => "https://schema.org/InStock",
        (true, false) => "https://schema.org/OutOfStock",
        (false, _) => "https://schema.org/Discontinued",
    };
    let mut ld = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": card.prod_name,
        "description": description,
        "sku": card.prod_id.to_string(),
        "image": images.iter().map(|i| absolute(i)).collect::<Vec<_>>(),
        "offers": {
            "@type": "Offer",
            "url": absolute(&seo::with_lang(canonical, Some(ctx.lang()))),
            "price": ctx.currency.plain(price),
            "priceCurrency": ctx.currency.code,
            "availability": availability,
            "itemCondition": "https://schema.org/NewCondition",
            "seller": { "@type": "Organization", "name": product.shop.shop_name },
        },
    });
    if let Some(rating) = crate::reviews::pages::aggregate_rating(reviews) {
        ld["aggregateRating"] = rating;
    }
    ld
}

/// The share card of a product (spec section 3 "Share card"), prices in the chosen currency.
pub fn share_card(ctx: &PageCtx, product: &ProductDetail) -> ShareCardInfo {
    let card = &product.card;
    let price = card.activity_price.filter(|_| card.activity_in_progress).unwrap_or(card.price);
    let line_price = Some(card.ori_price).filter(|p| p.0 > price.0);
    ShareCardInfo {
        is_msg_card: false,
        title: if card.prod_name.is_empty() { ctx.t("share-default-title") } else { card.prod_name.clone() },
        desc: if card.brief.is_empty() { ctx.t("share-default-desc") } else { ctx.money_text(&card.brief) },
        cover: card.pic.clone(),
        link_url: format!("/detail?prodId={}", card.prod_id),
        price: ctx.money(price),
        line_price: line_price.map(|p| ctx.money(p)),
    }
}

/// A disclosure with the product's share card: cover, title, description, price and line
/// price, its link, a QR code of the link and a copy button. Opens without JavaScript.
#[component]
fn ShareCard(card: ShareCardInfo) -> impl IntoView {
    let ctx = page_ctx();
    let qr = format!("/media/qr.svg?path={}", crate::url::encode(&card.link_url));
    view! {
        <details class="share" data-testid="share">
            <summary class="share__toggle">{ctx.t("share")}</summary>
            <div class="share-card" data-testid="share-card">
                <img class="share-card__cover" src=card.cover alt="" width="96" height="96" loading="lazy" onerror=IMG_FALLBACK />
                <div class="share-card__text">
                    <strong class="share-card__title">{card.title}</strong>
                    <p class="share-card__desc">{card.desc}</p>
                    <p class="share-card__prices">
                        <span class="price">{card.price}</span>
                        {card.line_price.map(|p| view! { <del class="price price--line">{p}</del> })}
                    </p>
                    <a class="share-card__link" href=card.link_url.clone() data-testid="share-link">{card.link_url.clone()}</a>
                </div>
                <img class="share-card__qr" src=qr alt=ctx.t("share-qr") width="100" height="100" loading="lazy" />
                {copy_link(CopyLink { path: card.link_url, label: ctx.t("share-copy"), copied: ctx.t("share-copied"), failed: ctx.t("share-copy-failed") })}
            </div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_are_classified_by_query() {
        assert_eq!(visit_kind("/detail", "prodId=1&seckillId=3"), (page_id::FLASH_SALE_DETAIL, biz_type::FLASH));
        assert_eq!(visit_kind("/secdetail", "prodId=1"), (page_id::FLASH_SALE_DETAIL, biz_type::FLASH));
        assert_eq!(visit_kind("/detail", "prodId=1&groupActivityId=3"), (page_id::GROUP_DETAIL, biz_type::GROUP));
        assert_eq!(visit_kind("/detail", "prodId=1&bannerEnter=1"), (page_id::DETAIL_FROM_BANNER, biz_type::NORMAL));
        assert_eq!(visit_kind("/detail", "prodId=1"), (page_id::DETAIL, biz_type::NORMAL));
    }
}
