//! The bridge between the Leptos pages and the React widgets (issue 46): what a page hands a
//! widget in `<mall-widget name=… data-props=…>` and what the two send each other as DOM
//! `CustomEvent`s on `window`. Exported to `widgets/src/generated/bridge.ts` by `make contract`.
//!
//! The props are serialized with `serde_json` in the order of their fields, which is
//! alphabetical (by their JSON names) as the pages' JSON objects always were; an absent
//! optional field is left out. `api/tests/bridge.rs` and `widgets/src/bridge.test.ts` check
//! the same cases (`api/tests/bridge_cases.json`).
//!
//! How to add a widget: `docs/widgets.md`.

use serde::{Deserialize, Serialize};

crate::constants! {
    /// The widgets' names: the `name` of `<mall-widget>`, the keys of `widgets/src/registry.ts`.
    pub mod widget: &str {
        /// The login popup (no props; `data-load="event:mall:open-login"`).
        LOGIN_POPUP = "login-popup";
        /// The category mega-menu of the home page (no props).
        CATEGORY_MENU = "category-menu";
        /// The price comparison sidebar: [`PriceCompareProps`].
        PRICE_COMPARE = "price-compare";
        /// A picture uploader feeding a form field: [`ImageUploadProps`].
        IMAGE_UPLOAD = "image-upload";
        /// The chat, as a page or the floating panel: [`ChatProps`].
        CHAT = "chat";
    }
}

crate::constants! {
    /// The DOM `CustomEvent`s that the Leptos islands and the React widgets use to talk, all
    /// dispatched on `window`; each one's `detail` is the type named in its comment.
    pub mod event: &str {
        /// Leptos has hydrated; widgets mount only after it. No detail.
        HYDRATED = "mall:hydrated";
        /// Ask the login popup to open: [`OpenLoginDetail`] or none.
        OPEN_LOGIN = "mall:open-login";
        /// The buyer signed in: [`LoggedInDetail`] or none.
        LOGGED_IN = "mall:logged-in";
        /// The buyer signed out or the session ended (A00004). No detail.
        LOGGED_OUT = "mall:logged-out";
        /// The cart changed; listeners refresh the cart count: [`CartChangedDetail`] or none.
        CART_CHANGED = "mall:cart-changed";
        /// Open the price comparison sidebar: [`OpenCompareDetail`].
        OPEN_COMPARE = "mall:open-compare";
        /// Show a toast: [`ToastDetail`].
        TOAST = "mall:toast";
        /// An image-upload widget's pictures changed (one uploaded or removed): [`ImagesChangedDetail`].
        IMAGES_CHANGED = "mall:images-changed";
        /// Open the chat panel: [`OpenChatDetail`] or none.
        OPEN_CHAT = "mall:open-chat";
        /// The chat's unread total changed; listeners update the badges: [`ChatUnreadDetail`].
        CHAT_UNREAD = "mall:chat-unread";
    }
}

/// Declares bridge types: serde in camelCase and, with the `ts` feature, ts-rs.
macro_rules! bridge {
    ($($item:item)*) => {$(
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "camelCase")]
        $item
    )*};
}

bridge! {
    /// The currency the page shows prices in, as the widgets convert US dollars to it.
    pub struct DisplayCurrency {
        /// ISO 4217 code (`USD`, `KHR`).
        pub code: String,
        /// Units of this currency per US dollar, times 10,000 (KHR 4100 → 41000000).
        pub rate_e4: i64,
        pub symbol: String,
    }

    /// `login-popup` takes no props.
    pub struct LoginPopupProps {}

    /// `category-menu` takes no props: it reads the server-rendered list around it.
    pub struct CategoryMenuProps {}

    /// `price-compare`: the sidebar opened by compare links.
    pub struct PriceCompareProps {
        pub currency: DisplayCurrency,
        /// Whether a buyer is signed in (favourites and alerts need one).
        pub signed_in: bool,
    }

    /// `image-upload`: pictures uploaded to `/p/file/upload`, their paths reported in
    /// `mall:images-changed` under `field`.
    pub struct ImageUploadProps {
        /// The form field the paths belong to (names the widget in its events).
        pub field: String,
        pub kind: UploadKind,
        /// The picker's accessible name (default: the translated "Add picture").
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub label: Option<String>,
        /// The most pictures.
        pub max: usize,
        /// The size limit in bytes (default: the kind's).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub max_bytes: Option<u64>,
        /// The pictures held already (`/media/...` paths), in order.
        pub value: Vec<String>,
    }

    /// `chat`: the buyer's conversations or an agent's console, as a page or the floating panel.
    pub struct ChatProps {
        pub currency: DisplayCurrency,
        pub layout: ChatLayout,
        pub mode: ChatMode,
        /// On the page: the product to offer as a card (`/chat?shopId=&prodId=`).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub prod_id: Option<i64>,
        /// On the page: the conversation to open (`/chat?shopId=`; 0 = the platform).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub shop_id: Option<i64>,
    }

    /// `mall:open-login`: where to go after signing in, and the form to show first (the
    /// password's unless told).
    #[derive(Default)]
    pub struct OpenLoginDetail {
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub redirect: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub mode: Option<LoginMode>,
    }

    /// `mall:logged-in`: the buyer's nickname.
    #[derive(Default)]
    pub struct LoggedInDetail {
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub nick_name: Option<String>,
    }

    /// `mall:cart-changed`: the new count of the cart, when the sender knows it.
    #[derive(Default)]
    pub struct CartChangedDetail {
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub count: Option<u32>,
    }

    /// `mall:open-compare`: the product to compare.
    pub struct OpenCompareDetail {
        pub prod_id: i64,
    }

    /// `mall:toast`: a message shown for `duration` milliseconds (default 1500).
    pub struct ToastDetail {
        #[serde(rename = "type")]
        pub kind: ToastType,
        pub message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub duration: Option<u32>,
    }

    /// `mall:images-changed`: the widget's field name and the `/media/...` paths it holds now,
    /// in order.
    pub struct ImagesChangedDetail {
        pub field: String,
        pub paths: Vec<String>,
    }

    /// `mall:open-chat`: the conversation with `shopId` (0 = the platform's customer service),
    /// the product `prodId` offered as a card.
    pub struct OpenChatDetail {
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub shop_id: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pub prod_id: Option<i64>,
    }

    /// `mall:chat-unread`: the unread total.
    pub struct ChatUnreadDetail {
        pub total: u32,
    }
}

/// Declares the bridge's string enums: serde and ts-rs in lower case.
macro_rules! bridge_enum {
    ($($item:item)*) => {$(
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "lowercase")]
        $item
    )*};
}

bridge_enum! {
    /// What an upload is ([`crate::users::upload_kind`]): it sets the size limit.
    pub enum UploadKind {
        Avatar,
        Image,
    }

    /// Whose side of the chat: a buyer's conversations or a service account's console.
    pub enum ChatMode {
        Buyer,
        Agent,
    }

    /// The chat as a page of its own or as the floating panel of every page.
    pub enum ChatLayout {
        Page,
        Panel,
    }

    /// The login popup's two forms.
    pub enum LoginMode {
        Password,
        Code,
    }

    /// How a toast looks.
    pub enum ToastType {
        Success,
        Error,
        Warning,
        Info,
    }
}

/// An event's detail type, tied to the event's name, so that a sender names the event by the
/// detail it sends and cannot pair a name with another event's fields. The events without a
/// detail (`HYDRATED`, `LOGGED_OUT`) have no type.
pub trait EventDetail: Serialize {
    const EVENT: &'static str;
}

macro_rules! event_details {
    ($($detail:ty => $event:path,)*) => {$(
        impl EventDetail for $detail {
            const EVENT: &'static str = $event;
        }
    )*};
}

event_details! {
    OpenLoginDetail => event::OPEN_LOGIN,
    LoggedInDetail => event::LOGGED_IN,
    CartChangedDetail => event::CART_CHANGED,
    OpenCompareDetail => event::OPEN_COMPARE,
    ToastDetail => event::TOAST,
    ImagesChangedDetail => event::IMAGES_CHANGED,
    OpenChatDetail => event::OPEN_CHAT,
    ChatUnreadDetail => event::CHAT_UNREAD,
}

/// An event's `detail` as JSON.
pub fn event_detail<D: EventDetail>(detail: &D) -> String {
    serde_json::to_string(detail).expect("event detail serializes")
}

/// The `data-props` of a widget: its props as JSON.
pub fn widget_props<T: Serialize>(props: &T) -> String {
    serde_json::to_string(props).expect("widget props serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_the_upload_kinds() {
        assert_eq!(widget_props(&UploadKind::Avatar), format!("\"{}\"", crate::users::upload_kind::AVATAR));
        assert_eq!(widget_props(&UploadKind::Image), format!("\"{}\"", crate::users::upload_kind::IMAGE));
    }

    #[test]
    fn absent_options_are_left_out() {
        let props = ChatProps {
            currency: DisplayCurrency { code: "USD".into(), rate_e4: 10_000, symbol: "$".into() },
            layout: ChatLayout::Panel,
            mode: ChatMode::Buyer,
            prod_id: None,
            shop_id: None,
        };
        assert_eq!(
            widget_props(&props),
            r#"{"currency":{"code":"USD","rateE4":10000,"symbol":"$"},"layout":"panel","mode":"buyer"}"#
        );
        assert_eq!(widget_props(&LoginPopupProps {}), "{}");
    }
}
