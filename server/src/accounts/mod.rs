//! The accounts domain: identifiers, password rules and hashing, one-time codes, rate limits,
//! the session cookie, delivery through the outbox and third-party (OAuth2) sign-in.

pub mod oauth;
pub mod outbox;

use crate::db::{accounts as repo, now_millis, Db};
use crate::error::ApiError;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::http::HeaderMap;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::sync::OnceLock;

/// A one-time code lives 10 minutes.
pub const CODE_TTL_MILLIS: i64 = 10 * 60 * 1000;
/// Another code for the same identifier and purpose no sooner than 60 s (spec section 9).
pub const CODE_RESEND_MILLIS: i64 = 60 * 1000;
/// Wrong tries after which a code is dead.
pub const CODE_MAX_ATTEMPTS: i64 = 5;
/// Codes per identifier per hour.
pub const CODES_PER_IDENTIFIER_HOUR: i64 = 5;
/// Codes per client address per hour.
pub const CODES_PER_ADDRESS_HOUR: i64 = 50;
/// Wrong passwords per identifier in [`LOGIN_WINDOW_MILLIS`] before sign-in is refused.
pub const LOGIN_FAILURES_PER_IDENTIFIER: i64 = 5;
/// Failed sign-ins (password or code) per client address in [`LOGIN_WINDOW_MILLIS`].
pub const LOGIN_FAILURES_PER_ADDRESS: i64 = 50;
/// The window of the sign-in failure counters: 15 minutes.
pub const LOGIN_WINDOW_MILLIS: i64 = 15 * 60 * 1000;
/// Account-existence checks per client address per 10 minutes.
pub const CHECKS_PER_ADDRESS: i64 = 300;
pub const CHECK_WINDOW_MILLIS: i64 = 10 * 60 * 1000;
/// A loginKey of the bind-email dialog lives 30 minutes.
pub const LOGIN_KEY_TTL_MILLIS: i64 = 30 * 60 * 1000;

/// What a one-time code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Code sign-in and sign-up (`/sms/sendLoginCode`).
    Login,
    /// Binding an e-mail to a third-party sign-in (`/user/sendBindSms`).
    Bind,
    /// Password recovery (`/user/sendResetCode`).
    Reset,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Login => "login",
            Purpose::Bind => "bind",
            Purpose::Reset => "reset",
        }
    }
}

// ---------------------------------------------------------------- identifiers

/// A normalized sign-in identifier: a lower-case e-mail or the phone digits without plus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identifier {
    Mail(String),
    Mobile(String),
}

impl Identifier {
    /// Reads an e-mail or a phone number (a leading `+` is dropped; a leading 0 stands for
    /// +855, spec section 5).
    pub fn parse(raw: &str) -> Result<Self, ApiError> {
        let raw = raw.trim();
        if raw.contains('@') {
            Self::mail(raw)
        } else {
            Self::mobile(raw)
        }
    }

    pub fn mail(raw: &str) -> Result<Self, ApiError> {
        let v = raw.trim().to_lowercase();
        if is_valid_email(&v) {
            Ok(Identifier::Mail(v))
        } else {
            Err(ApiError::bad("error-invalid-email"))
        }
    }

    pub fn mobile(raw: &str) -> Result<Self, ApiError> {
        let v = raw.trim();
        let v = v.strip_prefix('+').unwrap_or(v);
        let v = match v.strip_prefix('0') {
            Some(rest) => format!("855{rest}"),
            None => v.to_string(),
        };
        let ok = (10..=15).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_digit()) && !v.starts_with('0');
        if ok {
            Ok(Identifier::Mobile(v))
        } else {
            Err(ApiError::bad("error-invalid-phone"))
        }
    }

    /// One of `mail` / `mobile` of a payload (exactly one must be given).
    pub fn from_pair(mail: Option<&str>, mobile: Option<&str>) -> Result<Self, ApiError> {
        let mail = mail.map(str::trim).filter(|s| !s.is_empty());
        let mobile = mobile.map(str::trim).filter(|s| !s.is_empty());
        match (mail, mobile) {
            (Some(m), None) => Self::mail(m),
            (None, Some(p)) => Self::mobile(p),
            (None, None) => Err(ApiError::bad_with("error-missing-field", vec![("field", "mail".into())])),
            (Some(_), Some(_)) => Err(ApiError::bad("error-mail-or-mobile")),
        }
    }

    pub fn is_mail(&self) -> bool {
        matches!(self, Identifier::Mail(_))
    }

    pub fn value(&self) -> &str {
        match self {
            Identifier::Mail(v) | Identifier::Mobile(v) => v,
        }
    }

    pub fn channel(&self) -> &'static str {
        if self.is_mail() {
            "mail"
        } else {
            "sms"
        }
    }
}

/// `local@domain.tld`, the top-level part at least 2 letters (the popup's rule, spec section 5).
pub fn is_valid_email(v: &str) -> bool {
    if v.len() > 254 {
        return false;
    }
    let Some((local, domain)) = v.split_once('@') else { return false };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local.chars().all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let tld_ok = labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && labels.len() >= 2 && labels.iter().all(label_ok) && tld_ok
}

// ---------------------------------------------------------------- passwords

/// Registration password rule (spec section 5): 8 to 20 characters combining letters, digits
/// and special symbols (printable ASCII, no spaces).
pub fn check_new_password(password: &str) -> Result<(), ApiError> {
    let len = password.chars().count();
    let printable = password.chars().all(|c| c.is_ascii_graphic());
    let letter = password.chars().any(|c| c.is_ascii_alphabetic());
    let digit = password.chars().any(|c| c.is_ascii_digit());
    let symbol = password.chars().any(|c| c.is_ascii_punctuation());
    if password.is_empty() {
        return Err(ApiError::bad("error-new-password-empty"));
    }
    if (8..=20).contains(&len) && printable && letter && digit && symbol {
        Ok(())
    } else {
        Err(ApiError::bad("error-password-rule"))
    }
}

/// Argon2id hashing runs off the async threads, at most this many at once (each takes about
/// 19 MiB and a few tens of milliseconds of one core).
static HASHING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(4);

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(e.to_string())
}

/// Argon2id (the crate's defaults: m = 19 MiB, t = 2, p = 1) of a password, in PHC form.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    let _permit = HASHING.acquire().await.map_err(internal)?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(internal)?;
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(internal)
    })
    .await
    .map_err(internal)?
}

/// Checks a password against a stored hash; with no hash, a dummy one is checked so that
/// unknown accounts take as long as known ones.
pub async fn verify_password(password: String, stored: Option<String>) -> Result<bool, ApiError> {
    let _permit = HASHING.acquire().await.map_err(internal)?;
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| dummy_hash().to_string());
        let parsed = PasswordHash::new(&stored).map_err(internal)?;
        let ok = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(known && ok)
    })
    .await
    .map_err(internal)?
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).expect("salt");
        Argon2::default().hash_password(&rand::random::<[u8; 16]>(), &salt).expect("argon2").to_string()
    })
}

// ---------------------------------------------------------------- one-time codes

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn code_digest(salt: &str, identifier: &str, purpose: Purpose, code: &str) -> String {
    let mut h = Sha256::new();
    for part in [salt, identifier, purpose.as_str(), code] {
        h.update(part.as_bytes());
        h.update([0u8]);
    }
    hex(&h.finalize())
}

/// A fresh 6-digit code and its stored form (`salt$sha256`).
pub fn new_code(identifier: &str, purpose: Purpose) -> (String, String) {
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    let salt = hex(&rand::random::<[u8; 16]>());
    let stored = format!("{salt}${}", code_digest(&salt, identifier, purpose, &code));
    (code, stored)
}

fn code_matches(stored: &str, identifier: &str, purpose: Purpose, code: &str) -> bool {
    let Some((salt, digest)) = stored.split_once('$') else { return false };
    let computed = code_digest(salt, identifier, purpose, code);
    // Constant-time comparison of the two hex strings.
    computed.len() == digest.len() && computed.bytes().zip(digest.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Checks a sent code: right identifier and purpose, newest, unexpired, unused, fewer than 5
/// wrong tries. A right code is used up; a wrong one counts a try.
pub async fn verify_code(db: &Db, id: &Identifier, purpose: Purpose, code: &str, addr: &str) -> Result<(), ApiError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(ApiError::bad("error-code-empty"));
    }
    check_failures(db, id, addr).await?;
    let row = repo::latest_code(db, id.value(), purpose.as_str()).await?;
    let Some(row) = row else { return Err(ApiError::bad("error-code-invalid")) };
    if row.used_at.is_some() || row.expires_at <= now_millis() {
        return Err(ApiError::bad("error-code-invalid"));
    }
    if row.attempts >= CODE_MAX_ATTEMPTS {
        return Err(ApiError::bad("error-code-too-many-tries"));
    }
    let valid = code.len() == 6 && code_matches(&row.code_hash, id.value(), purpose, code);
    if !valid {
        repo::bump_code_attempts(db, row.code_id).await?;
        count_failure(db, id, addr).await?;
        return Err(if row.attempts + 1 >= CODE_MAX_ATTEMPTS {
            ApiError::bad("error-code-too-many-tries")
        } else {
            ApiError::bad("error-code-wrong")
        });
    }
    if !repo::use_code(db, row.code_id).await? {
        return Err(ApiError::bad("error-code-invalid"));
    }
    Ok(())
}

/// Creates a code and queues its message, respecting the resend interval and the limits.
pub async fn send_code(
    db: &Db,
    id: &Identifier,
    purpose: Purpose,
    addr: &str,
    lang: app::i18n::Lang,
) -> Result<(), ApiError> {
    let now = now_millis();
    if let Some(last) = repo::latest_code(db, id.value(), purpose.as_str()).await? {
        let wait = last.created_at + CODE_RESEND_MILLIS - now;
        if wait > 0 {
            let seconds = ((wait + 999) / 1000).to_string();
            return Err(ApiError::bad_with("error-code-resend-wait", vec![("seconds", seconds)]));
        }
    }
    let (by_id, by_addr) = repo::codes_since(db, id.value(), addr, now - 3_600_000).await?;
    if by_id >= CODES_PER_IDENTIFIER_HOUR || by_addr >= CODES_PER_ADDRESS_HOUR {
        return Err(ApiError::bad("error-code-too-many-sends"));
    }
    let (code, stored) = new_code(id.value(), purpose);
    repo::insert_code(db, id.value(), purpose.as_str(), &stored, now + CODE_TTL_MILLIS, addr).await?;
    let minutes = (CODE_TTL_MILLIS / 60_000).to_string();
    let args = [("code", code.as_str()), ("minutes", minutes.as_str())];
    let subject = app::i18n::t(lang, "mail-code-subject");
    let body_key = match (purpose, id.is_mail()) {
        (Purpose::Reset, true) => "mail-code-reset-body",
        (_, true) => "mail-code-body",
        (Purpose::Reset, false) => "sms-code-reset-body",
        (_, false) => "sms-code-body",
    };
    let body = app::i18n::t_args(lang, body_key, &args);
    let subject = if id.is_mail() { subject } else { String::new() };
    repo::enqueue(db, id.channel(), id.value(), &subject, &body).await?;
    Ok(())
}

// ---------------------------------------------------------------- failure counters

fn id_bucket(id: &Identifier) -> String {
    format!("login-fail:{}", id.value())
}

fn addr_bucket(addr: &str) -> String {
    format!("login-fail-addr:{addr}")
}

/// Refuses a sign-in attempt while its identifier or address has too many recent failures.
pub async fn check_failures(db: &Db, id: &Identifier, addr: &str) -> Result<(), ApiError> {
    let (by_id, id_ends) = repo::peek(db, &id_bucket(id), LOGIN_WINDOW_MILLIS).await?;
    let (by_addr, addr_ends) = repo::peek(db, &addr_bucket(addr), LOGIN_WINDOW_MILLIS).await?;
    let ends = if by_id >= LOGIN_FAILURES_PER_IDENTIFIER {
        Some(id_ends)
    } else if by_addr >= LOGIN_FAILURES_PER_ADDRESS {
        Some(addr_ends)
    } else {
        None
    };
    match ends {
        Some(ends) => {
            let minutes = ((ends - now_millis()).max(0) + 59_999) / 60_000;
            Err(ApiError::bad_with("error-too-many-failures", vec![("minutes", minutes.max(1).to_string())]))
        }
        None => Ok(()),
    }
}

/// Counts a failed sign-in against the identifier and the address.
pub async fn count_failure(db: &Db, id: &Identifier, addr: &str) -> Result<(), ApiError> {
    repo::hit(db, &id_bucket(id), LOGIN_WINDOW_MILLIS).await?;
    repo::hit(db, &addr_bucket(addr), LOGIN_WINDOW_MILLIS).await?;
    Ok(())
}

/// A successful sign-in forgets the failures of its identifier.
pub async fn clear_failures(db: &Db, id: &Identifier) -> Result<(), ApiError> {
    repo::clear(db, &id_bucket(id)).await?;
    Ok(())
}

/// Counts one hit of `kind` from an address and refuses past `limit` in `window_millis`.
pub async fn limit_address(db: &Db, kind: &str, addr: &str, limit: i64, window_millis: i64) -> Result<(), ApiError> {
    let hits = repo::hit(db, &format!("{kind}:{addr}"), window_millis).await?;
    if hits > limit {
        return Err(ApiError::bad("error-too-many-requests"));
    }
    Ok(())
}

// ---------------------------------------------------------------- request facts

/// The client's address: the peer, or the first `X-Forwarded-For` entry when the peer is a
/// loopback proxy (or `MALL_TRUST_PROXY=1`, or the request came in-process).
pub fn client_addr(headers: &HeaderMap, peer: Option<SocketAddr>, trust_proxy: bool) -> String {
    let forwarded = || {
        headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(|v| v.trim().chars().take(64).collect::<String>())
            .filter(|v| !v.is_empty())
    };
    match peer {
        Some(p) if !(trust_proxy || p.ip().is_loopback()) => p.ip().to_string(),
        Some(p) => forwarded().unwrap_or_else(|| p.ip().to_string()),
        None => forwarded().unwrap_or_else(|| "local".into()),
    }
}

/// Whether the request reached us over HTTPS (directly or through a proxy that says so).
pub fn is_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').next().is_some_and(|p| p.trim().eq_ignore_ascii_case("https")))
}

/// The `Set-Cookie` value carrying a session token (a session cookie: the server ends the
/// session after 30 minutes idle).
pub fn session_cookie(token: &str, secure: bool) -> String {
    format!(
        "{}={token}; HttpOnly; SameSite=Lax; Path=/{}",
        app::prefs::TOKEN_COOKIE,
        if secure { "; Secure" } else { "" }
    )
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn clear_session_cookie(secure: bool) -> String {
    format!(
        "{}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT{}",
        app::prefs::TOKEN_COOKIE,
        if secure { "; Secure" } else { "" }
    )
}

/// Lower-case hex SHA-256 (loginKeys are stored this way, like session tokens).
pub fn sha256_hex(value: &str) -> String {
    hex(&Sha256::digest(value.as_bytes()))
}

/// A random 256-bit value, hex.
pub fn random_hex() -> String {
    hex(&rand::random::<[u8; 32]>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert_eq!(Identifier::parse(" A.B@Example.COM ").unwrap(), Identifier::Mail("a.b@example.com".into()));
        assert!(Identifier::parse("a@b.c").is_err());
        assert!(Identifier::parse("a@@b.cc").is_err());
        assert_eq!(Identifier::parse("+85512345678").unwrap(), Identifier::Mobile("85512345678".into()));
        assert_eq!(Identifier::parse("012345678").unwrap(), Identifier::Mobile("85512345678".into()));
        assert!(Identifier::parse("12345").is_err());
        assert!(Identifier::parse("12345abc901").is_err());
    }

    #[test]
    fn password_rule() {
        assert!(check_new_password("abc123!x").is_ok());
        assert!(check_new_password("abcdefgh").is_err());
        assert!(check_new_password("abc12345").is_err());
        assert!(check_new_password("a1!").is_err());
        assert!(check_new_password("abc 123!x").is_err());
        assert!(check_new_password(&"a1!".repeat(7)).is_err());
    }

    #[test]
    fn codes_hash_and_match() {
        let (code, stored) = new_code("a@b.cc", Purpose::Login);
        assert_eq!(code.len(), 6);
        assert!(code_matches(&stored, "a@b.cc", Purpose::Login, &code));
        assert!(!code_matches(&stored, "a@b.cc", Purpose::Reset, &code));
        assert!(!code_matches(&stored, "x@b.cc", Purpose::Login, &code));
    }
}
