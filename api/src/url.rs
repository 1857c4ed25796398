//! URL components, one way for the server, the pages and the islands: percent-encoding of a
//! query value, decoding, and reading one parameter of a query string.

/// Percent-encodes a query component (RFC 3986 unreserved characters stay as they are).
pub fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// Decodes `%XX` escapes and `+` (a space in a query component); a `%` not followed by two hex
/// digits stays as it is, and bytes that are not UTF-8 are replaced.
pub fn percent_decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The decoded value of the first parameter `name` in a query string (without `?`).
pub fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == name).then(|| percent_decode(v))
    })
}

/// The decoded values of every parameter `name` in a query string, in order.
pub fn query_params<'a>(query: &'a str, name: &'a str) -> impl Iterator<Item = String> + 'a {
    query.split('&').filter_map(move |pair| {
        let (k, v) = pair.split_once('=')?;
        (k == name).then(|| percent_decode(v))
    })
}

/// Folders of pictures drawn in the visitor's language (the demo's banners carry words). A
/// picture that differs by language must carry the language in its URL, or a cache (the
/// browser's, a CDN's) keeps serving one language's picture to every language.
pub const LANGUAGE_PICTURES: &[&str] = &["/media/banner/"];

/// `src` as the page in language `lang` (its code: `en`, `zh_CN`, `km`) must ask for it: a
/// picture of [`LANGUAGE_PICTURES`] gets `lang=` in its query (replacing one already there);
/// any other address is returned as it is.
pub fn picture_in_lang(src: &str, lang: &str) -> String {
    let (path, query) = src.split_once('?').unwrap_or((src, ""));
    if !LANGUAGE_PICTURES.iter().any(|folder| path.starts_with(folder)) {
        return src.to_string();
    }
    let mut params: Vec<&str> = query.split('&').filter(|p| !p.is_empty() && !p.starts_with("lang=")).collect();
    let lang_param = format!("lang={}", encode(lang));
    params.push(&lang_param);
    format!("{path}?{}", params.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_pictures_carry_the_language() {
        assert_eq!(picture_in_lang("/media/banner/1.svg", "km"), "/media/banner/1.svg?lang=km");
        assert_eq!(picture_in_lang("/media/banner/1.svg", "zh_CN"), "/media/banner/1.svg?lang=zh_CN");
        assert_ne!(picture_in_lang("/media/banner/1.svg", "en"), picture_in_lang("/media/banner/1.svg", "km"));
        assert_eq!(picture_in_lang("/media/banner/2.svg?lang=en&v=2", "km"), "/media/banner/2.svg?v=2&lang=km");
        // Pictures without words keep their one address.
        assert_eq!(picture_in_lang("/media/prod/1.svg?view=2", "km"), "/media/prod/1.svg?view=2");
        assert_eq!(picture_in_lang("https://cdn.example/banner/1.png", "km"), "https://cdn.example/banner/1.png");
    }

    #[test]
    fn query_params_decode() {
        assert_eq!(query_param("pn=tea%20cup&x=1", "pn").as_deref(), Some("tea cup"));
        assert_eq!(query_param("pn=tea+cup", "pn").as_deref(), Some("tea cup"));
        assert_eq!(query_param("pn=%E8%8C%B6", "pn").as_deref(), Some("茶"));
        assert_eq!(query_param("pn=100%", "pn").as_deref(), Some("100%"));
        assert_eq!(query_param("pn=%+1x", "pn").as_deref(), Some("% 1x"), "a sign is no hex digit");
        assert_eq!(query_param("a=1", "pn"), None);
    }

    #[test]
    fn encoding_round_trips() {
        for v in ["a b&c=d/é", "茶 cup", "100%"] {
            assert_eq!(percent_decode(&encode(v)), v);
        }
        assert_eq!(encode("a b"), "a%20b");
    }
}
