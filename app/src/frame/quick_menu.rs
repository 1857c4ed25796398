//! The quick action menu at the right edge (spec section 2 "Footer and overlays"): sign in
//! or avatar, cart with badge (99+), go to shop, chat on /detail and /shop-index, back to top.

use crate::components::icon::{Icon, IconName};
use crate::context::page_ctx;
use crate::frame::auth_link::AuthLink;
use crate::frame::cart_count::CartCount;
use leptos::prelude::*;

/// The page besides the product pages that offers chat in the quick menu.
const CHAT_PAGE: &str = "/shop-index";

/// The shop a page is about when its URL does not say (a product's shop on /detail), set by
/// the page once its data has loaded; the quick menu's shop and chat links follow it. Such a
/// page renders the menu itself, after its data (see [`QuickMenu`]).
#[derive(Debug, Clone, Copy)]
pub struct PageShop(RwSignal<Option<i64>>);

/// Makes [`PageShop`] available to the page and the menu (once per render, by the app).
pub fn provide_page_shop() {
    provide_context(PageShop(RwSignal::new(None)));
}

/// Names the shop the current page is about.
pub fn set_page_shop(shop_id: i64) {
    if let Some(PageShop(shop)) = use_context::<PageShop>() {
        shop.set(Some(shop_id));
    }
}

/// The menu. The frame renders it on every page but the product pages, which name their shop
/// only once their data has loaded: they render it themselves (`in_page`), after that.
#[component]
pub fn QuickMenu(#[prop(optional)] in_page: bool) -> impl IntoView {
    let ctx = page_ctx();
    if crate::catalog::is_detail_path(&ctx.prefs.path) != in_page {
        return None;
    }
    let signed_in = ctx.shell.nick_name.is_some();
    let from_url = crate::url::query_param(&ctx.prefs.query, "sid")
        .or_else(|| crate::url::query_param(&ctx.prefs.query, "shopId"))
        .and_then(|id| id.parse::<i64>().ok())
        .filter(|id| *id > 0);
    let page_shop = use_context::<PageShop>();
    let shop_id = move || from_url.or_else(|| page_shop.and_then(|PageShop(shop)| shop.get()));
    let shop_href = move || match shop_id() {
        Some(id) => format!("/shop-index?sid={id}"),
        None => "/shop-list?type=1".to_string(),
    };
    let chat_label = ctx.t("quick-chat");
    let cart_label = ctx.t("quick-cart");
    let cart_count = ctx.shell.cart_count;
    // chat: the panel with the page's shop (on /detail the product's), the product offered as a card
    let prod_id = in_page.then(|| crate::catalog::detail_prod_id(&ctx.prefs.path, &ctx.prefs.query)).flatten();
    let chat_unread = ctx.shell.chat_unread;
    let chat = (in_page || ctx.prefs.path == CHAT_PAGE).then_some(move || {
        let chat_label = chat_label.clone();
        view! {
            <li>
                <crate::chat::ChatLink shop_id=shop_id().or(prod_id.is_none().then_some(0)) prod_id=prod_id class="quick-menu__item" testid="quick-chat">
                    <Icon name=IconName::Chat /><span>{chat_label}</span>
                    <crate::chat::unread::ChatUnread count=chat_unread testid="quick-chat-unread" />
                </crate::chat::ChatLink>
            </li>
        }
    });
    let account_label = if signed_in { ctx.t("quick-account") } else { ctx.t("quick-sign-in") };
    Some(view! {
        <nav class="quick-menu" data-testid="quick-menu" aria-label=ctx.t("quick-menu")>
            <ul>
                <li>
                    <AuthLink href="/user-center".to_string() class="quick-menu__item".to_string()
                        testid="quick-account".to_string() protected=true signed_in=signed_in>
                        <Icon name=IconName::User /><span>{account_label}</span>
                    </AuthLink>
                </li>
                <li>
                    <AuthLink href="/cart".to_string() class="quick-menu__item".to_string()
                        testid="quick-cart".to_string() protected=true signed_in=signed_in>
                        <Icon name=IconName::Cart /><span>{cart_label}</span>
                        <CartCount count=cart_count cap=99 badge=true testid="quick-cart-count" />
                    </AuthLink>
                </li>
                <li>
                    <a class="quick-menu__item" href=shop_href data-testid="quick-shop">
                        <Icon name=IconName::Shop /><span>{ctx.t("quick-shop")}</span>
                    </a>
                </li>
                {chat}
                <li>
                    <a class="quick-menu__item" href="#top" data-testid="quick-top">
                        <Icon name=IconName::ArrowUp /><span>{ctx.t("quick-top")}</span>
                    </a>
                </li>
            </ul>
        </nav>
    })
}
