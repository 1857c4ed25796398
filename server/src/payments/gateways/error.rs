//! Why a request could not be built, an answer not be read, or a notification is refused.

use super::Currency;

/// Why a request could not be built or an answer not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    #[error("{gateway} does not take {currency}")]
    UnsupportedCurrency { gateway: &'static str, currency: Currency },
    #[error("invalid amount: {0}")]
    InvalidAmount(&'static str),
    #[error("invalid reference: {0}")]
    InvalidReference(&'static str),
    #[error("the gateway's id of the payment is missing")]
    MissingGatewayRef,
    #[error("the gateway's transaction id is missing")]
    MissingTransactionId,
    #[error("no access token for the call")]
    MissingAccessToken,
    #[error("not configured: {0}")]
    NotConfigured(&'static str),
    #[error("not part of this gateway's protocol: {0}")]
    Unsupported(&'static str),
    #[error("the gateway refused ({status}): {code} {message}")]
    Refused { status: u16, code: String, message: String },
    #[error("malformed answer: {0}")]
    Malformed(String),
    #[error("encryption failed: {0}")]
    Crypto(String),
}

/// Why a notification is refused. Everything but [`VerifyError::CertificateRequired`] means
/// "not from the gateway, or not now": answer 4xx and change nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("missing header {0}")]
    MissingHeader(&'static str),
    #[error("the signature does not match")]
    BadSignature,
    #[error("the timestamp is {age_secs} s away from now, beyond the tolerance")]
    StaleTimestamp { age_secs: i64 },
    #[error("malformed notification: {0}")]
    Malformed(String),
    #[error("untrusted certificate: {0}")]
    UntrustedCertificate(String),
    #[error("the signing certificate must be fetched first")]
    CertificateRequired,
    #[error("not configured: {0}")]
    NotConfigured(&'static str),
}
