//! Invoices of orders (spec section 2 `/invoice-detail`, section 4 "invoiced, application,
//! fail"; paths and fields after mall4j's `OrderInvoiceController`): a buyer requests the
//! invoice of a paid order once (personal or unit, a title, a unit's taxpayer ID), the shop
//! issues it or fails it with a reason (here the development commands `server invoice issue ID`
//! and `server invoice fail ID [REASON]`), and the issued invoice downloads as a PDF.
//!
//! - `handlers.rs`: the calls and their input checks;
//! - `rules.rs`: the field rules, without I/O;
//! - `repo.rs`: the sqlx reads and writes; a request is one conditional insert guarded by the
//!   unique order;
//! - `pdf.rs`: the PDF, made on request.

pub mod handlers;
pub mod pdf;
pub mod repo;
pub mod rules;

use crate::state::AppState;
use api::paths;
use axum::routing::{get, post};
use axum::Router;

/// The invoices' endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::ORDER_INVOICE, post(handlers::save))
        .route(paths::ORDER_INVOICE_INFO, get(handlers::info))
        .route(paths::ORDER_INVOICE_PDF, get(handlers::pdf))
}
