//! `/seller-centre`: where the header's Sellers' Centre link goes when no sellers' centre
//! address is configured (`MALL_SELLER_CENTRE_URL`): how merchants reach theirs.

use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use leptos::prelude::*;

/// This page's path.
pub const PAGE: &str = "/seller-centre";

#[component]
pub fn SellerCentrePage() -> impl IntoView {
    let ctx = page_ctx();
    let title = ctx.t("seller-centre-title");
    view! {
        <PageMeta title=title.clone() description=ctx.t("seller-centre-intro") canonical=PAGE.to_string() />
        <article class="container notice-page" data-testid="seller-centre-page">
            <h1>{title}</h1>
            <div class="rich-text">
                <p>{ctx.t("seller-centre-intro")}</p>
                <h2>{ctx.t("seller-centre-open-title")}</h2>
                <ol>
                    <li>{ctx.t("seller-centre-step-apply")}</li>
                    <li>{ctx.t("seller-centre-step-review")}</li>
                    <li>{ctx.t("seller-centre-step-account")}</li>
                </ol>
                <p><a class="button button--primary" href="/user-center/uc-freeshop">{ctx.t("seller-centre-apply")}</a></p>
                <h2>{ctx.t("seller-centre-sign-in-title")}</h2>
                <p>{ctx.t("seller-centre-sign-in")}</p>
            </div>
        </article>
    }
}
