//! A gateway's QR code (or the opened app) while the counter waits for the payment, with the
//! code's own countdown and the way back to the methods.

use super::*;

/// The QR code of the answer `r`, or nothing when it has no action to show.
pub(super) fn qr_view(c: Counter, r: PayResult) -> AnyView {
    let Some(action) = r.action.clone() else { return ().into_any() };
    let method = c.method_name(r.pay_type);
    let expire = r.expire_time;
    let charge = c.label(Text::Charge).replace("{amount}", &rules::charge_text(&r.charge_amount, &r.charge_currency));
    let app = action.kind == api::payments::pay_action::APP;
    let deeplink = rules::safe_deeplink(&action.deeplink).then(|| action.deeplink.clone());
    view! {
            <section class="payment-qr" data-testid="payment-qr" aria-labelledby="payment-qr-title">
                <h2 id="payment-qr-title" class="payment-qr__title">{c.label(Text::QrTitle).replace("{method}", &method)}</h2>
                {app.then(|| view! { <p class="payment-qr__app">{c.label(Text::AppOpened).replace("{method}", &method)}</p> })}
                {rules::safe_qr_image(&action.qr_image).then(|| view! {
                    <img class="payment-qr__image" src=action.qr_image.clone() width="220" height="220" data-testid="payment-qr-image"
                        alt=c.label(Text::QrAlt).replace("{method}", &method) />
                })}
                {(!r.charge_amount.is_empty()).then(|| view! { <p class="payment-qr__charge" data-testid="payment-charge">{charge}</p> })}
                <p class="payment-qr__expires">
                    <span id="payment-qr-expires-label">{c.label(Text::QrExpires)}</span>" "
                    <span class="payment-deadline__time" role="timer" aria-labelledby="payment-qr-expires-label" data-testid="payment-qr-countdown">
                        {move || rules::format_countdown(rules::qr_remaining(expire, c.now.get()))}
                    </span>
                </p>
                <p class="payment-qr__waiting"><span class="payment-spinner" aria-hidden="true"></span>{c.label(Text::QrWaiting)}</p>
                <div class="payment-qr__actions">
                    {deeplink.map(|href| view! {
                        <a class="button button--primary" href=href data-testid="payment-open-app">{c.label(Text::OpenApp).replace("{method}", &method)}</a>
                    })}
                    <button type="button" class="button" data-testid="payment-other-method" on:click=move |_| c.on_other_method()>{c.label(Text::OtherMethod)}</button>
                </div>
            </section>
        }
        .into_any()
}
