import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../generated/limits';
import {
  DIAL_CODES,
  DEFAULT_DIAL_CODE,
  type LoginValues,
  apiIdentifier,
  canSetPassword,
  clearsPhoneError,
  fullPhone,
  identifierError,
  isEmailOrPhone,
  isMainlandMobile,
  isValidEmail,
  isValidLocalPhone,
  isValidPhone,
  meetsRegisterRule,
  newPasswordTip,
  sanitizeLocalPhone,
  setPasswordLabel,
  validateOtp,
  validatePasswordLogin,
  validateSendCode,
  validateSetPassword,
  withoutPlus,
} from './validation';

const values = (over: Partial<LoginValues> = {}): LoginValues => ({
  identifier: '',
  dialCode: DEFAULT_DIAL_CODE,
  password: '',
  code: '',
  newPassword: '',
  confirmPassword: '',
  agreed: true,
  ...over,
});

/** Expects `rule` to answer the arguments of every row of `cases` with the row's last value. */
function expectEach<A extends unknown[], T>(rule: (...args: A) => T, cases: [...A, T][]) {
  for (const row of cases) {
    const args = row.slice(0, -1) as A;
    expect(rule(...args), JSON.stringify(args)).toBe(row[row.length - 1]);
  }
}

describe('dial codes', () => {
  it('are the ten of the spec, +855 first and default', () => {
    expect(DIAL_CODES).toEqual(['+855', '+1', '+44', '+86', '+81', '+82', '+65', '+60', '+66', '+84']);
    expect(DEFAULT_DIAL_CODE).toBe('+855');
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', '  user@shop.kh  ', 'x_y@sub-domain.org'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', 'a@b.c', 'a@b.c1', 'a@.com', 'a b@c.com', '@c.com', 'a@b..com', 'a@-b.com', 'a@b.com.'])(
    'rejects %j',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});

describe('phone numbers', () => {
  it('a mainland mobile is 11 digits starting with 1', () => {
    expectEach(isMainlandMobile, [
      ['13812345678', true],
      ['23812345678', false],
      ['1381234567', false],
      ['138123456789', false],
    ]);
  });

  it('a local number is 6 to 10 digits', () => {
    expectEach(isValidLocalPhone, [
      ['123456', true],
      ['1234567890', true],
      ['12345', false],
      ['12345678901', false],
      ['12345a', false],
    ]);
  });

  it('the field keeps digits only, at most 10 (11 for +86)', () => {
    expectEach(sanitizeLocalPhone, [
      [' 012-345 678 ', '+855', '012345678'],
      ['123456789012', '+855', '1234567890'],
      ['138 1234 5678 9', '+86', '13812345678'],
    ]);
  });

  it('8 to 12 digits clear a shown error', () => {
    expectEach(clearsPhoneError, [
      ['1234567', false],
      ['12345678', true],
      ['123 456 789 012', true],
      ['1234567890123', false],
    ]);
  });

  it('a leading 0 becomes +855, otherwise the dial code is prepended', () => {
    expectEach(fullPhone, [
      ['+855', '012345678', '+85512345678'],
      ['+1', '0123456789', '+855123456789'],
      ['+1', '2025550123', '+12025550123'],
      ['+86', '138-1234-5678', '+8613812345678'],
    ]);
  });

  it('the plus sign is removed before sending', () => {
    expectEach(withoutPlus, [
      ['+85512345678', '85512345678'],
      ['85512345678', '85512345678'],
    ]);
  });

  it('validates the phone sub-tab number with its dial code', () => {
    expectEach(isValidPhone, [
      ['+855', '12345678', true],
      ['+855', '012345678', true],
      ['+1', '2025550123', true],
      ['+65', '81234567', true],
      ['+86', '13812345678', true],
      ['+86', '23812345678', false],
      ['+86', '1381234567', false],
      // too short for a full number of at least 11 characters
      ['+855', '123456', false],
      ['+855', '12345', false],
      ['+855', '', false],
      ['+855', '1234-5678', false],
    ]);
  });
});

describe('isEmailOrPhone', () => {
  it('accepts emails', () => expect(isEmailOrPhone(' a@b.co ')).toBe(true));
  it('accepts international numbers with or without +', () => {
    expectEach(isEmailOrPhone, [
      ['+85512345678', true],
      ['85512345678', true],
      ['+8613812345678', true],
    ]);
  });
  it('turns a leading 0 into +855', () => {
    expectEach(isEmailOrPhone, [
      ['012345678', true],
      ['0123', false],
    ]);
  });
  it('takes 10 to 15 digits, as the server does', () => {
    expectEach(isEmailOrPhone, [
      ['+123456789', false], // 9
      ['+1234567890', true], // 10
      ['+123456789012345', true], // 15
      ['+1234567890123456', false], // 16
    ]);
  });
  it('rejects letters, inner plus signs and a leading 0 after the plus', () => {
    expectEach(isEmailOrPhone, [
      ['+0123456789', false],
      ['+855123a5678', false],
      ['855+12345678', false],
      ['', false],
    ]);
  });
});

describe('identifier', () => {
  it('reports the email or phone error of its sub-tab', () => {
    expect(identifierError('email', values({ identifier: 'nope' }))).toBe('error-invalid-email');
    expect(identifierError('email', values({ identifier: 'a@b.co' }))).toBeUndefined();
    expect(identifierError('phone', values({ identifier: '12' }))).toBe('error-invalid-phone');
    expect(identifierError('phone', values({ identifier: '012345678' }))).toBeUndefined();
  });

  it('is sent trimmed, or as full digits without plus', () => {
    expect(apiIdentifier('email', values({ identifier: ' a@b.co ' }))).toBe('a@b.co');
    expect(apiIdentifier('phone', values({ identifier: '012345678' }))).toBe('85512345678');
    expect(apiIdentifier('phone', values({ identifier: '2025550123', dialCode: '+1' }))).toBe('12025550123');
  });
});

describe('form checks', () => {
  it('account login needs identifier, password and terms', () => {
    expect(validatePasswordLogin('email', values({ agreed: false }))).toEqual({
      identifier: 'error-invalid-email',
      password: 'error-password-empty',
      terms: 'error-terms',
    });
    expect(validatePasswordLogin('email', values({ identifier: 'a@b.co', password: 'x' }))).toEqual({});
  });

  it('sending a code needs a valid identifier and ticked terms', () => {
    expect(validateSendCode('phone', values({ identifier: '12345678', agreed: false }))).toEqual({ terms: 'error-terms' });
    expect(validateSendCode('phone', values({ identifier: '12345678' }))).toEqual({});
    expect(validateSendCode('email', values({ identifier: 'a@b' }))).toEqual({ identifier: 'error-invalid-email' });
  });

  it('OTP needs a code of at least 6 characters', () => {
    const base = { identifier: 'a@b.co' };
    expect(validateOtp('email', values({ ...base }))).toEqual({ code: 'error-code-empty' });
    expect(validateOtp('email', values({ ...base, code: '12345' }))).toEqual({ code: 'error-code-empty' });
    expect(validateOtp('email', values({ ...base, code: '123456' }))).toEqual({});
  });

  it('Set Password needs both passwords, equal', () => {
    const base = { identifier: 'a@b.co', code: '123456' };
    expect(validateSetPassword('email', values(base))).toEqual({
      newPassword: 'error-new-password-empty',
      confirmPassword: 'error-confirm-empty',
    });
    expect(validateSetPassword('email', values({ ...base, newPassword: 'secret1', confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: 'error-password-mismatch',
    });
    expect(validateSetPassword('email', values({ ...base, newPassword: 'secret1', confirmPassword: 'secret1' }))).toEqual({});
    expect(validateSetPassword('email', values({ ...base, code: '', agreed: false, newPassword: 'a', confirmPassword: 'a' }))).toEqual({
      code: 'error-code-empty',
      terms: 'error-terms',
    });
  });
});

describe('Set Password button and Sign In tooltip', () => {
  it('asks for the code until it has 6 characters', () => {
    expect(canSetPassword('12345')).toBe(false);
    expect(setPasswordLabel('12345')).toBe('login-set-password-enter-code');
    expect(canSetPassword('123456')).toBe(true);
    expect(setPasswordLabel('123456')).toBe('login-set-password');
  });

  it('explains why Sign In is disabled', () => {
    expect(newPasswordTip('')).toBe('tip-set-password-first');
    expect(newPasswordTip('12345')).toBe('tip-password-min');
    // From 6 characters on, the registration rule: 8-20 with letters, digits and symbols.
    expect(newPasswordTip('123456')).toBe('tip-password-rule');
    expect(newPasswordTip('abcdef12')).toBe('tip-password-rule');
    expect(newPasswordTip('Abc#12')).toBe('tip-password-rule');
    expect(newPasswordTip('Abc#1234')).toBeUndefined();
    expect(newPasswordTip('Abc#1234567890123456x')).toBe('tip-password-rule');
    expect(newPasswordTip('Abc #1234')).toBe('tip-password-rule');
  });
});

interface Case {
  value: string;
  ok: boolean;
  why: string;
}

/** The cases the server's rules are checked with too (server/src/accounts/rules.rs). */
const shared = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../api/tests/account_rules_cases.json'), 'utf8'),
) as { emails: Case[]; passwords: Case[] };

describe('the server rules, on the shared cases', () => {
  it('e-mails: the email sub-tab accepts what the server accepts', () => {
    expect(shared.emails.length).toBeGreaterThan(20);
    for (const { value, ok, why } of shared.emails) {
      expect([why, value, isValidEmail(value)]).toEqual([why, value, ok]);
      expect([why, identifierError('email', values({ identifier: value }))]).toEqual([
        why,
        ok ? undefined : 'error-invalid-email',
      ]);
    }
  });

  it('passwords: the Set Password step lets through what the server accepts', () => {
    expect(shared.passwords.length).toBeGreaterThan(20);
    for (const { value, ok, why } of shared.passwords) {
      expect([why, value, meetsRegisterRule(value)]).toEqual([why, value, ok]);
      expect([why, newPasswordTip(value) === undefined]).toEqual([why, ok]);
    }
  });

  it('the lengths are the api crate\'s', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 20]);
    expect(meetsRegisterRule(`Ab#1${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`)).toBe(true);
    expect(meetsRegisterRule(`Ab#1${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toBe(false);
    expect(meetsRegisterRule(`Ab#1${'x'.repeat(PASSWORD_MIN_LENGTH - 5)}`)).toBe(false);
  });
});
