//! Webhook transmissions: the message PayPal signs, its RSA-SHA256 signature (checked against
//! the certificate, or made for the development gateway) and the transmission headers.

use super::*;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivatePkcs8KeyDer};

/// The message PayPal signs for a webhook transmission.
pub fn transmission_message(transmission_id: &str, transmission_time: &str, webhook_id: &str, body: &[u8]) -> String {
    format!("{transmission_id}|{transmission_time}|{webhook_id}|{}", crc32fast::hash(body))
}

/// Checks a base64 RSA-SHA256 (PKCS#1 v1.5) `signature` of `message` against the first
/// certificate of a PEM chain.
pub fn verify_transmission(cert_pem: &[u8], message: &[u8], signature: &str) -> Result<(), VerifyError> {
    let cert = CertificateDer::pem_slice_iter(cert_pem)
        .next()
        .ok_or_else(|| VerifyError::UntrustedCertificate("no certificate in the PEM".into()))?
        .map_err(|e| VerifyError::UntrustedCertificate(format!("PEM: {e:?}")))?;
    let cert = webpki::EndEntityCert::try_from(&cert)
        .map_err(|e| VerifyError::UntrustedCertificate(format!("X.509: {e:?}")))?;
    let signature = STANDARD.decode(signature.trim()).map_err(|_| VerifyError::BadSignature)?;
    cert.verify_signature(webpki::ring::RSA_PKCS1_2048_8192_SHA256, message, &signature)
        .map_err(|_| VerifyError::BadSignature)
}

/// Signs `message` as PayPal does (base64 RSA-SHA256, PKCS#1 v1.5) with a PKCS#8 PEM private
/// key of at least 2048 bits: for the development gateway, whose certificate must then be on
/// [`PaypalConfig::cert_url_prefixes`].
pub fn sign_transmission(key_pem: &[u8], message: &[u8]) -> Result<String, GatewayError> {
    let key = PrivatePkcs8KeyDer::from_pem_slice(key_pem).map_err(|e| GatewayError::Crypto(format!("key: {e:?}")))?;
    let pair = ring::signature::RsaKeyPair::from_pkcs8(key.secret_pkcs8_der())
        .map_err(|e| GatewayError::Crypto(format!("key: {e}")))?;
    let mut signature = vec![0; pair.public().modulus_len()];
    pair.sign(&ring::signature::RSA_PKCS1_SHA256, &ring::rand::SystemRandom::new(), message, &mut signature)
        .map_err(|_| GatewayError::Crypto("signing failed".into()))?;
    Ok(STANDARD.encode(signature))
}

/// The transmission headers of a webhook.
pub(super) struct Transmission<'a> {
    pub(super) id: &'a str,
    pub(super) time: &'a str,
    pub(super) signature: &'a str,
    pub(super) cert_url: &'a str,
    pub(super) algo: &'a str,
}

impl<'a> Transmission<'a> {
    pub(super) fn read(headers: &'a HeaderMap) -> Result<Self, VerifyError> {
        let transmission = Transmission {
            id: header(headers, TRANSMISSION_ID)?,
            time: header(headers, TRANSMISSION_TIME)?,
            signature: header(headers, TRANSMISSION_SIG)?,
            cert_url: header(headers, CERT_URL)?,
            algo: header(headers, AUTH_ALGO_HEADER)?,
        };
        if !transmission.algo.eq_ignore_ascii_case(AUTH_ALGO) {
            return Err(VerifyError::Malformed(format!("signature algorithm {}", transmission.algo)));
        }
        Ok(transmission)
    }
}
