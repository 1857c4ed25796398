//! What a client does with an answer of the provider API (spec sections 6 and 8). Both clients
//! follow this one rule: the app's browser client in Rust and the widgets' in TypeScript
//! (`widgets/src/clientRules.ts`), checked against the same cases
//! (`api/tests/client_rules_cases.json`).

use crate::url::encode;

/// Paths a guest following an internal (type 4) link is sent to /login for (spec section 6).
pub const PROTECTED_PATHS: [&str; 6] = [
    "/member-center",
    "/member-center/integral-mall",
    "/user-center/uc-collection",
    "/user-center",
    "/user-center/uc-order",
    "/cart",
];

/// Calls that show their business errors (A00001) themselves: no toast (spec section 8).
pub const SELF_HANDLED_CALLS: [&str; 1] = ["/p/myOrder/orderDetail"];

/// Whether an internal link (with or without query, fragment or trailing slash) leads to one of
/// the [`PROTECTED_PATHS`].
pub fn is_protected_path(link: &str) -> bool {
    let bare = link.split(['?', '#']).next().unwrap_or_default();
    let bare = if bare.len() > 1 { bare.trim_end_matches('/') } else { bare };
    PROTECTED_PATHS.contains(&bare)
}

/// Pages on which a login-required answer opens the /login page instead of the popup: those
/// whose path contains "user" or "order" (spec section 8).
pub fn is_sign_in_page_path(pathname: &str) -> bool {
    pathname.contains("user") || pathname.contains("order")
}

/// The /login address that comes back to `path_and_query` (query string kept) after signing in.
pub fn login_url(path_and_query: &str) -> String {
    format!("/login?redirect={}", encode(path_and_query))
}

/// How a call is made.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CallOptions {
    /// On A00004 do not open the login popup (the cart count, for one). A page whose path
    /// contains "user" or "order" still goes to /login: it cannot be shown to a guest.
    pub silent_auth: bool,
    /// The caller shows A00001 messages itself: no toast.
    pub handle_error: bool,
}

/// What the client does with one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reaction {
    /// 00000 and A00002: the call resolves with its data.
    Accept,
    /// A00004 on a user or order page: the session ends and the browser goes to this address.
    SignInPage(String),
    /// A00004 elsewhere: the session ends and the login popup opens.
    LoginPopup,
    /// A00004 for a call that opted out: the session ends, nothing is shown.
    SessionEnded,
    /// A00001: an error toast with this text (1.5 s); the call fails.
    ErrorToast(String),
    /// A00005: the "minor hiccup" error toast (1.5 s); the call fails.
    Hiccup,
    /// Any other answer, and A00001 handled by the caller: the call fails, nothing is shown.
    Reject,
}

/// How long the error toasts of these rules stay.
pub const ERROR_TOAST_MS: u32 = 1500;

/// The reaction to an answer with wire code `code` and message `msg`, for the call `call_path`
/// (without `/api`) made from the page at `page` (path and query string).
pub fn react(code: &str, msg: Option<&str>, call_path: &str, page: &str, options: CallOptions) -> Reaction {
    match code {
        "00000" | "A00002" => Reaction::Accept,
        "A00004" => {
            let pathname = page.split(['?', '#']).next().unwrap_or_default();
            if is_sign_in_page_path(pathname) {
                Reaction::SignInPage(login_url(page))
            } else if options.silent_auth {
                Reaction::SessionEnded
            } else {
                Reaction::LoginPopup
            }
        }
        "A00001" => {
            let call = call_path.split('?').next().unwrap_or_default();
            if options.handle_error || SELF_HANDLED_CALLS.contains(&call) {
                Reaction::Reject
            } else {
                Reaction::ErrorToast(msg.filter(|m| !m.is_empty()).unwrap_or("Error").to_string())
            }
        }
        "A00005" => Reaction::Hiccup,
        _ => Reaction::Reject,
    }
}
