//! A link to a page that needs a signed-in buyer: guests get the login popup instead
//! (spec section 6, `data-login-first`, heard by `widgets/src/frame.ts`), and the link still
//! works without JavaScript (the page itself sends a guest to `/login`).

use leptos::prelude::*;

/// An `<a>` that opens the login popup for guests when `protected`.
#[component]
pub fn AuthLink(
    /// Where the link goes for a signed-in buyer (and for guests without JavaScript).
    href: String,
    /// CSS class of the anchor.
    class: String,
    /// `data-testid` of the anchor.
    testid: String,
    /// Whether the page needs a signed-in buyer.
    protected: bool,
    /// Whether the current visitor is signed in.
    signed_in: bool,
    children: Children,
) -> impl IntoView {
    view! {
        <a href=href class=class data-testid=testid data-login-first=(protected && !signed_in).then_some("")>
            {children()}
        </a>
    }
}
