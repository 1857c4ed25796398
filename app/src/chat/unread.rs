//! The unread total of the chat: every badge the server renders (the header's Messages link,
//! the quick menu's chat item) is a [`ChatUnread`], marked with `data-chat-unread`; one
//! [`ChatUnreadWatch`] island per page listens for the widget's `mall:chat-unread` and brings
//! all of them up to date.

use crate::components::badge_count;
use leptos::prelude::*;

/// Marks an unread badge.
pub const UNREAD_ATTR: &str = "data-chat-unread";
/// Badges show at most this (then `99+`).
pub const UNREAD_CAP: i64 = 99;

/// An unread badge as the server renders it: hidden at 0, capped at 99+.
#[component]
pub fn ChatUnread(count: i64, testid: &'static str) -> impl IntoView {
    view! {
        <span class="badge chat-unread" data-testid=testid data-chat-unread="" data-count=count hidden=count <= 0>
            {badge_count(count, UNREAD_CAP)}
        </span>
    }
}

/// Listens for `mall:chat-unread` and updates every unread badge of the page.
#[island]
pub fn ChatUnreadWatch() -> impl IntoView {
    #[cfg(feature = "hydrate")]
    browser::listen();
    view! { <span hidden></span> }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::{badge_count, UNREAD_ATTR, UNREAD_CAP};
    use wasm_bindgen::{JsCast, JsValue};

    /// The event's `detail.total`, if it is a count.
    fn total(event: &web_sys::Event) -> Option<i64> {
        let detail = event.dyn_ref::<web_sys::CustomEvent>()?.detail();
        if !detail.is_object() {
            return None;
        }
        let total = js_sys::Reflect::get(&detail, &JsValue::from_str("total")).ok()?.as_f64()?;
        (total.is_finite() && total >= 0.0).then_some(total as i64)
    }

    pub fn listen() {
        let Some(window) = web_sys::window() else { return };
        let on_change = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
            let Some(count) = total(&event) else { return };
            let Some(nodes) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector_all(&format!("[{UNREAD_ATTR}]")).ok())
            else {
                return;
            };
            for i in 0..nodes.length() {
                let Some(el) = nodes.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
                el.set_text_content(Some(&badge_count(count, UNREAD_CAP)));
                let _ = el.set_attribute("data-count", &count.to_string());
                let _ = el.toggle_attribute_with_force("hidden", count <= 0);
            }
        });
        let _ = window.add_event_listener_with_callback(crate::events::CHAT_UNREAD, on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
}
