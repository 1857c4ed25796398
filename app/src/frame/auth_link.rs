//! A link to a page that needs a signed-in buyer: guests get the login popup instead
//! (spec section 6), and the link still works without JavaScript.

use crate::events::Detail;
use leptos::prelude::*;

/// An `<a>` that opens the login popup for guests when `protected`.
#[island]
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
    let target = href.clone();
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if protected && !signed_in {
            ev.prevent_default();
            crate::components::emit(crate::events::OPEN_LOGIN, &[("redirect", Detail::Text(&target))]);
        }
    };
    view! {
        <a href=href class=class data-testid=testid data-hold-click="" on:click=on_click>
            {children()}
        </a>
    }
}
