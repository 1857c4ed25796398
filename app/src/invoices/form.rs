//! The invoice request of one order on `/invoice-detail`: personal or unit (a native radio
//! group), the title, the unit's taxpayer ID, and Submit with its loading state. The rules the
//! server applies are checked first in the browser, each message under its field until the
//! field is changed; the server's refusal shows under the form in the buyer's language; after a
//! request the page reloads and shows the invoice as requested.

use crate::components::{after_hydration, chosen_before_hydration, typed_or};
use api::invoices::{header_type, normalized_tax_number, valid_tax_number, OrderInvoiceParam, TITLE_MAX_CHARS};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The form's texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct InvoiceLabels {
    pub header_type: String,
    pub personal: String,
    pub unit: String,
    pub title_personal: String,
    pub title_unit: String,
    pub title_placeholder: String,
    pub tax_number: String,
    pub tax_placeholder: String,
    pub tax_hint: String,
    pub title_missing: String,
    pub title_too_long: String,
    pub tax_missing: String,
    pub tax_invalid: String,
    pub submit: String,
    pub submitting: String,
    pub done: String,
    pub failed: String,
}

/// What the form starts with: empty, or the failed invoice's fields to correct.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct InvoiceDraft {
    pub header_type: i32,
    pub header_name: String,
    pub invoice_tax_number: String,
}

/// The field a browser-side check finds wrong, with its message's label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrong {
    TitleMissing,
    TitleTooLong,
    TaxMissing,
    TaxInvalid,
}

/// The browser-side checks of a request (the server checks them again).
pub fn check(header: i32, title: &str, tax: &str) -> Option<Wrong> {
    let title = title.trim();
    if title.is_empty() {
        return Some(Wrong::TitleMissing);
    }
    if title.chars().count() > TITLE_MAX_CHARS || title.chars().any(char::is_control) {
        return Some(Wrong::TitleTooLong);
    }
    if header == header_type::UNIT {
        let tax = normalized_tax_number(tax);
        if tax.is_empty() {
            return Some(Wrong::TaxMissing);
        }
        if !valid_tax_number(&tax) {
            return Some(Wrong::TaxInvalid);
        }
    }
    None
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct InvoiceForm {
    pub order_number: String,
    pub labels: InvoiceLabels,
    pub draft: InvoiceDraft,
}

/// Renders [`InvoiceForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn invoice_form(props: InvoiceForm) -> impl IntoView {
    let InvoiceForm { order_number, labels, draft } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&InvoiceLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let start = if draft.header_type == header_type::UNIT { header_type::UNIT } else { header_type::PERSONAL };
    let header = RwSignal::new(start);
    // What was typed before the island hydrated stands (`typed_or`); the type chosen (which
    // names the title and shows the taxpayer ID) right after it (`after_hydration`).
    let title = RwSignal::new(typed_or("invoice-title", draft.header_name));
    let tax = RwSignal::new(typed_or("invoice-tax", draft.invoice_tax_number));
    if let Some(chosen) = chosen_before_hydration::<i32>(".invoice-form input[name=headerType]") {
        after_hydration(move || header.set(chosen));
    }
    let wrong = RwSignal::new(None::<Wrong>);
    let sending = RwSignal::new(false);
    let refusal = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let number = StoredValue::new(order_number);

    let submit = move || {
        refusal.set(None);
        if sending.get_untracked() {
            return;
        }
        let found = check(header.get_untracked(), &title.get_untracked(), &tax.get_untracked());
        wrong.set(found);
        if found.is_some() {
            #[cfg(feature = "hydrate")]
            focus_first_invalid();
            return;
        }
        let unit = header.get_untracked() == header_type::UNIT;
        let param = OrderInvoiceParam {
            order_number: number.get_value(),
            header_type: header.get_untracked(),
            header_name: title.get_untracked().trim().to_string(),
            invoice_tax_number: if unit { tax.get_untracked() } else { String::new() },
        };
        sending.set(true);
        let texts = (label(|l| &l.done), label(|l| &l.failed));
        crate::components::form_call::post_then_reload(api::paths::ORDER_INVOICE, param, sending, refusal, texts);
    };

    let is_unit = move || header.get() == header_type::UNIT;
    let title_error = move || match wrong.get() {
        Some(Wrong::TitleMissing) => Some(label(|l| &l.title_missing)),
        Some(Wrong::TitleTooLong) => Some(label(|l| &l.title_too_long)),
        _ => None,
    };
    let tax_error = move || match wrong.get() {
        Some(Wrong::TaxMissing) => Some(label(|l| &l.tax_missing)),
        Some(Wrong::TaxInvalid) => Some(label(|l| &l.tax_invalid)),
        _ => None,
    };
    let choice = move |value: i32, text: String, test: &'static str| {
        view! {
            <label class="invoice-form__choice">
                <input type="radio" name="headerType" value=value.to_string() data-testid=test
                    checked={untrack(|| header.get() == value)} prop:checked=move || header.get() == value
                    on:change=move |_| { header.set(value); wrong.set(None); } />
                " "{text}
            </label>
        }
    };
    view! {
        <form class="invoice-form" data-testid="invoice-form" novalidate
            on:submit=move |ev| { ev.prevent_default(); submit(); }>
            <fieldset class="invoice-form__type">
                <legend>{label(|l| &l.header_type)}</legend>
                {choice(header_type::PERSONAL, label(|l| &l.personal), "invoice-personal")}
                {choice(header_type::UNIT, label(|l| &l.unit), "invoice-unit")}
            </fieldset>
            <div class="field">
                <label for="invoice-title">
                    {move || if is_unit() { label(|l| &l.title_unit) } else { label(|l| &l.title_personal) }}
                </label>
                <input id="invoice-title" name="headerName" type="text" maxlength=TITLE_MAX_CHARS.to_string()
                    autocomplete="organization" data-testid="invoice-title"
                    placeholder=label(|l| &l.title_placeholder)
                    aria-invalid=move || title_error().is_some().then_some("true")
                    aria-describedby="invoice-title-error"
                    value={untrack(|| title.get())} prop:value=move || title.get()
                    on:input=move |ev| {
                        title.set(event_target_value(&ev));
                        if matches!(wrong.get_untracked(), Some(Wrong::TitleMissing | Wrong::TitleTooLong)) {
                            wrong.set(None);
                        }
                    } />
                <span class="field__error" id="invoice-title-error" role="alert" data-testid="invoice-title-error">
                    {title_error}
                </span>
            </div>
            <Show when=is_unit>
                <div class="field">
                    <label for="invoice-tax">{label(|l| &l.tax_number)}</label>
                    <input id="invoice-tax" name="invoiceTaxNumber" type="text" maxlength="24" autocapitalize="characters"
                        spellcheck="false" data-testid="invoice-tax"
                        placeholder=label(|l| &l.tax_placeholder)
                        aria-invalid=move || tax_error().is_some().then_some("true")
                        aria-describedby="invoice-tax-hint invoice-tax-error"
                        value={untrack(|| tax.get())} prop:value=move || tax.get()
                        on:input=move |ev| {
                            tax.set(event_target_value(&ev));
                            if matches!(wrong.get_untracked(), Some(Wrong::TaxMissing | Wrong::TaxInvalid)) {
                                wrong.set(None);
                            }
                        } />
                    <small class="field__hint" id="invoice-tax-hint">{label(|l| &l.tax_hint)}</small>
                    <span class="field__error" id="invoice-tax-error" role="alert" data-testid="invoice-tax-error">
                        {tax_error}
                    </span>
                </div>
            </Show>
            <div class="invoice-form__actions">
                <button type="submit" class="button button--primary" data-testid="invoice-submit"
                    disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                    {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                </button>
            </div>
            <p class="invoice-form__error" role="alert" data-testid="invoice-error">{move || refusal.get()}</p>
        </form>
    }
}

/// Moves the focus to the first field marked invalid.
#[cfg(feature = "hydrate")]
fn focus_first_invalid() {
    use wasm_bindgen::JsCast;
    leptos::prelude::request_animation_frame(|| {
        let found = document().query_selector(".invoice-form [aria-invalid=\"true\"]").ok().flatten();
        if let Some(input) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = input.focus();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_checks_what_the_server_checks() {
        assert_eq!(check(header_type::PERSONAL, "  ", ""), Some(Wrong::TitleMissing));
        assert_eq!(check(header_type::PERSONAL, &"a".repeat(101), ""), Some(Wrong::TitleTooLong));
        assert_eq!(check(header_type::PERSONAL, "Li Wei", "nonsense"), None);
        assert_eq!(check(header_type::UNIT, "Mekong", " "), Some(Wrong::TaxMissing));
        assert_eq!(check(header_type::UNIT, "Mekong", "123"), Some(Wrong::TaxInvalid));
        assert_eq!(check(header_type::UNIT, "Mekong", "k001-901234567"), None);
        assert_eq!(check(header_type::UNIT, "Mekong", "91310000MA1K3YJ12X"), None);
    }
}
