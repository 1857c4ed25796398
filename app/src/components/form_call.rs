//! How an island's form sends its call and answers its outcome, the same in the forms of the
//! buyer's records (reviews, invoices, refunds): the shared client rules on (a sign-out opens
//! the login popup, other codes a toast), the API's message for input it refused, a text of the
//! form's own when the network failed, and the form usable again after any failure. On the
//! server, where islands only render, sending does nothing.

use crate::api_client::ApiFailure;
use leptos::prelude::*;

/// What a form shows when its call failed.
pub enum Refusal {
    /// The API refused the input (A00001): its message, already in the buyer's language.
    Input(String),
    /// The network or the answer failed: the form says so in its own words.
    Network,
}

impl Refusal {
    /// What the buyer is told of `failure`; `None` where the shared client rules have
    /// answered it (sign-in, a toast).
    pub fn of(failure: &ApiFailure) -> Option<Refusal> {
        match failure {
            ApiFailure::Rejected { code: api::Code::BadRequest, msg } => Some(Refusal::Input(msg.clone())),
            ApiFailure::Rejected { .. } => None,
            ApiFailure::Network(_) => Some(Refusal::Network),
        }
    }

    /// The text to show: the API's message, or `failed` for a network failure.
    pub fn text(self, failed: impl FnOnce() -> String) -> String {
        match self {
            Refusal::Input(msg) => msg,
            Refusal::Network => failed(),
        }
    }
}

/// Posts a form's `body` to `path` from the browser: the answer goes to `done`; after a
/// failure `sending` is false again and what the form shows of it (if anything) goes to
/// `refused`.
pub fn post<T, B>(
    path: &'static str,
    body: B,
    sending: RwSignal<bool>,
    done: impl FnOnce(T) + 'static,
    refused: impl FnOnce(Refusal) + 'static,
) where
    T: serde::de::DeserializeOwned + 'static,
    B: serde::Serialize + 'static,
{
    #[cfg(feature = "hydrate")]
    {
        use crate::api_client::browser;
        send(async move { browser::post::<T, _>(path, &body, FORM_CALL).await }, sending, done, refused);
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (path, body, sending, done, refused);
}

/// [`post`] for a form whose result the page itself shows (a review, an invoice request): a
/// toast of `done` and the page reloaded; a refusal's text in `refusal` (`failed` for the
/// network).
pub fn post_then_reload<B: serde::Serialize + 'static>(
    path: &'static str,
    body: B,
    sending: RwSignal<bool>,
    refusal: RwSignal<Option<String>>,
    (done, failed): (String, String),
) {
    let reload = move |_: serde::de::IgnoredAny| {
        #[cfg(feature = "hydrate")]
        {
            crate::api_client::browser::toast(api::bridge::ToastType::Success, &done, 1500);
            // The page shows the result (not `cart::web::reload`: the cart's helpers read
            // this module's `Refusal`).
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = done;
    };
    post(path, body, sending, reload, move |r| refusal.set(Some(r.text(|| failed))));
}

#[cfg(feature = "hydrate")]
pub use browser_side::*;

#[cfg(feature = "hydrate")]
mod browser_side {
    use super::Refusal;
    use crate::api_client::{browser, ApiCallResult};
    use leptos::prelude::*;
    use std::future::Future;

    /// A form's call: the shared client rules answer a sign-out and every code but A00001,
    /// whose message the form shows itself.
    pub const FORM_CALL: browser::CallOptions = browser::CallOptions { silent_auth: false, handle_error: true };

    /// Runs a form's `call` in the browser, answering as [`super::post`] does.
    pub fn send<T: 'static>(
        call: impl Future<Output = ApiCallResult<T>> + 'static,
        sending: RwSignal<bool>,
        done: impl FnOnce(T) + 'static,
        refused: impl FnOnce(Refusal) + 'static,
    ) {
        leptos::task::spawn_local(async move {
            match call.await {
                Ok(answer) => done(answer),
                Err(failure) => {
                    sending.set(false);
                    if let Some(refusal) = Refusal::of(&failure) {
                        refused(refusal);
                    }
                }
            }
        });
    }
}
