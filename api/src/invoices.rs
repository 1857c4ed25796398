//! Invoices of orders (spec section 2 `/invoice-detail`, section 3 "invoice (type personal or
//! unit, title, taxpayer ID)", section 4 "Invoice: invoiced, application, fail"; paths and
//! field names after mall4j's `OrderInvoiceController`: `/p/orderInvoice...`, `headerType`,
//! `headerName`, `invoiceTaxNumber`, `invoiceState`).

use crate::money::Price;
use crate::orders::OrderItem;
use api_macros::wire;

/// Most characters of an invoice title (a person's or a company's name), after trimming.
pub const TITLE_MAX_CHARS: usize = 100;
/// Most characters of the reason a failed invoice gives.
pub const FAIL_REASON_MAX_CHARS: usize = 200;

crate::constants! {
    /// Whose name the invoice is made out to (mall4j's `headerType`).
    pub mod header_type: i32 {
        /// A unit (a company or organisation): a taxpayer ID is required.
        UNIT = 1;
        /// A person: no taxpayer ID.
        PERSONAL = 2;
    }
}

crate::constants! {
    /// Where an invoice stands (mall4j's `invoiceState`; spec section 4).
    pub mod invoice_state: i32 {
        /// Requested, waiting for the shop to issue it ("application").
        APPLICATION = 1;
        /// Issued: its PDF can be downloaded ("invoiced").
        INVOICED = 2;
        /// The shop could not issue it, with a reason; the buyer may request it again ("fail").
        FAIL = 3;
    }
}

/// `POST /p/orderInvoice`: requests the invoice of one of the buyer's paid orders (again,
/// after a failed one).
#[wire(default)]
pub struct OrderInvoiceParam {
    pub order_number: String,
    /// A [`header_type`].
    pub header_type: i32,
    /// The title: the person's or the unit's name, 1 to [`TITLE_MAX_CHARS`] characters.
    pub header_name: String,
    /// The unit's taxpayer ID (required for a unit, ignored for a person): 15, 17, 18 or 20
    /// letters and digits, or a Cambodian TIN such as `K001-901234567`; spaces are ignored and
    /// letters read as capitals.
    pub invoice_tax_number: String,
}

/// A taxpayer ID as stored: without spaces, letters in capitals.
pub fn normalized_tax_number(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_uppercase).collect()
}

/// Whether a normalised taxpayer ID has a known form: 15, 17, 18 or 20 ASCII letters and digits
/// with at least one digit (mall4j's rule; China's unified social credit code is 18), or a
/// Cambodian TIN: a letter, 3 digits, a hyphen and 9 digits (`K001-901234567`).
pub fn valid_tax_number(tax_number: &str) -> bool {
    let bytes = tax_number.as_bytes();
    let alphanumeric = matches!(bytes.len(), 15 | 17 | 18 | 20)
        && bytes.iter().all(u8::is_ascii_alphanumeric)
        && bytes.iter().any(u8::is_ascii_digit);
    let cambodian = bytes.len() == 14
        && bytes[0].is_ascii_uppercase()
        && bytes[1..4].iter().all(u8::is_ascii_digit)
        && bytes[4] == b'-'
        && bytes[5..].iter().all(u8::is_ascii_digit);
    alphanumeric || cambodian
}

/// An invoice as the buyer sees it.
#[wire(default)]
pub struct OrderInvoice {
    pub order_invoice_id: i64,
    pub order_number: String,
    pub shop_id: i64,
    pub shop_name: String,
    /// A [`header_type`].
    pub header_type: i32,
    pub header_name: String,
    /// Empty for a person.
    pub invoice_tax_number: String,
    /// An [`invoice_state`].
    pub invoice_state: i32,
    /// Why the shop could not issue it (a failed invoice only; empty otherwise).
    pub fail_reason: String,
    /// When it was requested (Unix milliseconds).
    pub application_time: i64,
    /// When it was issued (Unix milliseconds), once invoiced.
    pub upload_time: Option<i64>,
}

/// `GET /p/orderInvoice/info?orderNumber=`: what `/invoice-detail` shows: one of the buyer's
/// orders with its amount and items, whether an invoice may be requested for it, and its
/// invoice once requested.
#[wire(default)]
pub struct OrderInvoiceInfo {
    pub order_number: String,
    pub shop_id: i64,
    pub shop_name: String,
    /// The order's [`order_status`](crate::orders::order_status).
    pub order_status: i32,
    pub create_time: i64,
    pub actual_total: Price,
    pub order_item_dtos: Vec<OrderItem>,
    /// Whether the buyer may request the invoice now: the order is paid (paid, shipped,
    /// received or completed) and has no invoice, or its invoice failed.
    pub requestable: bool,
    pub invoice: Option<OrderInvoice>,
}
