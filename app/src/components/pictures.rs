//! Pictures the buyer adds through the `image-upload` React widget (reviews, refunds, the shop
//! application, the avatar): the widget's props, and the paths it reports back with
//! `mall:images-changed` under its field's name.

#[cfg(feature = "hydrate")]
use leptos::prelude::*;

/// The image-upload widget's props: up to `max` pictures of kind `image`, reported under
/// `field`, starting with `value`.
pub fn upload_props(field: &str, max: usize, label: &str, value: Vec<String>) -> String {
    api::bridge::widget_props(&api::bridge::ImageUploadProps {
        field: field.into(),
        kind: api::bridge::UploadKind::Image,
        label: Some(label.into()),
        max,
        max_bytes: None,
        value,
    })
}

/// Calls `changed` with the paths the image-upload widget named `field` holds each time they
/// change, while the calling island lives (in the browser; on the server it does nothing).
pub fn listen_pictures(field: &str, changed: impl Fn(Vec<String>) + 'static) {
    #[cfg(feature = "hydrate")]
    {
        let field = field.to_string();
        let handle = window_event_listener_untyped(crate::events::IMAGES_CHANGED, move |ev| {
            if let Some(paths) = pictures_of(&ev, &field) {
                changed(paths);
            }
        });
        on_cleanup(move || handle.remove());
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (field, changed);
}

/// The paths of a `mall:images-changed` event of the widget named `field`.
#[cfg(feature = "hydrate")]
fn pictures_of(ev: &web_sys::Event, field: &str) -> Option<Vec<String>> {
    use wasm_bindgen::{JsCast, JsValue};
    let detail = ev.dyn_ref::<web_sys::CustomEvent>()?.detail();
    let named = js_sys::Reflect::get(&detail, &JsValue::from_str("field")).ok()?.as_string()?;
    if named != field {
        return None;
    }
    let paths = js_sys::Reflect::get(&detail, &JsValue::from_str("paths")).ok()?;
    let paths: js_sys::Array = paths.dyn_into().ok()?;
    Some(paths.iter().filter_map(|p| p.as_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_widget_is_told_its_field_limit_and_pictures() {
        let props: serde_json::Value =
            serde_json::from_str(&upload_props("refund-vouchers", 5, "Vouchers", vec!["/media/a.png".into()])).unwrap();
        assert_eq!((props["max"].as_u64(), props["field"].as_str()), (Some(5), Some("refund-vouchers")));
        assert_eq!((props["kind"].as_str(), props["label"].as_str()), (Some("image"), Some("Vouchers")));
        assert_eq!(props["value"], serde_json::json!(["/media/a.png"]));
    }
}
