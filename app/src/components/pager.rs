//! Previous / next paging links that work without JavaScript (lists, shop and deal pages).

use crate::context::page_ctx;
use leptos::prelude::*;

/// "Previous · Page n of m · Next"; `href(page)` is the URL of a page.
#[component]
pub fn Pager(
    current: i64,
    pages: i64,
    href: impl Fn(i64) -> String + 'static,
    /// The results region to fill with skeletons while the next page loads.
    #[prop(optional)]
    skeleton: Option<&'static str>,
) -> impl IntoView {
    let ctx = page_ctx();
    let pages = pages.max(1);
    view! {
            <nav class="pager" aria-label=ctx.t("list-pages") data-testid="pager">
                {(current > 1).then(|| view! { <a class="pager__item" rel="prev" href=href(current - 1) data-skeleton=skeleton>{ctx.t("list-prev")}</a> })}
                <span class="pager__status">{ctx.t_args("list-page-of", &[("current", &current.to_string()), ("pages", &pages.to_string())])}</span>
                {(current < pages).then(|| view! { <a class="pager__item" rel="next" href=href(current + 1) data-skeleton=skeleton>{ctx.t("list-next")}</a> })}
            </nav>
    }
}
