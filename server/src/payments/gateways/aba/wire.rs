//! What goes over the wire besides the hashes: answer statuses and error answers, plain buyer
//! names, multipart bodies, and the RSA-encrypted `merchant_auth` of refunds.

use super::*;

/// PayWay's answer status: `{"status": {"code", "message"}}`, or a flat `status` with a
/// `description` on older endpoints.
pub(super) fn status_of(body: &Value) -> (String, String) {
    let status = &body["status"];
    if status.is_object() {
        (text(&status["code"]).unwrap_or_default(), text(&status["message"]).unwrap_or_default())
    } else {
        (text(status).unwrap_or_default(), text(&body["description"]).unwrap_or_default())
    }
}

pub(super) fn is_ok(code: &str) -> bool {
    matches!(code, "00" | "0")
}

pub(super) fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    let (code, message) = status_of(&body);
    GatewayError::Refused { status: answer.status, code, message }
}

/// A payment status code of PayWay (check transaction, pushback).
pub(super) fn payment_status(code: &str) -> PaymentStatus {
    match code {
        "0" => PaymentStatus::Paid,
        "3" | "7" => PaymentStatus::Failed,
        "4" => PaymentStatus::Refunded,
        _ => PaymentStatus::Pending,
    }
}

/// Letters (any script), digits and spaces only: PayWay refuses special characters in names.
pub(super) fn plain_name(name: Option<&str>) -> String {
    let kept: String = name.unwrap_or_default().chars().filter(|c| c.is_alphanumeric() || *c == ' ').collect();
    cut(&kept, 20)
}

/// A `multipart/form-data` body of text fields, with a boundary found in none of them.
pub(super) fn multipart(fields: &[(&str, String)]) -> (String, Vec<u8>) {
    let mut digest = Sha256::new();
    for (name, value) in fields {
        digest.update(name.as_bytes());
        digest.update(value.as_bytes());
    }
    let mut boundary = format!("mallpay{}", hex::encode(&digest.finalize()[..12]));
    while fields.iter().any(|(name, value)| value.contains(&boundary) || name.contains(&boundary)) {
        boundary.push('x');
    }
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    (format!("multipart/form-data; boundary={boundary}"), body.into_bytes())
}

/// Decodes a PEM block (any label) or a bare base64 key into DER.
fn pem_or_base64(key: &str) -> Option<Vec<u8>> {
    let inner: String = key
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with("-----"))
        .flat_map(|line| line.chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    STANDARD.decode(inner).ok().filter(|der| !der.is_empty())
}

/// Encrypts `plain` with an RSA public key (SubjectPublicKeyInfo or PKCS#1, PEM or base64) as
/// PayWay's `merchant_auth` wants it: PKCS#1 v1.5 in chunks of the key's size less 11 bytes,
/// concatenated, base64.
pub fn encrypt_merchant_auth(public_key: &str, plain: &[u8]) -> Result<String, GatewayError> {
    use rsa::pkcs1::DecodeRsaPublicKey;
    use rsa::pkcs8::DecodePublicKey;
    use rsa::traits::PublicKeyParts;
    let der = pem_or_base64(public_key).ok_or_else(|| GatewayError::Crypto("the refund key is not PEM".into()))?;
    let key = rsa::RsaPublicKey::from_public_key_der(&der)
        .or_else(|_| rsa::RsaPublicKey::from_pkcs1_der(&der))
        .map_err(|e| GatewayError::Crypto(format!("refund key: {e}")))?;
    let chunk =
        key.size().checked_sub(11).filter(|n| *n > 0).ok_or_else(|| GatewayError::Crypto("key too small".into()))?;
    let mut rng = rsa::rand_core::OsRng;
    let mut out = Vec::with_capacity(plain.len().div_ceil(chunk) * key.size());
    for part in plain.chunks(chunk) {
        let encrypted =
            key.encrypt(&mut rng, rsa::Pkcs1v15Encrypt, part).map_err(|e| GatewayError::Crypto(e.to_string()))?;
        out.extend_from_slice(&encrypted);
    }
    Ok(STANDARD.encode(out))
}
