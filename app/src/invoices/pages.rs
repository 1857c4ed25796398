//! The server-rendered invoice page, `/invoice-detail?orderNumber=`, and the invoice action of
//! the order page.

use crate::api_client::ApiClient;
use crate::components::IMG_FALLBACK;
use crate::context::{page_ctx, PageCtx};
use crate::invoices::form::InvoiceForm;
use crate::invoices::form::{InvoiceDraft, InvoiceLabels};
use crate::invoices::{detail_href, invoiceable, pdf_href};
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::notices::pages::format_time;
use crate::orders::buyers_order::{order_page, OrderPage};
use api::invoices::{header_type, invoice_state, OrderInvoice, OrderInvoiceInfo, TITLE_MAX_CHARS};
use leptos::prelude::*;

fn labels(ctx: &PageCtx) -> InvoiceLabels {
    InvoiceLabels {
        header_type: ctx.t("invoice-header-type"),
        personal: ctx.t("invoice-personal"),
        unit: ctx.t("invoice-unit"),
        title_personal: ctx.t("invoice-title-personal"),
        title_unit: ctx.t("invoice-title-unit"),
        title_placeholder: ctx.t("invoice-title-placeholder"),
        tax_number: ctx.t("invoice-tax-number"),
        tax_placeholder: ctx.t("invoice-tax-placeholder"),
        tax_hint: ctx.t("invoice-tax-hint"),
        title_missing: ctx.t("error-invoice-title-missing"),
        title_too_long: ctx.t_args("error-invoice-title", &[("max", &TITLE_MAX_CHARS.to_string())]),
        tax_missing: ctx.t("error-invoice-tax-number-missing"),
        tax_invalid: ctx.t("error-invoice-tax-number"),
        submit: ctx.t("invoice-submit"),
        submitting: ctx.t("invoice-submitting"),
        done: ctx.t("invoice-requested-toast"),
        failed: ctx.t("invoice-request-failed"),
    }
}

/// The words of an invoice state.
pub fn state_key(state: i32) -> &'static str {
    match state {
        invoice_state::INVOICED => "invoice-state-invoiced",
        invoice_state::FAIL => "invoice-state-fail",
        _ => "invoice-state-application",
    }
}

/// `/invoice-detail?orderNumber=`: one of the buyer's orders with its invoice, or the form to
/// request it.
#[component]
pub fn InvoiceDetailPage() -> impl IntoView {
    let page = OrderPage {
        title: "invoice-detail-title",
        canonical: "/invoice-detail",
        class: "container invoice-page",
        test_id: "invoice-detail",
        path: api::paths::ORDER_INVOICE_INFO,
        not_found: "error-invoice-order-not-found",
        missing_test_id: "invoice-missing",
    };
    order_page::<OrderInvoiceInfo, _>(page, invoice_page)
}

fn field(label: String, value: String, test: &'static str) -> impl IntoView {
    view! { <div class="invoice-fields__row"><dt>{label}</dt><dd data-testid=test>{value}</dd></div> }
}

fn invoice_fields(ctx: &PageCtx, invoice: &OrderInvoice) -> impl IntoView {
    let unit = invoice.header_type == header_type::UNIT;
    let kind = if unit { ctx.t("invoice-unit") } else { ctx.t("invoice-personal") };
    view! {
        <section class="order-section" data-testid="invoice-info">
            <h2 class="order-section__title">{ctx.t("invoice-info-title")}</h2>
            <dl class="invoice-fields">
                {field(ctx.t("invoice-application-number"), format!("{:08}", invoice.order_invoice_id), "invoice-id")}
                {field(ctx.t("invoice-type"), ctx.t("invoice-type-general"), "invoice-type")}
                {field(ctx.t("invoice-content"), ctx.t("invoice-content-products"), "invoice-content")}
                {field(ctx.t("invoice-header-type"), kind, "invoice-header-type")}
                {field(ctx.t("invoice-title"), invoice.header_name.clone(), "invoice-header-name")}
                {unit.then(|| field(ctx.t("invoice-tax-number"), invoice.invoice_tax_number.clone(), "invoice-tax-number"))}
                {field(ctx.t("invoice-requested-at"), format_time(invoice.application_time), "invoice-requested-at")}
                {invoice.upload_time.map(|t| field(ctx.t("invoice-issued-at"), format_time(t), "invoice-issued-at"))}
            </dl>
        </section>
    }
}

fn status_section(ctx: &PageCtx, info: &OrderInvoiceInfo) -> impl IntoView {
    let number = info.order_number.clone();
    let (state_text, state, note) = match &info.invoice {
        None if info.requestable => (ctx.t("invoice-state-none"), 0, Some(ctx.t("invoice-note-request"))),
        None => (ctx.t("invoice-state-none"), 0, Some(ctx.t("error-invoice-not-paid"))),
        Some(invoice) => {
            let note = match invoice.invoice_state {
                invoice_state::INVOICED => ctx.t("invoice-note-invoiced"),
                invoice_state::FAIL => ctx.t("invoice-note-fail"),
                _ => ctx.t("invoice-note-application"),
            };
            (ctx.t(state_key(invoice.invoice_state)), invoice.invoice_state, Some(note))
        }
    };
    let reason =
        info.invoice.as_ref().filter(|i| i.invoice_state == invoice_state::FAIL).map(|i| i.fail_reason.clone());
    let issued = state == invoice_state::INVOICED;
    view! {
        <section class="order-section invoice-status" data-testid="invoice-status" data-state=state>
            <h2 class="order-section__title">{ctx.t("invoice-status")}</h2>
            <p class=format!("invoice-status__state is-state-{state}") data-testid="invoice-state">{state_text}</p>
            {reason.map(|reason| view! {
                <p class="invoice-status__reason" data-testid="invoice-fail-reason">
                    <strong>{ctx.t("invoice-fail-reason")}</strong>" "{reason}
                </p>
            })}
            {note.map(|note| view! { <p class="invoice-status__note">{note}</p> })}
            {issued.then(|| view! {
                <a class="button button--primary invoice-status__download" href=pdf_href(&number) download=format!("invoice-{number}.pdf")
                    data-testid="invoice-download">{ctx.t("invoice-download")}</a>
            })}
        </section>
    }
}

fn invoice_page(ctx: &PageCtx, info: OrderInvoiceInfo) -> impl IntoView {
    let detail = crate::payments::rules::order_href(&info.order_number);
    let again = info.invoice.as_ref().is_some_and(|i| i.invoice_state == invoice_state::FAIL);
    let draft = info
        .invoice
        .as_ref()
        .map(|i| InvoiceDraft {
            header_type: i.header_type,
            header_name: i.header_name.clone(),
            invoice_tax_number: i.invoice_tax_number.clone(),
        })
        .unwrap_or_default();
    view! {
        {status_section(ctx, &info)}
        {info.requestable.then(|| view! {
            <section class="order-section" data-testid="invoice-request">
                <h2 class="order-section__title">
                    {if again { ctx.t("invoice-request-again") } else { ctx.t("invoice-request") }}
                </h2>
                <RecordsIsland part={RecordsPart::InvoiceForm(InvoiceForm { order_number: info.order_number.clone(), labels: labels(ctx), draft })} />
            </section>
        })}
        {info.invoice.as_ref().map(|invoice| invoice_fields(ctx, invoice))}
        <section class="order-section" data-testid="invoice-order">
            <h2 class="order-section__title">{ctx.t("invoice-order-title")}</h2>
            <dl class="invoice-fields">
                {field(ctx.t("invoice-seller"), info.shop_name.clone(), "invoice-shop")}
                <div class="invoice-fields__row">
                    <dt>{ctx.t("invoice-order-number")}</dt>
                    <dd><a href=detail.clone() data-testid="invoice-order-link">{info.order_number.clone()}</a></dd>
                </div>
                {field(ctx.t("invoice-order-time"), format_time(info.create_time), "invoice-order-time")}
                {field(ctx.t("invoice-order-status"), ctx.t(crate::orders::rules::status_key(info.order_status)), "invoice-order-status")}
            </dl>
            <ul class="invoice-items">
                {info.order_item_dtos.iter().map(|item| view! {
                    <li class="invoice-items__item" data-testid="invoice-item">
                        <img src=item.pic.clone() alt="" width="56" height="56" loading="lazy" onerror=IMG_FALLBACK />
                        <span class="invoice-items__name">
                            <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                            {(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}
                        </span>
                        <span class="invoice-items__count">{format!("× {}", item.prod_count)}</span>
                        <span class="invoice-items__price">{ctx.money(item.product_total_amount)}</span>
                    </li>
                }).collect_view()}
            </ul>
            <p class="invoice-total">
                {ctx.t("invoice-amount-paid")}" "
                <strong data-testid="invoice-amount">{ctx.money(info.actual_total)}</strong>
            </p>
        </section>
    }
}

/// The order page's invoice action for an order that may have one: "Request invoice" until it
/// is requested (or after it failed), then "View invoice".
#[component]
pub fn InvoiceAction(order_number: String, status: i32) -> impl IntoView {
    if !invoiceable(status) {
        return ().into_any();
    }
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {
                let number = order_number.clone();
                let client = client.clone();
                Suspend::new(async move {
                    let ctx = page_ctx();
                    let info = client
                        .get::<OrderInvoiceInfo>(api::paths::ORDER_INVOICE_INFO, &[("orderNumber", number.clone())])
                        .await
                        .ok();
                    let requested = info.as_ref().is_some_and(|i| i.invoice.is_some() && !i.requestable);
                    let key = if requested { "invoice-view" } else { "invoice-request" };
                    view! {
                        <a class="button" href=detail_href(&number) data-testid="order-invoice">{ctx.t(key)}</a>
                    }
                })
            }
        </Suspense>
    }
    .into_any()
}
