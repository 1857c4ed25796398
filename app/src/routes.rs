//! The route table: which page renders for which path. One match, so a newcomer finds any
//! route's page by name. Unknown paths render the 404 page with status 404.

use crate::components::footer::Footer;
use crate::components::header::{MainHeader, TopBar};
use crate::components::quick_menu::QuickMenu;
use crate::pages;
use crate::shell::page_ctx;
use leptos::prelude::*;

/// The page frame and the page of the current path.
#[component]
pub fn App() -> impl IntoView {
    let ctx = page_ctx();
    let page = match ctx.prefs.path.as_str() {
        "/" | "/index" => view! { <pages::home::HomePage /> }.into_any(),
        "/login" => view! { <pages::login::LoginPage /> }.into_any(),
        "/list" => view! { <pages::list::ListPage /> }.into_any(),
        "/detail" => view! { <pages::detail::DetailPage /> }.into_any(),
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
