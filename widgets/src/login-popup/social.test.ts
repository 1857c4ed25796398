import { afterEach, describe, expect, it } from 'vitest';
import { SOCIAL_TYPE } from '../generated/codes';
import { callbackUrl, returnPath } from './social';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('social sign-in helpers', () => {
  it('Google returns to /google/callback, Facebook to /oauth-callback', () => {
    expect(callbackUrl(SOCIAL_TYPE.GOOGLE, 'https://mall.example')).toBe('https://mall.example/google/callback');
    expect(callbackUrl(SOCIAL_TYPE.FACEBOOK, 'https://mall.example')).toBe('https://mall.example/oauth-callback');
  });

  it('returns to the redirect, the /login redirect query, / from /register, else the current page', () => {
    window.history.replaceState(null, '', '/detail?prodId=7');
    expect(returnPath(undefined)).toBe('/detail?prodId=7');
    expect(returnPath('/cart')).toBe('/cart');
    window.history.replaceState(null, '', '/login?redirect=%2F%2Fevil.example');
    expect(returnPath(undefined)).toBe('/');
    window.history.replaceState(null, '', '/login?redirect=%2Fcart');
    expect(returnPath(undefined)).toBe('/cart');
    window.history.replaceState(null, '', '/register');
    expect(returnPath(undefined)).toBe('/');
    window.history.replaceState(null, '', '/login?redirect=%2Fregister');
    expect(returnPath(undefined)).toBe('/');
  });

  it('never returns to a sign-in page: the header login link asks for /login', () => {
    window.history.replaceState(null, '', '/list?pn=tea');
    expect(returnPath('/login')).toBe('/list?pn=tea');
    expect(returnPath('/register?x=1')).toBe('/list?pn=tea');
    window.history.replaceState(null, '', '/forget-password');
    expect(returnPath(undefined)).toBe('/');
  });
});
