// Generated from the api crate by `make contract`; do not edit.
// The bridge between the Leptos pages and the React widgets (api/src/bridge.rs).

// Shared

/**
 * The currency the page shows prices in, as the widgets convert US dollars to it.
 */
export type DisplayCurrency = {
  /**
   * ISO 4217 code (`USD`, `KHR`).
   */
  code: string,
  /**
   * Units of this currency per US dollar, times 10,000 (KHR 4100 → 41000000).
   */
  rateE4: number,
  symbol: string,
};

/**
 * What an upload is (`crate::users::upload_kind`): it sets the size limit.
 */
export type UploadKind = "avatar" | "image";

/**
 * Whose side of the chat: a buyer's conversations or a service account's console.
 */
export type ChatMode = "buyer" | "agent";

/**
 * The chat as a page of its own or as the floating panel of every page.
 */
export type ChatLayout = "page" | "panel";

/**
 * The login popup's two forms.
 */
export type LoginMode = "password" | "code";

/**
 * How a toast looks.
 */
export type ToastType = "success" | "error" | "warning" | "info";

// Widget props

/**
 * `login-popup` takes no props.
 */
export type LoginPopupProps = Record<symbol, never>;

/**
 * `category-menu` takes no props: it reads the server-rendered list around it.
 */
export type CategoryMenuProps = Record<symbol, never>;

/**
 * `price-compare`: the sidebar opened by compare links.
 */
export type PriceCompareProps = {
  currency: DisplayCurrency,
  /**
   * Whether a buyer is signed in (favourites and alerts need one).
   */
  signedIn: boolean,
};

/**
 * `image-upload`: pictures uploaded to `/p/file/upload`, their paths reported in
 * `mall:images-changed` under `field`.
 */
export type ImageUploadProps = {
  /**
   * The form field the paths belong to (names the widget in its events).
   */
  field: string,
  kind: UploadKind,
  /**
   * The picker's accessible name (default: the translated "Add picture").
   */
  label?: string,
  /**
   * The most pictures.
   */
  max: number,
  /**
   * The size limit in bytes (default: the kind's).
   */
  maxBytes?: number,
  /**
   * The pictures held already (`/media/...` paths), in order.
   */
  value: Array<string>,
};

/**
 * `chat`: the buyer's conversations or an agent's console, as a page or the floating panel.
 */
export type ChatProps = {
  currency: DisplayCurrency,
  layout: ChatLayout,
  mode: ChatMode,
  /**
   * On the page: the product to offer as a card (`/chat?shopId=&prodId=`).
   */
  prodId?: number,
  /**
   * On the page: the conversation to open (`/chat?shopId=`; 0 = the platform).
   */
  shopId?: number,
};

// Event details

/**
 * `mall:open-login`: where to go after signing in, and the form to show first (the
 * password's unless told).
 */
export type OpenLoginDetail = {
  redirect?: string,
  mode?: LoginMode,
};

/**
 * `mall:logged-in`: the buyer's nickname.
 */
export type LoggedInDetail = {
  nickName?: string,
};

/**
 * `mall:cart-changed`: the new count of the cart, when the sender knows it.
 */
export type CartChangedDetail = {
  count?: number,
};

/**
 * `mall:open-compare`: the product to compare.
 */
export type OpenCompareDetail = {
  prodId: number,
};

/**
 * `mall:toast`: a message shown for `duration` milliseconds (default 1500).
 */
export type ToastDetail = {
  type: ToastType,
  message: string,
  duration?: number,
};

/**
 * `mall:images-changed`: the widget's field name and the `/media/...` paths it holds now,
 * in order.
 */
export type ImagesChangedDetail = {
  field: string,
  paths: Array<string>,
};

/**
 * `mall:open-chat`: the conversation with `shopId` (0 = the platform's customer service),
 * the product `prodId` offered as a card.
 */
export type OpenChatDetail = {
  shopId?: number,
  prodId?: number,
};

/**
 * `mall:chat-unread`: the unread total.
 */
export type ChatUnreadDetail = {
  total: number,
};

// Widgets

/** The login popup (no props; `data-load="event:mall:open-login"`). */
export const WIDGET_LOGIN_POPUP = 'login-popup';

/** The category mega-menu of the home page (no props). */
export const WIDGET_CATEGORY_MENU = 'category-menu';

/** The price comparison sidebar: `PriceCompareProps`. */
export const WIDGET_PRICE_COMPARE = 'price-compare';

/** A picture uploader feeding a form field: `ImageUploadProps`. */
export const WIDGET_IMAGE_UPLOAD = 'image-upload';

/** The chat, as a page or the floating panel: `ChatProps`. */
export const WIDGET_CHAT = 'chat';

/** Widget name (the `name` of `<mall-widget>`) → its props (`data-props`). */
export type WidgetPropsOf = {
  'login-popup': LoginPopupProps;
  'category-menu': CategoryMenuProps;
  'price-compare': PriceCompareProps;
  'image-upload': ImageUploadProps;
  'chat': ChatProps;
};

/** Every widget name, in the order of api/src/bridge.rs. */
export const WIDGET_NAMES = [
  WIDGET_LOGIN_POPUP,
  WIDGET_CATEGORY_MENU,
  WIDGET_PRICE_COMPARE,
  WIDGET_IMAGE_UPLOAD,
  WIDGET_CHAT,
] as const;

// Events, all dispatched on `window`

/** Leptos has hydrated; widgets mount only after it. No detail. */
export const HYDRATED = 'mall:hydrated';

/** Ask the login popup to open: `OpenLoginDetail` or none. */
export const OPEN_LOGIN = 'mall:open-login';

/** The buyer signed in: `LoggedInDetail` or none. */
export const LOGGED_IN = 'mall:logged-in';

/** The buyer signed out or the session ended (A00004). No detail. */
export const LOGGED_OUT = 'mall:logged-out';

/** The cart changed; listeners refresh the cart count: `CartChangedDetail` or none. */
export const CART_CHANGED = 'mall:cart-changed';

/** Open the price comparison sidebar: `OpenCompareDetail`. */
export const OPEN_COMPARE = 'mall:open-compare';

/** Show a toast: `ToastDetail`. */
export const TOAST = 'mall:toast';

/** An image-upload widget's pictures changed (one uploaded or removed): `ImagesChangedDetail`. */
export const IMAGES_CHANGED = 'mall:images-changed';

/** Open the chat panel: `OpenChatDetail` or none. */
export const OPEN_CHAT = 'mall:open-chat';

/** The chat's unread total changed; listeners update the badges: `ChatUnreadDetail`. */
export const CHAT_UNREAD = 'mall:chat-unread';

/** Event name → the type of its `detail`. */
export type MallEvents = {
  /** Leptos has hydrated; widgets mount only after it. No detail. */
  'mall:hydrated': undefined;
  /** Ask the login popup to open: `OpenLoginDetail` or none. */
  'mall:open-login': OpenLoginDetail | undefined;
  /** The buyer signed in: `LoggedInDetail` or none. */
  'mall:logged-in': LoggedInDetail | undefined;
  /** The buyer signed out or the session ended (A00004). No detail. */
  'mall:logged-out': undefined;
  /** The cart changed; listeners refresh the cart count: `CartChangedDetail` or none. */
  'mall:cart-changed': CartChangedDetail | undefined;
  /** Open the price comparison sidebar: `OpenCompareDetail`. */
  'mall:open-compare': OpenCompareDetail;
  /** Show a toast: `ToastDetail`. */
  'mall:toast': ToastDetail;
  /** An image-upload widget's pictures changed (one uploaded or removed): `ImagesChangedDetail`. */
  'mall:images-changed': ImagesChangedDetail;
  /** Open the chat panel: `OpenChatDetail` or none. */
  'mall:open-chat': OpenChatDetail | undefined;
  /** The chat's unread total changed; listeners update the badges: `ChatUnreadDetail`. */
  'mall:chat-unread': ChatUnreadDetail;
};

/** Every event name, in the order of api/src/bridge.rs. */
export const EVENT_NAMES = [
  HYDRATED,
  OPEN_LOGIN,
  LOGGED_IN,
  LOGGED_OUT,
  CART_CHANGED,
  OPEN_COMPARE,
  TOAST,
  IMAGES_CHANGED,
  OPEN_CHAT,
  CHAT_UNREAD,
] as const;
