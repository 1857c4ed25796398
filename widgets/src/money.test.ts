import { describe, expect, it } from 'vitest';
import { USD, formatMoney, toCurrency, zeroMoney } from './money';

const KHR = { code: 'KHR', symbol: '៛', rateE4: 41_000_000 };

describe('money', () => {
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
