//! The frame of a page about one of the buyer's orders, named by `?orderNumber=`: the review
//! form (`/write-comments`), the invoice (`/invoice-detail`) and the refund application
//! (`/user-center/apply-return`). Each reads its own view of the order from its own API path;
//! how the number is read, how the order is asked for and what the page says when the buyer
//! has no such order is the same for all of them, so it is written once here.

use crate::api_client::ApiClient;
use crate::components::empty_state::{EmptyKind, EmptyState};
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::url::query_param;
use leptos::prelude::*;
use serde::de::DeserializeOwned;

/// The page's `?orderNumber=`, trimmed; empty when there is none.
pub fn order_number_param(ctx: &PageCtx) -> String {
    query_param(&ctx.prefs.query, "orderNumber").map(|n| n.trim().to_string()).unwrap_or_default()
}

/// One of the buyer's orders as `path` (which takes `?orderNumber=`) answers it, or `None`
/// when no number was given or the API has no such order of the buyer's.
pub async fn fetch_buyers_order<T: DeserializeOwned + Clone + Send + Sync + 'static>(
    client: &ApiClient,
    path: &str,
    number: &str,
) -> Option<T> {
    if number.is_empty() {
        return None;
    }
    client.get::<T>(path, &[("orderNumber", number.to_string())]).await.ok()
}

/// What such a page shows when the buyer has no order of that number: `title` (a Fluent key)
/// and the way back to the buyer's orders.
pub fn order_not_found(ctx: &PageCtx, title: &'static str, test_id: &'static str) -> AnyView {
    view! {
        <EmptyState kind=EmptyKind::Order title=ctx.t(title)
            action=(ctx.t("uc-nav-orders"), "/user-center/uc-order".to_string()) test_id=test_id />
    }
    .into_any()
}

/// What differs between the stand-alone pages about one order (reviews, invoice).
pub struct OrderPage {
    /// The Fluent key of the page's title and heading.
    pub title: &'static str,
    pub canonical: &'static str,
    /// The class and test id of the page's container.
    pub class: &'static str,
    pub test_id: &'static str,
    /// The API path that answers the page's view of the order.
    pub path: &'static str,
    /// The Fluent key and the test id of what it says when the buyer has no such order.
    pub not_found: &'static str,
    pub missing_test_id: &'static str,
}

/// Renders a stand-alone page about one of the buyer's orders: a guest goes to /login first
/// (and comes back), then the title, and `body` with the order, or [`order_not_found`].
pub fn order_page<T, V>(page: OrderPage, body: fn(&PageCtx, T) -> V) -> AnyView
where
    T: DeserializeOwned + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let number = order_number_param(&ctx);
    let client = ApiClient::from_context(ctx.lang());
    let OrderPage { title, canonical, class, test_id, path, not_found, missing_test_id } = page;
    view! {
        <PageMeta title=ctx.t(title) description=String::new() canonical=canonical.to_string() />
        <div class=class data-testid=test_id>
            <h1>{ctx.t(title)}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    match fetch_buyers_order::<T>(&client, path, &number).await {
                        None => order_not_found(&ctx, not_found, missing_test_id),
                        Some(order) => body(&ctx, order).into_any(),
                    }
                })}
            </Suspense>
        </div>
    }
    .into_any()
}
