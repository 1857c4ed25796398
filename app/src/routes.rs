//! The route table: which page renders for which path. One match, so a newcomer finds any
//! route's page by name. Unknown paths render the 404 page with status 404.

use crate::context::page_ctx;
use crate::deals::activity::Activity;
use crate::frame::footer::Footer;
use crate::frame::header::{MainHeader, TopBar};
use crate::frame::quick_menu::QuickMenu;
use leptos::prelude::*;

/// The page frame and the page of the current path.
#[component]
pub fn App() -> impl IntoView {
    let ctx = page_ctx();
    let page = match ctx.prefs.path.as_str() {
        "/" | "/index" => view! { <crate::home::page::HomePage /> }.into_any(),
        "/login" => view! { <crate::accounts::login::LoginPage /> }.into_any(),
        "/register" => view! { <crate::accounts::login::LoginPage register=true /> }.into_any(),
        "/forget-password" => view! { <crate::accounts::login::ForgetPasswordPage /> }.into_any(),
        "/google/callback" | "/oauth-callback" => view! { <crate::accounts::oauth::OAuthCallbackPage /> }.into_any(),
        "/list" => view! { <crate::catalog::list::ListPage /> }.into_any(),
        path if crate::catalog::detail::is_detail_path(path) => {
            view! { <crate::catalog::detail::DetailPage /> }.into_any()
        }
        "/shop-index" => view! { <crate::shops::shop::ShopPage view=crate::shops::shop::ShopView::Index /> }.into_any(),
        "/shop-prod-list" => {
            view! { <crate::shops::shop::ShopPage view=crate::shops::shop::ShopView::Products /> }.into_any()
        }
        "/shop-qualifications" => {
            view! { <crate::shops::shop::ShopPage view=crate::shops::shop::ShopView::Qualifications /> }.into_any()
        }
        "/shop-list" => view! { <crate::shops::shop::ShopListPage /> }.into_any(),
        "/select-decorate" => view! { <crate::shops::decorate::SelectDecoratePage /> }.into_any(),
        "/notice-detail" => view! { <crate::notices::pages::NoticeDetailPage /> }.into_any(),
        "/notice-list" => view! { <crate::notices::pages::NoticeListPage /> }.into_any(),
        "/terms-page" => view! { <crate::site::terms::TermsPage /> }.into_any(),
        "/dev/mailbox" => view! { <crate::demo::dev_mailbox::DevMailboxPage /> }.into_any(),
        "/flash-sale" => view! { <crate::deals::activity::ActivityPage activity=Activity::FlashSale /> }.into_any(),
        "/group-buy" => view! { <crate::deals::activity::ActivityPage activity=Activity::GroupBuy /> }.into_any(),
        "/special-discount" => {
            view! { <crate::deals::activity::ActivityPage activity=Activity::Discounts /> }.into_any()
        }
        "/coupons" => view! { <crate::deals::activity::ActivityPage activity=Activity::Coupons /> }.into_any(),
        "/discount-detail" => {
            let id = id_param(&ctx.prefs.query, &["discountId", "id"]);
            view! { <crate::deals::discount::DiscountPage discount_id=id /> }.into_any()
        }
        path if path.starts_with("/discount/") => {
            view! { <crate::deals::discount::DiscountPage discount_id=path_id(path, "/discount/") /> }.into_any()
        }
        path if path.starts_with("/coupon/") => {
            view! { <crate::deals::coupon::CouponPage coupon_id=path_id(path, "/coupon/") /> }.into_any()
        }
        _ => view! { <crate::site::not_found::NotFoundPage /> }.into_any(),
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

/// The positive id after `prefix` in a path such as `/coupon/12` (a trailing slash allowed).
fn path_id(path: &str, prefix: &str) -> Option<i64> {
    path.strip_prefix(prefix)?.trim_end_matches('/').parse::<i64>().ok().filter(|id| *id > 0)
}

/// The first of `names` present in the query as a positive id.
fn id_param(query: &str, names: &[&str]) -> Option<i64> {
    names
        .iter()
        .find_map(|name| crate::url::query_param(query, name))
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|id| *id > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_in_paths_and_queries() {
        assert_eq!(path_id("/coupon/12", "/coupon/"), Some(12));
        assert_eq!(path_id("/coupon/12/", "/coupon/"), Some(12));
        assert_eq!(path_id("/coupon/x", "/coupon/"), None);
        assert_eq!(path_id("/coupon/-3", "/coupon/"), None);
        assert_eq!(id_param("discountId=5", &["discountId", "id"]), Some(5));
        assert_eq!(id_param("id=6", &["discountId", "id"]), Some(6));
        assert_eq!(id_param("x=6", &["discountId", "id"]), None);
    }
}
