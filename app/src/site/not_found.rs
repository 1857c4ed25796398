//! The 404 page: `/404` and every unknown path (answered with status 404).

use crate::components::empty_state::EmptyKind;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use leptos::prelude::*;

#[component]
pub fn NotFoundPage() -> impl IntoView {
    let ctx = page_ctx();
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::NOT_FOUND);
    }
    view! {
        <PageMeta title=ctx.t("not-found-title") description=ctx.t("not-found-text") canonical=String::new() />
        <section class="empty-state" data-testid="not-found" data-kind="notfound">
            <img class="empty-state__image" src=EmptyKind::NotFound.image() alt="" width="200" height="160" />
            <h1 class="empty-state__title">{ctx.t("not-found-title")}</h1>
            <p class="empty-state__text">{ctx.t("not-found-text")}</p>
            <a class="button button--primary" href="/">{ctx.t("not-found-home")}</a>
        </section>
    }
}
