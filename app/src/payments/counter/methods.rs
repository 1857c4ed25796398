//! The method picker: the notice above it, the methods (a plain POST form until the island is
//! interactive) with what the buyer holds, and the panel beside the summary that swaps the
//! methods for the way to a gateway or its QR code.

use super::*;

/// What the methods panel says above the methods, if anything.
pub(super) fn notice(c: Counter) -> impl IntoView + Copy {
    move || {
        c.notice.get().map(|notice| {
            let (kind, title, text) = match notice {
                Notice::Failed => ("failed", c.label(Text::Failed), c.label(Text::FailedText)),
                Notice::Cancelled => ("cancelled", c.label(Text::Cancelled), c.label(Text::CancelledText)),
                Notice::Error(text) => ("error", String::new(), text),
            };
            view! {
                <div class=format!("payment-notice payment-notice--{kind}") role="alert" data-testid=format!("payment-notice-{kind}")>
                    {(!title.is_empty()).then(|| view! { <strong class="payment-notice__title">{title}</strong> })}
                    <p>{text}</p>
                </div>
            }
        })
    }
}

/// The fields every Pay Now form sends besides the method: the orders, the currency to
/// charge in, and the page a refusal returns to.
pub(super) fn pay_fields(c: Counter, back: String) -> impl IntoView {
    view! {
        <input type="hidden" name="orderNumbers" value=c.numbers.get_value() />
        <input type="hidden" name="currency" value=c.currency.with_value(|d| d.code.clone()) />
        <input type="hidden" name=api::forms::FIELD_BACK value=back />
    }
}

/// The methods as the pay switch has them: loading, failed, none, or the form to choose one.
pub(super) fn methods(c: Counter, counter_href: StoredValue<String>) -> impl IntoView + Copy {
    move || {
        let shown = c.shown_methods();
        let info = c.info.get();
        let balance = info.as_ref().map(|i| i.balance).unwrap_or_default();
        let score = info.as_ref().map(|i| i.score).unwrap_or_default();
        let due = info.as_ref().map(|i| i.total_fee).unwrap_or_default();
        match c.switches.get() {
            Switches::Loading => view! {
                <div class="payment-methods__loading" role="status" data-testid="payment-methods-loading">
                    <div class="skeleton__block payment-skeleton"></div>
                    <span class="visually-hidden">{c.label(Text::MethodsLoading)}</span>
                </div>
            }
            .into_any(),
            Switches::Failed => view! {
                <div class="payment-methods__failed" role="alert" data-testid="payment-methods-failed">
                    <p>{c.label(Text::MethodsFailed)}</p>
                    <button type="button" class="button" on:click=move |_| c.on_retry_switches()>{c.label(Text::Retry)}</button>
                </div>
            }
            .into_any(),
            Switches::Ready(_) if shown.is_empty() => view! {
                <p class="payment-methods__none" role="status" data-testid="payment-no-way">{c.label(Text::NoWay)}</p>
            }
            .into_any(),
            Switches::Ready(_) => view! {
                // A plain form (`api::forms::ORDER_PAY`) until the island is interactive.
                <form class="payment-methods" data-testid="payment-methods" novalidate method="post" action=api::forms::ORDER_PAY
                    data-busy-label=c.plain.then(|| c.label(Text::Paying))
                    on:submit=move |ev| { ev.prevent_default(); c.on_pay_chosen(); }>
                    {pay_fields(c, counter_href.get_value())}
                    <fieldset class="payment-methods__list" disabled=move || c.busy.get()>
                        <legend class="payment-methods__title">{c.label(Text::MethodsTitle)}</legend>
                        {shown.into_iter().map(|m| {
                            let code = m.pay_type;
                            let id = format!("pay-method-{code}");
                            let label_for = id.clone();
                            let hint_id = format!("pay-method-{code}-hint");
                            let hint = match (m.kind, m.availability) {
                                (MethodKind::Balance, Availability::ShortOfBalance) => Some(c.label(Text::BalanceShort).replace("{amount}", &c.held(balance))),
                                (MethodKind::Balance, _) => Some(c.label(Text::BalanceHave).replace("{amount}", &c.held(balance))),
                                (MethodKind::Points, Availability::ShortOfPoints) => Some(c.label(Text::PointsShort).replace("{points}", &score.to_string())),
                                (MethodKind::Points, _) => Some(c.label(Text::PointsHave).replace("{points}", &score.to_string())),
                                _ if rules::charged_in_usd(code, &c.currency.with_value(|c| c.code.clone())) => {
                                    Some(c.label(Text::ChargedInUsd).replace("{amount}", &DisplayCurrency::usd().format(due)))
                                }
                                _ => None,
                            };
                            let ready = m.availability == Availability::Ready;
                            view! {
                                // The card's label is the method's name alone (the radio's
                                // accessible name); it covers the card, so a click anywhere
                                // chooses it. The hint describes the radio.
                                <div class="payment-method" class:is-chosen=move || c.chosen.get() == Some(code) class:is-disabled=!ready
                                    data-testid="payment-method" data-pay-type=code>
                                    <input type="radio" name="payType" id=id value=code.to_string() disabled=!ready
                                        data-asks-password=(m.kind == MethodKind::Balance).then_some("")
                                        aria-describedby=hint.is_some().then(|| hint_id.clone())
                                        checked={untrack(|| c.chosen.get() == Some(code))} prop:checked=move || c.chosen.get() == Some(code)
                                        on:change=move |_| c.chosen.set(Some(code)) />
                                    <label class="payment-method__name" for=label_for>{c.method_name(code)}</label>
                                    {hint.map(|hint| view! {
                                        <span class="payment-method__hint" class:is-short=!ready id=hint_id>{hint}</span>
                                    })}
                                </div>
                            }
                        }).collect_view()}
                    </fieldset>
                    <button type="submit" id=PAY_BUTTON_ID class="button button--primary payment-pay" data-testid="payment-pay"
                        disabled=move || c.busy.get() || c.chosen.get().is_none()>
                        {move || if c.busy.get() { c.label(Text::Paying) } else { c.label(Text::PayNow) }}
                    </button>
                </form>
            }
            .into_any(),
        }
    }
}

/// The panel beside the summary: the methods, the way to a gateway, or its QR code.
pub(super) fn panel(c: Counter, counter_href: StoredValue<String>) -> impl IntoView + Copy {
    let notice_view = notice(c);
    let methods_view = methods(c, counter_href);
    move || {
        match c.stage.get() {
        Stage::Choose => view! { {notice_view} {methods_view} }.into_any(),
        Stage::Leaving(code) => view! {
            <p class="payment-leaving" data-testid="payment-leaving">
                <span class="payment-spinner" aria-hidden="true"></span>
                {c.label(Text::Redirecting).replace("{method}", &c.method_name(code))}
            </p>
        }
        .into_any(),
        Stage::Qr(r) => super::qr::qr_view(c, r),
        Stage::QrExpired(code) => view! {
            <section class="payment-result payment-result--qr-expired" data-testid="payment-qr-expired">
                <h2 class="payment-result__title">{c.label(Text::QrExpired)}</h2>
                <p class="payment-result__text">{c.label(Text::QrExpiredText)}</p>
                <div class="payment-result__actions">
                    <button type="button" class="button button--primary" data-testid="payment-refresh" disabled=move || c.busy.get()
                        on:click=move |_| c.on_pay_again(code)>{c.label(Text::Refresh)}</button>
                    <button type="button" class="button" data-testid="payment-other-method" on:click=move |_| c.on_other_method()>{c.label(Text::OtherMethod)}</button>
                </div>
                {notice_view}
            </section>
        }
        .into_any(),
        _ => ().into_any(),
    }
    }
}
