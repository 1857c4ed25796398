//! What an island's form that pays through a gateway away from the checkout counter needs
//! (buying a membership; the balance's top-up is a plain form the server answers, record
//! 0186): the submit row with the form's error, and the
//! gateway's QR code with the counter's link that checks the payment.

use crate::components::texts::Texts;
use leptos::prelude::*;

/// The submit row and the QR code of a form whose ids and test ids start with `id` (its error
/// is `{id}-error`); `submit` and `starting` are the Fluent keys of the button's two states.
pub fn submit_and_qr(
    id: &'static str,
    texts: StoredValue<Texts>,
    (submit, starting): (&'static str, &'static str),
    error: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
    no_method: bool,
    qr: RwSignal<Option<(String, String)>>,
) -> impl IntoView {
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    view! {
        <div class="uc-form-row">
            <span class="uc-form-row__label"></span>
            <div class="uc-form-row__field">
                <p class="uc-form-row__error" id=format!("{id}-error") role="alert" data-testid=format!("{id}-error") hidden=move || error.get().is_none()>
                    {move || error.get().unwrap_or_default()}
                </p>
                <button type="submit" class="button button--primary" data-testid=format!("{id}-submit") disabled=move || busy.get() || no_method>
                    {move || if busy.get() { t(starting) } else { t(submit) }}
                </button>
            </div>
        </div>
        {move || qr.get().map(|(image, pay_no)| view! {
            <div class="wallet-top-up__qr" data-testid=format!("{id}-qr")>
                <p>{t("wallet-top-up-scan")}</p>
                <img src=image alt="" width="180" height="180" />
                <a class="button" href=format!("/payment?payNo={pay_no}")>{t("wallet-top-up-check")}</a>
            </div>
        })}
    }
}
