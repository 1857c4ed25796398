//! The sitemap protocol's documents (sitemaps.org 0.9), built from entries: pure functions.

use app::site::seo::with_lang;
use i18n::Lang;

/// Most URLs one sitemap may list (the protocol's limit).
pub const MAX_URLS: usize = 50_000;

/// What a sitemap lists: each kind has its own files per language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The home, the fixed lists and the activity pages.
    Pages,
    Products,
    Shops,
    Categories,
    /// Discount and coupon pages.
    Deals,
    Notices,
}

impl Kind {
    pub const ALL: [Kind; 6] = [Kind::Pages, Kind::Products, Kind::Shops, Kind::Categories, Kind::Deals, Kind::Notices];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Pages => "pages",
            Kind::Products => "products",
            Kind::Shops => "shops",
            Kind::Categories => "categories",
            Kind::Deals => "deals",
            Kind::Notices => "notices",
        }
    }
}

/// One page: its site path with query (no `lang`) and when it last changed (Unix ms).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub path: String,
    pub lastmod: Option<i64>,
}

/// How many files `count` entries take (at least one, so every kind is listed).
pub fn file_count(count: usize) -> usize {
    count.div_ceil(MAX_URLS).max(1)
}

/// The newest change among `entries`.
pub fn newest(entries: &[Entry]) -> Option<i64> {
    entries.iter().filter_map(|e| e.lastmod).max()
}

/// The entries of file `number` (from 1), if it exists.
pub fn chunk(entries: &[Entry], number: usize) -> Option<&[Entry]> {
    if number == 0 || number > file_count(entries.len()) {
        return None;
    }
    let start = (number - 1) * MAX_URLS;
    Some(&entries[start.min(entries.len())..(start + MAX_URLS).min(entries.len())])
}

/// `products-2.xml` → (Products, 2).
pub fn parse_file_name(file: &str) -> Option<(Kind, usize)> {
    let (name, number) = file.strip_suffix(".xml")?.rsplit_once('-')?;
    let kind = Kind::ALL.into_iter().find(|k| k.name() == name)?;
    if number.is_empty() || number.starts_with('0') || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((kind, number.parse().ok()?))
}

/// The path of a sitemap file.
pub fn file_path(lang: Lang, kind: Kind, number: usize) -> String {
    format!("/sitemaps/{}/{}-{number}.xml", lang.code(), kind.name())
}

/// `robots.txt`: every crawler may read the public pages; the API and the private pages
/// (`private`, path prefixes) are disallowed; the sitemap index is named.
pub fn robots_txt(origin: &str, private: &[&str]) -> String {
    let mut out = String::from("User-agent: *\nDisallow: /api/\n");
    for path in private {
        out.push_str(&format!("Disallow: {path}\n"));
    }
    out.push_str(&format!("Allow: /\n\nSitemap: {origin}/sitemap.xml\n"));
    out
}

/// The sitemap index: every kind's files (`(kind, file count, newest change)`) in every language.
pub fn index_xml(origin: &str, files: &[(Kind, usize, Option<i64>)]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for lang in Lang::ALL {
        for (kind, count, newest) in files {
            for number in 1..=*count {
                out.push_str("<sitemap><loc>");
                out.push_str(&xml_text(&format!("{origin}{}", file_path(lang, *kind, number))));
                out.push_str("</loc>");
                push_lastmod(&mut out, *newest);
                out.push_str("</sitemap>\n");
            }
        }
    }
    out.push_str("</sitemapindex>\n");
    out
}

/// One sitemap: `entries` at their URLs in `lang`.
pub fn urlset_xml(origin: &str, lang: Lang, entries: &[Entry]) -> String {
    let mut out = String::with_capacity(entries.len() * 96 + 160);
    out.push_str(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for entry in entries {
        out.push_str("<url><loc>");
        out.push_str(&xml_text(&format!("{origin}{}", with_lang(&entry.path, Some(lang)))));
        out.push_str("</loc>");
        push_lastmod(&mut out, entry.lastmod);
        out.push_str("</url>\n");
    }
    out.push_str("</urlset>\n");
    out
}

fn push_lastmod(out: &mut String, ms: Option<i64>) {
    if let Some(ms) = ms.filter(|ms| *ms > 0) {
        out.push_str("<lastmod>");
        out.push_str(&w3c_date(ms));
        out.push_str("</lastmod>");
    }
}

/// The UTC date of a Unix time in milliseconds, `YYYY-MM-DD` (W3C Datetime).
pub fn w3c_date(ms: i64) -> String {
    api::calendar::utc_of_ms(ms).date_text()
}

fn xml_text(text: &str) -> String {
    html_escape::encode_text(text).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize) -> Vec<Entry> {
        (1..=n).map(|i| Entry { path: format!("/detail?prodId={i}"), lastmod: Some(i as i64) }).collect()
    }

    #[test]
    fn files_split_at_fifty_thousand_urls() {
        assert_eq!(file_count(0), 1);
        assert_eq!(file_count(50_000), 1);
        assert_eq!(file_count(50_001), 2);
        assert_eq!(file_count(100_000), 2);
        let all = entries(100_001);
        assert_eq!(chunk(&all, 1).unwrap().len(), 50_000);
        assert_eq!(chunk(&all, 2).unwrap()[0].path, "/detail?prodId=50001");
        assert_eq!(chunk(&all, 3).unwrap().len(), 1);
        assert!(chunk(&all, 4).is_none() && chunk(&all, 0).is_none());
        assert_eq!(chunk(&[], 1).unwrap().len(), 0);
    }

    #[test]
    fn file_names_round_trip() {
        for kind in Kind::ALL {
            let path = file_path(Lang::Km, kind, 3);
            let file = path.rsplit('/').next().unwrap();
            assert_eq!(parse_file_name(file), Some((kind, 3)));
        }
        for bad in ["products.xml", "products-0.xml", "products-01.xml", "products-x.xml", "other-1.xml", "products-1"]
        {
            assert_eq!(parse_file_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn urls_carry_their_language_escaped() {
        let xml = urlset_xml(
            "https://mall.example",
            Lang::ZhCn,
            &[Entry { path: "/list?cpid=1&st=0".into(), lastmod: Some(0) }],
        );
        assert!(xml.contains("<loc>https://mall.example/list?cpid=1&amp;st=0&amp;lang=zh_CN</loc>"), "{xml}");
        assert!(!xml.contains("<lastmod>"), "no date for an unknown change");
        let xml = urlset_xml(
            "https://mall.example",
            Lang::En,
            &[Entry { path: "/".into(), lastmod: Some(1_700_000_000_000) }],
        );
        assert!(xml.contains("<loc>https://mall.example/?lang=en</loc><lastmod>2023-11-14</lastmod>"), "{xml}");
    }

    #[test]
    fn the_index_names_every_file_in_every_language() {
        let xml = index_xml("https://m.example", &[(Kind::Products, 2, Some(86_400_000)), (Kind::Shops, 1, None)]);
        assert_eq!(xml.matches("<sitemap>").count(), 9);
        assert!(xml.contains("<loc>https://m.example/sitemaps/km/products-2.xml</loc><lastmod>1970-01-02</lastmod>"));
    }

    #[test]
    fn robots_disallows_the_private_pages() {
        let txt = robots_txt("https://m.example", &["/cart", "/user-center"]);
        assert!(txt.contains("Disallow: /cart\n") && txt.contains("Disallow: /api/\n"));
        assert!(txt.ends_with("Sitemap: https://m.example/sitemap.xml\n"));
    }

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(w3c_date(0), "1970-01-01");
        assert_eq!(w3c_date(951_782_400_000), "2000-02-29");
        assert_eq!(w3c_date(1_795_000_000_000), "2026-11-18");
    }
}
