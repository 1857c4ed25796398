import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Loader from './loader';
import type { WidgetModule } from './types';

const unmount = vi.fn();
const mount = vi.fn<WidgetModule['mount']>(async () => unmount);
let release: () => void = () => {};
const loadLoginPopup = vi.fn(() => Promise.resolve({ default: { mount } }));

vi.mock('./registry', () => ({
  registry: {
    fake: () => Promise.resolve({ default: { mount } }),
    slow: () => new Promise((resolve) => (release = () => resolve({ default: { mount } }))),
    broken: () => Promise.reject(new Error('chunk 404')),
    'login-popup': () => loadLoginPopup(),
  },
}));

let loader: typeof Loader;

beforeAll(async () => {
  loader = await import('./loader');
});

afterEach(() => {
  document.body.innerHTML = '';
  mount.mockClear();
  unmount.mockClear();
  vi.useRealTimers();
});

function widget(attrs: Record<string, string>): HTMLElement {
  const el = document.createElement('mall-widget');
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  document.body.append(el);
  return el;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('<mall-widget>', () => {
  // Runs first: nothing has hydrated yet.
  it('summoned outside the islands, mounts without waiting for hydration; inside one, waits', async () => {
    const island = document.createElement('leptos-island');
    document.body.append(island);
    const inside = document.createElement('mall-widget');
    inside.setAttribute('name', 'fake');
    inside.setAttribute('data-load', 'event:mall:open-login');
    island.append(inside);
    const outside = widget({ name: 'fake', 'data-props': '{"b":2}', 'data-load': 'event:mall:open-login' });
    const byItself = widget({ name: 'fake', 'data-load': 'visible' });
    window.dispatchEvent(new CustomEvent('mall:open-login'));
    await vi.waitFor(() => expect(outside.dataset.state).toBe('mounted'));
    expect(mount).toHaveBeenCalledWith(outside, { b: 2, initialEvent: {} });
    await tick();
    expect(inside.dataset.state).toBe('waiting');
    expect(byItself.dataset.state).toBe('waiting');
    inside.remove();
    byItself.remove();
    outside.remove();
  });

  it('mounts only after hydration, with its props, and unmounts on disconnect', async () => {
    const el = widget({ name: 'fake', 'data-props': '{"a":1}' });
    await tick();
    await tick();
    expect(mount).not.toHaveBeenCalled();
    expect(el.dataset.state).toBe('waiting');

    window.__mallHydrated = true;
    window.dispatchEvent(new CustomEvent('mall:hydrated'));
    await vi.waitFor(() => expect(el.dataset.state).toBe('mounted'));
    expect(mount).toHaveBeenCalledWith(el, { a: 1 });

    el.remove();
    expect(unmount).toHaveBeenCalledTimes(1);
    expect(el.dataset.state).toBeUndefined();
  });

  it('event:NAME loads on the first event and hands its detail over as initialEvent', async () => {
    const el = widget({ name: 'fake', 'data-load': 'event:mall:open-login' });
    await tick();
    expect(mount).not.toHaveBeenCalled();
    window.dispatchEvent(new CustomEvent('mall:open-login', { detail: { redirect: '/cart' } }));
    await vi.waitFor(() => expect(el.dataset.state).toBe('mounted'));
    expect(mount).toHaveBeenCalledWith(el, { initialEvent: { redirect: '/cart' } });
    window.dispatchEvent(new CustomEvent('mall:open-login'));
    await tick();
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('an event without detail arrives as initialEvent {}', async () => {
    const el = widget({ name: 'fake', 'data-load': 'event:mall:open-compare' });
    window.dispatchEvent(new CustomEvent('mall:open-compare'));
    await vi.waitFor(() => expect(el.dataset.state).toBe('mounted'));
    expect(mount).toHaveBeenCalledWith(el, { initialEvent: {} });
  });

  it('hover loads on the first hover or focus inside the parent, once', async () => {
    const area = document.createElement('nav');
    const link = document.createElement('a');
    link.href = '/list';
    area.append(link);
    document.body.append(area);
    const el = document.createElement('mall-widget');
    el.setAttribute('name', 'fake');
    el.setAttribute('data-load', 'hover');
    area.append(el);
    await tick();
    expect(mount).not.toHaveBeenCalled();
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(el.dataset.state).toBe('mounted'));
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await tick();
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('visible waits for the element to enter the viewport', async () => {
    let callback: IntersectionObserverCallback = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const el = widget({ name: 'fake', 'data-load': 'visible' });
    await tick();
    expect(mount).not.toHaveBeenCalled();
    callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await vi.waitFor(() => expect(el.dataset.state).toBe('mounted'));
    expect(disconnect).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('fails loudly for an unknown widget, bad props or a chunk that does not load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unknown = widget({ name: 'nope' });
    expect(unknown.dataset.error).toBe('unknown-widget');
    const inherited = widget({ name: 'toString' });
    expect(inherited.dataset.error).toBe('unknown-widget');
    const bad = widget({ name: 'fake', 'data-props': '[1,2' });
    expect(bad.dataset.error).toBe('bad-props');
    const broken = widget({ name: 'broken' });
    await vi.waitFor(() => expect(broken.dataset.error).toBe('load-failed'));
    expect(broken.dataset.state).toBe('error');
    expect(error).toHaveBeenCalledTimes(4);
    expect(mount).not.toHaveBeenCalled();
  });

  it('drops a widget removed while its chunk loads', async () => {
    const el = widget({ name: 'slow' });
    await vi.waitFor(() => expect(el.dataset.state).toBe('loading'));
    el.remove();
    release();
    await tick();
    await tick();
    expect(mount).not.toHaveBeenCalled();
  });
});

describe('waitForHydration', () => {
  it('resolves at once when the flag is set', async () => {
    window.__mallHydrated = true;
    await expect(loader.waitForHydration()).resolves.toBeUndefined();
  });

  it('falls back to 3 s after load when Leptos never signals', async () => {
    window.__mallHydrated = false;
    vi.useFakeTimers();
    let done = false;
    void loader.waitForHydration().then(() => (done = true));
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(loader.HYDRATION_FALLBACK_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('toasts', () => {
  it('renders mall:toast events as a polite status stack and removes them', async () => {
    vi.useFakeTimers();
    window.dispatchEvent(new CustomEvent('mall:toast', { detail: { type: 'error', message: 'Oops' } }));
    window.dispatchEvent(new CustomEvent('mall:toast', { detail: { type: 'success', message: 'Done', duration: 3000 } }));
    const stack = document.querySelector('.mall-toasts')!;
    expect(stack.getAttribute('role')).toBe('status');
    expect(stack.getAttribute('aria-live')).toBe('polite');
    expect([...stack.children].map((el) => [el.className, el.textContent])).toEqual([
      ['mall-toast mall-toast--error', 'Oops'],
      ['mall-toast mall-toast--success', 'Done'],
    ]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(stack.children).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(stack.children).toHaveLength(0);
  });

  it('ignores malformed toasts', () => {
    window.dispatchEvent(new CustomEvent('mall:toast'));
    expect(document.querySelector('.mall-toast')).toBeNull();
  });
});

describe('events on load', () => {
  it('dispatches what the page marks, with its detail, and skips an unknown event or a bad detail', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener('mall:open-login', listener);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = `
      <span hidden data-emit-on-load="mall:open-login" data-detail='{"redirect":"/cart","mode":"code"}'></span>
      <span hidden data-emit-on-load="mall:no-such-event" data-detail='{}'></span>
      <span hidden data-emit-on-load="mall:open-login" data-detail='not json'></span>
      <span hidden data-emit-on-load="mall:open-login" data-detail='[1]'></span>`;
    loader.emitOnLoad();
    window.removeEventListener('mall:open-login', listener);
    expect(seen).toEqual([{ redirect: '/cart', mode: 'code' }]);
    expect(error).toHaveBeenCalledTimes(3);
    error.mockRestore();
  });
});

describe('the login popup warmed for guests', () => {
  it('fetches the popup once the page has hydrated, on a guest page only', async () => {
    window.__mallHydrated = true;
    loadLoginPopup.mockClear();
    document.body.innerHTML = '<a href="/user-center" data-login-first>My Orders</a>';
    loader.warmLoginPopup();
    await vi.waitFor(() => expect(loadLoginPopup).toHaveBeenCalledTimes(1));
    loadLoginPopup.mockClear();
    document.body.innerHTML = '<a href="/user-center">My Orders</a>';
    loader.warmLoginPopup();
    // A signed-in buyer's header keeps the guest's links, hidden.
    document.body.innerHTML =
      '<span data-signed-in>Ada</span><a href="/login" data-login-first data-signed-out hidden>Login</a>';
    loader.warmLoginPopup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadLoginPopup).not.toHaveBeenCalled();
  });
});
