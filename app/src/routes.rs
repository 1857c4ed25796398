//! The route table: which page renders for which path. One match, so a newcomer finds any
//! route's page by name. Unknown paths render the 404 page with status 404.

use crate::components::footer::Footer;
use crate::components::header::{MainHeader, TopBar};
use crate::components::quick_menu::QuickMenu;
use crate::pages;
use crate::pages::activity::Activity;
use crate::shell::page_ctx;
use leptos::prelude::*;

/// The page frame and the page of the current path.
#[component]
pub fn App() -> impl IntoView {
    let ctx = page_ctx();
    let page = match ctx.prefs.path.as_str() {
        "/" | "/index" => view! { <pages::home::HomePage /> }.into_any(),
        "/login" => view! { <pages::login::LoginPage /> }.into_any(),
        "/register" => view! { <pages::login::LoginPage register=true /> }.into_any(),
        "/forget-password" => view! { <pages::login::ForgetPasswordPage /> }.into_any(),
        "/google/callback" | "/oauth-callback" => view! { <pages::oauth::OAuthCallbackPage /> }.into_any(),
        "/list" => view! { <pages::list::ListPage /> }.into_any(),
        "/detail" => view! { <pages::detail::DetailPage /> }.into_any(),
        "/shop-index" => view! { <pages::shop::ShopPage view=pages::shop::ShopView::Index /> }.into_any(),
        "/shop-prod-list" => view! { <pages::shop::ShopPage view=pages::shop::ShopView::Products /> }.into_any(),
        "/shop-qualifications" => {
            view! { <pages::shop::ShopPage view=pages::shop::ShopView::Qualifications /> }.into_any()
        }
        "/shop-list" => view! { <pages::shop::ShopListPage /> }.into_any(),
        "/select-decorate" => view! { <pages::decorate::SelectDecoratePage /> }.into_any(),
        "/notice-detail" => view! { <pages::notice::NoticeDetailPage /> }.into_any(),
        "/notice-list" => view! { <pages::notice::NoticeListPage /> }.into_any(),
        "/terms-page" => view! { <pages::terms::TermsPage /> }.into_any(),
        "/flash-sale" => view! { <pages::activity::ActivityPage activity=Activity::FlashSale /> }.into_any(),
        "/group-buy" => view! { <pages::activity::ActivityPage activity=Activity::GroupBuy /> }.into_any(),
        "/special-discount" => view! { <pages::activity::ActivityPage activity=Activity::Discounts /> }.into_any(),
        "/coupons" => view! { <pages::activity::ActivityPage activity=Activity::Coupons /> }.into_any(),
        _ => view! { <pages::not_found::NotFoundPage /> }.into_any(),
    };
    view! {
        <a class="skip-link" href="#main" id="top">{ctx.t("a11y-skip-to-content")}</a>
        <TopBar />
        <MainHeader />
        <MainHeader sticky=true />
        <main id="main" class="page">{page}</main>
        <Footer />
        <QuickMenu />
        <mall-widget name="login-popup" data-load="event:mall:open-login" data-testid="login-popup-host"></mall-widget>
    }
}
