import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './generated/limits';
import { LEADING_ZERO_COUNTRY_CODE, PHONE_SEPARATORS, phoneDigits } from './phone';

const here = dirname(fileURLToPath(import.meta.url));
const cases = JSON.parse(readFileSync(resolve(here, '../../api/tests/phone_cases.json'), 'utf8')) as {
  value: string;
  digits: string | null;
  why: string;
}[];

describe('phoneDigits', () => {
  it('agrees with the Rust rule on every shared case', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    for (const { value, digits, why } of cases) {
      expect([why, value, phoneDigits(value)]).toEqual([why, value, digits ?? undefined]);
    }
  });

  it('reads what it read the same again', () => {
    for (const { digits } of cases) {
      if (digits === null) continue;
      expect(digits.length).toBeGreaterThanOrEqual(PHONE_MIN_DIGITS);
      expect(digits.length).toBeLessThanOrEqual(PHONE_MAX_DIGITS);
      expect(phoneDigits(digits)).toBe(digits);
      expect(phoneDigits(`+${digits}`)).toBe(digits);
    }
  });

  it('the Rust and TypeScript rules are one: the same country code and separators', () => {
    const rust = readFileSync(resolve(here, '../../api/src/account.rs'), 'utf8');
    expect(rust).toContain(`pub const LEADING_ZERO_COUNTRY_CODE: &str = "${LEADING_ZERO_COUNTRY_CODE}";`);
    const separators = PHONE_SEPARATORS.map((c) => `'${c}'`).join(', ');
    expect(rust).toContain(`pub const PHONE_SEPARATORS: [char; ${PHONE_SEPARATORS.length}] = [${separators}];`);
  });
});
