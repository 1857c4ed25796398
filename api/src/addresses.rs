//! The buyer's delivery addresses (spec section 3 "address (recipient, phone, postal code,
//! detailed address)"; paths after mall4j's `/p/address`).

use api_macros::wire;

/// Most addresses one buyer may keep.
pub const MAX_ADDRESSES: usize = 20;
/// The detailed address's length, in characters (spec section 5).
pub const DETAIL_MIN_CHARS: usize = 5;
pub const DETAIL_MAX_CHARS: usize = 50;
/// The recipient's name, in characters.
pub const RECEIVER_MAX_CHARS: usize = 20;
/// The postal code, in characters (digits, letters, spaces or dashes; empty allowed).
pub const POST_CODE_MAX_CHARS: usize = 10;
/// The fewest and most digits of the phone (after an optional `+`).
pub const MOBILE_MIN_DIGITS: usize = 6;
pub const MOBILE_MAX_DIGITS: usize = 15;

/// A delivery address of `GET /p/address/list` and `GET /p/address/addrInfo/{addrId}`.
#[wire]
#[derive(Default)]
pub struct UserAddr {
    pub addr_id: i64,
    pub receiver: String,
    /// Phone digits, as the buyer typed them (spaces and dashes removed).
    pub mobile: String,
    pub post_code: String,
    /// The detailed address, 5 to 50 characters.
    pub addr: String,
    /// 1 for the default address, else 0.
    pub common_addr: i32,
}

/// `POST /p/address/addAddr` and `PUT /p/address/updateAddr` (`addrId` names the address to
/// change; 0 when adding).
#[wire(default)]
pub struct AddrParam {
    pub addr_id: i64,
    pub receiver: String,
    pub mobile: String,
    pub post_code: String,
    pub addr: String,
}

/// What is wrong with one field of an address (each has its own message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddrProblem {
    /// The receiver is empty or only spaces.
    ReceiverMissing,
    /// The receiver is longer than [`RECEIVER_MAX_CHARS`] or holds a control character.
    ReceiverInvalid,
    /// The phone is not an optional `+` and [`MOBILE_MIN_DIGITS`] to [`MOBILE_MAX_DIGITS`]
    /// digits (spaces and dashes aside).
    MobileInvalid,
    /// The postal code is longer than [`POST_CODE_MAX_CHARS`] or holds something other than
    /// letters, digits, spaces and dashes.
    PostCodeInvalid,
    /// The detailed address is not [`DETAIL_MIN_CHARS`] to [`DETAIL_MAX_CHARS`] characters, or
    /// holds a control character.
    DetailInvalid,
}

/// The one address rule, the order pages' form and the server's address book both apply:
/// the problems of an address, one per field at most, in the form's order; empty when it may
/// be stored. The fields are judged as [`clean_address`] stores them. Held to
/// `api/tests/address_cases.json`.
pub fn address_problems(param: &AddrParam) -> Vec<AddrProblem> {
    let mut problems = Vec::new();
    let receiver = param.receiver.trim();
    if receiver.is_empty() {
        problems.push(AddrProblem::ReceiverMissing);
    } else if receiver.chars().count() > RECEIVER_MAX_CHARS || receiver.chars().any(char::is_control) {
        problems.push(AddrProblem::ReceiverInvalid);
    }
    if address_mobile(&param.mobile).is_none() {
        problems.push(AddrProblem::MobileInvalid);
    }
    let post_code = param.post_code.trim();
    if post_code.chars().count() > POST_CODE_MAX_CHARS
        || !post_code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
    {
        problems.push(AddrProblem::PostCodeInvalid);
    }
    let addr = param.addr.trim();
    if !(DETAIL_MIN_CHARS..=DETAIL_MAX_CHARS).contains(&addr.chars().count()) || addr.chars().any(char::is_control) {
        problems.push(AddrProblem::DetailInvalid);
    }
    problems
}

/// The address as it is sent and stored: receiver, postal code and detail trimmed, the phone
/// without spaces and dashes (its `addrId` kept).
pub fn clean_address(param: &AddrParam) -> AddrParam {
    AddrParam {
        addr_id: param.addr_id,
        receiver: param.receiver.trim().to_string(),
        mobile: compact_mobile(&param.mobile),
        post_code: param.post_code.trim().to_string(),
        addr: param.addr.trim().to_string(),
    }
}

/// The address as stored ([`clean_address`]), or its problems ([`address_problems`]).
pub fn check_address(param: &AddrParam) -> Result<AddrParam, Vec<AddrProblem>> {
    let problems = address_problems(param);
    if problems.is_empty() {
        Ok(clean_address(param))
    } else {
        Err(problems)
    }
}

/// The phone without spaces (any white space) and dashes.
fn compact_mobile(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect()
}

/// The phone of an address as stored: without spaces and dashes, when it is then an optional
/// `+` and [`MOBILE_MIN_DIGITS`] to [`MOBILE_MAX_DIGITS`] ASCII digits.
pub fn address_mobile(raw: &str) -> Option<String> {
    let compact = compact_mobile(raw);
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    let fits = (MOBILE_MIN_DIGITS..=MOBILE_MAX_DIGITS).contains(&digits.len());
    (fits && digits.bytes().all(|b| b.is_ascii_digit())).then_some(compact)
}
