//! The one rule for where this site may send a browser it was asked to send somewhere (the
//! `redirect` of `/login`, the login popup's redirect, the return path of a third-party
//! sign-in). The TypeScript widgets apply the same rule (`widgets/src/redirect.ts`); both are
//! checked against the same cases (`api/tests/redirect_cases.json`).
//!
//! A value is accepted only if, resolved against this site's origin, it stays on that origin:
//! a path starting with one `/`. Browsers drop tabs and newlines from URLs and read `\` as `/`,
//! so `/\t/evil.example` or `/\evil.example` would become `//evil.example`, another host; so
//! control characters, backslashes and a leading `//` are refused, also in percent-encoded
//! form (decoded up to three times).

/// Longest redirect followed.
pub const MAX_REDIRECT_LEN: usize = 2048;

/// `value` when it is a path of this site, else `None`.
pub fn safe_redirect(value: &str) -> Option<&str> {
    if value.is_empty() || value.len() > MAX_REDIRECT_LEN || !value.starts_with('/') {
        return None;
    }
    let mut form = value.to_string();
    for _ in 0..4 {
        if !plain_path(&form) {
            return None;
        }
        let decoded = percent_decode(&form);
        if decoded == form {
            return Some(value);
        }
        form = decoded;
    }
    // Still changing after three decodings: too deeply encoded to be an honest path.
    None
}

/// One `/` first, no control character, no backslash.
fn plain_path(v: &str) -> bool {
    v.starts_with('/')
        && !v.starts_with("//")
        && !v.chars().any(|c| c.is_control() || c == '\\' || c == '\u{2028}' || c == '\u{2029}')
}

/// `%XX` sequences decoded (bytes read as UTF-8, invalid ones replaced).
fn percent_decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
