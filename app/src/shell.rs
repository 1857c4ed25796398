//! The HTML document around every page: head, hydration loader, widget assets, and the JSON
//! of the texts the browser-side code needs.

use crate::context::{page_ctx, PageCtx};
use leptos::prelude::*;
use leptos_meta::{provide_meta_context, HashedStylesheet, MetaTags};

/// Strings the browser-side code needs (toasts of spec section 8), rendered as JSON.
fn client_texts(ctx: &PageCtx) -> String {
    script_json(&serde_json::json!({
        "hiccup": ctx.t("error-server-hiccup"),
        "error": ctx.t("toast-error"),
    }))
}

/// JSON safe to place inside a `<script>` element: no `<`, `>` or `&` (so no `</script>` or
/// `<!--`), and no line separators, whatever the strings hold.
pub fn script_json(value: &serde_json::Value) -> String {
    let mut out = String::new();
    for c in value.to_string().chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Leptos's hydration scripts as [`shell`] writes them into every page (`HydrationScripts`
/// in islands mode: the glue and the module preloaded from the `<head>`, the islands hydrated
/// at the browser's first idle moment). The server hashes their inline script for the
/// Content-Security-Policy; its text depends only on the build's file names.
pub fn hydration_scripts_html(options: LeptosOptions) -> String {
    use leptos::tachys::view::RenderHtml;
    Owner::new().with(|| view! { <HydrationScripts options islands=true /> }.to_html())
}

/// The whole HTML document.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    provide_meta_context();
    let ctx = page_ctx();
    let lang = ctx.lang().tag();
    let widget_scripts = ctx.widgets.scripts.clone();
    let widget_styles = ctx.widgets.styles.clone();
    let texts = client_texts(&ctx);
    view! {
        <!DOCTYPE html>
        <html lang=lang>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
                <HashedStylesheet options=options.clone() id="leptos" />
                {widget_styles.into_iter().map(|href| view! { <link rel="stylesheet" href=href /> }).collect_view()}
                <HydrationScripts options islands=true />
                {widget_scripts.into_iter().map(|src| view! { <script type="module" src=src></script> }).collect_view()}
                <MetaTags />
            </head>
            <body>
                <script type="application/json" id="mall-client-i18n" inner_html=texts></script>
                <crate::routes::App />
            </body>
        </html>
    }
}
