/**
 * The DOM `CustomEvent`s that Leptos and the React widgets use to talk, all dispatched on
 * `window`. Their names and the types of their `detail`s are the api crate's
 * (`api/src/bridge.rs`, generated into `generated/bridge.ts`); `app/src/events.rs` uses the same.
 */
import type { MallEvents } from './generated/bridge';

export type { MallEvents, ToastType } from './generated/bridge';
export { EVENT_NAMES } from './generated/bridge';

export type MallEventName = keyof MallEvents;

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
