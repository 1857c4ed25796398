//! What crawlers read: robots.txt, the sitemap index and every sitemap (well-formed XML of
//! the protocol, URLs in their language, each answering 200), and the head of public and
//! private pages (absolute canonical per language, hreflang alternates, noindex).

use crate::common;

use common::{page, site, with_seeded_apps};

const SITEMAP_NS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// The `<loc>` values of a sitemap document, checked against the protocol's shape.
fn locs(xml: &str, root: &str, item: &str, what: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{what}: not XML: {e}"));
    let top = doc.root_element();
    assert_eq!(top.tag_name().name(), root, "{what}");
    assert_eq!(top.tag_name().namespace(), Some(SITEMAP_NS), "{what}");
    let items: Vec<_> = top.children().filter(|n| n.is_element()).collect();
    assert!(items.len() <= 50_000, "{what}: at most 50,000 URLs");
    items
        .iter()
        .map(|node| {
            assert_eq!(node.tag_name().name(), item, "{what}");
            if let Some(lastmod) = node.children().find(|c| c.has_tag_name("lastmod")) {
                let date = lastmod.text().unwrap_or_default();
                assert!(date.len() == 10 && date.as_bytes()[4] == b'-', "{what}: lastmod {date}");
            }
            node.children().find(|c| c.has_tag_name("loc")).and_then(|l| l.text()).expect("a loc").to_string()
        })
        .collect()
}

#[tokio::test]
async fn robots_and_sitemaps_list_the_public_pages_in_every_language() {
    with_seeded_apps(async |app, what| {
        let router = site(app);
        let origin = app.state.config.public_url.clone();

        let (status, headers, robots) = page(&router, "/robots.txt", &[]).await;
        assert_eq!(status, 200, "{what}");
        assert!(headers["content-type"].to_str().unwrap().starts_with("text/plain"));
        for line in ["Disallow: /api/", "Disallow: /user-center", "Disallow: /cart", "Disallow: /login"] {
            assert!(robots.lines().any(|l| l == line), "{what}: {line}");
        }
        assert!(robots.contains(&format!("Sitemap: {origin}/sitemap.xml")), "{what}");

        let (status, headers, index) = page(&router, "/sitemap.xml", &[]).await;
        assert_eq!(status, 200, "{what}");
        assert!(headers["content-type"].to_str().unwrap().starts_with("application/xml"));
        let files = locs(&index, "sitemapindex", "sitemap", what);
        assert_eq!(files.len() % 3, 0, "{what}: the same files in each language");
        let products: i64 = app
            .count("SELECT COUNT(*) FROM product p JOIN shop s ON s.shop_id = p.shop_id WHERE p.status = 1 AND s.shop_status = 1")
            .await;
        let mut seen = std::collections::HashSet::new();
        let mut product_urls = 0;
        for file in &files {
            let path = file.strip_prefix(&origin).unwrap_or_else(|| panic!("{what}: absolute {file}"));
            let (status, _, xml) = page(&router, path, &[]).await;
            assert_eq!(status, 200, "{what}: {path}");
            let lang = path.split('/').nth(2).unwrap();
            let urls = locs(&xml, "urlset", "url", path);
            for url in &urls {
                assert!(url.starts_with(&origin) && url.ends_with(&format!("lang={lang}")), "{what}: {url}");
                assert!(seen.insert(url.clone()), "{what}: {url} listed twice");
            }
            if path.contains("/products-") {
                product_urls += urls.len() as i64;
            }
            // Every URL of the small kinds answers 200 and is its page's own canonical, with
            // no robots rule; a sample of the products.
            let sample = if path.contains("/products-") { 12 } else { urls.len() };
            for url in urls.iter().take(sample) {
                let (status, _, html) = page(&router, url.strip_prefix(&origin).unwrap(), &[]).await;
                assert_eq!(status, 200, "{what}: {url}");
                assert_eq!(links(&html).1.as_deref(), Some(url.as_str()), "{what}: the sitemap lists its canonical");
                assert!(!html.contains("name=\"robots\""), "{what}: {url} is indexable");
            }
        }
        assert_eq!(product_urls, products * 3, "{what}: every product in each language");
        for kind in ["pages", "products", "shops", "categories", "deals", "notices"] {
            assert!(files.iter().any(|f| f.contains(&format!("/km/{kind}-1.xml"))), "{what}: {kind}");
        }

        for missing in ["/sitemaps/fr/products-1.xml", "/sitemaps/zh_HK/products-1.xml", "/sitemaps/en/products-9.xml",
            "/sitemaps/en/products-0.xml", "/sitemaps/en/other-1.xml"]
        {
            assert_eq!(page(&router, missing, &[]).await.0, 404, "{what}: {missing}");
        }
    })
    .await;
}

/// The `href` of each `<link rel="alternate">` by its `hreflang`, and the canonical.
fn links(html: &str) -> (Vec<(String, String)>, Option<String>) {
    let head = &html[..html.find("</head>").expect("a head")];
    let attr = |tag: &str, name: &str| {
        tag.split(&format!("{name}=\"")).nth(1).and_then(|v| v.split('"').next()).map(|v| v.replace("&amp;", "&"))
    };
    let mut alternates = Vec::new();
    let mut canonical = None;
    for tag in head.split("<link").skip(1).map(|t| t.split('>').next().unwrap_or_default()) {
        match attr(tag, "rel").as_deref() {
            Some("alternate") => alternates.push((attr(tag, "hreflang").unwrap(), attr(tag, "href").unwrap())),
            Some("canonical") => canonical = attr(tag, "href"),
            _ => {}
        }
    }
    (alternates, canonical)
}

#[tokio::test]
async fn every_language_has_its_own_canonical_url_and_private_pages_are_not_indexed() {
    let app = common::sqlite().await;
    server::demo::seed::seed(&app.state.db, server::demo::seed::SeedOptions { products: 40, buyers: false })
        .await
        .expect("seed");
    let router = site(&app);
    let origin = app.state.config.public_url.clone();
    let expected_alternates = |path: &str| {
        vec![
            ("en".to_string(), format!("{origin}{path}lang=en")),
            ("zh-CN".to_string(), format!("{origin}{path}lang=zh_CN")),
            ("km".to_string(), format!("{origin}{path}lang=km")),
            ("x-default".to_string(), format!("{origin}{}", path.trim_end_matches(['?', '&']))),
        ]
    };
    for (url, own, base) in [
        ("/?lang=zh_CN", "/?lang=zh_CN", "/?"),
        ("/?lang=km", "/?lang=km", "/?"),
        // The default address (no language asked for) is its own canonical, the x-default.
        ("/", "/", "/?"),
        ("/detail?prodId=1&lang=km", "/detail?prodId=1&lang=km", "/detail?prodId=1&"),
        ("/shop-index?sid=2&lang=zh_CN", "/shop-index?sid=2&lang=zh_CN", "/shop-index?sid=2&"),
    ] {
        let (status, headers, html) = page(&router, url, &[]).await;
        assert_eq!(status, 200, "{url}");
        assert!(headers["vary"].to_str().unwrap().contains("Cookie"), "{url}");
        let (alternates, canonical) = links(&html);
        assert_eq!(canonical, Some(format!("{origin}{own}")), "{url}");
        assert_eq!(alternates, expected_alternates(base), "{url}");
        assert!(!html.contains("name=\"robots\""), "{url}");
    }
    // The language a cookie chose is the page's language, and its canonical says so.
    let (_, _, html) = page(&router, "/", &[("cookie", "lang=km")]).await;
    assert_eq!(links(&html).1, Some(format!("{origin}/?lang=km")));

    // Preferred shops are a page of their own, not all shops.
    let (_, _, html) = page(&router, "/shop-list?type=1&lang=en", &[]).await;
    assert_eq!(links(&html).1, Some(format!("{origin}/shop-list?type=1&lang=en")));
    let (_, _, html) = page(&router, "/shop-list?lang=en", &[]).await;
    assert_eq!(links(&html).1, Some(format!("{origin}/shop-list?lang=en")));
    // A list spelling out its default sort is the list without it.
    let (_, _, html) = page(&router, "/list?st=2&sort=2&lang=en", &[]).await;
    assert_eq!(links(&html).1, Some(format!("{origin}/list?st=2&lang=en")));

    // Search results: crawlers follow their links but index none of them.
    for url in
        ["/list?pn=phone", "/list?pn=tea&st=0&lang=km", "/shop-list?shopName=Lotus", "/shop-prod-list?sid=2&pn=case"]
    {
        let (status, _, html) = page(&router, url, &[]).await;
        assert_eq!(status, 200, "{url}");
        assert!(html.contains(r#"<meta name="robots" content="noindex, follow""#), "{url}: noindex, follow");
        assert_eq!(links(&html), (Vec::new(), None), "{url}: no canonical");
    }

    // Every page's title ends with the site's name.
    let title = |html: &str| {
        html.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or_default().to_string()
    };
    for (url, site) in [
        ("/?lang=en", "Mekong Mall"),
        ("/list?st=2&lang=en", "Mekong Mall"),
        ("/detail?prodId=1&lang=en", "Mekong Mall"),
        ("/shop-index?sid=2&lang=en", "Mekong Mall"),
        ("/shop-list?type=1&lang=en", "Mekong Mall"),
        ("/coupons?lang=en", "Mekong Mall"),
        ("/list?pn=phone&lang=en", "Mekong Mall"),
        ("/login?lang=en", "Mekong Mall"),
        ("/?lang=zh_CN", "湄公商城"),
        ("/detail?prodId=1&lang=zh_CN", "湄公商城"),
        ("/list?st=1&lang=km", "ផ្សារ\u{200b}មេគង្គ"),
    ] {
        let (_, _, html) = page(&router, url, &[]).await;
        assert!(title(&html).ends_with(&format!(" - {site}")), "{url}: {}", title(&html));
    }

    for url in ["/login", "/register", "/forget-password", "/user-center/uc-home", "/no-such-page", "/404"] {
        let (status, _, html) = page(&router, url, &[]).await;
        // Guests are redirected away from the user centre; the other pages answer.
        if status != 302 {
            let (alternates, canonical) = links(&html);
            assert!(alternates.is_empty() && canonical.is_none(), "{url}: no canonical");
            assert!(html.contains(r#"<meta name="robots" content="noindex""#), "{url}: noindex");
        }
    }
    app.finish().await;
}
