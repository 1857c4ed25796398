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

/// A delivery address of `GET /p/address/list` and `GET /p/address/addrInfo/{addrId}`.
#[wire]
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
