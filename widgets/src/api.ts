/**
 * The one API client of the widgets: `/api` + path, the session cookie, the `locale` header,
 * a 30 s timeout, and the envelope `{success, code, msg, data}` handled as spec section 8 says.
 */
import { ERROR_TOAST_MS, react } from './clientRules';
import { emit } from './events';
import type { ApiResponse, Code } from './generated/types';
import { apiLocale } from './lang';

export const API_PREFIX = '/api';
export const TIMEOUT_MS = 30_000;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string parameters; arrays repeat the key, `null`/`undefined` are left out. */
  query?: Record<string, QueryValue | QueryValue[]>;
  /** A JSON body. */
  body?: unknown;
  /** A form-encoded body (instead of `body`). */
  form?: Record<string, QueryValue>;
  /** The caller shows A00001 messages itself: no toast. */
  handleError?: boolean;
  /** On A00004 do not open the login popup; a user or order page still goes to /login. */
  silentAuth?: boolean;
}

/** The envelope `{success, code, msg, data}` of every answer (generated from the api crate). */
export type Envelope<T = unknown> = ApiResponse<T>;

/**
 * The call was answered with an error code; `data` is the envelope's data, if any. `code` is
 * one of the contract's codes, or whatever else a provider answered (which rejects the call).
 */
export class ApiError extends Error {
  readonly code: Code | string;
  readonly data: unknown;
  constructor(code: string, msg: string, data?: unknown) {
    super(msg || code);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** The call never got an envelope back (offline, timeout, not JSON). Callers may ignore it. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(`network error: ${String(cause)}`, { cause });
    this.name = 'NetworkError';
  }
}

export const isNetworkError = (err: unknown): err is NetworkError => err instanceof NetworkError;

function toast(message: string): void {
  emit('mall:toast', { type: 'error', message, duration: ERROR_TOAST_MS });
}

export function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}


/**
 * Calls the provider API at `path`, one of the constants of `generated/paths`; resolves to
 * the envelope's `data` (codes 00000 and A00002).
 */
export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', locale: apiLocale() };
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      if (value !== null && value !== undefined) form.append(key, String(value));
    }
    body = form.toString();
  } else {
    headers['Content-Type'] = 'application/json';
    if (options.body !== undefined) body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let envelope: Envelope<T>;
  try {
    const res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    envelope = (await res.json()) as Envelope<T>;
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'string') {
      throw new TypeError(`HTTP ${res.status}: not an API envelope`);
    }
  } catch (err) {
    throw new NetworkError(err);
  } finally {
    clearTimeout(timer);
  }

  return settle(envelope, path, options);
}

/**
 * What the client rules of spec section 8 do with an answer of `path`: `data` for 00000 and
 * A00002; otherwise the reaction (sign-in page, login popup, toast) and an `ApiError`.
 * Shared by {@link request} and uploads, which are sent another way (for their progress).
 */
export function settle<T>(envelope: Envelope<T>, path: string, options: RequestOptions = {}): T {
  const msg = envelope.msg ?? '';
  const { pathname, search } = window.location;
  const reaction = react(envelope.code, msg, path, pathname + search, options);
  switch (reaction.kind) {
    case 'accept':
      return envelope.data as T;
    case 'sign-in-page':
      emit('mall:logged-out');
      window.location.assign(reaction.value);
      break;
    case 'login-popup':
      emit('mall:logged-out');
      emit('mall:open-login');
      break;
    case 'session-ended':
      emit('mall:logged-out');
      break;
    case 'error-toast':
      toast(reaction.value);
      break;
    case 'hiccup':
      // The translations load with the first hiccup, not with every caller of the client.
      import('./i18n')
        .then(({ t }) => toast(t('error-server-hiccup')))
        .catch(() => undefined);
      break;
    case 'reject':
      break;
  }
  throw new ApiError(envelope.code, msg, envelope.data);
}
