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

#[cfg(test)]
mod tests {
    use super::*;

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
