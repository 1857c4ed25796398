//! The head of a page: its title, description, canonical and alternate URLs per language
//! (or `noindex` for a private page, `noindex, follow` for search results), and its share
//! card for social sites.

use crate::site::seo;
use i18n::Lang;
use leptos::prelude::*;
use leptos_meta::{Link, Meta, Title};

/// What a shared link shows (Open Graph and Twitter card): the page's title and
/// description with a cover image, and for a product its price as shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShareCard {
    /// The cover: a site-relative or absolute URL.
    pub image: String,
    /// `(amount, currency code)` for a product, e.g. `("12.50", "USD")`.
    pub price: Option<(String, String)>,
}

/// Title, description and canonical URL of a page (a site path with its query, without
/// `lang`; empty for a page that has none, such as the 404 page). Public pages get an
/// absolute canonical in the page's language and alternates for every language plus
/// `x-default`; private pages ([`seo::PRIVATE_PATHS`]) get `noindex` instead.
#[component]
pub fn PageMeta(
    title: String,
    description: String,
    canonical: String,
    #[prop(optional)] share: Option<ShareCard>,
) -> impl IntoView {
    let ctx = crate::context::page_ctx();
    // Every title ends with the site's name, the brand the header's logo reads (not the home
    // page's longer title, which left no room for it on most pages).
    let site = seo::site_name(&ctx);
    // leptos_meta writes the title's text into the head as it is: escape it here, since it
    // holds search text, product, shop and notice names. Attribute values are escaped by the
    // view macro.
    let full_title = seo::full_title(&title, &site);
    let title_text = html_escape::encode_text(&full_title).into_owned();
    let description = seo::description(&description);
    let private = seo::is_private(&ctx.prefs.path) || canonical.is_empty();
    let search = seo::is_search_results(&ctx.prefs.path, &ctx.prefs.query);
    let origin = ctx.origin.clone();
    let absolute =
        move |path: &str| if path.starts_with("http") { path.to_string() } else { format!("{origin}{path}") };
    // A language's own address is its canonical; the default address (no language asked for)
    // is its own too, as the x-default of the alternates, rather than pointing at one of them.
    let own_lang = if ctx.prefs.lang_default { None } else { Some(ctx.lang()) };
    let own_url = absolute(&seo::with_lang(&canonical, own_lang));
    let head = if private {
        view! { <Meta name="robots" content="noindex" /> }.into_any()
    } else if search {
        // Search results: crawlers follow their links to the products and shops but do not
        // index the results themselves, so they need no canonical either.
        view! { <Meta name="robots" content="noindex, follow" /> }.into_any()
    } else {
        let alternates = Lang::ALL
            .iter()
            .map(|lang| (lang.tag().to_string(), absolute(&seo::with_lang(&canonical, Some(*lang)))))
            .chain(std::iter::once(("x-default".to_string(), absolute(&seo::with_lang(&canonical, None)))))
            .map(|(hreflang, href)| view! { <Link rel="alternate" hreflang=hreflang href=href /> })
            .collect_view();
        let card = share.map(|card| {
            let image = absolute(&card.image);
            let kind = if card.price.is_some() { "product" } else { "website" };
            let price = card.price.map(|(amount, currency)| {
                view! {
                    <Meta property="product:price:amount" content=amount />
                    <Meta property="product:price:currency" content=currency />
                }
            });
            view! {
                <Meta property="og:type" content=kind />
                <Meta property="og:title" content=full_title.clone() />
                <Meta property="og:description" content=description.clone() />
                <Meta property="og:url" content=own_url.clone() />
                <Meta property="og:image" content=image.clone() />
                <Meta property="og:site_name" content=site.clone() />
                <Meta property="og:locale" content=ctx.lang().tag().replace('-', "_") />
                <Meta name="twitter:card" content="summary_large_image" />
                <Meta name="twitter:title" content=full_title.clone() />
                <Meta name="twitter:description" content=description.clone() />
                <Meta name="twitter:image" content=image />
                {price}
            }
        });
        view! {
            <Link rel="canonical" href=own_url.clone() />
            {alternates}
            {card}
        }
        .into_any()
    };
    view! {
        <Title text=title_text />
        <Meta name="description" content=description.clone() />
        {head}
    }
}
