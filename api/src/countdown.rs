//! Countdowns (spec section 4 "Countdown"): the digits the server renders and the widgets'
//! loader ticks (`widgets/src/countdown.ts`), checked on `api/tests/countdown_cases.json`.

/// `(hours, minutes, seconds)` left until `end_ms` at `now_ms`; all zero once past.
pub fn remaining_hms(end_ms: i64, now_ms: i64) -> (i64, i64, i64) {
    let secs = end_ms.saturating_sub(now_ms).max(0) / 1000;
    (secs / 3600, secs % 3600 / 60, secs % 60)
}

/// What is left of a countdown in the payment counter's style: `MM:SS` under an hour,
/// `H:MM:SS` from an hour on, `00:00` once past. Seconds are rounded up, so `00:00` shows only
/// when the time is really up.
pub fn clock_text(remaining_ms: i64) -> String {
    let secs = if remaining_ms <= 0 { 0 } else { remaining_ms.saturating_add(999) / 1000 };
    let (h, m, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}
