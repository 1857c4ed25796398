/**
 * Sign-in with Google or Facebook (spec section 7, `getThirdLoginUrl`): the social type and
 * where to come back to are kept in session storage for the return page, then the browser
 * goes to the provider's authorization page.
 */
import { request } from '../api';
import { SOCIAL_TYPE, type SocialType } from '../generated/codes';
import { GET_THIRD_LOGIN_URL } from '../generated/paths';
import type { ThirdLoginUrlQuery } from '../generated/types';
import { safeRedirect } from '../redirect';

export type { SocialType };

/** Session-storage keys read back by the return page (`/google/callback`, `/oauth-callback`). */
export const SOCIAL_TYPE_KEY = 'mall.socialType';
export const SOCIAL_REDIRECT_KEY = 'mall.socialRedirect';

/** The return page of a social type: Google comes back to /google/callback, others to /oauth-callback. */
export const callbackUrl = (type: SocialType, origin: string): string =>
  `${origin}${type === SOCIAL_TYPE.GOOGLE ? '/google/callback' : '/oauth-callback'}`;


/** Pages a finished sign-in never returns to. */
const ENTRY_PAGES = ['/login', '/register', '/forget-password', '/google/callback', '/oauth-callback'];
const isEntryPage = (path: string): boolean => ENTRY_PAGES.includes(path.split(/[?#]/)[0] ?? '');

/**
 * Where to go once signed in: the popup's redirect (unless it is a sign-in page, as for the
 * header's login link), else (on /login) the page's `redirect` query, / from the sign-in
 * pages, otherwise the current page.
 */
export function returnPath(redirect: string | undefined): string {
  const { pathname, search } = window.location;
  const asked = safeRedirect(redirect);
  if (asked && !isEntryPage(asked)) return asked;
  if (pathname === '/login') {
    const next = safeRedirect(new URLSearchParams(search).get('redirect'));
    return next && !isEntryPage(next) ? next : '/';
  }
  if (isEntryPage(pathname)) return '/';
  return pathname + search;
}

/** Remembers the social type and return path, asks for the provider URL and goes there. */
export async function startSocialLogin(type: SocialType, redirect?: string): Promise<void> {
  try {
    sessionStorage.setItem(SOCIAL_TYPE_KEY, String(type));
    sessionStorage.setItem(SOCIAL_REDIRECT_KEY, returnPath(redirect));
  } catch {
    // Storage may be unavailable (private mode); the return page then defaults.
  }
  const query: ThirdLoginUrlQuery = { socialType: type, callbackUrl: callbackUrl(type, window.location.origin) };
  const url = await request<string>('GET', GET_THIRD_LOGIN_URL, { query });
  if (typeof url !== 'string' || url === '') throw new TypeError('no provider URL');
  window.location.assign(url);
}
