import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_TOAST_MS, PROTECTED_PATHS, SELF_HANDLED_CALLS, isProtectedPath, react } from './clientRules';

const here = dirname(fileURLToPath(import.meta.url));
const cases = JSON.parse(readFileSync(resolve(here, '../../api/tests/client_rules_cases.json'), 'utf8')) as {
  answers: {
    code: string;
    msg?: string;
    call: string;
    page: string;
    silentAuth?: boolean;
    handleError?: boolean;
    expect: { kind: string; value?: string };
  }[];
  protectedLinks: { link: string; protected: boolean }[];
};

describe('client rules', () => {
  it('agree with the Rust rule on every shared answer', () => {
    expect(cases.answers.length).toBeGreaterThan(15);
    for (const c of cases.answers) {
      const reaction = react(c.code, c.msg, c.call, c.page, { silentAuth: c.silentAuth, handleError: c.handleError });
      expect([c, reaction]).toEqual([c, c.expect]);
    }
  });

  it('agree with the Rust rule on every protected link', () => {
    for (const c of cases.protectedLinks) expect([c.link, isProtectedPath(c.link)]).toEqual([c.link, c.protected]);
  });

  it('share their constants with the Rust rule', () => {
    const rust = readFileSync(resolve(here, '../../api/src/client_rules.rs'), 'utf8');
    for (const path of [...PROTECTED_PATHS, ...SELF_HANDLED_CALLS]) expect(rust).toContain(`"${path}"`);
    expect(rust).toContain(`PROTECTED_PATHS: [&str; ${PROTECTED_PATHS.length}]`);
    expect(rust).toContain(`SELF_HANDLED_CALLS: [&str; ${SELF_HANDLED_CALLS.length}]`);
    expect(rust).toContain(`ERROR_TOAST_MS: u32 = ${ERROR_TOAST_MS};`);
  });
});
