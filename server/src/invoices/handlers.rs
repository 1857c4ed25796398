//! The invoices' calls, all under `/p/` (a guest gets `A00004` from [`AuthUser`]). An order
//! that is not the buyer's answers the same as an unknown one, and changes nothing.

use crate::http::auth::{AuthUser, SignedIn};
use crate::http::error::{found, ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::invoices::pdf;
use crate::invoices::repo::{self, Requested};
use crate::invoices::rules::{self, FieldError};
use crate::state::AppState;
use api::invoices::{invoice_state, OrderInvoice, OrderInvoiceInfo, OrderInvoiceParam, TITLE_MAX_CHARS};
use api::orders::OrderNumberQuery;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

const ORDER_NOT_FOUND: &str = "error-invoice-order-not-found";

/// The order number of a request: digits, at most 40 characters.
fn order_number(raw: &str) -> Result<&str, ApiError> {
    let number = raw.trim();
    if number.is_empty() || number.len() > 40 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad(ORDER_NOT_FOUND));
    }
    Ok(number)
}

fn checked(param: &OrderInvoiceParam) -> Result<rules::InvoiceFields, ApiError> {
    rules::check(param).map_err(|field| match field {
        FieldError::HeaderType => ApiError::bad("error-invoice-header-type"),
        FieldError::TitleMissing => ApiError::bad("error-invoice-title-missing"),
        FieldError::Title => ApiError::bad_with("error-invoice-title", vec![("max", TITLE_MAX_CHARS.to_string())]),
        FieldError::TaxNumberMissing => ApiError::bad("error-invoice-tax-number-missing"),
        FieldError::TaxNumber => ApiError::bad("error-invoice-tax-number"),
    })
}

/// `POST /p/orderInvoice`: requests the invoice of one of the buyer's paid orders, once (again
/// after a failed one); answers it.
pub(super) async fn save(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<OrderInvoiceParam>,
) -> ApiResult<OrderInvoice> {
    let number = order_number(&param.order_number)?;
    let fields = checked(&param)?;
    match repo::request(&state.db, user.user_id, number, &fields).await? {
        Requested::Done(_) => found(repo::of_order(&state.db, user.user_id, number).await?, ORDER_NOT_FOUND),
        Requested::Unknown => Err(ApiError::bad(ORDER_NOT_FOUND)),
        Requested::NotInvoiceable => Err(ApiError::bad("error-invoice-not-paid")),
        Requested::Already => Err(ApiError::bad("error-invoice-duplicate")),
    }
}

/// `GET /p/orderInvoice/info?orderNumber=`: the order, its amount and its invoice.
pub(super) async fn info(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<OrderNumberQuery>,
) -> ApiResult<OrderInvoiceInfo> {
    let number = order_number(&query.order_number)?;
    let Some(order) = crate::orders::repo::order_detail(&state.db, user.user_id, number, lang).await? else {
        return Err(ApiError::bad(ORDER_NOT_FOUND));
    };
    let invoice = repo::of_order(&state.db, user.user_id, number).await?;
    let requestable =
        repo::invoiceable(order.status) && invoice.as_ref().is_none_or(|i| i.invoice_state == invoice_state::FAIL);
    ok(OrderInvoiceInfo {
        order_number: order.order_number,
        shop_id: order.shop_id,
        shop_name: order.shop_name,
        order_status: order.status,
        create_time: order.create_time,
        actual_total: order.actual_total,
        order_item_dtos: order.order_item_dtos,
        requestable,
        invoice,
    })
}

/// `GET /p/orderInvoice/pdf?orderNumber=`: the issued invoice as a PDF attachment, in the
/// request's language; the envelope with a refusal when it is not the buyer's or not issued.
pub(super) async fn pdf(
    SignedIn { user, state, lang }: SignedIn,
    ApiQuery(query): ApiQuery<OrderNumberQuery>,
) -> Result<Response, ApiError> {
    let number = order_number(&query.order_number)?;
    let Some(order) = crate::orders::repo::order_detail(&state.db, user.user_id, number, lang).await? else {
        return Err(ApiError::bad(ORDER_NOT_FOUND));
    };
    let Some(invoice) = repo::of_order(&state.db, user.user_id, number).await? else {
        return Err(ApiError::bad("error-invoice-not-issued"));
    };
    if invoice.invoice_state != invoice_state::INVOICED {
        return Err(ApiError::bad("error-invoice-not-issued"));
    }
    let bytes = tokio::task::spawn_blocking(move || pdf::render(lang, &invoice, &order))
        .await
        .ok()
        .flatten()
        .ok_or_else(|| ApiError::bad("error-invoice-pdf-unavailable"))?;
    let file_name = format!("invoice-{number}.pdf");
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}
