import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FluentResource } from '@fluent/bundle';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiLocale, loadLocale, t, toWidgetLang, widgetLang } from './i18n';

const locales = resolve(dirname(fileURLToPath(import.meta.url)), '../../locales');
const ftl = (lang: string) => readFileSync(resolve(locales, lang, 'widgets.ftl'), 'utf8');

/** Message ids of a Fluent file, checking that it parses cleanly. */
function ids(source: string): string[] {
  const resource = new FluentResource(source);
  // FluentResource skips broken entries; compare with every line that starts a message.
  const declared = [...source.matchAll(/^([a-z][a-z0-9-]*) =/gm)].map((m) => m[1]!);
  expect(resource.body.map((message) => message.id)).toEqual(declared);
  return declared;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'en';
});

describe('language', () => {
  it.each([
    ['en', 'en', 'en'],
    ['', 'en', 'en'],
    ['fr', 'en', 'en'],
    ['zh-CN', 'zh-CN', 'zh_CN'],
    ['zh', 'zh-CN', 'zh_CN'],
    ['zh-HK', 'zh-CN', 'zh_CN'],
    ['zh_HK', 'zh-CN', 'zh_CN'],
    ['km', 'km', 'km'],
    ['km-KH', 'km', 'km'],
  ])('<html lang="%s"> reads as %s, locale header %s', (tag, lang, header) => {
    document.documentElement.lang = tag;
    expect(toWidgetLang(tag)).toBe(lang);
    expect(widgetLang()).toBe(lang);
    expect(apiLocale()).toBe(header);
  });
});

describe('locale files', () => {
  it('have the same messages in every language, with real translations', () => {
    const en = ids(ftl('en'));
    expect(ids(ftl('zh-CN'))).toEqual(en);
    expect(ids(ftl('km'))).toEqual(en);
    expect(ftl('zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    expect(ftl('km')).toMatch(/[\u1780-\u17ff]/);
  });

  it('use the literal English texts of the spec', () => {
    for (const [id, text] of Object.entries({
      'login-heading-welcome': 'Welcome Back',
      'login-heading-set-password': 'Set Password',
      'login-tab-account': 'Account Login',
      'login-tab-otp': 'OTP Login',
      'login-subtab-email': 'Email',
      'login-subtab-phone': 'Phone',
      'login-send-code': 'Send Code',
      'login-set-password-enter-code': 'Enter OTP Code to Set Password',
      'login-set-password': 'Set Password',
      'login-signing-in': 'Signing In...',
      'error-invalid-email': 'Please enter a valid email address',
      'error-invalid-phone': 'Please enter a valid phone number',
      'error-password-empty': 'Please enter your password',
      'error-code-empty': 'Please enter the verification code',
      'error-new-password-empty': 'Please enter a password',
      'error-confirm-empty': 'Please confirm your password',
      'error-password-mismatch': 'Passwords do not match',
      'error-terms': 'Please agree to the terms and conditions',
      'error-server-hiccup': 'The server is having a minor hiccup',
      'tip-set-password-first': 'Please set your password first',
      'tip-password-min': 'Password must be at least 6 characters',
    })) {
      expect(t(id)).toBe(text);
    }
  });
});

describe('loadLocale and t', () => {
  it('fetches /locales/{lang}/widgets.ftl and formats with it, English filling gaps', async () => {
    const fetchMock = vi.fn(async () => new Response('login-sign-in = ចូល\nlogin-send-code-wait = { $seconds } វិនាទី\n'));
    vi.stubGlobal('fetch', fetchMock);
    await loadLocale('km');
    expect(fetchMock).toHaveBeenCalledWith('/locales/km/widgets.ftl', expect.anything());
    expect(t('login-sign-in')).toBe('ចូល');
    expect(t('login-send-code-wait', { seconds: 42 })).toBe('42 វិនាទី');
    expect(t('login-back')).toBe('Back');
    // loaded once
    await loadLocale('km');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps English when the file cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 404 })));
    await loadLocale('zh-CN');
    expect(t('login-sign-in')).toBe('Sign In');
  });

  it('English needs no request; an unknown id shows itself', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await loadLocale('en');
    expect(fetchMock).not.toHaveBeenCalled();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(t('no-such-message')).toBe('no-such-message');
  });
});
