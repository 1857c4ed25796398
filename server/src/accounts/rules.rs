//! The accounts' rules, pure: identifiers, the password rule, one-time codes and their
//! digests, the session cookie. The budgets kept in the database are `limits.rs`. Re-exported
//! by [`crate::accounts`].

use crate::refusal::Refusal;
use sha2::{Digest, Sha256};

/// A one-time code lives 10 minutes.
pub const CODE_TTL_MILLIS: i64 = 10 * 60 * 1000;
/// Another code for the same identifier and purpose no sooner than
/// [`api::account::CODE_RESEND_SECONDS`] (spec section 9), the countdown the pages show.
pub const CODE_RESEND_MILLIS: i64 = api::account::CODE_RESEND_SECONDS * 1000;
/// Wrong tries after which a code is dead.
pub const CODE_MAX_ATTEMPTS: i64 = 5;
/// Codes per identifier per hour.
pub const CODES_PER_IDENTIFIER_HOUR: i64 = 5;
/// The window of the hourly send budgets.
pub(super) const HOUR_MILLIS: i64 = 3_600_000;
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
    /// A first sign-in password set in the user centre (`/p/user/sendSecurityCode`).
    Password,
    /// Resetting the payment password (`/p/user/sendSecurityCode`).
    PayPassword,
    /// Binding or changing the e-mail or phone in the user centre (`/p/user/sendBindCode`).
    Contact,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Login => "login",
            Purpose::Bind => "bind",
            Purpose::Reset => "reset",
            Purpose::Password => "password",
            Purpose::PayPassword => "pay-password",
            Purpose::Contact => "contact",
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
    /// Reads an e-mail or a phone number ([`Identifier::mobile`]).
    pub fn parse(raw: &str) -> Result<Self, Refusal> {
        let raw = raw.trim();
        if raw.contains('@') {
            Self::mail(raw)
        } else {
            Self::mobile(raw)
        }
    }

    /// Reads an e-mail: trimmed, checked, stored in lower case. (Checked before lower-casing,
    /// so that nothing that only lower-cases into an address, such as the Kelvin sign, passes.)
    pub fn mail(raw: &str) -> Result<Self, Refusal> {
        let v = raw.trim();
        if is_valid_email(v) {
            Ok(Identifier::Mail(v.to_ascii_lowercase()))
        } else {
            Err(Refusal::new("error-invalid-email"))
        }
    }

    /// Reads a phone number by the one phone rule of the api crate, which the pages and the
    /// widgets share ([`api::account::phone_digits`], `api/tests/phone_cases.json`): the
    /// international digits without plus, a leading 0 standing for 855.
    pub fn mobile(raw: &str) -> Result<Self, Refusal> {
        api::account::phone_digits(raw).map(Identifier::Mobile).ok_or_else(|| Refusal::new("error-invalid-phone"))
    }

    /// One of `mail` / `mobile` of a payload (exactly one must be given).
    pub fn from_pair(mail: Option<&str>, mobile: Option<&str>) -> Result<Self, Refusal> {
        let mail = mail.map(str::trim).filter(|s| !s.is_empty());
        let mobile = mobile.map(str::trim).filter(|s| !s.is_empty());
        match (mail, mobile) {
            (Some(m), None) => Self::mail(m),
            (None, Some(p)) => Self::mobile(p),
            (None, None) => Err(Refusal::with("error-missing-field", vec![("field", "mail".into())])),
            (Some(_), Some(_)) => Err(Refusal::new("error-mail-or-mobile")),
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

/// `local@domain.tld`, the top-level part at least 2 letters (spec section 5): the rule of the
/// api crate, which the pages and the widgets share (`api/tests/account_rules_cases.json`).
pub use api::account::is_valid_email;

// ---------------------------------------------------------------- passwords

/// Longest password or code looked at (longer ones are refused without hashing them).
pub const MAX_SECRET_LEN: usize = 128;

/// A password or code as typed, before it is hashed or compared: `empty_key` when there is
/// none, too long (named `field`) past [`MAX_SECRET_LEN`].
pub fn check_secret(value: &str, empty_key: &'static str, field: &'static str) -> Result<(), Refusal> {
    if value.is_empty() {
        return Err(Refusal::new(empty_key));
    }
    if value.len() > MAX_SECRET_LEN {
        return Err(Refusal::with(
            "error-value-too-long",
            vec![("field", field.into()), ("max", MAX_SECRET_LEN.to_string())],
        ));
    }
    Ok(())
}

/// Registration password rule (spec section 5): 8 to 20 characters combining letters, digits
/// and special symbols (printable ASCII, no spaces); [`api::account::meets_password_rule`],
/// which the pages and the widgets share.
pub fn check_new_password(password: &str) -> Result<(), Refusal> {
    if password.is_empty() {
        return Err(Refusal::new("error-new-password-empty"));
    }
    if api::account::meets_password_rule(password) {
        Ok(())
    } else {
        Err(Refusal::new("error-password-rule"))
    }
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

pub(super) fn code_matches(stored: &str, identifier: &str, purpose: Purpose, code: &str) -> bool {
    let Some((salt, digest)) = stored.split_once('$') else { return false };
    let computed = code_digest(salt, identifier, purpose, code);
    // Constant-time comparison of the two hex strings.
    computed.len() == digest.len() && computed.bytes().zip(digest.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

// ---------------------------------------------------------------- session cookie

/// The `Set-Cookie` value carrying a session token (a session cookie: the server ends the
/// session after 30 minutes idle).
pub fn session_cookie(token: &str, secure: bool) -> String {
    format!("{}={token}; HttpOnly; SameSite=Lax; Path=/{}", i18n::TOKEN_COOKIE, if secure { "; Secure" } else { "" })
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn clear_session_cookie(secure: bool) -> String {
    format!(
        "{}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT{}",
        i18n::TOKEN_COOKIE,
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

/// The part of a client address the per-address budgets count by: an IPv4 address as it is,
/// an IPv6 address by its /64 network (one subscriber's share, whose 2^64 addresses would
/// otherwise each get a budget of their own); anything else as it is.
pub fn budget_addr(addr: &str) -> std::borrow::Cow<'_, str> {
    match addr.parse::<std::net::Ipv6Addr>() {
        Ok(ip) if ip.to_ipv4_mapped().is_none() => {
            let s = ip.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3]).into()
        }
        Ok(ip) => ip.to_ipv4_mapped().map(|v4| v4.to_string()).unwrap_or_default().into(),
        Err(_) => addr.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_count_an_ipv6_client_by_its_network() {
        assert_eq!(budget_addr("1.2.3.4"), "1.2.3.4");
        assert_eq!(budget_addr("local"), "local");
        assert_eq!(budget_addr("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(budget_addr("2001:db8:1:2:ffff:1:2:3"), budget_addr("2001:db8:1:2::9"));
        assert_ne!(budget_addr("2001:db8:1:2::1"), budget_addr("2001:db8:1:3::1"));
        assert_eq!(budget_addr("::ffff:1.2.3.4"), "1.2.3.4");
    }

    #[test]
    fn identifiers() {
        assert_eq!(Identifier::parse(" A.B@Example.COM ").unwrap(), Identifier::Mail("a.b@example.com".into()));
        assert!(Identifier::parse("a@b.c").is_err());
        assert!(Identifier::parse("a@@b.cc").is_err());
        assert_eq!(Identifier::parse("+85512345678").unwrap(), Identifier::Mobile("85512345678".into()));
        assert_eq!(Identifier::parse("012345678").unwrap(), Identifier::Mobile("85512345678".into()));
        assert!(Identifier::parse("12345").is_err());
        assert!(Identifier::parse("12345abc901").is_err());
        assert_eq!(Identifier::parse("+855 12-345-678").unwrap(), Identifier::Mobile("85512345678".into()));
    }

    #[test]
    fn phones_agree_with_the_shared_cases() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../../api/tests/phone_cases.json")).expect("cases");
        for case in cases.as_array().unwrap() {
            let value = case["value"].as_str().unwrap();
            let digits = case["digits"].as_str();
            let read = Identifier::mobile(value).ok();
            assert_eq!(read.as_ref().map(Identifier::value), digits, "{value:?}");
            if !value.contains('@') {
                assert_eq!(Identifier::parse(value).ok().as_ref().map(Identifier::value), digits, "{value:?}");
            }
        }
    }

    /// The cases the api crate and the widgets are checked with too, through the server's
    /// own entry points: an e-mail as a sign-in identifier, a password as a new password.
    fn shared_cases(kind: &str) -> Vec<(String, bool)> {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../../api/tests/account_rules_cases.json")).expect("cases");
        let cases = cases[kind].as_array().expect(kind);
        assert!(cases.len() > 20, "{kind}");
        cases.iter().map(|c| (c["value"].as_str().unwrap().to_string(), c["ok"].as_bool().unwrap())).collect()
    }

    #[test]
    fn emails_agree_with_the_shared_cases() {
        for (value, ok) in shared_cases("emails") {
            assert_eq!(Identifier::mail(&value).is_ok(), ok, "{value:?}");
            assert_eq!(Identifier::from_pair(Some(&value), None).is_ok(), ok, "{value:?}");
            if value.contains('@') {
                assert_eq!(Identifier::parse(&value).is_ok(), ok, "{value:?}");
            }
        }
    }

    #[test]
    fn passwords_agree_with_the_shared_cases() {
        for (value, ok) in shared_cases("passwords") {
            assert_eq!(check_new_password(&value).is_ok(), ok, "{value:?}");
        }
    }

    #[test]
    fn emails_are_kept_in_lower_case() {
        assert_eq!(Identifier::mail(" Buyer@Shop.KH ").unwrap(), Identifier::Mail("buyer@shop.kh".into()));
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
