//! The field rules of an invoice request, without I/O.

use api::invoices::{header_type, OrderInvoiceParam, FAIL_REASON_MAX_CHARS, TITLE_MAX_CHARS};
pub use api::invoices::{normalized_tax_number, valid_tax_number};

/// A request's fields once checked and normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceFields {
    pub header_type: i32,
    /// Trimmed.
    pub header_name: String,
    /// Capitals without spaces; empty for a person.
    pub tax_number: String,
}

/// The first rule a request breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    HeaderType,
    TitleMissing,
    Title,
    TaxNumberMissing,
    TaxNumber,
}

/// Checks a request: a known header type; a title of 1 to [`TITLE_MAX_CHARS`] characters
/// without control characters; for a unit, a taxpayer ID of a known form (a person's is
/// dropped).
pub fn check(param: &OrderInvoiceParam) -> Result<InvoiceFields, FieldError> {
    if param.header_type != header_type::UNIT && param.header_type != header_type::PERSONAL {
        return Err(FieldError::HeaderType);
    }
    let header_name = param.header_name.trim();
    if header_name.is_empty() {
        return Err(FieldError::TitleMissing);
    }
    if header_name.chars().count() > TITLE_MAX_CHARS || header_name.chars().any(char::is_control) {
        return Err(FieldError::Title);
    }
    let tax_number = if param.header_type == header_type::UNIT {
        let tax_number = normalized_tax_number(&param.invoice_tax_number);
        if tax_number.is_empty() {
            return Err(FieldError::TaxNumberMissing);
        }
        if !valid_tax_number(&tax_number) {
            return Err(FieldError::TaxNumber);
        }
        tax_number
    } else {
        String::new()
    };
    Ok(InvoiceFields { header_type: param.header_type, header_name: header_name.to_string(), tax_number })
}

/// The reason of a failed invoice: trimmed, 1 to [`FAIL_REASON_MAX_CHARS`] characters on one
/// line; `None` when it breaks that.
pub fn fail_reason(raw: &str) -> Option<String> {
    let reason = raw.trim();
    let chars = reason.chars().count();
    (chars > 0 && chars <= FAIL_REASON_MAX_CHARS && !reason.chars().any(char::is_control)).then(|| reason.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(header_type: i32, name: &str, tax: &str) -> OrderInvoiceParam {
        OrderInvoiceParam {
            order_number: "1".into(),
            header_type,
            header_name: name.into(),
            invoice_tax_number: tax.into(),
        }
    }

    #[test]
    fn units_need_a_taxpayer_id_of_a_known_form() {
        let unit = header_type::UNIT;
        assert_eq!(check(&param(unit, "Mekong Trading", "")), Err(FieldError::TaxNumberMissing));
        assert_eq!(check(&param(unit, "Mekong Trading", "  ")), Err(FieldError::TaxNumberMissing));
        assert_eq!(check(&param(unit, "Mekong Trading", "12345")), Err(FieldError::TaxNumber));
        assert_eq!(check(&param(unit, "Mekong Trading", "91310000MA1K3YJ12X!")), Err(FieldError::TaxNumber));
        assert_eq!(check(&param(unit, "Mekong Trading", "ABCDEFGHIJKLMNOPQR")), Err(FieldError::TaxNumber));
        let ok = check(&param(unit, " 湄公贸易有限公司 ", "91310000ma1k 3yj12x")).unwrap();
        assert_eq!(ok.header_name, "湄公贸易有限公司");
        assert_eq!(ok.tax_number, "91310000MA1K3YJ12X");
        assert_eq!(check(&param(unit, "ក្រុមហ៊ុន មេគង្គ", "k001-901234567")).unwrap().tax_number, "K001-901234567");
        assert_eq!(check(&param(unit, "X", "K01-901234567")), Err(FieldError::TaxNumber));
        for len in [15, 17, 18, 20] {
            assert!(valid_tax_number(&"1".repeat(len)), "{len}");
        }
        for len in [14, 16, 19, 21] {
            assert!(!valid_tax_number(&"1".repeat(len)), "{len}");
        }
    }

    #[test]
    fn a_person_needs_a_title_and_no_taxpayer_id() {
        let personal = header_type::PERSONAL;
        assert_eq!(check(&param(personal, "  ", "")), Err(FieldError::TitleMissing));
        assert_eq!(check(&param(personal, &"a".repeat(TITLE_MAX_CHARS + 1), "")), Err(FieldError::Title));
        assert_eq!(check(&param(personal, "Li\u{7}Wei", "")), Err(FieldError::Title));
        assert_eq!(check(&param(personal, "Li Wei", "whatever")).unwrap().tax_number, "");
        assert_eq!(check(&param(0, "Li Wei", "")), Err(FieldError::HeaderType));
        assert_eq!(check(&param(3, "Li Wei", "")), Err(FieldError::HeaderType));
    }

    #[test]
    fn reasons_are_one_short_line() {
        assert_eq!(fail_reason("  wrong tax ID "), Some("wrong tax ID".into()));
        assert_eq!(fail_reason(" "), None);
        assert_eq!(fail_reason("a\nb"), None);
        assert_eq!(fail_reason(&"a".repeat(FAIL_REASON_MAX_CHARS + 1)), None);
    }
}
