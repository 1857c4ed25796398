//! The user centre's profile, passwords and binding (spec sections 2, 5, 9): uploads, the
//! nickname and avatar, the sign-in and payment passwords, and the e-mail, phone and
//! third-party accounts bound to a buyer. Paths after mall4j (`/p/file/upload`,
//! `/p/user/setUserInfo`, `/p/user/updatePwd`, ...), listed in [`crate::paths`].

use api_macros::wire;
use serde::{Deserialize, Serialize};

crate::constants! {
    /// Limits of the profile and upload rules: the server enforces them, the pages and the
    /// image-upload widget show them.
    pub mod limits: u64 {
        /// The most characters of a nickname (spec section 5: "Nickname max 15 characters").
        NICKNAME_MAX_CHARS = 15;
        /// The largest avatar upload, in bytes (spec section 5: 2 MB).
        AVATAR_MAX_BYTES = 2 * 1024 * 1024;
        /// The largest other picture upload, in bytes (spec section 5: 10 MB).
        IMAGE_MAX_BYTES = 10 * 1024 * 1024;
        /// The widest and tallest picture accepted, in pixels.
        IMAGE_MAX_SIDE = 8000;
        /// Uploads one buyer may make per hour.
        UPLOADS_PER_HOUR = 60;
        /// The fewest characters of a user-centre password (spec section 5: 6 to 20).
        ACCOUNT_PASSWORD_MIN_LENGTH = 6;
        /// The most characters of a user-centre password.
        ACCOUNT_PASSWORD_MAX_LENGTH = 20;
        /// Seconds before the password page goes on after a change (spec section 9: 3 s).
        PASSWORD_REDIRECT_SECONDS = 3;
    }
}

pub use limits::{
    ACCOUNT_PASSWORD_MAX_LENGTH, ACCOUNT_PASSWORD_MIN_LENGTH, AVATAR_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE,
    NICKNAME_MAX_CHARS, PASSWORD_REDIRECT_SECONDS, UPLOADS_PER_HOUR,
};

/// The `kind` of an upload: an avatar (at most [`AVATAR_MAX_BYTES`]) or any other picture
/// (at most [`IMAGE_MAX_BYTES`]).
pub mod upload_kind {
    pub const AVATAR: &str = "avatar";
    pub const IMAGE: &str = "image";
}

/// The most bytes an upload of `kind` may have ([`upload_kind`]; an unknown kind has none).
pub fn upload_max_bytes(kind: &str) -> Option<u64> {
    match kind {
        upload_kind::AVATAR => Some(AVATAR_MAX_BYTES),
        upload_kind::IMAGE => Some(IMAGE_MAX_BYTES),
        _ => None,
    }
}

/// Why a nickname is refused (spec section 5), or `None` when it is good: the trimmed text must
/// not be empty ("content must not be all spaces") and has at most [`NICKNAME_MAX_CHARS`]
/// characters, none of them control characters. The Fluent key of the message.
pub fn nickname_problem(nick_name: &str) -> Option<&'static str> {
    let nick = nick_name.trim();
    if nick.is_empty() {
        Some("error-nickname-empty")
    } else if nick.chars().count() as u64 > NICKNAME_MAX_CHARS {
        Some("error-nickname-too-long")
    } else if nick.chars().any(char::is_control) {
        Some("error-nickname-invalid")
    } else {
        None
    }
}

/// The user-centre password rule (spec section 5: "Account-center password 6-20 with at least
/// two character kinds"): [`ACCOUNT_PASSWORD_MIN_LENGTH`] to [`ACCOUNT_PASSWORD_MAX_LENGTH`]
/// printable ASCII characters without spaces, of at least two of the kinds letters, digits and
/// special symbols.
pub fn meets_account_password_rule(password: &str) -> bool {
    let len = password.len() as u64;
    let kinds = [
        password.chars().any(|c| c.is_ascii_alphabetic()),
        password.chars().any(|c| c.is_ascii_digit()),
        password.chars().any(|c| c.is_ascii_punctuation()),
    ];
    (ACCOUNT_PASSWORD_MIN_LENGTH..=ACCOUNT_PASSWORD_MAX_LENGTH).contains(&len)
        && password.chars().all(|c| c.is_ascii_graphic())
        && kinds.iter().filter(|k| **k).count() >= 2
}

/// An e-mail address as the user centre shows it: the first two characters of the part before
/// the `@` (one when it is that short), `***`, and the domain: `ab***@example.com`.
pub fn mask_mail(mail: &str) -> String {
    let Some((local, domain)) = mail.split_once('@') else { return "***".into() };
    let keep = if local.chars().count() > 2 { 2 } else { 1 };
    let shown: String = local.chars().take(keep).collect();
    format!("{shown}***@{domain}")
}

/// The dial codes of the login popup (spec section 2), longest first when looking one up.
pub const DIAL_CODES: [&str; 10] = ["855", "1", "44", "86", "81", "82", "65", "60", "66", "84"];

/// A phone number (international digits without plus) as the user centre shows it: the dial
/// code, the first two and the last three digits: `+855 12***678`.
pub fn mask_mobile(mobile: &str) -> String {
    let mut codes = DIAL_CODES;
    codes.sort_by_key(|c| std::cmp::Reverse(c.len()));
    let (code, rest) = match codes.iter().find(|c| mobile.starts_with(**c) && mobile.len() > c.len() + 5) {
        Some(code) => (format!("+{code} "), &mobile[code.len()..]),
        None => ("+".to_string(), mobile),
    };
    if rest.len() < 6 {
        return format!("{code}***");
    }
    format!("{code}{}***{}", &rest[..2], &rest[rest.len() - 3..])
}

/// `GET /p/user/accountInfo`: what the user centre's account, password and binding pages show.
/// The e-mail and phone are masked ([`mask_mail`], [`mask_mobile`]); the full ones never travel.
#[wire]
pub struct AccountInfo {
    pub nick_name: String,
    /// The avatar's path (`/media/<name>`) or URL; `null` for none.
    pub pic: Option<String>,
    /// The bound e-mail, masked; `null` when none is bound.
    pub user_mail: Option<String>,
    /// The bound phone, masked; `null` when none is bound.
    pub user_mobile: Option<String>,
    /// Whether the account has a sign-in password (accounts made by code or a third party
    /// may not).
    pub has_password: bool,
    /// Whether the account has a payment password.
    pub has_pay_password: bool,
    /// Each third-party sign-in (Google 3, Facebook 4) and whether one of its accounts is bound.
    pub socials: Vec<SocialBinding>,
}

/// One third-party sign-in of [`AccountInfo`].
#[wire]
pub struct SocialBinding {
    /// A [`social_type`](crate::account::social_type).
    pub social_type: i64,
    pub bound: bool,
    /// Whether it can be bound here (the provider is configured).
    pub available: bool,
}

/// `PUT /p/user/setUserInfo` (mall4j's `UserInfoParam`): the nickname and the avatar. `pic` is
/// a path this server stored for the buyer (`/media/<name>` from `/p/file/upload`), or the
/// current picture unchanged; empty or absent keeps it.
#[wire(default)]
pub struct UserInfoParam {
    pub nick_name: String,
    pub pic: Option<String>,
}

/// `PUT /p/user/updatePwd`: the current sign-in password and the new one.
#[wire(default)]
pub struct UpdatePasswordParam {
    pub old_password: String,
    pub new_password: String,
}

/// Where a one-time code for the buyer's own account goes: `mail` (the bound e-mail) or
/// `mobile` (the bound phone).
pub mod code_target {
    pub const MAIL: &str = "mail";
    pub const MOBILE: &str = "mobile";
}

/// What a code to the buyer's own e-mail or phone is for.
pub mod code_purpose {
    /// Setting a sign-in password on an account that has none (`/p/user/setPwd`).
    pub const PASSWORD: &str = "password";
    /// Resetting the payment password (`/p/user/resetPayPassword`).
    pub const PAY_PASSWORD: &str = "payPassword";
}

/// `POST /p/user/sendSecurityCode`: a code to the buyer's bound e-mail or phone.
#[wire(default)]
pub struct SecurityCodeParam {
    /// A [`code_target`].
    pub target: String,
    /// A [`code_purpose`].
    pub purpose: String,
}

/// `PUT /p/user/setPwd`: a sign-in password for an account that has none, proven by a code
/// sent to its bound e-mail or phone.
#[wire(default)]
pub struct SetPasswordParam {
    /// A [`code_target`]: where the code was sent.
    pub target: String,
    pub valid_code: String,
    pub new_password: String,
}

/// `PUT /p/user/updatePayPassword`: the current payment password and the new one.
#[wire(default)]
pub struct UpdatePayPasswordParam {
    pub old_pay_password: String,
    pub pay_password: String,
}

/// `PUT /p/user/resetPayPassword`: a new payment password, proven by a code sent to the bound
/// e-mail or phone.
#[wire(default)]
pub struct ResetPayPasswordParam {
    /// A [`code_target`]: where the code was sent.
    pub target: String,
    pub valid_code: String,
    pub pay_password: String,
}

/// `POST /p/user/sendBindCode`: a code to a new e-mail or phone (exactly one of them).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BindCodeParam {
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub mobile: Option<String>,
}

/// `PUT /p/user/bindAccount`: binds (or changes) the e-mail or the phone (exactly one of them)
/// with the code sent to it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BindAccountParam {
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub mobile: Option<String>,
    #[serde(default)]
    pub valid_code: String,
}

/// `POST /p/user/unbindSocial`: unbinds the third-party account of a social type.
#[wire(default)]
pub struct UnbindSocialParam {
    /// A [`social_type`](crate::account::social_type).
    pub social_type: i64,
}

/// `GET /p/user/bindSocialUrl?socialType&callbackUrl` (signed in): like `/getThirdLoginUrl`,
/// but its return binds the provider account to the signed-in buyer.
#[wire(query)]
pub struct BindSocialUrlQuery {
    pub social_type: i64,
    pub callback_url: String,
}

/// `POST /p/file/upload?kind=`: the multipart body's one `file` part; `kind` ([`upload_kind`],
/// default `image`) may also be a form field.
#[wire(default)]
pub struct FileUploadForm {
    /// The picture (PNG, JPEG, GIF or WebP).
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Binary))]
    pub file: String,
    /// [`upload_kind`]: `avatar` or `image`.
    pub kind: String,
}

/// The query of `/p/file/upload`.
#[wire(query)]
pub struct FileUploadQuery {
    /// [`upload_kind`]: `avatar` or `image` (default).
    #[serde(default)]
    pub kind: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames() {
        assert_eq!(nickname_problem("Dara"), None);
        assert_eq!(nickname_problem("  Dara  "), None);
        assert_eq!(nickname_problem("   "), Some("error-nickname-empty"));
        assert_eq!(nickname_problem(""), Some("error-nickname-empty"));
        assert_eq!(nickname_problem(&"អ".repeat(15)), None);
        assert_eq!(nickname_problem(&"永".repeat(16)), Some("error-nickname-too-long"));
        assert_eq!(nickname_problem("a\u{7}b"), Some("error-nickname-invalid"));
    }

    #[test]
    fn account_passwords_need_two_kinds() {
        assert!(meets_account_password_rule("abc123"));
        assert!(meets_account_password_rule("abc!de"));
        assert!(meets_account_password_rule("123-456"));
        assert!(!meets_account_password_rule("abcdef"));
        assert!(!meets_account_password_rule("123456"));
        assert!(!meets_account_password_rule("a1b2c"));
        assert!(!meets_account_password_rule(&"a1".repeat(11)));
        assert!(meets_account_password_rule(&"a1".repeat(10)));
        assert!(!meets_account_password_rule("abc 123"));
        assert!(!meets_account_password_rule("abcé123"));
    }

    #[test]
    fn masks() {
        assert_eq!(mask_mail("abcdef@example.com"), "ab***@example.com");
        assert_eq!(mask_mail("ab@example.com"), "a***@example.com");
        assert_eq!(mask_mobile("85512345678"), "+855 12***678");
        assert_eq!(mask_mobile("8613812345678"), "+86 13***678");
        assert_eq!(mask_mobile("12025550123"), "+1 20***123");
        assert_eq!(mask_mobile("99912345678"), "+99***678");
    }

    #[test]
    fn upload_limits_follow_the_spec() {
        assert_eq!(upload_max_bytes("avatar"), Some(2 * 1024 * 1024));
        assert_eq!(upload_max_bytes("image"), Some(10 * 1024 * 1024));
        assert_eq!(upload_max_bytes("video"), None);
    }
}
