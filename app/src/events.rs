//! The DOM `CustomEvent`s that Leptos islands and the React widgets use to talk: their names
//! and the types of their `detail`s are the api crate's ([`api::bridge`]), which the widgets'
//! `widgets/src/generated/bridge.ts` is generated from.

pub use api::bridge::event::{
    CART_CHANGED, CHAT_UNREAD, HYDRATED, IMAGES_CHANGED, LOGGED_IN, LOGGED_OUT, OPEN_CHAT, OPEN_COMPARE, OPEN_LOGIN,
    TOAST,
};

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
