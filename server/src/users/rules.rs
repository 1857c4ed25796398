//! The rules of the profile, passwords and binding, without I/O: the nickname (spec section
//! 5, shared with the pages through `api::users`), the user-centre password rule, where a code
//! for the buyer's own account goes, and what an avatar may be.

use crate::accounts::{Identifier, Purpose};
use crate::refusal::Refusal;
use api::users::{
    code_purpose, code_target, ACCOUNT_PASSWORD_MAX_LENGTH, ACCOUNT_PASSWORD_MIN_LENGTH, NICKNAME_MAX_CHARS,
};

/// The nickname as stored (trimmed), or its rule's message.
pub fn nickname(raw: &str) -> Result<String, Refusal> {
    match api::users::nickname_problem(raw) {
        None => Ok(raw.trim().to_string()),
        Some("error-nickname-too-long") => {
            Err(Refusal::with("error-nickname-too-long", vec![("max", NICKNAME_MAX_CHARS.to_string())]))
        }
        Some(key) => Err(Refusal::new(key)),
    }
}

/// A new user-centre password (spec section 5: 6 to 20 characters of at least two kinds).
pub fn new_password(password: &str) -> Result<(), Refusal> {
    if password.is_empty() {
        return Err(Refusal::new("error-new-password-empty"));
    }
    if api::users::meets_account_password_rule(password) {
        Ok(())
    } else {
        Err(Refusal::with(
            "error-account-password-rule",
            vec![("min", ACCOUNT_PASSWORD_MIN_LENGTH.to_string()), ("max", ACCOUNT_PASSWORD_MAX_LENGTH.to_string())],
        ))
    }
}

/// Which of the buyer's own addresses a code goes to: `mail` or `mobile`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Mail,
    Mobile,
}

pub fn target(raw: &str) -> Result<Target, Refusal> {
    match raw.trim() {
        code_target::MAIL => Ok(Target::Mail),
        code_target::MOBILE => Ok(Target::Mobile),
        "" => Err(Refusal::missing("target")),
        _ => Err(Refusal::invalid("target")),
    }
}

/// What a code to the buyer's own address is for.
pub fn purpose(raw: &str) -> Result<Purpose, Refusal> {
    match raw.trim() {
        code_purpose::PASSWORD => Ok(Purpose::Password),
        code_purpose::PAY_PASSWORD => Ok(Purpose::PayPassword),
        "" => Err(Refusal::missing("purpose")),
        _ => Err(Refusal::invalid("purpose")),
    }
}

/// The buyer's bound address of `target` as an identifier (stored normalized), or "not bound".
pub fn bound(target: Target, mail: Option<String>, mobile: Option<String>) -> Result<Identifier, Refusal> {
    match (target, mail, mobile) {
        (Target::Mail, Some(mail), _) => Ok(Identifier::Mail(mail)),
        (Target::Mobile, _, Some(mobile)) => Ok(Identifier::Mobile(mobile)),
        (Target::Mail, None, _) => Err(Refusal::new("error-mail-not-bound")),
        (Target::Mobile, _, None) => Err(Refusal::new("error-mobile-not-bound")),
    }
}

/// Whether taking away one provider account leaves a way to sign in: a bound e-mail or phone
/// (a code can always be sent there), or another provider account.
pub fn can_unbind(has_mail: bool, has_mobile: bool, identities: usize) -> bool {
    has_mail || has_mobile || identities > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames_are_trimmed_and_checked() {
        assert_eq!(nickname("  Dara ").unwrap(), "Dara");
        assert!(nickname("   ").is_err());
        assert!(nickname(&"x".repeat(16)).is_err());
        assert_eq!(nickname(&"ស".repeat(15)).unwrap().chars().count(), 15);
    }

    #[test]
    fn targets_and_purposes() {
        assert_eq!(target("mail").unwrap(), Target::Mail);
        assert_eq!(target("mobile").unwrap(), Target::Mobile);
        assert!(target("fax").is_err() && target("").is_err());
        assert_eq!(purpose("payPassword").unwrap(), Purpose::PayPassword);
        assert!(purpose("login").is_err());
        assert_eq!(bound(Target::Mobile, None, Some("85512345678".into())).unwrap().value(), "85512345678");
        assert!(bound(Target::Mail, None, Some("85512345678".into())).is_err());
    }

    #[test]
    fn the_last_way_to_sign_in_stays() {
        assert!(can_unbind(true, false, 1));
        assert!(can_unbind(false, true, 1));
        assert!(can_unbind(false, false, 2));
        assert!(!can_unbind(false, false, 1));
    }
}
