//! The header top bar and the main header (spec section 2 "Header top bar", "Main header").

use crate::components::icon::{Icon, IconName};
use crate::context::{page_ctx, PageCtx};
use crate::frame::auth_link::AuthLink;
use crate::frame::cart_count::CartCount;
use crate::frame::my_shop::{MyShopLabels, MyShopLink};
use crate::i18n::Lang;
use crate::search::search_box::SearchBox;
use crate::search::search_box::SearchLabels;
use leptos::prelude::*;

/// Top bar: notices, welcome, account links, seller centre, mobile mall, collection, cart,
/// language and currency switchers.
#[component]
pub fn TopBar() -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let notices = ctx.shell.notices.clone();
    let welcome = ctx.web(|w| &w.pc_welcome, &ctx.t("header-welcome"));
    let qr = ctx.web(|w| &w.pc_qrcode_img, "/media/qr.svg");
    let cart_count = ctx.shell.cart_count;
    let collection_label = ctx.t("header-my-collection");
    let cart_label = ctx.t("header-cart");
    view! {
        // A named region: the notices, the welcome and the account links sit in a landmark.
        <section class="topbar" data-testid="topbar" aria-label=ctx.t("header-top-bar")>
            <div class="container topbar__inner">
                <div class="topbar__left">
                    <div class="notice-ticker" data-testid="notice-ticker" aria-label=ctx.t("header-notices")>
                        <span class="notice-ticker__icon"><Icon name=IconName::Notice /></span>
                        <div class="notice-ticker__viewport">
                        <ul class="notice-ticker__list">
                            {notices
                                .into_iter()
                                .map(|n| view! {
                                    <li class="notice-ticker__item">
                                        <a href=format!("/notice-detail?id={}&shopId=0", n.id)>{ctx.money_text(&n.title)}</a>
                                    </li>
                                })
                                .collect_view()}
                        </ul>
                        </div>
                    </div>
                    <span class="topbar__welcome" data-testid="welcome">{welcome}</span>
                    {account_links(&ctx)}
                </div>
                <nav class="topbar__right" aria-label=ctx.t("header-top-nav")>
                    <a class="topbar__link" href=ctx.seller_centre_url.clone() target="_blank" rel="noopener" data-testid="seller-centre">
                        {ctx.t("header-seller-centre")}
                    </a>
                    <MyShopLink labels=my_shop_labels(&ctx) signed_in=signed_in />
                    <details class="dropdown topbar__mobile">
                        <summary class="topbar__link">{ctx.t("header-mobile-mall")}</summary>
                        <div class="dropdown__panel dropdown__panel--qr">
                            <img src=qr alt=ctx.t("header-mobile-mall-qr") width="100" height="100" loading="lazy" />
                            <span>{ctx.t("header-mobile-mall-scan")}</span>
                        </div>
                    </details>
                    <AuthLink href="/user-center/uc-collection".to_string() class="topbar__link".to_string()
                        testid="topbar-collection".to_string() protected=true signed_in=signed_in>
                        {collection_label}
                    </AuthLink>
                    <AuthLink href="/cart".to_string() class="topbar__link".to_string()
                        testid="topbar-cart".to_string() protected=true signed_in=signed_in>
                        {cart_label} " (" <CartCount count=cart_count cap=999 testid="topbar-cart-count" /> ")"
                    </AuthLink>
                    {language_switcher(&ctx)}
                    {currency_switcher(&ctx)}
                </nav>
            </div>
        </section>
    }
}

/// The my-shop link's texts (spec section 8 "Shop link tips").
fn my_shop_labels(ctx: &PageCtx) -> MyShopLabels {
    MyShopLabels {
        link: ctx.t("header-my-shop"),
        review: ctx.t("collection-store-review-tips1"),
        rejected: ctx.t("collection-store-review-tips2"),
        offline: ctx.t("user-center-the-store-offline"),
    }
}

/// The account part of the top bar: the buyer's nickname with its menu and the Messages link,
/// or the guest's sign-in and registration links. A signed-in page carries the guest's links
/// too, hidden: when the session ends while the page is open (an `A00004` answer, spec
/// section 6), the widgets' loader hides what is marked `data-signed-in` and shows what is
/// marked `data-signed-out` (`widgets/src/session.ts`).
fn account_links(ctx: &PageCtx) -> AnyView {
    let guest = |hidden: bool| {
        let login_label = ctx.t("header-login");
        view! {
            <span class="topbar__auth" data-signed-out="" hidden=hidden>
                <AuthLink href="/login".to_string() class="topbar__link topbar__login".to_string()
                    testid="login-link".to_string() protected=true signed_in=false>
                    {login_label}
                </AuthLink>
                <a class="topbar__link" href="/register" data-testid="register-link">{ctx.t("header-register")}</a>
            </span>
        }
    };
    match &ctx.shell.nick_name {
        Some(nick) => {
            let nick = if nick.trim().is_empty() { ctx.t("header-no-nickname") } else { nick.clone() };
            // chat: the Messages link's text and unread total
            let (messages_label, chat_unread) = (ctx.t("header-messages"), ctx.shell.chat_unread);
            view! {
                <details class="dropdown topbar__account" data-testid="account-menu" data-signed-in="">
                    <summary class="topbar__link">{nick}</summary>
                    <ul class="dropdown__panel">
                        <li><a href="/user-center/uc-home">{ctx.t("header-personal-centre")}</a></li>
                        <li><a href="/user-center/uc-order">{ctx.t("header-my-orders")}</a></li>
                        <li><a href="/member-center">{ctx.t("header-membership-centre")}</a></li>
                        <li><a href="/user-center/uc-collection">{ctx.t("header-my-collection")}</a></li>
                        <li><a href="/user-center/uc-coupons">{ctx.t("header-coupons")}</a></li>
                        <li><a href="/logout" data-testid="logout">{ctx.t("header-logout")}</a></li>
                    </ul>
                </details>
                // chat: the Messages link with the unread total
                <span class="topbar__messages" data-signed-in="">
                    <crate::chat::ChatLink shop_id=None class="topbar__link topbar__chat" testid="header-chat">
                        {messages_label}" "
                        <crate::chat::unread::ChatUnread count=chat_unread testid="header-chat-unread" />
                    </crate::chat::ChatLink>
                </span>
                {guest(true)}
            }
            .into_any()
        }
        None => guest(false).into_any(),
    }
}

fn language_switcher(ctx: &PageCtx) -> impl IntoView {
    let current = ctx.lang();
    view! {
        <details class="dropdown switcher" data-testid="language-switcher">
            // The accessible name holds the visible text: "Language: English".
            <summary class="topbar__link">
                <span class="visually-hidden">{ctx.t("header-language")}": "</span>
                <Icon name=IconName::Globe />" "{current.native_name()}
            </summary>
            <ul class="dropdown__panel">
                {Lang::ALL
                    .into_iter()
                    .map(|lang| view! {
                        <li>
                            <a href=ctx.prefs.url_with("lang", lang.code()) hreflang=lang.tag() lang=lang.tag()
                                aria-current=(lang == current).then_some("true")
                                data-testid=format!("lang-{}", lang.code())>
                                {lang.native_name()}
                            </a>
                        </li>
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}

fn currency_switcher(ctx: &PageCtx) -> impl IntoView {
    let current = ctx.currency.code.clone();
    view! {
        <details class="dropdown switcher" data-testid="currency-switcher">
            <summary class="topbar__link">
                <span class="visually-hidden">{ctx.t("header-currency")}": "</span>
                {format!("{} {}", ctx.currency.symbol, current)}
            </summary>
            <ul class="dropdown__panel">
                {ctx.offered_currencies()
                    .into_iter()
                    .map(|(code, symbol)| view! {
                        <li>
                            <a href=ctx.prefs.url_with("currency", &code)
                                aria-current=(code == current).then_some("true")
                                data-testid=format!("currency-{code}")>
                                {format!("{symbol} {code}")}
                            </a>
                        </li>
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}

/// The main header: logo, search with hot words and the cart button. `sticky` renders the
/// compact variant that appears past 200 px of scroll.
#[component]
pub fn MainHeader(#[prop(optional)] sticky: bool) -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let logo = ctx.web(|w| &w.pc_logo_img, "/static/logo.svg");
    let logo_text = ctx.web(|w| &w.pc_logo_img_text, &ctx.t("site-name"));
    let on_shop_list = ctx.prefs.path == "/shop-list";
    let initial_type = if on_shop_list { 2 } else { 1 };
    let initial_text =
        crate::url::query_param(&ctx.prefs.query, if on_shop_list { "shopName" } else { "pn" }).unwrap_or_default();
    let hot = |words: &[api::browse::HotSearch], kind: u8| -> Vec<(String, String)> {
        if sticky {
            return Vec::new();
        }
        let link = |w: &api::browse::HotSearch| crate::search::search_box::search_url(kind, &w.content);
        words.iter().take(4).map(|w| (w.title.clone(), link(w))).collect()
    };
    let (hot_goods, hot_shops) = (hot(&ctx.shell.hot_products, 1), hot(&ctx.shell.hot_shops, 2));
    let labels = SearchLabels {
        goods: ctx.t("search-type-goods"),
        shop: ctx.t("search-type-shop"),
        button: ctx.t("search-button"),
        placeholder_goods: ctx.t("search-placeholder-goods"),
        placeholder_shop: ctx.t("search-placeholder-shop"),
        empty_goods: ctx.t("search-empty-goods"),
        empty_shop: ctx.t("search-empty-shop"),
        type_label: ctx.t("search-type-label"),
        group_products: ctx.t("search-group-products"),
        group_shops: ctx.t("search-group-shops"),
        searching: ctx.t("search-searching"),
        no_suggestions: ctx.t("search-no-suggestions"),
        followers: ctx.t_args("shop-followers", &[("count", "{count}")]),
        sold: ctx.t_args("card-sold", &[("count", "{count}")]),
    };
    let cart_count = ctx.shell.cart_count;
    let my_cart_label = ctx.t("header-my-cart");
    let class = if sticky { "main-header main-header--sticky" } else { "main-header" };
    let id = if sticky { "sticky-search" } else { "main-search" };
    view! {
        // The sticky copy is hidden (`visibility`) until the page scrolls; then it is a
        // region of its own rather than a second banner.
        // The sticky copy shows once the page has scrolled (`widgets/src/frame.ts`).
        <header class=class data-testid=if sticky { "sticky-header" } else { "main-header" }
            data-sticky-header=sticky.then_some("")
            role=sticky.then_some("region") aria-label=sticky.then(|| ctx.t("header-sticky-label"))>
            <div class="container main-header__inner">
                <a class="main-header__logo" href="/" aria-label=logo_text.clone()>
                    <img src=logo alt=logo_text.clone() width="160" height="48" />
                </a>
                <div class="main-header__search">
                    <SearchBox labels=labels initial_type=initial_type initial_text=initial_text id=id.to_string()
                        currency=ctx.currency.clone()
                        form_label=ctx.t(if sticky { "search-form-sticky" } else { "search-form-main" })
                        hot_goods=hot_goods hot_shops=hot_shops hot_label=ctx.t("search-hot-words") />
                </div>
                <AuthLink href="/cart".to_string() class="main-header__cart".to_string()
                    testid=format!("{id}-cart") protected=true signed_in=signed_in>
                    <Icon name=IconName::Cart />
                    <span>{my_cart_label}</span>
                    <CartCount count=cart_count cap=999 badge=true testid="header-cart-count" />
                </AuthLink>
            </div>
        </header>
    }
}
