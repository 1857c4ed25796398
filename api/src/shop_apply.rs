//! Opening a shop from the buyer centre (spec section 1 "Apply to open a shop", section 4 the
//! my-shop link's states, section 5 the store rules): the application, its review states, and
//! the store account and password for the sellers' centre once it is approved. Paths after
//! mall4j's `/p/shop/...` naming (`GET /p/shop/apply/info`, `POST /p/shop/apply`,
//! `POST /p/shop/apply/storeAccount`).
//!
//! The field rules live here, without I/O, so the page checks exactly what the server enforces.

use api_macros::wire;

/// The store name: at most 20 characters, letters and digits of any script, single spaces
/// between words (spec section 5 "Store name up to 20, no special characters").
pub const SHOP_NAME_MAX_CHARS: usize = 20;
/// The store description (spec section 5 "Store description 10-200").
pub const INTRO_MIN_CHARS: usize = 10;
pub const INTRO_MAX_CHARS: usize = 200;
/// The store's detail address (spec section 5 "Store detail address at least 5"; at most 100).
pub const SHOP_ADDRESS_MIN_CHARS: usize = 5;
pub const SHOP_ADDRESS_MAX_CHARS: usize = 100;
/// The contact phone: an optional `+`, then 6 to 15 digits (spaces and dashes dropped).
pub const TEL_MIN_DIGITS: usize = 6;
pub const TEL_MAX_DIGITS: usize = 15;
/// Qualification pictures (business licence and ID): 1 to 5 uploaded images.
pub const QUALIFICATIONS_MIN: usize = 1;
pub const QUALIFICATIONS_MAX: usize = 5;
/// The store account of the sellers' centre: 4 to 16 letters, digits or underscore (spec
/// section 5 "Account 4-16 letters, digits or underscore").
pub const STORE_ACCOUNT_MIN_CHARS: usize = 4;
pub const STORE_ACCOUNT_MAX_CHARS: usize = 16;
/// The store password (spec section 5 "Store password 6-12"): printable, no spaces.
pub const STORE_PASSWORD_MIN_CHARS: usize = 6;
pub const STORE_PASSWORD_MAX_CHARS: usize = 12;
/// A rejection's reason, given by the reviewer.
pub const REASON_MAX_CHARS: usize = 200;

crate::constants! {
    /// `status` of a shop application ([`ShopApplyInfo`]).
    pub mod apply_status: i32 {
        /// Waiting for the platform's review.
        UNDER_REVIEW = 0;
        /// Approved: the shop is open and owned by the applicant.
        APPROVED = 1;
        /// Rejected, with the reviewer's reason; the buyer may apply again.
        REJECTED = -1;
    }
}

crate::constants! {
    /// `shopStatus` of `GET /p/user/centerInfo` (spec section 4 "My-shop link: shopStatus 1
    /// opens it; 0 means under review; -1 means rejected or another tip; otherwise the store is
    /// offline"); `null` when the buyer has neither a shop nor an application.
    pub mod my_shop_status: i64 {
        /// The buyer's shop is open.
        OPEN = 1;
        /// The application waits for review.
        UNDER_REVIEW = 0;
        /// The application was rejected.
        REJECTED = -1;
        /// The buyer's shop exists but is offline.
        OFFLINE = 2;
    }
}

/// `POST /p/shop/apply`: what the buyer applies with.
#[wire(default)]
pub struct ShopApplyParam {
    /// The store name (at most 20 letters or digits).
    pub shop_name: String,
    /// The store description (10 to 200 characters).
    pub intro: String,
    /// The store's detail address (5 to 100 characters).
    pub shop_address: String,
    /// The contact phone.
    pub tel: String,
    /// The main category: a top-level category of the catalogue.
    pub category_id: i64,
    /// The qualification pictures (business licence and ID), as `POST /p/file/upload` answered
    /// them: 1 to 5.
    pub qualifications: Vec<String>,
}

/// `POST /p/shop/apply/storeAccount`: the sellers' centre's sign-in for an approved shop.
#[wire(default)]
pub struct StoreAccountParam {
    /// 4 to 16 letters, digits or underscore; unique (case does not make another account).
    pub store_account: String,
    /// 6 to 12 characters without spaces.
    pub store_password: String,
}

/// `GET /p/shop/apply/info` (`null` when the buyer never applied) and the answer of the two
/// writes: the buyer's latest application.
#[wire]
pub struct ShopApplyInfo {
    pub apply_id: i64,
    pub shop_name: String,
    pub intro: String,
    pub shop_address: String,
    pub tel: String,
    pub category_id: i64,
    /// The main category's name in the request's language (empty when it no longer exists).
    pub category_name: String,
    pub qualifications: Vec<String>,
    /// [`apply_status`]: 0 under review, 1 approved, -1 rejected.
    pub status: i32,
    /// The reviewer's reason of a rejection.
    pub remarks: Option<String>,
    /// The shop opened by the approval.
    pub shop_id: Option<i64>,
    /// [`my_shop_status`] of that shop: 1 open, 2 offline; `null` before approval.
    pub shop_status: Option<i64>,
    /// The store account, once set (the password is never answered).
    pub store_account: Option<String>,
    /// When it was submitted and reviewed (Unix milliseconds).
    pub create_time: i64,
    pub review_time: Option<i64>,
}

/// What is wrong with one field of the application (one message each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApplyProblem {
    ShopName,
    Intro,
    ShopAddress,
    Tel,
    Category,
    Qualifications,
}

/// What is wrong with the store account form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountProblem {
    Account,
    Password,
}

/// Letters and digits of any script, and the combining signs Khmer and accented Latin letters
/// are written with; punctuation, symbols and spaces are "special characters".
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '\u{0300}'..='\u{036F}' | '\u{17C9}'..='\u{17D3}' | '\u{17DD}')
}

/// Whether `name` (trimmed) is a store name: 1 to 20 characters, words of [`name_char`]s
/// separated by single spaces.
pub fn shop_name_ok(name: &str) -> bool {
    let name = name.trim();
    let count = name.chars().count();
    (1..=SHOP_NAME_MAX_CHARS).contains(&count) && !name.contains("  ") && name.chars().all(|c| c == ' ' || name_char(c))
}

/// Whether `text` (trimmed) has `min..=max` characters and no control characters (`newline`
/// allows line breaks, for the description).
fn text_ok(text: &str, min: usize, max: usize, newline: bool) -> bool {
    let text = text.trim();
    (min..=max).contains(&text.chars().count()) && text.chars().all(|c| !c.is_control() || (newline && c == '\n'))
}

/// The contact phone without spaces and dashes, when it is an optional `+` and 6 to 15 digits.
pub fn clean_tel(raw: &str) -> Option<String> {
    let compact: String = raw.trim().chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    let fits = (TEL_MIN_DIGITS..=TEL_MAX_DIGITS).contains(&digits.len());
    (fits && digits.bytes().all(|b| b.is_ascii_digit())).then_some(compact)
}

/// The application's problems, at most one per field, in the form's order; empty when it can
/// be sent. Whether the category is a top-level one and the pictures are the buyer's uploads
/// only the server knows.
pub fn apply_problems(param: &ShopApplyParam) -> Vec<ApplyProblem> {
    let mut problems = Vec::new();
    if !shop_name_ok(&param.shop_name) {
        problems.push(ApplyProblem::ShopName);
    }
    if !text_ok(&param.intro.replace("\r\n", "\n"), INTRO_MIN_CHARS, INTRO_MAX_CHARS, true) {
        problems.push(ApplyProblem::Intro);
    }
    if !text_ok(&param.shop_address, SHOP_ADDRESS_MIN_CHARS, SHOP_ADDRESS_MAX_CHARS, false) {
        problems.push(ApplyProblem::ShopAddress);
    }
    if clean_tel(&param.tel).is_none() {
        problems.push(ApplyProblem::Tel);
    }
    if param.category_id <= 0 {
        problems.push(ApplyProblem::Category);
    }
    let pics = param.qualifications.len();
    if !(QUALIFICATIONS_MIN..=QUALIFICATIONS_MAX).contains(&pics)
        || param.qualifications.iter().any(|p| p.trim().is_empty())
    {
        problems.push(ApplyProblem::Qualifications);
    }
    problems
}

/// The application as stored: texts trimmed, the description's line breaks as `\n`, the phone
/// compacted. Only meaningful when [`apply_problems`] found nothing.
pub fn clean_apply(param: &ShopApplyParam) -> ShopApplyParam {
    ShopApplyParam {
        shop_name: param.shop_name.trim().to_string(),
        intro: param.intro.replace("\r\n", "\n").trim().to_string(),
        shop_address: param.shop_address.trim().to_string(),
        tel: clean_tel(&param.tel).unwrap_or_default(),
        category_id: param.category_id,
        qualifications: param.qualifications.iter().map(|p| p.trim().to_string()).collect(),
    }
}

/// Whether `account` is a store account: 4 to 16 ASCII letters, digits or underscore.
pub fn store_account_ok(account: &str) -> bool {
    (STORE_ACCOUNT_MIN_CHARS..=STORE_ACCOUNT_MAX_CHARS).contains(&account.len())
        && account.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether `password` is a store password: 6 to 12 characters, none of them spaces or control
/// characters.
pub fn store_password_ok(password: &str) -> bool {
    (STORE_PASSWORD_MIN_CHARS..=STORE_PASSWORD_MAX_CHARS).contains(&password.chars().count())
        && password.chars().all(|c| !c.is_whitespace() && !c.is_control())
}

/// The store account form's problems, in the form's order (the account is taken as typed, so a
/// space around it is a mistake the buyer sees rather than one we hide).
pub fn account_problems(param: &StoreAccountParam) -> Vec<AccountProblem> {
    let mut problems = Vec::new();
    if !store_account_ok(&param.store_account) {
        problems.push(AccountProblem::Account);
    }
    if !store_password_ok(&param.store_password) {
        problems.push(AccountProblem::Password);
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> ShopApplyParam {
        ShopApplyParam {
            shop_name: "Dara Crafts".into(),
            intro: "Handmade silk scarves from Takeo.".into(),
            shop_address: "No. 12, Street 240, Phnom Penh".into(),
            tel: "+855 12-345-678".into(),
            category_id: 3,
            qualifications: vec!["/media/uploads/a.png".into()],
        }
    }

    #[test]
    fn a_good_application_has_no_problem_and_is_cleaned() {
        assert!(apply_problems(&good()).is_empty());
        let clean = clean_apply(&ShopApplyParam { shop_name: "  Dara Crafts ".into(), ..good() });
        assert_eq!(clean.shop_name, "Dara Crafts");
        assert_eq!(clean.tel, "+85512345678");
    }

    #[test]
    fn store_names_are_letters_and_digits_of_any_script_up_to_20() {
        for ok in ["Dara", "商店123", "ហាងដារ៉ា", "ស្រីពៅ", "Café Noir", &"a".repeat(20), "名".repeat(20).as_str()]
        {
            assert!(shop_name_ok(ok), "{ok}");
        }
        for bad in ["", "   ", &"a".repeat(21), "Dara's", "A&B", "shop!", "a  b", "<b>", "ហាង។", "a\tb", "🙂shop"]
        {
            assert!(!shop_name_ok(bad), "{bad:?}");
        }
    }

    #[test]
    fn description_address_phone_category_and_pictures_have_their_rules() {
        let with = |change: fn(&mut ShopApplyParam)| {
            let mut p = good();
            change(&mut p);
            apply_problems(&p)
        };
        assert_eq!(with(|p| p.intro = "123456789".into()), [ApplyProblem::Intro]);
        assert_eq!(with(|p| p.intro = " ".repeat(30)), [ApplyProblem::Intro], "not all spaces");
        assert_eq!(with(|p| p.intro = "x".repeat(201)), [ApplyProblem::Intro]);
        assert!(with(|p| p.intro = "x".repeat(200)).is_empty());
        assert!(with(|p| p.intro = "line one\r\nline two".into()).is_empty());
        assert_eq!(with(|p| p.shop_address = "abcd".into()), [ApplyProblem::ShopAddress]);
        assert_eq!(with(|p| p.shop_address = "      ".into()), [ApplyProblem::ShopAddress]);
        assert_eq!(with(|p| p.shop_address = "x".repeat(101)), [ApplyProblem::ShopAddress]);
        assert_eq!(with(|p| p.tel = "12345".into()), [ApplyProblem::Tel]);
        assert_eq!(with(|p| p.tel = "12a456789".into()), [ApplyProblem::Tel]);
        assert_eq!(with(|p| p.category_id = 0), [ApplyProblem::Category]);
        assert_eq!(with(|p| p.qualifications.clear()), [ApplyProblem::Qualifications]);
        assert_eq!(with(|p| p.qualifications = vec!["/a".into(); 6]), [ApplyProblem::Qualifications]);
        assert_eq!(with(|p| p.qualifications = vec![" ".into()]), [ApplyProblem::Qualifications]);
        let all = apply_problems(&ShopApplyParam::default());
        assert_eq!(all.len(), 6, "{all:?}");
    }

    #[test]
    fn store_accounts_and_passwords() {
        for ok in ["dara", "Dara_2026", &"a".repeat(16)] {
            assert!(store_account_ok(ok), "{ok}");
        }
        for bad in ["abc", &"a".repeat(17), "da ra", "dara!", "ដារ៉ា", " dara"] {
            assert!(!store_account_ok(bad), "{bad:?}");
        }
        for ok in ["abc123", "P@ss!w0rd", &"x".repeat(12)] {
            assert!(store_password_ok(ok), "{ok}");
        }
        for bad in ["abc12", &"x".repeat(13), "abc 123", "      "] {
            assert!(!store_password_ok(bad), "{bad:?}");
        }
        let problems = account_problems(&StoreAccountParam { store_account: "a".into(), store_password: "b".into() });
        assert_eq!(problems, [AccountProblem::Account, AccountProblem::Password]);
    }
}
