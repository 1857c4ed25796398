import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { safeRedirect } from '../redirect';
import { LoginPopup } from './LoginPopup';
import { answers, fail, fetchMock, mount, ok, stubFetchAroundEachTest } from './testSupport';

const reload = vi.fn();
const assign = vi.fn();

function call(i: number) {
  const [url, init] = fetchMock.mock.calls[i]!;
  return { url: String(url), method: init?.method, body: init?.body };
}

async function render(props: { initialEvent?: unknown } = {}) {
  await mount(<LoginPopup {...props} />, 'mall-widget');
}

const $ = <E extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<E>(`[data-testid="${testId}"]`);
const get = <E extends HTMLElement = HTMLElement>(testId: string): E => {
  const el = $<E>(testId);
  if (!el) throw new Error(`no [data-testid="${testId}"]`);
  return el;
};

async function click(testId: string) {
  await act(async () => get(testId).click());
}

async function type(testId: string, value: string) {
  const input = get<HTMLInputElement>(testId);
  await act(async () => {
    input.focus();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function blur(testId: string) {
  await act(async () => get(testId).dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
}

async function key(target: Element, k: string, init: KeyboardEventInit = {}) {
  await act(async () => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init })));
}

async function select(testId: string, value: string) {
  const el = get<HTMLSelectElement>(testId);
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Lets the 600 ms submit debounce pass. */
function later() {
  vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
}

const text = (testId: string) => get(testId).textContent;

stubFetchAroundEachTest();

beforeEach(() => {
  reload.mockReset();
  assign.mockReset();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

describe('opening and closing', () => {
  it('opens at once with an initial event, as a labelled modal dialog', async () => {
    await render({ initialEvent: {} });
    const dialog = get('login-popup');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(heading?.textContent).toBe('Welcome Back');
    expect(document.activeElement).toBe(get('login-identifier'));
    expect(get('login-tab-account').getAttribute('aria-selected')).toBe('true');
    expect(text('login-submit')).toBe('Sign In');
  });

  it('stays closed without one, opens on mall:open-login, closes with the mask, X and Escape', async () => {
    await render();
    expect($('login-popup')).toBeNull();
    const open = async () => act(async () => window.dispatchEvent(new CustomEvent('mall:open-login')));
    await open();
    expect($('login-popup')).not.toBeNull();
    await click('login-mask');
    expect($('login-popup')).toBeNull();
    await open();
    await click('login-close');
    expect($('login-popup')).toBeNull();
    await open();
    await key(get('login-identifier'), 'Escape');
    expect($('login-popup')).toBeNull();
  });

  it('closing on a user-center page goes home', async () => {
    window.history.replaceState(null, '', '/user-center/uc-home');
    await render({ initialEvent: {} });
    await click('login-close');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('traps Tab inside the dialog', async () => {
    await render({ initialEvent: {} });
    const close = get('login-close');
    const last = get('login-facebook');
    await type('login-identifier', 'a@b.co');
    await type('login-password', 'pw');
    await act(async () => last.focus());
    // Sign in with Facebook is the last focusable element: Tab wraps to the first one.
    const items = [...get('login-popup').querySelectorAll<HTMLElement>('a[href],button:not([disabled]),input,select,[tabindex]')].filter(
      (el) => el.tabIndex >= 0,
    );
    expect(items.at(-1)).toBe(last);
    await key(last, 'Tab');
    expect(document.activeElement).toBe(items[0]);
    expect(items[0]).toBe(close);
    await key(close, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('keeps the focus on a tab switched to, and gives it back on close', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    await render();
    await act(async () => window.dispatchEvent(new CustomEvent('mall:open-login')));
    expect(document.activeElement).toBe(get('login-identifier'));
    const otp = get('login-tab-otp');
    await act(async () => otp.focus());
    await click('login-tab-otp');
    expect(document.activeElement).toBe(otp);
    expect(document.body.style.overflow).toBe('hidden');
    await key(otp, 'Escape');
    expect($('login-popup')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('accepts only same-origin redirects', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect(3)).toBeUndefined();
    expect(safeRedirect('/\t/evil.example')).toBeUndefined();
    expect(safeRedirect('/%0A/evil.example')).toBeUndefined();
  });
});

describe('account login', () => {
  it('checks the email on blur and every field on submit', async () => {
    await render({ initialEvent: {} });
    await type('login-identifier', 'a@b');
    await blur('login-identifier');
    expect(text('login-identifier-error')).toBe('Please enter a valid email address');
    expect(get<HTMLButtonElement>('login-submit').disabled).toBe(true);
    await type('login-identifier', 'a@b.co');
    expect($('login-identifier-error')).toBeNull();
    await key(get('login-identifier'), 'Enter');
    expect(text('login-password-error')).toBe('Please enter your password');
    expect(text('login-terms-error')).toBe('Please agree to the terms and conditions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with email and password, then reloads', async () => {
    const loggedIn = vi.fn();
    window.addEventListener('mall:logged-in', loggedIn);
    await render({ initialEvent: {} });
    await type('login-identifier', ' buyer@shop.kh ');
    await type('login-password', 'secret');
    await click('login-terms');
    answers(ok({ accessToken: 'tok' }));
    await key(get('login-password'), 'Enter');
    expect(text('login-submit')).toBe('Signing In...');
    await flush();
    expect(call(0)).toEqual({
      url: '/api/login',
      method: 'POST',
      body: JSON.stringify({ userName: 'buyer@shop.kh', passWord: 'secret' }),
    });
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    window.removeEventListener('mall:logged-in', loggedIn);
  });

  it('signs in by phone with the dial code, plus removed; goes to the redirect', async () => {
    await render({ initialEvent: { redirect: '/cart' } });
    await click('login-subtab-phone');
    expect(get<HTMLSelectElement>('login-dial-code').value).toBe('+855');
    await select('login-dial-code', '+1');
    await type('login-identifier', '(202) 555-0123');
    expect(get<HTMLInputElement>('login-identifier').value).toBe('2025550123');
    await type('login-password', 'secret');
    await click('login-terms');
    answers(ok({ accessToken: 'tok' }));
    await click('login-submit');
    await flush();
    expect(JSON.parse(String(call(0).body))).toEqual({ userName: '12025550123', passWord: 'secret' });
    expect(assign).toHaveBeenCalledWith('/cart');
  });

  it('from /register goes home after signing in', async () => {
    window.history.replaceState(null, '', '/register');
    await render({ initialEvent: {} });
    await type('login-identifier', 'a@b.co');
    await type('login-password', 'secret');
    await click('login-terms');
    answers(ok({ accessToken: 'tok' }));
    await click('login-submit');
    await flush();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('survives errors: A00001 toasts, a missing endpoint is ignored, the button comes back', async () => {
    const toasts: unknown[] = [];
    const onToast = (event: Event) => toasts.push((event as CustomEvent).detail);
    window.addEventListener('mall:toast', onToast);
    await render({ initialEvent: {} });
    await type('login-identifier', 'a@b.co');
    await type('login-password', 'wrong');
    await click('login-terms');
    answers(fail('A00001', 'Wrong account or password'));
    await click('login-submit');
    await flush();
    expect(toasts).toEqual([{ type: 'error', message: 'Wrong account or password', duration: 1500 }]);
    expect(text('login-submit')).toBe('Sign In');
    expect(get<HTMLButtonElement>('login-submit').disabled).toBe(false);

    later();
    fetchMock.mockResolvedValueOnce(new Response('Not Found', { status: 404 }));
    await click('login-submit');
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(text('login-submit')).toBe('Sign In');
    expect(reload).not.toHaveBeenCalled();
    window.removeEventListener('mall:toast', onToast);
  });

  it('ignores a second submit within 600 ms', async () => {
    await render({ initialEvent: {} });
    await type('login-identifier', 'a@b.co');
    await type('login-password', 'pw');
    await click('login-terms');
    answers(fail('A00001'), fail('A00001'));
    await click('login-submit');
    await flush();
    await click('login-submit');
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('switching a tab clears values and errors', async () => {
    await render({ initialEvent: {} });
    await type('login-identifier', 'bad');
    await blur('login-identifier');
    await type('login-password', 'pw');
    await click('login-tab-otp');
    expect(get<HTMLInputElement>('login-identifier').value).toBe('');
    expect($('login-identifier-error')).toBeNull();
    expect($('login-password')).toBeNull();
    expect($('login-code')).not.toBeNull();
    await type('login-identifier', 'x@y.co');
    await click('login-subtab-phone');
    expect(get<HTMLInputElement>('login-identifier').value).toBe('');
  });

  it('has a clear button on each filled input', async () => {
    await render({ initialEvent: {} });
    expect($('login-identifier-clear')).toBeNull();
    await type('login-identifier', 'a@b.co');
    await click('login-identifier-clear');
    expect(get<HTMLInputElement>('login-identifier').value).toBe('');
  });
});

describe('OTP login', () => {
  async function openOtp(channel: 'email' | 'phone' = 'email') {
    await render({ initialEvent: {} });
    await click('login-tab-otp');
    if (channel === 'phone') await click('login-subtab-phone');
  }

  /** Opens the e-mail sub-tab with an address the server does not know (checked on blur). */
  async function openOtpForNewAccount() {
    await openOtp();
    await type('login-identifier', 'new@shop.kh');
    answers(ok({ Exit: 0 }));
    await blur('login-identifier');
    await flush();
  }

  it('a new account: notice, code, Set Password step, sign-up, then sign-in', async () => {
    await openOtpForNewAccount();
    expect(call(0)).toMatchObject({ url: '/api/user/checkUser?input=new%40shop.kh', method: 'POST' });
    expect(text('login-new-account-notice')).toBe('It looks like this is a new account. Please set a password.');
    expect(text('login-set-password')).toBe('Enter OTP Code to Set Password');
    expect(get<HTMLButtonElement>('login-set-password').disabled).toBe(true);

    // Terms first.
    await click('login-send-code');
    expect(text('login-terms-error')).toBe('Please agree to the terms and conditions');
    await click('login-terms');
    answers(ok());
    await click('login-send-code');
    await flush();
    expect(call(1)).toEqual({ url: '/api/sms/sendLoginCode', method: 'POST', body: 'mail=new%40shop.kh' });
    expect(text('login-send-code')).toBe('60s');
    expect(get<HTMLButtonElement>('login-send-code').disabled).toBe(true);

    await type('login-code', '12345');
    expect(text('login-set-password')).toBe('Enter OTP Code to Set Password');
    await type('login-code', '123456');
    expect(text('login-set-password')).toBe('Set Password');
    await click('login-set-password');

    const heading = document.getElementById(get('login-popup').getAttribute('aria-labelledby')!);
    expect(heading?.textContent).toBe('Set Password');
    expect(document.activeElement).toBe(get('login-new-password'));
    expect(get<HTMLButtonElement>('login-submit').disabled).toBe(true);
    expect(get('login-submit').title).toBe('Please set your password first');
    await type('login-new-password', 'abc');
    expect(get('login-submit').title).toBe('Password must be at least 6 characters');
    await type('login-new-password', 'secret1');
    expect(get('login-submit').title).toBe(
      'The password must be 8 to 20 characters and combine letters, digits and special symbols',
    );
    await type('login-new-password', 'Secret#1');
    await type('login-confirm-password', 'Secret#2');
    later();
    await key(get('login-confirm-password'), 'Enter');
    expect(text('login-confirm-password-error')).toBe('Passwords do not match');
    await type('login-confirm-password', 'Secret#1');

    answers(ok(null), ok({ accessToken: 'tok' }));
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    await click('login-submit');
    await flush();
    expect(JSON.parse(String(call(2).body))).toEqual({ mail: 'new@shop.kh', validCode: '123456', password: 'Secret#1' });
    expect(call(2).url).toBe('/api/user/signup');
    expect(call(3)).toEqual({
      url: '/api/login',
      method: 'POST',
      body: JSON.stringify({ userName: 'new@shop.kh', passWord: 'Secret#1' }),
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Back returns from the Set Password step', async () => {
    await openOtpForNewAccount();
    await type('login-code', '123456');
    await click('login-terms');
    await click('login-set-password');
    await click('login-back');
    expect($('login-new-password')).toBeNull();
    expect(get<HTMLInputElement>('login-code').value).toBe('123456');
    later();
    await click('login-set-password');
    await click('login-back-arrow');
    expect($('login-set-password')).not.toBeNull();
  });

  it('an existing account signs in with the code by phone', async () => {
    await openOtp('phone');
    await type('login-identifier', '012 345 678');
    answers(fail('A00001', 'exists', { Exit: 1 }));
    await blur('login-identifier');
    await flush();
    expect(call(0).url).toBe('/api/user/checkUser?input=85512345678');
    expect($('login-new-account-notice')).toBeNull();
    await type('login-code', '654321');
    await click('login-terms');
    answers(ok({ accessToken: 'tok' }));
    await click('login-submit');
    await flush();
    expect(call(1)).toEqual({
      url: '/api/mobileLogin',
      method: 'POST',
      body: JSON.stringify({ userName: '85512345678', passWord: '654321' }),
    });
    expect(reload).toHaveBeenCalled();
  });

  it('code-by-phone: the error clears only at 8 to 12 digits', async () => {
    await openOtp('phone');
    await type('login-identifier', '1234');
    await blur('login-identifier');
    expect(text('login-identifier-error')).toBe('Please enter a valid phone number');
    await type('login-identifier', '12345');
    expect($('login-identifier-error')).not.toBeNull();
    await type('login-identifier', '12345678');
    expect($('login-identifier-error')).toBeNull();
  });

  it('counts down 60 s, and a failed send releases the button', async () => {
    await openOtp('phone');
    await type('login-identifier', '12345678');
    await click('login-terms');
    answers(ok({ Exit: 1 }), fail('A00001', 'Too many codes'));
    await click('login-send-code');
    await flush();
    expect(call(1).body).toBe('mobile=85512345678');
    expect(text('login-send-code')).toBe('Send Code');
    expect(get<HTMLButtonElement>('login-send-code').disabled).toBe(false);

    vi.useFakeTimers();
    answers(ok());
    await click('login-send-code');
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(text('login-send-code')).toBe('60s');
    for (let i = 0; i < 59; i++) await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(text('login-send-code')).toBe('1s');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(text('login-send-code')).toBe('Send Code');
    expect(get<HTMLButtonElement>('login-send-code').disabled).toBe(false);
  });

  it('needs a code of at least 6 characters', async () => {
    await openOtp();
    await type('login-identifier', 'a@b.co');
    await type('login-code', '123');
    await click('login-terms');
    fetchMock.mockResolvedValue(new Response(JSON.stringify(ok({ Exit: 1 }))));
    await click('login-submit');
    expect(text('login-code-error')).toBe('Please enter the verification code');
  });
});

describe('Google and Facebook', () => {
  beforeEach(() => sessionStorage.clear());

  it('needs the terms first, then stores the type and return path and goes to the provider', async () => {
    window.history.replaceState(null, '', '/list?pn=tea');
    await render({ initialEvent: {} });
    expect(text('login-google')).toBe('Sign in with Google');
    expect(text('login-facebook')).toBe('Sign in with Facebook');
    await click('login-google');
    expect(text('login-terms-error')).toBe('Please agree to the terms and conditions');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('mall.socialType')).toBeNull();

    await click('login-terms');
    expect($('login-terms-error')).toBeNull();
    answers(ok('https://accounts.example/auth?state=s'));
    await click('login-google');
    await flush();
    const origin = window.location.origin;
    expect(call(0)).toMatchObject({
      url: `/api/getThirdLoginUrl?socialType=3&callbackUrl=${encodeURIComponent(`${origin}/google/callback`)}`,
      method: 'GET',
    });
    expect(sessionStorage.getItem('mall.socialType')).toBe('3');
    expect(sessionStorage.getItem('mall.socialRedirect')).toBe('/list?pn=tea');
    expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?state=s');
    expect(get<HTMLButtonElement>('login-facebook').disabled).toBe(true);
  });

  it('Facebook comes back to /oauth-callback; the popup redirect wins', async () => {
    await render({ initialEvent: { redirect: '/cart' } });
    await click('login-terms');
    answers(ok('https://facebook.example/dialog'));
    await click('login-facebook');
    await flush();
    expect(call(0).url).toBe(
      `/api/getThirdLoginUrl?socialType=4&callbackUrl=${encodeURIComponent(`${window.location.origin}/oauth-callback`)}`,
    );
    expect(sessionStorage.getItem('mall.socialType')).toBe('4');
    expect(sessionStorage.getItem('mall.socialRedirect')).toBe('/cart');
    expect(assign).toHaveBeenCalledWith('https://facebook.example/dialog');
  });

  it('from /login returns to its redirect query; a refused call releases the buttons', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fuser-center%2Fuc-home');
    await render({ initialEvent: {} });
    await click('login-terms');
    answers(fail('A00001', 'Not configured'));
    await click('login-google');
    await flush();
    expect(sessionStorage.getItem('mall.socialRedirect')).toBe('/user-center/uc-home');
    expect(assign).not.toHaveBeenCalled();
    expect(get<HTMLButtonElement>('login-google').disabled).toBe(false);
  });
});
