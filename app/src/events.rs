//! The DOM `CustomEvent`s that Leptos islands and the React widgets use to talk: their names
//! and the types of their `detail`s are the api crate's ([`api::bridge`]), which the widgets'
//! `widgets/src/generated/bridge.ts` is generated from.

pub use api::bridge::event::{
    CART_CHANGED, CHAT_UNREAD, HYDRATED, IMAGES_CHANGED, LOGGED_IN, LOGGED_OUT, OPEN_CHAT, OPEN_COMPARE, OPEN_LOGIN,
    TOAST,
};

pub use api::bridge::{
    CartChangedDetail, EventDetail, LoggedInDetail, LoginMode, OpenCompareDetail, OpenLoginDetail, ToastDetail,
    ToastType,
};

/// Dispatches the event of `detail` as soon as the page has loaded, before (and without) any
/// island: the widgets' loader reads the mark (`widgets/src/loader.ts`). The `/login` page
/// opens the login popup this way, and `/product-comparison` the sidebar, so their first load
/// needs no wasm.
#[leptos::component]
pub fn EmitOnLoad<D: EventDetail + 'static>(detail: D) -> impl leptos::IntoView {
    use leptos::prelude::*;
    view! { <span hidden data-emit-on-load=D::EVENT data-detail=api::bridge::event_detail(&detail)></span> }
}

/// The `data-load` of a `<mall-widget>` that mounts when `event` is first dispatched
/// (`widgets/src/loader.ts`).
pub fn load_on(event: &str) -> String {
    format!("event:{event}")
}
