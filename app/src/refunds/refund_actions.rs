//! The actions of `/return-detail` ([`RefundActions`]): withdrawing an application, and the
//! form asking the platform to intervene in a refused one (a reason and up to 3 vouchers).

#[cfg(feature = "hydrate")]
use crate::api_client::browser;
#[cfg(feature = "hydrate")]
use crate::components::form_call::{self, FORM_CALL};
use crate::components::pictures::{listen_pictures, upload_props};
use crate::refunds::fields::too_long;
use api::refunds::{RefundInterventionParam, MAX_INTERVENTION_VOUCHERS};
use leptos::prelude::*;
#[cfg(feature = "hydrate")]
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// The detail page's actions' texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ActionLabels {
    pub withdraw: String,
    pub withdraw_confirm: String,
    pub intervene: String,
    pub reason: String,
    /// "{count}/200".
    pub count: String,
    pub vouchers: String,
    pub vouchers_hint: String,
    pub submit: String,
    pub submitting: String,
    pub cancel: String,
    pub failed: String,
    pub reason_missing: String,
    pub reason_long: String,
}

/// Withdrawing an application, and asking the platform to intervene in a refused one.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct RefundActions {
    pub refund_sn: String,
    pub can_withdraw: bool,
    pub can_intervene: bool,
    pub labels: ActionLabels,
}

/// Renders [`RefundActions`], as one variant of its group's island (`crate::lazy_islands`).
pub fn refund_actions(props: RefundActions) -> impl IntoView {
    let RefundActions { refund_sn, can_withdraw, can_intervene, labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ActionLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let sn = StoredValue::new(refund_sn);
    let open = RwSignal::new(false);
    let reason = RwSignal::new(String::new());
    let pics = RwSignal::new(Vec::<String>::new());
    let error = RwSignal::new(None::<String>);
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);
    listen_pictures("refund-intervention", move |paths| pics.set(paths));
    // Both actions show a refusal above the form.
    #[cfg(feature = "hydrate")]
    let show_refusal = move |r: form_call::Refusal| error.set(Some(r.text(|| label(|l| &l.failed))));

    let withdraw = move |_| {
        #[cfg(feature = "hydrate")]
        {
            if sending.get_untracked() {
                return;
            }
            if !crate::cart::web::confirm(&label(|l| &l.withdraw_confirm)) {
                return;
            }
            sending.set(true);
            let path = api::paths::order_refund_cancel(&sn.get_value());
            let call = async move { browser::put::<IgnoredAny, _>(&path, &serde_json::json!({}), FORM_CALL).await };
            form_call::send(call, sending, |_| crate::cart::web::reload(), show_refusal);
        }
    };

    let submit = move || {
        if sending.get_untracked() {
            return;
        }
        let text = reason.get_untracked();
        if text.trim().is_empty() {
            error.set(Some(label(|l| &l.reason_missing)));
            return;
        }
        if too_long(&text) {
            error.set(Some(label(|l| &l.reason_long)));
            return;
        }
        error.set(None);
        let param =
            RefundInterventionParam { refund_sn: sn.get_value(), reason: text, photo_files: pics.get_untracked() };
        sending.set(true);
        #[cfg(feature = "hydrate")]
        {
            let path = api::paths::ORDER_REFUND_APPLY_INTERVENTION;
            let call = async move { browser::post::<IgnoredAny, _>(path, &param, FORM_CALL).await };
            form_call::send(call, sending, |_| crate::cart::web::reload(), show_refusal);
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = param;
    };
    let count = move || {
        let n = reason.with(|t| t.trim().chars().count());
        label(|l| &l.count).replace("{count}", &n.to_string())
    };
    view! {
        <div class="refund-actions" data-testid="refund-actions">
            <div class="refund-actions__buttons">
                {can_withdraw.then(|| view! {
                    <button type="button" class="button" data-testid="refund-withdraw"
                        disabled=move || busy.get() || sending.get() on:click=withdraw>
                        {label(|l| &l.withdraw)}
                    </button>
                })}
                {can_intervene.then(|| view! {
                    <button type="button" class="button button--primary" data-testid="refund-intervene"
                        aria-expanded=move || open.get().to_string() aria-controls="refund-intervention"
                        disabled=move || busy.get() on:click=move |_| open.update(|o| *o = !*o)>
                        {label(|l| &l.intervene)}
                    </button>
                })}
            </div>
            {can_intervene.then(|| view! {
                <form class="refund-form refund-intervention" id="refund-intervention" data-testid="refund-intervention-form"
                    novalidate hidden=move || !open.get() on:submit=move |ev| { ev.prevent_default(); submit(); }>
                    <div class="field field--wide">
                        <label for="intervention-reason">{label(|l| &l.reason)}</label>
                        <textarea id="intervention-reason" rows="3" data-testid="intervention-reason"
                            aria-describedby="intervention-count"
                            prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev))></textarea>
                        <small class="field__hint field__count" id="intervention-count" aria-live="polite">{count}</small>
                    </div>
                    <fieldset class="field field--wide">
                        <legend>{label(|l| &l.vouchers)}</legend>
                        <small class="field__hint">{label(|l| &l.vouchers_hint)}</small>
                        <mall-widget name={api::bridge::widget::IMAGE_UPLOAD} data-load="idle"
                            data-props=upload_props("refund-intervention", MAX_INTERVENTION_VOUCHERS, &label(|l| &l.vouchers), Vec::new())>
                        </mall-widget>
                    </fieldset>
                    <div class="refund-form__actions">
                        <button type="submit" class="button button--primary" data-testid="intervention-submit"
                            disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                            {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                        </button>
                        <button type="button" class="button" on:click=move |_| open.set(false)>{label(|l| &l.cancel)}</button>
                    </div>
                </form>
            })}
            <p class="refund-form__error" role="alert" data-testid="refund-action-error">{move || error.get()}</p>
        </div>
    }
}
