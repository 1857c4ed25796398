/**
 * Full-page pictures of the home page in each language, written to end2end/screenshots/ for
 * a person to look at.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { LANGS, t, waitForHydration } from './support';

const DIR = join(__dirname, '..', 'screenshots');

for (const lang of LANGS) {
  test(`screenshot of / (${lang.code})`, async ({ page }) => {
    await page.goto(`/?lang=${lang.code}`);
    await waitForHydration(page);
    await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(DIR, `home-${lang.code}.png`), fullPage: true });
  });
}
