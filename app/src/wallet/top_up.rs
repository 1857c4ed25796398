//! The [`TopUpForm`] island of `/user-center/uc-balance` (`crate::wallet::balance`): an amount
//! (0.01 to 100000) and an online method of the pay switch; going on to the gateway, or its QR
//! code with a link to the checkout counter that checks the payment.

use crate::components::texts::Texts;
use leptos::prelude::*;

/// The top-up form: an amount in dollars and an online method; going on to the gateway (or its
/// QR code, with a link to the counter that checks the payment).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct TopUpForm {
    pub texts: Texts,
    pub methods: Vec<(i32, String)>,
    pub currency: String,
    pub hint: String,
}

/// Renders [`TopUpForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn top_up_form(props: TopUpForm) -> impl IntoView {
    let TopUpForm { texts, methods, currency, hint } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    // What was typed or chosen before the island hydrated stands (`typed_or`).
    let amount = RwSignal::new(crate::components::typed_or("wallet-top-up-amount", ""));
    let ticked = crate::components::chosen_before_hydration::<i32>("input[name=wallet-top-up-method]");
    let chosen =
        RwSignal::new(ticked.filter(|code| methods.iter().any(|m| m.0 == *code)).or(methods.first().map(|m| m.0)));
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let qr = RwSignal::new(None::<(String, String)>);
    let no_method = methods.is_empty();
    let currency = StoredValue::new(currency);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let cents = match crate::wallet::rules::top_up_amount(&amount.get_untracked()) {
            Ok(c) => c,
            Err(key) => {
                error.set(Some(t(key)));
                return;
            }
        };
        let Some(pay_type) = chosen.get_untracked() else {
            error.set(Some(t("wallet-top-up-no-method")));
            return;
        };
        error.set(None);
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(browser::start(
            api::payments::RechargeParam { amount: cents, pay_type, currency: currency.get_value() },
            error,
            busy,
            qr,
        ));
        #[cfg(not(feature = "hydrate"))]
        let _ = (cents, pay_type, currency);
    };

    view! {
        <form class="uc-form wallet-top-up" on:submit=submit novalidate data-testid="wallet-top-up-form">
            <h2 class="wallet-top-up__title">{t("wallet-top-up")}</h2>
            <div class="uc-form-row">
                <label class="uc-form-row__label" for="wallet-top-up-amount">{t("wallet-top-up-amount")}</label>
                <div class="uc-form-row__field">
                    <span class="wallet-top-up__amount">
                        <span aria-hidden="true">"$"</span>
                        <input id="wallet-top-up-amount" type="text" inputmode="decimal" autocomplete="off" maxlength="12"
                            data-testid="wallet-top-up-amount" aria-describedby="wallet-top-up-hint wallet-top-up-error"
                            aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                            value={untrack(|| amount.get())} prop:value=move || amount.get()
                            on:input=move |ev| { amount.set(event_target_value(&ev)); error.set(None); } />
                    </span>
                    <p class="uc-form-row__hint" id="wallet-top-up-hint">{hint}</p>
                </div>
            </div>
            <fieldset class="uc-form-row uc-choice">
                <legend class="uc-form-row__label">{t("wallet-top-up-method")}</legend>
                <div class="uc-form-row__field">
                    {no_method.then(|| view! { <p class="uc-notice" role="status">{t("wallet-top-up-no-method")}</p> })}
                    {methods.into_iter().map(|(code, name)| view! {
                        <label class="uc-choice__option">
                            <input type="radio" name="wallet-top-up-method" value=code.to_string() data-testid=format!("wallet-top-up-method-{code}")
                                checked={untrack(|| chosen.get() == Some(code))} prop:checked=move || chosen.get() == Some(code) on:change=move |_| chosen.set(Some(code)) />
                            " "{name}
                        </label>
                    }).collect_view()}
                </div>
            </fieldset>
            {crate::payments::gateway_form::submit_and_qr("wallet-top-up", texts, ("wallet-top-up-submit", "wallet-top-up-starting"), error, busy, no_method, qr)}
        </form>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::*;
    use crate::api_client::{browser as client, ApiFailure};
    use api::payments::{PayResult, RechargeParam};

    /// Starts the top-up and does what its gateway asks: go there, post its form, or show its
    /// QR code (only an image `data:` URL) with the counter's link.
    pub async fn start(
        body: RechargeParam,
        error: RwSignal<Option<String>>,
        busy: RwSignal<bool>,
        qr: RwSignal<Option<(String, String)>>,
    ) {
        let options = client::CallOptions { handle_error: true, silent_auth: false };
        match client::post::<PayResult, _>(api::paths::BALANCE_RECHARGE, &body, options).await {
            Ok(result) => crate::payments::web::follow_gateway(result, busy, qr),
            Err(failure) => {
                busy.set(false);
                if let ApiFailure::Rejected { msg, .. } = failure {
                    error.set(Some(msg));
                }
            }
        }
    }
}
