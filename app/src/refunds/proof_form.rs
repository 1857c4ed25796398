//! The return shipment form of `/user-center/return-proof` ([`ProofForm`]): carrier, tracking
//! number and mobile number of an accepted return, each checked as the server checks it.

use crate::components::form_call;
use crate::components::typed_or;
use crate::refunds::fields::{go_to_refund, show_refusal, Errors, FieldMessage};
use api::refunds::{RefundExpressParam, MOBILE_DIGITS, TRACKING_MAX_CHARS};
use leptos::prelude::*;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// The return shipment form's texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ProofLabels {
    pub carrier: String,
    pub tracking: String,
    pub mobile: String,
    pub mobile_hint: String,
    pub submit: String,
    pub submitting: String,
    pub failed: String,
    pub carrier_error: String,
    pub tracking_error: String,
    pub mobile_error: String,
    pub messages: Vec<FieldMessage>,
}

/// Whether a tracking number is 1 to 30 letters, digits or dashes (as the server checks).
pub fn tracking_ok(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && t.len() <= TRACKING_MAX_CHARS && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether a mobile number is exactly 11 digits.
pub fn mobile_ok(text: &str) -> bool {
    let t = text.trim();
    t.len() == MOBILE_DIGITS && t.bytes().all(|b| b.is_ascii_digit())
}

/// The return shipment of an accepted return: carrier, tracking number, mobile number.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ProofForm {
    pub refund_sn: String,
    pub labels: ProofLabels,
}

/// Renders [`ProofForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn proof_form(props: ProofForm) -> impl IntoView {
    let ProofForm { refund_sn, labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ProofLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let sn = StoredValue::new(refund_sn);
    // What was typed before the island hydrated stands (`typed_or`).
    let carrier = RwSignal::new(typed_or("proof-carrier", ""));
    let tracking = RwSignal::new(typed_or("proof-tracking", ""));
    let mobile = RwSignal::new(typed_or("proof-mobile", ""));
    let errors = RwSignal::new(Errors::default());
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let submit = move || {
        if sending.get_untracked() {
            return;
        }
        let mut found = Vec::new();
        let name = carrier.get_untracked();
        if name.trim().is_empty() || name.trim().chars().count() > api::refunds::CARRIER_MAX_CHARS {
            found.push(("carrier".to_string(), label(|l| &l.carrier_error)));
        }
        if !tracking.with_untracked(|t| tracking_ok(t)) {
            found.push(("tracking".into(), label(|l| &l.tracking_error)));
        }
        if !mobile.with_untracked(|m| mobile_ok(m)) {
            found.push(("mobile".into(), label(|l| &l.mobile_error)));
        }
        if !found.is_empty() {
            errors.set(Errors(found));
            return;
        }
        errors.set(Errors::default());
        let param = RefundExpressParam {
            refund_sn: sn.get_value(),
            express_name: name,
            express_no: tracking.get_untracked(),
            mobile: mobile.get_untracked(),
        };
        sending.set(true);
        let refused = move |r| labels.with_value(|l| show_refusal(errors, r, &l.messages, &l.failed));
        let shipped = move |_: IgnoredAny| go_to_refund(&sn.get_value());
        form_call::post(api::paths::ORDER_REFUND_SUBMIT_EXPRESS, param, sending, shipped, refused);
    };
    let error_of = move |field: &'static str| move || errors.with(|e| e.of(field));
    let invalid = move |field: &'static str| move || errors.with(|e| e.of(field).is_some()).then_some("true");
    // The carrier's and the tracking number's fields, alike but for their names: `proof-{field}`
    // is the field's id and test id, `name` what the form posts.
    let text_field = move |field: &'static str, name: &'static str, text: String, value: RwSignal<String>| {
        let id = format!("proof-{field}");
        let error_id = format!("{id}-error");
        view! {
            <div class="field">
                <label for=id.clone()>{text}</label>
                <input id=id.clone() name=name type="text" maxlength="30" autocomplete="off"
                    data-testid=id aria-invalid=invalid(field) aria-describedby=error_id.clone()
                    value={untrack(|| value.get())} prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
                <span class="field__error" id=error_id role="alert">{error_of(field)}</span>
            </div>
        }
    };
    view! {
        <form class="refund-form" data-testid="refund-proof-form" novalidate
            on:submit=move |ev| { ev.prevent_default(); submit(); }>
            {text_field("carrier", "expressName", label(|l| &l.carrier), carrier)}
            {text_field("tracking", "expressNo", label(|l| &l.tracking), tracking)}
            <div class="field">
                <label for="proof-mobile">{label(|l| &l.mobile)}</label>
                <input id="proof-mobile" name="mobile" type="tel" inputmode="numeric" maxlength="11" autocomplete="tel"
                    data-testid="proof-mobile" aria-invalid=invalid("mobile") aria-describedby="proof-mobile-hint proof-mobile-error"
                    value={untrack(|| mobile.get())} prop:value=move || mobile.get() on:input=move |ev| mobile.set(event_target_value(&ev)) />
                <small class="field__hint" id="proof-mobile-hint">{label(|l| &l.mobile_hint)}</small>
                <span class="field__error" id="proof-mobile-error" role="alert" data-testid="proof-mobile-error">{error_of("mobile")}</span>
            </div>
            <div class="refund-form__actions">
                <button type="submit" class="button button--primary" data-testid="proof-submit"
                    disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                    {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                </button>
            </div>
            <p class="refund-form__error" role="alert" data-testid="proof-error">{error_of("form")}</p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipment_fields() {
        assert!(tracking_ok("SF-123") && !tracking_ok("a b") && !tracking_ok(""));
        assert!(mobile_ok("13812345678") && !mobile_ok("1381234567") && !mobile_ok("1381234567a"));
    }
}
