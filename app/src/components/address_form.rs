//! The address form of the islands that add or change a delivery address (the order
//! confirmation of `/submit-order`, the points mall's redeem form; the address book of
//! `/user-center/uc-address` is a plain form with the same fields and limits, record 0189): the
//! recipient, phone, postal code and detailed address (spec section 5 "Address detail 5-50"),
//! checked in the browser by the server's own rule (`api::addresses::address_problems`)
//! before it is sent, then added (`POST /p/address/addAddr`) or changed
//! (`PUT /p/address/updateAddr`). A refusal of the server is shown beside the field it names
//! (its message is matched against the server's message of each field), anything else under
//! the buttons.

use api::addresses::{
    address_problems, clean_address, AddrParam, AddrProblem, UserAddr, DETAIL_MAX_CHARS, POST_CODE_MAX_CHARS,
    RECEIVER_MAX_CHARS,
};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The translated texts of the address form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AddressFormLabels {
    pub receiver: String,
    pub mobile: String,
    pub post_code: String,
    pub detail: String,
    pub save: String,
    pub saving: String,
    pub cancel: String,
    pub receiver_missing: String,
    pub receiver_too_long: String,
    pub mobile_invalid: String,
    pub post_code_invalid: String,
    pub detail_length: String,
    /// A failure with nothing to say (network, server hiccup).
    pub failed: String,
    /// The server's message of each field's rule, so its refusal is shown beside the field.
    pub server_receiver: String,
    pub server_mobile: String,
    pub server_post_code: String,
    pub server_detail: String,
}

#[cfg(feature = "ssr")]
impl AddressFormLabels {
    /// The labels in the page's language.
    pub fn new(ctx: &crate::context::PageCtx) -> Self {
        use api::addresses::{DETAIL_MIN_CHARS, MOBILE_MAX_DIGITS, MOBILE_MIN_DIGITS};
        let max = RECEIVER_MAX_CHARS.to_string();
        let (detail_min, detail_max) = (DETAIL_MIN_CHARS.to_string(), DETAIL_MAX_CHARS.to_string());
        let (mobile_min, mobile_max) = (MOBILE_MIN_DIGITS.to_string(), MOBILE_MAX_DIGITS.to_string());
        AddressFormLabels {
            receiver: ctx.t("order-address-receiver"),
            mobile: ctx.t("order-address-mobile"),
            post_code: ctx.t("order-address-post-code"),
            detail: ctx.t("order-address-detail"),
            save: ctx.t("order-address-save"),
            saving: ctx.t("uc-address-saving"),
            cancel: ctx.t("order-address-cancel"),
            receiver_missing: ctx.t("order-address-receiver-missing"),
            receiver_too_long: ctx.t_args("order-address-receiver-too-long", &[("max", &max)]),
            mobile_invalid: ctx.t("order-address-mobile-invalid"),
            post_code_invalid: ctx.t("order-address-post-code-invalid"),
            detail_length: ctx.t_args("order-address-detail-length", &[("min", &detail_min), ("max", &detail_max)]),
            failed: ctx.t("order-address-failed"),
            server_receiver: ctx.t_args("error-address-receiver", &[("max", &max)]),
            server_mobile: ctx.t_args("error-address-mobile", &[("min", &mobile_min), ("max", &mobile_max)]),
            server_post_code: ctx.t_args("error-address-post-code", &[("max", &POST_CODE_MAX_CHARS.to_string())]),
            server_detail: ctx.t_args("error-address-detail", &[("min", &detail_min), ("max", &detail_max)]),
        }
    }
}

/// A field of the form, for the server's refusals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Receiver,
    Mobile,
    PostCode,
    Detail,
}

/// The field whose server message is `msg`, if any.
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
fn field_of(labels: &AddressFormLabels, msg: &str) -> Option<Field> {
    [
        (&labels.server_receiver, Field::Receiver),
        (&labels.server_mobile, Field::Mobile),
        (&labels.server_post_code, Field::PostCode),
        (&labels.server_detail, Field::Detail),
    ]
    .into_iter()
    .find(|(text, _)| !text.is_empty() && text.as_str() == msg)
    .map(|(_, field)| field)
}

/// The address form. `initial` is the address to change (its `addrId`), or an empty one to
/// add; `on_saved` receives what the server stored, `on_cancel` closes the form.
#[component]
pub fn AddressForm(
    labels: AddressFormLabels,
    initial: AddrParam,
    on_saved: Callback<UserAddr>,
    on_cancel: Callback<()>,
) -> impl IntoView {
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&AddressFormLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let editing = initial.addr_id > 0;
    let uid = if editing { format!("address-{}", initial.addr_id) } else { "address-new".into() };
    let id = move |name: &str| format!("{uid}-{name}");
    // What was typed before the island hydrated stands (`typed_or`).
    let mut initial = initial;
    initial.receiver = super::typed_or(&id("receiver"), initial.receiver);
    initial.mobile = super::typed_or(&id("mobile"), initial.mobile);
    initial.post_code = super::typed_or(&id("post-code"), initial.post_code);
    initial.addr = super::typed_or(&id("addr"), initial.addr);
    let form = RwSignal::new(initial);
    let problems = RwSignal::new(Vec::<AddrProblem>::new());
    // A refusal of the server: beside its field, or under the buttons.
    let server_error = RwSignal::new(None::<(Option<Field>, String)>);
    let saving = RwSignal::new(false);

    let save = move || {
        let found = form.with_untracked(address_problems);
        problems.set(found.clone());
        server_error.set(None);
        if !found.is_empty() || saving.get_untracked() {
            if let Some(first) = found.first() {
                focus_field(*first);
            }
            return;
        }
        let mut body = form.with_untracked(clean_address);
        body.addr_id = form.with_untracked(|f| f.addr_id);
        saving.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            let answer = if body.addr_id > 0 {
                browser::put::<UserAddr, _>(api::paths::ADDRESS_UPDATE, &body, options).await
            } else {
                browser::post::<UserAddr, _>(api::paths::ADDRESS_ADD, &body, options).await
            };
            saving.set(false);
            match answer {
                Ok(saved) => on_saved.run(saved),
                Err(ApiFailure::Rejected { code: api::Code::BadRequest, msg }) => {
                    let field = labels.with_value(|l| field_of(l, &msg));
                    server_error.set(Some((field, msg)));
                }
                // Signed out or a hiccup: the shared client rules have reacted.
                Err(ApiFailure::Rejected { .. }) => {}
                Err(ApiFailure::Network(_)) => server_error.set(Some((None, label(|l| &l.failed)))),
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = (body, on_saved);
    };

    let field_error = move |fields: &'static [AddrProblem], field: Field| {
        move || {
            let local = problems.with(|found| {
                found.iter().find(|p| fields.contains(p)).map(|p| match p {
                    AddrProblem::ReceiverMissing => label(|l| &l.receiver_missing),
                    AddrProblem::ReceiverInvalid => label(|l| &l.receiver_too_long),
                    AddrProblem::MobileInvalid => label(|l| &l.mobile_invalid),
                    AddrProblem::PostCodeInvalid => label(|l| &l.post_code_invalid),
                    AddrProblem::DetailInvalid => label(|l| &l.detail_length),
                })
            });
            local.or_else(|| {
                server_error.with(|e| e.as_ref().filter(|(f, _)| *f == Some(field)).map(|(_, m)| m.clone()))
            })
        }
    };
    let invalid = move |fields: &'static [AddrProblem], field: Field| {
        move || {
            let bad = problems.with(|found| found.iter().any(|p| fields.contains(p)))
                || server_error.with(|e| e.as_ref().is_some_and(|(f, _)| *f == Some(field)));
            bad.then_some("true")
        }
    };
    const RECEIVER: &[AddrProblem] = &[AddrProblem::ReceiverMissing, AddrProblem::ReceiverInvalid];
    const MOBILE: &[AddrProblem] = &[AddrProblem::MobileInvalid];
    const POST_CODE: &[AddrProblem] = &[AddrProblem::PostCodeInvalid];
    const DETAIL: &[AddrProblem] = &[AddrProblem::DetailInvalid];

    let cancel = move || {
        problems.set(Vec::new());
        server_error.set(None);
        on_cancel.run(());
    };

    view! {
        <form class="address-form" data-testid="address-form" novalidate
            on:submit=move |ev| { ev.prevent_default(); save(); }
            on:keydown=move |ev| { if ev.key() == "Escape" { cancel(); } }>
            <div class="field">
                <label for=id("receiver")>{label(|l| &l.receiver)}</label>
                <input type="text" id=id("receiver") name="receiver" autocomplete="name" maxlength=RECEIVER_MAX_CHARS.to_string()
                    aria-invalid=invalid(RECEIVER, Field::Receiver) aria-describedby=id("receiver-error")
                    value={untrack(|| form.with(|f| f.receiver.clone()))} prop:value=move || form.with(|f| f.receiver.clone())
                    on:input=move |ev| form.update(|f| f.receiver = event_target_value(&ev)) />
                <span class="field__error" id=id("receiver-error") role="alert" data-testid="address-error-receiver">
                    {field_error(RECEIVER, Field::Receiver)}
                </span>
            </div>
            <div class="field">
                <label for=id("mobile")>{label(|l| &l.mobile)}</label>
                <input type="tel" id=id("mobile") name="mobile" autocomplete="tel" maxlength="20" inputmode="tel"
                    aria-invalid=invalid(MOBILE, Field::Mobile) aria-describedby=id("mobile-error")
                    value={untrack(|| form.with(|f| f.mobile.clone()))} prop:value=move || form.with(|f| f.mobile.clone())
                    on:input=move |ev| form.update(|f| f.mobile = event_target_value(&ev)) />
                <span class="field__error" id=id("mobile-error") role="alert" data-testid="address-error-mobile">
                    {field_error(MOBILE, Field::Mobile)}
                </span>
            </div>
            <div class="field">
                <label for=id("post-code")>{label(|l| &l.post_code)}</label>
                <input type="text" id=id("post-code") name="postCode" autocomplete="postal-code" maxlength=POST_CODE_MAX_CHARS.to_string()
                    aria-invalid=invalid(POST_CODE, Field::PostCode) aria-describedby=id("post-code-error")
                    value={untrack(|| form.with(|f| f.post_code.clone()))} prop:value=move || form.with(|f| f.post_code.clone())
                    on:input=move |ev| form.update(|f| f.post_code = event_target_value(&ev)) />
                <span class="field__error" id=id("post-code-error") role="alert" data-testid="address-error-post-code">
                    {field_error(POST_CODE, Field::PostCode)}
                </span>
            </div>
            <div class="field field--wide">
                <label for=id("addr")>{label(|l| &l.detail)}</label>
                <input type="text" id=id("addr") name="addr" autocomplete="street-address" maxlength=DETAIL_MAX_CHARS.to_string()
                    aria-invalid=invalid(DETAIL, Field::Detail) aria-describedby=id("addr-error")
                    value={untrack(|| form.with(|f| f.addr.clone()))} prop:value=move || form.with(|f| f.addr.clone())
                    on:input=move |ev| form.update(|f| f.addr = event_target_value(&ev)) />
                <span class="field__error" id=id("addr-error") role="alert" data-testid="address-error-addr">
                    {field_error(DETAIL, Field::Detail)}
                </span>
            </div>
            <div class="address-form__actions">
                <button type="submit" class="button button--primary" disabled=move || saving.get()
                    aria-busy=move || saving.get().to_string() data-testid="address-save">
                    {move || if saving.get() { label(|l| &l.saving) } else { label(|l| &l.save) }}
                </button>
                <button type="button" class="button" data-testid="address-cancel" on:click=move |_| cancel()>
                    {label(|l| &l.cancel)}
                </button>
            </div>
            <p class="address-form__error" role="alert" data-testid="address-form-error">
                {move || server_error.with(|e| e.as_ref().filter(|(f, _)| f.is_none()).map(|(_, m)| m.clone()))}
            </p>
        </form>
    }
}

/// Moves the focus to the first field with a problem (the browser only).
#[allow(unused_variables)]
fn focus_field(problem: AddrProblem) {
    #[cfg(feature = "hydrate")]
    {
        use wasm_bindgen::JsCast;
        let name = match problem {
            AddrProblem::ReceiverMissing | AddrProblem::ReceiverInvalid => "receiver",
            AddrProblem::MobileInvalid => "mobile",
            AddrProblem::PostCodeInvalid => "postCode",
            AddrProblem::DetailInvalid => "addr",
        };
        let found = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(&format!(".address-form [name=\"{name}\"]")).ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(input) = found {
            let _ = input.focus();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_message_names_its_field() {
        let labels = AddressFormLabels {
            server_receiver: "name".into(),
            server_mobile: "phone".into(),
            server_post_code: "post".into(),
            server_detail: "detail".into(),
            ..AddressFormLabels::default()
        };
        assert_eq!(field_of(&labels, "phone"), Some(Field::Mobile));
        assert_eq!(field_of(&labels, "detail"), Some(Field::Detail));
        assert_eq!(field_of(&labels, "You can keep at most 20 addresses"), None);
        assert_eq!(field_of(&AddressFormLabels::default(), ""), None, "empty texts name nothing");
    }
}
