//! Generated pictures of the demo mall: product photos, shop logos, category icons and
//! banners, drawn as SVG from the id alone (the same pure functions the seed uses), so the
//! demo needs no image files and no network.
//!
//! Paths: `/media/prod/{prodId}.svg` (optional `?view=1..4` for the gallery),
//! `/media/shop/{shopId}.svg`, `/media/cat/{categoryId}.svg`, `/media/banner/{n}.svg`.
//! Answers are immutable and cached for a year; unknown or malformed ids answer 404.
//! Banners carry words, so they are drawn in the visitor's language. Pages ask for them with
//! the language in the URL (`?lang=`, `api::url::picture_in_lang`): that answer is as
//! immutable as any other picture. An address without it (an old link) follows the `lang`
//! cookie, else English, and must then be revalidated (`no-cache`, `Vary: Cookie`), as one
//! URL answering in several languages cannot be cached.

use crate::demo::seed::catalog;
use crate::demo::seed::data::{self, Shape, Tr, SHOPS, TOPS};
use axum::extract::{Path, RawQuery};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use i18n::Lang;

/// Highest product id with a picture.
const MAX_PROD_ID: i64 = 1_000_000_000;
/// Highest shop id with a logo.
const MAX_SHOP_ID: i64 = 1_000_000;
/// Highest banner number.
const MAX_BANNER: i64 = 1_000;

const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
/// [`FONT`] with Khmer and Chinese system fonts, for the banners' words.
const BANNER_FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Khmer', 'Khmer OS', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/// Pictures without words never change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// A banner asked without `?lang=` changes with the language cookie: never reused unchecked.
const BANNER_BY_COOKIE: &str = "no-cache";

/// The media routes, to be merged at the site root.
pub fn router() -> Router {
    Router::new()
        .route("/media/prod/{file}", get(product))
        .route("/media/shop/{file}", get(shop))
        .route("/media/cat/{file}", get(category))
        .route("/media/banner/{file}", get(banner))
}

/// The id of `{id}.svg`, if well formed and in `1..=max`.
fn svg_id(file: &str, max: i64) -> Option<i64> {
    let digits = file.strip_suffix(".svg")?;
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let id: i64 = digits.parse().ok()?;
    (1..=max).contains(&id).then_some(id)
}

fn svg_response(body: Option<String>, cache: &'static str) -> Response {
    match body {
        Some(svg) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml")),
                (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            ],
            svg,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], "Not found")
            .into_response(),
    }
}

async fn product(Path(file): Path<String>, RawQuery(query): RawQuery) -> Response {
    let view = query
        .as_deref()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("view=")))
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|v| (1..=4).contains(v))
        .unwrap_or(1);
    svg_response(svg_id(&file, MAX_PROD_ID).map(|id| product_svg(id, view)), IMMUTABLE)
}

async fn shop(Path(file): Path<String>) -> Response {
    svg_response(svg_id(&file, MAX_SHOP_ID).map(shop_svg), IMMUTABLE)
}

async fn category(Path(file): Path<String>) -> Response {
    svg_response(svg_id(&file, 9_999).and_then(category_svg), IMMUTABLE)
}

/// A banner in the page language: `?lang=` (how pages ask), else the `lang` cookie.
async fn banner(Path(file): Path<String>, RawQuery(query): RawQuery, headers: HeaderMap) -> Response {
    let body = |lang: Lang| svg_id(&file, MAX_BANNER).map(|n| banner_svg(n, lang));
    if let Some(lang) = i18n::requested_lang(query.as_deref(), None) {
        return svg_response(body(lang), IMMUTABLE);
    }
    let cookie = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
    let lang = i18n::requested_lang(None, cookie).unwrap_or_default();
    let mut response = svg_response(body(lang), BANNER_BY_COOKIE);
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Cookie"));
    response
}

/// Escapes text for SVG content and attributes.
fn esc(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}

/// One language's text of a seed translation.
fn in_lang(text: Tr, lang: Lang) -> &'static str {
    match lang {
        Lang::En => text.0,
        Lang::ZhCn => text.1,
        Lang::Km => text.2,
    }
}

/// Rough width of a line in ems of a bold sans-serif: Chinese characters are square, Khmer
/// consonants a little wider than Latin letters, Khmer vowel signs above or below and
/// subscript consonants take no width.
fn text_ems(text: &str) -> f64 {
    let mut after_coeng = false;
    text.chars()
        .map(|c| {
            let width = match c {
                _ if after_coeng => 0.0,
                '\u{17B7}'..='\u{17BD}' | '\u{17C6}' | '\u{17C9}'..='\u{17D3}' | '\u{17DD}' => 0.0,
                '\u{1780}'..='\u{17FF}' => 0.72,
                '\u{2E80}'..='\u{9FFF}' | '\u{FF00}'..='\u{FFEF}' => 1.0,
                ' ' => 0.28,
                'A'..='Z' | '0'..='9' | '%' | 'm' | 'w' => 0.7,
                _ => 0.58,
            };
            after_coeng = c == '\u{17D2}';
            width
        })
        .sum()
}

/// The font size, at most `max`, at which `text` fits in `width` pixels.
fn fitting_size(text: &str, max: f64, width: f64) -> i64 {
    (width / text_ems(text).max(1.0)).min(max).floor() as i64
}

fn hsl(h: i64, s: i64, l: i64) -> String {
    format!("hsl({},{}%,{}%)", h.rem_euclid(360), s, l)
}

/// The drawing of a shape in a 400×400 box, centred on (200, 200).
fn shape_markup(shape: Shape, main: &str, accent: &str) -> String {
    let s = match shape {
        Shape::Phone => {
            r#"<rect x="135" y="80" width="130" height="240" rx="22" fill="{M}"/><rect x="147" y="104" width="106" height="180" rx="6" fill="{A}"/><circle cx="200" cy="302" r="8" fill="{A}"/>"#
        }
        Shape::Headphones => {
            r#"<path d="M110 230v-30a90 90 0 0 1 180 0v30" fill="none" stroke="{M}" stroke-width="18" stroke-linecap="round"/><rect x="92" y="215" width="46" height="80" rx="18" fill="{M}"/><rect x="262" y="215" width="46" height="80" rx="18" fill="{M}"/><rect x="104" y="232" width="22" height="46" rx="10" fill="{A}"/><rect x="274" y="232" width="22" height="46" rx="10" fill="{A}"/>"#
        }
        Shape::Laptop => {
            r#"<rect x="110" y="110" width="180" height="125" rx="10" fill="{M}"/><rect x="122" y="122" width="156" height="101" rx="4" fill="{A}"/><path d="M80 245h240l-18 30H98z" fill="{M}"/>"#
        }
        Shape::Watch => {
            r#"<rect x="168" y="80" width="64" height="240" rx="20" fill="{M}" opacity=".55"/><circle cx="200" cy="200" r="62" fill="{M}"/><circle cx="200" cy="200" r="48" fill="{A}"/><path d="M200 170v30l20 14" stroke="{M}" stroke-width="6" fill="none" stroke-linecap="round"/>"#
        }
        Shape::Shirt => {
            r#"<path d="M150 95l-65 38 25 48 30-14v138h120V167l30 14 25-48-65-38q-25 25-50 0z" fill="{M}"/><path d="M175 100q25 22 50 0" stroke="{A}" stroke-width="6" fill="none"/>"#
        }
        Shape::Dress => {
            r#"<path d="M170 90h60l-8 50q40 60 68 170H110q28-110 68-170z" fill="{M}"/><rect x="168" y="135" width="64" height="14" rx="7" fill="{A}"/>"#
        }
        Shape::Shoe => {
            r#"<path d="M95 262v-72q0-18 20-18h32q10 40 60 42l62 10q40 8 40 38z" fill="{M}"/><rect x="88" y="260" width="224" height="22" rx="11" fill="{A}"/><path d="M160 200l12 -10M178 208l12-10M196 214l12-10" stroke="{A}" stroke-width="5" stroke-linecap="round"/>"#
        }
        Shape::Bag => {
            r#"<path d="M160 150v-20a40 40 0 0 1 80 0v20" fill="none" stroke="{M}" stroke-width="14"/><rect x="115" y="145" width="170" height="160" rx="24" fill="{M}"/><rect x="180" y="190" width="40" height="14" rx="7" fill="{A}"/>"#
        }
        Shape::Bottle => {
            r#"<rect x="180" y="80" width="40" height="40" rx="6" fill="{M}"/><rect x="150" y="115" width="100" height="200" rx="28" fill="{M}"/><rect x="165" y="180" width="70" height="70" rx="8" fill="{A}"/>"#
        }
        Shape::Lipstick => {
            r#"<rect x="165" y="200" width="70" height="120" rx="10" fill="{M}"/><rect x="175" y="150" width="50" height="55" fill="{A}"/><path d="M175 150v-50l50-25v75z" fill="{M}" opacity=".8"/>"#
        }
        Shape::Pot => {
            r#"<rect x="110" y="170" width="180" height="120" rx="26" fill="{M}"/><rect x="95" y="160" width="210" height="22" rx="11" fill="{M}"/><rect x="185" y="130" width="30" height="26" rx="8" fill="{M}"/><rect x="130" y="210" width="140" height="12" rx="6" fill="{A}"/>"#
        }
        Shape::Pillow => {
            r#"<path d="M100 140q100-40 200 0q-20 60 0 120q-100 40-200 0q20-60 0-120z" fill="{M}"/><path d="M130 200h140" stroke="{A}" stroke-width="6" stroke-dasharray="10 10"/>"#
        }
        Shape::Lamp => {
            r#"<path d="M150 100h100l30 90H120z" fill="{M}"/><rect x="193" y="190" width="14" height="100" fill="{M}"/><rect x="140" y="290" width="120" height="20" rx="10" fill="{M}"/><circle cx="200" cy="206" r="10" fill="{A}"/>"#
        }
        Shape::Cup => {
            r#"<path d="M120 140h140v90a60 60 0 0 1-60 60h-20a60 60 0 0 1-60-60z" fill="{M}"/><path d="M260 160h20a30 30 0 0 1 0 60h-22" fill="none" stroke="{M}" stroke-width="14"/><path d="M165 90q15 20 0 40M205 90q15 20 0 40" stroke="{M}" stroke-width="8" fill="none" stroke-linecap="round" opacity=".5"/>"#
        }
        Shape::Snack => {
            r#"<path d="M130 90h140l-10 30q20 90 0 180l10 20H130l10-20q-20-90 0-180z" fill="{M}"/><circle cx="200" cy="205" r="34" fill="{A}"/>"#
        }
        Shape::Jar => {
            r#"<rect x="165" y="85" width="70" height="30" rx="6" fill="{M}"/><rect x="130" y="115" width="140" height="200" rx="30" fill="{M}"/><rect x="150" y="175" width="100" height="60" rx="8" fill="{A}"/>"#
        }
        Shape::Dumbbell => {
            r#"<rect x="80" y="150" width="40" height="100" rx="10" fill="{M}"/><rect x="280" y="150" width="40" height="100" rx="10" fill="{M}"/><rect x="115" y="170" width="25" height="60" rx="6" fill="{M}"/><rect x="260" y="170" width="25" height="60" rx="6" fill="{M}"/><rect x="140" y="190" width="120" height="20" rx="8" fill="{A}"/>"#
        }
        Shape::Bicycle => {
            r#"<circle cx="130" cy="250" r="55" fill="none" stroke="{M}" stroke-width="12"/><circle cx="270" cy="250" r="55" fill="none" stroke="{M}" stroke-width="12"/><path d="M130 250l50-90h70l20 90M180 160l40 90h-90M250 160l-15-35h-30" fill="none" stroke="{M}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>"#
        }
        Shape::Tent => r#"<path d="M200 90l120 210H80z" fill="{M}"/><path d="M200 180l45 120h-90z" fill="{A}"/>"#,
        Shape::Ball => {
            r#"<circle cx="200" cy="200" r="110" fill="{M}"/><path d="M90 200h220M200 90q-70 110 0 220M200 90q70 110 0 220" stroke="{A}" stroke-width="8" fill="none"/>"#
        }
        Shape::Bear => {
            r#"<circle cx="145" cy="130" r="34" fill="{M}"/><circle cx="255" cy="130" r="34" fill="{M}"/><circle cx="200" cy="210" r="100" fill="{M}"/><circle cx="165" cy="195" r="10" fill="{A}"/><circle cx="235" cy="195" r="10" fill="{A}"/><ellipse cx="200" cy="245" rx="34" ry="24" fill="{A}"/>"#
        }
        Shape::Blocks => {
            r#"<rect x="105" y="200" width="90" height="90" rx="8" fill="{M}"/><rect x="205" y="200" width="90" height="90" rx="8" fill="{M}" opacity=".75"/><rect x="155" y="110" width="90" height="90" rx="8" fill="{M}" opacity=".9"/><circle cx="200" cy="155" r="16" fill="{A}"/>"#
        }
        Shape::Book => {
            r#"<path d="M200 120q-50-30-110-20v190q60-10 110 20z" fill="{M}"/><path d="M200 120q50-30 110-20v190q-60-10-110 20z" fill="{M}" opacity=".8"/><path d="M200 120v190" stroke="{A}" stroke-width="4"/>"#
        }
        Shape::Pencil => {
            r#"<g transform="rotate(-35 200 200)"><rect x="180" y="70" width="40" height="210" fill="{M}"/><path d="M180 280h40l-20 45z" fill="{A}"/><rect x="180" y="56" width="40" height="20" rx="4" fill="{M}" opacity=".6"/></g>"#
        }
        Shape::Brush => {
            r#"<g transform="rotate(30 200 200)"><rect x="190" y="60" width="20" height="180" rx="8" fill="{M}"/><rect x="185" y="235" width="30" height="25" fill="{A}"/><path d="M185 260h30q0 50-15 70q-15-20-15-70z" fill="{M}"/></g>"#
        }
    };
    s.replace("{M}", main).replace("{A}", accent)
}

/// A product picture: the category's colour and the product kind's shape.
pub fn product_svg(prod_id: i64, view: i64) -> String {
    let p = catalog::product(prod_id);
    let top = &TOPS[p.top];
    let shape = top.children[p.child].shape;
    // Vary the shade per product and per gallery view.
    let hue = i64::from(top.hue) + (prod_id % 7 - 3) * 4 + (view - 1) * 18;
    let angle = (prod_id * 37 + view * 90) % 360;
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{bg1}"/><stop offset="1" stop-color="{bg2}"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/><g transform="rotate({angle} 200 200)"><circle cx="320" cy="80" r="110" fill="{deco}" opacity=".55"/><circle cx="60" cy="360" r="70" fill="{deco}" opacity=".4"/></g><ellipse cx="200" cy="338" rx="120" ry="14" fill="{shadow}" opacity=".25"/>{shape}</svg>"#,
        bg1 = hsl(hue, 80, 96),
        bg2 = hsl(hue + 30, 70, 84),
        deco = hsl(hue - 20, 75, 90),
        shadow = hsl(hue, 40, 30),
        shape = shape_markup(shape, &hsl(hue, 55, 42), &hsl(hue, 80, 90)),
    )
}

/// A shop logo: the shop's initial on a gradient of its speciality's colour.
pub fn shop_svg(shop_id: i64) -> String {
    let name = data::shop_name(shop_id);
    let initial = name.chars().next().unwrap_or('S').to_uppercase().to_string();
    let hue = usize::try_from(shop_id - 1)
        .ok()
        .and_then(|i| SHOPS.get(i))
        .and_then(|s| s.specialty)
        .map(|t| i64::from(TOPS[t].hue))
        .unwrap_or(200 + shop_id * 47);
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{c1}"/><stop offset="1" stop-color="{c2}"/></linearGradient></defs><rect width="200" height="200" rx="36" fill="url(#g)"/><circle cx="160" cy="40" r="50" fill="white" opacity=".12"/><text x="100" y="128" text-anchor="middle" font-family="{FONT}" font-size="92" font-weight="700" fill="white">{initial}</text><title>{title}</title></svg>"#,
        c1 = hsl(hue, 70, 55),
        c2 = hsl(hue + 35, 65, 38),
        initial = esc(&initial),
        title = esc(&name),
    )
}

/// A category icon: the shape of its kind of products on a round badge of its colour.
pub fn category_svg(category_id: i64) -> Option<String> {
    let (top, child, _) = catalog::category_path(category_id)?;
    let top_def = &TOPS[top];
    let shape = top_def.children[child.unwrap_or(0)].shape;
    let hue = i64::from(top_def.hue) + child.map_or(0, |c| c as i64 * 12);
    Some(format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="96" height="96"><circle cx="200" cy="200" r="196" fill="{bg}"/>{shape}</svg>"#,
        bg = hsl(hue, 75, 92),
        shape = shape_markup(shape, &hsl(hue, 60, 45), &hsl(hue, 80, 94)),
    ))
}

/// The largest headline and sub-line font sizes of a banner: Khmer, taller and wider, is set
/// smaller than Latin and Chinese.
fn banner_max_sizes(lang: Lang) -> (f64, f64) {
    if lang == Lang::Km {
        (58.0, 27.0)
    } else {
        (68.0, 30.0)
    }
}

/// A 1200×450 banner with a headline, a sub-line and a button in `lang`. The words keep left
/// of the illustration (x < 760), long lines set smaller.
pub fn banner_svg(n: i64, lang: Lang) -> String {
    let (headline, sub) = data::banner_text(n);
    let (headline, sub, button) = (in_lang(headline, lang), in_lang(sub, lang), in_lang(data::BANNER_BUTTON, lang));
    let (headline_max, sub_max) = banner_max_sizes(lang);
    let button_size = if lang == Lang::Km { 22 } else { 24 };
    let button_width = (text_ems(button) * f64::from(button_size) + 64.0).max(190.0).round() as i64;
    let (top, child) = data::BANNER_ART[((n - 1) as usize) % data::BANNER_ART.len()];
    let top = &TOPS[top];
    let hue = i64::from(top.hue) + n / 12 * 40;
    let shape = top.children[child].shape;
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xml:lang="{tag}" viewBox="0 0 1200 450" width="1200" height="450"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{c1}"/><stop offset="1" stop-color="{c2}"/></linearGradient></defs><rect width="1200" height="450" fill="url(#g)"/><circle cx="1020" cy="90" r="240" fill="white" opacity=".1"/><circle cx="860" cy="430" r="160" fill="white" opacity=".08"/><text x="90" y="200" font-family="{BANNER_FONT}" font-size="{headline_size}" font-weight="800" fill="white">{headline}</text><text x="92" y="258" font-family="{BANNER_FONT}" font-size="{sub_size}" fill="white" opacity=".92">{sub}</text><rect x="92" y="300" width="{button_width}" height="56" rx="28" fill="white"/><text x="{button_x}" y="336" text-anchor="middle" font-family="{BANNER_FONT}" font-size="{button_size}" font-weight="700" fill="{c2}">{button}</text><g transform="translate(780 40) scale(0.95)"><circle cx="200" cy="200" r="170" fill="white" opacity=".9"/>{shape}</g></svg>"#,
        c1 = hsl(hue, 75, 52),
        c2 = hsl(hue + 40, 70, 36),
        tag = lang.tag(),
        headline_size = fitting_size(headline, headline_max, 670.0),
        sub_size = fitting_size(sub, sub_max, 670.0),
        button_x = 92 + button_width / 2,
        headline = esc(headline),
        sub = esc(sub),
        button = esc(button),
        shape = shape_markup(shape, &hsl(hue, 60, 45), &hsl(hue, 80, 92)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    async fn get(uri: &str) -> (StatusCode, Option<String>, Option<String>, String) {
        let response = router().oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
        let status = response.status();
        let header = |name| response.headers().get(name).map(|v: &HeaderValue| v.to_str().unwrap().to_string());
        let content_type = header(header::CONTENT_TYPE);
        let cache = header(header::CACHE_CONTROL);
        let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        (status, content_type, cache, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn serves_every_kind_of_picture() {
        for uri in [
            "/media/prod/1.svg",
            "/media/prod/99999.svg",
            "/media/prod/5.svg?view=3",
            "/media/shop/1.svg",
            "/media/shop/17.svg",
            "/media/cat/1.svg",
            "/media/cat/203.svg",
            "/media/cat/5032.svg",
            "/media/banner/1.svg",
            "/media/banner/5.svg",
        ] {
            let (status, content_type, cache, body) = get(uri).await;
            assert_eq!(status, StatusCode::OK, "{uri}");
            assert_eq!(content_type.as_deref(), Some("image/svg+xml"), "{uri}");
            let expected = if uri.starts_with("/media/banner/") { BANNER_BY_COOKIE } else { IMMUTABLE };
            assert_eq!(cache.as_deref(), Some(expected), "{uri}");
            assert!(body.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{uri}");
            assert!(body.ends_with("</svg>"), "{uri}");
            assert!(!body.contains("{M}") && !body.contains("{A}"), "{uri}");
        }
    }

    #[tokio::test]
    async fn invalid_ids_are_not_found() {
        for uri in [
            "/media/prod/0.svg",
            "/media/prod/-1.svg",
            "/media/prod/abc.svg",
            "/media/prod/12.png",
            "/media/prod/12",
            "/media/prod/.svg",
            "/media/prod/99999999999999999999.svg",
            "/media/shop/0.svg",
            "/media/cat/9.svg",
            "/media/cat/1099.svg",
            "/media/cat/10000.svg",
            "/media/banner/0.svg",
            "/media/banner/1001.svg",
            "/media/other/1.svg",
        ] {
            let (status, _, _, _) = get(uri).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        }
    }

    #[test]
    fn pictures_are_deterministic_and_carry_their_text() {
        assert_eq!(product_svg(42, 1), product_svg(42, 1));
        assert_ne!(product_svg(42, 1), product_svg(42, 2));
        assert!(shop_svg(2).contains(">A</text>"), "Angkor Digital shows its initial");
        assert!(shop_svg(17).contains("Metro Bags &amp; Co"), "names are escaped");
        assert_eq!(data::BANNERS.len(), data::BANNER_ART.len());
        for n in 1..=30 {
            assert!(banner_svg(n, Lang::En).contains(&*esc(data::banner_text(n).0 .0)));
        }
        assert!(banner_svg(1, Lang::En).contains("Mega Sale Week"));
        assert!(banner_svg(1, Lang::En).contains(r#"viewBox="0 0 1200 450""#));
    }

    /// A banner's `Vary` and `Cache-Control` headers and body, asked with a `Cookie` header.
    async fn banner_with_cookie(uri: &str, cookie: &str) -> (Option<String>, Option<String>, String) {
        let request = Request::get(uri).header(header::COOKIE, cookie).body(Body::empty()).unwrap();
        let response = router().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        let header = |name| response.headers().get(name).map(|v: &HeaderValue| v.to_str().unwrap().to_string());
        let (vary, cache) = (header(header::VARY), header(header::CACHE_CONTROL));
        let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        (vary, cache, String::from_utf8(body.to_vec()).unwrap())
    }

    #[test]
    fn banners_speak_every_language_and_fit() {
        for lang in Lang::ALL {
            for n in 1..=data::BANNERS.len() as i64 {
                let (headline, sub) = data::banner_text(n);
                let svg = banner_svg(n, lang);
                for text in [headline, sub, data::BANNER_BUTTON] {
                    assert!(svg.contains(&*esc(in_lang(text, lang))), "{n} {lang:?}");
                }
                assert!(svg.contains(&format!(r#"xml:lang="{}""#, lang.tag())), "{n} {lang:?}");
                assert!(svg.contains(BANNER_FONT));
                // Long lines shrink instead of running into the illustration, yet stay legible.
                let (headline_max, sub_max) = banner_max_sizes(lang);
                for (text, max, min) in [(in_lang(headline, lang), headline_max, 40), (in_lang(sub, lang), sub_max, 22)]
                {
                    let size = fitting_size(text, max, 670.0);
                    assert!((min..=max as i64).contains(&size), "{text}: {size}");
                    assert!(svg.contains(&format!(r#"font-size="{size}""#)), "{text}");
                }
            }
        }
        assert!(banner_svg(1, Lang::Km).contains("សប្ដាហ៍លក់ធំ"));
        assert!(banner_svg(1, Lang::ZhCn).contains("超级促销周"));
        assert!(banner_svg(1, Lang::Km).contains("ទិញឥឡូវនេះ"));
        assert!(!banner_svg(1, Lang::Km).contains("Shop now"));
        assert!(banner_max_sizes(Lang::Km).0 < banner_max_sizes(Lang::En).0, "Khmer is set smaller");
        let km_flash_deals = in_lang(data::banner_text(9).0, Lang::Km);
        assert!(fitting_size(km_flash_deals, 58.0, 670.0) < 58, "long headlines shrink");
    }

    #[tokio::test]
    async fn banners_follow_the_language_cookie_and_the_query() {
        let cases = [
            ("/media/banner/1.svg", "lang=km", "សប្ដាហ៍លក់ធំ"),
            ("/media/banner/1.svg", "a=1; lang=zh_CN; currency=KHR", "超级促销周"),
            ("/media/banner/1.svg", "lang=zh_HK", "超级促销周"),
            ("/media/banner/1.svg", "lang=en", "Mega Sale Week"),
            ("/media/banner/1.svg", "", "Mega Sale Week"),
            ("/media/banner/1.svg", "lang=fr", "Mega Sale Week"),
            ("/media/banner/1.svg?lang=km", "lang=zh_CN", "សប្ដាហ៍លក់ធំ"),
            ("/media/banner/1.svg?lang=zh_CN", "lang=km", "超级促销周"),
            ("/media/banner/1.svg?lang=en", "lang=km", "Mega Sale Week"),
            ("/media/banner/1.svg?lang=xx", "lang=km", "សប្ដាហ៍លក់ធំ"),
            ("/media/banner/1.svg?lang=xx", "", "Mega Sale Week"),
            ("/media/banner/13.svg?lang=zh_CN", "", "超级促销周"),
        ];
        for (uri, cookie, headline) in cases {
            let (vary, cache, body) = banner_with_cookie(uri, cookie).await;
            assert!(body.contains(headline), "{uri} with {cookie:?}");
            // One URL, one picture: with the language in the URL it is cached like any
            // picture and varies with nothing; without it, it follows the cookie and is
            // revalidated on every use.
            let in_url = i18n::requested_lang(uri.split_once('?').map(|(_, q)| q), None).is_some();
            if in_url {
                assert_eq!((vary.as_deref(), cache.as_deref()), (None, Some(IMMUTABLE)), "{uri}");
            } else {
                assert_eq!((vary.as_deref(), cache.as_deref()), (Some("Cookie"), Some(BANNER_BY_COOKIE)), "{uri}");
            }
        }
        // Pictures without words keep their year-long policy and vary with nothing.
        let (status, _, cache, _) = get("/media/prod/1.svg").await;
        assert_eq!((status, cache.as_deref()), (StatusCode::OK, Some(IMMUTABLE)));
        let response = router().oneshot(Request::get("/media/shop/1.svg").body(Body::empty()).unwrap()).await.unwrap();
        assert!(response.headers().get(header::VARY).is_none());
    }
}
