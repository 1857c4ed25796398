//! Invoices of orders: `/invoice-detail?orderNumber=` (spec section 2: the invoice's state,
//! invoiced, application or fail with its reason; its fields; the order and its amount; the
//! request form while one may be requested; the PDF once issued), and the invoice action of
//! My Orders and the order page.
//!
//! - `form.rs`: the island of the request form (the browser posts `POST /p/orderInvoice`);
//! - `pages.rs`: the server-rendered page and the order page's action.

pub mod form;
#[cfg(feature = "ssr")]
pub mod pages;

use api::orders::order_status;

/// The page of an order's invoice.
pub fn detail_href(order_number: &str) -> String {
    format!("/invoice-detail?orderNumber={}", crate::url::encode(order_number))
}

/// The download of an issued invoice's PDF (the session cookie names the buyer).
pub fn pdf_href(order_number: &str) -> String {
    format!("/api{}?orderNumber={}", api::paths::ORDER_INVOICE_PDF, crate::url::encode(order_number))
}

/// Whether an order in `status` may have an invoice: paid, shipped, received or completed (as
/// the server decides; a group-buy order still grouping may yet be refunded).
pub fn invoiceable(status: i32) -> bool {
    matches!(status, order_status::PAID | order_status::SHIPPED | order_status::RECEIVED | order_status::COMPLETED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paid_orders_have_invoices() {
        assert!(invoiceable(order_status::PAID) && invoiceable(order_status::COMPLETED));
        assert!(!invoiceable(order_status::UNPAID) && !invoiceable(order_status::CANCELED));
        assert!(!invoiceable(order_status::GROUPING));
        assert_eq!(detail_href("2026112300001"), "/invoice-detail?orderNumber=2026112300001");
        assert_eq!(pdf_href("2026112300001"), "/api/p/orderInvoice/pdf?orderNumber=2026112300001");
    }
}
