//! The HTML-first actions: the paths plain `<form method="post">`s are posted to, their field
//! names, and the one-shot message (the flash) the next page shows. The server answers each
//! post with a redirect back (see `docs/decisions/0163-html-first-actions.md`); islands enhance
//! the same forms in place with the JSON API.

/// `POST`: adds units of a SKU to the buyer's cart (a guest goes to `/login` and comes back).
pub const CART_ADD: &str = "/cart/add";
/// `POST`: sets a cart line's units (`basketId`, `count`, or a stepper button's `to`).
pub const CART_SET: &str = "/cart/set";
/// `POST`: takes a line out of the cart (`basketId`).
pub const CART_REMOVE: &str = "/cart/remove";
/// `POST`: makes a product a favourite, or no longer one (`prodId`).
pub const COLLECT_PRODUCT: &str = "/collection/add-or-cancel";
/// `POST`: follows a shop, or unfollows it (`shopId`).
pub const COLLECT_SHOP: &str = "/shop/collection/add-or-cancel";
/// `POST`: claims a coupon (`couponId`).
pub const CLAIM_COUPON: &str = "/my-coupon/receive";
/// `POST`: signs in with an account and a password, then goes to `redirect`.
pub const LOGIN_PASSWORD: &str = "/login/password";
/// `POST`: sends a one-time sign-in code to `account` (an e-mail or phone digits), then back
/// to `/login` with the account filled in.
pub const LOGIN_CODE_SEND: &str = "/login/code/send";
/// `POST`: signs in with `account` and the `code` sent to it, then goes to `redirect`.
pub const LOGIN_CODE: &str = "/login/code";
/// The `/login` query parameter filling in the code form's account after a code was sent.
pub const FIELD_ACCOUNT: &str = "account";
/// `POST`: turns a confirmation (`orderToken`) into orders, with the chosen `addrId`,
/// `couponIds`, `usePoints` and one `remarks.<shopId>` per shop; then the checkout counter.
pub const ORDER_SUBMIT: &str = "/order/submit";
/// `POST`: pays `orderNumbers` with `payType` (the balance with `payPassword`; without it, the
/// counter asks for it first).
pub const ORDER_PAY: &str = "/order/pay";
/// `POST`: sets the payment password at the counter: `payPassword` and `payPasswordAgain` (6
/// digits each, the same), `password` (the sign-in password, when the account has one); then
/// the counter asks for it to pay (record 0191).
pub const PAY_PASSWORD_SET: &str = "/user/pay-password";
/// The counter's dialog fields a payment password's refusal is shown under (`FLASH_AT`).
pub const FIELD_PAY_PASSWORD: &str = "payPassword";
/// `POST`: cancels an unpaid order (`orderNumber`).
pub const ORDER_CANCEL: &str = "/order/cancel";
/// `POST`: confirms an order's receipt (`orderNumber`).
pub const ORDER_RECEIPT: &str = "/order/receipt";

/// `POST`: today's daily sign-in on My Points (no fields but `back`).
pub const SCORE_SIGN_IN: &str = "/score/sign-in";
/// `POST`: starts a top-up of the balance: `amount` in dollars as typed, `payType` (an online
/// method), `currency`; then the gateway's page, or the checkout counter taking the gateway's
/// step ([`GATEWAY_QUERY`]).
pub const BALANCE_RECHARGE: &str = "/balance/recharge";
/// The query parameter carrying a refused top-up's amount back to My Balance as typed.
pub const TYPED_AMOUNT: &str = "amount";
/// The counter's query parameter (`/payment?payNo=…&gateway=1`) asking it to take the pending
/// attempt's gateway step as it loads: show its QR code, or post its form to the gateway.
pub const GATEWAY_QUERY: &str = "gateway";

// ---- The account page's profile (record 0187) ----

/// `POST`: saves the buyer's nickname (`nickName`) and avatar (`pic`, the path the avatar's
/// image-upload widget holds; empty keeps the current one), then back to
/// [`PROFILE_PAGE`] with `?saved=1`; a refused nickname returns there with its message shown
/// under the field ([`FLASH_AT`]).
pub const PROFILE_SAVE: &str = "/user/profile";
/// The account page the profile form returns to.
pub const PROFILE_PAGE: &str = "/user-center/uc-account";
/// A flash argument naming the form field its refusal belongs to (`nickName`): the page shows
/// the message under that field instead of as a toast.
pub const FLASH_AT: &str = "at";

// ---- end of the account page's profile ----

// ---- The address book (record 0189) ----

/// `POST`: adds an address (`addrId` empty or 0) or changes the buyer's address `addrId`:
/// `receiver`, `mobile`, `postCode`, `addr`, and `commonAddr=1` to make it the default; then
/// back to [`ADDRESS_PAGE`] with the message. A refused field returns to the form with the
/// typed values in the page's query ([`ADDRESS_TYPED_FIELDS`]) and the message under the
/// field ([`FLASH_AT`]).
pub const ADDRESS_SAVE: &str = "/address/save";
/// `POST`: deletes the buyer's address `addrId` once confirmed ([`FIELD_CONFIRMED`]); sent
/// without, the page asks first (`?delete=<addrId>`).
pub const ADDRESS_DELETE: &str = "/address/delete";
/// `POST`: makes the buyer's address `addrId` the default.
pub const ADDRESS_DEFAULT: &str = "/address/default";
/// The address book the address forms return to. Its query: `add=1` opens the empty form,
/// `edit=<addrId>` the form of one address, `delete=<addrId>` asks to confirm a deletion.
pub const ADDRESS_PAGE: &str = "/user-center/uc-address";
/// The address form's typed fields, carried back in the page's query after a refusal.
pub const ADDRESS_TYPED_FIELDS: [&str; 4] = ["receiver", "mobile", "postCode", "addr"];
/// The form field making an address the default (`1` when ticked).
pub const FIELD_COMMON_ADDR: &str = "commonAddr";

// ---- end of the address book ----

/// Set by a form that asked first: an order's cancel or receipt without it goes back to the
/// order's page with [`ASK_QUERY`] to ask, as the page's script would.
pub const FIELD_CONFIRMED: &str = "confirmed";
/// The order page's query parameter naming the action it asks to confirm (`cancel`, `receipt`).
pub const ASK_QUERY: &str = "confirm";

/// The page a form returns to (a path of this site; anything else returns to `/`).
pub const FIELD_BACK: &str = "back";
/// Where a sign-in goes afterwards, as the `/login?redirect=` it came from.
pub const FIELD_REDIRECT: &str = "redirect";

/// The cookie carrying the flash from a form's answer to the next page, which shows it once.
pub const FLASH_COOKIE: &str = "flash";
/// The flash lives this long when no page is shown after the redirect.
pub const FLASH_MAX_AGE_SECONDS: u32 = 60;
/// Longest flash cookie value read; longer ones are ignored.
const MAX_FLASH_LEN: usize = 200;

/// How a flash looks: a confirmation or a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlashKind {
    Success,
    Error,
}

/// A one-shot message: a catalogue key and its arguments. Only keys and short words of
/// letters and digits (or decimal numbers) travel in the cookie, so a forged cookie can show nothing but the
/// catalogue's own texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flash {
    pub kind: FlashKind,
    pub key: String,
    pub args: Vec<(String, String)>,
}

impl Flash {
    pub fn success(key: &str) -> Self {
        Flash { kind: FlashKind::Success, key: key.to_string(), args: Vec::new() }
    }

    /// A confirmation with arguments (`wallet-sign-in-done` with its `points`).
    pub fn success_with(key: &str, args: Vec<(String, String)>) -> Self {
        Flash { kind: FlashKind::Success, key: key.to_string(), args }
    }

    pub fn error(key: &str, args: Vec<(String, String)>) -> Self {
        Flash { kind: FlashKind::Error, key: key.to_string(), args }
    }

    /// The cookie value: `s~key` or `e~key~name.3~other.word` (cookie-safe characters only);
    /// `None` when an argument is not a short word of letters and digits.
    pub fn encode(&self) -> Option<String> {
        let kind = match self.kind {
            FlashKind::Success => "s",
            FlashKind::Error => "e",
        };
        let mut out = format!("{kind}~{}", self.key);
        for (name, value) in &self.args {
            if !is_name(name) || !is_word(value) {
                return None;
            }
            out.push_str(&format!("~{name}.{value}"));
        }
        Some(out)
    }

    /// Reads a cookie value written by [`Flash::encode`]; anything else is `None`.
    pub fn decode(value: &str) -> Option<Self> {
        if value.len() > MAX_FLASH_LEN {
            return None;
        }
        let mut parts = value.split('~');
        let kind = match parts.next()? {
            "s" => FlashKind::Success,
            "e" => FlashKind::Error,
            _ => return None,
        };
        let key = parts.next().filter(|k| is_name(k))?;
        let mut args = Vec::new();
        for part in parts {
            let (name, number) = part.split_once('.')?;
            if !is_name(name) {
                return None;
            }
            if !is_word(number) {
                return None;
            }
            args.push((name.to_string(), number.to_string()));
        }
        Some(Flash { kind, key: key.to_string(), args })
    }
}

/// A Fluent identifier as the catalogue writes them: lowercase words joined by `-`.
fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 64
        && text.starts_with(|c: char| c.is_ascii_lowercase())
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// An argument's value: up to 32 ASCII letters and digits, or a decimal number ("0.01").
fn is_word(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 32
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
        && text.starts_with(|c: char| c.is_ascii_alphanumeric())
        && text.ends_with(|c: char| c.is_ascii_alphanumeric())
}

/// The page a form returns to: its `back` field when it is a path of this site, else `/`.
pub fn back_to(back: Option<&str>) -> String {
    back.and_then(crate::redirect::safe_redirect).unwrap_or("/").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flash_travels_as_keys_and_numbers_only() {
        let flash = Flash::error("error-cart-insufficient-inventory", vec![("stocks".into(), "3".into())]);
        assert_eq!(flash.encode().as_deref(), Some("e~error-cart-insufficient-inventory~stocks.3"));
        assert_eq!(Flash::decode(&flash.encode().unwrap()), Some(flash));
        let done = Flash::success("cart-added");
        assert_eq!(Flash::decode(&done.encode().unwrap()), Some(done));
        let field = Flash::error("error-value-too-long", vec![("field".into(), "passWord".into())]);
        assert_eq!(Flash::decode(&field.encode().unwrap()), Some(field));
        assert_eq!(Flash::error("error-x", vec![("name".into(), "<b>".into())]).encode(), None);
        let range =
            Flash::error("error-recharge-range", vec![("min".into(), "0.01".into()), ("max".into(), "100000".into())]);
        assert_eq!(range.encode().as_deref(), Some("e~error-recharge-range~min.0.01~max.100000"));
        assert_eq!(Flash::decode(&range.encode().unwrap()), Some(range));
        assert_eq!(Flash::error("error-x", vec![("name".into(), ".".into())]).encode(), None);
        for forged in [
            "",
            "x~cart-added",
            "s~",
            "s~<b>hi</b>",
            "s~Cart-Added",
            "e~error-x~stocks.a b",
            "e~error-x~stocks.",
            "e~error-x~stocks..",
            "e~error-x~stocks.1.",
            "e~error-x~Stocks.1",
            "e~error-x~stocks",
            &format!("s~{}", "a".repeat(300)),
        ] {
            assert_eq!(Flash::decode(forged), None, "{forged}");
        }
    }

    #[test]
    fn a_form_returns_only_to_this_site() {
        assert_eq!(back_to(Some("/detail?prodId=1")), "/detail?prodId=1");
        for away in [None, Some(""), Some("https://evil.example/"), Some("//evil.example"), Some("/\\evil")] {
            assert_eq!(back_to(away), "/", "{away:?}");
        }
    }
}
