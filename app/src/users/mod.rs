//! The user centre (`/user-center/*`, spec section 1): one layout for every child page (the
//! sign-in gate and the section navigation, written once) around the child of the current
//! path, which the route table nests under it (`leptos_router`'s `ParentRoute` and `Outlet`).
//!
//! A section appears in the navigation once its page exists; [`SECTIONS`] is that list. The
//! child pages live with their domains (`crate::orders::my_orders`, `crate::accounts::profile`,
//! `crate::addresses`, `crate::favourites`, ...); only the overview ([`home`]) is the user
//! centre's own.

pub mod home;

use crate::context::page_ctx;
use leptos::prelude::*;
use leptos_router::components::Outlet;

/// A page of the user centre: its path segment under `/user-center/` and its Fluent label.
pub struct Section {
    pub segment: &'static str,
    pub label: &'static str,
}

/// The user centre's pages, in navigation order.
pub const SECTIONS: &[Section] = &[
    Section { segment: "uc-home", label: "uc-nav-home" },
    // user centre: overview and orders
    Section { segment: "uc-order", label: "uc-nav-orders" },
    // user centre: favourites and footprints
    Section { segment: "uc-collection", label: "uc-nav-collection" },
    Section { segment: "uc-footprint", label: "uc-nav-footprint" },
    Section { segment: "uc-coupons", label: "uc-nav-coupons" },
    // user centre: addresses and opening a shop
    Section { segment: "uc-address", label: "uc-nav-address" },
    Section { segment: "uc-freeshop", label: "uc-nav-freeshop" },
    // reviews
    Section { segment: "uc-comments", label: "uc-nav-comments" },
    // refunds
    Section { segment: "uc-return", label: "uc-nav-return" },
    // user centre: profile, passwords and binding
    Section { segment: "uc-account", label: "uc-nav-account" },
    Section { segment: "uc-bind", label: "uc-nav-bind" },
    Section { segment: "uc-password", label: "uc-nav-password" },
    Section { segment: "uc-pay-password", label: "uc-nav-pay-password" },
    // wallet
    Section { segment: "uc-balance", label: "uc-nav-balance" },
    Section { segment: "uc-integral", label: "uc-nav-integral" },
];

/// `/user-center?currentPage=/home` names a child the older way; the child's path, or the home.
pub fn child_of_current_page(current_page: Option<&str>) -> String {
    let wanted = current_page.map(|p| format!("uc-{}", p.trim().trim_start_matches('/'))).unwrap_or_default();
    let segment = SECTIONS.iter().find(|s| s.segment == wanted).map_or(SECTIONS[0].segment, |s| s.segment);
    format!("/user-center/{segment}")
}

/// The layout of every user-centre page. Guests (or an ended session) go to /login, which
/// comes back here after signing in (spec section 6).
#[component]
pub fn UserCenterLayout() -> impl IntoView {
    let ctx = page_ctx();
    if ctx.shell.nick_name.is_none() {
        let here = if ctx.prefs.query.is_empty() {
            ctx.prefs.path.clone()
        } else {
            format!("{}?{}", ctx.prefs.path, ctx.prefs.query)
        };
        crate::context::redirect_to(&api::client_rules::login_url(&here));
        return ().into_any();
    }
    let current = ctx.prefs.path.trim_end_matches('/').rsplit('/').next().unwrap_or_default().to_string();
    view! {
        <div class="container user-center" data-testid="user-center">
            <nav class="user-center__nav" aria-label=ctx.t("header-personal-centre")>
                // user centre: overview and orders (the buyer's picture, nickname and level)
                <home::SideProfile />
                <h2 class="user-center__heading">{ctx.t("header-personal-centre")}</h2>
                <ul>
                    {SECTIONS
                        .iter()
                        .map(|section| {
                            let here = section.segment == current;
                            view! {
                                <li>
                                    <a
                                        href=format!("/user-center/{}", section.segment)
                                        aria-current=here.then_some("page")
                                        class:is-current=here
                                    >
                                        {ctx.t(section.label)}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
            <section class="user-center__page">
                <Outlet />
            </section>
        </div>
    }
    .into_any()
}

/// `/user-center` (and `?currentPage=/home`): to the child page.
#[component]
pub fn UserCenterIndex() -> impl IntoView {
    let ctx = page_ctx();
    let current_page = crate::url::query_param(&ctx.prefs.query, "currentPage");
    crate::context::redirect_to(&child_of_current_page(current_page.as_deref()));
}

/// One tab of a user-centre page's tab bar.
pub struct Tab {
    pub href: String,
    pub label: String,
    pub test_id: String,
    pub current: bool,
}

/// The tab bar of a user-centre page whose tabs are pages of their own (`uc-coupons`,
/// `uc-collection`): each tab a link, the current one marked for assistive technology.
pub fn tab_bar(label: String, tabs: Vec<Tab>) -> impl IntoView {
    view! {
        <nav class="tabs" aria-label=label>
            {tabs.into_iter().map(|Tab { href, label, test_id, current }| view! {
                <a class="tabs__tab" class:is-current=current aria-current=current.then_some("page")
                    href=href data-testid=test_id>
                    {label}
                </a>
            }).collect_view()}
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_older_current_page_query_names_a_child() {
        assert_eq!(child_of_current_page(Some("/home")), "/user-center/uc-home");
        assert_eq!(child_of_current_page(Some("/coupons")), "/user-center/uc-coupons");
        assert_eq!(child_of_current_page(Some("/nowhere")), "/user-center/uc-home");
        assert_eq!(child_of_current_page(None), "/user-center/uc-home");
    }
}
