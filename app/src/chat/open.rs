//! Opening the chat from any chat link of the page ([`ChatLinks`], once per page, in the
//! frame): a signed-in buyer's click becomes `mall:open-chat` with the link's shop and product
//! (the widget loader loads the panel on the first one); a guest's opens the login popup,
//! which comes back to the link's page. Without the panel on the page (the chat pages
//! themselves) or without JavaScript, the link is followed.

use leptos::prelude::*;

/// The attribute that marks a chat link; `data-chat-shop` and `data-chat-prod` carry its
/// shop and product.
pub const CHAT_LINK_ATTR: &str = "data-chat";
/// The attribute of the panel's host element.
pub const PANEL_ATTR: &str = "data-chat-panel";

/// Listens for clicks on the page's chat links.
#[island]
pub fn ChatLinks(signed_in: bool) -> impl IntoView {
    #[cfg(feature = "hydrate")]
    listen(signed_in);
    #[cfg(not(feature = "hydrate"))]
    let _ = signed_in;
    view! { <span hidden></span> }
}

#[cfg(feature = "hydrate")]
fn listen(signed_in: bool) {
    use crate::events::{Detail, OPEN_CHAT, OPEN_LOGIN};
    use wasm_bindgen::{closure::Closure, JsCast};
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let on_click = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let Some(mouse) = event.dyn_ref::<web_sys::MouseEvent>() else { return };
        if event.default_prevented()
            || mouse.button() != 0
            || mouse.ctrl_key()
            || mouse.meta_key()
            || mouse.shift_key()
            || mouse.alt_key()
        {
            return;
        }
        let Some(link) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest(&format!("[{CHAT_LINK_ATTR}]")).ok().flatten())
        else {
            return;
        };
        if !signed_in {
            event.prevent_default();
            let href = link.get_attribute("href").unwrap_or_else(|| "/chat".to_string());
            crate::components::emit(OPEN_LOGIN, &[("redirect", Detail::Text(&href))]);
            return;
        }
        let has_panel = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(&format!("[{PANEL_ATTR}]")).ok().flatten())
            .is_some();
        if !has_panel {
            return;
        }
        event.prevent_default();
        let number = |name: &str| link.get_attribute(name).and_then(|v| v.parse::<i64>().ok()).filter(|v| *v >= 0);
        let mut detail = Vec::new();
        if let Some(shop) = number("data-chat-shop") {
            detail.push(("shopId", Detail::Number(shop as f64)));
        }
        if let Some(prod) = number("data-chat-prod").filter(|p| *p > 0) {
            detail.push(("prodId", Detail::Number(prod as f64)));
        }
        crate::components::emit(OPEN_CHAT, &detail);
    });
    let _ = document.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    on_click.forget();
}
