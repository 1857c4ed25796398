//! PayWay's HMAC-SHA512 hashes: of the purchase and query fields, and of a pushback body, whose
//! values are turned into strings the way PHP does.

use super::*;

/// `base64(HMAC-SHA512(values concatenated, key))`, PayWay's `hash`.
pub fn hash(key: &str, values: &[&str]) -> String {
    let parts: Vec<&[u8]> = values.iter().map(|v| v.as_bytes()).collect();
    STANDARD.encode(hmac_sha512(key.as_bytes(), &parts))
}

/// The string the pushback's signature covers: the body's top-level values in ascending key
/// order, each as PHP turns it into a string (nested arrays and objects as `json_encode`).
pub fn pushback_message(body: &[u8]) -> Result<String, VerifyError> {
    let body = json_body(body)?;
    let fields = body.as_object().ok_or_else(|| VerifyError::Malformed("the pushback is not an object".into()))?;
    let mut fields: Vec<(&String, &Value)> = fields.iter().collect();
    fields.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Ok(fields.into_iter().map(|(_, value)| php_string(value)).collect())
}

/// The `X-PayWay-HMAC-SHA512` value of a pushback body (for the development gateway).
pub fn pushback_signature(key: &str, body: &[u8]) -> Result<String, VerifyError> {
    Ok(STANDARD.encode(hmac_sha512(key.as_bytes(), &[pushback_message(body)?.as_bytes()])))
}

/// A JSON value as PHP's string conversion gives it.
fn php_string(value: &Value) -> String {
    match value {
        Value::Null | Value::Bool(false) => String::new(),
        Value::Bool(true) => "1".into(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if !n.is_i64() && !n.is_u64() && f.fract() == 0.0 && f.abs() < 1e15 => format!("{f:.0}"),
            _ => n.to_string(),
        },
        Value::Array(_) | Value::Object(_) => php_json_encode(value),
    }
}

/// PHP's `json_encode` with its default flags: `/` and non-ASCII characters escaped, an empty
/// object (an empty PHP array) as `[]`.
fn php_json_encode(value: &Value) -> String {
    match value {
        Value::String(s) => php_json_string(s),
        Value::Array(items) => format!("[{}]", items.iter().map(php_json_encode).collect::<Vec<_>>().join(",")),
        Value::Object(map) if map.is_empty() => "[]".into(),
        Value::Object(map) => {
            let fields: Vec<String> =
                map.iter().map(|(k, v)| format!("{}:{}", php_json_string(k), php_json_encode(v))).collect();
            format!("{{{}}}", fields.join(","))
        }
        other => other.to_string(),
    }
}

fn php_json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' => out.push_str("\\/"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || !c.is_ascii() => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
