//! Price comparison across shops (spec sections 2 "Price comparison sidebar" and
//! `/product-comparison`): the page `/product-comparison?prodId=` (server-rendered: the offers
//! table, similar products and the price history are in the HTML, so it reads without
//! JavaScript), the compare link of product cards and the detail page, and the host of the
//! comparison sidebar (the React widget `price-compare`, loaded on the first
//! `mall:open-compare`).
//!
//! A compare link is a plain link to `/product-comparison?prodId=` carrying `data-compare`;
//! where the page hosts the sidebar, the frame's script (`widgets/src/frame.ts`) turns a click
//! on it into `mall:open-compare` (the sidebar opens instead), so nothing of the sidebar
//! (React, its chunk) is fetched before the first click.

ssr_only! {
    pub mod chart;
    pub mod page;
}

/// The page of a product's comparison.
pub fn compare_href(prod_id: i64) -> String {
    format!("/product-comparison?prodId={prod_id}")
}

#[cfg(feature = "ssr")]
pub use host::{CompareHost, CompareLink};

#[cfg(feature = "ssr")]
mod host {
    use crate::context::page_ctx;
    use api::bridge::{widget_props, PriceCompareProps};
    use leptos::prelude::*;

    /// A link that opens the comparison of `prod_id`: the sidebar where the page hosts it,
    /// the comparison page otherwise (and without JavaScript).
    #[component]
    pub fn CompareLink(
        prod_id: i64,
        /// Extra classes (`button` on the detail page).
        #[prop(optional)]
        class: &'static str,
    ) -> impl IntoView {
        let ctx = page_ctx();
        let class = if class.is_empty() { "compare-link".to_string() } else { format!("compare-link {class}") };
        view! {
            <a class=class href=super::compare_href(prod_id) data-compare=prod_id data-testid="compare-button">
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M7 4v13M7 17l-3-3M7 17l3-3M17 20V7M17 7l-3 3M17 7l3 3" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
                </svg>
                {ctx.t("compare-button")}
            </a>
        }
    }

    /// The comparison sidebar's host, once per page: the widget (its props: the display
    /// currency and whether a buyer is signed in), which compare links open.
    #[component]
    pub fn CompareHost() -> impl IntoView {
        let ctx = page_ctx();
        let props = widget_props(&PriceCompareProps {
            currency: ctx.currency.for_widgets(),
            signed_in: ctx.shell.nick_name.is_some(),
        });
        view! {
            <mall-widget name={api::bridge::widget::PRICE_COMPARE} data-load=crate::events::load_on(crate::events::OPEN_COMPARE) data-props=props data-compare-panel=""
                data-testid="price-compare-host"></mall-widget>
        }
    }
}
