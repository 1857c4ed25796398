//! The home page (`/` and `/index`).

use super::PageMeta;
use crate::islands::{search_url, VisitTracker};
use crate::shell::page_ctx;
use api::analytics::page_id;
use leptos::prelude::*;

#[component]
pub fn HomePage() -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let title = ctx.web(|w| &w.pc_title_content, &ctx.t("site-name"));
    view! {
        <PageMeta title=ctx.t("home-title") description=ctx.t("home-description") canonical="/".to_string() />
        <VisitTracker page_id=page_id::HOME signed_in=signed_in />
        <section class="container home-hero" data-testid="home-hero">
            <img class="home-hero__banner" src="/media/banner/1.svg" alt=title.clone() width="1200" height="450" fetchpriority="high" />
            <div class="visually-hidden">
                <h1>{title}</h1>
                <p>{ctx.t("home-description")}</p>
            </div>
        </section>
        <section class="container home-section" data-testid="home-hot-searches">
            <h2 class="home-section__title">{ctx.t("home-hot-searches")}</h2>
            <ul class="chip-list">
                {ctx.shell.hot_products.iter().map(|w| view! {
                    <li><a class="chip" href=search_url(1, &w.content)>{w.title.clone()}</a></li>
                }).collect_view()}
                {ctx.shell.hot_shops.iter().map(|w| view! {
                    <li><a class="chip chip--shop" href=search_url(2, &w.content)>{w.title.clone()}</a></li>
                }).collect_view()}
            </ul>
        </section>
    }
}
