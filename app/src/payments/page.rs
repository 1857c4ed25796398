//! `/payment`: the frame on the server, the counter in the [`PaymentCounter`] island (the
//! orders, the pay switch and every payment step are the browser's calls). Guests go to /login.

use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::frame::visit_tracker::VisitTracker;
use crate::payments::counter::{PaymentCounter, PaymentLabels};
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
    let t = |key: &str| ctx.t(key);
    let slot = |key: &str, name: &str| ctx.t_args(key, &[(name, &format!("{{{name}}}"))]);
    let codes = [
        pay_type::SCOREPAY,
        pay_type::BALANCEPAY,
        pay_type::PAYPAL,
        pay_type::PAYCARDPAL,
        pay_type::STRIPE,
        pay_type::UPAY,
        pay_type::UPAY_DEEPLINK,
        pay_type::ABA,
        pay_type::ABA_DEEPLINK,
    ];
    PaymentLabels {
        loading: t("payment-loading"),
        load_failed: t("payment-load-failed"),
        retry: t("payment-retry"),
        missing: t("payment-missing"),
        continue_shopping: t("payment-continue-shopping"),
        orders_title: t("payment-orders"),
        order_link: slot("payment-order-link", "number"),
        order_quantity: slot("payment-order-quantity", "count"),
        amount_due: t("payment-amount-due"),
        points_due: slot("payment-points-due", "points"),
        pay_within: t("payment-pay-within"),
        methods_title: t("payment-methods"),
        methods_loading: t("payment-methods-loading"),
        methods_failed: t("payment-methods-failed"),
        balance_have: slot("payment-balance-have", "amount"),
        balance_short: slot("payment-balance-short", "amount"),
        points_have: slot("payment-points-have", "points"),
        points_short: slot("payment-points-short", "points"),
        pay_now: t("payment-pay-now"),
        paying: t("payment-paying"),
        no_way_title: t("payment-no-way-title"),
        no_way: t("payment-no-way"),
        ok: t("payment-ok"),
        password_title: t("payment-password-title"),
        password_label: t("payment-password-label"),
        password_amount: slot("payment-password-amount", "amount"),
        password_invalid: t("payment-password-invalid"),
        confirm_pay: t("payment-confirm-pay"),
        cancel: t("payment-cancel"),
        set_password_title: t("payment-set-password-title"),
        set_password_text: t("payment-set-password-text"),
        new_password: t("payment-new-password"),
        confirm_password: t("payment-confirm-password"),
        sign_in_password: t("payment-sign-in-password"),
        sign_in_password_hint: t("payment-sign-in-password-hint"),
        set_password_save: t("payment-set-password-save"),
        saving: t("payment-saving"),
        password_mismatch: t("payment-password-mismatch"),
        password_set: t("payment-password-set"),
        call_failed: t("payment-call-failed"),
        redirecting: slot("payment-redirecting", "method"),
        qr_title: slot("payment-qr-title", "method"),
        qr_alt: slot("payment-qr-alt", "method"),
        open_app: slot("payment-open-app", "method"),
        app_opened: slot("payment-app-opened", "method"),
        qr_expires: t("payment-qr-expires"),
        qr_waiting: t("payment-qr-waiting"),
        charge: slot("payment-charge", "amount"),
        charged_in_usd: slot("payment-charged-in-usd", "amount"),
        qr_expired: t("payment-qr-expired"),
        qr_expired_text: t("payment-qr-expired-text"),
        refresh: t("payment-refresh"),
        other_method: t("payment-other-method"),
        checking: t("payment-checking"),
        check_slow: t("payment-check-slow"),
        check_again: t("payment-check-again"),
        paid: t("payment-paid"),
        paid_text: t("payment-paid-text"),
        going_to_order: t("payment-going-to-order"),
        topped_up: t("payment-topped-up"),
        top_up_again: t("payment-top-up-again"),
        failed: t("payment-failed"),
        failed_text: t("payment-failed-text"),
        cancelled: t("payment-cancelled"),
        cancelled_text: t("payment-cancelled-text"),
        refunded: t("payment-refunded"),
        refunded_text: t("payment-refunded-text"),
        order_expired: t("payment-order-expired"),
        order_expired_text: t("payment-order-expired-text"),
        closed: t("payment-closed"),
        closed_text: t("payment-closed-text"),
        method_names: codes.iter().map(|code| (*code, t(method_key(*code)))).collect(),
        status_names: (order_status::UNPAID..=order_status::GROUPING)
            .map(|status| (status, t(crate::orders::detail::status_key(status))))
            .collect(),
    }
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
    let biz_data = if numbers.is_empty() { pay_no.clone() } else { numbers.clone() };
    view! {
        <PageMeta title=ctx.t("payment-title") description=ctx.t("payment-title") canonical="/payment".to_string() />
        <VisitTracker page_id=page_id::PAYMENT biz_data=biz_data signed_in=true />
        <div class="container payment-page" data-testid="payment-page">
            <h1 class="payment-page__title">{ctx.t("payment-title")}</h1>
            <PaymentCounter order_numbers=numbers pay_no=pay_no cancelled=cancelled currency=ctx.currency.clone() labels=labels(&ctx) />
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
    fn pay_numbers_are_passed_on_only_when_plain() {
        assert_eq!(clean_pay_no(" P2026_01-7 "), "P2026_01-7");
        assert_eq!(clean_pay_no("<script>"), "");
        assert_eq!(clean_pay_no(&"9".repeat(65)), "");
    }
}
