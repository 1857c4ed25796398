/**
 * Money as the pages show it (spec section 9, `api::money::DisplayCurrency`; both are checked on
 * `api/tests/money_cases.json`): amounts travel
 * as US dollar numbers (`12.5`); KHR is USD × rate rounded half up to an integer, USD shows
 * two decimals, both with thousands separators, and a zero price shows as 1 KHR or 0.01.
 * A widget gets the page's currency from its props (the server renders them), so widgets and
 * pages always agree.
 */

import type { DisplayCurrency } from './generated/bridge';

/** The display currency: its code, symbol and units per USD × 10,000 (KHR 4100 → 41_000_000). */
export type { DisplayCurrency };

export const USD: DisplayCurrency = { code: 'USD', symbol: '$', rateE4: 10_000 };

/** The currency of a widget's props, US dollars when they carry none that makes sense. */
export function toCurrency(value: unknown): DisplayCurrency {
  const c = value as Partial<DisplayCurrency> | null | undefined;
  if (
    c &&
    typeof c.code === 'string' &&
    typeof c.symbol === 'string' &&
    typeof c.rateE4 === 'number' &&
    Number.isFinite(c.rateE4) &&
    c.rateE4 > 0
  ) {
    return { code: c.code, symbol: c.symbol, rateE4: c.rateE4 };
  }
  return USD;
}

const isWhole = (currency: DisplayCurrency) => currency.code.toUpperCase() === 'KHR';

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Cents of a dollar amount (`12.5` → 1250). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Formats a dollar amount in `currency`: `$12.50`, `៛51,250`. */
export function formatMoney(dollars: number, currency: DisplayCurrency): string {
  const cents = toCents(dollars);
  const sign = cents < 0 ? '-' : '';
  // In integers, as the Rust rule does: cents × rateE4 passes 2^53 for large amounts.
  const scaled = BigInt(Math.abs(cents)) * BigInt(Math.round(currency.rateE4));
  if (isWhole(currency)) {
    // cents × rateE4 / (100 × 10,000), rounded half up; at least 1.
    const units = atLeastOne((scaled + 500_000n) / 1_000_000n);
    return `${sign}${currency.symbol}${group(units.toString())}`;
  }
  const shown = atLeastOne((scaled + 5_000n) / 10_000n);
  return `${sign}${currency.symbol}${group((shown / 100n).toString())}.${(shown % 100n).toString().padStart(2, '0')}`;
}

const atLeastOne = (units: bigint): bigint => (units < 1n ? 1n : units);

/** Zero in `currency`, as an invalid amount shows (`$0.00`, `៛0`). */
export function zeroMoney(currency: DisplayCurrency): string {
  return isWhole(currency) ? `${currency.symbol}0` : `${currency.symbol}0.00`;
}
