/**
 * Security as a browser sees it: hostile search text in the title never runs, the sign-in
 * redirect never leaves the site (tab and newline tricks included), and no page, in any of the
 * three languages, breaks its Content-Security-Policy, widgets included.
 */
import { expect, test, type Page } from '@playwright/test';
import { LANGS, openHydrated, signUpBuyer, waitForHydration } from './support';

const HOSTILE = '</title><script>alert(1)</script><img src=x onerror=alert(2)>';

/** Fails the test on any dialog (an injected `alert`) and collects CSP violations. */
function watch(page: Page): { violations: string[] } {
  const violations: string[] = [];
  page.on('dialog', async (dialog) => {
    violations.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return { violations };
}

/** Violations the page itself reported through `securitypolicyviolation` events. */
async function reported(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
});

test('reflected XSS: hostile search text stays text in the title', async ({ page }) => {
  const { violations } = watch(page);
  for (const path of [`/list?pn=${encodeURIComponent(HOSTILE)}`, `/shop-list?shopName=${encodeURIComponent(HOSTILE)}`]) {
    await openHydrated(page, path);
    // Shown as text (a long search is shortened with an ellipsis in the title).
    expect(await page.title()).toContain('</title><script>alert(1)');
    expect(await page.locator('head script:not([src])').evaluateAll((els) => els.map((e) => e.textContent))).not.toContain(
      'alert(1)',
    );
  }
  expect(violations).toEqual([]);
});

for (const redirect of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '//evil.example', '/\\evil.example']) {
  test(`open redirect: signing in on /login?redirect=${JSON.stringify(redirect)} stays on the site`, async ({ page, baseURL }) => {
    const mail = await signUpBuyer(page.request);
    await page.context().clearCookies();
    await openHydrated(page, `/login?redirect=${encodeURIComponent(redirect)}`);
    const popup = page.getByTestId('login-popup');
    await expect(popup).toBeVisible();
    await popup.getByTestId('login-identifier').fill(mail);
    await popup.locator('input[type="password"]').first().fill('Secret#2024');
    await popup.getByTestId('login-terms').check();
    await popup.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
    expect(page.url()).not.toContain('evil.example');
  });
}

const PAGES = ['/', '/list?st=2', '/detail?prodId=1', '/shop-index?sid=1', '/coupons', '/flash-sale', '/notice-list?shopId=0', '/login', '/forget-password', '/no-such-page'];

for (const lang of LANGS) {
  test(`no page breaks the Content-Security-Policy (${lang.code})`, async ({ page }) => {
    const { violations } = watch(page);
    await page.context().addCookies([{ name: 'lang', value: lang.code, url: 'http://127.0.0.1' }]);
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      await waitForHydration(page);
      if (path === '/') {
        // The lazily loaded widgets: the category menu on hover, the login popup on demand.
        await page.locator('[data-testid="category-menu"] a').first().hover();
        await page.getByTestId('login-link').click();
        await expect(page.getByTestId('login-popup')).toBeVisible();
        await page.getByTestId('login-close').click();
      }
      violations.push(...(await reported(page)).map((v) => `${path}: ${v}`));
    }
    expect(violations).toEqual([]);
  });
}
