//! The counter's body by stage: loading, the summary beside the methods, checking a return
//! from a gateway, and the results (paid, topped up, refunded, expired, closed).

use super::*;

/// Links to the pages of the orders `numbers`.
fn order_links(c: Counter, numbers: Vec<String>) -> impl IntoView {
    view! {
        <ul class="payment-result__orders">
            {numbers.into_iter().map(|n| view! {
                <li><a href=rules::order_href(&n) data-testid="payment-order-link">{c.label(Text::OrderLink).replace("{number}", &n)}</a></li>
            }).collect_view()}
        </ul>
    }
}

/// The orders loaded, if they are.
fn info_numbers(c: Counter) -> Option<Vec<String>> {
    c.info.with(|i| i.as_ref().map(|i| i.orders.iter().map(|o| o.order_number.clone()).collect::<Vec<_>>()))
}

/// The orders as far as the page knows them: loaded, or named by the link or the attempt.
fn known_numbers(c: Counter) -> Vec<String> {
    info_numbers(c).unwrap_or_else(|| rules::order_numbers(&c.numbers.get_value()))
}

/// A result: its title and text, the orders it concerns, and the way back to shopping.
fn result(c: Counter, kind: &'static str, title: String, text: String, numbers: Vec<String>) -> impl IntoView {
    view! {
        <section class=format!("payment-result payment-result--{kind}") data-testid=format!("payment-{kind}")>
            <h2 class="payment-result__title">{title}</h2>
            <p class="payment-result__text">{text}</p>
            {(!numbers.is_empty()).then(|| order_links(c, numbers))}
            <a class="button" href="/">{c.label(Text::ContinueShopping)}</a>
        </section>
    }
}

/// The body of the stage the counter is at.
pub(super) fn body(
    c: Counter,
    counter_href: StoredValue<String>,
    live: RwSignal<bool>,
    server_now: i64,
) -> impl IntoView {
    let summary = super::summary::summary(c, live, server_now);
    let panel = super::methods::panel(c, counter_href);
    move || {
        match c.stage.get() {
        Stage::Loading => view! {
            <div class="payment-loading" role="status" data-testid="payment-loading">
                <div class="skeleton__block payment-skeleton"></div>
                <div class="skeleton__block payment-skeleton"></div>
                <span class="visually-hidden">{c.label(Text::Loading)}</span>
            </div>
        }
        .into_any(),
        Stage::LoadFailed(text) => view! {
            <section class="payment-result payment-result--error" data-testid="payment-load-failed">
                <p class="payment-result__text" role="alert">{text}</p>
                <div class="payment-result__actions">
                    <button type="button" class="button button--primary" on:click=move |_| c.on_retry()>{c.label(Text::Retry)}</button>
                    <a class="button" href="/">{c.label(Text::ContinueShopping)}</a>
                </div>
            </section>
        }
        .into_any(),
        Stage::Missing => result(c, "missing", String::new(), c.label(Text::Missing), Vec::new()).into_any(),
        Stage::Checking => view! {
            <section class="payment-result payment-result--checking" data-testid="payment-checking">
                <p class="payment-result__title"><span class="payment-spinner" aria-hidden="true"></span>{c.label(Text::Checking)}</p>
            </section>
        }
        .into_any(),
        Stage::CheckSlow => view! {
            <section class="payment-result payment-result--checking" data-testid="payment-check-slow">
                <p class="payment-result__text">{c.label(Text::CheckSlow)}</p>
                <div class="payment-result__actions">
                    <button type="button" class="button button--primary" data-testid="payment-check-again" on:click=move |_| c.on_check_again()>{c.label(Text::CheckAgain)}</button>
                </div>
                {move || order_links(c, known_numbers(c))}
            </section>
        }
        .into_any(),
        Stage::Paid => {
            let numbers = c.paid_numbers.get();
            let single = numbers.len() == 1;
            // Rendered paid without the island, the page's script opens the order after the
            // same pause (`widgets/src/payment.ts`).
            let go_after = (c.plain && single).then(|| rules::order_href(&numbers[0]));
            view! {
                <section class="payment-result payment-result--paid" data-testid="payment-paid"
                    data-go-after=go_after data-go-after-ms=c.plain.then_some(rules::PAID_REDIRECT_MS)>
                    <svg class="payment-result__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
                        <circle cx="12" cy="12" r="12" fill="currentColor" opacity="0.12" />
                        <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" />
                    </svg>
                    <h2 class="payment-result__title">{c.label(Text::Paid)}</h2>
                    <p class="payment-result__text">
                        {if c.top_up.get() { c.label(Text::ToppedUp) } else { c.label(Text::PaidText) }}
                    </p>
                    {order_links(c, numbers)}
                    {single.then(|| view! { <p class="payment-result__next">{c.label(Text::GoingToOrder)}</p> })}
                    {c.top_up.get().then(|| view! {
                        <a class="button button--primary" href="/user-center/uc-balance" data-testid="payment-back-to-balance">{c.label(Text::BackToBalance)}</a>
                    })}
                    <a class="button" href="/">{c.label(Text::ContinueShopping)}</a>
                </section>
            }
            .into_any()
        }
        Stage::TopUpEnded(end) => {
            let title = match end {
                TopUpEnd::Failed => c.label(Text::Failed),
                TopUpEnd::Cancelled => c.label(Text::Cancelled),
                TopUpEnd::Expired => c.label(Text::QrExpired),
            };
            result(c, "top-up-ended", title, c.label(Text::TopUpAgain), Vec::new()).into_any()
        }
        Stage::Refunded => {
            result(c, "refunded", c.label(Text::Refunded), c.label(Text::RefundedText), known_numbers(c))
                .into_any()
        }
        Stage::Expired => {
            let numbers = c.info.with(|i| {
                i.as_ref()
                    .map(|i| i.orders.iter().map(|o| o.order_number.clone()).collect::<Vec<_>>())
                    .unwrap_or_default()
            });
            result(c, "expired", c.label(Text::OrderExpired), c.label(Text::OrderExpiredText), numbers).into_any()
        }
        Stage::Closed => {
            result(c, "closed", c.label(Text::Closed), c.label(Text::ClosedText), info_numbers(c).unwrap_or_default())
                .into_any()
        }
        Stage::Choose | Stage::Leaving(_) | Stage::Qr(_) | Stage::QrExpired(_) => view! {
            <div class="payment-layout">
                {summary}
                <div class="payment-panel">{panel}</div>
            </div>
        }
        .into_any(),
    }
    }
}
