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

/// The islands that wait for the visitor's first pointer, touch, key, focus, wheel or scroll:
/// each changes nothing on the page until the visitor acts on it. Until then the server's HTML
/// stands in for them (links, the search form, the buttons as rendered); a click or a form sent
/// meant for one of them is played again once it is interactive, and what the visitor typed in
/// it meanwhile is kept. A page with only these (no widget inside an island that mounts without
/// an event, nothing marked `data-hydrate-at-load`) fetches no wasm before the visitor does
/// something; any other island (a carousel, a countdown, one that loads or reads something as it
/// starts) has the whole page hydrate once it has loaded. See `islands_loader.js`.
pub const HYDRATE_ON_INTENT: &[&str] = &[
    // The frame's, on every page.
    "AuthLink",
    "CartCountWatch",
    "ChatLinks",
    "ChatUnreadWatch",
    "CompareLinks",
    "HydrationDone",
    "MyShopLink",
    "SearchBox",
    "StickyWatch",
    // Buttons and forms that act only when used.
    "AddressBook",
    "BuyBox",
    "BuyMemberForm",
    "CartView",
    // Rendered by the server from the hand-over cookie; marked to start at load otherwise.
    "Checkout",
    // Rendered by the server for orders awaiting payment; marked to start at load otherwise.
    "PaymentCounter",
    "ClaimCoupon",
    "CollectProduct",
    "CollectShop",
    "ContactBind",
    "CopyLink",
    "FavouriteList",
    "FootprintList",
    "ForgotPassword",
    "Gallery",
    "InvoiceForm",
    "OrderActions",
    "PasswordForm",
    "PayPasswordForm",
    "RedeemForm",
    "ProfileForm",
    "SignInBox",
    "TopUpForm",
];

/// The events widgets send to islands, held while the islands are not yet interactive and
/// dispatched again once they are, so that an island hydrating on the visitor's first move
/// still learns of an avatar uploaded, or a cart changed, before it. Each carries a state its
/// listeners take as it is, so hearing one twice changes nothing.
pub const HELD_EVENTS: &[&str] =
    &[crate::events::IMAGES_CHANGED, crate::events::CART_CHANGED, crate::events::CHAT_UNREAD];

/// The islands' loader script (`islands_loader.js`, called with the hashed URLs of the wasm
/// glue and module, [`HYDRATE_ON_INTENT`] and [`HELD_EVENTS`]). It replaces Leptos's `HydrationScripts`, whose resource hints start the
/// module's download at once, in competition with what the page paints first; this one starts
/// it after the page has loaded (see the script). The URLs are Leptos's own, read once from
/// the markup `HydrationScripts` renders.
pub fn islands_loader(options: &LeptosOptions) -> &'static str {
    use leptos::tachys::view::RenderHtml;
    use std::sync::OnceLock;
    static SCRIPT: OnceLock<String> = OnceLock::new();
    SCRIPT.get_or_init(|| {
        let options = options.clone();
        let markup = Owner::new().with(|| view! { <HydrationScripts options islands=true /> }.to_html());
        let href_of = |rel: &str| {
            let marker = format!(r#"rel="{rel}" href=""#);
            let start = markup.find(&marker).map(|at| at + marker.len());
            let href = start.and_then(|start| markup[start..].split('"').next());
            href.unwrap_or_else(|| panic!("Leptos's hydration markup has no {rel} link: {markup}"))
        };
        let url = |href: &str| script_json(&serde_json::Value::String(href.to_owned()));
        // Its comments stay in the source: every page carries the script.
        let source: Vec<&str> =
            include_str!("islands_loader.js").lines().filter(|line| !line.trim_start().starts_with("//")).collect();
        format!(
            "({})({}, {}, {}, {});",
            source.join("\n").trim(),
            url(href_of("modulepreload")),
            url(href_of("preload")),
            script_json(&serde_json::json!(HYDRATE_ON_INTENT)),
            script_json(&serde_json::json!(HELD_EVENTS)),
        )
    })
}

/// The islands' loader as [`shell`] writes it into every page. The server hashes its inline
/// script for the Content-Security-Policy.
pub fn hydration_scripts_html(options: LeptosOptions) -> String {
    format!(r#"<script type="module">{}</script>"#, islands_loader(&options))
}

/// The islands' loader, and what Leptos's `HydrationScripts` does besides its markup: in
/// islands mode, only islands are hydrated, so the rest of the page is rendered without
/// hydration markers.
#[component]
fn IslandsLoader(options: LeptosOptions) -> impl IntoView {
    if let Some(shared) = Owner::current_shared_context() {
        shared.set_is_hydrating(false);
    }
    view! { <script type="module" nonce=leptos::nonce::use_nonce() inner_html=islands_loader(&options)></script> }
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
                // Before the widgets' loader, which reads whether the islands wait for the visitor.
                <IslandsLoader options />
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

#[cfg(test)]
mod tests {
    use super::HYDRATE_ON_INTENT;
    use std::path::Path;

    fn sources(dir: &Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    /// The loader matches islands by name: a misspelt or renamed one would silently hydrate
    /// at load again.
    #[test]
    fn every_island_that_waits_for_the_visitor_exists() {
        let mut all = String::new();
        sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut all);
        for name in HYDRATE_ON_INTENT {
            let eager = format!("#[island]\npub fn {name}(");
            let lazy = format!("#[island(lazy)]\npub fn {name}(");
            assert!(all.contains(&eager) || all.contains(&lazy), "no island named {name}");
        }
    }
}
