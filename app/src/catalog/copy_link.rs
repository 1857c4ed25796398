//! "Copy link" of the share card: copies the page's full address (origin + `path`) with the
//! asynchronous clipboard API and confirms with a toast; the link itself is in the HTML, so
//! without JavaScript it can still be opened or copied by hand.

use leptos::prelude::*;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct CopyLink {
    pub path: String,
    pub label: String,
    pub copied: String,
    pub failed: String,
}

/// Renders [`CopyLink`], as one variant of its group's island (`crate::lazy_islands`).
pub fn copy_link(props: CopyLink) -> impl IntoView {
    let CopyLink { path, label, copied, failed } = props;
    let busy = RwSignal::new(false);
    let on_click = move |_| {
        #[cfg(feature = "hydrate")]
        {
            use wasm_bindgen::JsCast;
            let (path, copied, failed) = (path.clone(), copied.clone(), failed.clone());
            leptos::task::spawn_local(async move {
                let window = web_sys::window().expect("window");
                let url = format!("{}{path}", window.location().origin().unwrap_or_default());
                let clipboard = js_sys::Reflect::get(&window.navigator(), &"clipboard".into()).ok();
                let write = clipboard.as_ref().and_then(|c| {
                    let f = js_sys::Reflect::get(c, &"writeText".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
                    f.call1(c, &url.into()).ok()?.dyn_into::<js_sys::Promise>().ok()
                });
                let done = match write {
                    Some(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.is_ok(),
                    None => false,
                };
                let (kind, message) = if done {
                    (api::bridge::ToastType::Success, &copied)
                } else {
                    (api::bridge::ToastType::Error, &failed)
                };
                crate::api_client::browser::toast(kind, message, 1500);
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (&path, &copied, &failed);
    };
    view! {
        <button type="button" class="button" disabled=move || busy.get() data-testid="copy-link" on:click=on_click>{label}</button>
    }
}
