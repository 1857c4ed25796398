//! The resend countdown of the account pages' Send Code buttons (`/forget-password`, the
//! bind-email dialog): [`CODE_RESEND_SECONDS`] of the api crate, the server's resend limit,
//! counted down a second at a time in the browser. The login popup widget counts down from the
//! same constant (`widgets/src/generated/limits.ts`).

use api::account::CODE_RESEND_SECONDS;
use leptos::prelude::*;

/// Seconds before another code may be asked for, counting down in the browser.
#[derive(Debug, Clone, Copy)]
pub struct ResendCountdown {
    seconds: RwSignal<i64>,
    /// Each start has its own run number, so a stopped or restarted countdown's timer stops.
    run: RwSignal<u32>,
}

impl Default for ResendCountdown {
    fn default() -> Self {
        Self::new()
    }
}

impl ResendCountdown {
    pub fn new() -> Self {
        Self { seconds: RwSignal::new(0), run: RwSignal::new(0) }
    }

    /// Seconds left (tracked); 0 when a code may be sent.
    pub fn seconds(&self) -> i64 {
        self.seconds.get()
    }

    /// Whether it is counting down, untracked (for event handlers).
    pub fn is_running(&self) -> bool {
        self.seconds.get_untracked() > 0
    }

    /// Starts counting down from [`CODE_RESEND_SECONDS`], replacing a running countdown.
    pub fn start(&self) {
        self.seconds.set(CODE_RESEND_SECONDS);
        self.run.update(|r| *r = r.wrapping_add(1));
        #[cfg(feature = "hydrate")]
        self.tick(self.run.get_untracked());
    }

    /// Stops at once: a code may be asked for again (after a send failed).
    pub fn stop(&self) {
        self.run.update(|r| *r = r.wrapping_add(1));
        self.seconds.set(0);
    }

    /// The button's text (tracked): `waiting` with `{seconds}` filled in while counting down,
    /// else `idle`.
    pub fn label(&self, idle: &str, waiting: &str) -> String {
        button_text(self.seconds(), idle, waiting)
    }

    /// One second of the countdown, while `this_run` is the current run.
    #[cfg(feature = "hydrate")]
    fn tick(self, this_run: u32) {
        set_timeout(
            move || {
                // Stopped, restarted, or the island is gone.
                if self.run.try_get_untracked() != Some(this_run) {
                    return;
                }
                let left = (self.seconds.get_untracked() - 1).max(0);
                self.seconds.set(left);
                if left > 0 {
                    self.tick(this_run);
                }
            },
            std::time::Duration::from_secs(1),
        );
    }
}

/// The Send Code button's text: `waiting` with `{seconds}` filled in while `seconds` are left,
/// else `idle`.
pub fn button_text(seconds: i64, idle: &str, waiting: &str) -> String {
    if seconds > 0 {
        waiting.replace("{seconds}", &seconds.to_string())
    } else {
        idle.to_string()
    }
}

/// A Send Code press of the user centre's password pages: sends a one-time code for `purpose`
/// (an `api::users::code_purpose`) to the bound e-mail or phone (`target`), and runs the
/// countdown; `sent` is the toast on success, a refusal goes to `error`. Nothing while the
/// countdown runs.
pub fn send_security_code(
    purpose: &'static str,
    target: &'static str,
    sent: String,
    countdown: ResendCountdown,
    error: RwSignal<Option<String>>,
) {
    if countdown.is_running() {
        return;
    }
    error.set(None);
    countdown.start();
    #[cfg(feature = "hydrate")]
    leptos::task::spawn_local(async move {
        use crate::api_client::{browser as client, ApiFailure};
        let body = api::users::SecurityCodeParam { target: target.into(), purpose: purpose.into() };
        let options = client::CallOptions { handle_error: true, silent_auth: false };
        match client::post::<Option<serde::de::IgnoredAny>, _>(api::paths::USER_SEND_SECURITY_CODE, &body, options)
            .await
        {
            Ok(_) => client::toast(api::bridge::ToastType::Success, &sent, 1500),
            Err(failure) => {
                countdown.stop();
                if let ApiFailure::Rejected { msg, .. } = failure {
                    error.set(Some(msg));
                }
            }
        }
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = (purpose, target, sent);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_down_from_the_servers_resend_limit() {
        Owner::new().with(|| {
            let countdown = ResendCountdown::new();
            assert!(!countdown.is_running());
            countdown.start();
            assert!(countdown.is_running());
            assert_eq!(countdown.seconds.get_untracked(), CODE_RESEND_SECONDS);
            assert_eq!(CODE_RESEND_SECONDS, 60, "spec section 9");
            countdown.stop();
            assert!(!countdown.is_running());
            assert_eq!(countdown.seconds.get_untracked(), 0);
        });
    }

    #[test]
    fn the_button_says_how_long_to_wait() {
        assert_eq!(button_text(0, "Send Code", "Resend in {seconds}s"), "Send Code");
        assert_eq!(button_text(42, "Send Code", "Resend in {seconds}s"), "Resend in 42s");
    }
}
