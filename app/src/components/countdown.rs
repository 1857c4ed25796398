//! A countdown that ticks every second and stops at zero (spec section 4 "Countdown"):
//! hours:minutes:seconds, `00` parts once the time has passed. The server renders it; the
//! widgets' loader makes it tick (`widgets/src/countdown.ts`).

use leptos::prelude::*;

/// `(hours, minutes, seconds)` left until `end_ms` at `now_ms`; all zero once past.
pub fn remaining_hms(end_ms: i64, now_ms: i64) -> (i64, i64, i64) {
    let secs = ((end_ms - now_ms).max(0)) / 1000;
    (secs / 3600, secs % 3600 / 60, secs % 60)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_hours_minutes_seconds_and_stops_at_zero() {
        assert_eq!(remaining_hms(3_723_000, 0), (1, 2, 3));
        assert_eq!(remaining_hms(100 * 3600 * 1000, 0), (100, 0, 0));
        assert_eq!(remaining_hms(0, 5000), (0, 0, 0));
    }
}
