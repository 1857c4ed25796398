//! The bridge between the pages and the widgets against the cases the widgets are checked
//! with too (`bridge_cases.json`, read by `widgets/src/bridge.test.ts`): each widget's props
//! read and written back byte for byte, each event's detail read and written back.

use api::bridge::{self, event, widget, widget_props};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{json, Value};

fn cases() -> Value {
    serde_json::from_str(include_str!("bridge_cases.json")).expect("cases")
}

/// `text` read as `T` and written back.
fn again<T: Serialize + DeserializeOwned>(text: &str) -> String {
    let props: T = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    widget_props(&props)
}

#[test]
fn every_widgets_props_are_written_as_read() {
    let cases = cases();
    let cases = cases["widgets"].as_array().expect("widgets");
    for name in widget::ALL.iter().map(|c| c.value) {
        assert!(cases.iter().any(|c| c["widget"] == name), "no case of widget {name}");
    }
    for case in cases {
        let text = case["json"].as_str().expect("json");
        let written = match case["widget"].as_str().expect("widget") {
            widget::LOGIN_POPUP => again::<bridge::LoginPopupProps>(text),
            widget::CATEGORY_MENU => again::<bridge::CategoryMenuProps>(text),
            widget::PRICE_COMPARE => again::<bridge::PriceCompareProps>(text),
            widget::IMAGE_UPLOAD => again::<bridge::ImageUploadProps>(text),
            widget::CHAT => again::<bridge::ChatProps>(text),
            other => panic!("unknown widget {other}"),
        };
        assert_eq!(written, text);
    }
}

/// `detail` read as `T` and written back, compared as JSON.
fn detail_again<T: Serialize + DeserializeOwned>(detail: &Value) -> Value {
    let typed: T = serde_json::from_value(detail.clone()).unwrap_or_else(|e| panic!("{detail}: {e}"));
    serde_json::to_value(typed).expect("serializes")
}

#[test]
fn every_events_detail_is_written_as_read() {
    let cases = cases();
    let cases = cases["events"].as_array().expect("events");
    for name in event::ALL.iter().map(|c| c.value) {
        assert!(cases.iter().any(|c| c["event"] == name), "no case of event {name}");
    }
    for case in cases {
        let detail = &case["detail"];
        let written = match case["event"].as_str().expect("event") {
            event::HYDRATED | event::LOGGED_OUT => Value::Null,
            event::OPEN_LOGIN => detail_again::<bridge::OpenLoginDetail>(detail),
            event::LOGGED_IN => detail_again::<bridge::LoggedInDetail>(detail),
            event::CART_CHANGED => detail_again::<bridge::CartChangedDetail>(detail),
            event::OPEN_COMPARE => detail_again::<bridge::OpenCompareDetail>(detail),
            event::TOAST => detail_again::<bridge::ToastDetail>(detail),
            event::IMAGES_CHANGED => detail_again::<bridge::ImagesChangedDetail>(detail),
            event::OPEN_CHAT => detail_again::<bridge::OpenChatDetail>(detail),
            event::CHAT_UNREAD => detail_again::<bridge::ChatUnreadDetail>(detail),
            other => panic!("unknown event {other}"),
        };
        assert_eq!(&written, detail, "{}", case["event"]);
    }
}

/// The pages built their props with `json!`, whose objects are written with sorted keys: the
/// typed props write the same bytes, so the rendered HTML is what it was.
#[test]
fn typed_props_write_what_the_pages_wrote_before() {
    let usd = bridge::DisplayCurrency { code: "USD".into(), rate_e4: 10_000, symbol: "$".into() };
    let currency = json!({ "code": "USD", "symbol": "$", "rateE4": 10_000 });

    let compare = bridge::PriceCompareProps { currency: usd.clone(), signed_in: true };
    assert_eq!(widget_props(&compare), json!({ "currency": currency, "signedIn": true }).to_string());

    let chat = bridge::ChatProps {
        currency: usd,
        layout: bridge::ChatLayout::Page,
        mode: bridge::ChatMode::Buyer,
        prod_id: Some(7),
        shop_id: Some(0),
    };
    let mut before = json!({ "mode": "buyer", "layout": "page", "currency": currency });
    before["shopId"] = 0.into();
    before["prodId"] = 7.into();
    assert_eq!(widget_props(&chat), before.to_string());

    let avatar = bridge::ImageUploadProps {
        field: "pic".into(),
        kind: bridge::UploadKind::Avatar,
        label: None,
        max: 1,
        max_bytes: Some(api::users::AVATAR_MAX_BYTES),
        value: vec!["/media/a.jpg".into()],
    };
    let before = json!({
        "field": "pic",
        "kind": api::users::upload_kind::AVATAR,
        "max": 1,
        "maxBytes": api::users::AVATAR_MAX_BYTES,
        "value": ["/media/a.jpg"],
    });
    assert_eq!(widget_props(&avatar), before.to_string());

    let pictures = bridge::ImageUploadProps {
        field: "refund-vouchers".into(),
        kind: bridge::UploadKind::Image,
        label: Some("Vouchers \"<&>\"".into()),
        max: 5,
        max_bytes: None,
        value: Vec::new(),
    };
    let before = json!({ "field": "refund-vouchers", "kind": "image", "max": 5, "value": Vec::<String>::new(), "label": "Vouchers \"<&>\"" });
    assert_eq!(widget_props(&pictures), before.to_string());
}
