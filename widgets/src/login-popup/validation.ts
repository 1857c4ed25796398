/**
 * The login popup's rules (spec section 5, "Login and registration") as pure functions.
 * Errors are Fluent message ids of `locales/*\/widgets.ftl`. The e-mail and password rules
 * are the server's (the api crate's `is_valid_email` and `meets_password_rule`, with the
 * limits of `generated/limits.ts`); `api/tests/account_rules_cases.json` holds both to it.
 * The full phone number is read by the one phone rule (`../phone.ts`, the api crate's
 * `phone_digits`; `api/tests/phone_cases.json`).
 */
import {
  EMAIL_LABEL_MAX_LENGTH,
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../generated/limits';
import { LEADING_ZERO_COUNTRY_CODE, phoneDigits } from '../phone';

export type Mode = 'password' | 'code';
export type Channel = 'email' | 'phone';
export type Step = 'identify' | 'set-password';

export const DIAL_CODES = ['+855', '+1', '+44', '+86', '+81', '+82', '+65', '+60', '+66', '+84'] as const;
export type DialCode = (typeof DIAL_CODES)[number];
export const DEFAULT_DIAL_CODE: DialCode = '+855';
/** A local number starting with 0 is a Cambodian number. */
export const LEADING_ZERO_DIAL_CODE = `+${LEADING_ZERO_COUNTRY_CODE}`;

/** Minimum length of the one-time code before the user may go on. */
export const OTP_MIN_LENGTH = 6;
/**
 * Below this length the popup's Set Password step says "Password must be at least 6
 * characters" (spec section 5); from it on, the registration rule's tip.
 */
export const PASSWORD_TIP_MIN_LENGTH = 6;
/** Submit clicks closer together than this are ignored. */
export const SUBMIT_DEBOUNCE_MS = 600;

export type ErrorId =
  | 'error-invalid-email'
  | 'error-invalid-phone'
  | 'error-password-empty'
  | 'error-code-empty'
  | 'error-new-password-empty'
  | 'error-confirm-empty'
  | 'error-password-mismatch'
  | 'error-terms';

export type Field = 'identifier' | 'password' | 'code' | 'newPassword' | 'confirmPassword' | 'terms';
export type Errors = Partial<Record<Field, ErrorId>>;

/** Everything the user entered. */
export interface LoginValues {
  identifier: string;
  dialCode: string;
  password: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
  agreed: boolean;
}

// local@domain.tld: ASCII letters, digits and .!#$%&'*+/=?^_`{|}~- before the @, domain
// labels of letters, digits and inner hyphens, the top-level part at least 2 letters.
const EMAIL_LABEL = `[A-Za-z0-9](?:[A-Za-z0-9-]{0,${EMAIL_LABEL_MAX_LENGTH - 2}}[A-Za-z0-9])?`;
const EMAIL = new RegExp(
  `^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]{1,${EMAIL_LOCAL_MAX_LENGTH}}@(?:${EMAIL_LABEL}\\.)+[A-Za-z]{2,${EMAIL_LABEL_MAX_LENGTH}}$`,
);

/** The server's e-mail rule, on the trimmed value. */
export const isValidEmail = (value: string): boolean => {
  const v = value.trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL.test(v);
};

/** A (mainland Chinese) mobile number: 11 digits starting with 1. */
export const isMainlandMobile = (digits: string): boolean => /^1\d{10}$/.test(digits);

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Longest local number the phone field accepts (11 for the 11-digit +86 mobiles). */
export const phoneMaxLength = (dialCode: string): number => (dialCode === '+86' ? 11 : 10);

/** What the phone field keeps of the typed text: digits only, at most `phoneMaxLength`. */
export const sanitizeLocalPhone = (value: string, dialCode: string): string =>
  digitsOnly(value).slice(0, phoneMaxLength(dialCode));

/** A local number of the code-by-phone mode: 6 to 10 digits. */
export const isValidLocalPhone = (digits: string): boolean => /^\d{6,10}$/.test(digits);

/** While typing, a phone error goes away once the number has 8 to 12 digits. */
export const clearsPhoneError = (value: string): boolean => {
  const n = digitsOnly(value).length;
  return n >= 8 && n <= 12;
};

/** The international number: a leading 0 becomes +855, otherwise the dial code is prepended. */
export function fullPhone(dialCode: string, local: string): string {
  const digits = digitsOnly(local);
  return digits.startsWith('0') ? LEADING_ZERO_DIAL_CODE + digits.slice(1) : dialCode + digits;
}

export const withoutPlus = (value: string): string => value.replace(/^\+/, '');

/**
 * The combined email-or-phone check: an e-mail address, or a phone number as the server reads
 * it (`phoneDigits`: a leading 0 stands for +855, an optional + and 10 to 15 digits not
 * starting with 0).
 */
export function isEmailOrPhone(value: string): boolean {
  return isValidEmail(value) || phoneDigits(value) !== undefined;
}

/** Whether the phone sub-tab's number is valid with its dial code. */
export function isValidPhone(dialCode: string, local: string): boolean {
  const digits = digitsOnly(local);
  if (digits !== local.trim()) return false;
  const localOk = dialCode === '+86' && !digits.startsWith('0') ? isMainlandMobile(digits) : isValidLocalPhone(digits);
  return localOk && isEmailOrPhone(fullPhone(dialCode, digits));
}

/** The identifier's error, checked on blur and on submit. */
export function identifierError(channel: Channel, values: LoginValues): ErrorId | undefined {
  if (channel === 'email') return isValidEmail(values.identifier) ? undefined : 'error-invalid-email';
  return isValidPhone(values.dialCode, values.identifier) ? undefined : 'error-invalid-phone';
}

/** The identifier as the API wants it: the trimmed email, or the full phone number without +. */
export function apiIdentifier(channel: Channel, values: LoginValues): string {
  return channel === 'email'
    ? values.identifier.trim()
    : withoutPlus(fullPhone(values.dialCode, values.identifier));
}

const compact = (errors: Errors): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([, id]) => id !== undefined)) as Errors;

const termsError = (values: LoginValues): ErrorId | undefined => (values.agreed ? undefined : 'error-terms');

/** Account login: identifier, password, terms. */
export function validatePasswordLogin(channel: Channel, values: LoginValues): Errors {
  return compact({
    identifier: identifierError(channel, values),
    password: values.password === '' ? 'error-password-empty' : undefined,
    terms: termsError(values),
  });
}

/** Before a code is sent: identifier and terms. */
export function validateSendCode(channel: Channel, values: LoginValues): Errors {
  return compact({ identifier: identifierError(channel, values), terms: termsError(values) });
}

/** OTP login, or going on to the Set Password step: identifier, a code of at least 6, terms. */
export function validateOtp(channel: Channel, values: LoginValues): Errors {
  return compact({
    identifier: identifierError(channel, values),
    code: values.code.trim().length < OTP_MIN_LENGTH ? 'error-code-empty' : undefined,
    terms: termsError(values),
  });
}

/** The Set Password step: the OTP rules plus password, confirmation and their match. */
export function validateSetPassword(channel: Channel, values: LoginValues): Errors {
  let confirmPassword: ErrorId | undefined;
  if (values.confirmPassword === '') confirmPassword = 'error-confirm-empty';
  else if (values.confirmPassword !== values.newPassword) confirmPassword = 'error-password-mismatch';
  return compact({
    ...validateOtp(channel, values),
    newPassword: values.newPassword === '' ? 'error-new-password-empty' : undefined,
    confirmPassword,
  });
}

/** Whether the Set Password button may be used: the code has at least 6 characters. */
export const canSetPassword = (code: string): boolean => code.trim().length >= OTP_MIN_LENGTH;

/** The Set Password button's text (a message id). */
export const setPasswordLabel = (code: string): string =>
  canSetPassword(code) ? 'login-set-password' : 'login-set-password-enter-code';

/**
 * The registration password rule (spec section 5), the same as the server's: 8 to 20
 * printable ASCII characters (no spaces) combining letters, digits and special symbols.
 */
export function meetsRegisterRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /^[\x21-\x7e]+$/.test(password) &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[!-/:-@[-`{-~]/.test(password)
  );
}

/**
 * Why the Sign In button of the Set Password step is disabled (a message id), if it is.
 * Setting a password in the popup signs up (spec section 4), so after the spec's
 * 6-character tip the registration rule applies too.
 */
export function newPasswordTip(newPassword: string): string | undefined {
  if (newPassword === '') return 'tip-set-password-first';
  if (newPassword.length < PASSWORD_TIP_MIN_LENGTH) return 'tip-password-min';
  if (!meetsRegisterRule(newPassword)) return 'tip-password-rule';
  return undefined;
}
