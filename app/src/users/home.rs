//! `/user-center/uc-home` (page id 12): the buyer's overview: picture, nickname and member
//! level with the growth towards the next one; the orders in each state, each a link to its
//! tab of My Orders; balance, points and usable coupons. Also the profile block every
//! user-centre page shows in its side navigation ([`SideProfile`]).

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::components::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::frame::visit_tracker::VisitTracker;
use crate::orders::my_orders;
use api::account::UserInfo;
use api::analytics::page_id;
use api::catalog::{MyCoupon, Page, ProductCard};
use api::favourites::{CollectionProduct, Footprint};
use api::members::{progress_percent, UserAssets, UserLevel};
use api::orders::{order_status, OrderCount};
use leptos::prelude::*;

/// The order states the overview counts, in the order of the tabs of My Orders.
const COUNTED: [i32; 7] = [
    order_status::UNPAID,
    order_status::PAID,
    order_status::SHIPPED,
    order_status::RECEIVED,
    order_status::GROUPING,
    order_status::COMPLETED,
    order_status::CANCELED,
];

/// Products a preview strip shows.
const STRIP_SIZE: i64 = 6;

pub use crate::money::grouped;

/// The buyer's nickname, or the spec's 'No Nickname'.
fn display_name(ctx: &PageCtx, info: &UserInfo) -> String {
    let nick = info.nick_name.trim();
    if nick.is_empty() {
        ctx.t("header-no-nickname")
    } else {
        nick.to_string()
    }
}

/// The buyer's picture, or the placeholder picture without one; `size` in pixels.
#[component]
pub fn Avatar(pic: Option<String>, size: u32) -> impl IntoView {
    let src = pic.filter(|p| !p.trim().is_empty()).unwrap_or_else(|| "/static/placeholder.svg".to_string());
    view! { <img class="uc-avatar" src=src alt="" width=size height=size onerror=IMG_FALLBACK /> }
}

/// The side navigation's profile block: picture, nickname and member level.
#[component]
pub fn SideProfile() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let info = client.get::<UserInfo>(api::paths::USER_INFO, &[]).await.ok();
                let level = client.get::<UserLevel>(api::paths::USER_LEVEL, &[]).await.ok();
                info.map(|info| view! {
                    <div class="uc-side-profile" data-testid="uc-side-profile">
                        <Avatar pic=info.pic.clone() size=56 />
                        <p class="uc-side-profile__name" data-testid="uc-side-nickname">{display_name(&ctx, &info)}</p>
                        {level.map(|level| view! {
                            <p class="uc-level-badge" data-testid="uc-side-level" data-level=level.level
                                title=ctx.t("uc-level-label")>
                                <span class="visually-hidden">{ctx.t("uc-level-label")}": "</span>
                                {level.level_name}
                            </p>
                        })}
                    </div>
                })
            })}
        </Suspense>
    }
}

#[component]
pub fn UserHomePage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("header-personal-centre") description=String::new() canonical="/user-center/uc-home".to_string() />
        <VisitTracker page_id=page_id::USER_CENTER signed_in=true />
        <h1 class="user-center__title">{ctx.t("header-personal-centre")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let info = client.get::<UserInfo>(api::paths::USER_INFO, &[]).await.ok();
                let level = client.get::<UserLevel>(api::paths::USER_LEVEL, &[]).await.ok();
                let counts = client.get::<OrderCount>(api::paths::MY_ORDER_COUNT, &[]).await.ok();
                let assets = client.get::<UserAssets>(api::paths::USER_ASSETS, &[]).await.ok();
                let unused = [("status", "0".to_string()), ("current", "1".to_string()), ("size", "1".to_string())];
                let coupons = client.get::<Page<MyCoupon>>(api::paths::MY_COUPON_PAGE, &unused).await.ok().map(|p| p.total);
                let strip = [("current", "1".to_string()), ("size", STRIP_SIZE.to_string())];
                let footprints = client.get::<Page<Footprint>>(api::paths::RECENT_BROWSE_PAGE, &strip).await.ok();
                let favourites = client.get::<Page<CollectionProduct>>(api::paths::USER_COLLECTION_PAGE, &strip).await.ok();
                let footprints = footprints.map(|p| p.records.into_iter().map(|f| f.card).collect());
                let favourites = favourites.map(|p| p.records.into_iter().map(|f| f.card).collect());
                view! {
                    {info.map(|info| summary(&ctx, &info, level))}
                    {order_counts(&ctx, counts)}
                    {holdings(&ctx, assets, coupons)}
                    {preview_strip(&ctx, Strip::Footprints, footprints)}
                    {preview_strip(&ctx, Strip::Favourites, favourites)}
                }
            })}
        </Suspense>
    }
}

/// Picture, greeting, e-mail, and the member level with the way to the next one.
fn summary(ctx: &PageCtx, info: &UserInfo, level: Option<UserLevel>) -> impl IntoView {
    let name = display_name(ctx, info);
    view! {
        <section class="uc-summary" data-testid="uc-profile">
            <Avatar pic=info.pic.clone() size=72 />
            <div class="uc-summary__who">
                <p class="uc-summary__name" data-testid="uc-nickname">{ctx.t_args("uc-home-greeting", &[("name", &name)])}</p>
                {info.user_mail.clone().map(|mail| view! { <p class="uc-summary__mail">{mail}</p> })}
            </div>
            {level.map(|level| level_progress(ctx, &level, "uc", Some("uc-level")))}
        </section>
    }
}

/// The level reached, the growth, and how much more the next level needs: the same block on
/// the overview and in the member centre (`members::center`). Its test ids start with
/// `test_prefix` (`uc`, `member`); `block_test_id` names the block itself where the page has
/// no other name for it.
pub fn level_progress(
    ctx: &PageCtx,
    level: &UserLevel,
    test_prefix: &'static str,
    block_test_id: Option<&'static str>,
) -> impl IntoView {
    let next = level.next_level.clone();
    let percent = progress_percent(level.growth, level.level_growth, next.as_ref().map(|n| n.need_growth));
    let way = match &next {
        Some(next) => ctx.t_args(
            "uc-growth-to-next",
            &[("need", &grouped(next.need_growth - level.growth)), ("level", &next.level_name)],
        ),
        None => ctx.t("uc-growth-top"),
    };
    let label = ctx.t("uc-level-progress");
    view! {
        <div class="uc-level" data-testid=block_test_id data-level=level.level>
            <p class="uc-level__head">
                <span class="uc-level-badge" data-testid=format!("{test_prefix}-level-name")>{level.level_name.clone()}</span>
                <span class="uc-level__growth" data-testid=format!("{test_prefix}-growth")>
                    {ctx.t_args("uc-growth", &[("growth", &grouped(level.growth))])}
                </span>
            </p>
            <div class="uc-level__bar" role="progressbar" aria-label=label aria-valuemin="0" aria-valuemax="100"
                aria-valuenow=percent.to_string()>
                <span style=format!("width:{percent}%")></span>
            </div>
            <p class="uc-level__next" data-testid=format!("{test_prefix}-level-next")>{way}</p>
            <p class="uc-level__how">{ctx.t_args("uc-growth-how", &[("amount", &ctx.money(api::money::Price(api::members::CENTS_PER_GROWTH)))])}</p>
        </div>
    }
}

/// The orders in each state, each a link to its tab of My Orders.
fn order_counts(ctx: &PageCtx, counts: Option<OrderCount>) -> impl IntoView {
    view! {
        <section class="uc-section" data-testid="uc-home-orders">
            <header class="uc-section__head">
                <h2 class="uc-section__title">{ctx.t("uc-home-orders")}</h2>
                <a href=my_orders::PATH data-testid="uc-home-all-orders">{ctx.t("uc-home-all-orders")}</a>
            </header>
            {match counts {
                Some(counts) => view! {
                    <ul class="uc-tiles uc-tiles--orders">
                        {COUNTED.iter().map(|status| {
                            let n = my_orders::count_of(&counts, *status).unwrap_or_default();
                            view! {
                                <li>
                                    <a class="uc-tile" class:has-some={n > 0} href=my_orders::href(*status, "", 1)
                                        data-testid=format!("uc-home-count-{status}")>
                                        <strong class="uc-tile__value">{n}</strong>
                                        <span class="uc-tile__label">{ctx.t(crate::orders::rules::status_key(*status))}</span>
                                    </a>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }
                .into_any(),
                None => unavailable(ctx).into_any(),
            }}
        </section>
    }
}

/// Balance, points and the coupons that can be used.
fn holdings(ctx: &PageCtx, assets: Option<UserAssets>, coupons: Option<i64>) -> impl IntoView {
    // What the buyer holds: an empty wallet shows zero, not the smallest price.
    let balance = assets.as_ref().map(|a| ctx.currency.format_held(a.balance));
    let points = assets.as_ref().map(|a| grouped(a.points));
    let dash = || "–".to_string();
    view! {
        <section class="uc-section" data-testid="uc-home-assets">
            <header class="uc-section__head">
                <h2 class="uc-section__title">{ctx.t("uc-home-assets")}</h2>
            </header>
            <ul class="uc-tiles uc-tiles--assets">
                <li>
                    <a class="uc-tile" href="/user-center/uc-balance">
                        <strong class="uc-tile__value" data-testid="uc-home-balance">{balance.unwrap_or_else(dash)}</strong>
                        <span class="uc-tile__label">{ctx.t("uc-home-balance")}</span>
                    </a>
                </li>
                <li>
                    <a class="uc-tile" href="/user-center/uc-integral">
                        <strong class="uc-tile__value" data-testid="uc-home-points">{points.unwrap_or_else(dash)}</strong>
                        <span class="uc-tile__label">{ctx.t("uc-home-points")}</span>
                    </a>
                </li>
                <li>
                    <a class="uc-tile" href="/user-center/uc-coupons">
                        <strong class="uc-tile__value" data-testid="uc-home-coupons">
                            {coupons.map(grouped).unwrap_or_else(dash)}
                        </strong>
                        <span class="uc-tile__label">{ctx.t("uc-home-coupons")}</span>
                    </a>
                </li>
            </ul>
            {(assets.is_none() || coupons.is_none()).then(|| unavailable(ctx))}
        </section>
    }
}

/// The overview's two preview strips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strip {
    Footprints,
    Favourites,
}

impl Strip {
    /// The user-centre page of the whole list, the title, the empty state's text and a test id.
    fn parts(self) -> (&'static str, &'static str, &'static str, &'static str) {
        match self {
            Strip::Footprints => {
                ("uc-footprint", "uc-home-footprints", "uc-home-footprints-empty", "uc-home-footprints")
            }
            Strip::Favourites => {
                ("uc-collection", "uc-home-favourites", "uc-home-favourites-empty", "uc-home-favourites")
            }
        }
    }
}

/// A strip of the newest products of a list (footprints or favourites), with a link to the
/// whole list once its page exists, and its empty state.
fn preview_strip(ctx: &PageCtx, strip: Strip, products: Option<Vec<ProductCard>>) -> impl IntoView {
    let (segment, title, empty, test_id) = strip.parts();
    let page = crate::users::SECTIONS.iter().any(|s| s.segment == segment).then(|| format!("/user-center/{segment}"));
    view! {
        <section class="uc-section" data-testid=test_id>
            <header class="uc-section__head">
                <h2 class="uc-section__title">{ctx.t(title)}</h2>
                {page.clone().map(|href| view! { <a href=href data-testid="uc-home-strip-more">{ctx.t("uc-home-view-all")}</a> })}
            </header>
            {match products {
                Some(products) if !products.is_empty() => view! {
                    <ul class="uc-strip">
                        {products.into_iter().map(|p| view! {
                            <li class="uc-strip__item" data-testid="uc-home-strip-item">
                                <a href=format!("/detail?prodId={}", p.prod_id)>
                                    <img src=p.pic.clone() alt="" width="120" height="120" loading="lazy" onerror=IMG_FALLBACK />
                                    <span class="uc-strip__name">{p.prod_name.clone()}</span>
                                    <strong class="uc-strip__price">{ctx.money(p.price)}</strong>
                                </a>
                            </li>
                        }).collect_view()}
                    </ul>
                }
                .into_any(),
                Some(_) => view! {
                    <p class="uc-strip__empty" data-testid="uc-home-strip-empty">
                        {ctx.t(empty)}" "<a href="/">{ctx.t("cart-go-shopping")}</a>
                    </p>
                }
                .into_any(),
                None => unavailable(ctx).into_any(),
            }}
        </section>
    }
}

/// A part of the overview that could not be loaded.
fn unavailable(ctx: &PageCtx) -> impl IntoView {
    view! { <p class="uc-section__error" role="alert">{ctx.t("uc-home-unavailable")}</p> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(2_360), "2,360");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(-12_000), "-12,000");
    }

    #[test]
    fn the_overview_counts_every_state_once() {
        let mut states = COUNTED.to_vec();
        states.sort();
        assert_eq!(states, (1..=7).collect::<Vec<_>>());
    }
}
