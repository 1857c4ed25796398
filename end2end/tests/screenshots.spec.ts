/**
 * Full-page pictures of the home, list, detail, shop and coupon pages in each language,
 * written to end2end/screenshots/ for a person to look at.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { LANGS, t, waitForHydration } from './support';

const DIR = join(__dirname, '..', 'screenshots');

const PAGES = [
  { name: 'home', url: '/' },
  { name: 'list', url: '/list?st=2' },
  { name: 'detail', url: '/detail?prodId=1' },
  { name: 'shop', url: '/shop-index?sid=2' },
  { name: 'coupon', url: '/coupon/3' },
];

for (const lang of LANGS) for (const shot of PAGES) {
  test(`screenshot of ${shot.url} (${lang.code})`, async ({ page }) => {
    await page.goto(`${shot.url}${shot.url.includes('?') ? '&' : '?'}lang=${lang.code}`);
    await waitForHydration(page);
    await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
    // Scroll through the page so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => setTimeout(r, 100));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      await document.fonts.ready;
    });
    await page.waitForLoadState('networkidle');
    // Every image a reader can see has loaded (not those in closed dropdowns or on carousel
    // slides outside the viewport, which load lazily when shown).
    await page.waitForFunction(() =>
      [...document.images]
        .filter((img) => !img.closest('details:not([open])'))
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.width > 0 && r.right > 0 && r.left < window.innerWidth;
        })
        .every((img) => img.complete),
    );
    await expect(page.getByTestId('sticky-header')).toBeHidden();
    await page.screenshot({ path: join(DIR, `${shot.name}-${lang.code}.png`), fullPage: true });
  });
}
