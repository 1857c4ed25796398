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
        let decoded = crate::url::percent_decode(&form);
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
