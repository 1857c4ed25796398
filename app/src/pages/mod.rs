//! One module per route group.

pub mod home;
pub mod login;
pub mod not_found;

use leptos::prelude::*;
use leptos_meta::{Link, Meta, Title};

/// Title, description and canonical URL of a page.
#[component]
pub fn PageMeta(title: String, description: String, canonical: String) -> impl IntoView {
    let ctx = crate::shell::page_ctx();
    let site = ctx.web(|w| &w.pc_title_content, &ctx.t("site-name"));
    view! {
        <Title text=format!("{title} - {site}") />
        <Meta name="description" content=description />
        <Link rel="canonical" href=canonical />
    }
}
