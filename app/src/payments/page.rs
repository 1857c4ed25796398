//! `/payment`: the checkout counter. Named orders waiting for payment, with the methods to
//! choose from, and orders paid are plain markup the server renders, its forms posting
//! (record 0191; the dialogs opened and checked by `widgets/src/payment.ts`); the way back from
//! a gateway (`?payNo=`), a gateway's step and any other state of the orders are the
//! [`PaymentCounter`] island's, which starts as the page loads. Guests go to /login.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::frame::visit_tracker::VisitTracker;
use crate::lazy_islands::{CheckoutIsland, CheckoutPart};
use crate::payments::counter::{payment_counter, PaymentCounter, PaymentLabels, PaymentStart, Text};
use crate::payments::rules;
use crate::url::query_param;
use api::analytics::page_id;
use api::config::pay_type;
use api::orders::order_status;
use leptos::prelude::*;

/// The Fluent key of a payment method's name.
pub fn method_key(code: i32) -> &'static str {
    match code {
        pay_type::SCOREPAY => "payment-method-points",
        pay_type::BALANCEPAY => "payment-method-balance",
        pay_type::PAYPAL => "payment-method-paypal",
        pay_type::PAYCARDPAL => "payment-method-paypal-card",
        pay_type::STRIPE => "payment-method-stripe",
        pay_type::UPAY => "payment-method-upay",
        pay_type::UPAY_DEEPLINK => "payment-method-upay-app",
        pay_type::ABA => "payment-method-aba",
        _ => "payment-method-aba-app",
    }
}

/// A `?payNo=` as the page passes it on: letters, digits, `-` and `_`, at most 64.
pub fn clean_pay_no(raw: &str) -> String {
    let raw = raw.trim();
    let plain = raw.len() <= 64 && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if plain {
        raw.to_string()
    } else {
        String::new()
    }
}

fn labels(ctx: &PageCtx) -> PaymentLabels {
    let texts = Text::ALL
        .iter()
        .map(|(_, key, slot)| match slot {
            Some(name) => ctx.t_args(key, &[(name, &format!("{{{name}}}"))]),
            None => ctx.t(key),
        })
        .collect();
    PaymentLabels(
        texts,
        // Every method's name: the counter shows whichever the switches offer.
        pay_type::ALL.iter().map(|code| (code.value, ctx.t(method_key(code.value)))).collect(),
        (order_status::UNPAID..=order_status::GROUPING)
            .map(|status| (status, ctx.t(crate::orders::rules::status_key(status))))
            .collect(),
    )
}

/// The refusal of the payment password's form, translated, which the dialog shows under the
/// field (`api::forms::FLASH_AT`).
fn password_refusal(ctx: &PageCtx) -> Option<String> {
    let flash = ctx.prefs.flash.as_ref()?;
    let at_password =
        flash.args.iter().any(|(name, value)| name == api::forms::FLASH_AT && value == api::forms::FIELD_PAY_PASSWORD);
    let args: Vec<(&str, &str)> = flash.args.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    at_password.then(|| ctx.t_args(&flash.key, &args))
}

/// The counter's first state for the orders `numbers`, when the server can render it.
async fn first_state(client: &ApiClient, numbers: String) -> Option<PaymentStart> {
    let query = [("orderNumbers", numbers)];
    let info = client.get::<api::payments::OrderPayInfo>(api::paths::ORDER_PAY_INFO, &query).await.ok()?;
    let switches = client.get::<api::config::PaySwitchInfo>(api::paths::SYS_PAY_SWITCH, &[]).await.ok()?;
    PaymentStart::choose(info, switches.pay_switches)
}

#[component]
pub fn PaymentPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let numbers = query_param(&ctx.prefs.query, "orderNumbers")
        .map(|raw| rules::order_numbers(&raw).join(","))
        .unwrap_or_default();
    let pay_no = query_param(&ctx.prefs.query, "payNo").map(|raw| clean_pay_no(&raw)).unwrap_or_default();
    let cancelled = query_param(&ctx.prefs.query, "cancel").as_deref() == Some("1");
    let gateway = query_param(&ctx.prefs.query, api::forms::GATEWAY_QUERY).as_deref() == Some("1");
    let ask_password = query_param(&ctx.prefs.query, "payType").as_deref()
        == Some(api::config::pay_type::BALANCEPAY.to_string().as_str());
    let biz_data = if numbers.is_empty() { pay_no.clone() } else { numbers.clone() };
    let refusal = password_refusal(&ctx);
    let client = ApiClient::from_context(ctx.lang());
    let labels = labels(&ctx);
    let currency = ctx.currency.clone();
    view! {
        <PageMeta title=ctx.t("payment-title") description=ctx.t("payment-title") canonical="/payment".to_string() />
        <VisitTracker page_id=page_id::PAYMENT biz_data=biz_data signed_in=true />
        <div class="container payment-page" data-testid="payment-page">
            <h1 class="payment-page__title">{ctx.t("payment-title")}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let start = if pay_no.is_empty() && !numbers.is_empty() {
                        first_state(&client, numbers.clone()).await
                    } else {
                        None
                    };
                    // Orders to choose a method for, or paid: plain markup, no island (record 0191).
                    let plain = start.is_some() && pay_no.is_empty() && !gateway && !cancelled;
                    let counter = PaymentCounter { order_numbers: numbers.clone(), pay_no: pay_no.clone(), cancelled, gateway,
                        currency: currency.clone(), labels: labels.clone(), start, ask_password, refusal: refusal.clone(), plain };
                    if plain {
                        view! { <div class="payment-frame" data-pay-counter>{payment_counter(counter)}</div> }.into_any()
                    } else {
                        view! {
                            <div class="payment-frame">
                                <CheckoutIsland part={CheckoutPart::PaymentCounter(counter)} />
                            </div>
                        }
                        .into_any()
                    }
                })}
            </Suspense>
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_has_its_own_name() {
        let codes = [0, 9, 10, 12, 13, 15, 16, 17, 18];
        let keys: std::collections::BTreeSet<_> = codes.into_iter().map(method_key).collect();
        assert_eq!(keys.len(), codes.len());
        for code in codes {
            assert!(rules::method_kind(code).is_some(), "{code} is a method the counter knows");
        }
    }

    #[test]
    fn every_text_is_a_message_in_every_language() {
        let keys: std::collections::BTreeSet<_> = Text::ALL.iter().map(|(_, key, _)| *key).collect();
        assert_eq!(keys.len(), Text::ALL.len(), "no message twice");
        for (index, (text, key, slot)) in Text::ALL.iter().enumerate() {
            assert_eq!(*text as usize, index, "{key} in its place");
            for lang in crate::i18n::Lang::ALL {
                let found = crate::i18n::t(lang, key);
                assert_ne!(found, *key, "{key} in {lang:?}");
                if let Some(name) = slot {
                    let filled = crate::i18n::t_args(lang, key, &[(name, "{slot}")]);
                    assert!(filled.contains("{slot}"), "{key} in {lang:?} shows its {name}");
                }
            }
        }
    }

    #[test]
    fn pay_numbers_are_passed_on_only_when_plain() {
        assert_eq!(clean_pay_no(" P2026_01-7 "), "P2026_01-7");
        assert_eq!(clean_pay_no("<script>"), "");
        assert_eq!(clean_pay_no(&"9".repeat(65)), "");
    }
}
