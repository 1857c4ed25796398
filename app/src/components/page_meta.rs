//! The head of a page: its title, description and canonical URL.

use leptos::prelude::*;
use leptos_meta::{Link, Meta, Title};

/// Title, description and canonical URL of a page.
#[component]
pub fn PageMeta(title: String, description: String, canonical: String) -> impl IntoView {
    let ctx = crate::context::page_ctx();
    let site = ctx.web(|w| &w.pc_title_content, &ctx.t("site-name"));
    // leptos_meta writes the title's text into the head as it is: escape it here, since it
    // holds search text, product, shop and notice names.
    let title = html_escape::encode_text(&format!("{title} - {site}")).into_owned();
    view! {
        <Title text=title />
        <Meta name="description" content=description />
        <Link rel="canonical" href=canonical />
    }
}
