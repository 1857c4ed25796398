//! What every adapter checks the same way: signatures in constant time, HMACs, references,
//! amounts, headers and JSON, and timestamps within a tolerance.

use super::{Currency, GatewayError, Money, VerifyError};
use hmac::{Hmac, Mac};
use http::HeaderMap;
use serde_json::Value;

/// Compares two byte strings in time that depends on their lengths only, never on where they
/// differ: every signature check goes through here.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

/// HMAC-SHA256 of the concatenated `parts`.
pub fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// HMAC-SHA512 of the concatenated `parts`.
pub fn hmac_sha512(key: &[u8], parts: &[&[u8]]) -> [u8; 64] {
    let mut mac = Hmac::<sha2::Sha512>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// Checks a [`PaymentRequest::reference`] (and the like): 1 to 20 ASCII letters, digits, `-`.
pub fn check_reference(reference: &str) -> Result<(), GatewayError> {
    if reference.is_empty() || reference.len() > 20 {
        return Err(GatewayError::InvalidReference("1 to 20 characters"));
    }
    if !reference.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(GatewayError::InvalidReference("letters, digits and '-' only"));
    }
    Ok(())
}

/// A gateway's id placed into a URL path: letters, digits, `_` and `-` only, at most 255.
pub(super) fn path_segment(id: &str) -> Result<&str, GatewayError> {
    let ok =
        !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(id)
    } else {
        Err(GatewayError::InvalidReference("a gateway id of letters, digits, '_' and '-'"))
    }
}

/// `text` cut to at most `max_chars` characters, trimmed.
pub(super) fn cut(text: &str, max_chars: usize) -> String {
    text.trim().chars().take(max_chars).collect::<String>().trim_end().to_string()
}

/// Refuses amounts of zero or less, and amounts in a currency the gateway does not take.
pub(super) fn check_amount(gateway: &'static str, amount: Money, supported: &[Currency]) -> Result<(), GatewayError> {
    if !supported.contains(&amount.currency) {
        return Err(GatewayError::UnsupportedCurrency { gateway, currency: amount.currency });
    }
    if amount.minor <= 0 {
        return Err(GatewayError::InvalidAmount("must be more than zero"));
    }
    Ok(())
}

/// A header as text; missing, empty or not visible ASCII is [`VerifyError::MissingHeader`].
pub(super) fn header<'a>(headers: &'a HeaderMap, name: &'static str) -> Result<&'a str, VerifyError> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(VerifyError::MissingHeader(name))
}

/// Parses a notification body as JSON.
pub(super) fn json_body(body: &[u8]) -> Result<Value, VerifyError> {
    serde_json::from_slice(body).map_err(|e| VerifyError::Malformed(format!("body is not JSON: {e}")))
}

/// A JSON value as a non-empty string (numbers too: some gateways send ids as numbers).
pub(super) fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Checks a timestamp against now: `StaleTimestamp` when more than `tolerance_secs` apart
/// either way.
pub(super) fn check_freshness(timestamp_secs: i64, now_ms: i64, tolerance_secs: i64) -> Result<(), VerifyError> {
    let age_secs = now_ms.div_euclid(1000).saturating_sub(timestamp_secs);
    if age_secs.saturating_abs() > tolerance_secs {
        return Err(VerifyError::StaleTimestamp { age_secs });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_support;
    use super::*;

    /// RFC 4231 (HMAC-SHA identifiers and test vectors), section 4.3, test case 2:
    /// key "Jefe", data "what do ya want for nothing?".
    #[test]
    fn hmac_matches_rfc_4231_test_case_2() {
        let sha256 = hmac_sha256(b"Jefe", &[b"what do ya ", b"want for nothing?"]);
        assert_eq!(hex::encode(sha256), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        let sha512 = hmac_sha512(b"Jefe", &[b"what do ya want for nothing?"]);
        assert_eq!(
            hex::encode(sha512),
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fd\
             caeab1a34d4a6b4b636e070a38bce737"
        );
    }

    #[test]
    fn constant_time_comparison_compares_whole_strings() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
        assert!(!constant_time_eq(b"", b"a"));
        assert!(constant_time_eq(b"", b""));
    }

    #[test]
    fn references_are_short_and_plain() {
        assert!(check_reference("P2025-0001").is_ok());
        assert!(check_reference("a".repeat(20).as_str()).is_ok());
        assert!(check_reference("").is_err());
        assert!(check_reference(&"a".repeat(21)).is_err());
        assert!(check_reference("a b").is_err());
        assert!(check_reference("ü").is_err());
        assert!(path_segment("cs_test_a1B2").is_ok());
        assert!(path_segment("../x").is_err());
        assert!(path_segment("").is_err());
    }

    #[test]
    fn freshness_has_a_tolerance_both_ways() {
        let now_ms = test_support::NOW_MS;
        let now = now_ms / 1000;
        assert!(check_freshness(now, now_ms, 300).is_ok());
        assert!(check_freshness(now - 300, now_ms, 300).is_ok());
        assert_eq!(check_freshness(now - 301, now_ms, 300), Err(VerifyError::StaleTimestamp { age_secs: 301 }));
        assert_eq!(check_freshness(now + 301, now_ms, 300), Err(VerifyError::StaleTimestamp { age_secs: -301 }));
        assert!(check_freshness(i64::MIN, now_ms, 300).is_err());
    }
}
