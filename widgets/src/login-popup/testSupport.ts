/**
 * What the login popup's tests share: React's act environment, a stubbed `fetch` answering
 * API envelopes, and one React root per test, removed after it.
 */
import { type ReactElement, act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The stubbed `fetch`: it answers what `answers` queued. */
export const fetchMock = vi.fn<typeof fetch>();

/** Answers the next fetch calls, in order, with these envelopes. */
export function answers(...bodies: unknown[]) {
  for (const body of bodies) {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
  }
}

/** A successful envelope. */
export const ok = (data: unknown = null) => ({ success: true, code: '00000', msg: null, data });

/** A refused envelope. */
export const fail = (code: string, msg = 'Nope', data: unknown = null) => ({ success: false, code, msg, data });

let root: Root | undefined;

/** Renders `element` into a new `tag` element of the body (unmounted after the test). */
export async function mount(element: ReactElement, tag = 'div') {
  const host = document.createElement(tag);
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(element));
}

/**
 * Registers the hooks of every test: `fetch` stubbed and reset, the page at `/` in English
 * before; the root unmounted, the body emptied, globals and timers restored after.
 */
export function stubFetchAroundEachTest() {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    window.history.replaceState(null, '', '/');
    document.documentElement.lang = 'en';
  });

  afterEach(async () => {
    await act(async () => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
