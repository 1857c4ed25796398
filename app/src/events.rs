//! The DOM `CustomEvent` names that Leptos islands and the React widgets use to talk.
//! This list and `widgets/src/events.ts` must stay identical (a widget test checks it).

/// Dispatched on `window` right after Leptos has hydrated; widgets mount only after it.
pub const HYDRATED: &str = "mall:hydrated";
/// Ask the login popup to open. `detail`: `{ redirect?: string }`.
pub const OPEN_LOGIN: &str = "mall:open-login";
/// The buyer signed in. `detail`: `{ nickName?: string }`.
pub const LOGGED_IN: &str = "mall:logged-in";
/// The buyer signed out or the session ended (A00004).
pub const LOGGED_OUT: &str = "mall:logged-out";
/// The cart changed; listeners refresh the cart count. `detail`: `{ count?: number }`.
pub const CART_CHANGED: &str = "mall:cart-changed";
/// Open the price comparison sidebar. `detail`: `{ prodId: number }`.
pub const OPEN_COMPARE: &str = "mall:open-compare";
/// Show a toast. `detail`: `{ type: "success"|"error"|"warning"|"info", message: string, duration?: number }`.
pub const TOAST: &str = "mall:toast";
/// The pictures of an image-upload widget changed (one uploaded or removed). `detail`:
/// `{ field: string, paths: string[] }`: the widget's field name and the `/media/...` paths it
/// holds now, in order.
pub const IMAGES_CHANGED: &str = "mall:images-changed";
/// Open the chat panel. `detail`: `{ shopId?: number, prodId?: number }`: the conversation with
/// that shop (0 = the platform's customer service), the product offered as a card.
pub const OPEN_CHAT: &str = "mall:open-chat";
/// The chat's unread total changed. `detail`: `{ total: number }`.
pub const CHAT_UNREAD: &str = "mall:chat-unread";

/// One field of an event's `detail` object, as the islands send it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Detail<'a> {
    Text(&'a str),
    Number(f64),
}

/// Dispatches `event` with these `detail` fields as soon as the page has loaded, before (and
/// without) any island: the widgets' loader reads the mark (`widgets/src/loader.ts`). The
/// `/login` page opens the login popup this way, and `/product-comparison` the sidebar, so
/// their first load needs no wasm.
#[leptos::component]
pub fn EmitOnLoad(event: &'static str, detail: Vec<(&'static str, DetailValue)>) -> impl leptos::IntoView {
    use leptos::prelude::*;
    let detail: serde_json::Map<String, serde_json::Value> = detail
        .into_iter()
        .map(|(key, value)| {
            let value = match value {
                DetailValue::Text(text) => serde_json::Value::String(text),
                DetailValue::Number(n) => serde_json::Value::from(n),
            };
            (key.to_string(), value)
        })
        .collect();
    let detail = serde_json::Value::Object(detail).to_string();
    view! { <span hidden data-emit-on-load=event data-detail=detail></span> }
}

/// One field of the `detail` of an [`EmitOnLoad`] mark.
#[derive(Debug, Clone, PartialEq)]
pub enum DetailValue {
    Text(String),
    Number(i64),
}
