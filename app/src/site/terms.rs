//! `/terms-page?sts=1` (Terms of Service) and `?sts=2` (Privacy Policy).

use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::url::query_param;
use leptos::prelude::*;

#[component]
pub fn TermsPage() -> impl IntoView {
    let ctx = page_ctx();
    let privacy = query_param(&ctx.prefs.query, "sts").as_deref() == Some("2");
    let (title_key, body_key, sts) =
        if privacy { ("footer-privacy", "terms-privacy-body", 2) } else { ("footer-terms", "terms-service-body", 1) };
    let title = ctx.t(title_key);
    let body = ctx.t(body_key);
    view! {
        <PageMeta title=title.clone() description=title.clone() canonical=format!("/terms-page?sts={sts}") />
        <article class="container notice-page" data-testid="terms-page">
            <h1>{title}</h1>
            <div class="rich-text">
                {body.split('\n').filter(|l| !l.trim().is_empty()).map(|line| view! { <p>{line.trim().to_string()}</p> }).collect_view()}
            </div>
        </article>
    }
}
