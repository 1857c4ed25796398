//! What crawlers read: one stable URL per language (`?lang=`), which pages are private
//! (`noindex`, no canonical), titles that fit a results page, and JSON-LD structured data.

use i18n::Lang;
use leptos::prelude::*;

/// Longest title a results page shows whole.
pub const MAX_TITLE_CHARS: usize = 60;

/// Path prefixes of pages that belong to one buyer, or that crawlers have no use for: they
/// get `noindex` and no canonical or alternates (robots.txt disallows them too).
pub const PRIVATE_PATHS: &[&str] = &[
    "/user-center",
    "/member-center",
    "/cart",
    "/submit-order",
    "/submit-integral-order",
    "/payment",
    "/order-detail",
    "/return-detail",
    "/invoice-detail",
    "/write-comments",
    "/chat",
    "/login",
    "/register",
    "/forget-password",
    "/oauth-callback",
    "/google/callback",
    "/dev",
    "/404",
];

/// Whether `path` is a private page (see [`PRIVATE_PATHS`]).
pub fn is_private(path: &str) -> bool {
    PRIVATE_PATHS.iter().any(|p| path == *p || path.strip_prefix(p).is_some_and(|rest| rest.starts_with('/')))
}

/// Whether `path` with `query` shows search results: products by a searched name
/// (`/list?pn=`, a shop's `/shop-prod-list?pn=`) or shops by name (`/shop-list?shopName=`).
/// They are `noindex, follow`: crawlers reach the products and shops through them, but
/// every typed word would otherwise be a page of its own.
pub fn is_search_results(path: &str, query: &str) -> bool {
    let searched = |name: &str| crate::url::query_param(query, name).is_some_and(|v| !v.trim().is_empty());
    match path {
        "/list" | "/shop-prod-list" => searched("pn"),
        "/shop-list" => searched("shopName"),
        _ => false,
    }
}

/// The site's name, the brand every page title ends with: the configured logo text, else
/// the translated `site-name`.
pub fn site_name(ctx: &crate::context::PageCtx) -> String {
    ctx.web(|w| &w.pc_logo_img_text, &ctx.t("site-name"))
}

/// `path_and_query` with `lang=` set to `lang` (replacing any), or removed with `None`: the
/// language's own URL, or the language-neutral one (`x-default`, which follows the visitor's
/// cookie, else the country's language).
pub fn with_lang(path_and_query: &str, lang: Option<Lang>) -> String {
    let (path, query) = path_and_query.split_once('?').unwrap_or((path_and_query, ""));
    let mut pairs: Vec<&str> =
        query.split('&').filter(|p| !p.is_empty() && p.split('=').next() != Some("lang")).collect();
    let own;
    if let Some(lang) = lang {
        own = format!("lang={}", lang.code());
        pairs.push(&own);
    }
    if pairs.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", pairs.join("&"))
    }
}

/// `title - site`, shortened with an ellipsis to fit [`MAX_TITLE_CHARS`] (the page's own
/// title is cut first; the site name goes when even one word of the title would not fit).
pub fn full_title(title: &str, site: &str) -> String {
    let title = title.trim();
    let joined = format!("{title} - {site}");
    if joined.chars().count() <= MAX_TITLE_CHARS {
        return joined;
    }
    let room = MAX_TITLE_CHARS.saturating_sub(site.chars().count() + 4);
    if room >= 12 {
        let cut: String = title.chars().take(room).collect();
        return format!("{}… - {site}", cut.trim_end());
    }
    if title.chars().count() <= MAX_TITLE_CHARS {
        return title.to_string();
    }
    let cut: String = title.chars().take(MAX_TITLE_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// A meta description: the text's words, without markup, cut at about 160 characters.
pub fn description(text: &str) -> String {
    let plain = strip_tags(text);
    let words: Vec<&str> = plain.split_whitespace().collect();
    let joined = words.join(" ");
    if joined.chars().count() <= 160 {
        return joined;
    }
    let cut: String = joined.chars().take(157).collect();
    format!("{}…", cut.trim_end())
}

fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// A JSON-LD block. `<`, `>` and `&` are written as JSON escapes, so no value can close the
/// script element or open a comment in it.
#[component]
pub fn JsonLd(data: serde_json::Value) -> impl IntoView {
    let json = serde_json::to_string(&data)
        .unwrap_or_default()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    view! { <script type="application/ld+json" inner_html=json></script> }
}

/// A `BreadcrumbList` of `(name, absolute URL)` pairs, first the home.
pub fn breadcrumbs(items: &[(String, String)]) -> serde_json::Value {
    serde_json::json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items.iter().enumerate().map(|(i, (name, url))| serde_json::json!({
            "@type": "ListItem",
            "position": i + 1,
            "name": name,
            "item": url,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_url() {
        assert_eq!(with_lang("/", Some(Lang::ZhCn)), "/?lang=zh_CN");
        assert_eq!(with_lang("/detail?prodId=5&lang=km", Some(Lang::En)), "/detail?prodId=5&lang=en");
        assert_eq!(with_lang("/detail?prodId=5&lang=km", None), "/detail?prodId=5");
        assert_eq!(with_lang("/?lang=km", None), "/");
        assert_eq!(with_lang("/list?st=2&language=x", Some(Lang::Km)), "/list?st=2&language=x&lang=km");
    }

    #[test]
    fn search_results_are_the_searched_lists() {
        assert!(is_search_results("/list", "pn=phone"));
        assert!(is_search_results("/list", "st=0&pn=tea%20cup&lang=km"));
        assert!(is_search_results("/shop-list", "shopName=Lotus"));
        assert!(is_search_results("/shop-prod-list", "sid=2&pn=case"));
        for (path, query) in [
            ("/list", "st=2"),
            ("/list", "pn=&st=0"),
            ("/shop-list", "type=1"),
            ("/shop-list", ""),
            ("/shop-prod-list", "sid=2&cid=5"),
            ("/detail", "prodId=1&pn=x"),
        ] {
            assert!(!is_search_results(path, query), "{path}?{query}");
        }
    }

    #[test]
    fn private_pages_are_the_buyers_own() {
        for path in ["/cart", "/user-center/uc-home", "/login", "/payment", "/dev/mailbox", "/404"] {
            assert!(is_private(path), "{path}");
        }
        for path in ["/", "/detail", "/cartoons", "/list", "/shop-index", "/notice-list"] {
            assert!(!is_private(path), "{path}");
        }
    }

    #[test]
    fn titles_fit_a_results_page() {
        assert_eq!(full_title("Phones", "Mekong Mall"), "Phones - Mekong Mall");
        let long = "Wireless noise cancelling over-ear headphones with forty hours of battery";
        let title = full_title(long, "Mekong Mall");
        assert!(title.chars().count() <= MAX_TITLE_CHARS, "{title}");
        assert!(title.ends_with("… - Mekong Mall"), "{title}");
        let site = "A very long site name that nearly fills the whole title by itself";
        let title = full_title("Phones", site);
        assert_eq!(title, "Phones");
        assert!(full_title(long, site).chars().count() <= MAX_TITLE_CHARS);
    }

    #[test]
    fn json_ld_cannot_close_its_script() {
        let html = view! { <JsonLd data=serde_json::json!({ "name": "</script><!-- & x" }) /> }.to_html();
        assert!(html.contains(r#"{"name":"\u003c/script\u003e\u003c!-- \u0026 x"}"#), "{html}");
        assert_eq!(html.matches("</script>").count(), 1);
    }

    #[test]
    fn descriptions_are_plain_and_short() {
        assert_eq!(description("<p>Good <b>sound</b></p>\n\nand   more"), "Good sound and more");
        let long = "word ".repeat(100);
        let d = description(&long);
        assert!(d.chars().count() <= 160 && d.ends_with('…'));
    }
}
