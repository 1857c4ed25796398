//! Account and session calls of spec section 7: sign-in by password or one-time code,
//! sign-up, codes, third-party (OAuth2) sign-in and binding, profile, and password recovery.

use api_macros::wire;
use serde::{Deserialize, Serialize};

crate::constants! {
    /// Social type codes (spec section 9): `socialType` of `/getThirdLoginUrl` and
    /// `/thirdLogin`, and the provider a third-party sign-in returns from.
    pub mod social_type: i64 {
        /// Google (returns to `/google/callback`).
        GOOGLE = 3;
        /// Facebook (returns to `/oauth-callback`).
        FACEBOOK = 4;
    }
}

/// [`social_type::GOOGLE`], under the name the server matches on.
pub const SOCIAL_GOOGLE: i64 = social_type::GOOGLE;
/// [`social_type::FACEBOOK`], under the name the server matches on.
pub const SOCIAL_FACEBOOK: i64 = social_type::FACEBOOK;

crate::constants! {
    /// Limits of the account rules: the server enforces them, the pages and widgets show them
    /// (exported to the widgets' TypeScript as constants of the same names).
    pub mod limits: i64 {
        /// Seconds before another one-time code may be sent for the same identifier and
        /// purpose (spec section 9: "Code resend countdown 60 s"). The server refuses a sooner
        /// send; the Send Code buttons count down from it.
        CODE_RESEND_SECONDS = 60;
    }
}

pub use limits::CODE_RESEND_SECONDS;

crate::constants! {
    /// The registration password rule (spec section 5, `meets_password_rule` of the api
    /// crate): 8 to 20 printable ASCII characters (no spaces) combining letters, digits and
    /// special symbols.
    pub mod password_rule: usize {
        /// The fewest characters of a new password.
        PASSWORD_MIN_LENGTH = 8;
        /// The most characters of a new password.
        PASSWORD_MAX_LENGTH = 20;
    }
}

pub use password_rule::{PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH};

crate::constants! {
    /// The e-mail rule (spec section 5, `is_valid_email` of the api crate):
    /// `local@domain.tld`, the top-level part at least 2 letters, and these lengths.
    pub mod email_rule: usize {
        /// The most characters of an e-mail address.
        EMAIL_MAX_LENGTH = 254;
        /// The most characters of the part before the `@`.
        EMAIL_LOCAL_MAX_LENGTH = 64;
        /// The most characters of one dot-separated part of the domain.
        EMAIL_LABEL_MAX_LENGTH = 63;
    }
}

pub use email_rule::{EMAIL_LABEL_MAX_LENGTH, EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH};

crate::constants! {
    /// The phone rule (spec section 5, `phone_digits` of the api crate): the international
    /// number's digits without plus, country code included, a leading 0 standing for
    /// Cambodia's 855 (docs/decisions/0167-one-phone-rule.md).
    pub mod phone_rule: usize {
        /// The fewest digits of a phone number, country code included.
        PHONE_MIN_DIGITS = 10;
        /// The most digits of a phone number, country code included (E.164's longest).
        PHONE_MAX_DIGITS = 15;
    }
}

pub use phone_rule::{PHONE_MAX_DIGITS, PHONE_MIN_DIGITS};

/// The country code a leading 0 stands for (spec section 5: "a leading 0 is replaced by +855").
pub const LEADING_ZERO_COUNTRY_CODE: &str = "855";

/// What a typed phone number may hold between its digits; dropped before the rule applies.
pub const PHONE_SEPARATORS: [char; 5] = [' ', '-', '.', '(', ')'];

/// The one reading of a phone number (spec section 5), as sign-in, sign-up, password recovery
/// and binding take it: trimmed, the [`PHONE_SEPARATORS`] dropped; then a leading `+` is
/// dropped, or else a leading 0 becomes [`LEADING_ZERO_COUNTRY_CODE`]; what is left must be
/// [`PHONE_MIN_DIGITS`] to [`PHONE_MAX_DIGITS`] ASCII digits not starting with 0. `None` when
/// it is not a phone number. The widgets mirror it (`widgets/src/phone.ts`); both are held to
/// `api/tests/phone_cases.json`.
pub fn phone_digits(input: &str) -> Option<String> {
    let compact: String = input.trim().chars().filter(|c| !PHONE_SEPARATORS.contains(c)).collect();
    let digits = if let Some(international) = compact.strip_prefix('+') {
        international.to_string()
    } else if let Some(national) = compact.strip_prefix('0') {
        format!("{LEADING_ZERO_COUNTRY_CODE}{national}")
    } else {
        compact
    };
    let ok = (PHONE_MIN_DIGITS..=PHONE_MAX_DIGITS).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    ok.then_some(digits)
}

/// Whether `v` (already trimmed) is an e-mail address (spec section 5): the HTML form's rule
/// (ASCII letters, digits and ``.!#$%&'*+/=?^_`{|}~-`` before the `@`; domain parts of
/// letters, digits and inner hyphens), the top-level part at least 2 letters, and the
/// [`email_rule`] lengths. The server's rule; the widgets mirror it (the shared cases of
/// `api/tests/account_rules_cases.json`).
pub fn is_valid_email(v: &str) -> bool {
    if v.len() > EMAIL_MAX_LENGTH {
        return false;
    }
    let Some((local, domain)) = v.split_once('@') else { return false };
    let local_ok = !local.is_empty()
        && local.len() <= EMAIL_LOCAL_MAX_LENGTH
        && local.chars().all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= EMAIL_LABEL_MAX_LENGTH
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let tld_ok = labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && labels.len() >= 2 && labels.iter().all(label_ok) && tld_ok
}

/// Whether `password` follows the registration password rule (spec section 5):
/// [`PASSWORD_MIN_LENGTH`] to [`PASSWORD_MAX_LENGTH`] printable ASCII characters (no spaces),
/// with at least one letter, one digit and one special symbol. The server's rule; the widgets
/// mirror it (the shared cases of `api/tests/account_rules_cases.json`).
pub fn meets_password_rule(password: &str) -> bool {
    (PASSWORD_MIN_LENGTH..=PASSWORD_MAX_LENGTH).contains(&password.len())
        && password.chars().all(|c| c.is_ascii_graphic())
        && password.chars().any(|c| c.is_ascii_alphabetic())
        && password.chars().any(|c| c.is_ascii_digit())
        && password.chars().any(|c| c.is_ascii_punctuation())
}

/// `POST /login`, `/mailLogin`, `/mobileLogin`: `userName` is an e-mail or the phone digits
/// without plus; `passWord` is the password or, for the code sign-ins, the one-time code.
#[wire]
pub struct LoginRequest {
    pub user_name: String,
    pub pass_word: String,
}

/// A successful sign-in. The same token is also set as the HttpOnly `token` cookie.
#[wire]
pub struct TokenData {
    pub access_token: String,
}

/// `POST /user/signup` (and `POST /user/resetPassword`): exactly one of `mail` / `mobile`, the
/// code sent to it, a password.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub mobile: Option<String>,
    pub valid_code: String,
    pub password: String,
}

/// `POST /user/checkUser?input=`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema, utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct CheckUserQuery {
    pub input: String,
}

/// Answer of `/user/checkUser`: `Exit` 0 means the account does not exist, 1 that it does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckUserData {
    #[serde(rename = "Exit")]
    pub exit: i64,
}

/// `POST /sms/sendLoginCode` (form data) and `POST /user/sendResetCode` (JSON): one of
/// `mail` / `mobile` (digits without plus).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SendCodeRequest {
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub mobile: Option<String>,
}

/// `PUT /user/sendBindSms`.
#[wire]
pub struct SendBindCodeRequest {
    pub mail: String,
}

/// `POST /bindMailAndThirdLogin`.
#[wire]
pub struct BindMailRequest {
    pub mail: String,
    pub valid_code: String,
    pub login_key: String,
}

/// `GET /p/user/userInfo`.
#[wire]
pub struct UserInfo {
    pub nick_name: String,
    pub pic: Option<String>,
    pub user_id: i64,
    pub user_mail: Option<String>,
}

/// `GET /p/user/centerInfo`: the buyer's own shop, `null` when they have none.
#[wire]
pub struct CenterInfo {
    pub shop_status: Option<i64>,
    pub shop_id: Option<i64>,
}

/// `GET /getThirdLoginUrl?socialType&callbackUrl`; the answer's data is the provider URL.
#[wire(query)]
pub struct ThirdLoginUrlQuery {
    pub social_type: i64,
    pub callback_url: String,
}

/// `POST /thirdLogin`: `authCallback` is the query string the provider returned (code, state).
#[wire]
pub struct ThirdLoginRequest {
    pub social_type: i64,
    pub callback_url: String,
    pub auth_callback: String,
}

/// Answer of `/thirdLogin`: a token when the provider account is bound, else a loginKey for
/// the bind-email dialog.
#[wire]
pub struct ThirdLoginData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
    #[serde(rename = "thirdLoginVO", default, skip_serializing_if = "Option::is_none")]
    pub third_login_vo: Option<ThirdLoginVo>,
}

/// The third-party account waiting to be bound (`/bindMailAndThirdLogin`, or
/// `/user/registerOrBindUser` when `bind`).
#[wire]
pub struct ThirdLoginVo {
    pub login_key: String,
    /// The sign-in was started by the user centre's bind page (`/p/user/bindSocialUrl`): the
    /// account is bound to the signed-in buyer with `/user/registerOrBindUser`, nobody is
    /// signed in. Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bind: bool,
    /// The e-mail address the provider returned, which the bind-email dialog starts from
    /// (the buyer may change it). Left out when the provider gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

/// `POST /user/registerOrBindUser` (signed in): binds the provider account of `loginKey` to
/// the signed-in buyer (the user centre's bind page).
#[wire]
pub struct RegisterOrBindRequest {
    pub login_key: String,
}

/// `POST /user/resetPassword`: the same fields as [`SignupRequest`]: one of `mail` / `mobile`,
/// the reset code, the new password.
pub type ResetPasswordRequest = SignupRequest;

/// `GET /dev/mailbox?to=` (development only).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema, utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct MailboxQuery {
    pub to: String,
}

/// One message of the development mailbox, newest first.
#[wire]
pub struct MailboxMessage {
    pub id: i64,
    /// `mail` or `sms`.
    pub channel: String,
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The one-time code in the message, if it carries one.
    pub code: Option<String>,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_follow_the_spec() {
        let json = serde_json::to_value(CheckUserData { exit: 0 }).unwrap();
        assert_eq!(json, serde_json::json!({"Exit": 0}));
        let json = serde_json::to_value(ThirdLoginData {
            access_token: None,
            third_login_vo: Some(ThirdLoginVo { login_key: "k".into(), bind: false, email: None }),
        })
        .unwrap();
        assert_eq!(json, serde_json::json!({"thirdLoginVO": {"loginKey": "k"}}));
        let vo = ThirdLoginVo { login_key: "k".into(), bind: false, email: Some("ann@example.com".into()) };
        assert_eq!(serde_json::to_value(vo).unwrap(), serde_json::json!({"loginKey": "k", "email": "ann@example.com"}));
        let login: LoginRequest = serde_json::from_str(r#"{"userName":"a@b.cc","passWord":"x"}"#).unwrap();
        assert_eq!(login.pass_word, "x");
    }

    /// The cases the server and the widgets are checked with too.
    fn shared_cases(kind: &str) -> Vec<(String, bool)> {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../tests/account_rules_cases.json")).expect("cases");
        let cases = cases[kind].as_array().expect(kind);
        assert!(cases.len() > 20, "{kind}");
        cases.iter().map(|c| (c["value"].as_str().unwrap().to_string(), c["ok"].as_bool().unwrap())).collect()
    }

    #[test]
    fn the_email_rule_holds_the_shared_cases() {
        for (value, ok) in shared_cases("emails") {
            assert_eq!(is_valid_email(value.trim()), ok, "{value:?}");
        }
    }

    #[test]
    fn the_password_rule_holds_the_shared_cases() {
        for (value, ok) in shared_cases("passwords") {
            assert_eq!(meets_password_rule(&value), ok, "{value:?}");
        }
    }
}
