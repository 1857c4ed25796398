//! A countdown that ticks every second and stops at zero (spec section 4 "Countdown"):
//! hours:minutes:seconds, `00` parts once the time has passed.

use leptos::prelude::*;

/// `(hours, minutes, seconds)` left until `end_ms` at `now_ms`; all zero once past.
pub fn remaining_hms(end_ms: i64, now_ms: i64) -> (i64, i64, i64) {
    let secs = ((end_ms - now_ms).max(0)) / 1000;
    (secs / 3600, secs % 3600 / 60, secs % 60)
}

/// The `HH:MM:SS` text of [`remaining_hms`].
pub fn format_hms(end_ms: i64, now_ms: i64) -> String {
    let (h, m, s) = remaining_hms(end_ms, now_ms);
    format!("{h:02}:{m:02}:{s:02}")
}

/// Ticks down to `end_ms`. `server_now_ms` is the render time, so a visitor's wrong clock
/// does not change what is shown.
#[island]
pub fn Countdown(end_ms: i64, server_now_ms: i64, label: String) -> impl IntoView {
    let now = RwSignal::new(server_now_ms);
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        let offset = server_now_ms - js_sys::Date::now() as i64;
        let tick = move || now.set(js_sys::Date::now() as i64 + offset);
        tick();
        if let Ok(handle) = set_interval_with_handle(tick, std::time::Duration::from_secs(1)) {
            on_cleanup(move || handle.clear());
        }
    });
    let parts = move || remaining_hms(end_ms, now.get());
    view! {
        <span class="countdown" role="timer" aria-label=label.clone() data-testid="countdown">
            <span class="countdown__label">{label.clone()}</span>
            <b>{move || format!("{:02}", parts().0)}</b>":"
            <b>{move || format!("{:02}", parts().1)}</b>":"
            <b>{move || format!("{:02}", parts().2)}</b>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_hours_minutes_seconds_and_stops_at_zero() {
        assert_eq!(format_hms(3_723_000, 0), "01:02:03");
        assert_eq!(format_hms(100 * 3600 * 1000, 0), "100:00:00");
        assert_eq!(format_hms(0, 5000), "00:00:00");
    }
}
