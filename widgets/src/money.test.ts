import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type DisplayCurrency, USD, formatMoney, toCurrency, zeroMoney } from './money';

interface MoneyCase {
  currency: string;
  cents: number;
  text: string;
}

const cases = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../api/tests/money_cases.json'), 'utf8'),
) as { currencies: Record<string, DisplayCurrency>; format: MoneyCase[]; held: MoneyCase[] };

const KHR = { code: 'KHR', symbol: '៛', rateE4: 41_000_000 };

describe('money', () => {
  it('agrees with the Rust rule on every shared case', () => {
    expect(cases.format.length).toBeGreaterThanOrEqual(30);
    for (const c of cases.format) {
      const currency = cases.currencies[c.currency];
      expect(currency, c.currency).toBeDefined();
      expect([c, formatMoney(c.cents / 100, currency!)]).toEqual([c, c.text]);
    }
  });

  it('shows what is held as the Rust rule does: zero as zero', () => {
    for (const c of cases.held) {
      const currency = cases.currencies[c.currency]!;
      expect([c, c.cents === 0 ? zeroMoney(currency) : formatMoney(c.cents / 100, currency)]).toEqual([c, c.text]);
    }
  });

  it('shows USD with two decimals and thousands separators', () => {
    expect(formatMoney(12.5, USD)).toBe('$12.50');
    expect(formatMoney(1234567.89, USD)).toBe('$1,234,567.89');
    expect(formatMoney(0.05, USD)).toBe('$0.05');
  });

  it('shows KHR as USD × rate rounded to an integer, like the pages', () => {
    expect(formatMoney(12.5, KHR)).toBe('៛51,250');
    expect(formatMoney(0.01, KHR)).toBe('៛41');
  });

  it('shows a zero price as the smallest unit, and zero itself on request', () => {
    expect(formatMoney(0, USD)).toBe('$0.01');
    expect(formatMoney(0, KHR)).toBe('៛1');
    expect(zeroMoney(USD)).toBe('$0.00');
    expect(zeroMoney(KHR)).toBe('៛0');
  });

  it('reads the currency of the props, USD otherwise', () => {
    expect(toCurrency(KHR)).toEqual(KHR);
    expect(toCurrency({ code: 'KHR', symbol: '៛', rateE4: 0 })).toEqual(USD);
    expect(toCurrency(null)).toEqual(USD);
  });
});
