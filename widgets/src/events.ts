/**
 * The DOM `CustomEvent`s that Leptos and the React widgets use to talk, all dispatched on
 * `window`. This list and `app/src/events.rs` must stay identical (`events.test.ts` checks it).
 */

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** Event name → the type of its `detail`. */
export interface MallEvents {
  /** Leptos has hydrated; widgets mount only after it. */
  'mall:hydrated': undefined;
  /** Ask the login popup to open; `redirect` is where to go after signing in. */
  'mall:open-login': { redirect?: string } | undefined;
  /** The buyer signed in. */
  'mall:logged-in': { nickName?: string } | undefined;
  /** The buyer signed out or the session ended (A00004). */
  'mall:logged-out': undefined;
  /** The cart changed; listeners refresh the cart count. */
  'mall:cart-changed': { count?: number } | undefined;
  /** Open the price comparison sidebar. */
  'mall:open-compare': { prodId: number };
  /** Show a toast; `duration` in milliseconds (default 1500). */
  'mall:toast': { type: ToastType; message: string; duration?: number };
  /** An image-upload widget's pictures changed: its field name and the paths it holds now. */
  'mall:images-changed': { field: string; paths: string[] };
  /** Open the chat panel: the conversation with `shopId` (0 = the platform), `prodId` offered as a card. */
  'mall:open-chat': { shopId?: number; prodId?: number } | undefined;
  /** The chat's unread total changed; listeners update the header and quick menu badges. */
  'mall:chat-unread': { total: number };
}

export type MallEventName = keyof MallEvents;

/** Every event name, in the order of `events.rs`. */
export const EVENT_NAMES = [
  'mall:hydrated',
  'mall:open-login',
  'mall:logged-in',
  'mall:logged-out',
  'mall:cart-changed',
  'mall:open-compare',
  'mall:toast',
  'mall:images-changed',
  'mall:open-chat',
  'mall:chat-unread',
] as const satisfies readonly MallEventName[];

/** Dispatches `name` on `window` with `detail`. */
export function emit<K extends MallEventName>(
  name: K,
  ...detail: undefined extends MallEvents[K] ? [detail?: MallEvents[K]] : [detail: MallEvents[K]]
): void {
  window.dispatchEvent(new CustomEvent(name, { detail: detail[0] }));
}

/** Listens for `name` on `window`; returns the function that stops listening. */
export function on<K extends MallEventName>(
  name: K,
  handler: (detail: MallEvents[K]) => void,
): () => void {
  // A missing detail reads as `null` in the DOM; hand `undefined` to the handler instead.
  const listener = (event: Event) =>
    handler(((event as CustomEvent<MallEvents[K]>).detail ?? undefined) as MallEvents[K]);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
