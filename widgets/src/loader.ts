/**
 * The widget loader, on every page: defines `<mall-widget>`, shows toasts, and shows the
 * skeletons of the next page while it loads (`./skeleton.ts`).
 *
 *   <mall-widget name="login-popup" data-props='{"…":…}' data-load="event:mall:open-login">
 *
 * The server renders the element empty and never puts children in it. The React root is
 * mounted only after Leptos has hydrated (touching the DOM earlier breaks hydration), then
 * according to `data-load`:
 * - `idle` (default): when the browser is idle;
 * - `visible`: when the element enters the viewport;
 * - `hover`: on the first pointer hover or keyboard focus inside the element's parent (the
 *   widget then reads what is hovered or focused, e.g. the category menu);
 * - `event:NAME`: when the window event NAME first fires; its detail is handed to the widget
 *   as the prop `initialEvent` (`{}` when the event had none).
 * The element reports its progress in `data-state` (waiting, loading, mounted) and failures in
 * `data-error`. Nothing here imports React: widgets and React are separate chunks.
 */
import { on } from './events';
import { registry } from './registry';
import { installSkeletons } from './skeleton';
import { showToast } from './toast';
import type { WidgetProps } from './types';

declare global {
  interface Window {
    /** Set by the Leptos side right after hydration, just before it dispatches `mall:hydrated`. */
    __mallHydrated?: boolean;
  }
}

/** Without a `mall:hydrated` event (e.g. the wasm failed), widgets mount this long after `load`. */
export const HYDRATION_FALLBACK_MS = 3000;

/** Resolves once Leptos has hydrated, or `HYDRATION_FALLBACK_MS` after `load` if it never says so. */
export function waitForHydration(): Promise<void> {
  return new Promise((resolve) => {
    if (window.__mallHydrated) return resolve();
    window.addEventListener('mall:hydrated', () => resolve(), { once: true });
    const fallback = () => setTimeout(resolve, HYDRATION_FALLBACK_MS);
    if (document.readyState === 'complete') fallback();
    else window.addEventListener('load', fallback, { once: true });
  });
}

let hydration: Promise<void> | undefined;
const hydrated = () => (hydration ??= waitForHydration());

class MallWidget extends HTMLElement {
  /** Bumped on every connect and disconnect, so late async work of an old connection is dropped. */
  private generation = 0;
  private cleanups: (() => void)[] = [];
  private unmount: (() => void) | undefined;

  connectedCallback(): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const name = this.getAttribute('name') ?? '';
    const load = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!load) return this.fail(`unknown widget "${name}"`, 'unknown-widget');
    let props: WidgetProps;
    try {
      props = JSON.parse(this.dataset.props || '{}') as WidgetProps;
      if (typeof props !== 'object' || props === null || Array.isArray(props)) throw new TypeError('not an object');
    } catch (err) {
      return this.fail(`widget "${name}": data-props is not a JSON object (${String(err)})`, 'bad-props');
    }
    this.dataset.state = 'waiting';

    const start = (extra?: Partial<WidgetProps>) => {
      if (!current()) return;
      this.dataset.state = 'loading';
      load()
        .then((module) => (current() ? module.default.mount(this, { ...props, ...extra }) : undefined))
        .then((unmount) => {
          if (!unmount) return;
          if (!current()) return unmount();
          this.unmount = unmount;
          this.dataset.state = 'mounted';
        })
        .catch((err: unknown) => {
          if (current()) this.fail(`widget "${name}" failed to load: ${String(err)}`, 'load-failed');
        });
    };

    const strategy = this.dataset.load || 'idle';
    if (strategy === 'hover') {
      const area = this.parentElement ?? this;
      const trigger = () => {
        area.removeEventListener('pointerover', trigger);
        area.removeEventListener('focusin', trigger);
        void hydrated().then(() => start());
      };
      area.addEventListener('pointerover', trigger);
      area.addEventListener('focusin', trigger);
      this.cleanups.push(() => {
        area.removeEventListener('pointerover', trigger);
        area.removeEventListener('focusin', trigger);
      });
      return;
    }
    if (strategy.startsWith('event:')) {
      const eventName = strategy.slice('event:'.length);
      const listener = (event: Event) => {
        window.removeEventListener(eventName, listener);
        const initialEvent = (event as CustomEvent).detail ?? {};
        void hydrated().then(() => start({ initialEvent }));
      };
      window.addEventListener(eventName, listener);
      this.cleanups.push(() => window.removeEventListener(eventName, listener));
      return;
    }
    void hydrated().then(() => {
      if (!current()) return;
      if (strategy === 'visible' && 'IntersectionObserver' in window) {
        const observer = new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            start();
          }
        });
        observer.observe(this);
        this.cleanups.push(() => observer.disconnect());
      } else if (strategy === 'idle' && 'requestIdleCallback' in window) {
        const handle = requestIdleCallback(() => start(), { timeout: 2000 });
        this.cleanups.push(() => cancelIdleCallback(handle));
      } else {
        if (strategy !== 'idle' && strategy !== 'visible') {
          console.error(`[mall-widget] widget "${name}": unknown data-load "${strategy}", loading now`);
        }
        start();
      }
    });
  }

  disconnectedCallback(): void {
    this.generation++;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const unmount = this.unmount;
    this.unmount = undefined;
    delete this.dataset.state;
    unmount?.();
  }

  private fail(message: string, reason: string): void {
    console.error(`[mall-widget] ${message}`);
    this.dataset.state = 'error';
    this.dataset.error = reason;
  }
}

if (!customElements.get('mall-widget')) customElements.define('mall-widget', MallWidget);

on('mall:toast', (toast) => {
  if (toast && typeof toast.message === 'string') showToast(toast);
});

installSkeletons();

// A tracked page's visit is posted at once, whether or not the islands have hydrated; its
// code (and the API client) loads only on the pages that carry the mark.
if (document.querySelector('[data-visit-page]')) {
  import('./visits').then((visits) => visits.trackVisit()).catch(() => undefined);
}
