/**
 * The widget loader, on every page: defines `<mall-widget>`, shows toasts, and shows the
 * skeletons of the next page while it loads (`./skeleton.ts`).
 *
 *   <mall-widget name="login-popup" data-props='{"…":…}' data-load="event:mall:open-login">
 *
 * The server renders the element empty and never puts children in it. A widget the visitor
 * summons (`hover`, `event:`) outside the islands mounts at once; any other waits until Leptos
 * has hydrated (touching an island's DOM earlier breaks its hydration, and an island hears a
 * widget's events only once hydrated), see {@link mountable}. Then according to `data-load`:
 * - `idle` (default): when the browser is idle;
 * - `visible`: when the element enters the viewport;
 * - `hover`: on the first pointer hover or keyboard focus inside the element's parent (the
 *   widget then reads what is hovered or focused, e.g. the category menu);
 * - `event:NAME`: when the window event NAME first fires; its detail is handed to the widget
 *   as the prop `initialEvent` (`{}` when the event had none).
 * The element reports its progress in `data-state` (waiting, loading, mounted) and failures in
 * `data-error`. Nothing here imports React: widgets and React are separate chunks.
 */
import { EVENT_NAMES, on } from './events';
import { installFrame } from './frame';
import { registry } from './registry';
import { watchSession } from './session';
import { installSkeletons } from './skeleton';
import { enhanceTickers } from './ticker';
import { showToast } from './toast';
import type { DataProps, WidgetModule, WidgetName } from './types';

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

/**
 * When `widget` may mount: at once when the visitor summons it (`data-load` `hover` or
 * `event:`, the login popup, the category menu, the comparison sidebar, the chat panel) and it
 * is outside the islands, so a tap answers before the wasm has loaded; otherwise once Leptos
 * has hydrated, since an island's hydration would meet React's nodes and an island hears what
 * a widget tells it (`mall:images-changed`) only once hydrated.
 */
export function mountable(widget: HTMLElement): Promise<void> {
  const summoned = /^(event:|hover$)/.test(widget.dataset.load ?? '');
  if (summoned && !widget.closest('leptos-island')) return Promise.resolve();
  return hydrated();
}

/**
 * A guest's first tap on an action that needs an account (the header's Login, Add to Cart,
 * a protected link: `data-login-first`) opens the login popup. On a guest's page its chunk,
 * with React, is fetched and evaluated once the page has hydrated and the browser is idle, so
 * that tap renders from memory instead of waiting for some 70 KB. A signed-in buyer's pages
 * (the header's parts marked `data-signed-in`; the guest's links are still there, hidden, for
 * a session that ends while the page is open) fetch nothing.
 */
export function warmLoginPopup(root: ParentNode = document): void {
  if (!root.querySelector('[data-login-first]') || root.querySelector('[data-signed-in]')) return;
  void hydrated().then(() => {
    const warm = () => void registry['login-popup']?.().catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(warm, { timeout: 2000 });
    else setTimeout(warm, 0);
  });
}

/**
 * Dispatches the events the page asks for on load (`EmitOnLoad` in `app/src/events.rs`):
 * `/login` opens the login popup, `/product-comparison` the sidebar. Widgets listen by now
 * (defining the element above connected them). A mark naming an unknown event, or with a
 * `data-detail` that is not a JSON object, is reported and skipped.
 */
export function emitOnLoad(root: ParentNode = document): void {
  for (const mark of root.querySelectorAll<HTMLElement>('[data-emit-on-load]')) {
    const name = mark.dataset.emitOnLoad ?? '';
    let detail: unknown;
    try {
      detail = JSON.parse(mark.dataset.detail || '{}');
    } catch {
      detail = undefined;
    }
    if (!(EVENT_NAMES as readonly string[]).includes(name) || typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
      console.error(`[mall-widget] skipped the on-load event "${name}"`);
      continue;
    }
    window.dispatchEvent(new CustomEvent(name, { detail }));
  }
}

class MallWidget extends HTMLElement {
  /** Bumped on every connect and disconnect, so late async work of an old connection is dropped. */
  private generation = 0;
  private cleanups: (() => void)[] = [];
  private unmount: (() => void) | undefined;

  connectedCallback(): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const name = this.getAttribute('name') ?? '';
    // The page promised this widget's props (their type is the api crate's, and the bridge tests
    // hold both sides to it); the loader itself hands on whatever JSON object it finds.
    const load = Object.hasOwn(registry, name)
      ? (registry[name as WidgetName] as unknown as () => Promise<{ default: WidgetModule }>)
      : undefined;
    if (!load) return this.fail(`unknown widget "${name}"`, 'unknown-widget');
    let props: DataProps;
    try {
      props = JSON.parse(this.dataset.props || '{}') as DataProps;
      if (typeof props !== 'object' || props === null || Array.isArray(props)) throw new TypeError('not an object');
    } catch (err) {
      return this.fail(`widget "${name}": data-props is not a JSON object (${String(err)})`, 'bad-props');
    }
    this.dataset.state = 'waiting';

    const start = (extra?: { initialEvent?: unknown }) => {
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
        void mountable(this).then(() => start());
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
        void mountable(this).then(() => start({ initialEvent }));
      };
      window.addEventListener(eventName, listener);
      this.cleanups.push(() => window.removeEventListener(eventName, listener));
      return;
    }
    void mountable(this).then(() => {
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

// The frame's behaviours: sticky header, cart counts, unread badges, sign-in-first, compare
// and chat links (`./frame.ts`).
installFrame();

// A session that ends while the page is open clears the buyer's profile from the header.
watchSession();

// A signed-in page's unread chat badges follow new messages; the poller (and the API client)
// loads only on pages that show such a badge.
if (document.querySelector('[data-chat-unread]')) {
  import('./unread').then((unread) => unread.watchUnread()).catch(() => undefined);
}

// A tracked page's visit and a buyer's footprint are posted at once, whether or not the
// islands have hydrated; their code (and the API client) loads only on the pages that carry
// a mark.
if (document.querySelector('[data-visit-page], [data-footprint]')) {
  import('./visits')
    .then((visits) => {
      visits.trackVisit();
      visits.recordFootprint();
    })
    .catch(() => undefined);
}

// The header's notices, one at a time (a few lines, on every page: no chunk of their own).
enhanceTickers();

// Banners that turn, a product page's gallery, Copy link and guest's buy box, the order
// confirmation's choices, the checkout counter's dialogs, and timers that tick, on the pages that show them: small chunks of their own, which need no wasm.
if (document.querySelector('[data-carousel]')) {
  import('./carousel').then((carousel) => carousel.enhanceCarousels()).catch(() => undefined);
}
if (document.querySelector('[data-gallery], [data-copy-link], [data-sku-picker]')) {
  import('./product').then((product) => product.enhanceProductPage()).catch(() => undefined);
}
if (document.querySelector('[data-checkout-plain]')) {
  import('./checkout').then((checkout) => checkout.enhanceCheckout()).catch(() => undefined);
}
if (document.querySelector('[data-pay-counter]')) {
  import('./payment').then((payment) => payment.enhanceCounter()).catch(() => undefined);
}
if (document.querySelector('[data-countdown-end]')) {
  import('./countdown').then((countdown) => countdown.startCountdowns()).catch(() => undefined);
}

emitOnLoad();
warmLoginPopup();
