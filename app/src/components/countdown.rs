//! A countdown that ticks every second and stops at zero (spec section 4 "Countdown"):
//! hours:minutes:seconds, `00` parts once the time has passed. The server renders it; the
//! widgets' loader makes it tick (`widgets/src/countdown.ts`).

use leptos::prelude::*;

pub use api::countdown::remaining_hms;

/// A countdown to `end_ms` as it reads at `server_now_ms` (the render time); it ticks from
/// `widgets/src/countdown.ts` as soon as the page has loaded, with the server's clock as the
/// reference, so a visitor's wrong clock does not change what is shown.
#[component]
pub fn Countdown(end_ms: i64, server_now_ms: i64, label: String) -> impl IntoView {
    let (h, m, s) = remaining_hms(end_ms, server_now_ms);
    let name = label.clone();
    view! {
        <span class="countdown" role="timer" aria-label=name data-testid="countdown"
            data-countdown-end=end_ms data-countdown-now=server_now_ms>
            <span class="countdown__label">{label}</span>
            <b>{format!("{h:02}")}</b>":"
            <b>{format!("{m:02}")}</b>":"
            <b>{format!("{s:02}")}</b>
        </span>
    }
}
