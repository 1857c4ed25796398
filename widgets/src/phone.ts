/**
 * The one reading of a phone number (spec section 5), as the server takes it for sign-in,
 * sign-up, password recovery and binding. It mirrors `phone_digits` of `api/src/account.rs`
 * and is checked against the same cases (`api/tests/phone_cases.json`).
 *
 * Trimmed, the separators dropped; then a leading `+` is dropped, or else a leading 0 becomes
 * Cambodia's 855; what is left must be `PHONE_MIN_DIGITS` to `PHONE_MAX_DIGITS` ASCII digits
 * not starting with 0.
 */
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './generated/limits';

/** The country code a leading 0 stands for. */
export const LEADING_ZERO_COUNTRY_CODE = '855';

/** What a typed phone number may hold between its digits; dropped before the rule applies. */
export const PHONE_SEPARATORS: readonly string[] = [' ', '-', '.', '(', ')'];

/** The international digits without plus of a phone number, or undefined when it is none. */
export function phoneDigits(input: string): string | undefined {
  const compact = [...input.trim()].filter((c) => !PHONE_SEPARATORS.includes(c)).join('');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('0')) digits = LEADING_ZERO_COUNTRY_CODE + compact.slice(1);
  else digits = compact;
  const ok =
    digits.length >= PHONE_MIN_DIGITS &&
    digits.length <= PHONE_MAX_DIGITS &&
    /^[0-9]+$/.test(digits) &&
    !digits.startsWith('0');
  return ok ? digits : undefined;
}
