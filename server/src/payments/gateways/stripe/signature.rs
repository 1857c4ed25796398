//! The `Stripe-Signature` header: its parts, the HMAC-SHA256 of `"{t}.{payload}"`, and the check
//! that any `v1` matches within the tolerance.

use super::*;

/// The items of a `Stripe-Signature` header that matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHeader {
    pub timestamp: i64,
    /// Every `v1` signature, as sent (hex).
    pub v1: Vec<String>,
}

impl SignatureHeader {
    /// Splits the header on `,` and each item on the first `=`; `t` must be one integer.
    pub fn parse(header: &str) -> Result<Self, VerifyError> {
        let mut timestamp = None;
        let mut v1 = Vec::new();
        for item in header.split(',') {
            let Some((key, value)) = item.trim().split_once('=') else { continue };
            match key {
                "t" if timestamp.is_none() => {
                    let t = value.parse::<i64>().map_err(|_| VerifyError::Malformed("timestamp t".into()))?;
                    timestamp = Some(t);
                }
                "v1" => v1.push(value.to_string()),
                _ => {}
            }
        }
        let timestamp = timestamp.ok_or_else(|| VerifyError::Malformed("no timestamp t".into()))?;
        Ok(SignatureHeader { timestamp, v1 })
    }
}

/// The hex `v1` signature of `payload` sent at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    hex::encode(hmac_sha256(secret.as_bytes(), &[timestamp.to_string().as_bytes(), b".", payload]))
}

/// A `Stripe-Signature` header for `payload`, as Stripe sends it (for the development gateway).
pub fn signature_header(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    format!("t={timestamp},v1={}", sign(secret, timestamp, payload))
}

/// Checks a `Stripe-Signature` header against the raw `payload`: one `v1` must be the HMAC of
/// `"{t}.{payload}"` with `secret`, and `t` within `tolerance_secs` of `now_ms`.
pub fn verify_signature(
    header: &str,
    payload: &[u8],
    secret: &str,
    now_ms: i64,
    tolerance_secs: i64,
) -> Result<(), VerifyError> {
    if secret.is_empty() {
        return Err(VerifyError::NotConfigured("Stripe webhook secret"));
    }
    let parsed = SignatureHeader::parse(header)?;
    let expected = hmac_sha256(secret.as_bytes(), &[parsed.timestamp.to_string().as_bytes(), b".", payload]);
    let matched = parsed
        .v1
        .iter()
        .filter_map(|signature| hex::decode(signature).ok())
        .any(|signature| constant_time_eq(&signature, &expected));
    if !matched {
        return Err(VerifyError::BadSignature);
    }
    check_freshness(parsed.timestamp, now_ms, tolerance_secs)
}
