/**
 * WCAG 2.2 AA as axe-core checks it: every page type in the three languages, signed out and
 * signed in, and with the login popup open, has no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LANGS, openHydrated, openLoginPopup, signInBuyer, signUpBuyer } from './support';

// Colours are judged at rest, not in the middle of an opening animation (the comparison page
// opens its sidebar as it loads).
test.use({ reducedMotion: 'reduce' });

const PUBLIC_PAGES = [
  '/',
  '/list?st=2',
  '/list?pn=phone',
  '/detail?prodId=1',
  '/shop-index?sid=2',
  '/shop-prod-list?sid=2',
  '/shop-qualifications?sid=2',
  '/shop-list?type=1',
  '/flash-sale',
  '/group-buy',
  '/special-discount',
  '/coupons',
  '/notice-list?shopId=0',
  '/terms-page?sts=1',
  '/login',
  '/register',
  '/forget-password',
  '/404',
  '/product-comparison?prodId=2001',
  '/seller-centre',
];

const SIGNED_IN_PAGES = [
  '/',
  '/detail?prodId=1',
  '/cart',
  '/user-center/uc-home',
  '/user-center/uc-order',
  '/user-center/uc-coupons',
  '/user-center/uc-collection',
  '/user-center/uc-footprint',
  '/user-center/uc-account',
  '/user-center/uc-address',
  '/user-center/uc-bind',
  '/user-center/uc-password',
  '/user-center/uc-pay-password',
  '/user-center/uc-freeshop',
];

/** The serious and critical violations of the page as it is now, described for the report. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of LANGS) {
  test(`public pages have no serious accessibility violation (${lang.code})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      const sep = path.includes('?') ? '&' : '?';
      await openHydrated(page, `${path}${sep}lang=${lang.code}`);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test(`signed-in pages and the login popup have no serious accessibility violation (${lang.code})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await openLoginPopup(page, `/?lang=${lang.code}`);
    found.push(...(await violations(page)).map((v) => `login popup: ${v}`));
    const mail = await signUpBuyer(page.request);
    await signInBuyer(page.request, mail, 'Secret#2024');
    for (const path of SIGNED_IN_PAGES) {
      const sep = path.includes('?') ? '&' : '?';
      await openHydrated(page, `${path}${sep}lang=${lang.code}`);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });
}
