//! The route table (`leptos_router`): which page renders for which path, inside the frame every
//! page shares. Routing happens on the server only: pages arrive complete, and navigation is by
//! full page loads (the spec's language and currency switches reload the page anyway), so no
//! router code ships to the browser. Unknown paths render the 404 page with status 404.

use crate::accounts::login::{ForgetPasswordPage, LoginPage};
use crate::accounts::oauth::OAuthCallbackPage;
use crate::cart::page::CartPage;
use crate::catalog::detail::DetailPage;
use crate::catalog::list::ListPage;
use crate::context::page_ctx;
use crate::deals::activity::{Activity, ActivityPage};
use crate::deals::coupon::CouponPage;
use crate::deals::discount::DiscountPage;
use crate::deals::my_coupons::MyCouponsPage;
use crate::demo::dev_mailbox::DevMailboxPage;
use crate::frame::footer::Footer;
use crate::frame::header::{MainHeader, TopBar};
use crate::frame::quick_menu::QuickMenu;
use crate::home::page::HomePage;
use crate::notices::pages::{NoticeDetailPage, NoticeListPage};
use crate::orders::detail::OrderDetailPage;
use crate::orders::submit::SubmitOrderPage;
use crate::payments::page::PaymentPage;
use crate::shops::decorate::SelectDecoratePage;
use crate::shops::shop::{ShopListPage, ShopPage, ShopView};
use crate::site::not_found::NotFoundPage;
use crate::site::terms::TermsPage;
use crate::users::home::UserHomePage;
use crate::users::{UserCenterIndex, UserCenterLayout};
use leptos::prelude::*;
use leptos_router::components::{ParentRoute, Route, Router, Routes};
use leptos_router::hooks::{use_params, use_query};
use leptos_router::params::Params;
use leptos_router::path;

/// The page frame and the page of the current path.
#[component]
pub fn App() -> impl IntoView {
    let ctx = page_ctx();
    crate::frame::quick_menu::provide_page_shop();
    view! {
        <Router>
            <a class="skip-link" href="#main" id="top">{ctx.t("a11y-skip-to-content")}</a>
            <crate::frame::flash::FlashNotice />
            // Before the lazily loaded islands: compare links work as soon as the page hydrates.
            <crate::comparison::CompareHost />
            <TopBar />
            <MainHeader />
            <MainHeader sticky=true />
            <main id="main" class="page">
                <Routes fallback=|| view! { <NotFoundPage /> }>
                    <Route path=path!("/") view=HomePage />
                    <Route path=path!("/index") view=HomePage />
                    <Route path=path!("/login") view=|| view! { <LoginPage /> } />
                    <Route path=path!("/register") view=|| view! { <LoginPage register=true /> } />
                    <Route path=path!("/forget-password") view=ForgetPasswordPage />
                    <Route path=path!("/google/callback") view=OAuthCallbackPage />
                    <Route path=path!("/oauth-callback") view=OAuthCallbackPage />
                    <Route path=path!("/list") view=ListPage />
                    <Route path=path!("/detail") view=DetailPage />
                    <Route path=path!("/detail/components/combine-detail") view=DetailPage />
                    <Route path=path!("/detail/:link") view=DetailPage />
                    <Route path=path!("/secdetail") view=DetailPage />
                    <Route path=path!("/shop-index") view=|| view! { <ShopPage view=ShopView::Index /> } />
                    <Route path=path!("/shop-prod-list") view=|| view! { <ShopPage view=ShopView::Products /> } />
                    <Route path=path!("/shop-qualifications") view=|| view! { <ShopPage view=ShopView::Qualifications /> } />
                    <Route path=path!("/shop-list") view=ShopListPage />
                    <Route path=path!("/select-decorate") view=SelectDecoratePage />
                    <Route path=path!("/notice-detail") view=NoticeDetailPage />
                    <Route path=path!("/notice-list") view=NoticeListPage />
                    <Route path=path!("/terms-page") view=TermsPage />
                    <Route path=path!("/seller-centre") view=crate::site::seller_centre::SellerCentrePage />
                    <Route path=path!("/dev/mailbox") view=DevMailboxPage />
                    <Route path=path!("/flash-sale") view=|| view! { <ActivityPage activity=Activity::FlashSale /> } />
                    <Route path=path!("/group-buy") view=|| view! { <ActivityPage activity=Activity::GroupBuy /> } />
                    <Route path=path!("/special-discount") view=|| view! { <ActivityPage activity=Activity::Discounts /> } />
                    <Route path=path!("/coupons") view=|| view! { <ActivityPage activity=Activity::Coupons /> } />
                    <Route path=path!("/discount-detail") view=DiscountByQuery />
                    <Route path=path!("/discount/:id") view=|| view! { <DiscountPage discount_id=path_id() /> } />
                    <Route path=path!("/coupon/:id") view=|| view! { <CouponPage coupon_id=path_id() /> } />
                    <Route path=path!("/cart") view=CartPage />
                    <Route path=path!("/submit-order") view=SubmitOrderPage />
                    <Route path=path!("/order-detail") view=OrderDetailPage />
                    // reviews
                    <Route path=path!("/write-comments") view=crate::reviews::pages::WriteCommentsPage />
                    // refunds
                    <Route path=path!("/return-detail") view=crate::refunds::pages::ReturnDetailPage />
                    <Route path=path!("/return-detail/components/refund-progress") view=crate::refunds::pages::RefundProgressPage />
                    // invoices
                    <Route path=path!("/invoice-detail") view=crate::invoices::pages::InvoiceDetailPage />
                    <Route path=path!("/payment") view=PaymentPage />
                    <Route path=path!("/product-comparison") view=crate::comparison::page::ComparisonPagePage />
                    // chat
                    <Route path=path!("/chat") view=crate::chat::ChatPage />
                    <Route path=path!("/chat-agent") view=crate::chat::ChatAgentPage />
                    // points-mall: the mall in the user-centre layout (its sign-in gate), the redemption page
                    <ParentRoute path=path!("/member-center/integral-mall") view=UserCenterLayout>
                        <Route path=path!("") view=crate::points_mall::mall::IntegralMallPage />
                    </ParentRoute>
                    // members: the member centre in the user-centre layout (its sign-in gate)
                    <ParentRoute path=path!("/member-center") view=UserCenterLayout>
                        <Route path=path!("") view=crate::members::center::MemberCenterPage />
                        <Route path=path!("member-equity") view=crate::members::equity::MemberEquityPage />
                        <Route path=path!("buy-member") view=crate::members::buy::BuyMemberPage />
                    </ParentRoute>
                    <Route path=path!("/submit-integral-order") view=crate::points_mall::redeem::SubmitIntegralOrderPage />
                    <ParentRoute path=path!("/user-center") view=UserCenterLayout>
                        <Route path=path!("") view=UserCenterIndex />
                        <Route path=path!("uc-home") view=UserHomePage />
                        <Route path=path!("uc-coupons") view=MyCouponsPage />
                        // user centre: overview and orders
                        <Route path=path!("uc-order") view=crate::orders::my_orders::MyOrdersPage />
                        // user centre: favourites and footprints
                        <Route path=path!("uc-collection") view=crate::favourites::collection::CollectionPage />
                        <Route path=path!("uc-footprint") view=crate::favourites::footprint::FootprintPage />
                        // user centre: profile, passwords and binding
                        <Route path=path!("uc-account") view=crate::accounts::profile::AccountPage />
                        <Route path=path!("uc-bind") view=crate::accounts::bind::BindPage />
                        <Route path=path!("uc-password") view=crate::accounts::password::PasswordPage />
                        <Route path=path!("uc-pay-password") view=crate::accounts::pay_password::PayPasswordPage />
                        // user centre: addresses and opening a shop
                        <Route path=path!("uc-address") view=crate::addresses::page::AddressPage />
                        <Route path=path!("uc-freeshop") view=crate::shops::apply::FreeShopPage />
                        // reviews
                        <Route path=path!("uc-comments") view=crate::reviews::pages::MyCommentsPage />
                        // refunds
                        <Route path=path!("uc-return") view=crate::refunds::pages::MyReturnsPage />
                        <Route path=path!("apply-return") view=crate::refunds::pages::ApplyReturnPage />
                        <Route path=path!("return-proof") view=crate::refunds::pages::ReturnProofPage />
                        // wallet
                        <Route path=path!("uc-balance") view=crate::wallet::balance::BalancePage />
                        <Route path=path!("uc-integral") view=crate::wallet::integral::IntegralPage />
                    </ParentRoute>
                </Routes>
            </main>
            <Footer />
            <QuickMenu />
            <crate::components::product_card::OffShelfWarning />
            <mall-widget name={api::bridge::widget::LOGIN_POPUP} data-load=crate::events::load_on(crate::events::OPEN_LOGIN) data-testid="login-popup-host"></mall-widget>
            // chat: the floating panel, the chat links and the unread badges
            <crate::chat::ChatHost />
            // Last: hydrates after every other island.
            <crate::frame::hydrated::HydrationDone />
        </Router>
    }
}

/// The `:id` of `/discount/:id` and `/coupon/:id`.
#[derive(Params, Debug, Clone, PartialEq)]
struct IdPath {
    id: Option<i64>,
}

/// The positive `:id` of the current route, if it is one.
fn path_id() -> Option<i64> {
    use_params::<IdPath>().get_untracked().ok().and_then(|p| p.id).filter(|id| *id > 0)
}

/// The query of `/discount-detail`: `discountId`, or `id` as older links have it.
#[derive(Params, Debug, Clone, PartialEq)]
#[allow(non_snake_case)]
struct DiscountQuery {
    discountId: Option<String>,
    id: Option<String>,
}

/// `/discount-detail?discountId=` (or `?id=`).
#[component]
fn DiscountByQuery() -> impl IntoView {
    let query = use_query::<DiscountQuery>().get_untracked().ok();
    let discount_id =
        query.and_then(|q| q.discountId.or(q.id)).and_then(|v| v.trim().parse::<i64>().ok()).filter(|id| *id > 0);
    view! { <DiscountPage discount_id=discount_id /> }
}
