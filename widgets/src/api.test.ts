import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, TIMEOUT_MS, isNetworkError, request } from './api';

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

const envelope = (code: string, data: unknown = null, msg: string | null = null) => ({
  success: code === '00000',
  code,
  msg,
  data,
});

function listen(name: string) {
  const seen: unknown[] = [];
  const listener = (event: Event) => seen.push((event as CustomEvent).detail);
  window.addEventListener(name, listener);
  cleanups.push(() => window.removeEventListener(name, listener));
  return seen;
}

const cleanups: (() => void)[] = [];
const assign = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  assign.mockReset();
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/');
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request', () => {
  it('calls /api with credentials, the locale header and a JSON body', async () => {
    document.documentElement.lang = 'zh-CN';
    answer(envelope('00000', { ok: 1 }));
    const data = await request('POST', '/login', { body: { userName: 'a@b.co', passWord: 'x' } });
    expect(data).toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"userName":"a@b.co","passWord":"x"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.locale).toBe('zh_CN');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('encodes the query (arrays repeat, nullish left out) and form bodies', async () => {
    document.documentElement.lang = 'km';
    answer(envelope('00000'));
    await request('POST', '/sms/sendLoginCode', {
      query: { ids: [1, 2], q: 'a b', none: undefined, nil: null },
      form: { mobile: '85512345678', skip: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sms/sendLoginCode?ids=1&ids=2&q=a+b');
    expect(init?.body).toBe('mobile=85512345678');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(headers.locale).toBe('km');
  });

  it('resolves A00002 as a normal result', async () => {
    answer(envelope('A00002', { Exit: 1 }));
    await expect(request('GET', '/x')).resolves.toEqual({ Exit: 1 });
  });

  it('A00001: toasts the message for 1.5 s and rejects', async () => {
    const toasts = listen('mall:toast');
    answer(envelope('A00001', { Exit: 0 }, 'Wrong password'), 400);
    const err = await request('POST', '/login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'A00001', message: 'Wrong password', data: { Exit: 0 } });
    expect(toasts).toEqual([{ type: 'error', message: 'Wrong password', duration: 1500 }]);
  });

  it('A00001 without a message toasts "Error"; handleError suppresses the toast', async () => {
    const toasts = listen('mall:toast');
    answer(envelope('A00001'));
    await expect(request('GET', '/x')).rejects.toBeInstanceOf(ApiError);
    answer(envelope('A00001', null, 'quiet'));
    await expect(request('GET', '/x', { handleError: true })).rejects.toMatchObject({ code: 'A00001' });
    expect(toasts).toEqual([{ type: 'error', message: 'Error', duration: 1500 }]);
  });

  it('A00005: toasts the hiccup text, translated', async () => {
    const toasts = listen('mall:toast');
    answer(envelope('A00005', null, 'db down'), 500);
    await expect(request('GET', '/x')).rejects.toMatchObject({ code: 'A00005' });
    await vi.waitFor(() =>
      expect(toasts).toEqual([{ type: 'error', message: 'The server is having a minor hiccup', duration: 1500 }]),
    );
  });

  it('A00004 elsewhere: logs out and opens the login popup', async () => {
    const out = listen('mall:logged-out');
    const open = listen('mall:open-login');
    window.history.replaceState(null, '', '/detail?prodId=1');
    answer(envelope('A00004'), 401);
    await expect(request('GET', '/p/x')).rejects.toMatchObject({ code: 'A00004' });
    expect(out).toHaveLength(1);
    expect(open).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('A00004 on a user or order page: goes to /login with the way back', async () => {
    const open = listen('mall:open-login');
    window.history.replaceState(null, '', '/user-center/uc-order?tab=2');
    answer(envelope('A00004'));
    await expect(request('GET', '/p/x')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fuser-center%2Fuc-order%3Ftab%3D2');
    expect(open).toHaveLength(0);
  });

  it('A00004 with silentAuth: only logs out, except on a user or order page', async () => {
    const out = listen('mall:logged-out');
    const open = listen('mall:open-login');
    window.history.replaceState(null, '', '/list?pn=phone');
    answer(envelope('A00004'));
    await expect(request('GET', '/p/shopCart/prodCount', { silentAuth: true })).rejects.toBeInstanceOf(ApiError);
    expect(out).toHaveLength(1);
    expect(open).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();

    window.history.replaceState(null, '', '/order-detail?orderNumber=9');
    answer(envelope('A00004'));
    await expect(request('GET', '/p/shopCart/prodCount', { silentAuth: true })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Forder-detail%3ForderNumber%3D9');
    expect(open).toHaveLength(0);
  });

  it('A00001 of the order-detail call is left to the page: no toast', async () => {
    const toasts = listen('mall:toast');
    answer(envelope('A00001', null, 'Order status changed'));
    await expect(request('GET', '/p/myOrder/orderDetail', { query: { orderNumber: 9 } })).rejects.toMatchObject({
      code: 'A00001',
    });
    expect(toasts).toHaveLength(0);
  });

  it('rejects other codes without a toast', async () => {
    const toasts = listen('mall:toast');
    answer(envelope('B12345', null, 'odd'));
    await expect(request('GET', '/x')).rejects.toMatchObject({ code: 'B12345' });
    expect(toasts).toHaveLength(0);
  });

  it('swallows network errors: a NetworkError marker, no toast', async () => {
    const toasts = listen('mall:toast');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await request('GET', '/x').catch((e: unknown) => e);
    expect(isNetworkError(err)).toBe(true);
    answer('<html>502 Bad Gateway</html>', 502);
    await expect(request('GET', '/x')).rejects.toBeInstanceOf(NetworkError);
    answer({ hello: 'world' });
    await expect(request('GET', '/x')).rejects.toBeInstanceOf(NetworkError);
    expect(toasts).toHaveLength(0);
  });

  it('aborts after 30 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('GET', '/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isNetworkError(await pending)).toBe(true);
  });
});
