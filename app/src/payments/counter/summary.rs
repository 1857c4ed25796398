//! The counter's summary: the amount due, the payment deadline ticking by the server's clock,
//! and the orders being paid.

use super::*;

/// The summary of the orders loaded so far (nothing before they are).
pub(super) fn summary(c: Counter, live: RwSignal<bool>, server_now: i64) -> impl IntoView + Copy {
    move || {
        let info = c.info.get()?;
        let due = rules::amount_due(&info, &c.currency.get_value(), &c.label(Text::PointsDue));
        let end = info.end_time;
        let orders = info.orders.clone();
        Some(view! {
            <section class="payment-summary" aria-labelledby="payment-due-label" data-testid="payment-summary">
                <div class="payment-due">
                    <span id="payment-due-label" class="payment-due__label">{c.label(Text::AmountDue)}</span>
                    <strong class="payment-due__amount" data-testid="payment-amount">{due}</strong>
                </div>
                {end.map(|end| view! {
                    <p class="payment-deadline">
                        <span id="payment-deadline-label">{c.label(Text::PayWithin)}</span>" "
                        <span class="payment-deadline__time" role="timer" aria-labelledby="payment-deadline-label" data-testid="payment-countdown"
                            data-countdown-end=move || (!live.get()).then_some(end) data-countdown-now=move || (!live.get()).then_some(server_now)
                            data-countdown-style="clock">
                            {move || rules::format_countdown(end - c.now.get())}
                        </span>
                    </p>
                })}
                <h2 class="payment-summary__title">{c.label(Text::OrdersTitle)}</h2>
                <ul class="payment-orders" data-testid="payment-orders">
                    {orders.into_iter().map(|o| {
                        let unpaid = o.status == order_status::UNPAID;
                        let amount = match (o.actual_total.0 > 0 || o.score <= 0, o.score > 0) {
                            (true, true) => format!("{} + {}", c.money(o.actual_total), c.label(Text::PointsDue).replace("{points}", &o.score.to_string())),
                            (false, true) => c.label(Text::PointsDue).replace("{points}", &o.score.to_string()),
                            _ => c.money(o.actual_total),
                        };
                        view! {
                            <li class="payment-order" data-testid="payment-order" data-order-number=o.order_number.clone()>
                                <span class="payment-order__shop">{o.shop_name.clone()}</span>
                                <a class="payment-order__number" href=rules::order_href(&o.order_number)>
                                    {c.label(Text::OrderLink).replace("{number}", &o.order_number)}
                                </a>
                                <span class="payment-order__item">
                                    {o.prod_name.clone()}" "
                                    <small>{c.label(Text::OrderQuantity).replace("{count}", &o.total_count.to_string())}</small>
                                </span>
                                <strong class="payment-order__amount">{amount}</strong>
                                {(!unpaid).then(|| view! { <span class="tag payment-order__status">{c.status_name(o.status)}</span> })}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        })
    }
}
