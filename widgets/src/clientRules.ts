/**
 * What a client does with an answer of the provider API (spec sections 6 and 8): the same rule
 * as the app's Rust client (`api/src/client_rules.rs`), checked against the same cases
 * (`api/tests/client_rules_cases.json`).
 */

/** Paths a guest following an internal (type 4) link is sent to /login for (spec section 6). */
export const PROTECTED_PATHS: readonly string[] = [
  '/member-center',
  '/member-center/integral-mall',
  '/user-center/uc-collection',
  '/user-center',
  '/user-center/uc-order',
  '/cart',
];

/** Calls that show their business errors (A00001) themselves: no toast. */
export const SELF_HANDLED_CALLS: readonly string[] = ['/p/myOrder/orderDetail'];

/** How long the error toasts of these rules stay. */
export const ERROR_TOAST_MS = 1500;

/** Whether an internal link (query, fragment or trailing slash aside) is a protected path. */
export function isProtectedPath(link: string): boolean {
  let bare = link.split(/[?#]/)[0] ?? '';
  if (bare.length > 1) bare = bare.replace(/\/+$/, '');
  return PROTECTED_PATHS.includes(bare);
}

/** Pages on which a login-required answer opens /login instead of the popup. */
export const isSignInPagePath = (pathname: string): boolean =>
  pathname.includes('user') || pathname.includes('order');

/** The /login address that comes back to `pathAndQuery` (query string kept). */
export const loginUrl = (pathAndQuery: string): string => `/login?redirect=${encodeURIComponent(pathAndQuery)}`;

export interface CallOptions {
  /**
   * On A00004 do not open the login popup (the cart count, for one). A page whose path
   * contains "user" or "order" still goes to /login: it cannot be shown to a guest.
   */
  silentAuth?: boolean;
  /** The caller shows A00001 messages itself: no toast. */
  handleError?: boolean;
}

export type Reaction =
  | { kind: 'accept' }
  | { kind: 'sign-in-page'; value: string }
  | { kind: 'login-popup' }
  | { kind: 'session-ended' }
  | { kind: 'error-toast'; value: string }
  | { kind: 'hiccup' }
  | { kind: 'reject' };

/**
 * The reaction to an answer with wire code `code` and message `msg`, for the call `callPath`
 * (without `/api`) made from the page at `page` (path and query string).
 */
export function react(
  code: string,
  msg: string | null | undefined,
  callPath: string,
  page: string,
  options: CallOptions = {},
): Reaction {
  switch (code) {
    case '00000':
    case 'A00002':
      return { kind: 'accept' };
    case 'A00004': {
      const pathname = page.split(/[?#]/)[0] ?? '';
      if (isSignInPagePath(pathname)) return { kind: 'sign-in-page', value: loginUrl(page) };
      return options.silentAuth ? { kind: 'session-ended' } : { kind: 'login-popup' };
    }
    case 'A00001': {
      const call = callPath.split('?')[0] ?? '';
      if (options.handleError || SELF_HANDLED_CALLS.includes(call)) return { kind: 'reject' };
      return { kind: 'error-toast', value: msg || 'Error' };
    }
    case 'A00005':
      return { kind: 'hiccup' };
    default:
      return { kind: 'reject' };
  }
}
