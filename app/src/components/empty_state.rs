//! The empty-state panel of spec section 2: seven illustrations, and the generic no-data panel
//! with an optional refresh action. Refresh is a plain link to the same page, so it works
//! without JavaScript.

use crate::context::page_ctx;
use leptos::prelude::*;

/// The seven illustration types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyKind {
    NotFound,
    Order,
    Collection,
    Coupon,
    Cart,
    Address,
    Search,
}

impl EmptyKind {
    /// The illustration under `/static/empty/`.
    pub fn image(self) -> &'static str {
        match self {
            EmptyKind::NotFound => "/static/empty/not-found.svg",
            EmptyKind::Order => "/static/empty/order.svg",
            EmptyKind::Collection => "/static/empty/collection.svg",
            EmptyKind::Coupon => "/static/empty/coupon.svg",
            EmptyKind::Cart => "/static/empty/cart.svg",
            EmptyKind::Address => "/static/empty/address.svg",
            EmptyKind::Search => "/static/empty/search.svg",
        }
    }
}

/// An illustrated empty state with a title and an optional action link (`label`, `href`).
#[component]
pub fn EmptyState(
    kind: EmptyKind,
    title: String,
    #[prop(optional)] action: Option<(String, String)>,
    #[prop(default = "empty-state")] test_id: &'static str,
) -> impl IntoView {
    view! {
        <section class="empty-state" data-testid=test_id data-kind=format!("{kind:?}").to_lowercase()>
            <img class="empty-state__image" src=kind.image() alt="" width="200" height="160" />
            <p class="empty-state__title">{title}</p>
            {action.map(|(label, href)| view! { <a class="button button--primary" href=href>{label}</a> })}
        </section>
    }
}

/// The generic no-data panel; with `refresh`, a Refresh button reloads the current page.
#[component]
pub fn NoData(#[prop(default = false)] refresh: bool) -> impl IntoView {
    let ctx = page_ctx();
    let here = if ctx.prefs.query.is_empty() {
        ctx.prefs.path.clone()
    } else {
        format!("{}?{}", ctx.prefs.path, ctx.prefs.query)
    };
    view! {
        <section class="no-data" data-testid="no-data">
            <p class="no-data__text">{ctx.t("home-nothing-now")}</p>
            {refresh.then(|| view! { <a class="button" href=here>{ctx.t("no-data-refresh")}</a> })}
        </section>
    }
}
