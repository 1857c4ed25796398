//! The [`BuyMemberForm`] island of `/member-center/buy-member` (`crate::members::buy`): a plan,
//! a method (and the payment password for the balance); paying goes on to the member centre
//! (the balance), the gateway, or its QR code.

use crate::components::texts::Texts;
use api::config::pay_type;
use leptos::prelude::*;

/// The purchase form: a plan, a method (and the payment password for the balance); paying goes
/// on to the member centre (the balance), the gateway, or its QR code.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct BuyMemberForm {
    pub texts: Texts,
    pub plans: Vec<(i32, String, String)>,
    pub methods: Vec<(i32, String)>,
    pub has_pay_password: bool,
    pub currency: String,
}

/// Renders [`BuyMemberForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn buy_member_form(props: BuyMemberForm) -> impl IntoView {
    let BuyMemberForm { texts, plans, methods, has_pay_password, currency } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let plan = RwSignal::new(plans.first().map(|p| p.0));
    let chosen = RwSignal::new(methods.first().map(|m| m.0));
    // What was typed before the island hydrated stands (`typed_or`); the plan and the method
    // chosen (which mark the plan and show the password's row) right after it (`after_hydration`).
    let password = RwSignal::new(crate::components::typed_or("member-pay-password", ""));
    let ticked_plan = crate::components::chosen_before_hydration::<i32>("input[name=member-plan]")
        .filter(|id| plans.iter().any(|p| p.0 == *id));
    let ticked_method = crate::components::chosen_before_hydration::<i32>("input[name=member-method]")
        .filter(|code| methods.iter().any(|m| m.0 == *code));
    crate::components::after_hydration(move || {
        if ticked_plan.is_some() {
            plan.set(ticked_plan);
        }
        if ticked_method.is_some() {
            chosen.set(ticked_method);
        }
    });
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let qr = RwSignal::new(None::<(String, String)>);
    let no_method = methods.is_empty();
    let currency = StoredValue::new(currency);
    let by_balance = move || chosen.get() == Some(pay_type::BALANCEPAY);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let Some(plan_id) = plan.get_untracked() else {
            error.set(Some(t("member-no-plan")));
            return;
        };
        let Some(code) = chosen.get_untracked() else {
            error.set(Some(t("member-no-method")));
            return;
        };
        let pay_password = password.get_untracked();
        if code == pay_type::BALANCEPAY {
            if !has_pay_password {
                error.set(Some(t("member-pay-password-unset")));
                return;
            }
            if pay_password.len() != api::payments::PAY_PASSWORD_DIGITS
                || !pay_password.bytes().all(|b| b.is_ascii_digit())
            {
                error.set(Some(t("member-pay-password-invalid")));
                return;
            }
        }
        error.set(None);
        busy.set(true);
        let body = api::members::BuyMemberParam {
            plan_id,
            pay_type: code,
            pay_password: if code == pay_type::BALANCEPAY { pay_password } else { String::new() },
            currency: currency.get_value(),
        };
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(browser::start(body, error, busy, qr));
        #[cfg(not(feature = "hydrate"))]
        let _ = body;
    };

    view! {
        <form class="uc-form member-buy" on:submit=submit novalidate data-testid="member-buy-form">
            <fieldset class="uc-form-row uc-choice">
                <legend class="uc-form-row__label">{t("member-plan")}</legend>
                <div class="uc-form-row__field member-plans">
                    {plans.into_iter().map(|(id, name, price)| view! {
                        <label class="member-plan" class:is-chosen=move || plan.get() == Some(id)>
                            <input type="radio" name="member-plan" value=id.to_string() data-testid=format!("member-plan-{id}")
                                checked={untrack(|| plan.get() == Some(id))} prop:checked=move || plan.get() == Some(id) on:change=move |_| { plan.set(Some(id)); error.set(None); } />
                            <span class="member-plan__name">{name}</span>
                            <strong class="member-plan__price">{price}</strong>
                        </label>
                    }).collect_view()}
                </div>
            </fieldset>
            <fieldset class="uc-form-row uc-choice">
                <legend class="uc-form-row__label">{t("member-method")}</legend>
                <div class="uc-form-row__field">
                    {no_method.then(|| view! { <p class="uc-notice" role="status">{t("member-no-method")}</p> })}
                    {methods.into_iter().map(|(code, name)| view! {
                        <label class="uc-choice__option">
                            <input type="radio" name="member-method" value=code.to_string() data-testid=format!("member-method-{code}")
                                checked={untrack(|| chosen.get() == Some(code))} prop:checked=move || chosen.get() == Some(code) on:change=move |_| { chosen.set(Some(code)); error.set(None); } />
                            " "{name}
                        </label>
                    }).collect_view()}
                </div>
            </fieldset>
            <div class="uc-form-row" hidden=move || !by_balance()>
                <label class="uc-form-row__label" for="member-pay-password">{t("member-pay-password")}</label>
                <div class="uc-form-row__field">
                    {if has_pay_password {
                        view! {
                            <input id="member-pay-password" type="password" inputmode="numeric" autocomplete="off" maxlength="6"
                                data-testid="member-pay-password" aria-describedby="member-pay-password-hint member-buy-error"
                                aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                                value={untrack(|| password.get())} prop:value=move || password.get()
                                on:input=move |ev| { password.set(event_target_value(&ev)); error.set(None); } />
                            <p class="uc-form-row__hint" id="member-pay-password-hint">{t("member-pay-password-hint")}</p>
                        }.into_any()
                    } else {
                        view! {
                            <p class="uc-notice" id="member-pay-password-hint">
                                {t("member-pay-password-unset")}" "
                                <a href="/user-center/uc-pay-password">{t("member-set-pay-password")}</a>
                            </p>
                        }.into_any()
                    }}
                </div>
            </div>
            {crate::payments::gateway_form::submit_and_qr("member-buy", texts, ("member-submit", "member-starting"), error, busy, no_method, qr)}
        </form>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::*;
    use crate::api_client::{browser as client, ApiFailure};
    use api::members::BuyMemberParam;
    use api::payments::{pay_status, PayResult};

    /// Buys the plan and does what comes next: the member centre when the balance paid, else
    /// what the gateway asks (go there, post its form, or show its QR code, only an image
    /// `data:` URL, with the counter's link).
    pub async fn start(
        body: BuyMemberParam,
        error: RwSignal<Option<String>>,
        busy: RwSignal<bool>,
        qr: RwSignal<Option<(String, String)>>,
    ) {
        let options = client::CallOptions { handle_error: true, silent_auth: false };
        match client::post::<PayResult, _>(api::paths::MEMBER_BUY, &body, options).await {
            Ok(result) => {
                if result.status == pay_status::PAID {
                    crate::payments::web::assign(&format!("/member-center?payNo={}", result.pay_no));
                } else {
                    crate::payments::web::follow_gateway(result, busy, qr);
                }
            }
            Err(failure) => {
                busy.set(false);
                if let ApiFailure::Rejected { msg, .. } = failure {
                    error.set(Some(msg));
                }
            }
        }
    }
}
