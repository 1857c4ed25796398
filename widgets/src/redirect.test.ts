import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LEN, safeRedirect } from './redirect';

const cases = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../api/tests/redirect_cases.json'), 'utf8'),
) as { value: string; ok: boolean }[];

describe('safeRedirect', () => {
  it('agrees with the Rust rule on every shared case', () => {
    expect(cases.length).toBeGreaterThan(20);
    for (const { value, ok } of cases) {
      expect([value, safeRedirect(value, 'https://mall.test')]).toEqual([value, ok ? value : undefined]);
    }
  });

  it('refuses what is not a string or too long', () => {
    expect(safeRedirect(3, 'https://mall.test')).toBeUndefined();
    expect(safeRedirect(undefined, 'https://mall.test')).toBeUndefined();
    expect(safeRedirect(`/${'a'.repeat(MAX_REDIRECT_LEN)}`, 'https://mall.test')).toBeUndefined();
  });

  it('the Rust and TypeScript rules are one: the same constant', () => {
    const rust = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../api/src/redirect.rs'), 'utf8');
    expect(rust).toContain(`pub const MAX_REDIRECT_LEN: usize = ${MAX_REDIRECT_LEN};`);
  });
});
