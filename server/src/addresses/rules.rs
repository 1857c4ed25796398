//! The rules of an address's fields: what is stored is trimmed and checked here, once.

use api::addresses::{AddrParam, DETAIL_MAX_CHARS, DETAIL_MIN_CHARS, POST_CODE_MAX_CHARS, RECEIVER_MAX_CHARS};

/// Fewest and most digits of a phone number.
pub const MOBILE_MIN_DIGITS: usize = 6;
pub const MOBILE_MAX_DIGITS: usize = 15;

/// An address's fields as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddrFields {
    pub receiver: String,
    pub mobile: String,
    pub post_code: String,
    pub addr: String,
}

/// Which field broke its rule (each has its own message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    Receiver,
    Mobile,
    PostCode,
    Addr,
}

/// Checks and normalizes an address: the receiver and address trimmed (not empty, not all
/// spaces, no control characters, within their lengths), the phone without spaces and dashes
/// (an optional leading `+`, then 6 to 15 digits), the postal code trimmed (optional, up to 10
/// letters, digits, spaces or dashes).
pub fn check(param: &AddrParam) -> Result<AddrFields, FieldError> {
    let receiver = param.receiver.trim();
    if receiver.is_empty() || receiver.chars().count() > RECEIVER_MAX_CHARS || receiver.chars().any(char::is_control) {
        return Err(FieldError::Receiver);
    }
    let mobile = mobile(&param.mobile).ok_or(FieldError::Mobile)?;
    let post_code = param.post_code.trim();
    if post_code.chars().count() > POST_CODE_MAX_CHARS
        || !post_code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
    {
        return Err(FieldError::PostCode);
    }
    let addr = param.addr.trim();
    let addr_chars = addr.chars().count();
    if !(DETAIL_MIN_CHARS..=DETAIL_MAX_CHARS).contains(&addr_chars) || addr.chars().any(char::is_control) {
        return Err(FieldError::Addr);
    }
    Ok(AddrFields { receiver: receiver.to_string(), mobile, post_code: post_code.to_string(), addr: addr.to_string() })
}

/// A phone number without spaces and dashes, when it is an optional `+` and 6 to 15 digits.
fn mobile(raw: &str) -> Option<String> {
    let compact: String = raw.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    let fits = (MOBILE_MIN_DIGITS..=MOBILE_MAX_DIGITS).contains(&digits.len());
    (fits && digits.bytes().all(|b| b.is_ascii_digit())).then_some(compact)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(receiver: &str, mobile: &str, post_code: &str, addr: &str) -> AddrParam {
        AddrParam {
            addr_id: 0,
            receiver: receiver.into(),
            mobile: mobile.into(),
            post_code: post_code.into(),
            addr: addr.into(),
        }
    }

    fn good() -> AddrParam {
        param("Sok Dara", "+855 12-345-678", "12000", "No. 12, Street 240, Phnom Penh")
    }

    #[test]
    fn a_good_address_is_trimmed_and_its_phone_compacted() {
        let fields = check(&param("  Sok Dara ", "+855 12-345-678", " 12000 ", "  No. 12, Street 240  ")).unwrap();
        assert_eq!(fields.receiver, "Sok Dara");
        assert_eq!(fields.mobile, "+85512345678");
        assert_eq!(fields.post_code, "12000");
        assert_eq!(fields.addr, "No. 12, Street 240");
        assert_eq!(check(&param("王", "123456", "", "北京市朝阳区")).unwrap().post_code, "", "post code optional");
    }

    #[test]
    fn the_receiver_is_required_and_short() {
        for bad in ["", "   ", "\u{3000}", &"a".repeat(21), "a\nb"] {
            assert_eq!(check(&AddrParam { receiver: bad.into(), ..good() }), Err(FieldError::Receiver), "{bad:?}");
        }
        assert!(check(&AddrParam { receiver: "名".repeat(20), ..good() }).is_ok(), "20 characters, not bytes");
    }

    #[test]
    fn the_phone_has_6_to_15_digits() {
        for ok in ["123456", "+123456789012345", "012-345 678"] {
            assert!(check(&AddrParam { mobile: ok.into(), ..good() }).is_ok(), "{ok}");
        }
        for bad in ["", "12345", "1234567890123456", "++123456", "12345a7", "1234567+", "(012) 345678", "١٢٣٤٥٦"]
        {
            assert_eq!(check(&AddrParam { mobile: bad.into(), ..good() }), Err(FieldError::Mobile), "{bad}");
        }
    }

    #[test]
    fn the_post_code_is_short_letters_digits_spaces_dashes() {
        for ok in ["", "SW1A 1AA", "100-0001", "1234567890"] {
            assert!(check(&AddrParam { post_code: ok.into(), ..good() }).is_ok(), "{ok}");
        }
        for bad in ["12345678901", "12#45", "邮编", "<b>"] {
            assert_eq!(check(&AddrParam { post_code: bad.into(), ..good() }), Err(FieldError::PostCode), "{bad}");
        }
    }

    #[test]
    fn the_detail_has_5_to_50_characters() {
        for ok in ["abcde", &"a".repeat(50), "   abcde   ", "ផ្លូវ២៤"] {
            assert!(check(&AddrParam { addr: ok.into(), ..good() }).is_ok(), "{ok}");
        }
        for bad in ["abcd", "  abcd  ", "          ", &"a".repeat(51), "abc\u{0}def"] {
            assert_eq!(check(&AddrParam { addr: bad.into(), ..good() }), Err(FieldError::Addr), "{bad:?}");
        }
    }
}
